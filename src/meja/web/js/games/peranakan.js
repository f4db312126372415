// Peranakan: Tiles and Tactics: the market with the Kueh beside each tile, the board of
// patterned tiles with the Nyonyas and Babas on them, the tile in hand with the choice being
// made, and each player's Kueh, sets and pawns.
//
// On a wide window the table is laid out landscape (market and board on the left, the tile in
// hand, the choices and the players on the right) so that it fits the window's height; on a
// narrow one it is a column: market, tile in hand and choices, board, players. On a phone the
// column is drawn about 0.75 px a unit, so no text there is smaller than 17 units (12.8 px).
//
// Each other player's last turn is marked on the space it went to, with their name, until their
// next turn: a ring and a tag drawn in dark and light, so they show on every pattern's colour.
// Pawns are outlined dark outside and light inside for the same reason, whatever the seat colour.

import { label, pretty, svg, title, wrapWords } from "../svg.js";

const PATTERN_COLOURS = { C: "#3b6ea5", B: "#c0508a", G: "#e3892b", P: "#2f9c7f" };
const KUEH_COLOURS = { t: "#f4efe2", o: "#4f9d3a", b: "#d9a441", a: "#d2463c" };
const INK = "#3d2b1f";
const MUTED = "#6b5640";
const PAPER = "#fffaf0";
const EDGE = "#e2d5bd";
const FONT = 16;
const OUTLINE = "#111111";

/** The smallest font of the layout being drawn, in viewBox units; draw() sets it. */
let smallest = 15;

/** A font size, raised to the layout's smallest. */
function fs(size) {
  return Math.max(size, smallest);
}

/** Where everything goes, in viewBox units: landscape on a wide window, a column otherwise. */
function geometry(ctx, c) {
  const players = ctx.view.kueh.length;
  if (ctx.wide) {
    const cell = 104;
    const board = { x: 46, y: 186, cell };
    const boardBottom = board.y + cell * c.rows + 40;
    const side = { x: 616, w: 374 };
    const hand = { x: side.x, y: 6, w: side.w };
    const playersTop = 352;
    const rowHeight = 64;
    const height = Math.max(boardBottom, playersTop + 34 + players * rowHeight + 6);
    return {
      wide: true,
      small: 15,
      width: 1000,
      height,
      market: { x: 36, y: 0, pitch: 108, size: 92 },
      board,
      hand,
      players: { x: side.x, y: playersTop, w: side.w, rowHeight },
    };
  }
  const cell = 86;
  const marketHeight = 150;
  const handHeight = 196;
  const board = { x: 38, y: marketHeight + handHeight + 18, cell };
  const playersTop = board.y + cell * c.rows + 44;
  const rowHeight = 50;
  return {
    wide: false,
    small: 17,
    width: 480,
    height: playersTop + 34 + players * rowHeight + 6,
    market: { x: 15, y: 0, pitch: 90, size: 78 },
    board,
    hand: { x: 6, y: marketHeight + 4, w: 468 },
    players: { x: 6, y: playersTop, w: 468, rowHeight },
  };
}

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

/** A name cut to at most n characters, with an ellipsis when cut. */
function shorten(text, n) {
  const chars = [...String(text)];
  return chars.length <= n ? chars.join("") : `${chars.slice(0, n - 1).join("")}…`;
}

/** Text as lines of at most about width units at size (a rough width per character). */
function wrap(text, width, size = fs(FONT)) {
  return wrapWords(text, width, size, 0.54);
}

function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "font-size": FONT, fill: INK, ...attrs }, content);
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

/** The pattern's name and the Kueh printed on a tile code such as "Bto". */
function describe(code, c, names) {
  const pattern = c.patterns[c.patternLetters.indexOf(code[0])] || code[0];
  const icons = code.slice(1).split("").map((i) => names[i] || "any Kueh");
  return { pattern: pretty(pattern), icons };
}

/** One tile face from its code, e.g. "Bto" (butterfly, tutu + ondeh). */
function tileFace(code, x, y, size, c, names) {
  const letter = code[0];
  const icons = code.slice(1).split("");
  const r = size * 0.11;
  const gap = r * 2.3;
  const start = x + size / 2 - ((icons.length - 1) * gap) / 2;
  const { pattern, icons: iconNames } = describe(code, c, names);
  return svg("g", { class: "tile" }, title(`${pattern} tile: ${iconNames.join(" + ")}`),
    svg("rect", { x, y, width: size, height: size, rx: size * 0.1, fill: PATTERN_COLOURS[letter] || "#888", stroke: INK, "stroke-width": 2 }),
    motif(letter, x, y, size),
    ...icons.map((icon, i) => kueh(icon, start + i * gap, y + size * 0.82, r, names)));
}

/** A board space: empty, one tile, or a stack written "bottom/top". */
function space(code, x, y, size, c, names) {
  if (code === "." || !code) return null;
  const r = size > 80 ? 11 : 10;
  const [bottom, top] = code.split("/");
  if (!top) return tileFace(bottom, x, y, size, c, names);
  const under = describe(bottom, c, names);
  return svg("g", {},
    svg("rect", { x: x + 5, y: y + 5, width: size, height: size, rx: size * 0.1, fill: INK, opacity: 0.55 }),
    tileFace(top, x, y, size, c, names),
    svg("g", {}, title(`stacked on a ${under.pattern} tile: no more tiles may go here`),
      svg("circle", { cx: x + size - r - 2, cy: y + r + 2, r, fill: "#fff", stroke: INK }),
      label(x + size - r - 2, y + r + 2.5, "2", { "font-size": fs(15), "font-weight": 700 })));
}

/** Relative luminance of a "#rrggbb" colour (WCAG 2). */
function luminance(hex) {
  const channel = (i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White or near-black, whichever reads better on fill. */
function inkOn(fill) {
  const lum = luminance(fill);
  return (1.05 / (lum + 0.05)) >= ((lum + 0.05) / (luminance(OUTLINE) + 0.05)) ? "#fff" : OUTLINE;
}

/** A pawn's letter, white or dark as reads best on its colour, haloed in the other so that it
 * stands out from any seat colour. */
function letter(x, y, kind, fill) {
  const ink = inkOn(fill);
  const halo = ink === OUTLINE ? "#fff" : OUTLINE;
  return label(x, y, kind, { fill: ink, stroke: halo, "stroke-width": 3, "paint-order": "stroke", "font-size": fs(15), "font-weight": 700 });
}

/**
 * A Nyonya (round) or Baba (square) in the seat's colour, of radius r; lettered when large.
 * A dark outer edge and a light inner one keep any seat colour apart from any tile under it.
 */
function pawn(kind, seat, x, y, ctx, r = 14) {
  const fill = ctx.colour(seat);
  const name = `${kind === "N" ? "Nyonya" : "Baba"} of ${ctx.seatName(seat)}`;
  const width = r > 10 ? 3 : 2;
  const shape = (attrs) => (kind === "N"
    ? svg("circle", { cx: x, cy: y, r, fill, ...attrs })
    : svg("rect", { x: x - r + 1, y: y - r + 1, width: 2 * r - 2, height: 2 * r - 2, rx: r / 3, fill, ...attrs }));
  return svg("g", { class: "pawn" }, title(name),
    shape({ stroke: OUTLINE, "stroke-width": width + (r > 10 ? 5 : 3) }),
    shape({ stroke: "#fff", "stroke-width": width }),
    r >= 12 ? letter(x, y + 1, kind, fill) : null);
}

// --- the market -----------------------------------------------------------------------------

function market(ctx, c, names, view, at) {
  const group = svg("g", { class: "market" });
  const { size, pitch } = at;
  view.market.forEach((code, i) => {
    const x = at.x + i * pitch + (pitch - size) / 2;
    const y = at.y + 28;
    const heading = i === 0 ? `Deck · ${view.deck_size ?? "?"}` : `Slot ${i}`;
    group.append(label(x + size / 2, at.y + 13, heading, { "font-size": fs(15), fill: MUTED, "font-weight": i === 0 ? 700 : 500 }));
    const slot = svg("g", { "data-market": c.market[i] });
    // The whole slot, tile and the Kueh beside it, is what is taken.
    slot.append(svg("rect", { class: "hl", x: x - 5, y: y - 5, width: size + 10, height: size + 46, rx: 12, fill: "#f6eedd", stroke: EDGE, "stroke-width": 1.5 }));
    if (code) slot.append(tileFace(code, x, y, size, c, names));
    else slot.append(svg("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 10, fill: "none", stroke: "#bfae8f", "stroke-dasharray": "6 4" }));
    const next = c.supplyNextTo[i];
    if (next !== undefined) {
      const wild = next === c.wild;
      const letter = wild ? c.wildLetter : c.kuehLetters[next];
      const ky = y + size + 20;
      slot.append(kueh(letter, x + size / 2 - 16, ky, 11, names));
      const left = wild ? "any" : String(view.supply[c.kuehTypes[next]] ?? "");
      slot.append(text(x + size / 2 - 1, ky + 5.5, left, { "font-size": fs(16), "font-weight": 600 }));
      slot.append(title(wild ? "take this tile and any 1 Kueh" : `take this tile and 1 ${names[letter]} (${left} left)`));
    }
    ctx.target(slot, `take ${c.market[i]}`);
    group.append(slot);
  });
  return group;
}

// --- the board ------------------------------------------------------------------------------

function board(ctx, c, names, view, at) {
  const group = svg("g", { class: "board" });
  const { cell } = at;
  const width = cell * c.cols;
  const height = cell * c.rows;
  group.append(svg("rect", { x: at.x - 10, y: at.y - 10, width: width + 20, height: height + 20, rx: 16, fill: "#e9dcc0", stroke: "#8a6d46", "stroke-width": 3 }));
  const cellGroups = {};
  for (let r = 0; r < c.rows; r++) {
    group.append(label(at.x - 24, at.y + r * cell + cell / 2, String(r + 1), { "font-size": fs(16), fill: "#8a6d46", "font-weight": 600 }));
    const cells = (view.board[r] || "").split(" ");
    for (let col = 0; col < c.cols; col++) {
      const name = `${c.columns[col]}${r + 1}`;
      const x = at.x + col * cell;
      const y = at.y + r * cell;
      const node = svg("g", { "data-cell": name });
      node.append(svg("rect", { class: "hl", x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10, fill: "#f4ead5", stroke: "#d8c7a4", "stroke-width": 1.5 }));
      const drawn = space(cells[col], x + 7, y + 7, cell - 14, c, names);
      if (drawn) node.append(drawn);
      if (view.placed === name) {
        node.append(svg("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10, fill: "none", stroke: "#e0a100", "stroke-width": 5 }));
      }
      if (ctx.byText.has(`place ${name}`)) {
        if (drawn) node.append(title(`stack your tile on ${name}`));
        else node.append(svg("rect", { class: "slot", x: x + 12, y: y + 12, width: cell - 24, height: cell - 24, rx: 8 }), title(`place your tile on ${name}`));
      }
      ctx.target(node, `place ${name}`);
      cellGroups[name] = node;
      group.append(node);
    }
  }
  for (let col = 0; col < c.cols; col++) {
    group.append(label(at.x + col * cell + cell / 2, at.y + height + 26, c.columns[col], { "font-size": fs(16), fill: "#8a6d46", "font-weight": 600 }));
  }
  const perCell = {};
  for (const token of view.pawns || []) {
    const match = /^([NB])(\d+)@([a-z]\d+)$/.exec(token);
    if (!match) continue;
    const [, kind, seat, name] = match;
    const index = (perCell[name] = (perCell[name] || 0) + 1) - 1;
    const col = c.columns.indexOf(name[0]);
    const row = Number(name.slice(1)) - 1;
    const r = cell > 96 ? 14 : 12;
    const x = at.x + col * cell + r + 8 + index * (2 * r + 1);
    (cellGroups[name] || group).append(pawn(kind, Number(seat), x, at.y + row * cell + r + 8, ctx, r));
  }
  for (const [name, seats] of lastCells(ctx)) group.append(lastMove(ctx, c, at, name, seats));
  return group;
}

/** The space each other player's last turn laid its tile on (from the records of the log),
 * with the seats whose turn it was: a wild Kueh chosen since touches no space. */
function lastCells(ctx) {
  const cells = new Map();
  for (const [seat, steps] of ctx.lastMoves || []) {
    if (seat === ctx.you) continue;
    const cell = steps.map((record) => record.cell).filter(Boolean).pop();
    if (cell) cells.set(cell, [...(cells.get(cell) || []), seat]);
  }
  return cells;
}

/** A ring round the space in the first seat's colour, edged dark, and a tag with the names
 * across its lower edge; clicks go through it to the space. */
function lastMove(ctx, c, at, name, seats) {
  const { cell } = at;
  const x = at.x + c.columns.indexOf(name[0]) * cell;
  const y = at.y + (Number(name.slice(1)) - 1) * cell;
  const size = fs(15);
  const words = seats.map((seat) => shorten(ctx.seatName(seat), 8)).join(" · ");
  const w = [...words].length * size * 0.56 + 14;
  const h = size + 6;
  const left = Math.min(Math.max(x + cell / 2 - w / 2, at.x - 8), at.x + cell * c.cols + 8 - w);
  const ring = { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10, fill: "none" };
  return svg("g", { class: "last-move", "data-last-move": seats.join(" "), "data-at": name, "pointer-events": "none" },
    svg("rect", { ...ring, stroke: OUTLINE, "stroke-width": 8 }),
    svg("rect", { ...ring, stroke: ctx.colour(seats[0]), "stroke-width": 4 }),
    svg("rect", { x: left, y: y + cell - 8, width: w, height: h, rx: h / 2, fill: OUTLINE, stroke: "#fff", "stroke-width": 1.5 }),
    label(left + w / 2, y + cell - 8 + h / 2 + 1, words, { fill: "#fff", "font-size": size, "font-weight": 600 }));
}

// --- the tile in hand and the choice being made ----------------------------------------------

/** The buttons of the decision shown: one per Kueh type, or the three pawn choices. */
function choiceButtons(ctx, c, names, view) {
  const phase = view.phase;
  if (phase === "choose_kueh" || phase === "collect_kueh") {
    return c.kuehTypes.map((type, k) => ({
      text: `kueh ${type}`,
      caption: c.kuehNames[k],
      detail: `${view.supply[type] ?? 0} left`,
      icon: (x, y) => kueh(c.kuehLetters[k], x, y, 15, names),
    }));
  }
  if (phase === "pawn") {
    const seat = view.to_move;
    const [nyonyas, babas] = (view.hands || [])[seat] || [0, 0];
    return [
      { text: "nyonya", caption: "Nyonya", detail: `${nyonyas} in hand`, icon: (x, y) => pawn("N", seat, x, y, ctx, 15) },
      { text: "baba", caption: "Baba", detail: `${babas} in hand`, icon: (x, y) => pawn("B", seat, x, y, ctx, 15) },
      { text: "no pawn", caption: "No pawn", detail: "just the tile" },
    ];
  }
  return [];
}

/** What the player to move is deciding, as a heading and a line of explanation. */
function decisionText(ctx, view) {
  const seat = view.to_move;
  const mine = ctx.legal.length > 0;
  const who = mine ? "You" : shorten(ctx.seatName(seat), 14);
  switch (view.phase) {
    case "take":
      return mine
        ? ["Take a tile", "Click a market slot: you get its tile and the Kueh shown below it (any Kueh from slot 4)."]
        : [`${who} takes a tile`, "They get the tile and the Kueh below it."];
    case "choose_kueh":
      return mine
        ? ["Wild slot: choose any Kueh", ""]
        : [`${who} chooses a Kueh`, "Slot 4 gives any 1 Kueh."];
    case "place":
      return mine
        ? ["Place your tile", "Click an empty space, or a space with one tile to stack on it."]
        : [`${who} places the tile`, ""];
    case "pawn":
      return mine
        ? [`Add a Nyonya or Baba on ${view.placed}?`, ""]
        : [`${who} may add a Nyonya or Baba`, ""];
    case "collect_kueh": {
      const left = view.wild_left ?? 1;
      const whose = mine ? "Your" : `${shorten(ctx.seatName(view.wild_seat ?? seat), 14)}'s`;
      return [mine ? `Choose a wild Kueh · ${left} left` : `${whose} wild Kueh · ${left} left`,
        mine ? "" : `${whose} Nyonya or Baba collected a wild icon.`];
    }
    case "over":
      return ["Game over", "Most sets of 4 different Kueh wins; then most Kueh."];
    default:
      return ["Dealing the market", ""];
  }
}

/** A reminder of the rule behind the decision, beside the empty tile space. */
function aside(view) {
  if (view.phase === "pawn" || view.phase === "collect_kueh") {
    return "Nyonya: collects when her row and column are full. Baba: when all spaces around him are full.";
  }
  if (view.phase === "take") return "The tile taken from the market goes here, to be placed.";
  return "";
}

/** A choice button; one that cannot be chosen now is greyed, its words still readable. */
function button(ctx, move, x, y, w, h) {
  const legal = ctx.byText.has(move.text);
  const node = svg("g", { "data-choice": move.text });
  node.append(svg("rect", { class: "hl", x, y, width: w, height: h, rx: 12, fill: legal ? "#fff" : "#f1ebe0", stroke: "#bfae8f", "stroke-width": 2 }));
  const tx = move.icon ? x + 38 : x + w / 2;
  const anchor = move.icon ? "start" : "middle";
  if (move.icon) node.append(svg("g", { opacity: legal ? 1 : 0.45 }, move.icon(x + 20, y + h / 2)));
  node.append(text(tx, y + h / 2 - 3, move.caption, { "font-size": fs(16), "font-weight": 700, "text-anchor": anchor, fill: legal ? INK : MUTED }));
  node.append(text(tx, y + h / 2 + 16, move.detail, { "font-size": fs(15), fill: MUTED, "text-anchor": anchor }));
  if (legal) ctx.target(node, move.text);
  return node;
}

/** The tile in hand, what is being decided, and its buttons; a column part or a strip. */
function hand(ctx, c, names, view, at, wide) {
  const group = svg("g", { class: "hand" });
  const height = wide ? 334 : 196;
  group.append(svg("rect", { x: at.x, y: at.y, width: at.w, height, rx: 12, fill: PAPER, stroke: EDGE, "stroke-width": 1.5 }));
  const mine = view.to_move === ctx.you;
  const holder = !wide ? "In hand" : view.held ? (mine ? "Your tile" : `${shorten(ctx.seatName(view.to_move), 12)}'s tile`) : "No tile in hand";
  const size = wide ? 100 : 72;
  const tx = at.x + 14;
  const ty = at.y + 32;
  group.append(text(tx, at.y + 22, holder, { "font-size": fs(15), fill: MUTED, "font-weight": 600 }));
  if (view.held) {
    group.append(tileFace(view.held, tx, ty, size, c, names));
  } else {
    group.append(svg("rect", { x: tx + 2, y: ty + 2, width: size - 4, height: size - 4, rx: 10, fill: "none", stroke: "#cdbd9c", "stroke-dasharray": "6 4" }));
  }
  const [heading, line] = decisionText(ctx, view);
  // Beside the tile on a wide window: its pattern and Kueh, then the decision below both.
  const x = wide ? at.x + 14 : at.x + size + 28;
  const w = wide ? at.w - 28 : at.w - size - 40;
  let y = wide ? ty + size + 30 : at.y + 28;
  if (!wide && view.held) {
    group.append(label(tx + size / 2, ty + size + 18, describe(view.held, c, names).pattern, { "font-size": fs(15), fill: MUTED }));
  }
  if (wide && view.held) {
    const info = describe(view.held, c, names);
    const ix = tx + size + 16;
    group.append(text(ix, ty + 20, `${info.pattern} tile`, { "font-size": fs(17), "font-weight": 700 }));
    info.icons.forEach((name, i) => {
      const iy = ty + 48 + i * 26;
      group.append(kueh(view.held.slice(1)[i], ix + 10, iy - 5, 9, names));
      group.append(text(ix + 26, iy, name, { "font-size": fs(15) }));
    });
  }
  if (wide && !view.held) {
    const ix = tx + size + 16;
    wrap(aside(view), at.x + at.w - 14 - ix, fs(15)).forEach((part, i) => {
      group.append(text(ix, ty + 18 + i * 21, part, { "font-size": fs(15), fill: MUTED }));
    });
  }
  group.append(text(x, y, heading, { "font-size": fs(18), "font-weight": 700 }));
  y += 12;
  const buttons = choiceButtons(ctx, c, names, view);
  if (!buttons.length) {
    for (const part of wrap(line, w, fs(15))) {
      y += 22;
      group.append(text(x, y, part, { "font-size": fs(15), fill: MUTED }));
    }
    return group;
  }
  const gap = 8;
  const bw = (w - gap) / 2;
  const bh = 60;
  buttons.forEach((move, i) => {
    const bx = x + (i % 2) * (bw + gap);
    const by = y + Math.floor(i / 2) * (bh + gap);
    group.append(button(ctx, move, bx, by, bw, bh));
  });
  return group;
}

// --- the players ----------------------------------------------------------------------------

function players(ctx, c, names, view, at, wide) {
  const group = svg("g", { class: "players" });
  const { rowHeight } = at;
  // Columns: wide rows have the name and sets above the Kueh and pawns; narrow rows are one line.
  const kx = wide ? at.x + 26 : at.x + 128;
  const kStep = wide ? 54 : 48;
  const px = wide ? at.x + at.w - 98 : at.x + at.w - 70;
  const setsX = wide ? at.x + at.w - 14 : at.x + 316;
  group.append(text(at.x + 4, at.y + 18, "Kueh collected", { "font-size": fs(15), fill: MUTED, "font-weight": 600 }));
  group.append(text(px + 26, at.y + 18, "in hand", { "font-size": fs(15), fill: MUTED, "font-weight": 600, "text-anchor": "middle" }));
  view.kueh.forEach((counts, seat) => {
    const top = at.y + 28 + seat * rowHeight;
    const turn = view.to_move === seat;
    const row = svg("g", { "data-player": seat });
    row.append(svg("rect", { x: at.x, y: top, width: at.w, height: rowHeight - 6, rx: 10, fill: turn ? "#e6f4ee" : PAPER, stroke: turn ? "#1f8a70" : EDGE, "stroke-width": turn ? 2.5 : 1.5 }));
    const sets = (view.sets || [])[seat] ?? Math.min(...counts);
    const [nyonyas, babas] = (view.hands || [])[seat] || [0, 0];
    const you = seat === ctx.you;
    const name = `${shorten(ctx.seatName(seat), wide ? 18 : 9)}${you && wide ? " (you)" : ""}`;
    const line1 = wide ? top + 22 : top + rowHeight / 2 + 2;
    const line2 = wide ? top + 46 : line1;
    row.append(title(`${ctx.seatName(seat)}: ${counts.map((n, k) => `${n} ${c.kuehNames[k]}`).join(", ")}`));
    row.append(svg("circle", { cx: at.x + 16, cy: line1 - 5, r: 8, fill: ctx.colour(seat) }));
    row.append(text(at.x + 30, line1, name, { "font-size": fs(16), "font-weight": you ? 700 : 400 }));
    counts.forEach((count, k) => {
      const x = kx + k * kStep;
      row.append(kueh(c.kuehLetters[k], x, line2 - 5, 10, names));
      row.append(text(x + 14, line2, String(count), { "font-size": fs(16) }));
    });
    const setsText = `${sets} set${sets === 1 ? "" : "s"}`;
    row.append(text(setsX, line1, setsText, { "font-size": fs(16), "font-weight": 700, "text-anchor": wide ? "end" : "start", "data-sets": seat }));
    row.append(svg("g", {}, title(`in hand: ${nyonyas} Nyonya${nyonyas === 1 ? "" : "s"}, ${babas} Baba${babas === 1 ? "" : "s"}`),
      pawn("N", seat, px, line2 - 5, ctx, 8), text(px + 13, line2, String(nyonyas)),
      pawn("B", seat, px + 36, line2 - 5, ctx, 8), text(px + 49, line2, String(babas))));
    group.append(row);
  });
  return group;
}

export function draw(ctx) {
  const view = ctx.view;
  const c = components(ctx);
  const names = Object.fromEntries(c.kuehLetters.map((l, i) => [l, c.kuehNames[i]]));
  names[c.wildLetter] = "any Kueh";
  const at = geometry(ctx, c);
  smallest = at.small;
  return svg("svg", { viewBox: `0 0 ${at.width} ${at.height}`, role: "img", "aria-label": "Peranakan table", "font-family": "inherit" },
    market(ctx, c, names, view, at.market),
    board(ctx, c, names, view, at.board),
    hand(ctx, c, names, view, at.hand, at.wide),
    players(ctx, c, names, view, at.players, at.wide));
}

export function hint(ctx) {
  const view = ctx.view;
  return {
    take: "take a tile from the market, with the Kueh below it",
    choose_kueh: "the wild slot gives any Kueh: choose one",
    collect_kueh: `your Nyonya or Baba collected a wild icon: choose any Kueh (${view.wild_left ?? 1} to choose)`,
    place: "place your tile on the board",
    pawn: `add a Nyonya or Baba on ${view.placed}, or not`,
  }[view.phase] || "";
}
