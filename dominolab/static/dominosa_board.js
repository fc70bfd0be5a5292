// Dominosa board: draws the grid, the laid tiles and crosses, the double-n set
// and the hint that Python sends, and sends every press back. All rules live
// in Python (dominolab/widgets/dominosa_board.py); this file only draws state.
// Keyboard: Tab reaches the grid, arrow keys (Home/End) move between cells,
// Enter or Space presses a cell, Shift+Enter / Shift+Space crosses out,
// X switches cross-out mode, N highlights the focused cell's number,
// H asks for a hint, Escape drops the selection, Ctrl+Z / Ctrl+Y undo / redo,
// P switches the presentation size (display.js).

function el_(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// a button whose accessible name is its label, or else its text (display.js makes it)
function button(text, label, cls) {
  return dlButton(text, cls, label || text);
}

function render({ model, el }) {
  el.classList.add("dl-widget", "dl-dominosa");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key
  // Keys typed inside the widget belong to it, not to JupyterLab's shortcuts.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.addEventListener("keydown", (event) => event.stopPropagation());

  const send = (msg) => model.send(msg);
  // the page's own words in the board's language (Python sends them; English otherwise):
  // W(text) is a fixed word, F(text, fields) fills a template's {fields}
  const words = model.get("words") || {};
  const W = (text) => words[text] || text;
  if (words.lang) el.setAttribute("lang", words.lang);   // screen readers read Russian as Russian
  const F = (text, fields) => W(text).replace(/\{(\w+)\}/g, (m, k) => String(fields[k]));

  // --- toolbar -------------------------------------------------------------
  const tools = el_("div", "dl-row dl-ds-tools");
  tools.setAttribute("role", "toolbar");
  tools.setAttribute("aria-label", W("Dominosa tools"));
  const modeBtn = button(W("✕ Cross-out mode"), W("Cross-out mode"), "dl-ds-mode");
  const hintBtn = button(W("Hint"));
  const applyBtn = button(W("Apply hint"));
  const checkBtn = button(W("Check"));
  const solveBtn = button(W("Solve"));
  const undoBtn = button(W("↶ Undo"), W("Undo"));
  const redoBtn = button(W("↷ Redo"), W("Redo"));
  const clearBtn = button(W("Clear"), W("Clear the board"));
  tools.append(modeBtn, hintBtn, applyBtn, checkBtn, solveBtn, undoBtn, redoBtn, clearBtn,
    sizeButton);
  modeBtn.addEventListener("click", () => send({ type: "mode" }));
  hintBtn.addEventListener("click", () => send({ type: "hint" }));
  applyBtn.addEventListener("click", () => send({ type: "apply_hint" }));
  checkBtn.addEventListener("click", () => send({ type: "check" }));
  solveBtn.addEventListener("click", () => send({ type: "solve" }));
  undoBtn.addEventListener("click", () => send({ type: "undo" }));
  redoBtn.addEventListener("click", () => send({ type: "redo" }));
  clearBtn.addEventListener("click", () => send({ type: "clear" }));

  const numbers = el_("div", "dl-row dl-ds-numbers");
  numbers.setAttribute("role", "group");
  numbers.setAttribute("aria-label", W("highlight a number"));

  const status = el_("p", "dl-summary dl-ds-status");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");

  const board = el_("div", "dl-ds-board");
  const grid = el_("div", "dl-ds-grid");
  grid.setAttribute("role", "group");
  const side = el_("div", "dl-ds-side");
  const setTitle = el_("p", "dl-detail dl-ds-settitle", W("The set"));
  const tileList = el_("ul", "dl-ds-tiles");
  tileList.setAttribute("aria-label", W("tiles of the set"));
  side.append(setTitle, tileList);
  board.append(grid, side);

  const hintBox = el_("p", "dl-ds-hint");
  hintBox.setAttribute("role", "status");
  hintBox.setAttribute("aria-live", "polite");

  const legend = el_("p", "dl-detail dl-ds-legend");
  legend.textContent = W(
    "Press two neighbouring cells to lay a tile; press a tile to lift it. " +
    "Cross-out mode (or Shift) marks a pair as not a tile (✕). " +
    "Marks: ‼ tile laid twice, ⊘ cell with no partner left, ✗ wrong after Check, " +
    "? in the hint. Keys: arrows move, Enter/Space press, Shift+Enter cross out, " +
    "X mode, N highlight number, H hint, Esc deselect, Ctrl+Z/Ctrl+Y undo/redo, " +
    "P presentation size.");

  const loadRow = el_("div", "dl-row dl-ds-load");
  // a text area, so that our multi-line grid text can be pasted as well as a one-line ID
  const loadText = el_("textarea", "dl-ds-loadtext");
  loadText.rows = 2;
  loadText.placeholder = W("grid text (rows of numbers) or Tatham ID, e.g. 2:202012100211");
  loadText.setAttribute("aria-label",
    W("puzzle to load: grid text or Tatham game ID (Ctrl+Enter loads)"));
  loadText.spellcheck = false;
  const loadBtn = button(W("Load"), W("Load puzzle"));
  const nInput = el_("input", "dl-ds-n");
  nInput.type = "number";
  nInput.min = "0";
  nInput.max = "12";
  nInput.setAttribute("aria-label", W("size n of a new puzzle (double-n)"));
  const diff = el_("select", "dl-ds-diff");
  diff.setAttribute("aria-label", W("difficulty of a new puzzle"));
  for (const d of ["trivial", "basic", "hard", "extreme"]) {
    const o = el_("option", "", d);
    o.value = d;
    diff.append(o);
  }
  const newBtn = button(W("New puzzle"));
  loadRow.append(loadText, loadBtn, el_("span", "dl-ds-sep", W("or double-")), nInput, diff,
    newBtn);
  const load = () => send({ type: "load", text: loadText.value });
  loadBtn.addEventListener("click", load);
  loadText.addEventListener("keydown", (e) => {
    // Ctrl+Enter loads; plain Enter loads a one-line Tatham ID ("6db:...") and
    // otherwise starts a new row of grid text
    const id = loadText.value.includes(":") && !loadText.value.includes("\n");
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey || (id && !e.shiftKey))) {
      e.preventDefault();
      load();
    }
  });
  newBtn.addEventListener("click", () =>
    send({ type: "new", n: Number(nInput.value), difficulty: diff.value }));

  const info = el_("p", "dl-detail dl-ds-info");
  const error = el_("p", "dl-error");
  error.setAttribute("role", "alert");

  el.append(tools, numbers, status, board, hintBox, error, legend, loadRow, info);

  // --- the grid: built once per puzzle, updated in place ----------------------
  let shape = ""; // "rows x cols:numbers" of the built grid
  let cells = new Map(); // "r,c" -> button
  let edges = new Map(); // "r,c,r2,c2" -> div between the two cells
  let focusKey = "0,0";
  let suppressOn = null; // the cell whose Shift+Enter/Space was handled on keydown
  const key = (r, c) => `${r},${c}`;
  const pkey = (p) => p.join(",");
  const name = (r, c) => F("row {r} column {c}", { r, c });

  function move(r, c, rows, cols) {
    const nr = Math.min(rows - 1, Math.max(0, r));
    const nc = Math.min(cols - 1, Math.max(0, c));
    const old = cells.get(focusKey);
    if (old) old.tabIndex = -1;
    focusKey = key(nr, nc);
    const b = cells.get(focusKey);
    b.tabIndex = 0;
    b.focus();
  }

  function build(g) {
    const rows = g.length;
    const cols = rows ? g[0].length : 0;
    grid.replaceChildren();
    cells = new Map();
    edges = new Map();
    focusKey = "0,0";
    const track = (k, size) =>
      Array.from({ length: k }, (_, i) => (i ? `var(--dl-ds-gap) ${size}` : size)).join(" ");
    grid.style.gridTemplateColumns = `var(--dl-ds-head) ${track(cols, "var(--dl-ds-cell)")}`;
    grid.style.gridTemplateRows = `var(--dl-ds-head) ${track(rows, "var(--dl-ds-cell)")}`;
    grid.setAttribute("aria-label", F("Dominosa grid of {rows} rows and {cols} columns",
      { rows, cols }));
    for (let c = 0; c < cols; c++) {
      const h = el_("span", "dl-ds-head", String(c));
      h.setAttribute("aria-hidden", "true");
      h.style.gridRow = "1";
      h.style.gridColumn = String(2 + 2 * c);
      grid.append(h);
    }
    for (let r = 0; r < rows; r++) {
      const h = el_("span", "dl-ds-head", String(r));
      h.setAttribute("aria-hidden", "true");
      h.style.gridRow = String(2 + 2 * r);
      h.style.gridColumn = "1";
      grid.append(h);
      for (let c = 0; c < cols; c++) {
        const b = button(String(g[r][c]), F("{cell}, number {v}", { cell: name(r, c), v: g[r][c] }),
          "dl-ds-cell");
        b.dataset.row = r;
        b.dataset.col = c;
        b.dataset.number = g[r][c];
        b.style.gridRow = String(2 + 2 * r);
        b.style.gridColumn = String(2 + 2 * c);
        b.tabIndex = key(r, c) === focusKey ? 0 : -1;
        b.addEventListener("click", (event) => {
          if (suppressOn === b) return; // the browser's own click after Shift+Space
          focusKey = key(r, c);
          send({ type: "click", row: r, col: c, cross: event.shiftKey });
        });
        b.addEventListener("keydown", (event) => onKey(event, r, c, rows, cols, g));
        b.addEventListener("keyup", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            setTimeout(() => { suppressOn = null; }, 0);
          }
        });
        cells.set(key(r, c), b);
        grid.append(b);
        if (c + 1 < cols) {
          const e = el_("div", "dl-ds-edge h");
          e.setAttribute("aria-hidden", "true");
          e.style.gridRow = String(2 + 2 * r);
          e.style.gridColumn = String(3 + 2 * c);
          edges.set(`${r},${c},${r},${c + 1}`, e);
          grid.append(e);
        }
        if (r + 1 < rows) {
          const e = el_("div", "dl-ds-edge v");
          e.setAttribute("aria-hidden", "true");
          e.style.gridRow = String(3 + 2 * r);
          e.style.gridColumn = String(2 + 2 * c);
          edges.set(`${r},${c},${r + 1},${c}`, e);
          grid.append(e);
        }
      }
    }
  }

  function onKey(event, r, c, rows, cols, g) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1],
                    ArrowRight: [0, 1], Home: [0, -c], End: [0, cols - 1 - c] };
    const d = moves[event.key];
    if (d) {
      event.preventDefault();
      move(r + d[0], c + d[1], rows, cols);
      return;
    }
    const k = event.key.toLowerCase();
    if ((event.key === "Enter" || event.key === " ") && event.shiftKey) {
      // Shift+Enter / Shift+Space crosses out; keep the browser's own click away
      event.preventDefault();
      suppressOn = event.currentTarget;
      send({ type: "click", row: r, col: c, cross: true });
    } else if ((event.ctrlKey || event.metaKey) && (k === "z" || k === "y")) {
      event.preventDefault();
      send({ type: k === "y" || event.shiftKey ? "redo" : "undo" });
    } else if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    } else if (k === "x") {
      send({ type: "mode" });
    } else if (k === "n") {
      send({ type: "highlight", number: g[r][c] });
    } else if (k === "h") {
      send({ type: "hint" });
    } else if (event.key === "Escape") {
      send({ type: "deselect" });
    }
  }

  function pairSet(list) {
    return new Set(list.map(pkey));
  }

  function draw() {
    const g = model.get("grid");
    const id = `${g.length}x${g.length ? g[0].length : 0}:${g.flat().join(" ")}`;
    const hadFocus = grid.contains(document.activeElement);
    if (id !== shape) {
      shape = id;
      build(g);
    }
    const n = model.get("n");
    const placed = model.get("placed");
    const crossed = pairSet(model.get("crossed"));
    const dups = pairSet(model.get("duplicates"));
    const wrong = pairSet(model.get("wrong"));
    const stuck = new Set(model.get("stuck").map(([r, c]) => key(r, c)));
    const sel = model.get("selected");
    const selKey = sel.length ? key(sel[0], sel[1]) : "";
    const hl = model.get("highlight");
    const hint = model.get("hint_shown") || {};
    const hintCells = new Set((hint.cells || []).map(([r, c]) => key(r, c)));
    const hintPlace = hint.placement && hint.placement.length ? pkey(hint.placement) : "";
    const hintEx = pairSet(hint.exclusions || []);
    const partner = new Map(); // cell -> [other cell, side, pair key]
    for (const p of placed) {
      const [r, c, r2, c2] = p;
      const horiz = r === r2;
      partner.set(key(r, c), [[r2, c2], horiz ? "left" : "top", pkey(p)]);
      partner.set(key(r2, c2), [[r, c], horiz ? "right" : "bottom", pkey(p)]);
    }
    const crossWith = new Map(); // cell -> list of crossed neighbours
    for (const k of crossed) {
      const [r, c, r2, c2] = k.split(",").map(Number);
      for (const [a, b] of [[key(r, c), [r2, c2]], [key(r2, c2), [r, c]]]) {
        if (!crossWith.has(a)) crossWith.set(a, []);
        crossWith.get(a).push(b);
      }
    }
    for (const [k, b] of cells) {
      const r = Number(b.dataset.row);
      const c = Number(b.dataset.col);
      const v = Number(b.dataset.number);
      const cls = ["dl-ds-cell"];
      let label = F("{cell}, number {v}", { cell: name(r, c), v });
      const part = partner.get(k);
      if (part) {
        const [[r2, c2], sideName, pk] = part;
        cls.push("tile", sideName);
        label += F(", tile {tile} with {cell}", {
          tile: `${Math.min(v, g[r2][c2])}:${Math.max(v, g[r2][c2])}`, cell: name(r2, c2) });
        if (dups.has(pk)) {
          cls.push("dup");
          label += W(", tile placed twice");
        }
        if (wrong.has(pk)) {
          cls.push("wrong");
          label += W(", marked wrong");
        }
      }
      for (const [r2, c2] of crossWith.get(k) || []) {
        label += F(", crossed out with {cell}", { cell: name(r2, c2) });
        if (wrong.has(pkey(r < r2 || (r === r2 && c < c2) ? [r, c, r2, c2] : [r2, c2, r, c]))) {
          cls.push("wrong");
          label += W(" (marked wrong)");
        }
      }
      if (stuck.has(k)) {
        cls.push("stuck");
        label += W(", no partner left");
      }
      if (k === selKey) {
        cls.push("selected");
        label += W(", selected");
      }
      if (v === hl) {
        cls.push("hl");
        label += W(", highlighted");
      }
      if (hintCells.has(k)) {
        cls.push("hint");
        label += W(", in the hint");
      }
      b.className = [...new Set(cls)].join(" ");
      b.setAttribute("aria-label", label);
      b.setAttribute("aria-pressed", k === selKey ? "true" : "false");
    }
    const tileKeys = new Set(placed.map(pkey));
    for (const [k, e] of edges) {
      const cls = ["dl-ds-edge", e.classList.contains("h") ? "h" : "v"];
      let text = "";
      if (tileKeys.has(k)) {
        cls.push("tile");
        if (dups.has(k)) cls.push("dup");
        if (wrong.has(k)) cls.push("wrong");
      } else if (crossed.has(k)) {
        cls.push("crossed");
        text = "✕";
        if (wrong.has(k)) cls.push("wrong");
      }
      if (k === hintPlace) cls.push("hint-place");
      if (hintEx.has(k)) {
        cls.push("hint-x");
        if (!text) text = "✕";
      }
      e.className = cls.join(" ");
      e.textContent = text;
    }
    if (hadFocus && !grid.contains(document.activeElement)) {
      const b = cells.get(focusKey);
      if (b) b.focus();
    }

    // number buttons (rebuilt only when n changes)
    if (numbers.childElementCount !== n + 2) {
      numbers.replaceChildren(el_("span", "dl-ds-numlabel", W("Highlight:")));
      for (let v = 0; v <= n; v++) {
        const b = button(String(v), F("highlight number {v}", { v }), "dl-ds-num");
        b.addEventListener("click", () => send({ type: "highlight", number: v }));
        numbers.append(b);
      }
    }
    for (const b of numbers.querySelectorAll("button")) {
      const on = Number(b.textContent) === hl;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("hl", on);
    }

    // the set
    const tiles = model.get("tiles");
    const marks = { open: "", placed: "✓", duplicate: "‼", impossible: "⊘" };
    const states = { open: W("still to place"), placed: W("placed"),
                     duplicate: W("placed twice"), impossible: W("no place left") };
    if (tileList.childElementCount !== tiles.length) {
      tileList.replaceChildren(...tiles.map(() => el_("li", "dl-ds-tile")));
    }
    tiles.forEach((t, i) => {
      const li = tileList.children[i];
      li.className = `dl-ds-tile ${t.state}`;
      li.textContent = `${t.tile}${marks[t.state] ? " " + marks[t.state] : ""}`;
      li.setAttribute("aria-label", F("tile {tile}, {state}", { tile: t.tile,
                                                                state: states[t.state] }));
    });
    // the title's plural comes from Python (Russian has three forms)
    setTitle.textContent = model.get("set_title") ||
      `The double-${n} set (${tiles.length} tiles)`;

    status.textContent = model.get("status");
    status.classList.toggle("solved", model.get("solved"));
    hintBox.textContent = hint.text
      ? F("Hint ({rule}, {level}): {text}", { rule: hint.rule, level: hint.level, text: hint.text })
      : "";
    hintBox.hidden = !hint.text;
    hintBox.className = `dl-ds-hint ${hint.kind || ""}`;
    const mode = model.get("mode");
    modeBtn.setAttribute("aria-pressed", mode === "cross" ? "true" : "false");
    modeBtn.classList.toggle("on", mode === "cross");
    grid.classList.toggle("crossing", mode === "cross");
    undoBtn.disabled = !model.get("can_undo");
    redoBtn.disabled = !model.get("can_redo");
    info.textContent = model.get("info");
    if (document.activeElement !== nInput) nInput.value = String(n);
    if (document.activeElement !== diff) diff.value = model.get("difficulty");
    const err = model.get("error");
    error.textContent = err;
    error.hidden = !err;
  }

  dlRedrawOn(model, ["grid", "n", "placed", "crossed", "selected", "mode", "highlight",
                   "duplicates", "stuck", "tiles", "hint_shown", "wrong", "status", "error",
                   "info", "solved", "can_undo", "can_redo", "difficulty", "set_title"], draw);   // display.js
}

export default { render };
