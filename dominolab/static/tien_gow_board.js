// Tien Gow board: your tiles are <button aria-pressed> toggles named like
// "Heaven 6:6 (天, Teen)"; the play buttons send requests. Python holds the game and
// every rule; this file draws the state it sends and reports clicks with model.send().
function render({ model, el }) {
  el.classList.add("dl-widget", "dl-tien-gow");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key
  const title = document.createElement("p");
  title.className = "dl-title";
  title.textContent = "Tien Gow (天九): you are P1, against three bots";

  const picture = document.createElement("div");
  picture.className = "dl-picture";
  picture.setAttribute("aria-hidden", "true");   // the lists below say the same in words

  const seats = document.createElement("ul");
  seats.className = "dl-seats";
  seats.setAttribute("aria-label", "players");

  const trickCaption = document.createElement("p");
  trickCaption.className = "dl-caption";
  const trick = document.createElement("ul");
  trick.className = "dl-trick";
  trick.setAttribute("aria-label", "the trick on the table");

  const guide = document.createElement("p");
  guide.className = "dl-guide";
  const hand = document.createElement("div");
  hand.className = "dl-hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", "your tiles (press to select)");

  const tools = document.createElement("div");
  tools.className = "dl-row";
  const up = dlButton("Play face up", "dl-play", "play the selected tiles face up",
    () => model.send({ type: "play" }));
  const down = dlButton("Play face down", "dl-discard", "play the selected tiles face down",
    () => model.send({ type: "discard" }));
  const clear = dlButton("Clear selection", "dl-clear", null, () => model.send({ type: "clear" }));
  const hint = dlButton("Hint", "dl-hint", "hint: select what the rule-based bot would play",
    () => model.send({ type: "hint" }));
  tools.append(up, down, clear, hint, sizeButton);

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
  logCaption.textContent = "Plays so far:";
  const log = document.createElement("ol");
  log.className = "dl-loglist";

  el.append(title, picture, seats, trickCaption, trick, guide, hand, tools, status, error,
    panel, logCaption, log);

  function drawHand() {
    const focused = document.activeElement && hand.contains(document.activeElement)
      ? document.activeElement.dataset.pos : null;
    hand.replaceChildren();
    for (const t of model.get("hand")) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `dl-ctile dl-${t.suit}`;
      b.dataset.pos = String(t.pos);
      b.dataset.face = t.face;
      b.setAttribute("aria-label", t.label);
      b.setAttribute("aria-pressed", String(t.selected));
      const pic = document.createElement("span");
      pic.setAttribute("aria-hidden", "true");
      pic.innerHTML = t.svg;          // drawn by dominolab.render.chinese
      const face = document.createElement("span");
      face.className = "dl-face";
      face.setAttribute("aria-hidden", "true");
      face.textContent = t.face;
      b.append(pic, face);
      b.addEventListener("click", () => model.send({ type: "toggle", pos: t.pos }));
      hand.append(b);
      if (focused !== null && focused === b.dataset.pos) b.focus();
    }
  }

  function update() {
    picture.innerHTML = model.get("svg");
    seats.replaceChildren();
    for (const s of model.get("seats")) {
      const li = document.createElement("li");
      li.dataset.seat = String(s.seat);
      if (s.turn) li.classList.add("dl-turn-now");
      li.textContent = `${s.name}${s.banker ? " (banker)" : ""}: ${s.tiles} tiles, ` +
        `${s.tricks} trick${s.tricks === 1 ? "" : "s"}, score ${s.score}${s.turn ? " — to play" : ""}`;
      seats.append(li);
    }
    trick.replaceChildren();
    const plays = model.get("trick");
    if (!plays.length) {
      const li = document.createElement("li");
      li.textContent = "nothing yet";
      trick.append(li);
    }
    for (const p of plays) {
      const li = document.createElement("li");
      if (p.best) li.classList.add("dl-best");
      li.textContent = `${p.name}: ${p.words}${p.face_up ? ` (${p.tiles.join(" ")})` : ""}` +
        (p.best ? " — the best" : "");
      trick.append(li);
    }
    trickCaption.textContent = model.get("trick_caption");
    guide.textContent = model.get("guide");
    drawHand();
    const over = model.get("round_over");
    const myTurn = model.get("seats").some((s) => s.seat === 0 && s.turn);
    for (const b of [up, down, hint]) b.disabled = over || !myTurn;
    status.textContent = model.get("status");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    panel.hidden = !over;
    dlFillList(panelList, model.get("result"));
    dlFillList(log, model.get("log"));
    log.scrollTop = log.scrollHeight;
    el.dataset.tick = String(model.get("tick"));
  }

  dlRedrawOn(model, ["hand", "seats", "trick", "trick_caption", "log", "status", "guide", "round_over",
    "result", "svg", "error", "tick"], update);   // display.js
}

export default { render };
