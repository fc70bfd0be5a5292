// Tiling board: a grid of cell buttons; pressing one removes or restores the
// cell. Python recounts the tilings and sends back the count, the reason when
// there is none, and (on request) one tiling; this file only draws the state.
// Keyboard: Tab reaches the board, arrow keys move between cells, Enter or
// Space toggles the focused cell.
function render({ model, el }) {
  el.classList.add("dl-widget", "dl-tiling-board");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key
  // Keys typed inside the widget belong to it, not to JupyterLab's shortcuts.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.addEventListener("keydown", (event) => event.stopPropagation());

  const tools = document.createElement("div");
  tools.className = "dl-row dl-tb-tools";
  const show = document.createElement("button");
  show.type = "button";
  show.textContent = "Show one tiling";
  show.setAttribute("aria-label", "Show one tiling");
  const hide = document.createElement("button");
  hide.type = "button";
  hide.textContent = "Hide tiling";
  hide.setAttribute("aria-label", "Hide tiling");
  const reset = document.createElement("button");
  reset.type = "button";
  reset.textContent = "Restore all cells";
  reset.setAttribute("aria-label", "Restore all cells");
  tools.append(show, hide, reset, sizeButton);

  const summary = document.createElement("p");
  summary.className = "dl-summary dl-tb-summary";
  summary.setAttribute("role", "status");
  summary.setAttribute("aria-live", "polite");

  const grid = document.createElement("div");
  grid.className = "dl-tb-grid";
  grid.setAttribute("role", "group");

  const legend = document.createElement("p");
  legend.className = "dl-detail dl-tb-legend";

  const error = document.createElement("p");
  error.className = "dl-error";
  error.setAttribute("role", "alert");

  el.append(tools, summary, grid, legend, error);

  let focusKey = "0,0"; // the cell that owns tabindex=0 (roving focus)

  show.addEventListener("click", () => model.send({ type: "show_tiling" }));
  hide.addEventListener("click", () => model.send({ type: "hide_tiling" }));
  reset.addEventListener("click", () => model.send({ type: "reset" }));

  function key(r, c) {
    return `${r},${c}`;
  }

  function draw() {
    const rows = model.get("rows");
    const cols = model.get("cols");
    const holes = new Set(model.get("holes").map(([r, c]) => key(r, c)));
    const cert = model.get("certificate") || {};
    const marked = new Set((cert.cells || []).map(([r, c]) => key(r, c)));
    const partners = new Set((cert.partners || []).map(([r, c]) => key(r, c)));
    const wholeColour =
      cert.kind === "colour" && marked.size + partners.size === rows * cols - holes.size;
    const part = new Map(); // cell -> "h-left" | "h-right" | "v-top" | "v-bottom"
    for (const [r1, c1, r2, c2] of model.get("tiling")) {
      if (r1 === r2) {
        part.set(key(r1, c1), "h-left");
        part.set(key(r2, c2), "h-right");
      } else {
        part.set(key(r1, c1), "v-top");
        part.set(key(r2, c2), "v-bottom");
      }
    }
    const hadFocus = grid.contains(document.activeElement);
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${cols}, var(--dl-tb-cell))`;
    grid.setAttribute("aria-label", `board of ${rows} rows and ${cols} columns`);
    if (!focusKey || Number(focusKey.split(",")[0]) >= rows ||
        Number(focusKey.split(",")[1]) >= cols) {
      focusKey = "0,0";
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const k = key(r, c);
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.row = r;
        b.dataset.col = c;
        const removed = holes.has(k);
        const tone = (r + c) % 2 === 0 ? "dark" : "light";
        b.className = `dl-tb-cell ${removed ? "removed" : tone}`;
        let label = `cell (${r}, ${c}) ${removed ? "removed" : tone}`;
        b.setAttribute("aria-pressed", removed ? "true" : "false");
        if (!removed && !wholeColour && marked.has(k)) {
          b.classList.add("mark");
          b.textContent = "●";
          label += ", marked";
        } else if (!removed && !wholeColour && partners.has(k)) {
          b.classList.add("partner");
          b.textContent = "○";
          label += ", partner";
        }
        if (part.has(k)) {
          b.classList.add("domino", part.get(k));
          label += `, domino ${part.get(k).replace("-", " ")}`;
        }
        b.setAttribute("aria-label", label);
        b.title = removed ? "removed: press to put the cell back" : "press to remove this cell";
        b.tabIndex = k === focusKey ? 0 : -1;
        b.addEventListener("click", () => {
          focusKey = k;
          model.send({ type: "toggle", row: r, col: c });
        });
        b.addEventListener("keydown", (event) => {
          const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1],
                          ArrowRight: [0, 1], Home: [0, -c], End: [0, cols - 1 - c] };
          const d = moves[event.key];
          if (!d) return;
          event.preventDefault();
          const nr = Math.min(rows - 1, Math.max(0, r + d[0]));
          const nc = Math.min(cols - 1, Math.max(0, c + d[1]));
          focusKey = key(nr, nc);
          for (const other of grid.children) {
            other.tabIndex = key(other.dataset.row, other.dataset.col) === focusKey ? 0 : -1;
          }
          grid.querySelector(`[data-row="${nr}"][data-col="${nc}"]`).focus();
        });
        grid.append(b);
      }
    }
    if (hadFocus) {
      const [fr, fc] = focusKey.split(",");
      const target = grid.querySelector(`[data-row="${fr}"][data-col="${fc}"]`);
      if (target) target.focus();
    }
    summary.textContent = model.get("summary");
    if (cert.kind && !wholeColour) {
      legend.textContent = cert.kind === "odd piece"
        ? "● the cells of a piece with an odd number of cells"
        : "● cells of one colour   ○ the only cells they can pair with (fewer)";
    } else if (model.get("tiling").length) {
      legend.textContent = `one tiling: ${model.get("tiling").length} dominoes`;
    } else {
      legend.textContent = "";
    }
    hide.disabled = model.get("tiling").length === 0;
    show.disabled = model.get("count") === "0";
    const err = model.get("error");
    error.textContent = err;
    error.hidden = !err;
  }

  for (const name of ["rows", "cols", "holes", "summary", "certificate", "tiling",
                      "count", "error"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
}

export default { render };
