// Shared by every dominolab widget. dominolab/widgets/_base.py puts this file in front
// of each widget's own module (anywidget loads one file per widget and there is no
// build step that could share code between them), so each render() can call
// dlDisplay(model, el) first.
//
// - The size: the synced "scale" (1 normal, 2 the presentation size) sets --dl-scale
//   and the dl-large class on the widget; display.css makes everything follow.
//   The P key inside the widget, or its "Presentation size" button, asks Python to
//   switch (Python redraws the pictures at the new size).
// - Keys: every control that takes the focus inside the widget gets
//   data-lm-suppress-shortcuts, so the keys typed there reach the widget, not the
//   notebook. Notebook 7 checks only the focused element: without this, arrow keys
//   on a slider are swallowed, and R, M or a digit would change the cell's type.
function dlDisplay(model, el) {
  el.classList.add("dl-widget");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.addEventListener("focusin", (event) => {
    const t = event.target;
    if (t && t.setAttribute && !t.hasAttribute("data-lm-suppress-shortcuts")) {
      t.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  });
  const sizeButton = document.createElement("button");
  sizeButton.type = "button";
  sizeButton.className = "dl-size";
  sizeButton.textContent = "Presentation size";
  sizeButton.setAttribute("aria-label", "presentation size (P)");
  sizeButton.title = "Larger tiles, numbers and text for a projector (key: P)";
  sizeButton.addEventListener("click", () => toggle());
  let keepFocus = false;   // the size was switched from inside the widget
  function apply() {
    const s = Number(model.get("scale")) || 1;
    el.style.setProperty("--dl-scale", String(s));
    el.classList.toggle("dl-large", s > 1);
    sizeButton.setAttribute("aria-pressed", String(s > 1));
    if (keepFocus) {
      keepFocus = false;
      // the widget redraws at the new size: if that took the focused control away,
      // give the focus to the size button, so the keys still reach the widget
      setTimeout(() => {
        if (!el.contains(document.activeElement) && sizeButton.isConnected) sizeButton.focus();
      }, 0);
    }
  }
  model.on("change:scale", apply);
  apply();
  function toggle() {
    keepFocus = el.contains(document.activeElement);
    model.send({ type: "size" });
  }
  el.addEventListener("keydown", (event) => {
    const t = event.target;
    if (t && ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName) && t.type !== "range") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "p" || event.key === "P") {
      event.preventDefault();
      toggle();
    }
  });
  return sizeButton;
}

// Small helpers every board uses (each board used to carry a copy of its own).

// A <button type="button">; the label, when given, is its accessible name, and
// onClick, when given, its click handler.
function dlButton(text, cls, label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  if (cls) b.className = cls;
  b.textContent = text;
  if (label) b.setAttribute("aria-label", label);
  if (onClick) b.addEventListener("click", onClick);
  return b;
}

// Replace a list's items by one <li> per line of text.
function dlFillList(list, lines) {
  list.replaceChildren(...lines.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
}

// Draw now, and again once after every batch of changes to the named traits: a request
// sent to Python changes several traits at once, and one redraw is enough for them all.
function dlRedrawOn(model, names, draw) {
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; draw(); });
  };
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
}
