// Te Kuiti: the 5x5 field of face-down tiles with the fences between them.

import { label, pretty, svg, title, wrapWords } from "../svg.js";

const W = 600;
const TILE = 84;
const GAP = 22;
const PITCH = TILE + GAP;
const Y0 = 70;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const MINI = 30;
/** Half the width of a fence's tap band: at least 24 px across on a phone's 0.6 scale. */
const HIT = 22;
/** The dark edge that keeps a mark visible on the green field and on every tile. */
const INK = "#1b1b1b";
/** The red of tiles turning back: 3:1 against the field and the tiles, and under white text. */
const TURN_BACK = "#9c3a25";

/**
 * The field's size from the game's components, and where it sits: a grid of PITCH at (x0, y0).
 * text is the board's usual text size: on a narrow window, where the board is scaled down to
 * about 0.6, big enough to stay 12 px high on a phone.
 */
function fieldShape(ctx) {
  const cols = ctx.components.COLS;
  const rows = ctx.components.ROWS;
  const x0 = ctx.wide ? 50 : W - PITCH * cols - HIT - 8;
  const text = ctx.wide ? 15 : 20;
  return { cols, rows, x0, y0: Y0, pitch: PITCH, columns: LETTERS.slice(0, cols), text, wide: ctx.wide };
}
const SHEEP_TINT = {
  joyful: "#ffe08a",
  sleepy: "#c9b8e8",
  timid: "#b9dcf2",
  angry: "#f2a38f",
  dreamy: "#f6c1dc",
};

function cellXY(shape, name) {
  const col = shape.columns.indexOf(name[0]);
  const row = Number.parseInt(name.slice(1), 10) - 1;
  return [shape.x0 + col * shape.pitch, shape.y0 + row * shape.pitch];
}

/** The two ends of a fence such as "c2n" (north side of c2). */
function fenceLine(shape, name) {
  const [x, y] = cellXY(shape, name);
  const p = shape.pitch;
  const side = name[name.length - 1];
  if (side === "n") return [x, y, x + p, y];
  if (side === "s") return [x, y + p, x + p, y + p];
  if (side === "w") return [x, y, x, y + p];
  return [x + p, y, x + p, y + p];
}

/** A fence line shortened by d at both ends, as SVG line attributes. */
function inset([x1, y1, x2, y2], d) {
  return y1 === y2 ? { x1: x1 + d, y1, x2: x2 - d, y2 } : { x1, y1: y1 + d, x2, y2: y2 - d };
}

/**
 * An invisible band along a fence line that is easy to hit with a finger: 2 * HIT across,
 * pointed at both ends, so that the bands of fences meeting at a corner do not overlap.
 */
function hitArea([x1, y1, x2, y2]) {
  const h = HIT;
  const d = y1 === y2
    ? `M${x1 + 2},${y1} L${x1 + h + 2},${y1 - h} H${x2 - h - 2} L${x2 - 2},${y1} L${x2 - h - 2},${y1 + h} H${x1 + h + 2} Z`
    : `M${x1},${y1 + 2} L${x1 + h},${y1 + h + 2} V${y2 - h - 2} L${x1},${y2 - 2} L${x1 - h},${y2 - h - 2} V${y1 + h + 2} Z`;
  return svg("path", { d, fill: "transparent", class: "hit" });
}

function daisy(x, y) {
  return svg("g", {}, title("daisy"),
    ...[0, 1, 2, 3, 4].map((i) => svg("ellipse", {
      cx: x + 6 * Math.cos((i * 2 * Math.PI) / 5), cy: y + 6 * Math.sin((i * 2 * Math.PI) / 5), rx: 4, ry: 4, fill: "#fff", stroke: "#7a6a40",
    })),
    svg("circle", { cx: x, cy: y, r: 3.5, fill: "#f2c200" }));
}

/** A face-up tile: a sheep of some kind, a ram or a shepherd. */
function faceUp(kind, x, y, size) {
  const [base, flower] = kind.split("_daisy");
  const group = svg("g", { class: "face-up" }, title(pretty(kind.replace("_daisy", " (daisy)"))));
  const cx = x + TILE / 2;
  const cy = y + TILE / 2 - 6;
  group.append(svg("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 10, fill: "#f7f3e6", stroke: "#6b5b3e", "stroke-width": 2 }));
  if (base === "ram") {
    group.append(svg("circle", { cx, cy, r: 20, fill: "#cfc3a8" }),
      svg("path", { d: `M${cx - 18},${cy - 8} q-14,-10 -6,10 M${cx + 18},${cy - 8} q14,-10 6,10`, stroke: "#6b5b3e", "stroke-width": 5, fill: "none" }));
  } else if (base === "shepherd") {
    group.append(svg("circle", { cx, cy: cy - 10, r: 10, fill: "#e8c39e" }),
      svg("rect", { x: cx - 12, y: cy, width: 24, height: 22, rx: 6, fill: "#5c7c4a" }),
      svg("path", { d: `M${cx + 20},${cy + 24} V${cy - 18} q0,-8 -8,-8`, stroke: "#6b5b3e", "stroke-width": 3, fill: "none" }));
  } else {
    const tint = SHEEP_TINT[base] || "#eee";
    for (const [dx, dy] of [[-14, -6], [0, -12], [14, -6], [-10, 8], [10, 8], [0, 2]]) {
      group.append(svg("circle", { cx: cx + dx, cy: cy + dy, r: 12, fill: tint, stroke: "#fff", "stroke-width": 1 }));
    }
    group.append(svg("ellipse", { cx, cy: cy + 2, rx: 8, ry: 10, fill: "#3a3226" }));
  }
  group.append(label(cx, y + TILE - 6 - size / 2, pretty(base), { "font-size": size, "font-weight": 600, fill: INK }));
  if (flower !== undefined) group.append(daisy(x + TILE - 14, y + 14));
  return group;
}

function faceDown(x, y) {
  return svg("g", { class: "face-down" }, title("face-down tile"),
    svg("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 10, fill: "#4f7a3a", stroke: "#2f4a22", "stroke-width": 2 }),
    svg("rect", { x: x + 10, y: y + 10, width: TILE - 20, height: TILE - 20, rx: 6, fill: "none", stroke: "rgba(255,255,255,0.35)", "stroke-width": 2, "stroke-dasharray": "4 4" }));
}

/** The mark on a turned tile that does not match: both players see it until the next move. */
/**
 * The mark on a turned tile that does not match: both players see it until the next move. On a
 * narrow window its tag has no room for words big enough; the panel below says it instead.
 */
function turnBackMark(x, y, wide) {
  return svg("g", { class: "turning-back", "data-turning-back": "" }, title("no match: turned back face down after the next move"),
    svg("rect", { x: x - 3, y: y - 3, width: TILE + 6, height: TILE + 6, rx: 12, fill: "none", stroke: TURN_BACK, "stroke-width": 4, "stroke-dasharray": "7 5" }),
    wide ? svg("rect", { x: x - 4, y: y - 9, width: TILE + 8, height: 17, rx: 5, fill: TURN_BACK }) : null,
    wide ? label(x + TILE / 2, y - 0.5, "turned back next", { "font-size": 10, fill: "#fff", "font-weight": 700 }) : null);
}

/**
 * The field the last round ended on, small: its tiles as they lay, its enclosures and fences.
 * Every seat sees it, as at the table, until the next move.
 */
function endedField(shape, ended, x, y, k) {
  const grid = { ...shape, x0: x, y0: y, pitch: MINI * k };
  const size = grid.pitch;
  const group = svg("g", { class: "ended-field", "data-ended-round": ended.round });
  group.append(svg("rect", { x: x - 4, y: y - 4, width: size * shape.cols + 8, height: size * shape.rows + 8, rx: 6, fill: "#a9c97f", stroke: "#6f8f4a" }));
  const enclosed = new Set(ended.enclosed || []);
  ended.cells.forEach((state, index) => {
    const name = `${shape.columns[index % shape.cols]}${Math.floor(index / shape.cols) + 1}`;
    const [cx, cy] = cellXY(grid, name);
    const base = state.replace("_daisy", "");
    const tip = state === "down" ? "face down" : state === "gone" ? "taken off the field" : pretty(state.replace("_daisy", " (daisy)"));
    const cell = svg("g", { "data-ended-cell": name }, title(`${name}: ${tip}${enclosed.has(name) ? ", enclosed" : ""}`));
    if (state === "down") cell.append(svg("rect", { x: cx + 2, y: cy + 2, width: size - 4, height: size - 4, rx: 4, fill: "#4f7a3a", stroke: "#2f4a22" }));
    else if (state === "gone") cell.append(svg("rect", { x: cx + 4, y: cy + 4, width: size - 8, height: size - 8, rx: 3, fill: "none", stroke: "#7e9a5c", "stroke-dasharray": "3 3" }));
    else {
      cell.append(svg("rect", { x: cx + 2, y: cy + 2, width: size - 4, height: size - 4, rx: 4, fill: SHEEP_TINT[base] || "#f7f3e6", stroke: "#6b5b3e" }),
        label(cx + size / 2, cy + size / 2, pretty(base).slice(0, 2), { "font-size": shape.wide ? 12 * k : 20, "font-weight": 600, fill: INK }));
    }
    if (enclosed.has(name)) cell.append(svg("rect", { x: cx, y: cy, width: size, height: size, rx: 4, fill: "rgba(120, 72, 28, 0.35)" }));
    group.append(cell);
  });
  for (const fence of ended.fences || []) {
    group.append(svg("line", { ...inset(fenceLine(grid, fence), 2), stroke: "#7a4b1e", "stroke-width": 4 * k, "stroke-linecap": "round" }));
  }
  return group;
}

function field(ctx, shape, view) {
  const group = svg("g", { class: "field" });
  group.append(svg("rect", { x: shape.x0 - 16, y: Y0 - 16, width: PITCH * shape.cols + 32, height: PITCH * shape.rows + 32, rx: 18, fill: "#a9c97f", stroke: "#6f8f4a", "stroke-width": 3 }));
  const enclosed = new Set(view.enclosed || []);
  const turningBack = new Set(view.turning_back || []);
  (view.cells || []).forEach((state, index) => {
    const name = `${shape.columns[index % shape.cols]}${Math.floor(index / shape.cols) + 1}`;
    const [cx, cy] = cellXY(shape, name);
    const x = cx + GAP / 2;
    const y = cy + GAP / 2;
    const cell = svg("g", { "data-cell": name });
    cell.append(svg("rect", { class: "hl", x, y, width: TILE, height: TILE, rx: 10, fill: "none", stroke: "transparent", "stroke-width": 4 }));
    if (state === "down") cell.append(faceDown(x, y));
    else if (state === "gone") cell.append(svg("rect", { x: x + 6, y: y + 6, width: TILE - 12, height: TILE - 12, rx: 8, fill: "none", stroke: "#7e9a5c", "stroke-dasharray": "5 5" }));
    else cell.append(faceUp(state, x, y, shape.wide ? 15 : 20));
    if (enclosed.has(name)) {
      cell.append(svg("rect", { x, y, width: TILE, height: TILE, rx: 10, fill: "rgba(120, 72, 28, 0.35)" }, title("enclosed")));
    }
    if (turningBack.has(name)) cell.append(turnBackMark(x, y, shape.wide));
    if (view.flipping === name) cell.append(ring(x - 3, y - 3, TILE + 6, TILE + 6, "#ffd34d"));
    ctx.target(cell, `flip ${name}`);
    group.append(cell);
  });
  for (let i = 0; i < shape.cols; i++) {
    group.append(label(shape.x0 + i * PITCH + PITCH / 2, Y0 - 30, shape.columns[i], { "font-size": shape.text, fill: "#3d4d2a" }));
  }
  for (let i = 0; i < shape.rows; i++) {
    group.append(label(shape.x0 - 30, Y0 + i * PITCH + PITCH / 2, String(i + 1), { "font-size": shape.text, fill: "#3d4d2a" }));
  }
  return group;
}

/** A ring that stays visible on any tile and on the field: a dark edge under a coloured one. */
function ring(x, y, width, height, colour) {
  return svg("g", { class: "ring" },
    svg("rect", { x, y, width, height, rx: 12, fill: "none", stroke: INK, "stroke-width": 7 }),
    svg("rect", { x, y, width, height, rx: 12, fill: "none", stroke: colour, "stroke-width": 3.5 }));
}

/** A seat's name on a dark tag, centred at (x, y). */
function nameTag(shape, x, y, name) {
  const text = name.length > 10 ? `${name.slice(0, 9)}…` : name;
  const size = shape.text;
  const width = text.length * size * 0.6 + 12;
  return svg("g", { class: "name-tag" },
    svg("rect", { x: x - width / 2, y: y - size * 0.7, width, height: size * 1.4, rx: size * 0.7, fill: INK, stroke: "#fff", "stroke-width": 1.5 }),
    label(x, y, text, { "font-size": size, fill: "#fff", "font-weight": 700 }));
}

/** Where a fence stands, as a box around its line. */
function fenceBox(shape, fence, pad) {
  const [x1, y1, x2, y2] = fenceLine(shape, fence);
  return y1 === y2
    ? { x: x1 + 4, y: y1 - pad, width: x2 - x1 - 8, height: 2 * pad }
    : { x: x1 - pad, y: y1 + 4, width: 2 * pad, height: y2 - y1 - 8 };
}

/**
 * Each other seat's last completed move, marked where it touched the field until that seat
 * moves again: a ring in its colour on each cell it turned or took, a band on each fence it put
 * up or took down, and its name on the last of them. Only what the log's records say is used.
 */
function lastMoves(ctx, shape, view) {
  const group = svg("g", { class: "last-moves", "pointer-events": "none" }); // taps go to what lies below
  for (const [seat, records] of ctx.lastMoves || []) {
    if (seat === view.seat) continue;
    const colour = ctx.colour(seat);
    const name = ctx.seatName(seat);
    let tag = null;
    for (const record of records) {
      if (record.round !== view.round) continue;
      for (const cell of record.cells || (record.cell ? [record.cell] : [])) {
        const [cx, cy] = cellXY(shape, cell);
        group.append(svg("g", { "data-last-move": seat, "data-mark-cell": cell }, title(`${name}'s last move`),
          ring(cx + GAP / 2 - 6, cy + GAP / 2 - 6, TILE + 12, TILE + 12, colour)));
        tag = [cx + PITCH / 2, cy + PITCH / 2];
      }
      if (record.fence) {
        const box = fenceBox(shape, record.fence, 10);
        group.append(svg("g", { "data-last-move": seat, "data-mark-fence": record.fence }, title(`${name}'s last move`),
          svg("rect", { ...box, rx: 10, fill: "none", stroke: INK, "stroke-width": 6 }),
          svg("rect", { ...box, rx: 10, fill: "none", stroke: colour, "stroke-width": 3 })));
        const middle = box.x + box.width / 2;
        const edge = shape.x0 + 50;
        tag = [Math.min(shape.x0 + PITCH * shape.cols - 50, Math.max(edge, middle)), box.y + box.height / 2];
      }
    }
    if (tag) group.append(nameTag(shape, tag[0], tag[1], name));
  }
  return group;
}

function fences(ctx, shape, view) {
  const group = svg("g", { class: "fences" });
  for (const move of ctx.legal) {
    const match = /^fence ([a-z]\d+[nsew])$/.exec(move.text);
    if (!match) continue;
    const line = fenceLine(shape, match[1]);
    const slot = svg("g", { "data-fence": match[1], class: "fence-slot" },
      svg("line", { class: "hl", ...inset(line, 8), stroke: "rgba(31,138,112,0.45)", "stroke-width": 10, "stroke-linecap": "round", "stroke-dasharray": "8 6" }),
      hitArea(line));
    group.append(ctx.target(slot, move.text));
  }
  for (const fence of view.fences || []) {
    const line = fenceLine(shape, fence);
    const bar = svg("g", { "data-fence": fence, class: "fence" }, title(`fence ${fence}`),
      svg("line", { class: "hl", ...inset(line, 6), stroke: "#7a4b1e", "stroke-width": 10, "stroke-linecap": "round" }),
      hitArea(line));
    group.append(ctx.target(bar, `remove ${fence}`));
  }
  return group;
}

/** Rounds, roles, fences and scores: beside the field on a wide window, below it otherwise. */
function panel(ctx, shape, view, x, y, width, k = 1) {
  const group = svg("g", { class: "panel", transform: `translate(${x}, ${y})` });
  const roles = [];
  if (view.shepherd !== null && view.shepherd !== undefined) roles.push(`Shepherd: ${ctx.seatName(view.shepherd)}`);
  if (view.sheep !== null && view.sheep !== undefined) roles.push(`Sheep: ${ctx.seatName(view.sheep)}`);
  group.append(svg("text", { x: 0, y: 22 * k, "font-size": 20 * k, "font-weight": 700 }, view.num_players === 1 ? "Solo game" : `Round ${view.round ?? 1}`));
  let top = 50 * k;
  const wrap = width < 420;
  for (const role of wrap ? roles : [roles.join(" · ")]) {
    if (!role) continue;
    group.append(svg("text", { x: 0, y: top, "font-size": 16 * k }, role));
    top += 24 * k;
  }
  group.append(svg("text", { x: 0, y: top, "font-size": 16 * k }, `Fences left: ${view.supply ?? "?"}`));
  top += 24 * k;
  if (view.fences_to_place) {
    group.append(svg("text", { x: 0, y: top, "font-size": 16 * k, "font-weight": 700, fill: "#176a56" }, `To place now: ${view.fences_to_place}`));
    top += 24 * k;
  }
  top += 10 * k;
  (view.scores || []).forEach((score, seat) => {
    const rounds = (view.round_scores || []).map((r) => r[seat]).join(" + ");
    const sx = wrap ? 0 : seat * (width / 2);
    const sy = wrap ? top + seat * 28 * k : top;
    group.append(svg("circle", { cx: sx + 8 * k, cy: sy - 6 * k, r: 8 * k, fill: ctx.colour(seat) }));
    group.append(svg("text", { x: sx + 22 * k, y: sy, "font-size": 17 * k, "data-score": seat }, `${ctx.seatName(seat)}: ${score}${rounds ? ` (${rounds})` : ""}`));
  });
  top += wrap ? (view.scores || []).length * 28 * k + 6 : 34 * k;
  const removed = Object.entries(view.removed || {}).map(([kind, n]) => `${pretty(kind.replace("_daisy", ""))}${kind.includes("daisy") ? "*" : ""}\u00a0×${n}`);
  if (removed.length) {
    group.append(svg("text", { x: 0, y: top, "font-size": 14 * k, fill: "#5a4632" }, "Taken off the field:"));
    for (const line of wrapWords(removed.join(", "), width, 14 * k, 0.6)) {
      top += 20 * k;
      group.append(svg("text", { x: 0, y: top, "font-size": 14 * k, fill: "#5a4632" }, line));
    }
    top += 10;
  }
  if ((view.turning_back || []).length) {
    top += 14 * k;
    group.append(svg("text", { x: 0, y: top, "font-size": 15 * k, "font-weight": 700, fill: "#b5462f" }, "No match: these go face down"));
    group.append(svg("text", { x: 0, y: top + 20 * k, "font-size": 15 * k, fill: "#b5462f" }, "after the next move."));
    top += 30 * k;
  }
  const ended = view.ended_round;
  if (ended) {
    top += 24 * k;
    group.append(svg("text", { x: 0, y: top, "font-size": 16 * k, "font-weight": 700, fill: "#5a4632" }, `Round ${ended.round} ended on this field`));
    top += 18 * k;
    group.append(endedField(shape, ended, 4, top, k));
    top += MINI * k * shape.rows + 8;
  }
  return { node: group, height: top + 10 };
}

export function draw(ctx) {
  const view = ctx.view;
  const shape = fieldShape(ctx);
  const fieldBottom = Y0 + PITCH * shape.rows + HIT + 4;
  const fieldRight = shape.x0 + PITCH * shape.cols + 20;
  const side = ctx.wide ? panel(ctx, shape, view, fieldRight + 30, Y0 - 10, 300) : panel(ctx, shape, view, 20, fieldBottom + 10, W - 40, 1.45);
  const width = ctx.wide ? fieldRight + 340 : W;
  const height = ctx.wide ? Math.max(fieldBottom, Y0 + side.height) : fieldBottom + 10 + side.height;
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Te Kuiti field" },
    view.end_of_round ? svg("text", { x: shape.x0 + (PITCH * shape.cols) / 2, y: 18, "text-anchor": "middle", "font-size": shape.text, fill: "#3d4d2a" }, "The last open tiles stay face up") : null,
    field(ctx, shape, view),
    fences(ctx, shape, view),
    lastMoves(ctx, shape, view),
    side.node);
}

/**
 * How long a state stays on screen before the next one is drawn: sheep that did not match go
 * face down at the next move, and the field a round ended on goes with it, which a bot makes
 * at once, so give both players a look (T4a).
 */
export function holdMs(view) {
  return (view.turning_back || []).length || view.ended_round ? 2000 : 0;
}

export function hint(ctx) {
  return {
    shepherd: "place a fence between tiles or on the edge",
    bonus: "place the shepherd's extra fence",
    flip: "flip a face-down tile",
    ram: "the ram removes a fence: choose one",
  }[ctx.view.phase] || "";
}
