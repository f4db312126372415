// Mooncake Master: each player's three mooncakes made of quarter tiles, the tiles in hand,
// the customers and the Festive Points.

import { label, pretty, svg, title } from "../svg.js";

const W = 640;
const START_ANGLE = { NE: -90, SE: 0, SW: 90, NW: 180 };
const FLAVOUR_FILL = { L: "#e8c27a", R: "#8c3b2f", G: "#7aa55a" };
const FLAVOUR_NAME = { L: "lotus seed paste", R: "red bean paste", G: "green tea paste" };
let clipIds = 0;

const rad = (deg) => (deg * Math.PI) / 180;
const at = (cx, cy, r, deg) => [cx + r * Math.cos(rad(deg)), cy + r * Math.sin(rad(deg))];

function wedgePath(cx, cy, r, from) {
  const [x1, y1] = at(cx, cy, r, from);
  const [x2, y2] = at(cx, cy, r, from + 90);
  return `M${cx},${cy} L${x1},${y1} A${r},${r} 0 0 1 ${x2},${y2} Z`;
}

/** What a tile code such as "LNS<>" shows: flavour, hazelnuts, seeds and half yolks. */
function parse(code) {
  const flavour = code[0];
  const rest = code.slice(1);
  return {
    flavour,
    nuts: (rest.match(/N/g) || []).length,
    seeds: (rest.match(/S/g) || []).length,
    ccw: rest.includes("<"),
    cw: rest.includes(">"),
  };
}

function describe(code) {
  const t = parse(code);
  const parts = [FLAVOUR_NAME[t.flavour] || t.flavour];
  if (t.nuts) parts.push(`${t.nuts} hazelnut half${t.nuts > 1 ? "s" : ""}`);
  if (t.seeds) parts.push(`${t.seeds} watermelon-seed half${t.seeds > 1 ? "s" : ""}`);
  if (t.ccw || t.cw) parts.push(`half yolk on the ${[t.ccw && "anticlockwise", t.cw && "clockwise"].filter(Boolean).join(" and ")} edge`);
  return parts.join(", ");
}

/** One quarter tile drawn in the quarter that starts at angle from. */
function quarter(code, cx, cy, r, from) {
  const t = parse(code);
  const id = `mc-clip-${++clipIds}`;
  const path = wedgePath(cx, cy, r, from);
  const group = svg("g", { class: "tile" }, title(describe(code)),
    svg("clipPath", { id }, svg("path", { d: path })),
    svg("path", { d: path, fill: FLAVOUR_FILL[t.flavour] || "#ccc", stroke: "#5b3a1a", "stroke-width": 2 }));
  const inner = svg("g", { "clip-path": `url(#${id})` });
  for (const [edge, on] of [[from, t.ccw], [from + 90, t.cw]]) {
    if (!on) continue;
    const [yx, yy] = at(cx, cy, r * 0.55, edge);
    inner.append(svg("circle", { cx: yx, cy: yy, r: r * 0.2, fill: "#f39c12", stroke: "#c0641a", "stroke-width": 1.5 }));
  }
  const toppings = [...Array(t.nuts).fill("N"), ...Array(t.seeds).fill("S")];
  toppings.forEach((kind, i) => {
    const angle = from + 45 + (i - (toppings.length - 1) / 2) * 22;
    const [tx, ty] = at(cx, cy, r * 0.78, angle);
    inner.append(kind === "N"
      ? svg("ellipse", { cx: tx, cy: ty, rx: r * 0.085, ry: r * 0.065, fill: "#9b6b3d", stroke: "#4d2f12", "stroke-width": 1 })
      : svg("ellipse", { cx: tx, cy: ty, rx: r * 0.05, ry: r * 0.085, fill: "#1d1d1d", stroke: "#555", "stroke-width": 1, transform: `rotate(${angle + 90} ${tx} ${ty})` }));
  });
  group.append(inner);
  return group;
}

/** A player's three cakes; slot targets let a picked tile be placed by clicking. */
function cakes(ctx, board, x, y, r, options = {}) {
  const group = svg("g", { class: "cakes" });
  const pending = new Set(options.pending || []);
  const quarters = ctx.components.QUARTERS;
  for (let cake = 0; cake < ctx.components.CAKES; cake++) {
    const cx = x + r + cake * (2 * r + r * 0.35);
    const cy = y + r;
    group.append(svg("circle", { cx, cy, r: r + 4, fill: "#f3e3c3", stroke: "#b08a57", "stroke-width": 2 }));
    quarters.forEach((q, qi) => {
      const slot = `${cake + 1}${q}`;
      const code = board[cake * quarters.length + qi];
      const from = START_ANGLE[q];
      if (code) {
        group.append(quarter(code, cx, cy, r, from));
        if (pending.has(slot)) group.append(svg("path", { d: wedgePath(cx, cy, r, from), fill: "none", stroke: "#e0a100", "stroke-width": 3, "stroke-dasharray": "6 4" }, title("placed this turn, not yet shown to others")));
        return;
      }
      const empty = svg("g", { "data-slot": slot },
        svg("path", { d: wedgePath(cx, cy, r, from), fill: "#fbf4e4", stroke: "#d9c39d", "stroke-width": 1.5, class: "hl" }));
      if (options.placing) {
        const move = `place ${options.placing} at ${slot}`;
        if (ctx.byText.has(move)) {
          empty.append(svg("path", { d: wedgePath(cx, cy, r * 0.92, from), class: "slot" }));
          ctx.target(empty, move);
        }
      }
      group.append(empty);
    });
    if (options.labels) group.append(label(cx, cy + r + 16, `cake ${cake + 1}`, { "font-size": 13, fill: "#7a6a58" }));
  }
  return group;
}

/** Parse a choose-and-share move into its parts, as tile codes. */
function parseChoice(text) {
  let m = /^keep (\S+), left (\S+), right (\S+)$/.exec(text);
  if (m) return { keep: m[1], left: m[2], right: m[3] };
  m = /^keep (\S+), pass (\S+) (\S+)$/.exec(text);
  if (m) return { keep: m[1], left: m[2], right: m[3] };
  return null;
}

/** The tiles in hand, each a pick (or a move when that click completes one). */
function hand(ctx, view, x, y) {
  const group = svg("g", { class: "hand" });
  const tiles = view.hand || [];
  const r = 62;
  const picks = ctx.selection.map((key) => Number(key.split(":")[1]));
  const choosing = ctx.legal.filter((m) => parseChoice(m.text)).map((m) => ({ ...parseChoice(m.text), text: m.text }));
  tiles.forEach((code, i) => {
    const tx = x + i * (r + 34);
    const node = svg("g", { "data-hand": i },
      svg("rect", { class: "hl", x: tx - 6, y: y - 6, width: r + 12, height: r + 12, rx: 10, fill: "#fffaf0", stroke: "#e2d5bd" }),
      quarter(code, tx, y + r, r, -90));
    const order = picks.indexOf(i);
    if (order >= 0 && choosing.length) {
      node.append(label(tx + r / 2, y + r + 22, order === 0 ? "keep" : "to the left", { "font-size": 13, "font-weight": 700, fill: "#b5462f" }));
    }
    if (choosing.length) {
      const chosen = [...picks.filter((p) => p !== i).map((p) => tiles[p]), code];
      const fits = choosing.filter((c) => chosen.every((tile, k) => tile === [c.keep, c.left, c.right][k]));
      if (order >= 0) ctx.pick(node, `hand:${i}`, order);
      else if (fits.length === 1) ctx.target(node, fits[0].text);
      else if (fits.length > 1) ctx.pick(node, `hand:${i}`, picks.length);
    } else if (ctx.legal.some((m) => m.text.startsWith(`place ${code} at `))) {
      ctx.pick(node, `hand:${i}`, 0);
    }
    group.append(node);
  });
  return group;
}

function customers(ctx, view, y) {
  const group = svg("g", { class: "customers" });
  const cards = ctx.components.CUSTOMERS || [];
  (view.customers || []).forEach((number, i) => {
    const card = cards.find((c) => c.number === number);
    const x = 12 + i * 208;
    group.append(svg("rect", { x, y, width: 200, height: 84, rx: 8, fill: "#fff", stroke: "#c9a46a" }));
    group.append(svg("text", { x: x + 10, y: y + 21, "font-size": 16, "font-weight": 700 }, card ? card.name : `Customer ${number}`));
    const words = (card ? card.text : "").split(" ");
    let line = "";
    let row = 0;
    const lines = [];
    for (const word of words) {
      if ((line + word).length > 22) {
        lines.push(line.trim());
        line = "";
      }
      line += `${word} `;
    }
    lines.push(line.trim());
    for (const text of lines.slice(0, 3)) {
      group.append(svg("text", { x: x + 10, y: y + 41 + row * 16, "font-size": 14, fill: "#5a4632" }, text));
      row += 1;
    }
  });
  return group;
}

export function draw(ctx) {
  const view = ctx.view;
  const you = ctx.you;
  const boards = view.boards || [];
  const seats = boards.map((_, s) => s);
  const others = you === null ? seats : seats.filter((s) => s !== you);
  const mine = you !== null && boards[you];
  const picked = ctx.selection.length ? (view.hand || [])[Number(ctx.selection[0].split(":")[1])] : null;
  const placing = view.phase === "place" && picked ? picked : null;
  const parts = [];
  const rounds = ctx.components.ROUNDS ?? "?";
  const turns = ctx.components.TURNS_PER_ROUND ?? "?";
  parts.push(svg("text", { x: 12, y: 26, "font-size": 18, "font-weight": 700 }, `Round ${view.round ?? "?"} of ${rounds} · turn ${view.turn ?? "?"} of ${turns} · ${pretty(view.phase || "")}`));
  parts.push(customers(ctx, view, 40));
  let y = 146;
  if (mine) {
    parts.push(svg("text", { x: 12, y: y + 4, "font-size": 16, "font-weight": 700, fill: ctx.colour(you) }, `Your mooncakes · ${view.festive?.[you] ?? 0} Festive Points`));
    parts.push(cakes(ctx, mine, 20, y + 16, 84, { placing, pending: view.pending, labels: true }));
    y += 16 + 168 + 48;
    if ((view.hand || []).length) {
      parts.push(svg("text", { x: 12, y: y + 4, "font-size": 16, "font-weight": 700 }, "Your tiles"));
      parts.push(hand(ctx, view, 24, y + 18));
      const info = [];
      if (view.received?.from_left) info.push(`from the left: ${view.received.from_left}`);
      if (view.received?.from_right) info.push(`from the right: ${view.received.from_right}`);
      if (info.length) parts.push(svg("text", { x: 340, y: y + 40, "font-size": 13, fill: "#5a4632" }, `Received ${info.join(", ")}`));
      y += 18 + 62 + 40;
    } else if (view.choice) {
      parts.push(svg("text", { x: 12, y: y + 4, "font-size": 15, fill: "#5a4632" }, `You chose: ${view.choice}`));
      y += 30;
    }
  }
  for (const seat of others) {
    parts.push(svg("circle", { cx: 20, cy: y, r: 8, fill: ctx.colour(seat) }));
    const handSize = view.hand_sizes?.[seat];
    parts.push(svg("text", { x: 34, y: y + 6, "font-size": 17, "font-weight": 600, "data-festive": seat }, `${ctx.seatName(seat)} · ${view.festive?.[seat] ?? 0} Festive Points${handSize ? ` · ${handSize} tiles in hand` : ""}`));
    parts.push(cakes(ctx, boards[seat], 20, y + 14, 46));
    y += 14 + 92 + 22;
  }
  if (view.tastes?.length) {
    const last = view.tastes[view.tastes.length - 1];
    parts.push(svg("text", { x: 12, y: y + 4, "font-size": 14, fill: "#5a4632" }, `Taste last round: ${last.map((t, s) => `${ctx.seatName(s)} ${t}`).join(", ")}`));
    y += 24;
  }
  return svg("svg", { viewBox: `0 0 ${W} ${y + 10}`, role: "img", "aria-label": "Mooncake Master table" }, ...parts);
}

export function hint(ctx) {
  if (ctx.view.phase === "choose") {
    return ctx.selection.length ? "now the tile for your left neighbour" : "click the tile to keep";
  }
  if (ctx.view.phase === "place") {
    return ctx.selection.length ? "click an empty quarter for it" : "click a tile, then where it goes";
  }
  return "";
}
