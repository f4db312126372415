// Nasi Lemak: The Game: your hand of ingredient and action cards, the other players' hands
// (backs only), everyone's face-down Nasi Lemak cards with their flies, and the piles.

import { buttonRow, label, pretty, svg, title } from "../svg.js";

const W = 640;
const CARD_W = 78;
const CARD_H = 104;
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
  fan: "#2a8a8a",
  swatter: "#8a5a2a",
};
const DARK_TEXT = new Set(["rice", "egg", "peanuts"]);
/** Moves that name only a seat ("trade with seat 2"): clicking that player's panel plays them. */
const SEAT_CHOICE = /^(?!officer)[a-z ]*seat \d+$/;

function cardTypes(ctx) {
  const types = ctx.components.CARD_TYPES || [];
  return Object.fromEntries(types.map((t) => [t.key, t]));
}

function cardName(types, key) {
  return types[key]?.name || pretty(key);
}

/** One card face with its name (and how many of it, when more than one). */
function card(types, key, x, y, count = 1, scale = 1) {
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const type = types[key];
  const ink = DARK_TEXT.has(key) ? "#2b2118" : "#fff";
  const words = cardName(types, key).split(" ");
  const group = svg("g", { class: "card" }, title(type ? `${type.name} / ${type.malay}` : pretty(key)),
    svg("rect", { class: "hl", x, y, width: w, height: h, rx: 8 * scale, fill: FILLS[key] || "#999", stroke: "#3d2b1f", "stroke-width": 2 }),
    svg("rect", { x: x + 5 * scale, y: y + 5 * scale, width: w - 10 * scale, height: h - 10 * scale, rx: 6 * scale, fill: "none", stroke: "rgba(255,255,255,0.5)" }));
  words.slice(0, 3).forEach((word, i) => {
    group.append(label(x + w / 2, y + h / 2 + (i - (Math.min(words.length, 3) - 1) / 2) * 15 * scale, word, { "font-size": 13 * scale, fill: ink, "font-weight": 600 }));
  });
  if (count > 1) {
    group.append(svg("circle", { cx: x + w - 6 * scale, cy: y + 6 * scale, r: 12 * scale, fill: "#b5462f", stroke: "#fff", "stroke-width": 2 }),
      label(x + w - 6 * scale, y + 6 * scale, `×${count}`, { "font-size": 11 * scale, fill: "#fff", "font-weight": 700 }));
  }
  return group;
}

/** A card back: banana leaf for the hand and draw pile, gold for Nasi Lemak. */
function back(x, y, w, h, gold, text) {
  return svg("g", {},
    svg("rect", { x, y, width: w, height: h, rx: 7, fill: gold ? "#e0b43c" : "#3f7d3a", stroke: gold ? "#8a6a12" : "#1f4a1c", "stroke-width": 2 }),
    svg("path", { d: `M${x + w / 2},${y + 8} C${x + w - 6},${y + h / 3} ${x + w - 6},${y + (2 * h) / 3} ${x + w / 2},${y + h - 8} C${x + 6},${y + (2 * h) / 3} ${x + 6},${y + h / 3} ${x + w / 2},${y + 8} Z`, fill: gold ? "#f2d27a" : "#5da052", opacity: 0.8 }),
    text !== undefined ? label(x + w / 2, y + h / 2, text, { "font-size": 16, "font-weight": 700, fill: gold ? "#5a3d00" : "#fff" }) : null);
}

function fly(x, y) {
  return svg("g", {}, title("a fly: this Nasi Lemak does not count"),
    svg("ellipse", { cx: x - 6, cy: y - 5, rx: 7, ry: 4, fill: "rgba(220,230,255,0.9)", stroke: "#555" }),
    svg("ellipse", { cx: x + 6, cy: y - 5, rx: 7, ry: 4, fill: "rgba(220,230,255,0.9)", stroke: "#555" }),
    svg("ellipse", { cx: x, cy: y, rx: 5, ry: 8, fill: "#222" }));
}

/** A seat's Nasi Lemak cards; each may be the target of a fly, a fan or a swatter. */
function nasiLemak(ctx, seat, player, x, y, own) {
  const group = svg("g", { class: "nasi-lemak" });
  const picked = ctx.selection[0];
  (player.nasi_lemak || []).forEach((packs, i) => {
    const cx = x + i * 52;
    const node = svg("g", { "data-nasi-lemak": `${seat}:${i}` },
      svg("rect", { class: "hl", x: cx - 3, y: y - 3, width: 50, height: 68, rx: 8, fill: "none", stroke: "transparent" }),
      back(cx, y, 44, 62, true, packs === null ? "?" : String(packs)));
    if ((player.flies || [])[i]) node.append(fly(cx + 34, y + 12));
    group.append(node);
    if (own) {
      if (picked === "card:swatter") ctx.target(node, `swat card ${i}`);
      if (picked === "card:fan") ctx.target(node, `fan from card ${i}`);
    } else {
      if (picked === "card:fly") ctx.target(node, `fly on seat ${seat} card ${i}`);
      ctx.target(node, `fan to seat ${seat} card ${i}`);
    }
  });
  return group;
}

function opponents(ctx, types, view, y) {
  const group = svg("g", { class: "opponents" });
  const others = (view.players || []).filter((p) => p.seat !== ctx.you);
  const picked = ctx.selection[0];
  others.forEach((player, i) => {
    const top = y + i * 96;
    const panel = svg("g", { "data-seat-panel": player.seat },
      svg("rect", { class: "hl", x: 8, y: top, width: W - 16, height: 88, rx: 10, fill: view.current_player === player.seat ? "#e6f4ee" : "#fffaf0", stroke: "#e2d5bd", "stroke-width": 2 }),
      svg("circle", { cx: 26, cy: top + 20, r: 8, fill: ctx.colour(player.seat) }),
      svg("text", { x: 40, y: top + 26, "font-size": 16, "font-weight": 600 }, ctx.seatName(player.seat)),
      back(24, top + 36, 34, 46, false, String(player.hand_size)),
      svg("text", { x: 64, y: top + 64, "font-size": 13, fill: "#5a4632" }, "cards"));
    if (picked === "card:officer") ctx.target(panel, `officer seat ${player.seat}`);
    else {
      const chooseSeat = ctx.legal.filter((m) => SEAT_CHOICE.test(m.text) && m.text.endsWith(` seat ${player.seat}`));
      if (chooseSeat.length === 1) ctx.target(panel, chooseSeat[0].text);
    }
    panel.append(nasiLemak(ctx, player.seat, player, 120, top + 14, false));
    group.append(panel);
    const known = Object.entries(player.known || {});
    if (known.length) {
      panel.append(svg("text", { x: 400, y: top + 26, "font-size": 13, fill: "#5a4632" }, "You know they hold:"));
      known.forEach(([key, n], k) => {
        panel.append(card(types, key, 400 + k * 40, top + 34, n, 0.45));
      });
    }
  });
  return { node: group, height: others.length * 96 };
}

function piles(view, y) {
  const group = svg("g", { class: "piles" });
  group.append(back(12, y, 52, 70, false, String(view.draw_pile ?? "?")), label(38, y + 84, "draw pile", { "font-size": 12 }));
  group.append(back(80, y, 52, 70, true, String(view.nasi_lemak_pile ?? "?")), label(106, y + 84, "Nasi Lemak", { "font-size": 12 }));
  const discards = Object.values(view.discard_pile || {}).reduce((a, b) => a + b, 0);
  group.append(svg("rect", { x: 148, y, width: 52, height: 70, rx: 7, fill: "#efe6d2", stroke: "#bfae8f", "stroke-dasharray": "5 4" }),
    label(174, y + 35, String(discards), { "font-size": 16 }), label(174, y + 84, "discards", { "font-size": 12 }));
  const lines = [];
  if (view.moves_left !== undefined && view.phase !== "over") lines.push(`Moves left this turn: ${view.moves_left}`);
  if (view.declined_offers) lines.push(`Offers declined this turn: ${view.declined_offers}`);
  if (view.end) lines.push(`Ended: ${pretty(view.end)}`);
  lines.forEach((text, i) => group.append(svg("text", { x: 220, y: y + 22 + i * 22, "font-size": 15 }, text)));
  return group;
}

function offer(ctx, types, view, y) {
  if (!view.offer) return { node: null, height: 0 };
  const group = svg("g", { class: "offer" });
  const target = view.target >= 0 ? ctx.seatName(view.target) : "?";
  const from = ctx.seatName(view.current_player);
  group.append(svg("rect", { x: 8, y, width: W - 16, height: 120, rx: 10, fill: "#fff6e0", stroke: "#e0b43c" }));
  group.append(svg("text", { x: 20, y: y + 22, "font-size": 15, "font-weight": 700 }, `${from} offers ${target}:`));
  let x = 20;
  for (const [side, words] of [["give", "gives"], ["ask", "asks for"]]) {
    group.append(svg("text", { x, y: y + 46, "font-size": 13 }, words));
    const entries = Object.entries(view.offer[side] || {});
    entries.forEach(([key, n], i) => group.append(card(types, key, x + i * 44, y + 54, n, 0.5)));
    x += Math.max(120, entries.length * 44 + 40);
  }
  return { node: group, height: 130 };
}

/** Your hand: each card plays its move when it has one, or starts a move of several clicks. */
function hand(ctx, types, view, y) {
  const group = svg("g", { class: "hand" });
  const entries = Object.entries(view.hand || {}).filter(([, n]) => n > 0);
  const perRow = Math.floor((W - 16) / (CARD_W + 8));
  const picked = ctx.selection[0];
  entries.forEach(([key, n], i) => {
    const x = 12 + (i % perRow) * (CARD_W + 8);
    const cy = y + Math.floor(i / perRow) * (CARD_H + 10);
    const node = svg("g", { "data-card": key }, card(types, key, x, cy, n));
    const give = `give ${key.replaceAll("_", " ")}`;
    if (ctx.byText.has(give)) ctx.target(node, give);
    else if (ctx.byText.has(key)) ctx.target(node, key);
    else if (picked === `card:${key}` || multiStep(ctx, key)) ctx.pick(node, `card:${key}`, 0);
    group.append(node);
  });
  const rows = Math.ceil(entries.length / perRow);
  return { node: group, height: rows * (CARD_H + 10) };
}

const MULTI_STEP = {
  officer: "officer seat ",
  supplier: "supplier ",
  mak_cik: "mak cik ",
  fly: "fly on seat ",
  fan: "fan from card ",
  swatter: "swat card ",
};

/** Whether playing this card needs a second click (a target or a choice). */
function multiStep(ctx, key) {
  const prefix = MULTI_STEP[key];
  return Boolean(prefix) && ctx.startingWith(prefix).length > 0;
}

function palette(ctx, types, prefix, heading, y) {
  const moves = ctx.startingWith(prefix);
  if (!moves.length) return { node: null, height: 0 };
  const group = svg("g", {}, svg("text", { x: 12, y: y + 16, "font-size": 15, "font-weight": 600 }, heading));
  moves.forEach((move, i) => {
    const key = move.text.slice(prefix.length).replaceAll(" ", "_");
    const x = 12 + (i % 8) * 76;
    const node = svg("g", { "data-choice": move.text }, card(types, key, x, y + 26 + Math.floor(i / 8) * 86, 1, 0.72));
    group.append(ctx.target(node, move.text));
  });
  return { node: group, height: 26 + Math.ceil(moves.length / 8) * 86 + 8 };
}

export function draw(ctx) {
  const view = ctx.view;
  const types = cardTypes(ctx);
  const parts = [];
  let y = 10;
  parts.push(piles(view, y));
  y += 100;
  const others = opponents(ctx, types, view, y);
  parts.push(others.node);
  y += others.height + 6;
  const shown = offer(ctx, types, view, y);
  if (shown.node) parts.push(shown.node);
  y += shown.height;
  const me = (view.players || []).find((p) => p.seat === ctx.you);
  if (me) {
    parts.push(svg("text", { x: 12, y: y + 18, "font-size": 16, "font-weight": 700, fill: ctx.colour(ctx.you) }, "Your Nasi Lemak"));
    parts.push(nasiLemak(ctx, ctx.you, me, 160, y, true));
    y += 76;
    parts.push(svg("text", { x: 12, y: y + 16, "font-size": 16, "font-weight": 700 }, "Your hand"));
    const cards = hand(ctx, types, view, y + 26);
    parts.push(cards.node);
    y += 26 + cards.height + 4;
  }
  const picked = ctx.selection[0];
  const palettes = [
    ["ask ", "Ask for:"],
    ["take ", "Take:"],
  ];
  if (picked === "card:supplier") palettes.push(["supplier ", "Announce an ingredient:"]);
  for (const [prefix, heading] of palettes) {
    const block = palette(ctx, types, prefix, heading, y);
    if (block.node) parts.push(block.node);
    y += block.height;
  }
  const bound = new Set(["ask ", "take ", "give ", "fan to seat ", ...Object.values(MULTI_STEP)]);
  const simple = new Set(["thief", "wholesaler"]);
  const rest = ctx.legal.filter((m) => ![...bound].some((p) => m.text.startsWith(p))
    && !SEAT_CHOICE.test(m.text) && !(simple.has(m.text) && (view.hand || {})[m.text]));
  if (picked === "card:mak_cik") rest.push(...ctx.startingWith("mak cik ").map((m) => ({ ...m, caption: `Mak Cik: ${m.text.slice(8)}` })));
  const row = buttonRow(ctx, rest, 12, y + 6, W - 24);
  parts.push(row.node);
  y += row.height + 12;
  return svg("svg", { viewBox: `0 0 ${W} ${y}`, role: "img", "aria-label": "Nasi Lemak table" }, ...parts);
}

export function hint(ctx) {
  const picked = ctx.selection[0];
  if (picked === "card:officer") return "choose whose hand to examine";
  if (picked === "card:fly") return "put the fly on someone's Nasi Lemak";
  if (picked === "card:fan") return "choose the fly on your Nasi Lemak to fan away";
  if (picked === "card:swatter") return "choose the fly to swat";
  if (picked === "card:supplier") return "announce an ingredient";
  if (picked === "card:mak_cik") return "choose the three ingredients";
  return {
    main: "play a card, trade, make Nasi Lemak or end your turn",
    partner: "choose who to trade with",
    offer: "add cards to give or ask for, then propose",
    response: "accept or decline the offer",
    pick: "choose a card to take",
    fan_target: "choose where the fly goes",
  }[ctx.view.phase] || "";
}
