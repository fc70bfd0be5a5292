// Game board: Python (dominolab.widgets.game_board.GameBoard) holds the match, the
// round and the rules and sends one JSON "view"; this module draws it and sends
// clicks back with model.send({type: ...}). Every clickable thing is a <button>.
// Bots move one at a time: when the view says a bot is to move, a timer asks
// Python for one "bot_step" after the configured delay (the kernel never sleeps).

function make(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The page's own words: English here, or the board's language from view.words (Python
// translates them with the same catalog as everything else; dominolab.i18n).
let WORDS = {};
function W(text) {
  return WORDS[text] || text;
}

function button(text, label, onClick, cls) {
  const b = make("button", cls || "dl-btn", text);
  b.type = "button";
  if (label) b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

function render({ model, el }) {
  el.classList.add("dl-widget", "dl-board");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key
  // JupyterLab would otherwise take arrow keys, L, R, Enter typed in the output.
  el.setAttribute("data-lm-suppress-shortcuts", "true");

  let clickAt = null;      // performance.now() of the last click, for the redraw time
  let botTimer = null;

  function send(msg) {
    clickAt = performance.now();
    model.send(msg);
  }

  const title = make("h3", "dl-title");
  const turn = make("p", "dl-turn");
  turn.setAttribute("aria-live", "polite");
  const scores = make("div", "dl-scores");
  const seats = make("ul", "dl-seats");
  const labelled = [];   // [element, English label]: relabelled in the view's language
  function label(e, text) {
    labelled.push([e, text]);
    e.setAttribute("aria-label", text);
  }
  label(seats, "the players");
  const table = make("section", "dl-table");
  label(table, "the table");
  const endsText = make("p", "dl-ends");
  const picture = make("div", "dl-picture");
  const bone = make("p", "dl-boneyard");
  table.append(endsText, picture, bone);

  const handBox = make("div", "dl-hand");
  handBox.setAttribute("role", "group");
  label(handBox, "your hand (arrows choose a tile, Enter plays, L/R pick the end)");
  const choices = make("div", "dl-choices dl-row");
  choices.setAttribute("role", "group");
  label(choices, "where to play the chosen tile");
  const actions = make("div", "dl-actions dl-row");

  const status = make("p", "dl-status");
  status.setAttribute("aria-live", "polite");
  const error = make("p", "dl-error");
  error.setAttribute("role", "alert");
  const analysis = make("p", "dl-analysis");
  analysis.setAttribute("aria-live", "polite");

  const panel = make("section", "dl-panel");
  label(panel, "end of the round");
  const review = make("section", "dl-review");
  label(review, "post-mortem of your moves");
  review.hidden = true;

  const logBox = make("details", "dl-log");
  logBox.open = true;
  const logSummary = make("summary", "", "Moves");
  const logList = make("ol", "dl-loglist");
  logBox.append(logSummary, logList);

  const fileInput = document.createElement("input");
  fileInput.type = "file";
  fileInput.accept = ".json,.txt,application/json,text/plain";
  fileInput.className = "dl-file";
  label(fileInput, "record file to load");
  fileInput.hidden = true;
  fileInput.addEventListener("change", async () => {
    const f = fileInput.files && fileInput.files[0];
    if (!f) return;
    const text = await f.text();
    fileInput.value = "";
    send({ type: "load", text });
  });

  el.append(title, turn, scores, seats, table, handBox, choices, actions, status, error,
    analysis, panel, review, logBox, fileInput);

  // keyboard: arrows move between tiles of the hand, L/R choose an end of a line;
  // on a cross W/E/N/S choose the arm (Shift + letter: play the double there closed);
  // 1-9 pick the offered choice with that number; Escape cancels a choice.
  const LINE_KEYS = ["L", "R"];
  const ARM_KEYS = ["W", "E", "N", "S"];
  el.addEventListener("keydown", (e) => {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) {
      e.stopPropagation();   // typing in a form control: its own keys, not the board's
      return;
    }
    const tiles = [...handBox.querySelectorAll("button.dl-tile")];
    const i = tiles.indexOf(document.activeElement);
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key) && tiles.length) {
      if (i < 0 && !handBox.contains(document.activeElement)) { e.stopPropagation(); return; }
      let j = i;
      if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = i <= 0 ? tiles.length - 1 : i - 1;
      else if (e.key === "ArrowRight" || e.key === "ArrowDown") j = i >= tiles.length - 1 ? 0 : i + 1;
      else if (e.key === "Home") j = 0;
      else j = tiles.length - 1;
      tiles[j].focus();
      e.preventDefault();
    } else if (e.key.length === 1 && !(e.ctrlKey || e.metaKey || e.altKey) &&
      (model.get("view").cross ? ARM_KEYS : LINE_KEYS).includes(e.key.toUpperCase())) {
      const v = model.get("view");
      const end = e.key.toUpperCase() + (v.cross && e.shiftKey ? "!" : "");
      if (v.choices && v.choices.length) {
        send({ type: "end", end });
      } else if (i >= 0) {
        send({ type: "tile", tile: tiles[i].dataset.tile, end });
      }
      e.preventDefault();
    } else if (/^[1-9]$/.test(e.key) && !(e.ctrlKey || e.metaKey || e.altKey)) {
      const v = model.get("view");
      const c = v.choices && v.choices[Number(e.key) - 1];
      if (c) { send({ type: "play", move: c.move }); e.preventDefault(); }
    } else if (e.key === "Escape") {
      const v = model.get("view");
      if (v.choices && v.choices.length) send({ type: "cancel" });
    }
    e.stopPropagation();
  });

  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "record") {
      const blob = new Blob([msg.text], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = msg.name || "dominolab-record.json";
      document.body.append(a);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    }
  });

  function drawSeats(v) {
    seats.replaceChildren();
    for (const s of v.seats) {
      const li = make("li", "dl-seat");
      if (s.turn) li.classList.add("dl-to-move");
      if (s.human) li.classList.add("dl-me");
      const name = make("span", "dl-seat-name",
        s.line || `${s.name}${s.team ? ` · team ${s.team}` : ""}: ${s.count} tile${s.count === 1 ? "" : "s"}${s.turn ? " — to move" : ""}`);
      li.append(name);
      if (s.svg) {
        const pic = make("span", "dl-seat-pic");
        pic.innerHTML = s.svg;
        li.append(pic);
      }
      li.dataset.player = s.player;
      seats.append(li);
    }
  }

  function drawHand(v) {
    const focused = document.activeElement && el.contains(document.activeElement)
      ? document.activeElement.getAttribute("aria-label") : null;
    handBox.replaceChildren();
    if (!v.human) {
      handBox.append(make("p", "dl-note", v.hand_note || W("Every seat is played by a bot.")));
    } else {
      const cap = make("p", "dl-caption", v.my_turn ? W("Your hand — click a tile to play it:") : W("Your hand:"));
      handBox.append(cap);
      const row = make("div", "dl-tiles");
      for (const t of v.hand) {
        // with a picture skin the tile is named by its pictures ("play domino cat | fish")
        const b = button("", t.label || `${W("play domino")} ${t.tile}`,
          () => send({ type: "tile", tile: t.tile }), "dl-tile");
        b.dataset.tile = t.tile;
        b.innerHTML = t.svg;
        const svg = b.querySelector("svg");
        if (svg) svg.setAttribute("aria-hidden", "true");
        if (t.playable) b.classList.add("dl-playable");
        if (t.pending) b.classList.add("dl-pending");
        b.title = t.playable ? `${t.text} can be played` : `${t.text}`;
        row.append(b);
      }
      handBox.append(row);
    }
    choices.replaceChildren();
    if (v.choices && v.choices.length) {
      choices.append(make("span", "dl-caption", v.choices_caption || `Play ${v.pending} ${v.cross ? "on" : "at"}:`));
      v.choices.forEach((c, k) => {
        const text = k < 9 ? `${k + 1} · ${c.label}` : c.label;
        const b = button(text, c.label, () => send({ type: "play", move: c.move }), "dl-btn dl-choice");
        if (c.end) b.dataset.end = c.end;
        b.dataset.move = c.move;
        if (v.cross) {
          const arms = movesArms(c.move);
          const on = () => markArms(arms);
          const off = () => markArms([]);
          b.addEventListener("mouseenter", on);
          b.addEventListener("focus", on);
          b.addEventListener("mouseleave", off);
          b.addEventListener("blur", off);
        }
        choices.append(b);
      });
      choices.append(button(W("Cancel"), W("cancel the choice"), () => send({ type: "cancel" })));
    }
    choices.hidden = !(v.choices && v.choices.length);
    // keep keyboard focus on the same control; a new choice takes the focus
    if (v.choices && v.choices.length && focused && focused.startsWith(W("play domino"))) {
      const first = choices.querySelector("button.dl-choice");
      if (first) first.focus();
    } else if (focused) {
      const same = [...el.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === focused);
      if (same) same.focus();
      else if (focused.startsWith(W("play domino")) || focused.startsWith("left") ||
        focused.startsWith("right") || / arm|, (both|all) |\((open|closed)\)/.test(focused)) {
        const first = handBox.querySelector("button.dl-tile");
        if (first) first.focus();
      }
    }
  }

  const SPEEDS = [["instant", 0], ["quick", 0.15], ["normal", 0.4], ["slow", 1.0]];
  function speed(v) {
    const label = make("label", "dl-speed", W("Bots: "));
    const sel = document.createElement("select");
    sel.setAttribute("aria-label", W("bot speed"));
    const current = v.delay_ms / 1000;
    const opts = SPEEDS.some(([, d]) => d === current) ? SPEEDS : [...SPEEDS, [`${current} s`, current]];
    for (const [name, d] of opts) {
      const o = document.createElement("option");
      o.value = String(d);
      o.textContent = W(name);
      o.selected = d === current;
      sel.append(o);
    }
    sel.addEventListener("change", () => {
      clickAt = performance.now();
      model.set("delay", Number(sel.value));
      model.save_changes();
    });
    label.append(sel);
    return label;
  }

  function drawActions(v) {
    actions.replaceChildren();
    if (v.can_draw) actions.append(button(W("Draw"), W("draw a tile from the boneyard"), () => send({ type: "draw" }), "dl-btn dl-draw"));
    if (v.can_pass) actions.append(button(W("Pass"), W("pass"), () => send({ type: "pass" }), "dl-btn dl-pass"));
    if (!v.round_over && v.human) actions.append(button(W("Hint"), W("hint"), () => send({ type: "hint" })));
    if (!v.round_over && v.open) actions.append(button(W("Show value"), W("show value"), () => send({ type: "value" })));
    if (v.round_over && v.panel && (v.panel.blocked || v.panel.headline.startsWith("The round is blocked"))) {
      actions.append(button(W("Why blocked?"), W("why blocked?"), () => send({ type: "why_blocked" })));
    }
    if (v.can_undo) actions.append(button(W("Undo"), W("undo"), () => send({ type: "undo" }), "dl-btn dl-undo"));
    actions.append(speed(v));
    actions.append(button(W("Save record"), W("save record"), () => send({ type: "save" })));
    actions.append(button(W("Load record…"), W("load record"), () => fileInput.click()));
    actions.append(sizeButton);
  }

  function drawPanel(v) {
    panel.replaceChildren();
    panel.hidden = !v.round_over;
    if (!v.round_over || !v.panel) return;
    const p = v.panel;
    panel.append(make("h4", "dl-headline", p.headline));
    for (const line of p.lines) panel.append(make("p", "dl-line", line));
    const tbl = make("table", "dl-result");
    const head = make("tr");
    for (const h of [W("player"), W("hand left"), p.value_name, p.kind]) head.append(make("th", "", h));
    tbl.append(head);
    for (const r of p.rows) {
      const tr = make("tr");
      for (const c of [r.who, r.hand, String(r.value), String(r.points)]) tr.append(make("td", "", c));
      tbl.append(tr);
    }
    if (p.rows.length) panel.append(tbl);   // children's mode: no points shown
    if (p.standings) panel.append(make("pre", "dl-standings", p.standings));
    if (p.match_over) panel.append(make("p", "dl-match-over", W("The match is over.")));
    const row = make("div", "dl-row");
    if (p.can_next) row.append(button(W("Next round"), W("next round"), () => send({ type: "next_round" }), "dl-btn dl-next"));
    row.append(button(W("New match"), W("new match"), () => send({ type: "new_match" }), "dl-btn dl-new"));
    if (v.can_undo) row.append(button(W("Undo"), W("undo last move"), () => send({ type: "undo" })));
    if (!v.children) {   // the post-mortem counts points: none in the children's mode
      row.append(button(W("Post-mortem"), W("post-mortem: what your moves cost"),
        () => send({ type: "post_mortem" }), "dl-btn dl-post-mortem"));
    }
    panel.append(row);
  }

  // the post-mortem: each costly move in words, what the passes had told, the table then
  function drawReview() {
    const items = model.get("review") || [];
    review.replaceChildren();
    review.hidden = !items.length;
    if (!items.length) return;
    review.append(make("h4", "dl-headline", W("Post-mortem")));
    for (const it of items) {
      const fig = make("figure", "dl-mistake");
      fig.dataset.ply = String(it.ply);
      const pic = make("div", "dl-picture");
      pic.innerHTML = it.svg;            // drawn by dominolab.render.table, named inside
      const cap = make("figcaption", "", it.label);
      if (it.passes) cap.append(make("span", "dl-passes", ` ${it.passes}`));
      fig.append(cap, pic);
      review.append(fig);
    }
  }

  function drawScores(v) {
    scores.replaceChildren();
    scores.hidden = !!v.children;            // children's mode: no score at all
    if (v.children) return;
    scores.append(make("p", "dl-score-text", v.scores.text));
    if (v.scores.rows.length) {
      const ul = make("ul", "dl-score-list");
      for (const r of v.scores.rows) ul.append(make("li", "", `${r.team}: ${r.score}`));
      scores.append(ul);
    }
    if (v.fives) scores.append(make("p", "dl-fives", v.fives.text));
  }

  // the arms a move such as "P2 3:3>N!+5:5>E" plays on: ["N", "E"]
  function movesArms(move) {
    return [...move.matchAll(/>([WENS])!?/g)].map((m) => m[1]);
  }

  // outline the open end of each arm in the drawing (the centre tile when an arm is empty)
  function markArms(arms) {
    for (const g of picture.querySelectorAll("g.dl-target")) g.classList.remove("dl-target");
    for (const arm of arms) {
      const tiles = [...picture.querySelectorAll(`g[data-arm="${arm}"]`)];
      let end = null;
      for (const g of tiles) if (!end || Number(g.dataset.pos) > Number(end.dataset.pos)) end = g;
      if (!end) end = picture.querySelector('g[data-arm="C"]');
      if (end) end.classList.add("dl-target");
    }
  }

  function update() {
    const v = model.get("view");
    if (!v || !v.seats) return;
    WORDS = v.words || {};
    if (v.lang) el.setAttribute("lang", v.lang);
    el.classList.toggle("dl-children", !!v.children);   // bigger words for small children
    el.classList.toggle("dl-pictures", !!v.skin);       // moves named by pictures: longer
    for (const [e, text] of labelled) e.setAttribute("aria-label", W(text));
    logSummary.textContent = W("Moves");
    title.textContent = v.title;
    turn.textContent = v.turn_text;
    drawScores(v);
    drawSeats(v);
    endsText.textContent = v.ends_text;
    picture.innerHTML = v.table_svg || "";
    picture.classList.toggle("dl-empty", !v.table_svg);
    bone.textContent = v.boneyard_text;
    drawHand(v);
    drawActions(v);
    drawPanel(v);
    const notes = v.log_notes || [];
    logList.classList.toggle("dl-wide", notes.some((n) => n));
    logList.replaceChildren(...v.log.map((m, k) => {
      const li = make("li", "", m);
      if (notes[k]) li.append(make("span", "dl-lognote", ` (${notes[k]})`));
      return li;
    }));
    handBox.setAttribute("aria-label", v.cross
      ? W("your hand (arrows choose a tile, Enter plays, W/E/N/S pick the arm, Shift+letter closes the double)")
      : W("your hand (arrows choose a tile, Enter plays, L/R pick the end)"));
    logSummary.textContent = `${W("Moves")} (${v.log.length})`;
    status.textContent = model.get("status");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    analysis.textContent = model.get("analysis");
    analysis.hidden = !model.get("analysis");
    if (clickAt !== null) {
      el.dataset.redrawMs = (performance.now() - clickAt).toFixed(1);
      clickAt = null;
    }
    el.dataset.tick = v.tick;
    if (botTimer) { clearTimeout(botTimer); botTimer = null; }
    if (v.bot_pending) {
      const tick = v.tick;
      botTimer = setTimeout(() => { botTimer = null; model.send({ type: "bot_step", tick }); }, v.delay_ms);
    }
  }

  function updateText() {
    status.textContent = model.get("status");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    analysis.textContent = model.get("analysis");
    analysis.hidden = !model.get("analysis");
    if (clickAt !== null && (model.get("error") || model.get("analysis"))) {
      el.dataset.redrawMs = (performance.now() - clickAt).toFixed(1);
      clickAt = null;
    }
  }

  model.on("change:view", update);
  model.on("change:review", drawReview);
  drawReview();
  for (const name of ["status", "error", "analysis"]) model.on(`change:${name}`, updateText);
  update();
  return () => { if (botTimer) clearTimeout(botTimer); };
}

export default { render };
