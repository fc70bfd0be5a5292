// Chain builder: every tile of the set is a <button aria-label="domino a-b">.
// Python holds the line and the rules; this file draws the state it sends and
// reports clicks with model.send({type: ...}).
function tileFace(a, b) {
  const face = document.createElement("span");
  face.className = "dl-face";
  face.setAttribute("aria-hidden", "true");
  const left = document.createElement("span");
  left.textContent = a;
  const bar = document.createElement("span");
  bar.className = "dl-bar";
  const right = document.createElement("span");
  right.textContent = b;
  face.append(left, bar, right);
  return face;
}

function render({ model, el }) {
  el.classList.add("dl-widget", "dl-chain-builder");
  const sizeButton = dlDisplay(model, el);   // display.js: the size, the P key

  const title = document.createElement("p");
  title.className = "dl-title";

  const picture = document.createElement("div");
  picture.className = "dl-picture";
  const lineText = document.createElement("p");
  lineText.className = "dl-line";
  const ends = document.createElement("p");
  ends.className = "dl-ends";
  ends.setAttribute("aria-live", "polite");

  const sideRow = document.createElement("div");
  sideRow.className = "dl-row";
  sideRow.setAttribute("role", "group");
  sideRow.setAttribute("aria-label", "which end new tiles go to");
  const sideLabel = document.createElement("span");
  sideLabel.textContent = "Add tiles at:";
  const sideButtons = {};
  sideRow.append(sideLabel);
  for (const side of ["left", "right"]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "dl-side";
    b.textContent = `${side} end`;
    b.setAttribute("aria-label", `add at the ${side} end`);
    b.addEventListener("click", () => model.send({ type: "side", side }));
    sideButtons[side] = b;
    sideRow.append(b);
  }

  const tray = document.createElement("div");
  tray.className = "dl-tray";
  tray.setAttribute("role", "group");
  tray.setAttribute("aria-label", "tiles of the set");

  const degreesBox = document.createElement("div");
  degreesBox.className = "dl-degrees";
  const degCaption = document.createElement("p");
  degCaption.className = "dl-caption";
  degCaption.textContent =
    "Free tile ends showing each number (the line's open ends count too; odd ones are marked):";
  const degList = document.createElement("ul");
  degList.className = "dl-deglist";
  degreesBox.append(degCaption, degList);

  const verdict = document.createElement("p");
  verdict.className = "dl-verdict";
  verdict.setAttribute("role", "status");
  const status = document.createElement("p");
  status.className = "dl-status";
  status.setAttribute("aria-live", "polite");
  const error = document.createElement("p");
  error.className = "dl-error";
  error.setAttribute("role", "alert");

  const tools = document.createElement("div");
  tools.className = "dl-row";
  for (const [kind, text] of [["undo", "Undo"], ["reset", "Start again"], ["finish", "Finish it for me"]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `dl-${kind}`;
    b.textContent = text;
    b.addEventListener("click", () => model.send({ type: kind }));
    tools.append(b);
  }
  tools.append(sizeButton);

  el.append(title, picture, lineText, ends, sideRow, tray, degreesBox, verdict, status, error, tools);

  function drawTiles() {
    const tiles = model.get("tiles");
    // keep focus on the same tile across redraws (keyboard users)
    const focused = document.activeElement && tray.contains(document.activeElement)
      ? document.activeElement.getAttribute("aria-label") : null;
    tray.replaceChildren();
    for (const t of tiles) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "dl-tile";
      // with a picture skin the tile is named by its pictures ("domino cat | fish")
      const name = t.name || `${t.a}:${t.b}`;
      b.setAttribute("aria-label", `domino ${t.name || `${t.a}-${t.b}`}`);
      b.dataset.tile = t.label;
      if (t.used) {
        b.classList.add("dl-used");
        b.setAttribute("aria-disabled", "true");
        b.title = `${name} is in the line`;
      } else if (t.fits.length) {
        b.classList.add("dl-fits");
        b.title = `${name} fits the ${t.fits.join(" and ")} end`;
      } else {
        b.title = `${name} does not fit an open end`;
      }
      if (t.svg) {
        b.classList.add("dl-pictured");
        b.innerHTML = t.svg;
        const svg = b.querySelector("svg");
        if (svg) svg.setAttribute("aria-hidden", "true");
      } else {
        b.append(tileFace(t.a, t.b));
      }
      b.addEventListener("click", () => model.send({ type: "play", tile: t.label }));
      tray.append(b);
      if (focused && focused === b.getAttribute("aria-label")) b.focus();
    }
  }

  function drawDegrees() {
    degList.replaceChildren();
    for (const d of model.get("degrees")) {
      const li = document.createElement("li");
      li.className = d.odd ? "dl-odd" : "dl-even";
      if (d.end) li.classList.add("dl-is-end");
      li.dataset.number = d.number;
      li.textContent = `${d.name || d.number}: ${d.free}${d.end ? " + end" : ""}${d.odd ? " (odd)" : ""}`;
      degList.append(li);
    }
  }

  function update() {
    // the page's own words in the widget's language (Python sends them; English otherwise)
    const words = model.get("words") || {};
    const W = (text) => words[text] || text;
    sideRow.setAttribute("aria-label", W("which end new tiles go to"));
    sideLabel.textContent = W("Add tiles at:");
    for (const side of ["left", "right"]) {
      sideButtons[side].textContent = W(`${side} end`);
      sideButtons[side].setAttribute("aria-label", W(`add at the ${side} end`));
    }
    tray.setAttribute("aria-label", W("tiles of the set"));
    degCaption.textContent = W(
      "Free tile ends showing each number (the line's open ends count too; odd ones are marked):");
    title.textContent = words.title || `Chain builder: double-${model.get("n")} set`;
    picture.innerHTML = model.get("svg");
    lineText.textContent = model.get("chain_text")
      ? `${words.line || "Line:"} ${model.get("chain_text")}` : (words.empty_line || "Line: (empty)");
    ends.textContent = model.get("ends_text");
    for (const side of ["left", "right"]) {
      sideButtons[side].setAttribute("aria-pressed", String(model.get("side") === side));
    }
    verdict.textContent = model.get("verdict");
    verdict.classList.toggle("dl-no", !model.get("finishable"));
    status.textContent = model.get("status");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    drawTiles();
    drawDegrees();
  }

  for (const name of ["n", "side", "chain_text", "ends_text", "tiles", "degrees", "finishable",
    "verdict", "status", "error", "svg"]) {
    model.on(`change:${name}`, update);
  }
  update();
}

export default { render };
