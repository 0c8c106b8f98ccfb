"""The rule model and its loading (standard library only)."""

from schock.rules.loader import (
    PRESETS,
    example_files,
    example_path,
    load_example,
    load_rules,
    load_rules_file,
    loads_rules,
    preset_id,
)
from schock.rules.model import (
    FIELD_NAMES,
    FinalStarter,
    Opening,
    Rules,
    SetAside,
    StarterAfterStock,
    Strafdeckel,
    Structure,
    allowed_values,
    field_label,
)

__all__ = [
    "FIELD_NAMES",
    "PRESETS",
    "FinalStarter",
    "Opening",
    "Rules",
    "SetAside",
    "StarterAfterStock",
    "Strafdeckel",
    "Structure",
    "allowed_values",
    "example_files",
    "example_path",
    "field_label",
    "load_example",
    "load_rules",
    "load_rules_file",
    "loads_rules",
    "preset_id",
]
