// A form with an ages column: shown only where the rules need ages (porz: an opening
// tie is lost by the youngest), or with a house-rules file chosen (it may need them).
const form = document.querySelector("form[data-aged]");
const aged = new Set(form.dataset.aged.split(" ").filter(Boolean));
const preset = form.querySelector("#preset");
const file = form.querySelector("#rules-file");
function ages() {
  form.classList.toggle("no-ages", !aged.has(preset.value) && !(file.files && file.files.length));
}
preset.addEventListener("change", ages);
file.addEventListener("change", ages);
ages();
