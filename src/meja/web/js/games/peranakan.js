// Peranakan: Tiles and Tactics: the market, the board of patterned tiles with their Kueh,
// the Nyonyas and Babas, and each player's Kueh.

import { label, pretty, svg, title } from "../svg.js";

const W = 640;
const PATTERN_COLOURS = { C: "#3b6ea5", B: "#c0508a", G: "#e3892b", P: "#2f9c7f" };
const KUEH_COLOURS = { t: "#f4efe2", o: "#4f9d3a", b: "#d9a441", a: "#d2463c" };
const CELL = 104;
const BOARD_Y = 200;

/** The printed pieces this drawing needs, from the game's components. */
function components(ctx) {
  const c = ctx.components;
  return {
    kuehTypes: c.KUEH_TYPES,
    kuehLetters: c.KUEH_LETTERS,
    kuehNames: c.KUEH_NAMES,
    patterns: c.PATTERNS,
    patternLetters: c.PATTERN_LETTERS,
    supplyNextTo: c.SUPPLY_NEXT_TO,
    wild: c.WILD,
    wildLetter: c.WILD_LETTER,
    market: c.MARKET_POSITIONS,
    columns: c.COLUMN_LETTERS,
    rows: c.BOARD_ROWS,
    cols: c.BOARD_COLS,
  };
}

/** A Kueh icon: letter is one of t o b a, or the rainbow wild's letter (absent from names). */
function kueh(letter, x, y, r, names) {
  if (!(letter in KUEH_COLOURS)) {
    const colours = Object.values(KUEH_COLOURS);
    return svg("g", { class: "kueh" }, title("any Kueh"),
      ...colours.map((fill, i) => svg("path", {
        d: wedge(x, y, r, (i * Math.PI) / 2, ((i + 1) * Math.PI) / 2), fill, stroke: "#5a4632", "stroke-width": 1,
      })));
  }
  return svg("g", { class: "kueh" }, title(names[letter] || letter),
    svg("circle", { cx: x, cy: y, r, fill: KUEH_COLOURS[letter] || "#ccc", stroke: "#5a4632", "stroke-width": 1.5 }),
    svg("circle", { cx: x - r / 3, cy: y - r / 3, r: r / 4, fill: "rgba(255,255,255,0.55)" }));
}

function wedge(cx, cy, r, a0, a1) {
  const p = (a) => `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
  return `M${cx},${cy} L${p(a0)} A${r},${r} 0 0 1 ${p(a1)} Z`;
}

/** The pattern's motif, drawn in a size x size box at (x, y). */
function motif(letter, x, y, size) {
  const cx = x + size / 2;
  const cy = y + size * 0.42;
  const s = size / 100;
  const ink = "rgba(255,255,255,0.85)";
  switch (letter) {
    case "C":
      return svg("g", {},
        svg("circle", { cx, cy, r: 26 * s, fill: "none", stroke: ink, "stroke-width": 3 * s }),
        svg("circle", { cx, cy, r: 12 * s, fill: ink }),
        ...[0, 1, 2, 3].map((i) => svg("circle", { cx: cx + 26 * s * Math.cos((i * Math.PI) / 2 + Math.PI / 4), cy: cy + 26 * s * Math.sin((i * Math.PI) / 2 + Math.PI / 4), r: 6 * s, fill: ink })));
    case "B":
      return svg("g", { fill: ink },
        svg("ellipse", { cx: cx - 14 * s, cy: cy - 6 * s, rx: 14 * s, ry: 18 * s, transform: `rotate(-25 ${cx - 14 * s} ${cy - 6 * s})` }),
        svg("ellipse", { cx: cx + 14 * s, cy: cy - 6 * s, rx: 14 * s, ry: 18 * s, transform: `rotate(25 ${cx + 14 * s} ${cy - 6 * s})` }),
        svg("ellipse", { cx: cx - 10 * s, cy: cy + 16 * s, rx: 9 * s, ry: 11 * s }),
        svg("ellipse", { cx: cx + 10 * s, cy: cy + 16 * s, rx: 9 * s, ry: 11 * s }),
        svg("rect", { x: cx - 2 * s, y: cy - 20 * s, width: 4 * s, height: 44 * s, rx: 2 * s, fill: "rgba(0,0,0,0.35)" }));
    case "G":
      return svg("g", { fill: ink },
        svg("ellipse", { cx: cx - 6 * s, cy, rx: 22 * s, ry: 14 * s }),
        svg("path", { d: `M${cx + 12 * s},${cy} L${cx + 32 * s},${cy - 16 * s} L${cx + 28 * s},${cy} L${cx + 32 * s},${cy + 16 * s} Z` }),
        svg("circle", { cx: cx - 18 * s, cy: cy - 3 * s, r: 3 * s, fill: "rgba(0,0,0,0.5)" }));
    default:
      return svg("g", {},
        svg("ellipse", { cx, cy, rx: 20 * s, ry: 28 * s, fill: ink }),
        svg("ellipse", { cx, cy: cy + 4 * s, rx: 10 * s, ry: 14 * s, fill: "#1d5fa8" }),
        svg("circle", { cx, cy: cy + 6 * s, r: 5 * s, fill: "#14324f" }));
  }
}

/** One tile face from its code, e.g. "Bto" (butterfly, tutu + ondeh). */
function tileFace(code, x, y, size, c, names) {
  const letter = code[0];
  const icons = code.slice(1).split("");
  const pattern = c.patterns[c.patternLetters.indexOf(letter)] || letter;
  const r = size * 0.11;
  const gap = r * 2.3;
  const start = x + size / 2 - ((icons.length - 1) * gap) / 2;
  const iconNames = icons.map((i) => names[i] || "any Kueh").join(" + ");
  return svg("g", { class: "tile" }, title(`${pretty(pattern)} tile: ${iconNames}`),
    svg("rect", { x, y, width: size, height: size, rx: size * 0.1, fill: PATTERN_COLOURS[letter] || "#888", stroke: "#3d2b1f", "stroke-width": 2 }),
    motif(letter, x, y, size),
    ...icons.map((icon, i) => kueh(icon, start + i * gap, y + size * 0.82, r, names)));
}

/** A board space: empty, one tile, or a stack written "bottom/top". */
function space(text, x, y, size, c, names) {
  if (text === "." || !text) return null;
  const [bottom, top] = text.split("/");
  if (!top) return tileFace(bottom, x, y, size, c, names);
  return svg("g", {},
    svg("rect", { x: x + 5, y: y + 5, width: size, height: size, rx: size * 0.1, fill: "#3d2b1f", opacity: 0.55 }),
    tileFace(top, x, y, size, c, names),
    svg("g", {}, title("stacked: no more tiles may go here"),
      svg("circle", { cx: x + size - 12, cy: y + 12, r: 10, fill: "#fff", stroke: "#3d2b1f" }),
      label(x + size - 12, y + 12, "2", { "font-size": 13, "font-weight": 700 })));
}

function pawn(kind, seat, x, y, ctx) {
  const fill = ctx.colour(seat);
  const name = `${kind === "N" ? "Nyonya" : "Baba"} of ${ctx.seatName(seat)}`;
  const shape = kind === "N"
    ? svg("circle", { cx: x, cy: y, r: 13, fill, stroke: "#fff", "stroke-width": 3 })
    : svg("rect", { x: x - 12, y: y - 12, width: 24, height: 24, rx: 4, fill, stroke: "#fff", "stroke-width": 3 });
  return svg("g", { class: "pawn" }, title(name), shape, label(x, y, kind, { fill: "#fff", "font-size": 13, "font-weight": 700 }));
}

function market(ctx, c, names, view) {
  const group = svg("g", { class: "market" });
  const size = 96;
  const step = (W - 40) / view.market.length;
  view.market.forEach((code, i) => {
    const x = 20 + i * step + (step - size) / 2;
    const y = 34;
    const slot = svg("g", { "data-market": c.market[i] });
    slot.append(svg("rect", { class: "hl", x: x - 4, y: y - 4, width: size + 8, height: size + 8, rx: 12, fill: "none", stroke: "transparent" }));
    if (code) slot.append(tileFace(code, x, y, size, c, names));
    else slot.append(svg("rect", { x, y, width: size, height: size, rx: 10, fill: "none", stroke: "#bfae8f", "stroke-dasharray": "6 4" }));
    ctx.target(slot, `take ${c.market[i]}`);
    group.append(slot);
    const heading = i === 0 ? `deck (${view.deck_size ?? "?"})` : `slot ${i}`;
    group.append(label(x + size / 2, 18, heading, { "font-size": 15, fill: "#5a4632" }));
    const next = c.supplyNextTo[i];
    if (next !== undefined) {
      const letter = next === c.wild ? c.wildLetter : c.kuehLetters[next];
      group.append(kueh(letter, x + size / 2 - 14, y + size + 24, 11, names));
      const left = next === c.wild ? "any" : String(view.supply[c.kuehTypes[next]] ?? "");
      group.append(label(x + size / 2 + 14, y + size + 24, left, { "font-size": 15 }));
    }
  });
  return group;
}

function board(ctx, c, names, view) {
  const group = svg("g", { class: "board" });
  const left = (W - CELL * c.cols) / 2;
  group.append(svg("rect", { x: left - 10, y: BOARD_Y - 10, width: CELL * c.cols + 20, height: CELL * c.rows + 20, rx: 16, fill: "#e9dcc0", stroke: "#8a6d46", "stroke-width": 3 }));
  const cellGroups = {};
  for (let r = 0; r < c.rows; r++) {
    group.append(label(left - 22, BOARD_Y + r * CELL + CELL / 2, String(r + 1), { "font-size": 15, fill: "#8a6d46" }));
    const cells = (view.board[r] || "").split(" ");
    for (let col = 0; col < c.cols; col++) {
      const name = `${c.columns[col]}${r + 1}`;
      const x = left + col * CELL;
      const y = BOARD_Y + r * CELL;
      const cell = svg("g", { "data-cell": name });
      cell.append(svg("rect", { class: "hl", x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, fill: "#f4ead5", stroke: "#d8c7a4", "stroke-width": 1.5 }));
      const drawn = space(cells[col], x + 7, y + 7, CELL - 14, c, names);
      if (drawn) cell.append(drawn);
      if (view.placed === name) cell.append(svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, fill: "none", stroke: "#e0a100", "stroke-width": 4 }));
      if (ctx.byText.has(`place ${name}`) && !drawn) cell.append(svg("rect", { class: "slot", x: x + 10, y: y + 10, width: CELL - 20, height: CELL - 20, rx: 8 }));
      ctx.target(cell, `place ${name}`);
      cellGroups[name] = cell;
      group.append(cell);
    }
  }
  for (let col = 0; col < c.cols; col++) {
    group.append(label(left + col * CELL + CELL / 2, BOARD_Y + CELL * c.rows + 24, c.columns[col], { "font-size": 15, fill: "#8a6d46" }));
  }
  const perCell = {};
  for (const token of view.pawns || []) {
    const match = /^([NB])(\d+)@([a-z]\d+)$/.exec(token);
    if (!match) continue;
    const [, kind, seat, cell] = match;
    const index = (perCell[cell] = (perCell[cell] || 0) + 1) - 1;
    const col = c.columns.indexOf(cell[0]);
    const row = Number(cell.slice(1)) - 1;
    (cellGroups[cell] || group).append(pawn(kind, Number(seat), left + col * CELL + 22 + index * 28, BOARD_Y + row * CELL + 22, ctx));
  }
  return group;
}

function choices(ctx, c, names, view, y) {
  const group = svg("g", { class: "choices" });
  const buttons = [];
  c.kuehTypes.forEach((type, i) => {
    if (ctx.byText.has(`kueh ${type}`)) buttons.push({ text: `kueh ${type}`, icon: c.kuehLetters[i], caption: names[c.kuehLetters[i]] });
  });
  for (const text of ["nyonya", "baba", "no pawn"]) {
    if (ctx.byText.has(text)) buttons.push({ text, caption: pretty(text) });
  }
  if (view.held) buttons.unshift({ held: view.held });
  const width = 140;
  const start = W / 2 - (buttons.length * (width + 10) - 10) / 2;
  buttons.forEach((button, i) => {
    const x = start + i * (width + 10);
    if (button.held) {
      group.append(label(x + 40, y + 28, "in hand", { "font-size": 14, fill: "#5a4632" }));
      group.append(tileFace(button.held, x + 80, y, 56, c, names));
      return;
    }
    const node = svg("g", { "data-choice": button.text });
    node.append(svg("rect", { class: "hl", x, y, width, height: 56, rx: 12, fill: "#fff", stroke: "#bfae8f", "stroke-width": 2 }));
    if (button.icon) node.append(kueh(button.icon, x + 26, y + 28, 14, names));
    if (button.text === "nyonya" || button.text === "baba") node.append(pawn(button.text === "nyonya" ? "N" : "B", ctx.you ?? 0, x + 26, y + 28, ctx));
    node.append(label(x + (button.icon || button.text !== "no pawn" ? 86 : width / 2), y + 28, button.caption, { "font-size": 14 }));
    ctx.target(node, button.text);
    group.append(node);
  });
  return group;
}

function players(ctx, c, names, view, y) {
  const group = svg("g", { class: "players" });
  const rowHeight = 44;
  view.kueh.forEach((counts, seat) => {
    const top = y + seat * rowHeight;
    const turn = view.to_move === seat;
    group.append(svg("rect", { x: 10, y: top, width: W - 20, height: rowHeight - 6, rx: 8, fill: turn ? "#e6f4ee" : "#fffaf0", stroke: turn ? "#1f8a70" : "#e2d5bd" }));
    group.append(svg("circle", { cx: 30, cy: top + 19, r: 9, fill: ctx.colour(seat) }));
    group.append(svg("text", { x: 46, y: top + 25, "font-size": 16, "font-weight": seat === ctx.you ? 700 : 400 }, ctx.seatName(seat)));
    counts.forEach((count, k) => {
      const x = 250 + k * 62;
      group.append(kueh(c.kuehLetters[k], x, top + 19, 11, names));
      group.append(svg("text", { x: x + 16, y: top + 25, "font-size": 16 }, String(count)));
    });
    const sets = (view.sets || [])[seat] ?? Math.min(...counts);
    group.append(svg("text", { x: 500, y: top + 25, "font-size": 16, "font-weight": 700, "data-sets": seat }, `${sets} set${sets === 1 ? "" : "s"}`));
    const [nyonyas, babas] = (view.hands || [])[seat] || [0, 0];
    group.append(svg("text", { x: 575, y: top + 25, "font-size": 14, fill: "#5a4632" }, `N${nyonyas} B${babas}`));
  });
  return group;
}

export function draw(ctx) {
  const view = ctx.view;
  const c = components(ctx);
  const names = Object.fromEntries(c.kuehLetters.map((l, i) => [l, c.kuehNames[i]]));
  names[c.wildLetter] = "any Kueh";
  const choicesY = BOARD_Y + CELL * c.rows + 44;
  const playersY = choicesY + 76;
  const height = playersY + view.kueh.length * 44 + 10;
  return svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img", "aria-label": "Peranakan board" },
    market(ctx, c, names, view),
    board(ctx, c, names, view),
    choices(ctx, c, names, view, choicesY),
    players(ctx, c, names, view, playersY));
}

export function hint(ctx) {
  return {
    take: "take a tile from the market (and the Kueh beside it)",
    choose_kueh: "choose the Kueh you collect",
    collect_kueh: "choose a Kueh",
    place: "place your tile on the board",
    pawn: "place a Nyonya or Baba on your tile, or not",
  }[ctx.view.phase] || "";
}
