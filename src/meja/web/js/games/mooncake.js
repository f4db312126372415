// @ts-check
// Mooncake Master: each player's three mooncakes made of quarter tiles, the tiles in hand with
// the keep/pass choice being made, the customers and the Festive Points.
//
// On a wide window your cakes, tiles and choice are on the left and the customers and the
// other bakers on the right; on a narrow one everything is stacked, your part first.
//
// A tile is drawn, never named by a code: its paste by fill and texture (lotus smooth and
// light, red bean dark and speckled, green tea streaked), hazelnuts round with a pale cap,
// watermelon seeds black and pointed, half yolks as half discs on its straight edges. Each
// tile is named in words (aria-label and tooltip), a key under the board explains the
// pictures, and each seat's colour carries its initial.
//
// As a new round begins the view still holds the cakes the last round was scored on
// (scored_round) until the next step, though the tiles are back in the pool (M5): they are
// drawn in place of the empty boards, with what each sold, each of your cakes' taste and a
// table of how each round's Taste became Festive Points (by rank, and a star per customer).
//
// Each other baker's last completed move is ringed on its cakes, in its colour, until it moves
// again: the tiles it placed, once the table may see them; at the end, its part of the last
// turn. Every text is at least SMALL units high, so that a phone's narrow window still shows
// it 12 px high.
//
// What moves (motions()): a tile drawn turns up in your hand; when the choices are delivered
// your two passed tiles go to the neighbours they were passed to and the two you receive come
// from theirs (the others' tiles are never drawn, so never seen moving); a tile placed goes from
// your hand into its quarter, another baker's open placement comes from the dot by its name,
// and tiles placed face down turn up together; a round's scoring picks out the cakes one by one and then
// turns the points over; a new round's tiles go back into their cakes, a new customer turns up.

import { label, svg, title, wrapWords } from "../svg.js";
import { button as kitButton, grid, palette, seatDot as kitSeatDot, text as kitText } from "../ui.js";

const START_ANGLE = { NE: -90, SE: 0, SW: 90, NW: 180 };
/**
 * The three pastes: each its own fill and its own texture, so that no flavour is told by colour
 * alone (lotus smooth and light, red bean dark and speckled with bean skin, green tea mid-toned
 * and streaked like tea leaves); they stay apart in grayscale and for red-green colour blindness.
 */
const FLAVOURS = {
  L: { name: "Lotus seed paste", short: "Lotus", fill: "#efcf86", texture: null },
  R: { name: "Red bean paste", short: "Red bean", fill: "#7f3026", texture: "mc-red-bean" },
  G: { name: "Green tea paste", short: "Green tea", fill: "#86ad63", texture: "mc-green-tea" },
};
/** Where each quarter of a cake lies, in words. */
const QUARTER_WORDS = { NE: "top right", SE: "bottom right", SW: "bottom left", NW: "top left" };
const YOLK = "#f59a1d";
const YOLK_SHINE = "#ffd98c";
const NUT = "#7a4a1e";
const NUT_CAP = "#d9ab70";
const SEED = "#141414";
const PHASE_TITLE = {
  reveal: "A new customer",
  draw: "Drawing tiles",
  choose: "Choose and share",
  place: "Pick and place",
  over: "Game over",
};
const ROLE = {
  keep: { text: "Keep", fill: "#b5462f" },
  left: { text: "Left", fill: "#2e6f9e" },
  right: { text: "Right", fill: "#6b4fa0" },
  pass: { text: "Pass", fill: "#2e6f9e" },
  placing: { text: "Placing", fill: "#8a5a00" },
};
const NAME_STRIP = 16; // the band at the top of a tile in hand that names its paste
const SMALL = 13.5; // the smallest text: 12 px on a 390 px phone, which shows the board at 0.9
const { ink: INK, legal: MAIN, card: CARD, line: EDGE, note: NOTE } = palette();
const OUTLINE_DARK = "#3a2410";
const OUTLINE_LIGHT = "#fff3dc";
const MUTED = "#7a6a58";
const LINE = "#d9c39d";
const PASS_DELAY = 200; // ms: the tiles received set off once the passed ones are on their way
const REVEAL_STAGGER = 120; // ms between the bakers whose face-down tiles turn up
const SCORE_START = 600; // ms: the round's last tiles are in place before the scoring begins
const CAKE_GAP = 350; // ms between one cake of every baker being scored and the next
const MARK_MS = 500; // ms a scored cake swells and settles

const rad = (deg) => (deg * Math.PI) / 180;
const at = (cx, cy, r, deg) => [cx + r * Math.cos(rad(deg)), cy + r * Math.sin(rad(deg))];
const short = (name, n) => (name.length > n ? `${name.slice(0, n - 1)}…` : name);

/**
 * A bold name of SMALL text squeezed to width where it would run past it ("Green tea" on a
 * small tile), and left as it is elsewhere.
 * @param {string} text
 * @param {number} width
 * @returns {Record<string, string | number>}
 */
const fitWidth = (text, width) => (text.length * SMALL * 0.62 > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {});
const text = (x, y, words, attrs = {}) => kitText(x, y, words, { "font-size": 14, ...attrs });
const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;
/** A count of things in a sentence: "a hazelnut", "2 hazelnuts". */
const counted = (count, one, many) => (count === 1 ? `a ${one}` : `${count} ${many}`);

function wedgePath(cx, cy, r, from) {
  const [x1, y1] = at(cx, cy, r, from);
  const [x2, y2] = at(cx, cy, r, from + 90);
  return `M${cx},${cy} L${x1},${y1} A${r},${r} 0 0 1 ${x2},${y2} Z`;
}

/** What a tile (as the view names it) shows: flavour, hazelnuts, seeds and half yolks. */
function parse(code) {
  const rest = code.slice(1);
  return {
    flavour: code[0],
    nuts: (rest.match(/N/g) || []).length,
    seeds: (rest.match(/S/g) || []).length,
    ccw: rest.includes("<"),
    cw: rest.includes(">"),
  };
}

/** Items as a sentence lists them: "a", "a and b", "a, b and c". */
function listed(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A tile in words: "Lotus seed paste quarter with 2 hazelnuts and a half yolk on its clockwise edge". */
function tileWords(code) {
  const t = parse(code);
  const paste = FLAVOURS[t.flavour]?.name || "Mooncake";
  const parts = [];
  if (t.nuts) parts.push(counted(t.nuts, "hazelnut", "hazelnuts"));
  if (t.seeds) parts.push(counted(t.seeds, "watermelon seed", "watermelon seeds"));
  if (t.ccw && t.cw) parts.push("a half yolk on each straight edge");
  else if (t.cw) parts.push("a half yolk on its clockwise edge");
  else if (t.ccw) parts.push("a half yolk on its anticlockwise edge");
  return parts.length ? `${paste} quarter with ${listed(parts)}` : `Plain ${paste.toLowerCase()} quarter`;
}

/** A tile in a few words, as a label beside its picture: "Lotus, 2 nuts, half yolk". */
function tileBrief(code) {
  const t = parse(code);
  const parts = [FLAVOURS[t.flavour]?.short || "?"];
  if (t.nuts) parts.push(t.nuts === 1 ? "nut" : `${t.nuts} nuts`);
  if (t.seeds) parts.push(t.seeds === 1 ? "seed" : `${t.seeds} seeds`);
  const yolks = Number(t.ccw) + Number(t.cw);
  if (yolks) parts.push(yolks === 1 ? "½ yolk" : "2 × ½ yolk");
  return parts.join(", ");
}

/**
 * The textures the pastes are drawn with, in user units so that they look alike on every tile:
 * bean-skin specks on red bean, tea-leaf streaks on green tea. Drawn once per drawing.
 */
function textures() {
  return svg("defs", {},
    svg("pattern", { id: "mc-red-bean", patternUnits: "userSpaceOnUse", width: 8, height: 8 },
      svg("circle", { cx: 2, cy: 2, r: 1.3, fill: "#e2a48a" }),
      svg("circle", { cx: 6, cy: 6, r: 1, fill: "#e2a48a" }),
      svg("circle", { cx: 6.2, cy: 1.6, r: 0.6, fill: "#c8745c" })),
    svg("pattern", { id: "mc-green-tea", patternUnits: "userSpaceOnUse", width: 7, height: 7, patternTransform: "rotate(35)" },
      svg("rect", { x: 0, y: 0, width: 2.2, height: 7, fill: "#4d7530" })));
}

/**
 * The half of a yolk of radius yr centred on the straight edge at angle edge, on the tile's
 * side of it (clockwise of the edge for its anticlockwise edge, and the other way): a half disc
 * drawn as such, so a copy of the tile needs nothing else of the drawing. A lighter shine inside
 * shows it is a yolk and its flat side where the other half belongs.
 */
function halfYolk(cx, cy, r, edge, inside) {
  const yr = r * 0.2;
  const [yx, yy] = at(cx, cy, r * 0.55, edge);
  const half = (radius) => {
    const [x1, y1] = at(yx, yy, radius, edge + 180);
    const [x2, y2] = at(yx, yy, radius, edge);
    // From the inner end to the outer one, the arc bulges towards the tile: sweep 0 passes
    // edge + 90 (clockwise of the edge), sweep 1 passes edge - 90.
    return `M${x1},${y1} A${radius},${radius} 0 0 ${inside > 0 ? 0 : 1} ${x2},${y2} Z`;
  };
  return svg("g", { class: "half-yolk" },
    svg("path", { d: half(yr), fill: YOLK, stroke: OUTLINE_DARK, "stroke-width": Math.max(1.2, r * 0.025), "stroke-linejoin": "round" }),
    svg("path", { d: half(yr * 0.45), fill: YOLK_SHINE }));
}

/** A hazelnut: round, with its pale cap, outlined light to show on any paste. */
function hazelnut(x, y, size) {
  const nr = size * 0.6;
  return svg("g", { class: "hazelnut" },
    svg("circle", { cx: x, cy: y, r: nr, fill: NUT, stroke: OUTLINE_LIGHT, "stroke-width": Math.max(1, size * 0.14) }),
    svg("path", { d: `M${x - nr * 0.87},${y - nr * 0.5} A${nr},${nr} 0 0 1 ${x + nr * 0.87},${y - nr * 0.5} Z`, fill: NUT_CAP }));
}

/** A watermelon seed: a flat teardrop, black, pointing along angle; outlined light. */
function seed(x, y, size, angle) {
  const len = size * 1.05;
  const wide = size * 0.5;
  const d = `M${-len},0 C${-len * 0.3},${-wide * 1.2} ${len},${-wide} ${len},0 C${len},${wide} ${-len * 0.3},${wide * 1.2} ${-len},0 Z`;
  return svg("g", { class: "seed", transform: `translate(${x} ${y}) rotate(${angle})` },
    svg("path", { d, fill: SEED, stroke: OUTLINE_LIGHT, "stroke-width": Math.max(1, size * 0.14), "stroke-linejoin": "round" }),
    svg("ellipse", { cx: len * 0.35, cy: -wide * 0.25, rx: len * 0.22, ry: wide * 0.18, fill: "#8c8c8c" }));
}

/**
 * One quarter tile drawn in the quarter that starts at angle from: its paste by fill and
 * texture, its half yolks on its straight edges, its hazelnuts round and its seeds pointed.
 * Named in words for screen readers and as a tooltip.
 */
function quarter(code, cx, cy, r, from) {
  const t = parse(code);
  const paste = FLAVOURS[t.flavour] || { fill: "#ccc", texture: null };
  const path = wedgePath(cx, cy, r, from);
  const words = tileWords(code);
  const group = svg("g", { class: "tile", "data-tile": code, "data-flavour": paste.short, role: "img", "aria-label": words }, title(words),
    svg("path", { d: path, fill: paste.fill }));
  if (paste.texture) group.append(svg("path", { class: "texture", d: path, fill: `url(#${paste.texture})` }));
  group.append(svg("path", { d: path, fill: "none", stroke: "#5b3a1a", "stroke-width": r > 40 ? 2 : 1.2 }));
  const inner = svg("g", {});
  if (t.ccw) inner.append(halfYolk(cx, cy, r, from, 1));
  if (t.cw) inner.append(halfYolk(cx, cy, r, from + 90, -1));
  const toppings = [...Array(t.nuts).fill("N"), ...Array(t.seeds).fill("S")];
  const size = Math.max(3, r * 0.16);
  toppings.forEach((kind, i) => {
    const angle = from + 45 + (i - (toppings.length - 1) / 2) * 26;
    const [tx, ty] = at(cx, cy, r * 0.74, angle);
    inner.append(kind === "N" ? hazelnut(tx, ty, size) : seed(tx, ty, size, angle));
  });
  group.append(inner);
  return group;
}

/** A tile drawn small inside a size x size box at (x, y), as a summary shows it. */
function miniTile(code, x, y, size) {
  return quarter(code, x + 1, y + size - 1, size - 2, -90);
}

// --- the seat's own decision ------------------------------------------------------------

/** A keep/pass move's parts as tile codes, or null for any other move. */
/** @typedef {{keep: string|null, left: string|null, right: string|null, passed?: string[], pairwise: boolean}} ChoiceParts */
/** @returns {ChoiceParts|null} */
function parseChoice(move) {
  let m = /^keep (\S+), left (\S+), right (\S+)$/.exec(move);
  if (m) return { keep: m[1], left: m[2], right: m[3], passed: [m[2], m[3]], pairwise: false };
  m = /^keep (\S+), pass (\S+) (\S+)$/.exec(move);
  if (m) return { keep: m[1], left: m[2], right: m[3], passed: [m[2], m[3]], pairwise: true };
  return null;
}

const sameTiles = (a, b) => [...a].sort().join(" ") === [...b].sort().join(" ");

/** The hand positions picked so far (keys "hand:i"), ignoring anything that is not one. */
function picks(ctx, size) {
  const out = [];
  for (const key of ctx.selection) {
    const index = Number(String(key).split(":")[1]);
    if (!Number.isInteger(index) || index < 0 || index >= size || out.includes(index)) return [];
    out.push(index);
  }
  return out;
}

/**
 * The keep/pass choice being made: each tile's role (picked or implied by the others), the
 * full move once it is determined, and what clicking each tile does. With 3 or more players
 * the clicks go keep, left, right (the last tile is implied once two are picked); with 2 the
 * one click is the tile to keep and the other two are passed.
 */
function choiceInProgress(ctx, tiles) {
  const moves = ctx.legal.map((move) => ({ ...parseChoice(move.text), text: move.text })).filter((m) => m.keep);
  if (!moves.length) return null;
  const pairwise = moves[0].pairwise;
  const order = pairwise ? ["keep"] : ["keep", "left", "right"];
  let chosen = picks(ctx, tiles.length).slice(0, order.length);
  const codes = (indexes) => indexes.map((i) => tiles[i]);
  const fits = (indexes) => moves.filter((m) => codes(indexes).every((code, k) => code === [m.keep, m.left, m.right][k]));
  if (chosen.length && !fits(chosen).length) chosen = [];
  const roles = tiles.map(() => null);
  chosen.forEach((index, k) => { roles[index] = order[k]; });
  const rest = tiles.map((_, i) => i).filter((i) => !chosen.includes(i));
  let move = null;
  if (pairwise && chosen.length === 1) {
    move = moves.find((m) => m.keep === tiles[chosen[0]] && sameTiles(m.passed, codes(rest))) || null;
    if (move) for (const i of rest) roles[i] = "pass";
  } else if (!pairwise && chosen.length >= 2 && rest.length <= 1) {
    const all = [...chosen, ...rest];
    move = all.length === order.length ? fits(all)[0] || null : null;
    if (move && rest.length) roles[rest[0]] = "right";
  }
  // What a click on each tile does: the level it is picked at, or null.
  const clicks = tiles.map((_, i) => {
    if (chosen.includes(i)) return chosen.indexOf(i);
    if (pairwise) return fits([i]).length ? 0 : null;
    if (chosen.length >= order.length) return null;
    return fits([...chosen, i]).length ? chosen.length : null;
  });
  return { pairwise, chosen, roles, move, clicks };
}

/** The tile being placed (its hand position), if one is picked and may be placed. */
function placingPick(ctx, tiles) {
  const [index] = picks(ctx, tiles.length);
  if (index === undefined) return null;
  return ctx.legal.some((m) => m.text.startsWith(`place ${tiles[index]} at `)) ? index : null;
}

/** The neighbours a seat passes to: left is the next seat, right the one before. */
function neighbours(ctx, seat) {
  const n = ctx.numPlayers;
  return { left: (seat + 1) % n, right: (seat + n - 1) % n };
}

/** Where each tile in hand came from in the place phase: kept, or from which neighbour. */
function origins(ctx, view, tiles) {
  const out = tiles.map(() => null);
  if (!view.received || ctx.you === null) return out;
  const near = neighbours(ctx, ctx.you);
  const sources = [[view.received.from_left, near.left], [view.received.from_right, near.right]];
  for (const [code, seat] of sources) {
    const i = tiles.findIndex((tile, k) => tile === code && out[k] === null);
    if (i >= 0) out[i] = `from ${short(ctx.seatName(seat), 12)}`;
  }
  return out.map((o) => o || "kept");
}

/**
 * Each tile's key as a piece, in a hand of codes: its code and which of the equal tiles it is,
 * left to right; equal tiles look alike, so any of them may stand for another.
 */
function handKeys(tiles) {
  const seen = new Map();
  return tiles.map((code) => {
    const k = seen.get(code) || 0;
    seen.set(code, k + 1);
    return `tile:${code}:${k}`;
  });
}

/** A role badge under a tile. */
function badge(role, x, y, w) {
  const style = ROLE[role];
  return svg("g", { "data-role": role },
    svg("rect", { x, y, width: w, height: 24, rx: 12, fill: style.fill }),
    label(x + w / 2, y + 12.5, style.text, { "font-size": 14, "font-weight": 700, fill: "#fff" }));
}

/** What a click on a tile in hand does, in words, for the keyboard and screen readers. */
function handWords(ctx, choice, placing, i, code) {
  const words = tileWords(code);
  const to = (seat) => ctx.seatName(seat);
  if (choice) {
    // A choice being made is always the viewer's own.
    const near = neighbours(ctx, /** @type {number} */ (ctx.you));
    const level = choice.clicks[i];
    if (level === null) return words;
    const role = choice.pairwise ? "keep" : ["keep", "left", "right"][level];
    if (choice.chosen.includes(i)) return `${words}: picked to ${role === "keep" ? "keep" : `pass to ${to(near[role])}`} (click again to drop it)`;
    if (role === "keep") return choice.pairwise ? `Keep ${words} and pass the other two to ${to(near.left)}` : `Keep ${words}`;
    return `Pass ${words} to ${to(near[role])}`;
  }
  if (placing === i) return `${words}: picked, now click a green quarter for it`;
  return `Place ${words}`;
}

/** The tiles in hand, each a pick; labelled with its part in the choice or where it came from. */
function hand(ctx, view, x, y, size, gap) {
  const group = ctx.place(svg("g", { class: "hand" }), "hand");
  const tiles = view.hand || [];
  const keys = handKeys(tiles);
  const choice = view.phase === "choose" ? choiceInProgress(ctx, tiles) : null;
  const placing = view.phase === "place" ? placingPick(ctx, tiles) : null;
  const made = view.choice ? parseChoice(view.choice) : null;
  const from = view.phase === "place" ? origins(ctx, view, tiles) : [];
  const near = ctx.you === null ? null : neighbours(ctx, ctx.you);
  const madeRoles = tiles.map(() => null);
  if (made) {
    const wanted = made.pairwise ? [["keep", made.keep], ["pass", made.left], ["pass", made.right]]
      : [["keep", made.keep], ["left", made.left], ["right", made.right]];
    for (const [role, code] of wanted) {
      const i = tiles.findIndex((tile, k) => tile === code && madeRoles[k] === null);
      if (i >= 0) madeRoles[i] = role;
    }
  }
  const places = grid(tiles.length, { x, y, perRow: tiles.length || 1, dx: size + gap, dy: 0 });
  tiles.forEach((code, i) => {
    const [tx] = places[i];
    const paste = FLAVOURS[parse(code).flavour];
    // The tile itself is the piece that moves; its badge and note stay with the place in hand.
    const node = svg("g", { "data-hand": i, "data-tile": code },
      ctx.piece(svg("g", {},
        svg("rect", { class: "hl", x: tx, y, width: size, height: size + NAME_STRIP, rx: 10, fill: CARD, stroke: LINE, "stroke-width": 2 }),
        label(tx + size / 2, y + 12, paste ? paste.short : "", { "font-size": SMALL, "font-weight": 600, fill: MUTED, "aria-hidden": "true", ...fitWidth(paste ? paste.short : "", size - 8) }),
        ctx.place(quarter(code, tx + 8, y + NAME_STRIP + size - 8, size - 16, -90), `glyph:${keys[i]}`)), keys[i]));
    const role = choice ? choice.roles[i] : placing === i ? "placing" : madeRoles[i];
    const under = y + size + NAME_STRIP;
    if (role) node.append(badge(role, tx, under + 6, size));
    let note = null;
    if ((role === "left" || role === "right") && near) note = `to ${short(ctx.seatName(near[role]), 12)}`;
    if (role === "pass" && near) note = `to ${short(ctx.seatName(near.left), 12)}`;
    if (view.phase === "place") note = from[i];
    if (note) node.append(label(tx + size / 2, under + 44, note, { "font-size": SMALL, fill: MUTED }));
    const picks = (choice && choice.clicks[i] !== null)
      || (view.phase === "place" && ctx.legal.some((m) => m.text.startsWith(`place ${code} at `)));
    if (picks) {
      node.prepend(title(handWords(ctx, choice, placing, i, code)));
      ctx.pick(node, `hand:${i}`, choice ? choice.clicks[i] : 0);
    }
    group.append(node);
  });
  return { node: group, choice, placing };
}

/** A button: a rect that highlights and a caption; filled when it is the main action. Its
 * tooltip, when given, is what it does in words. The caller binds it (a move, or a clear). */
function button(x, y, w, h, caption, { main = false, enabled = true, says = "" } = {}) {
  return kitButton(null, {
    x, y, w, h, rx: 9, caption, weight: 700, dy: 1, says, off: !enabled,
    fill: enabled && main ? MAIN : undefined,
    line: enabled ? MAIN : undefined,
    ink: !enabled ? "#a99a86" : main ? "#fff" : INK,
  });
}

const MINI = 30; // a tile drawn in a summary
const ROW_H = 34; // a summary's row of drawn tiles

/**
 * The rows a choice is summed up in: what is kept and what goes to whom, each with its tiles
 * (null for one not chosen yet), and the same in words.
 */
function choiceRows(ctx, parts, stacked) {
  const near = neighbours(ctx, ctx.you);
  const name = (seat) => short(ctx.seatName(seat), stacked ? 12 : 9);
  if (parts.pairwise) {
    return [
      { label: "Keep", codes: [parts.keep], words: `keep ${parts.keep ? tileWords(parts.keep) : "nothing yet"}` },
      { label: `Pass to ${name(near.left)}`, codes: [parts.left, parts.right],
        words: parts.left ? `pass ${tileWords(parts.left)} and ${tileWords(parts.right)} to ${ctx.seatName(near.left)}` : "pass the other two" },
    ];
  }
  const row = (role, code) => ({ label: `${role === "left" ? "Left" : "Right"} to ${name(near[role])}`, codes: [code],
    words: code ? `pass ${tileWords(code)} to ${ctx.seatName(near[role])}` : `pass to ${ctx.seatName(near[role])}: not chosen yet` });
  return [
    { label: "Keep", codes: [parts.keep], words: parts.keep ? `keep ${tileWords(parts.keep)}` : "keep: not chosen yet" },
    row("left", parts.left),
    row("right", parts.right),
  ];
}

/**
 * The choice as it stands, drawn tile by tile with Confirm (once it is complete) and Change; or
 * the tile being placed; or what has been chosen while the others choose. Its tooltip says it
 * in words. Returns its height.
 */
function summary(ctx, view, made, x, y, w, stacked) {
  const group = svg("g", { "data-summary": "" });
  const tiles = view.hand || [];
  const lines = [];
  let rows = [];
  let heading = "";
  let says = "";
  const { choice, placing } = made;
  if (choice) {
    heading = "Your choice";
    const of = (role) => {
      const i = choice.roles.indexOf(role);
      return i >= 0 ? tiles[i] : null;
    };
    /** @type {ChoiceParts} */
    const parts = choice.move ? /** @type {ChoiceParts} */ (parseChoice(choice.move.text))
      : { keep: of("keep"), left: of("left"), right: of("right"), pairwise: choice.pairwise };
    if (choice.pairwise && !choice.move) parts.right = null;
    rows = choiceRows(ctx, parts, stacked);
    says = `${choice.move ? "Your choice" : "Your choice so far"}: ${rows.map((row) => row.words).join("; ")}`;
  } else if (placing !== null) {
    heading = "Placing";
    rows = [{ label: FLAVOURS[parse(tiles[placing]).flavour]?.short || "", codes: [tiles[placing]] }];
    lines.push("Now click a green", "quarter, or pick", "another tile.");
    says = `Placing ${tileWords(tiles[placing])}: click a green quarter, or pick another tile`;
  } else if (view.phase === "place" && ctx.legal.length) {
    heading = "Place your tiles";
    lines.push("Pick a tile, then", "click its quarter.");
  } else if (view.choice && ctx.you !== null) {
    heading = "You chose";
    rows = choiceRows(ctx, parseChoice(view.choice), stacked);
    says = `You chose: ${rows.map((row) => row.words).join("; ")}`;
  } else if (view.phase === "place" && tiles.length === 0 && ctx.you !== null) {
    heading = "All placed";
    lines.push("Waiting for the others.");
  }
  if (!heading) return null;
  const buttons = choice || placing !== null;
  const lineH = 20;
  const textH = 30 + rows.length * ROW_H + lines.length * lineH + (rows.length ? 4 : 0);
  const both = choice && ctx.selection.length;
  const height = stacked ? Math.max(textH, buttons ? (both ? 104 : 54) : 0) + 8 : textH + (buttons ? 60 : 4);
  group.append(svg("rect", { class: "frame", x, y, width: w, height, rx: 10, fill: "#fff", stroke: EDGE, "stroke-width": 1.5 }));
  group.append(text(x + 12, y + 22, heading, { "font-size": 15, "font-weight": 700 }));
  rows.forEach((row, k) => {
    const top = y + 32 + k * ROW_H;
    row.codes.forEach((code, j) => {
      const bx = x + 12 + j * (MINI + 4);
      group.append(code ? miniTile(code, bx, top, MINI)
        : svg("path", { d: wedgePath(bx + 1, top + MINI - 1, MINI - 2, -90), fill: "none", stroke: LINE, "stroke-width": 1.5, "stroke-dasharray": "3 3" }));
    });
    const tx = x + 12 + row.codes.length * (MINI + 4) + 4;
    group.append(text(tx, top + MINI / 2 + 5, row.label, { "font-size": 14, fill: NOTE }));
  });
  // Long names get a smaller font rather than leave the box.
  const room = w - 24 - (stacked && buttons ? 124 : 0);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const size = Math.max(SMALL, Math.min(14, room / (longest * 0.62)));
  const linesTop = y + 44 + rows.length * ROW_H + (rows.length ? 4 : 0);
  lines.forEach((line, k) => group.append(text(x + 12, linesTop + k * lineH, line, { "font-size": size, fill: NOTE })));
  if (buttons) {
    const bw = stacked ? 112 : (w - 32) / 2;
    const bx = stacked ? x + w - bw - 12 : x + 12;
    const by = stacked ? y + 12 : y + textH + 8;
    const second = stacked ? { x: bx, y: by + 50 } : { x: bx + bw + 8, y: by };
    if (choice) {
      const confirm = button(bx, by, bw, 42, "Confirm", { main: true, enabled: Boolean(choice.move), says: choice.move ? `Confirm: ${says.slice(says.indexOf(": ") + 2)}` : "" });
      confirm.setAttribute("data-control", "confirm");
      if (choice.move) ctx.target(confirm, choice.move.text);
      group.append(confirm);
    }
    if (ctx.selection.length) {
      const change = button(second.x, choice ? second.y : by, bw, 42, choice ? "Change" : "Cancel",
        { says: choice ? "Change: start the choice again" : "Cancel: put the tile back in your hand" });
      change.setAttribute("data-control", "change");
      group.append(ctx.clear(change));
    }
  }
  group.prepend(title(says || heading));
  return { node: group, height };
}

// --- cakes --------------------------------------------------------------------------------

/**
 * A seat's three cakes in a row; with placing, the empty quarters it may go in are moves. Each
 * cake is a place (`cake:seat:n`, picked out when it is scored) and so is each tile on it
 * (`quarter:seat:slot`), or a piece with options.pieces (your own cakes, whose tiles come from
 * your hand; the other bakers' rows move as one piece).
 */
function cakes(ctx, seat, board, x, y, r, gap, options = {}) {
  const group = svg("g", { class: "cakes", "data-cakes": seat });
  const pending = new Set(options.pending || []);
  const quarters = ctx.components.QUARTERS || ["NE", "SE", "SW", "NW"];
  const count = ctx.components.CAKES || 3;
  for (let cake = 0; cake < count; cake++) {
    const cx = x + r + cake * (2 * r + gap);
    const cy = y + r;
    const one = ctx.place(svg("g", { "data-cake": cake + 1 }), `cake:${seat}:${cake + 1}`);
    group.append(one);
    one.append(svg("circle", { class: "cake", cx, cy, r: r + Math.max(3, r * 0.05), fill: "#f3e3c3", stroke: "#b08a57", "stroke-width": 2 }));
    quarters.forEach((q, qi) => {
      const slot = `${cake + 1}${q}`;
      const code = board?.[cake * quarters.length + qi];
      const from = START_ANGLE[q];
      if (code) {
        const tile = quarter(code, cx, cy, r, from);
        one.append(options.pieces ? ctx.piece(tile, `quarter:${seat}:${slot}`) : ctx.place(tile, `quarter:${seat}:${slot}`));
        if (pending.has(slot)) {
          one.append(svg("path", { d: wedgePath(cx, cy, r, from), fill: "none", stroke: "#8a5a00", "stroke-width": 3, "stroke-dasharray": "6 4" },
            title("placed this turn, not yet shown to the others")));
        }
        if (options.marked?.has(slot)) one.append(lastMoveRing(ctx, seat, slot, cx, cy, r, from));
        return;
      }
      const empty = svg("g", { "data-slot": slot },
        svg("path", { d: wedgePath(cx, cy, r, from), fill: "#fbf4e4", stroke: LINE, "stroke-width": 1.5, class: "hl" }));
      if (options.placing) {
        const move = `place ${options.placing} at ${slot}`;
        if (ctx.byText.has(move)) {
          empty.append(svg("path", { d: wedgePath(cx, cy, r * 0.9, from), class: "slot" }),
            title(`Place ${tileWords(options.placing)} here: cake ${cake + 1}, ${QUARTER_WORDS[q] || q} quarter`));
          ctx.target(empty, move);
        }
      }
      one.append(empty);
    });
    const customer = options.served?.[cake];
    if (customer) {
      const [sx, sy] = at(cx, cy, r * 1.02, -45);
      one.append(svg("g", { "data-served": customer.number }, title(`served ${customer.name}`),
        svg("circle", { cx: sx, cy: sy, r: Math.max(9, r * 0.17), fill: "#f6c453", stroke: OUTLINE_DARK, "stroke-width": 1.5 }),
        label(sx, sy + 1, "★", { "font-size": Math.max(SMALL, r * 0.2), fill: "#7a4b00" })));
    }
    const score = options.scores?.[cake];
    if (score) one.prepend(title(`Cake ${cake + 1}: taste ${score.taste} (${score.words})${customer ? `, sold to ${customer.name}` : ""}`));
    if (options.labels) {
      group.append(label(cx, cy + r + 16, score ? `cake ${cake + 1} · taste ${score.taste}` : `cake ${cake + 1}`, { "font-size": SMALL, fill: MUTED }));
      servedLines(customer, 2 * r + gap - 10).forEach((line, k) => {
        group.append(label(cx, cy + r + 33 + k * 17, line, { "font-size": SMALL, fill: "#7a4b00", "font-weight": 600 }));
      });
    }
  }
  return group;
}

/**
 * One finished cake's Taste Value as the scoring guide counts it (readings M1, M2), with the
 * reasons in words; tiles clockwise from its top right quarter. everyCake: whether a cake
 * without a yolk earns the point for no unmatched half yolk (the half_yolk_bonus option).
 */
function cakeTaste(codes, everyCake) {
  const tiles = codes.map((code) => (code ? parse(code) : null));
  if (tiles.some((t) => !t)) return null;
  const flavours = new Set(tiles.map((t) => t.flavour)).size;
  let yolks = 0;
  let halves = 0;
  tiles.forEach((t, i) => {
    const next = tiles[(i + 1) % tiles.length];
    const before = tiles[(i + tiles.length - 1) % tiles.length];
    if (t.cw) {
      if (next.ccw) yolks += 1;
      else halves += 1;
    }
    if (t.ccw && !before.cw) halves += 1;
  });
  const nuts = tiles.reduce((sum, t) => sum + t.nuts, 0);
  const seeds = tiles.reduce((sum, t) => sum + t.seeds, 0);
  const pairs = Math.min(nuts, seeds);
  const paste = { 1: 3, 2: 1, 3: 0 }[flavours] ?? 0;
  const bonus = halves === 0 && (everyCake || yolks > 0) ? 1 : 0;
  const words = [`${plural(flavours, "flavour", "flavours")} ${paste}`];
  if (yolks) words.push(`${plural(yolks, "whole yolk", "whole yolks")} ${yolks}`);
  if (bonus) words.push("no unmatched half yolk 1");
  else if (halves) words.push(`${plural(halves, "unmatched half yolk", "unmatched half yolks")} 0`);
  if (pairs) words.push(`${plural(pairs, "nut and seed pair", "nut and seed pairs")} ${pairs}`);
  return { taste: paste + yolks + bonus + pairs, words: words.join(", ") };
}

/**
 * The taste of each of seat's cakes as they were scored (the round just scored, or the last
 * one at the end), when it adds up to the Taste Value the view gives; else nothing.
 */
function cakeTastes(ctx, view, seat) {
  const round = view.scored_round ? view.scored_round.round : view.phase === "over" ? view.tastes?.length : 0;
  const total = round ? view.tastes?.[round - 1]?.[seat] : undefined;
  const board = view.boards?.[seat];
  if (total === undefined || !board) return null;
  const size = (ctx.components.QUARTERS || ["NE", "SE", "SW", "NW"]).length;
  const everyCake = (ctx.table?.options?.half_yolk_bonus || "every_cake") === "every_cake";
  const scores = Array.from({ length: ctx.components.CAKES || 3 }, (_, cake) => cakeTaste(board.slice(cake * size, (cake + 1) * size), everyCake));
  if (scores.some((score) => !score) || scores.reduce((sum, score) => sum + (score?.taste ?? 0), 0) !== total) return null;
  return scores;
}

/** The name of the customer a cake sold to, under it, in lines that fit width. */
function servedLines(customer, width) {
  return customer ? wrapWords(`★ ${customer.name}`, width, SMALL, 0.6) : [];
}

/** A ring in seat's colour, outlined light and dark to show on any tile, on a quarter it touched. */
function lastMoveRing(ctx, seat, slot, cx, cy, r, from) {
  const d = wedgePath(cx, cy, r - 2, from);
  return svg("g", { "data-last-move": seat, "data-slot": slot, "pointer-events": "none" },
    title(`${ctx.seatName(seat)} placed this last`),
    svg("path", { d, fill: "none", stroke: OUTLINE_LIGHT, "stroke-width": 6, "stroke-linejoin": "round" }),
    svg("path", { d, fill: "none", stroke: OUTLINE_DARK, "stroke-width": 4.5, "stroke-linejoin": "round" }),
    svg("path", { d, fill: "none", stroke: ctx.colour(seat), "stroke-width": 2.5, "stroke-linejoin": "round" }));
}

/**
 * The slots each other seat filled in its last completed move, as far as this viewer may know
 * them: named in the records of its placements (open ones), or else as the reveal at the
 * turn's last tile showed them, so long as the seat has not chosen since.
 */
function lastPlaced(ctx, view) {
  if (view.phase === "over") return finalPlaced(ctx, view);
  const revealed = [...ctx.log].reverse().find((entry) => entry.record?.placed)?.record.placed || [];
  const unchosen = (seat) => view.phase !== "place" && !(view.phase === "choose" && !view.active.includes(seat));
  const marks = new Map();
  for (const [seat, records] of ctx.lastMoves) {
    if (seat === ctx.you) continue;
    const named = records.map((record) => record.slot).filter(Boolean);
    // A choice is one step; a seat's placements of a turn are several.
    const placed = records.length > 1 && unchosen(seat) ? revealed[seat] || [] : [];
    const slots = named.length ? named : placed;
    if (slots.length) marks.set(seat, new Set(slots));
  }
  return marks;
}

/**
 * Each table's boards as each turn began (before anyone placed), by "round:turn", as this page
 * has drawn them: the end's marks are found from them.
 */
const turnStarts = new Map();

/** Keep the boards of a turn not yet placed in (the view as sent, not the cakes on show). */
function rememberTurn(ctx) {
  const view = ctx.view;
  const id = ctx.table?.id;
  if (!id || !["reveal", "draw", "choose"].includes(view.phase)) return;
  if (!turnStarts.has(id)) turnStarts.set(id, new Map());
  turnStarts.get(id).set(`${view.round}:${view.turn_in_round}`, (view.boards || []).map((board) => [...(board || [])]));
}

/**
 * At the end each other seat's last move is its part of the last turn: the slots filled since
 * that turn began. The finished game's log no longer says which (its records are gone), so they
 * are what the boards gained since this page saw the turn begin; nothing if it did not.
 */
function finalPlaced(ctx, view) {
  const marks = new Map();
  const start = turnStarts.get(ctx.table?.id)?.get(`${view.round}:${view.turn_in_round}`);
  if (!start) return marks;
  const quarters = ctx.components.QUARTERS || ["NE", "SE", "SW", "NW"];
  (view.boards || []).forEach((board, seat) => {
    if (seat === ctx.you) return;
    const slots = (board || []).map((code, i) => (code && !start[seat]?.[i]
      ? `${Math.floor(i / quarters.length) + 1}${quarters[i % quarters.length]}` : null)).filter(Boolean);
    if (slots.length) marks.set(seat, new Set(slots));
  });
  return marks;
}

/**
 * The customer each of seat's cakes sold to in the round just scored, while its cakes are
 * still on show (as scored, or at the end of the game); otherwise nothing.
 */
function served(ctx, view, seat) {
  const round = view.scored_round ? view.scored_round.round : view.phase === "over" ? view.served?.length : 0;
  if (!round || !view.served?.[round - 1]) return null;
  const cards = ctx.components.CUSTOMERS || [];
  const last = view.served[round - 1][seat] || [];
  return last.map((number) => (number === null || number === undefined ? null
    : cards.find((card) => card.number === number) || { number, name: `Customer ${number}` }));
}

/** Width of a row of cakes of radius r. */
const cakesWidth = (ctx, r, gap) => (ctx.components.CAKES || 3) * 2 * r + ((ctx.components.CAKES || 3) - 1) * gap;

/** What a seat is doing now, in a few words. */
function status(ctx, view, seat) {
  if (view.phase === "choose") return view.active?.includes(seat) ? "choosing" : "chosen";
  if (view.phase === "place") {
    const left = view.hand_sizes?.[seat] ?? 0;
    return left ? `${left} to place` : "placed";
  }
  return "";
}

/**
 * A seat's points, which scoring picks out: your own are a piece (`score:seat`), turned over
 * from the old figure to the new; another baker's are a place in its row, which moves as one
 * piece (and may share a line whose width changes as the seat plays).
 */
function scoreNode(ctx, node, seat) {
  return seat === ctx.you ? ctx.piece(node, `score:${seat}`) : ctx.place(node, `score:${seat}`);
}

/** The other seats, one row each, sized to fit the box; neighbours are marked. */
function others(ctx, view, seats, x, y, w, h) {
  const group = svg("g", { class: "others" });
  if (!seats.length) return { node: group, height: 0 };
  const near = ctx.you === null ? null : neighbours(ctx, ctx.you);
  const room = h / seats.length;
  const gap = 10;
  // The name goes beside the cakes when that lets them be drawn larger than below it.
  const besideR = Math.min((w - 132 - 20 - 2 * gap) / 6, (room - 14) / 2, 60);
  const aboveR = Math.min((w - 20 - 2 * gap) / 6, (room - 48) / 2, 60);
  const beside = besideR > aboveR;
  const r = Math.max(18, beside ? besideR : aboveR);
  // Beside the cakes go up to four lines: name, points, taste and whose neighbour.
  const rowH = beside ? Math.min(room, Math.max(2 * r + 14, 90)) : Math.min(room, 2 * r + 50);
  const marks = lastPlaced(ctx, view);
  seats.forEach((seat, k) => {
    const top = y + k * rowH;
    // A row moves as one piece; what is in it (its dot, cakes, tiles and points) are places.
    const row = ctx.piece(svg("g", { "data-seat-row": seat }), `row:${seat}`);
    row.append(svg("rect", { class: "frame", x, y: top + 2, width: w, height: rowH - 6, rx: 10, fill: "#fffdf7", stroke: "#eadfca" }));
    const tags = [];
    if (near && ctx.numPlayers > 2 && seat === near.left) tags.push("your left");
    if (near && ctx.numPlayers > 2 && seat === near.right) tags.push("your right");
    const points = view.festive?.[seat] ?? 0;
    const taste = view.tastes?.length ? view.tastes[view.tastes.length - 1][seat] : null;
    const score = [`${points} point${points === 1 ? "" : "s"}`];
    if (taste !== null && taste !== undefined) score.push(`taste ${taste}`);
    const facts = [...score, status(ctx, view, seat)].filter(Boolean);
    // The seat's dot stands for its hand, which is never shown: tiles come from it and go to it.
    // The name comes first in the row's text, its dot with its mark after it.
    row.append(text(x + 34, top + 25, short(ctx.seatName(seat), beside ? 10 : 16), { "font-size": 15, "font-weight": 700, "data-festive": seat }));
    row.append(ctx.place(seatDot(ctx, seat, x + 18, top + 19), `baker:${seat}`));
    const drawn = { served: served(ctx, view, seat), marked: marks.get(seat), scores: cakeTastes(ctx, view, seat) };
    if (beside) {
      // Short lines only: points, taste, then whose neighbour (who is still playing is shown
      // by the seats above the board).
      score.forEach((line, i) => {
        const node = row.appendChild(text(x + 10, top + 44 + 17 * i, line, { "font-size": SMALL, fill: MUTED }));
        if (i === 0) scoreNode(ctx, node, seat);
      });
      if (tags.length) row.append(text(x + 10, top + 44 + 17 * score.length, tags.join(" · "), { "font-size": SMALL, fill: "#1f6d8a", "font-weight": 600 }));
      row.append(cakes(ctx, seat, view.boards?.[seat], x + w - cakesWidth(ctx, r, gap) - 10, top + (rowH - 4 - 2 * r) / 2, r, gap, drawn));
    } else {
      const line = [...facts, ...tags].join(" · ");
      scoreNode(ctx, row.appendChild(text(x + w - 10, top + 25, line, { "font-size": SMALL, fill: tags.length ? "#1f6d8a" : MUTED, "text-anchor": "end" })), seat);
      row.append(cakes(ctx, seat, view.boards?.[seat], x + 10, top + 36, r, gap, drawn));
    }
    group.append(row);
  });
  return { node: group, height: rowH * seats.length };
}

/** The customers on show: side by side as cards, or stacked full-width rows. */
function customers(ctx, view, x, y, w, stacked) {
  const group = svg("g", { class: "customers" });
  const cards = ctx.components.CUSTOMERS || [];
  const shown = view.customers || [];
  const count = Math.max(1, ctx.components.ROUNDS || 3);
  const gap = 10;
  const cw = stacked ? w : (w - (count - 1) * gap) / count;
  let height = 0;
  shown.forEach((number, i) => {
    const card = cards.find((c) => c.number === number);
    const name = card ? card.name : `Customer ${number}`;
    // Customer texts are SMALL units high, about 0.55 of that a character.
    const lines = wrapWords(card ? card.text : "", cw - 20, SMALL, 0.55).slice(0, 4);
    const ch = stacked ? 30 + lines.length * 18 : 112;
    const cx = stacked ? x : x + i * (cw + gap);
    const cy = stacked ? y + height : y;
    group.append(ctx.piece(svg("g", { "data-customer": number }, title(card ? `${card.name}: ${card.text}` : `Customer ${number}`),
      svg("rect", { class: "frame", x: cx, y: cy, width: cw, height: ch, rx: 8, fill: "#fff", stroke: "#c9a46a", "stroke-width": 1.5 }),
      text(cx + 10, cy + 20, name, { "font-size": Math.min(14, (cw - 20) / (name.length * 0.64)), "font-weight": 700 }),
      ...lines.map((line, k) => text(cx + 10, cy + 39 + k * 18, line, { "font-size": SMALL, fill: NOTE }))), `customer:${number}`));
    height = stacked ? height + ch + 8 : ch;
  });
  return { node: group, height };
}

// --- the whole table ----------------------------------------------------------------------

/** The title line: the phase (or the round just scored), and which round and turn. */
function heading(ctx, view, x, y, w) {
  const rounds = ctx.components.ROUNDS ?? "?";
  const turns = ctx.components.TURNS_PER_ROUND ?? "?";
  const scored = view.scored_round;
  const title = scored ? `Round ${scored.round} scored` : PHASE_TITLE[view.phase] || "";
  return svg("g", scored ? { "data-scored-round": scored.round } : {},
    text(x, y, title, { "font-size": 19, "font-weight": 700 }),
    text(x + w, y, `Round ${view.round ?? "?"} of ${rounds} · turn ${view.turn_in_round ?? "?"} of ${turns}`, { "font-size": 14, fill: MUTED, "text-anchor": "end" }));
}

/** What everyone scores when all tie on Taste, by the all_tied_taste option (M6). */
const ALL_TIED = { others: 1, highest: 2, lowest: 0 };

/**
 * How each round's Taste became Festive Points, per seat: by rank (most 2, least 0, the others
 * 1) and 1 for each customer served. Null when the rounds do not add up to the points the view
 * gives, so that the table never explains a score it did not count.
 */
function roundPoints(ctx, view) {
  const award = ALL_TIED[ctx.table?.options?.all_tied_taste || "others"] ?? 1;
  const rounds = (view.tastes || []).map((tastes, k) => {
    const high = Math.max(...tastes);
    const low = Math.min(...tastes);
    return tastes.map((taste, seat) => {
      const rank = high === low ? award : taste === high ? 2 : taste === low ? 0 : 1;
      const sold = (view.served?.[k]?.[seat] || []).filter((number) => number !== null && number !== undefined).length;
      return { taste, rank, sold };
    });
  });
  const adds = (view.festive || []).every((points, seat) => rounds.reduce((sum, round) => sum + round[seat].rank + round[seat].sold, 0) === points);
  return adds ? rounds : null;
}

/** A seat's dot: its colour with its mark on it in white. */
function seatDot(ctx, seat, cx, cy, r = 11) {
  return kitSeatDot(ctx, seat, cx, cy, r, {
    size: SMALL, dy: 1, edge: OUTLINE_DARK, attrs: { "data-seat-dot": seat },
    markAttrs: { "letter-spacing": ctx.seatMark(seat).length > 1 ? -0.5 : 0 },
  });
}

/**
 * When a round is scored and at the end: every seat's Taste in each round, the Festive Points
 * it earned for it (by rank, plus a star for each customer served) and its total, highest
 * first; under it how Taste becomes points, and at the end what decided the game.
 */
function tasteTable(ctx, view, x, y, w) {
  const group = svg("g", { "data-tastes": "" });
  const rounds = view.tastes.length;
  const points = roundPoints(ctx, view);
  const seats = (view.boards || []).map((_, s) => s)
    .sort((a, b) => (view.festive?.[b] ?? 0) - (view.festive?.[a] ?? 0) || a - b);
  const rowH = 26;
  const allTied = ALL_TIED[ctx.table?.options?.all_tied_taste || "others"] ?? 1;
  const rule = points
    ? `Each round the most Taste earns 2 Festive Points, the least 0, the others 1 (${allTied} each when all tie); each customer served earns 1 more (★).`
    : "";
  const explained = wrapWords(rule, w - 24, SMALL, 0.56);
  const verdict = (ctx.result?.lines || []).join(" ");
  const said = view.phase === "over" ? wrapWords(verdict, w - 24, SMALL, 0.56) : [];
  const top = y + 52;
  const height = 60 + seats.length * rowH + 6 + (explained.length + said.length) * 18 + (said.length ? 8 : 0) + 6;
  const narrow = w < 420;
  const totalW = narrow ? 44 : 58;
  const nameW = narrow ? 100 : Math.min(136, w * 0.3);
  const colW = (w - 12 - nameW - totalW) / Math.max(1, rounds);
  const col = (k) => x + nameW + colW * k + colW / 2;
  const totalX = x + w - 12 - totalW / 2;
  group.append(svg("rect", { class: "frame", x, y, width: w, height, rx: 10, fill: "#fff", stroke: EDGE, "stroke-width": 1.5 }));
  group.append(text(x + 12, y + 22, points ? "Taste → Festive Points, round by round" : "Taste by round", { "font-size": 15, "font-weight": 700 }));
  for (let k = 0; k < rounds; k++) group.append(label(col(k), y + 44, `round ${k + 1}`, { "font-size": SMALL, fill: MUTED }));
  group.append(label(totalX, y + 44, "total", { "font-size": SMALL, fill: MUTED, "font-weight": 700 }));
  seats.forEach((seat, i) => {
    const cy = top + i * rowH + rowH / 2;
    group.append(seatDot(ctx, seat, x + 22, cy, 11));
    const bold = seat === ctx.you ? 700 : 400;
    group.append(text(x + 38, cy + 5, short(ctx.seatName(seat), Math.floor((nameW - 42) / 8.2)), { "font-size": 14, "font-weight": bold }));
    view.tastes.forEach((tastes, k) => {
      const cell = points?.[k][seat];
      const words = svg("text", { x: col(k), y: cy + 5, "font-size": narrow ? SMALL : 14, "text-anchor": "middle", fill: INK }, svg("tspan", {}, String(tastes[seat])));
      const node = svg("g", { "data-round": k + 1, "data-seat": seat }, words);
      if (cell) {
        node.setAttribute("data-round-points", cell.rank + cell.sold);
        words.append(svg("tspan", { fill: MUTED }, "\u2009→\u2009"), svg("tspan", { "font-weight": 700 }, String(cell.rank)));
        if (cell.sold) words.append(svg("tspan", { "font-weight": 700, fill: "#7a4b00" }, `+${cell.sold}★`));
        node.prepend(title(`${ctx.seatName(seat)}, round ${k + 1}: Taste ${cell.taste}, ${plural(cell.rank, "Festive Point", "Festive Points")} for it`
          + `${cell.sold ? ` and ${cell.sold} for ${plural(cell.sold, "customer", "customers")} served` : ""}`));
      }
      group.append(node);
    });
    group.append(label(totalX, cy, String(view.festive?.[seat] ?? 0), { "font-size": 15, "font-weight": 700, "data-total": seat }));
  });
  let below = top + seats.length * rowH + 20;
  explained.forEach((line, k) => group.append(text(x + 12, below + k * 18, line, { "font-size": SMALL, fill: NOTE, "data-rule": "" })));
  below += explained.length * 18 + (said.length ? 8 : 0);
  said.forEach((line, k) => group.append(text(x + 12, below + k * 18, line, { "font-size": SMALL, "font-weight": 600, "data-verdict": "" })));
  return { node: group, height };
}

/** The key to the tiles' pictures: the three pastes, a hazelnut, a seed and the yolks, in as
 * few rows as the width allows. */
function legend(x, y, w) {
  const group = svg("g", { "data-legend": "", class: "legend" });
  const icon = 22;
  /** @type {{words: string, bold?: boolean, draw?: (ix: number, iy: number) => Element}[]} */
  const items = [
    { words: "Key:", bold: true },
    ...["L", "R", "G"].map((flavour) => ({ words: FLAVOURS[flavour].name, draw: (ix, iy) => swatch(flavour, ix, iy, icon) })),
    { words: "hazelnut", draw: (ix, iy) => hazelnut(ix + icon / 2, iy + icon / 2, 11) },
    { words: "watermelon seed", draw: (ix, iy) => seed(ix + icon / 2, iy + icon / 2, 10, -35) },
    { words: "half yolk", draw: (ix, iy) => yolkIcon(ix, iy, icon, true) },
    { words: "whole yolk", draw: (ix, iy) => yolkIcon(ix, iy, icon, false) },
  ];
  const rowH = 27;
  let cx = x + 10;
  let row = 0;
  const placed = [];
  for (const item of items) {
    const drawn = item.draw ? icon + 5 : 0;
    const width = drawn + item.words.length * SMALL * (item.bold ? 0.64 : 0.56);
    if (cx + width > x + w - 10 && cx > x + 10) {
      cx = x + 10;
      row += 1;
    }
    placed.push({ ...item, ix: cx, iy: y + 5 + row * rowH, drawn });
    cx += width + 14;
  }
  const height = (row + 1) * rowH + 6;
  group.append(svg("rect", { class: "frame", x, y, width: w, height, rx: 10, fill: "#fffdf7", stroke: "#eadfca" }));
  for (const item of placed) {
    if (item.draw) group.append(svg("g", { "aria-hidden": "true" }, item.draw(item.ix, item.iy)));
    group.append(text(item.ix + item.drawn, item.iy + icon / 2 + 5, item.words,
      { "font-size": item.bold ? 14 : SMALL, "font-weight": item.bold ? 700 : 400, fill: item.bold ? INK : NOTE }));
  }
  group.prepend(title("Key to the tiles: lotus seed paste is smooth and light, red bean paste dark and speckled, green tea paste "
    + "streaked; a hazelnut is round with a pale cap, a watermelon seed black and pointed; a half yolk sits on a straight "
    + "edge, and two halves that meet make a whole yolk."));
  return { node: group, height };
}

/** A paste as the key shows it: a quarter of its fill and texture. */
function swatch(flavour, x, y, size) {
  const paste = FLAVOURS[flavour];
  const d = wedgePath(x, y + size, size, -90);
  return svg("g", {},
    svg("path", { d, fill: paste.fill }),
    paste.texture ? svg("path", { d, fill: `url(#${paste.texture})` }) : null,
    svg("path", { d, fill: "none", stroke: "#5b3a1a", "stroke-width": 1.2 }));
}

/** A yolk as the key shows it: half a disc on a straight edge, or two halves met. */
function yolkIcon(x, y, size, half) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const yr = size * 0.36;
  const edge = svg("line", { x1: cx, y1: y, x2: cx, y2: y + size, stroke: "#5b3a1a", "stroke-width": 1.2 });
  const disc = (sweep) => svg("path", { d: `M${cx},${cy - yr} A${yr},${yr} 0 0 ${sweep} ${cx},${cy + yr} Z`, fill: YOLK, stroke: OUTLINE_DARK, "stroke-width": 1.2 });
  return svg("g", {}, disc(1), half ? null : disc(0), edge);
}

/** Your part: your cakes, your tiles and the choice or placement being made. */
function yours(ctx, view, x, y, w, stacked) {
  const you = ctx.you;
  const group = svg("g", { class: "yours" });
  const tiles = view.hand || [];
  const festive = view.festive?.[you] ?? 0;
  const taste = view.tastes?.length ? view.tastes[view.tastes.length - 1][you] : null;
  group.append(seatDot(ctx, you, x + 11, y + 9));
  group.append(text(x + 28, y + 14, "Your mooncakes", { "font-size": 16, "font-weight": 700 }));
  scoreNode(ctx, group.appendChild(text(x + w, y + 14, `${festive} Festive Point${festive === 1 ? "" : "s"}${taste === null || taste === undefined ? "" : ` · taste ${taste}`}`, { "font-size": 14, fill: MUTED, "text-anchor": "end", "data-festive": you })), you);
  const gap = stacked ? 14 : 22;
  const r = Math.min(stacked ? 60 : 80, (w - 2 * gap - 12) / 6);
  const pick = view.phase === "place" ? placingPick(ctx, tiles) : null;
  group.append(cakes(ctx, you, view.boards?.[you], x + (w - cakesWidth(ctx, r, gap)) / 2, y + 28, r, gap,
    { placing: pick === null ? null : tiles[pick], pending: view.pending, labels: true, served: served(ctx, view, you), pieces: true, scores: cakeTastes(ctx, view, you) }));
  const sold = (served(ctx, view, you) || []).map((customer) => servedLines(customer, 2 * r + gap - 10).length);
  let top = y + 28 + 2 * r + 34 + 17 * Math.max(0, ...sold);
  const size = stacked ? 92 : 84;
  const tileGap = stacked ? 14 : 12;
  if (tiles.length || view.choice) {
    group.append(text(x, top + 14, "Your tiles", { "font-size": 16, "font-weight": 700 }));
    top += 26;
  }
  if ((view.phase === "over" || view.scored_round) && view.tastes?.length) {
    const table = tasteTable(ctx, view, x, top, w);
    group.append(table.node);
    return { node: group, bottom: top + table.height };
  }
  const made = hand(ctx, view, x, top, size, tileGap);
  group.append(made.node);
  const tilesW = 3 * size + 2 * tileGap;
  const below = tiles.length ? size + NAME_STRIP + 54 : 0;
  if (stacked) {
    const box = summary(ctx, view, made, x, top + below, w, true);
    if (box) group.append(box.node);
    return { node: group, bottom: top + below + (box ? box.height : 0) };
  }
  const box = summary(ctx, view, made, x + tilesW + 14, top, w - tilesW - 14, false);
  if (box) group.append(box.node);
  return { node: group, bottom: top + Math.max(below, box ? box.height : 0) };
}

/**
 * A title over a part of the table: a piece, so that it moves with that part's pieces (the
 * customers, the bakers' rows) when what is drawn above them grows or shrinks.
 */
function sectionTitle(ctx, name, x, y, words) {
  return ctx.piece(text(x, y, words, { "font-size": 16, "font-weight": 700 }), `title:${name}`);
}

/** @param {import("../types.js").MooncakeContext} ctx */
export function draw(ctx) {
  rememberTurn(ctx);
  // The cakes of the round just scored are what the table shows until the next step.
  const view = ctx.view.scored_round ? { ...ctx.view, boards: ctx.view.scored_round.boards } : ctx.view;
  const boards = view.boards || [];
  const seats = boards.map((_, s) => s);
  const mine = ctx.you !== null && ctx.you !== undefined && boards[ctx.you];
  const rest = mine ? seats.filter((s) => s !== ctx.you) : seats;
  // A spectator has no part of their own, where a seat sees the scores: it goes with the rest.
  const scores = !mine && (view.phase === "over" || view.scored_round) && view.tastes?.length;
  const parts = [textures()];
  if (ctx.wide) {
    const W = 920;
    const left = { x: 12, w: 480 };
    const right = { x: 508, w: W - 508 - 12 };
    parts.push(heading(ctx, view, left.x, 26, left.w));
    let y = 44;
    if (mine) {
      const own = yours(ctx, view, left.x, y, left.w, false);
      parts.push(own.node);
      y = own.bottom + 16;
    }
    // With few other bakers the customers fit beside your cakes, under the bakers.
    const shopBeside = mine && rest.length <= 2;
    const shopTitle = "Customers · one cake serves one customer";
    let bottom = y;
    let shop = null;
    if (shopBeside) {
      shop = customers(ctx, view, right.x, 0, right.w, true);
    } else {
      shop = customers(ctx, view, left.x, y + 24, left.w, false);
      parts.push(sectionTitle(ctx, "customers", left.x, y + 14, shopTitle), shop.node);
      bottom = y + 24 + shop.height;
    }
    // A spectator has no cakes of their own: the first bakers go under the customers.
    const below = mine ? [] : rest.slice(0, Math.floor(rest.length / 2));
    const beside = rest.slice(below.length);
    if (below.length) {
      const lower = others(ctx, view, below, left.x, bottom + 12, left.w, 560 - bottom - 12);
      parts.push(lower.node);
      bottom += 12 + lower.height;
    }
    if (scores) {
      const table = tasteTable(ctx, view, left.x, bottom + 12, left.w);
      parts.push(table.node);
      bottom += 12 + table.height;
    }
    const bakers = others(ctx, view, beside, right.x, 38, right.w, 560 - (shopBeside ? shop.height + 40 : 0));
    parts.push(sectionTitle(ctx, "bakers", right.x, 26, mine ? "The other bakers" : "The bakers"), bakers.node);
    let rightBottom = 38 + bakers.height;
    if (shopBeside) {
      const top = 38 + bakers.height + 12;
      shop = customers(ctx, view, right.x, top + 24, right.w, true);
      parts.push(sectionTitle(ctx, "customers", right.x, top + 14, shopTitle), shop.node);
      rightBottom = top + 24 + shop.height;
    }
    // The key goes under whichever column it makes the less tall.
    const keyLeft = legend(left.x, bottom + 8, left.w);
    const keyRight = legend(right.x, rightBottom + 8, right.w);
    if (Math.max(bottom + 8 + keyLeft.height, rightBottom) <= Math.max(bottom, rightBottom + 8 + keyRight.height)) {
      parts.push(keyLeft.node);
      bottom += 8 + keyLeft.height;
    } else {
      parts.push(keyRight.node);
      rightBottom += 8 + keyRight.height;
    }
    const H = Math.max(bottom, rightBottom) + 12;
    return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Mooncake Master table" }, ...parts);
  }
  const W = 400;
  const x = 6;
  const w = W - 12;
  parts.push(heading(ctx, view, x, 22, w));
  let y = 36;
  if (mine) {
    const own = yours(ctx, view, x, y, w, true);
    parts.push(own.node);
    y = own.bottom + 18;
  }
  if (scores) {
    const table = tasteTable(ctx, view, x, y, w);
    parts.push(table.node);
    y += table.height + 12;
  }
  const shop = customers(ctx, view, x, y + 24, w, true);
  parts.push(sectionTitle(ctx, "customers", x, y + 14, "Customers · one cake each"), shop.node);
  y += 24 + shop.height + 14;
  const rowH = 92;
  parts.push(sectionTitle(ctx, "bakers", x, y + 14, mine ? "The other bakers" : "The bakers"),
    others(ctx, view, rest, x, y + 24, w, rowH * rest.length).node);
  y += 24 + rowH * rest.length;
  const key = legend(x, y + 10, w);
  parts.push(key.node);
  y += 10 + key.height;
  return svg("svg", { viewBox: `0 0 ${W} ${y + 8}`, role: "img", "aria-label": "Mooncake Master table" }, ...parts);
}

/** @param {import("../types.js").MooncakeContext} ctx */
export function hint(ctx) {
  const view = ctx.view;
  const tiles = view.hand || [];
  if (view.phase === "choose") {
    const choice = choiceInProgress(ctx, tiles);
    if (!choice) return "";
    const near = neighbours(ctx, ctx.you);
    if (choice.move) return "check your choice and press Confirm (or Change it)";
    if (!choice.chosen.length) return "click the tile to keep";
    return `now the tile to pass left to ${ctx.seatName(near.left)}`;
  }
  if (view.phase === "place") {
    return placingPick(ctx, tiles) === null ? "click a tile to place" : "click a green quarter for it";
  }
  return "";
}

/**
 * A legal move in words, for the list of moves: a choice as the summary of it says it (what is
 * kept and what goes to whom), a placing as its quarter's tooltip does.
 * @param {import("../types.js").MooncakeContext} ctx
 * @param {string} move
 */
export function moveWords(ctx, move) {
  const placing = /^place (\S+) at ([1-9])(NE|SE|SW|NW)$/.exec(move);
  if (placing) {
    const [, code, cake, q] = placing;
    return `Place ${tileWords(code)}: cake ${cake}, ${QUARTER_WORDS[q]} quarter`;
  }
  const parts = parseChoice(move);
  if (!parts || ctx.you === null) return null;
  const words = choiceRows(ctx, parts, true).map((row) => row.words).join("; ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * How long a state stays on screen before the next one is drawn: the cakes a round was scored
 * on go at the next step, the next customer, which comes at once, so give everyone a look.
 * @param {import("../types.js").MooncakeView} view
 */
export function holdMs(view) {
  return view.scored_round ? 2500 : 0;
}

// --- motion ---------------------------------------------------------------------------------

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Each seat's board as drawn: the cakes a round was scored on while they are on show. */
const drawnBoards = (view) => (view.scored_round ? view.scored_round.boards : view.boards) || [];

/** The slot names of a board, in the view's order (cake by cake, quarters clockwise). */
function slotNames(components, size) {
  const quarters = components?.QUARTERS || ["NE", "SE", "SW", "NW"];
  return Array.from({ length: size }, (_, i) => `${Math.floor(i / quarters.length) + 1}${quarters[i % quarters.length]}`);
}

/** Take the first entry of entries with code not yet taken; its key, or null. */
function takeCode(entries, code) {
  const entry = entries.find((e) => e.code === code && !e.taken);
  if (!entry) return null;
  entry.taken = true;
  return entry.key;
}

/**
 * The choices delivered: your two passed tiles go to the neighbours they were passed to, the
 * two you receive come from those neighbours' places, and the tile you kept stays in hand. The
 * tiles are matched as the table labelled them (the first equal tile takes a role).
 */
function delivered(before, view, you, n) {
  const left = (you + 1) % n;
  const right = (you + n - 1) % n;
  const old = (before.hand || []).map((code, i) => ({ code, key: handKeys(before.hand)[i] }));
  const passedLeft = takeCode(old, view.passed.left);
  const passedRight = takeCode(old, view.passed.right);
  const kept = old.find((e) => !e.taken)?.key;
  const now = (view.hand || []).map((code, i) => ({ code, key: handKeys(view.hand)[i] }));
  const fromLeft = takeCode(now, view.received.from_left);
  const fromRight = takeCode(now, view.received.from_right);
  const stays = now.find((e) => !e.taken)?.key;
  const out = [];
  if (passedLeft) out.push({ kind: "pass", leave: passedLeft, to: `baker:${left}` });
  if (passedRight) out.push({ kind: "pass", leave: passedRight, to: `baker:${right}` });
  if (fromLeft) out.push({ kind: "receive", piece: fromLeft, from: `baker:${left}`, delay: PASS_DELAY });
  if (fromRight) out.push({ kind: "receive", piece: fromRight, from: `baker:${right}`, delay: PASS_DELAY });
  if (kept && stays) out.push({ kind: "keep", piece: stays, from: kept });
  return out;
}

/** Your own tiles: drawn ones turn up, placed ones go from the hand into their quarter, and a
 * placement taken back goes from its quarter back to the hand. */
function ownTiles(change, before, view, you) {
  const oldTiles = before.hand || [];
  const newTiles = view.hand || [];
  const oldKeys = handKeys(oldTiles);
  const newKeys = handKeys(newTiles);
  const gone = oldKeys.filter((key) => !newKeys.includes(key));
  const came = newKeys.filter((key) => !oldKeys.includes(key));
  const codeOf = (key) => key.slice("tile:".length, key.lastIndexOf(":"));
  const was = drawnBoards(before)[you] || [];
  const now = drawnBoards(view)[you] || [];
  const slots = slotNames(change.components, Math.max(was.length, now.length));
  const out = [];
  now.forEach((code, i) => {
    if (!code || was[i]) return;
    const quarter = `quarter:${you}:${slots[i]}`;
    const from = gone.find((key) => codeOf(key) === code);
    if (from) {
      gone.splice(gone.indexOf(from), 1);
      out.push({ kind: "place", piece: quarter, from: `glyph:${from}` });
    } else {
      out.push({ kind: "place", flip: quarter });
    }
  });
  was.forEach((code, i) => {
    if (!code || now[i]) return;
    const back = came.find((key) => codeOf(key) === code);
    if (!back) return;
    came.splice(came.indexOf(back), 1);
    out.push({ kind: "undo", piece: back, from: `quarter:${you}:${slots[i]}` });
  });
  for (const key of came) out.push({ kind: "draw", flip: key });
  return out;
}

/**
 * What moved between two views, as this seat may see it (see the top of this file). Hidden
 * tiles are never keyed: another seat's hand is not drawn, and its tiles appear only where and
 * when its view shows them.
 * @param {import("../types.js").MooncakeChange} change
 */
export function motions(change) {
  const { before, view } = change;
  if (!before || !view) return [];
  const you = change.you ?? null;
  const n = change.numPlayers || drawnBoards(view).length;
  /** @type {import("../types.js").Motion[]} */
  const out = [];
  const lifted = [];
  if (you !== null && before.phase === "choose" && view.phase === "place" && view.passed && view.received) {
    out.push(...delivered(before, view, you, n));
  } else if (you !== null) {
    out.push(...ownTiles(change, before, view, you));
  }
  // Another seat's tile comes from its dot when the step named it (an open placement), else it
  // turns up where it lies (placed face down, shown with the turn's last placement).
  const named = new Set((change.steps || []).filter((e) => e.record?.slot).map((e) => `${e.player}:${e.record?.slot}`));
  const was = drawnBoards(before);
  const now = drawnBoards(view);
  let revealing = 0;
  now.forEach((board, seat) => {
    if (seat === you) return;
    const slots = slotNames(change.components, (board || []).length);
    let turned = false;
    (board || []).forEach((code, i) => {
      if (!code || was[seat]?.[i]) return;
      const quarter = `quarter:${seat}:${slots[i]}`;
      if (named.has(`${seat}:${slots[i]}`)) {
        out.push({ kind: "place", piece: quarter, from: `baker:${seat}` });
      } else {
        out.push({ kind: "reveal", flip: quarter, delay: revealing * REVEAL_STAGGER });
        turned = true;
      }
    });
    if (turned) revealing += 1;
  });
  // A new round: your cakes on show go back into the pool, each tile into its cake (the other
  // bakers' rows move as pieces, so their tiles are only places, and go at once).
  was.forEach((board, seat) => {
    if (seat !== you) return;
    const slots = slotNames(change.components, (board || []).length);
    (board || []).forEach((code, i) => {
      if (!code || now[seat]?.[i]) return;
      const quarter = `quarter:${seat}:${slots[i]}`;
      if (out.some((m) => m.from === quarter)) return;
      out.push({ kind: "clear", leave: quarter, to: `cake:${seat}:${slots[i].slice(0, -2)}` });
    });
  });
  // A round scored: every baker's first cake, then the second, the third, then the points.
  const scored = (view.scored_round && view.scored_round.round !== before.scored_round?.round)
    || (view.phase === "over" && before.phase !== "over");
  if (scored) {
    const cakes = change.components?.CAKES || 3;
    const seats = now.map((_, seat) => seat);
    for (let cake = 1; cake <= cakes; cake++) {
      for (const seat of seats) {
        out.push({ kind: "scoring", mark: `cake:${seat}:${cake}`, delay: SCORE_START + (cake - 1) * CAKE_GAP, ms: MARK_MS });
      }
    }
    const points = SCORE_START + cakes * CAKE_GAP;
    for (const seat of seats) {
      const key = `score:${seat}`;
      out.push(seat === you ? { kind: "scoring", flip: key, delay: points, ms: MARK_MS }
        : { kind: "scoring", mark: key, delay: points, ms: MARK_MS });
    }
  }
  // A customer turned up.
  for (const number of view.customers || []) {
    if (!(before.customers || []).includes(number)) out.push({ kind: "new-customer", flip: `customer:${number}` });
  }
  for (const motion of out) {
    if (motion.piece && ["receive", "place", "undo"].includes(motion.kind ?? "")) lifted.push(motion.piece);
  }
  lift(lifted);
  return out;
}

/**
 * Put the pieces that fly across the board on top of everything drawn after them (an SVG draws
 * in document order) while they move, and back where they belong once they have arrived.
 */
function lift(keys) {
  const root = document.getElementById("board")?.firstElementChild;
  if (!keys.length || !root || REDUCED.matches) return;
  const moved = [];
  for (const node of root.querySelectorAll("[data-piece], [data-place]")) {
    if (!keys.includes(node.getAttribute("data-piece") || node.getAttribute("data-place"))) continue;
    moved.push({ node, parent: node.parentNode, next: node.nextSibling });
  }
  for (const { node } of moved) root.append(node);
  // The motions start once this returns; each piece goes home when its own has ended.
  setTimeout(() => {
    for (const { node, parent, next } of moved) {
      const holder = node.parentNode;
      const running = holder && holder !== root ? holder.getAnimations() : [];
      Promise.all(running.map((animation) => animation.finished.catch(() => null))).then(() => {
        if (!root.isConnected || !parent.isConnected) return;
        parent.insertBefore(node, next && next.parentNode === parent ? next : null);
      });
    }
  }, 0);
}
