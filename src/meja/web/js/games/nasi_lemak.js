// Nasi Lemak: The Game: the other players (hand size, face-down Nasi Lemak cards with their
// flies, the cards you know they hold), the piles, your own Nasi Lemak, the move being made
// (an offer, a choice of ingredient, an examined hand), what the whole table has just seen
// (an announced ingredient, an examined seat, the cards a Wholesaler turned up) and your hand.
//
// Every move is clicked on the thing it is about: a card in your hand plays it or puts it on
// an offer, a player's panel chooses them, a Nasi Lemak card takes a fly, a card on the offer
// takes it back off. Buttons are left for the moves that have no object on the table.
// On a wide window the table is laid out landscape so that it fits the window's height; on a
// phone it is drawn at its own size, so that no text is under 12 px.
// Each other player's last move is marked on what it touched: a ring in their colour on a
// Nasi Lemak card or on the panel of the player it was aimed at, and a note of the card played.

import { label, pretty, svg, title, wrapWords } from "../svg.js";

/** The width of the wide table: a little narrower with one row of other players, so that its
 * parts are drawn larger while the whole still fits the window's height. */
const WIDE_W = { oneRow: 880, twoRows: 940 };
const NARROW_W = 356;
const CARD_W = 78;
const CARD_H = 104;
const GAP = 10;
const PANEL_H = 112;
const FILLS = {
  rice: "#fbfaf3",
  egg: "#f7d35c",
  peanuts: "#c98b4a",
  sambal: "#c0392b",
  cucumber: "#6ab04c",
  wholesaler: "#2f6f4e",
  supplier: "#3c7d5a",
  mak_cik: "#7b4b94",
  officer: "#2e4a7d",
  thief: "#444",
  fly: "#5d5d5d",
  fan: "#247a7a",
  swatter: "#8a5a2a",
};
const DARK_TEXT = new Set(["rice", "egg", "peanuts", "cucumber"]);
/** Ink for secondary text: 5:1 or more on every light background of the table. */
const MUTED = "#6b5b49";
/** The outline that keeps a seat's dot or mark visible on any background (3:1 or more). */
const OUTLINE = "#2b2118";
const INGREDIENT_KEYS = ["rice", "egg", "peanuts", "sambal", "cucumber"];
/** Cards played from the hand with one click; the move's own choice follows as its own step. */
const PLAY = {
  wholesaler: "play wholesaler",
  supplier: "play supplier",
  mak_cik: "play mak cik",
  officer: "play officer",
  thief: "play thief",
  fly: "play fly",
};
/** Names cut short where a line has little room (a panel's last-move note). */
const SHORT_NAMES = { mak_cik: "Mak Cik" };
/** Cards that are aimed at one of your own Nasi Lemak cards: pick the card, then the target. */
const AIMED = { fan: "fan from card ", swatter: "swat card " };
/** The moves with no object on the table, shown as buttons, with their captions. */
const BUTTONS = {
  "make nasi lemak": "Make Nasi Lemak",
  trade: "Trade",
  "end turn": "End turn",
  propose: "Propose",
  accept: "Accept",
  decline: "Decline",
  "cancel trade": "Cancel trade",
};
/** Every move this renderer binds to something; anything else falls back to a button. */
const BOUND = [
  /^play /, /^fan from card \d+$/, /^swat card \d+$/, /^fly to seat \d+ card \d+$/,
  /^trade with seat \d+$/, /^examine seat \d+$/, /^give /, /^ask /, /^take back /, /^unask /,
  /^take /, /^announce /, /^use /,
];

/**
 * What each other player's last completed move touched, from the records of its steps
 * (ctx.lastMoves): the Nasi Lemak cards ("seat:index" -> mover), the players it was aimed at
 * (seat -> movers) and the action card it played (mover -> card key). Only what the records
 * say is marked, so a mark shows nothing the log does not.
 */
function lastMarks(ctx) {
  const marks = { cards: new Map(), seats: new Map(), played: new Map() };
  for (const [mover, records] of ctx.lastMoves || []) {
    if (mover === ctx.you) continue;
    for (const record of records) {
      for (const [q, i] of record.cards || []) marks.cards.set(`${q}:${i}`, mover);
      for (const q of record.seats || []) {
        const movers = marks.seats.get(q) || [];
        if (q !== mover && !movers.includes(mover)) marks.seats.set(q, [...movers, mover]);
      }
      if (record.played) marks.played.set(mover, record.played);
    }
  }
  return marks;
}

/** A ring in the mover's colour, outlined dark so that it shows on any card or panel. */
function ring(ctx, mover, x, y, w, h, r) {
  return svg("g", { "data-last-move": String(mover), "pointer-events": "none" },
    title(`${ctx.seatName(mover)}'s last move`),
    svg("rect", { x, y, width: w, height: h, rx: r, fill: "none", stroke: OUTLINE, "stroke-width": 5 }),
    svg("rect", { x, y, width: w, height: h, rx: r, fill: "none", stroke: ctx.colour(mover), "stroke-width": 3 }));
}

/** A name cut to fit width at a bold font of size, with an ellipsis when it is cut. */
function clip(name, width, size) {
  const most = Math.max(4, Math.floor(width / (size * 0.64)));
  return name.length > most ? `${name.slice(0, most - 1)}…` : name;
}

/** A card key as action strings spell it ("mak_cik" -> "mak cik"). */
const words = (key) => key.replaceAll("_", " ");

function cardTypes(ctx) {
  const types = ctx.components.CARD_TYPES || [];
  return Object.fromEntries(types.map((t) => [t.key, t]));
}

function cardName(types, key) {
  return types[key]?.name || pretty(key);
}

function tradable(types, key) {
  const type = types[key];
  return type ? Boolean(type.tradable) : INGREDIENT_KEYS.includes(key) || key === "fan" || key === "swatter";
}

/** One card face: its name, its Malay name when large enough, and how many of it. */
function card(types, key, x, y, { count = 1, scale = 1, dim = false } = {}) {
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const type = types[key];
  const ink = DARK_TEXT.has(key) ? "#2b2118" : "#fff";
  const name = nameLines(cardName(types, key));
  const group = svg("g", { class: "card", opacity: dim ? 0.45 : null },
    title(type ? `${type.name} / ${type.malay}` : pretty(key)),
    svg("rect", { class: "hl", x, y, width: w, height: h, rx: 8 * scale, fill: FILLS[key] || "#999", stroke: "#3d2b1f", "stroke-width": 2 }),
    svg("rect", { x: x + 5 * scale, y: y + 5 * scale, width: w - 10 * scale, height: h - 10 * scale, rx: 6 * scale, fill: "none", stroke: DARK_TEXT.has(key) ? "rgba(61,43,31,0.25)" : "rgba(255,255,255,0.5)", "pointer-events": "none" }));
  const size = Math.max(12, 13 * scale);
  const lines = name;
  const middle = y + h * (scale >= 0.8 ? 0.44 : 0.5);
  lines.forEach((word, i) => {
    group.append(fitted(x + w / 2, middle + (i - (lines.length - 1) / 2) * size * 1.15, word, w - 8, { "font-size": size, fill: ink, "font-weight": 700, "pointer-events": "none" }));
  });
  if (scale >= 0.8 && type && type.malay !== type.name) {
    group.append(fitted(x + w / 2, y + h - 14 * scale, type.malay.split(" ")[0], w - 12, { "font-size": 12, fill: ink, "font-style": "italic", "pointer-events": "none" }));
  }
  if (count > 1) {
    const r = Math.max(11, 13 * scale);
    group.append(svg("circle", { cx: x + w - r + 3, cy: y + r - 3, r, fill: "#b5462f", stroke: "#fff", "stroke-width": 2, "pointer-events": "none" }),
      label(x + w - r + 3, y + r - 3, `×${count}`, { "font-size": 12, fill: "#fff", "font-weight": 700, "pointer-events": "none" }));
  }
  return group;
}

/** A card's name in at most two lines, split where the halves come out most even. */
function nameLines(name) {
  const parts = name.split(" ");
  if (parts.length < 2) return parts;
  let best = [name];
  let worst = Infinity;
  for (let i = 1; i < parts.length; i += 1) {
    const lines = [parts.slice(0, i).join(" "), parts.slice(i).join(" ")];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < worst) {
      worst = longest;
      best = lines;
    }
  }
  return best;
}

/** Centred text squeezed to width when its letters would not fit (estimated, bold). */
function fitted(x, y, content, width, attrs) {
  const node = label(x, y, content, attrs);
  const size = Number(attrs["font-size"]) || 15;
  if (content.length * size * 0.68 > width) {
    node.setAttribute("textLength", String(width));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** A card back: banana leaf for the hands and the draw pile, gold for Nasi Lemak. */
function back(x, y, w, h, gold, text) {
  return svg("g", { "pointer-events": "none" },
    svg("rect", { x, y, width: w, height: h, rx: 6, fill: gold ? "#e0b43c" : "#3f7d3a", stroke: gold ? "#8a6a12" : "#1f4a1c", "stroke-width": 2 }),
    svg("path", { d: `M${x + w / 2},${y + 6} C${x + w - 5},${y + h / 3} ${x + w - 5},${y + (2 * h) / 3} ${x + w / 2},${y + h - 6} C${x + 5},${y + (2 * h) / 3} ${x + 5},${y + h / 3} ${x + w / 2},${y + 6} Z`, fill: gold ? "#f2d27a" : "#5da052", opacity: 0.8 }),
    text !== undefined ? label(x + w / 2, y + h / 2, text, { "font-size": Math.min(18, w * 0.45), "font-weight": 700, fill: gold ? "#5a3d00" : "#fff" }) : null);
}

function fly(x, y, s = 1) {
  return svg("g", { "pointer-events": "none" }, title("a fly: this Nasi Lemak does not count"),
    svg("ellipse", { cx: x - 6 * s, cy: y - 5 * s, rx: 7 * s, ry: 4 * s, fill: "rgba(220,230,255,0.95)", stroke: "#555" }),
    svg("ellipse", { cx: x + 6 * s, cy: y - 5 * s, rx: 7 * s, ry: 4 * s, fill: "rgba(220,230,255,0.95)", stroke: "#555" }),
    svg("ellipse", { cx: x, cy: y, rx: 5 * s, ry: 8 * s, fill: "#222" }));
}

function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "font-size": 15, fill: "#2b2118", ...attrs }, content);
}

/** A button for a move with no object on the table; disabled ones are drawn but not bound. */
function button(ctx, move, x, y, w, caption, disabled = false) {
  const node = svg("g", { "data-button": move, class: disabled ? "disabled" : null },
    svg("rect", { class: "hl", x, y, width: w, height: 42, rx: 10, fill: disabled ? "#eee8dc" : "#fff", stroke: disabled ? "#d4c8b0" : "#bfae8f", "stroke-width": 2 }),
    label(x + w / 2, y + 21, caption, { "font-size": 16, "font-weight": 600, fill: disabled ? MUTED : "#2b2118" }));
  if (!disabled) ctx.target(node, move);
  return node;
}

/** Buttons in a row from (x, y), wrapping within width; returns the group and its height. */
function buttons(ctx, moves, x, y, width) {
  const group = svg("g", { class: "buttons" });
  let cx = x;
  let cy = y;
  for (const move of moves) {
    const caption = BUTTONS[move.text] || pretty(move.text);
    const w = Math.max(104, caption.length * 9 + 32);
    if (cx + w > x + width && cx > x) {
      cx = x;
      cy += 52;
    }
    group.append(button(ctx, move.text, cx, cy, w, caption));
    cx += w + GAP;
  }
  return { node: group, height: moves.length ? cy - y + 42 : 0 };
}

/** A row of Nasi Lemak cards of one seat; each may be the target of a fly, a fan or a swatter. */
function nasiLemakRow(ctx, seat, player, x, y, width, { own = false, size = 1 } = {}) {
  const group = svg("g", { class: "nasi-lemak" });
  const values = player.nasi_lemak || [];
  const flies = player.flies || [];
  const w = 34 * size;
  const h = 46 * size;
  const step = values.length > 1 ? Math.min(w + 6, (width - w) / (values.length - 1)) : w + 6;
  const picked = ctx.selection[0];
  const view = ctx.view;
  values.forEach((packs, i) => {
    const cx = x + i * step;
    const shown = packs === null ? "?" : String(packs);
    const node = svg("g", { "data-nasi-lemak": `${seat}:${i}` },
      title(packs === null ? "a face-down Nasi Lemak card" : `${packs} pack${packs > 1 ? "s" : ""}`),
      svg("rect", { class: "hl", x: cx - 3, y: y - 3, width: w + 6, height: h + 6, rx: 8, fill: "none", stroke: "transparent", "pointer-events": "all" }),
      back(cx, y, w, h, true, shown));
    if (flies[i]) node.append(fly(cx + w - 6 * size, y + 9 * size, size * 0.75));
    const mover = ctx.marks.cards.get(`${seat}:${i}`);
    if (mover !== undefined) node.append(ring(ctx, mover, cx - 4, y - 4, w + 8, h + 8, 9));
    if (own && view.phase === "fan_target" && view.fan_from === i) {
      node.append(svg("rect", { x: cx - 4, y: y - 4, width: w + 8, height: h + 8, rx: 9, fill: "none", stroke: "#2a8a8a", "stroke-width": 3, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    }
    if (own) {
      for (const [key, prefix] of Object.entries(AIMED)) {
        if (picked === `card:${key}`) ctx.target(node, `${prefix}${i}`);
      }
    } else {
      ctx.target(node, `fly to seat ${seat} card ${i}`);
    }
    group.append(node);
  });
  return group;
}

/** The width "Known: N" takes, the least the known cards are given beside a last-move note. */
const KNOWN_COUNT_W = 64;

/** Small coloured chips for the cards known to be in another hand. */
function knownChips(types, known, x, y, width) {
  const group = svg("g", { class: "known" });
  const entries = Object.entries(known || {}).filter(([, n]) => n > 0);
  if (!entries.length) return group;
  const all = entries.map(([k, c]) => `${c} ${cardName(types, k)}`).join(", ");
  if (width < 130) {
    // Beside a last-move note only a count fits; the cards are listed in its tooltip.
    const count = entries.reduce((sum, [, n]) => sum + n, 0);
    group.append(svg("g", {}, title(`known to hold ${all}`), text(x, y + 14, `Known: ${count}`, { "font-size": 12, fill: MUTED })));
    return group;
  }
  group.append(text(x, y + 14, "Known:", { "font-size": 12, fill: MUTED }));
  let cx = x + 52;
  let full = false;
  entries.forEach(([key, n], i) => {
    if (full) return;
    const caption = `${pretty(key)}${n > 1 ? ` ×${n}` : ""}`;
    const w = caption.length * 7 + 14;
    const room = i === entries.length - 1 ? 0 : 64; // space for "+N more" after this chip
    if (cx + w + room > x + width) {
      group.append(svg("g", {}, title(entries.slice(i).map(([k, c]) => `${c} ${cardName(types, k)}`).join(", ")),
        text(cx, y + 14, `+${entries.length - i} more`, { "font-size": 12, fill: MUTED })));
      full = true;
      return;
    }
    group.append(svg("g", {}, title(`known to hold ${n} ${cardName(types, key)}`),
      svg("rect", { x: cx, y, width: w, height: 20, rx: 10, fill: FILLS[key] || "#999", stroke: "#3d2b1f", "stroke-width": 1 }),
      label(cx + w / 2, y + 10, caption, { "font-size": 12, "font-weight": 600, fill: DARK_TEXT.has(key) ? "#2b2118" : "#fff" })));
    cx += w + 4;
  });
  return group;
}

/** One other player: name, hand, Nasi Lemak cards and known cards; chosen by clicking it. */
function opponentPanel(ctx, types, player, x, y, w) {
  const view = ctx.view;
  const seat = player.seat;
  const acting = view.phase !== "over" && view.to_move === seat;
  const badge = seatBadge(view, player);
  const room = w - 29 - 14 - (badge ? badge.length * 12 * 0.62 + 10 : 0);
  const panel = svg("g", { "data-seat-panel": seat },
    title(ctx.seatName(seat)),
    svg("rect", { class: "hl", x, y, width: w, height: PANEL_H, rx: 10, fill: acting ? "#e6f4ee" : "#fffaf0", stroke: acting ? ctx.colour(seat) : "#e2d5bd", "stroke-width": 2 }),
    svg("circle", { cx: x + 16, cy: y + 17, r: 7, fill: ctx.colour(seat), stroke: OUTLINE, "stroke-width": 1.5 }),
    text(x + 29, y + 23, clip(ctx.seatName(seat), room, 16), { "font-size": 16, "font-weight": 700 }));
  if (badge) panel.append(text(x + w - 12, y + 22, badge, { "font-size": 12, "font-weight": 600, fill: "#1f6f5a", "text-anchor": "end" }));
  panel.append(svg("g", {}, title(`${player.hand_size} cards in hand`), back(x + 10, y + 33, 32, 44, false, String(player.hand_size))),
    text(x + 26, y + 96, "cards", { "font-size": 12, fill: MUTED, "text-anchor": "middle" }));
  const values = player.nasi_lemak || [];
  if (values.length) {
    panel.append(nasiLemakRow(ctx, seat, player, x + 54, y + 33, w - 64));
  } else {
    panel.append(text(x + 56, y + 60, "no Nasi Lemak yet", { "font-size": 12, fill: MUTED }));
  }
  const known = Object.values(player.known || {}).some((n) => n > 0);
  const tag = lastMoveTag(ctx, types, seat, x + w - 10, y + PANEL_H - 12, w - 64 - (known ? KNOWN_COUNT_W : 0));
  if (tag.movers.length) panel.append(ring(ctx, tag.movers[0], x + 2, y + 2, w - 4, PANEL_H - 4, 9));
  if (tag.node) panel.append(tag.node);
  panel.append(knownChips(types, player.known, x + 54, y + 84, w - 64 - tag.width));
  ctx.target(panel, `trade with seat ${seat}`);
  ctx.target(panel, `examine seat ${seat}`);
  return panel;
}

/** The corner note of a panel for the other players' last moves: the card this player played,
 * and whose move was aimed at them; movers lists the latter, whose ring the panel gets. Where
 * both do not fit in room, the note keeps the card played (the ring still shows the mover's
 * colour) and its tooltip says both. */
function lastMoveTag(ctx, types, seat, right, baseline, room) {
  const played = ctx.marks.played.get(seat);
  const movers = ctx.marks.seats.get(seat) || [];
  const parts = [];
  if (played) parts.push(`played ${SHORT_NAMES[played] || cardName(types, played)}`);
  if (movers.length) parts.push(`${clip(ctx.seatName(movers[0]), 70, 12)}'s move`);
  if (!parts.length) return { node: null, width: 0, movers };
  const full = parts.join(" · ");
  const width = (words) => words.length * 12 * 0.62 + 12;
  const words = width(full) > room ? parts[0] : full;
  const node = svg("g", { "data-last-move": String(played ? seat : movers[0]), class: "last-move" },
    ...(words === full ? [] : [title(full)]), text(right, baseline, words, { "font-size": 12, "font-weight": 600, fill: MUTED, "text-anchor": "end" }));
  return { node, width: width(words), movers };
}

/** What a seat is doing now, in two or three words, for its panel; its packs at the end. */
function seatBadge(view, player) {
  const seat = player.seat;
  if (view.phase === "over") {
    const packs = (player.nasi_lemak || []).reduce((sum, v, i) => sum + (player.flies[i] ? 0 : v || 0), 0);
    return `${packs} pack${packs === 1 ? "" : "s"}${(view.winners || []).includes(seat) ? " · winner" : ""}`;
  }
  if (view.phase === "response" && view.target === seat) return "answering";
  if (view.active === seat) return "their turn";
  if (["offer", "response"].includes(view.phase) && view.target === seat) return "offered a trade";
  if (["pick"].includes(view.phase) && view.target === seat) return "hand examined";
  return "";
}

function opponents(ctx, types, x, y, width) {
  const others = (ctx.view.seats || []).filter((p) => p.seat !== ctx.you);
  const cols = ctx.wide ? Math.min(3, Math.max(1, others.length)) : 1;
  const w = (width - (cols - 1) * GAP) / cols;
  const group = svg("g", { class: "opponents" });
  others.forEach((player, i) => {
    group.append(opponentPanel(ctx, types, player, x + (i % cols) * (w + GAP), y + Math.floor(i / cols) * (PANEL_H + GAP), w));
  });
  const rows = Math.ceil(others.length / cols);
  return { node: group, height: rows ? rows * PANEL_H + (rows - 1) * GAP : 0 };
}

/** The draw pile, the Nasi Lemak pile, the discards, and the turn's counters. */
function piles(ctx, x, y) {
  const view = ctx.view;
  const group = svg("g", { class: "piles" });
  const discards = Object.values(view.discard_pile || {}).reduce((a, b) => a + b, 0);
  group.append(svg("g", {}, title("draw pile"), back(x, y, 42, 60, false, String(view.draw_pile ?? "?"))),
    label(x + 21, y + 74, "draw", { "font-size": 12, fill: "#5a4632" }));
  group.append(svg("g", {}, title("Nasi Lemak pile"), back(x + 62, y, 42, 60, true, String(view.nasi_lemak_pile ?? "?"))),
    label(x + 83, y + 74, "Nasi Lemak", { "font-size": 12, fill: "#5a4632" }));
  group.append(svg("rect", { x: x + 124, y, width: 42, height: 60, rx: 6, fill: "#efe6d2", stroke: "#bfae8f", "stroke-dasharray": "5 4" }),
    label(x + 145, y + 30, String(discards), { "font-size": 16, "font-weight": 700 }), label(x + 145, y + 74, "discard", { "font-size": 12, fill: "#5a4632" }));
  const lines = [];
  if (view.phase !== "over" && view.active >= 0) {
    const name = ctx.seatName(view.active);
    const whose = view.active === ctx.you ? "Your turn" : name.length > 9 ? `${name.slice(0, 8)}…` : name;
    lines.push([whose, { "font-weight": 700 }]);
    lines.push([`${view.moves_left} move${view.moves_left === 1 ? "" : "s"} left`, { "font-weight": 700 }]);
    if (view.declined_offers) lines.push([`Declined: ${view.declined_offers}`, { fill: MUTED }]);
  }
  if (view.phase === "over") lines.push(["Game over", { "font-weight": 700 }]);
  lines.forEach(([content, attrs], i) => group.append(text(x + 180, y + 18 + i * 20, content, { "font-size": 13, ...attrs })));
  return { node: group, height: 84 };
}

/** Your own Nasi Lemak cards, with their packs: the targets of your Fan and Fly Swatter. */
function ownNasiLemak(ctx, me, x, y, width) {
  const group = svg("g", { class: "own-nasi-lemak" });
  const values = me.nasi_lemak || [];
  const packs = values.reduce((sum, v, i) => sum + (me.flies[i] ? 0 : v || 0), 0);
  group.append(svg("circle", { cx: x + 6, cy: y + 9, r: 6, fill: ctx.colour(ctx.you), stroke: OUTLINE, "stroke-width": 1.5 }),
    text(x + 17, y + 14, "Your Nasi Lemak", { "font-size": 15, "font-weight": 700 }),
    text(x + width, y + 14, `${packs} fly-free pack${packs === 1 ? "" : "s"}`, { "font-size": 13, fill: "#5a4632", "text-anchor": "end" }));
  if (values.length) group.append(nasiLemakRow(ctx, ctx.you, me, x + 4, y + 26, width - 8, { own: true, size: 1.15 }));
  else group.append(text(x, y + 50, "none yet: collect the five ingredients", { "font-size": 13, fill: MUTED }));
  return { node: group, height: 88 };
}

/** A row of cards that each play one move (ask for, announce, take), at a small scale. */
function choiceRow(ctx, types, entries, x, y, width, scale) {
  const group = svg("g", { class: "choices" });
  const w = CARD_W * scale;
  const step = entries.length > 1 ? Math.min(w + 8, (width - w) / (entries.length - 1)) : w + 8;
  entries.forEach(({ key, move, count = 1, dim = false }, i) => {
    const node = svg("g", { "data-choice": move }, card(types, key, x + i * step, y, { count, scale, dim }));
    ctx.target(node, move);
    group.append(node);
  });
  return group;
}

/** The cards of one side of the offer, in as many rows as they need; the offerer clicks one to
 * take it back off the offer. Returns the group and its rows. */
function offerSide(ctx, types, counts, verb, x, y, width, scale) {
  const group = svg("g", { class: "offer-side" });
  const entries = Object.entries(counts || {}).filter(([, n]) => n > 0);
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  if (!entries.length) {
    group.append(svg("rect", { x, y, width: w, height: h, rx: 7, fill: "none", stroke: "#d8c9a8", "stroke-dasharray": "5 4" }),
      label(x + w / 2, y + h / 2, "—", { "font-size": 16, fill: MUTED }));
    return { node: group, rows: 1 };
  }
  const perRow = Math.max(1, Math.floor((width + 8) / (w + 8)));
  entries.forEach(([key, n], i) => {
    const cx = x + (i % perRow) * (w + 8);
    const cy = y + Math.floor(i / perRow) * (h + 8);
    const node = svg("g", { "data-offer": `${verb}:${key}` }, card(types, key, cx, cy, { count: n, scale }));
    ctx.target(node, `${verb} ${words(key)}`);
    group.append(node);
  });
  return { node: group, rows: Math.ceil(entries.length / perRow) };
}

/** The cards asked for that the viewer does not hold, as words ("2 Egg, 1 Fan"), or "". */
function lacking(types, hand, ask) {
  return Object.entries(ask || {})
    .filter(([key, n]) => n > (hand[key] || 0))
    .map(([key, n]) => `${n} ${cardName(types, key)}${hand[key] ? ` (you hold ${hand[key]})` : ""}`)
    .join(", ");
}

/** The offer on the table: who offers whom, both sides, and the answer or the building moves. */
function offerArea(ctx, types, x, y, w, h) {
  const view = ctx.view;
  const offer = view.offer;
  const group = svg("g", { class: "offer" });
  const from = view.active;
  const to = view.target;
  const you = (seat) => seat === ctx.you;
  const building = view.phase === "offer";
  const nameRoom = (w - 32 - (building ? 170 : 70)) / 2;
  const named = (seat) => clip(ctx.seatName(seat), nameRoom, 18);
  const heading = `${you(from) ? "You" : named(from)} ${you(from) ? "offer" : "offers"} ${you(to) ? "you" : named(to)}`;
  const full = `${heading} (not proposed yet)`;
  const headline = building && full.length * 18 * 0.6 <= w - 32 ? full : heading;
  group.append(text(x + 16, y + 28, headline, { "font-size": 18, "font-weight": 700, "data-offer-heading": heading }));
  const side = ctx.wide ? 150 : 0; // the column of buttons on a wide window
  const inner = w - 32 - side;
  const col = (inner - 14) / 2;
  const scale = 0.7;
  const short = (seat) => clip(ctx.seatName(seat), col - 70, 13);
  const giver = you(from) ? "You give" : `${short(from)} gives`;
  const asker = you(from) ? "You ask for" : `${short(from)} asks for`;
  group.append(text(x + 16, y + 54, giver, { "font-size": 13, fill: "#5a4632", "font-weight": 700 }),
    text(x + 30 + col, y + 54, asker, { "font-size": 13, fill: "#5a4632", "font-weight": 700 }));
  const gives = offerSide(ctx, types, offer.give, "take back", x + 16, y + 64, col, scale);
  const asked = offerSide(ctx, types, offer.ask, "unask", x + 30 + col, y + 64, col, scale);
  group.append(gives.node, asked.node);
  const rows = Math.max(gives.rows, asked.rows);
  let bottom = y + 64 + rows * CARD_H * scale + (rows - 1) * 8;
  const mine = you(from) && ctx.legal.length > 0;
  const note = (content, attrs = {}, width = inner) => {
    for (const line of wrap(content, width, 13)) {
      group.append(text(x + 16, bottom + 20, line, { "font-size": 13, fill: MUTED, ...attrs }));
      bottom += 20;
    }
    bottom += 6;
  };
  if (mine && building) {
    const asks = ctx.startingWith("ask ").map((m) => ({ key: m.text.slice(4).replaceAll(" ", "_"), move: m.text }));
    // The table's own limit on cards taken back shows in the moves: none left means it is reached.
    const undos = ctx.startingWith("take back ").length + ctx.startingWith("unask ").length;
    const onOffer = Object.keys(offer.give).length + Object.keys(offer.ask).length > 0;
    if (onOffer && !undos) note("No more cards can be taken back out of this offer.");
    else if (onOffer) note("Click a card on the offer to take it back off.");
    if (asks.length) {
      group.append(text(x + 16, bottom + 20, "Ask for:", { "font-size": 13, fill: "#5a4632", "font-weight": 700 }));
      group.append(choiceRow(ctx, types, asks, x + 16, bottom + 30, inner, 0.62));
      bottom += 30 + CARD_H * 0.62;
    } else {
      note("Nothing more can be asked for.");
    }
  }
  const answering = view.phase === "response" && you(to) && ctx.legal.length > 0;
  const moves = [];
  if (mine && building) moves.push(["propose", "Propose"], ["cancel trade", "Cancel trade"]);
  if (answering) moves.push(["accept", "Accept"], ["decline", "Decline"]);
  const shown = moves.filter(([move]) => ctx.byText.has(move) || move === "accept");
  if (ctx.wide) {
    shown.forEach(([move, caption], i) => group.append(button(ctx, move, x + w - side - 6, y + 44 + i * 52, side - 10, caption, !ctx.byText.has(move))));
  } else if (shown.length) {
    const bw = (w - 42) / 2;
    shown.forEach(([move, caption], i) => group.append(button(ctx, move, x + 16 + i * (bw + 10), bottom + 12, bw, caption, !ctx.byText.has(move))));
    bottom += 12 + 42;
  }
  if (answering && !ctx.byText.has("accept")) {
    const missing = lacking(types, view.hand || {}, offer.ask);
    const reason = svg("g", { "data-reason": "accept" });
    for (const line of wrap(`You cannot accept: you do not hold ${missing}.`, w - 32, 15)) {
      reason.append(text(x + 16, bottom + 22, line, { "font-size": 14, fill: "#9a3412", "font-weight": 700 }));
      bottom += 20;
    }
    group.append(reason);
    bottom += 10;
  }
  if (!mine && !answering) {
    note(building ? `${ctx.seatName(from)} is still putting the offer together.` : `Waiting for ${ctx.seatName(to)} to accept or decline.`);
  }
  const buttonsBottom = ctx.wide ? y + 44 + shown.length * 52 : 0;
  return { node: group, height: Math.max(h, bottom - y + 12, buttonsBottom - y + 6) };
}

/** What the whole table saw of the last step that nothing else on it shows, in a line: an
 * ingredient nobody had (N7), an empty hand examined (N9), cards gone into a reshuffle (N6). */
function justSeen(ctx, types) {
  const seen = ctx.view.just_seen;
  if (!seen) return "";
  const name = (seat) => (seat === ctx.you ? "you" : ctx.seatName(seat));
  const who = seen.seat === ctx.you ? "You" : ctx.seatName(seen.seat);
  const list = (counts) => Object.entries(counts).map(([key, n]) => `${cardName(types, key)}${n > 1 ? ` ×${n}` : ""}`).join(", ");
  if (seen.card === "supplier") {
    const handed = seen.handed_over.map((n, q) => (n > 0 ? `${n} from ${name(q)}` : "")).filter(Boolean);
    return `${who} announced ${cardName(types, seen.announced)}: ${handed.length ? handed.join(", ") : "nobody had any"}`;
  }
  if (seen.card === "officer") {
    const size = ctx.view.seats[seen.examined]?.hand_size ?? 0;
    return `${who} examined ${name(seen.examined)}: ${size ? `${size} card${size === 1 ? "" : "s"}` : "an empty hand"}`;
  }
  const kept = Object.keys(seen.kept).length ? list(seen.kept) : "nothing";
  return `${who} turned up ${list(seen.turned_up)} with the Wholesaler and kept ${kept}`;
}

/** The centre of the table: what the move in progress needs, or what the player may do. */
function actionArea(ctx, types, x, y, w, minHeight) {
  const view = ctx.view;
  const group = svg("g", { class: "action-area" });
  const frame = svg("rect", { x, y, width: w, height: minHeight, rx: 12, fill: "#fff6e0", stroke: "#e0b43c", "stroke-width": 2 });
  group.append(frame);
  const body = svg("g");
  group.append(body);
  const mine = ctx.legal.length > 0;
  const picked = ctx.selection[0];
  let cy = y + 38; // where the next line of the area goes
  let height = minHeight;
  const grow = (bottom) => {
    cy = bottom;
    height = Math.max(height, bottom - y + 14);
  };
  const heading = (content) => body.append(text(x + 16, y + 28, content, { "font-size": 18, "font-weight": 700 }));
  const note = (content, attrs = {}, parent = body) => {
    for (const line of wrap(content, w - 32, 14)) {
      parent.append(text(x + 16, cy + 16, line, { "font-size": 14, fill: "#5a4632", ...attrs }));
      cy += 20;
    }
    grow(cy);
  };
  const row = (moves) => {
    const shown = buttons(ctx, moves, x + 16, cy + 12, w - 32);
    body.append(shown.node);
    grow(cy + 12 + shown.height);
  };
  const cards = (entries, scale) => {
    body.append(choiceRow(ctx, types, entries, x + 16, cy + 10, w - 32, scale));
    grow(cy + 10 + CARD_H * scale);
  };
  const seen = view.offer ? "" : justSeen(ctx, types);
  if (seen) {
    const line = svg("g", { "data-just-seen": view.just_seen.card }, title("what the whole table just saw"));
    body.append(line);
    note(seen, { fill: "#1f6f5a", "font-style": "italic" }, line);
  }
  if (view.offer) {
    const shown = offerArea(ctx, types, x, y, w, minHeight);
    body.append(shown.node);
    height = shown.height;
  } else if (view.phase === "over") {
    heading("Game over");
    const winners = (view.winners || []).map((s) => (s === ctx.you ? "You" : ctx.seatName(s)));
    note(winners.length ? `Winner: ${winners.join(" and ")}.` : "Nobody won.");
    note("Every Nasi Lemak card is turned face up.");
  } else if (!mine) {
    const who = ctx.seatName(view.to_move >= 0 ? view.to_move : view.active);
    heading(view.active >= 0 ? `${clip(ctx.seatName(view.active), w - 100, 18)}'s turn` : "Setting up");
    const doing = {
      partner: `${who} is choosing whom to trade with.`,
      examine: `${who} plays the Officer and chooses whose hand to examine.`,
      pick: `${who} takes ${view.takes_left} card(s) from ${ctx.seatName(view.target)}'s hand.`,
      announce: `${who} plays the Supplier and announces an ingredient.`,
      trio: `${who} plays Mak Cik Nasi Lemak.`,
      fly_target: `${who} puts a fly on someone's Nasi Lemak.`,
      fan_target: `${who} fans a fly onto someone else's Nasi Lemak.`,
      main: `${who} is choosing a move.`,
      draw: `${who} draws two cards.`,
      deal: "Dealing seven cards to everyone.",
      reveal: `${who}'s Wholesaler turns up the top cards of the draw pile.`,
      steal: `${who}'s Thief steals a card from ${ctx.seatName(view.target)}.`,
      cook: `${who} takes the top Nasi Lemak card.`,
    }[view.phase];
    if (doing) note(doing);
    const revealed = Object.entries(view.revealed || {}).filter(([, n]) => n > 0);
    if (revealed.length) {
      note("Turned up by the Wholesaler:");
      revealed.forEach(([key, n], i) => body.append(card(types, key, x + 16 + i * 58, cy + 6, { count: n, scale: 0.62 })));
      grow(cy + 6 + CARD_H * 0.62);
    }
  } else if (picked && picked.startsWith("card:") && AIMED[picked.slice(5)]) {
    const key = picked.slice(5);
    heading(key === "fan" ? "Fan / Kipas" : "Fly Swatter / Pemukul Lalat");
    note(key === "fan" ? "Click the Nasi Lemak card of yours whose fly you chase away." : "Click the Nasi Lemak card of yours whose fly you swat.");
    const cancel = button(ctx, "", x + 16, cy + 12, 120, "Cancel");
    cancel.removeAttribute("data-button");
    body.append(ctx.clear(cancel));
    grow(cy + 12 + 42);
  } else if (view.phase === "main") {
    heading("Your move");
    note("Click a card in your hand to play it, or:");
    row(["make nasi lemak", "trade", "end turn"].filter((m) => ctx.byText.has(m)).map((m) => ({ text: m })));
  } else if (view.phase === "partner") {
    heading("Trade");
    note("Click the player you want to trade with.");
    row([{ text: "cancel trade" }]);
  } else if (view.phase === "examine") {
    heading("Officer / Pegawai");
    note("Click the player whose hand you examine; you then take two cards from it.");
  } else if (view.phase === "pick") {
    heading("Officer / Pegawai");
    const from = ctx.seatName(view.target);
    note(`Take ${view.takes_left} card${view.takes_left === 1 ? "" : "s"} from ${from}'s hand:`);
    const hand = (view.seats[view.target] || {}).known || {};
    cards(ctx.startingWith("take ").filter((m) => !m.text.startsWith("take back ")).map((m) => {
      const key = m.text.slice(5).replaceAll(" ", "_");
      return { key, move: m.text, count: hand[key] || 1 };
    }), ctx.wide ? 0.8 : 0.66);
  } else if (view.phase === "announce") {
    heading("Supplier / Pembekal");
    note("Announce an ingredient: every other player hands you all of theirs.");
    cards(ctx.startingWith("announce ").map((m) => ({ key: m.text.slice(9), move: m.text })), ctx.wide ? 0.8 : 0.66);
  } else if (view.phase === "trio") {
    heading("Mak Cik Nasi Lemak");
    const chosen = ctx.selection.filter((key) => INGREDIENT_KEYS.includes(key));
    note(`Click three different ingredients in your hand (${chosen.length} of 3 chosen).`);
    const top = cy + 10;
    for (let i = 0; i < 3; i += 1) {
      if (chosen[i]) body.append(card(types, chosen[i], x + 16 + i * 56, top, { scale: 0.62 }));
      else body.append(svg("rect", { x: x + 16 + i * 56, y: top, width: CARD_W * 0.62, height: CARD_H * 0.62, rx: 6, fill: "none", stroke: "#d8c9a8", "stroke-dasharray": "5 4" }));
    }
    if (chosen.length) {
      const change = button(ctx, "", x + 16 + 3 * 56 + 10, top + 11, 110, "Change");
      change.removeAttribute("data-button");
      body.append(ctx.clear(change));
    }
    grow(top + CARD_H * 0.62);
  } else if (view.phase === "fly_target") {
    heading("Fly / Lalat");
    note("Click another player's Nasi Lemak card to put the fly on it.");
    note("The cards are face down: you cannot see how many packs they show.");
  } else if (view.phase === "fan_target") {
    heading("Fan / Kipas");
    note("Click another player's Nasi Lemak card to send the fly to.");
    note("The fly leaves your card marked with a dashed line.");
  }
  // A move this renderer does not know yet still gets a button, at the bottom of the area.
  const known = (m) => BUTTONS[m.text] || BOUND.some((pattern) => pattern.test(m.text));
  const rest = ctx.legal.filter((m) => !known(m));
  if (rest.length) {
    const others = buttons(ctx, rest, x + 16, y + height + 4, w - 32);
    body.append(others.node);
    height += others.height + 14;
  }
  frame.setAttribute("height", String(height));
  return { node: group, height };
}

/** Lines of at most width (for a regular font of size), broken between words. */
function wrap(content, width, size) {
  return wrapWords(content, width, size, 0.57);
}

/** Your hand: each card plays its move, goes on the offer, or is one of a Mak Cik trio. */
function hand(ctx, types, x, y, width) {
  const view = ctx.view;
  const group = svg("g", { class: "hand" });
  const entries = Object.entries(view.hand || {}).filter(([, n]) => n > 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  group.append(text(x, y + 16, `Your hand (${total} card${total === 1 ? "" : "s"})`, { "font-size": 16, "font-weight": 700 }));
  const top = y + 26;
  const wide = ctx.wide;
  const perRow = wide ? entries.length || 1 : 5;
  const fit = wide ? Math.min(1, (width + 8) / (Math.max(1, entries.length) * (CARD_W + 8))) : (width + 6) / (5 * (CARD_W + 6));
  const step = (CARD_W + 8) * fit;
  const picked = ctx.selection[0];
  const phase = view.phase;
  const yourDecision = ctx.legal.length > 0;
  entries.forEach(([key, n], i) => {
    const cx = x + (i % perRow) * (wide ? step : (CARD_W + 6) * fit);
    const cy = top + Math.floor(i / perRow) * (CARD_H * fit + 10);
    let dim = false;
    const node = svg("g", { "data-card": key });
    if (yourDecision) {
      if (phase === "main") {
        // While a Fan or Fly Swatter is aimed, the other cards wait; clicking it again undoes.
        const aimed = AIMED[key] && ctx.startingWith(AIMED[key]).length;
        if (PLAY[key] && !picked) ctx.target(node, PLAY[key]);
        if (aimed && (!picked || picked === `card:${key}`)) ctx.pick(node, `card:${key}`, 0);
      } else if (phase === "offer") {
        ctx.target(node, `give ${words(key)}`);
        dim = !ctx.byText.has(`give ${words(key)}`);
      } else if (phase === "trio") {
        dim = !trioChoice(ctx, node, key);
      }
    }
    node.append(card(types, key, cx, cy, { count: n, scale: fit, dim }));
    group.append(node);
  });
  const rows = Math.ceil(entries.length / perRow);
  if (!entries.length) {
    group.append(text(x, top + 20, "no cards", { "font-size": 13, fill: MUTED }));
    return { node: group, height: 56 };
  }
  return { node: group, height: 26 + rows * (CARD_H * fit + 10) };
}

/** Bind a hand card during the Mak Cik choice: pick it as one of three, or finish the trio. */
function trioChoice(ctx, node, key) {
  if (!INGREDIENT_KEYS.includes(key)) return false;
  const trios = ctx.startingWith("use ").map((m) => ({ text: m.text, keys: m.text.slice(4).split(" ") }));
  const chosen = ctx.selection.slice(0, 2);
  if (chosen.includes(key)) {
    ctx.pick(node, key, chosen.indexOf(key));
    return true;
  }
  const fits = trios.filter((t) => chosen.every((c) => t.keys.includes(c)) && t.keys.includes(key));
  if (!fits.length) return false;
  if (chosen.length === 2) ctx.target(node, fits[0].text);
  else ctx.pick(node, key, chosen.length);
  return true;
}

export function draw(ctx) {
  ctx.marks = lastMarks(ctx);
  const types = cardTypes(ctx);
  const view = ctx.view;
  const rivals = (view.seats || []).filter((p) => p.seat !== ctx.you).length;
  const W = ctx.wide ? (rivals > 3 ? WIDE_W.twoRows : WIDE_W.oneRow) : NARROW_W;
  const parts = [];
  const me = (view.seats || []).find((p) => p.seat === ctx.you);
  let y = 10;
  const others = opponents(ctx, types, 10, y, W - 20);
  if (ctx.wide) {
    parts.push(others.node);
    y += others.height + GAP;
    const left = 290;
    const table = piles(ctx, 14, y + 6);
    parts.push(table.node);
    let leftHeight = table.height;
    if (me) {
      const own = ownNasiLemak(ctx, me, 14, y + table.height + 14, left - 14);
      parts.push(own.node);
      leftHeight += own.height + 14;
    }
    const area = actionArea(ctx, types, left + 14, y, W - left - 24, Math.max(200, leftHeight));
    parts.push(area.node);
    y += Math.max(leftHeight, area.height) + GAP;
  } else {
    const table = piles(ctx, 14, y + 4);
    parts.push(table.node);
    y += table.height + 4;
    others.node.setAttribute("transform", `translate(0 ${y - 10})`);
    parts.push(others.node);
    y += others.height + GAP;
    // The move in progress comes right after the players it may be aimed at (a trade partner,
    // an examined hand), so that they and its buttons fit the phone's height together.
    const area = actionArea(ctx, types, 10, y, W - 20, 150);
    parts.push(area.node);
    y += area.height + GAP;
    if (me) {
      const own = ownNasiLemak(ctx, me, 14, y, W - 28);
      parts.push(own.node);
      y += own.height;
    }
  }
  if (me) {
    const cards = hand(ctx, types, 14, y, W - 28);
    parts.push(cards.node);
    y += cards.height;
  }
  return svg("svg", { viewBox: `0 0 ${W} ${Math.ceil(y + 6)}`, role: "img", "aria-label": "Nasi Lemak table", "data-layout": ctx.wide ? "wide" : "narrow" },
    svg("rect", { x: 0, y: 0, width: W, height: Math.ceil(y + 6), rx: 14, fill: "#f3e9d2" }), ...parts);
}

export function hint(ctx) {
  const view = ctx.view;
  const picked = ctx.selection[0];
  if (picked === "card:fan") return "choose the Nasi Lemak card whose fly you fan away";
  if (picked === "card:swatter") return "choose the fly to swat";
  if (view.phase === "response" && !ctx.byText.has("accept")) return "you cannot accept this offer; decline it";
  if (view.phase === "trio") {
    const chosen = ctx.selection.length;
    return `choose three different ingredients for Mak Cik Nasi Lemak (${chosen} of 3)`;
  }
  if (view.phase === "pick") return `take ${view.takes_left} card${view.takes_left === 1 ? "" : "s"} from ${ctx.seatName(view.target)}'s hand`;
  return {
    main: "play a card from your hand, trade, make Nasi Lemak or end your turn",
    partner: "choose who to trade with",
    offer: "click cards in your hand to give and cards to ask for, then propose",
    response: "accept or decline the offer",
    examine: "choose whose hand the Officer examines",
    announce: "announce an ingredient",
    fly_target: "put the fly on another player's Nasi Lemak",
    fan_target: "choose where the fly goes",
  }[view.phase] || "";
}
