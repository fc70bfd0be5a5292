// Set explorer: a range input for n, the drawn set and its counts.
// All numbers and the SVG come from Python; this file only shows them.
function render({ model, el }) {
  el.classList.add("dl-widget", "dl-set-explorer");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key
  // Keys typed inside the widget belong to it, not to JupyterLab's shortcuts
  // (without this, arrow keys on the slider are swallowed by the notebook).
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.addEventListener("keydown", (event) => event.stopPropagation());
  const label = document.createElement("label");
  label.className = "dl-row";
  const caption = document.createElement("span");
  caption.textContent = "Largest number n: ";
  const slider = document.createElement("input");
  slider.type = "range";
  slider.setAttribute("aria-label", "largest number n");
  const value = document.createElement("output");
  value.className = "dl-value";
  label.append(caption, slider, value);

  const summary = document.createElement("p");
  summary.className = "dl-summary";
  summary.setAttribute("aria-live", "polite");
  const detail = document.createElement("p");
  detail.className = "dl-detail";
  const error = document.createElement("p");
  error.className = "dl-error";
  error.setAttribute("role", "alert");
  const picture = document.createElement("div");
  picture.className = "dl-picture";

  const controls = document.createElement("div");
  controls.className = "dl-row";
  controls.append(label, sizeButton);
  el.append(controls, summary, detail, error, picture);

  function update() {
    const words = model.get("words") || {};
    caption.textContent = words["Largest number n: "] || "Largest number n: ";
    slider.setAttribute("aria-label", words["largest number n"] || "largest number n");
    slider.min = model.get("min_n");
    slider.max = model.get("max_n");
    slider.value = model.get("n");
    value.textContent = model.get("n");
    summary.textContent = model.get("summary");
    detail.textContent = model.get("detail");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    picture.innerHTML = model.get("svg");
  }
  slider.addEventListener("input", () => {
    value.textContent = slider.value;
    // Standard widget sync: the new n goes to Python, which redraws the set.
    model.set("n", Number(slider.value));
    model.save_changes();
  });
  for (const name of ["n", "min_n", "max_n", "summary", "detail", "error", "svg"]) {
    model.on(`change:${name}`, update);
  }
  update();
}

export default { render };
