// Triomino board: your tiles are <button aria-pressed>; the places the selected tile may
// go are buttons named in full ("place 1-3-5 pointing up at row 2, column 4, scores 9 +
// 50 hexagon = 59") and dashed outlines on the table, which can be clicked too. The table
// pans and zooms inside the widget: its viewBox is changed here, the picture itself is
// drawn by Python (dominolab.render.triominoes). Python holds the game and every rule;
// this file draws the state it sends and reports clicks with model.send().
// the page's words: English here, or the board's language from the synced "words"
let WORDS = {};
function W(text) { return WORDS[text] || text; }

function render({ model, el }) {
  el.classList.add("dl-widget", "dl-triominoes");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key
  const title = document.createElement("p");
  title.className = "dl-title";
  title.textContent = "Triominoes: you are P1, against the bots";

  const seats = document.createElement("ul");
  seats.className = "dl-seats";
  seats.setAttribute("aria-label", "players");

  // the table: a focusable viewport; arrows pan, + and - zoom, 0 fits
  const view = document.createElement("div");
  view.className = "dl-view";
  view.tabIndex = 0;
  view.setAttribute("role", "group");
  view.setAttribute("aria-label",
    "the table: arrow keys pan, plus and minus zoom, 0 shows it all; drag to pan");
  const picture = document.createElement("div");
  picture.className = "dl-picture";
  view.append(picture);
  const zoomRow = document.createElement("div");
  zoomRow.className = "dl-row dl-zoom";
  const zin = dlButton("+", "dl-zoom-in", "zoom in", () => zoom(1.4));
  const zout = dlButton("−", "dl-zoom-out", "zoom out", () => zoom(1 / 1.4));
  const fit = dlButton("Fit", "dl-fit", "show the whole table", () => { z = 1; dx = 0; dy = 0; applyView(); });
  zoomRow.append(zin, zout, fit);

  const guide = document.createElement("p");
  guide.className = "dl-guide";
  const hand = document.createElement("div");
  hand.className = "dl-hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", "your tiles (press one to see where it fits)");
  const places = document.createElement("div");
  places.className = "dl-places";
  places.setAttribute("role", "group");
  places.setAttribute("aria-label", "places for the selected tile (arrow keys move, Enter lays it)");

  const tools = document.createElement("div");
  tools.className = "dl-row";
  const draw = dlButton("Draw", "dl-draw", null, () => model.send({ type: "draw" }));
  const pass = dlButton("Pass", "dl-pass", null, () => model.send({ type: "pass" }));
  const hint = dlButton("Hint", "dl-hint", "hint: choose what the greedy bot would play",
    () => model.send({ type: "hint" }));
  const pile = document.createElement("span");
  pile.className = "dl-pile";
  tools.append(draw, pass, hint, pile, sizeButton);

  const status = document.createElement("p");
  status.className = "dl-status";
  status.setAttribute("aria-live", "polite");
  const error = document.createElement("p");
  error.className = "dl-error";
  error.setAttribute("role", "alert");

  const panel = document.createElement("div");
  panel.className = "dl-panel";
  const panelList = document.createElement("ul");
  const next = dlButton("Next round", "dl-next", "deal the next round",
    () => model.send({ type: "next_round" }));
  panel.append(panelList, next);

  const logCaption = document.createElement("p");
  logCaption.className = "dl-caption";
  logCaption.textContent = "Moves so far:";
  const log = document.createElement("ol");
  log.className = "dl-loglist";

  el.append(title, seats, view, zoomRow, guide, hand, places, tools, status, error, panel,
    logCaption, log);

  // [element, attribute or null for the text, English]: redone in the board's language
  const worded = [[title, null, "Triominoes: you are P1, against the bots"],
    [seats, "aria-label", "players"],
    [view, "aria-label", "the table: arrow keys pan, plus and minus zoom, 0 shows it all; drag to pan"],
    [zin, "aria-label", "zoom in"], [zout, "aria-label", "zoom out"], [fit, null, "Fit"],
    [fit, "aria-label", "show the whole table"],
    [hand, "aria-label", "your tiles (press one to see where it fits)"],
    [places, "aria-label", "places for the selected tile (arrow keys move, Enter lays it)"],
    [draw, null, "Draw"], [pass, null, "Pass"], [hint, null, "Hint"],
    [hint, "aria-label", "hint: choose what the greedy bot would play"],
    [next, "aria-label", "deal the next round"], [logCaption, null, "Moves so far:"]];
  function relabel() {
    for (const [e, attr, text] of worded) {
      if (attr) e.setAttribute(attr, W(text)); else e.textContent = W(text);
    }
    draw.setAttribute("aria-label", W("draw a tile (minus {n})"));
    pass.setAttribute("aria-label", W("pass (minus {n})"));
    sizeButton.setAttribute("aria-label", W("presentation size (P)"));
    sizeButton.textContent = W("Presentation size");
  }

  // -- pan and zoom: the drawn viewBox is the base; z, dx, dy change what is shown
  let base = null;
  let z = 1, dx = 0, dy = 0;
  function svg() { return picture.querySelector("svg"); }
  function applyView() {
    const s = svg();
    if (!s || !base) return;
    const [x, y, w, h] = base;
    const vw = w / z, vh = h / z;
    const cx = x + (w - vw) / 2 + dx, cy = y + (h - vh) / 2 + dy;
    s.setAttribute("viewBox", `${cx} ${cy} ${vw} ${vh}`);
    view.dataset.zoom = z.toFixed(3);
    zout.disabled = z <= 1;
  }
  function zoom(f) {
    z = Math.min(8, Math.max(1, z * f));
    if (z === 1) { dx = 0; dy = 0; }
    applyView();
  }
  function pan(fx, fy) {
    if (!base) return;
    dx += fx * base[2] / z;
    dy += fy * base[3] / z;
    applyView();
  }
  view.addEventListener("keydown", (event) => {
    if (event.target !== view || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowLeft: [-0.15, 0], ArrowRight: [0.15, 0], ArrowUp: [0, -0.15], ArrowDown: [0, 0.15] };
    if (moves[event.key]) { pan(...moves[event.key]); event.preventDefault(); }
    else if (event.key === "+" || event.key === "=") { zoom(1.4); event.preventDefault(); }
    else if (event.key === "-") { zoom(1 / 1.4); event.preventDefault(); }
    else if (event.key === "0") { z = 1; dx = 0; dy = 0; applyView(); event.preventDefault(); }
  });
  view.addEventListener("wheel", (event) => {   // Ctrl + wheel (or a pinch) zooms the table
    if (!event.ctrlKey) return;                   // a plain wheel scrolls the page
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2);
  }, { passive: false });
  let drag = null;
  view.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, moved: false, id: event.pointerId };
  });
  view.addEventListener("pointermove", (event) => {
    if (!drag || drag.id !== event.pointerId || z === 1) return;
    const s = svg();
    if (!s) return;
    const r = s.getBoundingClientRect();
    const mx = event.clientX - drag.x, my = event.clientY - drag.y;
    if (!drag.moved && Math.abs(mx) + Math.abs(my) < 5) return;
    drag.moved = true;
    dx -= mx * (base[2] / z) / r.width;
    dy -= my * (base[3] / z) / r.height;
    drag.x = event.clientX; drag.y = event.clientY;
    applyView();
  });
  view.addEventListener("pointerup", () => { setTimeout(() => { drag = null; }, 0); });
  view.addEventListener("click", (event) => {
    if (drag && drag.moved) return;                 // the end of a drag is not a click
    const g = event.target.closest && event.target.closest(".dl-target");
    if (g) model.send({ type: "place", k: Number(g.dataset.k) });
  });

  function mark(k) {
    for (const g of picture.querySelectorAll(".dl-target")) {
      g.classList.toggle("dl-preview", g.dataset.k === String(k));
    }
  }

  function drawHand() {
    const focused = document.activeElement && hand.contains(document.activeElement)
      ? document.activeElement.dataset.pos : null;
    hand.replaceChildren();
    for (const t of model.get("hand")) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "dl-ttile" + (t.fits ? " dl-fits" : "");
      b.dataset.pos = String(t.pos);
      b.dataset.tile = t.tile;
      b.setAttribute("aria-label", t.label);
      b.setAttribute("aria-pressed", String(t.selected));
      const pic = document.createElement("span");
      pic.setAttribute("aria-hidden", "true");
      pic.innerHTML = t.svg;            // drawn by dominolab.render.triominoes
      const face = document.createElement("span");
      face.className = "dl-face";
      face.setAttribute("aria-hidden", "true");
      face.textContent = t.tile;
      b.append(pic, face);
      b.addEventListener("click", () => model.send({ type: "select", pos: t.pos }));
      hand.append(b);
      if (focused !== null && focused === b.dataset.pos) b.focus();
    }
  }

  function drawPlaces() {
    const hadFocus = places.contains(document.activeElement);
    places.replaceChildren();
    const opts = model.get("options");
    for (const o of opts) {
      const b = dlButton(o.text, "dl-place" + (o.hinted ? " dl-hinted" : ""), o.label,
        () => model.send({ type: "place", k: o.k }));
      b.dataset.k = String(o.k);
      b.addEventListener("focus", () => mark(o.k));
      b.addEventListener("mouseenter", () => mark(o.k));
      b.addEventListener("keydown", (event) => {
        const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        const all = places.querySelectorAll("button");
        all[(o.k + step + all.length) % all.length].focus();
      });
      places.append(b);
    }
    places.hidden = !opts.length;
    // after a tile is selected, the keyboard goes on to its places
    const first = places.querySelector(".dl-hinted") || places.querySelector("button");
    if (first && (hadFocus || pendingPlaces)) first.focus();
    pendingPlaces = false;
  }
  let pendingPlaces = false;
  hand.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") pendingPlaces = true;
  });

  function update() {
    WORDS = model.get("words") || {};
    relabel();
    picture.innerHTML = model.get("svg");
    const s = svg();
    if (s) {
      const vb = (s.getAttribute("viewBox") || "").split(/[ ,]+/).map(Number);
      base = vb.length === 4 && vb.every(Number.isFinite) ? vb : null;
      applyView();
    }
    seats.replaceChildren();
    for (const p of model.get("seats")) {
      const li = document.createElement("li");
      li.dataset.seat = String(p.seat);
      if (p.turn) li.classList.add("dl-turn-now");
      li.textContent = p.line;
      seats.append(li);
    }
    guide.textContent = model.get("guide");
    drawHand();
    drawPlaces();
    const hinted = model.get("hinted");
    if (hinted >= 0) mark(hinted);
    const over = model.get("round_over");
    const myTurn = model.get("seats").some((p) => p.seat === 0 && p.turn);
    draw.disabled = !model.get("can_draw");
    pass.disabled = !model.get("can_pass");
    hint.disabled = over || !myTurn;
    pile.textContent = model.get("boneyard_text");
    status.textContent = model.get("status");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    panel.hidden = !over;
    next.textContent = W(model.get("match_over") ? "New match" : "Next round");
    dlFillList(panelList, model.get("result"));
    dlFillList(log, model.get("log"));
    log.scrollTop = log.scrollHeight;
    el.dataset.tick = String(model.get("tick"));
  }

  dlRedrawOn(model, ["hand", "options", "seats", "can_draw", "can_pass", "boneyard_text", "words", "log",
    "status", "guide", "round_over", "match_over", "result", "svg", "hinted", "error", "tick"], update);   // display.js
}

export default { render };
