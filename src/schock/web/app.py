"""``create_app(settings)``: the FastAPI app, its lifespan and its routers."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from schock.store.db import open_database
from schock.web.settings import Settings

HERE = Path(__file__).parent


def create_app(settings: Settings) -> FastAPI:
    """The web app for ``settings``; the database is opened and closed in the lifespan."""
    from schock.web import (
        analyse,
        evening,
        keep,
        lobby,
        middleware,
        ops,
        pages,
        sync,
        tables_api,
        tournament_online,
        tournament_online_organizer,
        tournament_pages,
        tournament_projector,
        tournament_reports,
        tournament_tables,
        ws,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = open_database(settings.db)
        ops.sqlite_sync(db, settings.sqlite_sync)
        app.state.db = db
        app.state.metrics = ops.Metrics(app.state)
        app.state.tables = ops.ServerTables(ops.CountingRepo(db, app.state.metrics), settings)
        tournament_online.install(app.state.tables, db)
        loop = asyncio.get_running_loop()
        evictor = loop.create_task(ops.evict_loop(app.state))
        # online tables of bots alone go on after a restart (nobody's page loads them)
        resumer = loop.create_task(tournament_online.resume(app.state.tables, db))
        # several processes (PostgreSQL) may hold one table: each hears the others' writes
        peers = None if db.engine.dialect.name == "sqlite" else sync.Sync(app.state.tables, db)
        syncer = None if peers is None else peers.start()
        app.state.sync = peers
        try:
            yield
        finally:
            evictor.cancel()
            resumer.cancel()
            if peers is not None and syncer is not None:
                syncer.cancel()
                await peers.stop()
            await app.state.tables.close()
            db.close()

    app = FastAPI(title="schock", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.state.templates.env.filters["with_lang"] = pages.with_lang
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(ops.router)
    app.include_router(tables_api.router)
    app.include_router(lobby.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(keep.router)
    app.include_router(evening.router)
    app.include_router(tournament_pages.router)
    app.include_router(tournament_reports.router)
    app.include_router(tournament_tables.router)
    app.include_router(tournament_projector.router)
    app.include_router(tournament_online_organizer.router)
    # the organizer page's part about the online tables, and its ETag's
    app.state.online_tables = tournament_online_organizer.online_view
    app.state.online_signature = tournament_online_organizer.online_signature
    app.include_router(analyse.router)
    middleware.install(app, settings)
    return app
