// Mooncake Master: each player's three mooncakes made of quarter tiles, the tiles in hand with
// the keep/pass choice being made, the customers and the Festive Points.
//
// On a wide window your cakes, tiles and choice are on the left and the customers and the
// other bakers on the right; on a narrow one everything is stacked, your part first.
//
// As a new round begins the view still holds the cakes the last round was scored on
// (scored_round) until the next step, though the tiles are back in the pool (M5): they are
// drawn in place of the empty boards, with what each sold and the taste table.
//
// Each other baker's last completed move is ringed on its cakes, in its colour, until it moves
// again: the tiles it placed, once the table may see them. Every text is at least SMALL units
// high, so that a phone's narrow window still shows it 12 px high.

import { label, svg, title, wrapWords } from "../svg.js";

const START_ANGLE = { NE: -90, SE: 0, SW: 90, NW: 180 };
const FLAVOUR_FILL = { L: "#e8c27a", R: "#8c3b2f", G: "#7aa55a" };
const FLAVOUR_NAME = { L: "lotus seed paste", R: "red bean paste", G: "green tea paste" };
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
const CODE_STRIP = 16; // the band at the top of a tile in hand that names its code
const SMALL = 13.5; // the smallest text: 12 px on a 390 px phone, which shows the board at 0.9
const INK = "#2b2118";
const OUTLINE_DARK = "#3a2410";
const OUTLINE_LIGHT = "#fff3dc";
const MAIN = "#17735d";
const MUTED = "#7a6a58";
const CARD = "#fffaf0";
const LINE = "#d9c39d";
let clipIds = 0;

const rad = (deg) => (deg * Math.PI) / 180;
const at = (cx, cy, r, deg) => [cx + r * Math.cos(rad(deg)), cy + r * Math.sin(rad(deg))];
const short = (name, n) => (name.length > n ? `${name.slice(0, n - 1)}…` : name);
const text = (x, y, words, attrs = {}) => svg("text", { x, y, "font-size": 14, fill: INK, ...attrs }, words);

function wedgePath(cx, cy, r, from) {
  const [x1, y1] = at(cx, cy, r, from);
  const [x2, y2] = at(cx, cy, r, from + 90);
  return `M${cx},${cy} L${x1},${y1} A${r},${r} 0 0 1 ${x2},${y2} Z`;
}

/** What a tile code such as "LNS<>" shows: flavour, hazelnuts, seeds and half yolks. */
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

function describe(code) {
  const t = parse(code);
  const parts = [`${code}: ${FLAVOUR_NAME[t.flavour] || t.flavour}`];
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
    svg("path", { d: path, fill: FLAVOUR_FILL[t.flavour] || "#ccc", stroke: "#5b3a1a", "stroke-width": r > 40 ? 2 : 1.2 }));
  const inner = svg("g", { "clip-path": `url(#${id})` });
  for (const [edge, on] of [[from, t.ccw], [from + 90, t.cw]]) {
    if (!on) continue;
    const [yx, yy] = at(cx, cy, r * 0.55, edge);
    inner.append(svg("circle", { cx: yx, cy: yy, r: r * 0.2, fill: "#f39c12", stroke: OUTLINE_DARK, "stroke-width": 1.5 }));
  }
  const toppings = [...Array(t.nuts).fill("N"), ...Array(t.seeds).fill("S")];
  toppings.forEach((kind, i) => {
    const angle = from + 45 + (i - (toppings.length - 1) / 2) * 22;
    const [tx, ty] = at(cx, cy, r * 0.78, angle);
    inner.append(kind === "N"
      ? svg("ellipse", { cx: tx, cy: ty, rx: r * 0.085, ry: r * 0.065, fill: "#5e3b1c", stroke: OUTLINE_LIGHT, "stroke-width": 1 })
      : svg("ellipse", { cx: tx, cy: ty, rx: r * 0.05, ry: r * 0.085, fill: "#1d1d1d", stroke: OUTLINE_LIGHT, "stroke-width": 1, transform: `rotate(${angle + 90} ${tx} ${ty})` }));
  });
  group.append(inner);
  return group;
}

// --- the seat's own decision ------------------------------------------------------------

/** A keep/pass move's parts as tile codes, or null for any other move. */
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

/** A role badge under a tile. */
function badge(role, x, y, w) {
  const style = ROLE[role];
  return svg("g", { "data-role": role },
    svg("rect", { x, y, width: w, height: 24, rx: 12, fill: style.fill }),
    label(x + w / 2, y + 12.5, style.text, { "font-size": 14, "font-weight": 700, fill: "#fff" }));
}

/** The tiles in hand, each a pick; labelled with its part in the choice or where it came from. */
function hand(ctx, view, x, y, size, gap) {
  const group = svg("g", { class: "hand" });
  const tiles = view.hand || [];
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
  tiles.forEach((code, i) => {
    const tx = x + i * (size + gap);
    const node = svg("g", { "data-hand": i, "data-tile": code },
      svg("rect", { class: "hl", x: tx, y, width: size, height: size + CODE_STRIP, rx: 10, fill: CARD, stroke: LINE, "stroke-width": 2 }),
      label(tx + size / 2, y + 12, code, { "font-size": SMALL, "font-weight": 600, fill: MUTED }),
      quarter(code, tx + 8, y + CODE_STRIP + size - 8, size - 16, -90));
    const role = choice ? choice.roles[i] : placing === i ? "placing" : madeRoles[i];
    const under = y + size + CODE_STRIP;
    if (role) node.append(badge(role, tx, under + 6, size));
    let note = null;
    if ((role === "left" || role === "right") && near) note = `to ${short(ctx.seatName(near[role]), 12)}`;
    if (role === "pass" && near) note = `to ${short(ctx.seatName(near.left), 12)}`;
    if (view.phase === "place") note = from[i];
    if (note) node.append(label(tx + size / 2, under + 44, note, { "font-size": SMALL, fill: MUTED }));
    if (choice && choice.clicks[i] !== null) ctx.pick(node, `hand:${i}`, choice.clicks[i]);
    if (view.phase === "place" && ctx.legal.some((m) => m.text.startsWith(`place ${code} at `))) ctx.pick(node, `hand:${i}`, 0);
    group.append(node);
  });
  return { node: group, choice, placing };
}

/** A button: a rect that highlights and a caption; filled when it is the main action. */
function button(x, y, w, h, caption, { main = false, enabled = true } = {}) {
  const fill = !enabled ? "#eee7da" : main ? MAIN : "#fff";
  const ink = !enabled ? "#a99a86" : main ? "#fff" : INK;
  return svg("g", {},
    svg("rect", { class: "hl", x, y, width: w, height: h, rx: 9, fill, stroke: enabled ? MAIN : "#d2c6b2", "stroke-width": 2 }),
    label(x + w / 2, y + h / 2 + 1, caption, { "font-size": 15, "font-weight": 700, fill: ink }));
}

/**
 * The choice as it stands, in words, with Confirm (once it is complete) and Change; or what
 * is being placed; or what has been chosen while the others choose. Returns its height.
 */
function summary(ctx, view, made, x, y, w, stacked) {
  const group = svg("g", { "data-summary": "" });
  const tiles = view.hand || [];
  const near = ctx.you === null ? null : neighbours(ctx, ctx.you);
  const name = (seat) => short(ctx.seatName(seat), stacked ? 12 : 9);
  const lines = [];
  let heading = "";
  const { choice, placing } = made;
  if (choice) {
    heading = "Your choice";
    const of = (role) => {
      const i = choice.roles.indexOf(role);
      return i >= 0 ? tiles[i] : "—";
    };
    const parts = choice.move ? parseChoice(choice.move.text) : null;
    lines.push(`Keep: ${parts ? parts.keep : of("keep")}`);
    if (choice.pairwise) {
      lines.push(`Pass to ${name(near.left)}:`, parts ? `${parts.left}, ${parts.right}` : "—");
    } else {
      lines.push(`Left to ${name(near.left)}: ${parts ? parts.left : of("left")}`);
      lines.push(`Right to ${name(near.right)}: ${parts ? parts.right : of("right")}`);
    }
  } else if (placing !== null) {
    heading = `Placing ${tiles[placing]}`;
    lines.push("Now click a green", "quarter, or pick", "another tile.");
  } else if (view.phase === "place" && ctx.legal.length) {
    heading = "Place your tiles";
    lines.push("Pick a tile, then", "click its quarter.");
  } else if (view.choice) {
    heading = "You chose";
    lines.push(...view.choice.split(", "));
  } else if (view.phase === "place" && tiles.length === 0 && ctx.you !== null) {
    heading = "All placed";
    lines.push("Waiting for the others.");
  }
  if (!heading) return null;
  const buttons = choice || placing !== null;
  const lineH = 20;
  const textH = 30 + lines.length * lineH;
  const both = choice && ctx.selection.length;
  const height = stacked ? Math.max(textH, buttons ? (both ? 104 : 54) : 0) + 8 : textH + (buttons ? 60 : 4);
  group.append(svg("rect", { class: "frame", x, y, width: w, height, rx: 10, fill: "#fff", stroke: "#e2d5bd", "stroke-width": 1.5 }));
  group.append(text(x + 12, y + 22, heading, { "font-size": 15, "font-weight": 700 }));
  // Long names and codes get a smaller font rather than leave the box.
  const room = w - 24 - (stacked && buttons ? 124 : 0);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const size = Math.max(SMALL, Math.min(14, room / (longest * 0.62)));
  lines.forEach((line, k) => group.append(text(x + 12, y + 44 + k * lineH, line, { "font-size": size, fill: "#5a4632" })));
  if (buttons) {
    const bw = stacked ? 112 : (w - 32) / 2;
    const bx = stacked ? x + w - bw - 12 : x + 12;
    const by = stacked ? y + 12 : y + textH + 8;
    const second = stacked ? { x: bx, y: by + 50 } : { x: bx + bw + 8, y: by };
    if (choice) {
      const confirm = button(bx, by, bw, 42, "Confirm", { main: true, enabled: Boolean(choice.move) });
      confirm.setAttribute("data-control", "confirm");
      if (choice.move) ctx.target(confirm, choice.move.text);
      group.append(confirm);
    }
    if (ctx.selection.length) {
      const change = button(second.x, choice ? second.y : by, bw, 42, choice ? "Change" : "Cancel");
      change.setAttribute("data-control", "change");
      group.append(ctx.clear(change));
    }
  }
  group.append(svg("title", {}, choice?.move ? choice.move.text : heading));
  return { node: group, height };
}

// --- cakes --------------------------------------------------------------------------------

/** A seat's three cakes in a row; with placing, the empty quarters it may go in are moves. */
function cakes(ctx, seat, board, x, y, r, gap, options = {}) {
  const group = svg("g", { class: "cakes", "data-cakes": seat });
  const pending = new Set(options.pending || []);
  const quarters = ctx.components.QUARTERS || ["NE", "SE", "SW", "NW"];
  const count = ctx.components.CAKES || 3;
  for (let cake = 0; cake < count; cake++) {
    const cx = x + r + cake * (2 * r + gap);
    const cy = y + r;
    group.append(svg("circle", { class: "cake", cx, cy, r: r + Math.max(3, r * 0.05), fill: "#f3e3c3", stroke: "#b08a57", "stroke-width": 2 }));
    quarters.forEach((q, qi) => {
      const slot = `${cake + 1}${q}`;
      const code = board?.[cake * quarters.length + qi];
      const from = START_ANGLE[q];
      if (code) {
        group.append(quarter(code, cx, cy, r, from));
        if (pending.has(slot)) {
          group.append(svg("path", { d: wedgePath(cx, cy, r, from), fill: "none", stroke: "#8a5a00", "stroke-width": 3, "stroke-dasharray": "6 4" },
            title("placed this turn, not yet shown to the others")));
        }
        if (options.marked?.has(slot)) group.append(lastMoveRing(ctx, seat, slot, cx, cy, r, from));
        return;
      }
      const empty = svg("g", { "data-slot": slot },
        svg("path", { d: wedgePath(cx, cy, r, from), fill: "#fbf4e4", stroke: LINE, "stroke-width": 1.5, class: "hl" }));
      if (options.placing) {
        const move = `place ${options.placing} at ${slot}`;
        if (ctx.byText.has(move)) {
          empty.append(svg("path", { d: wedgePath(cx, cy, r * 0.9, from), class: "slot" }), title(`put ${options.placing} here (cake ${cake + 1}, ${q})`));
          ctx.target(empty, move);
        }
      }
      group.append(empty);
    });
    const customer = options.served?.[cake];
    if (customer) {
      const [sx, sy] = at(cx, cy, r * 1.02, -45);
      group.append(svg("g", { "data-served": customer.number }, title(`served ${customer.name}`),
        svg("circle", { cx: sx, cy: sy, r: Math.max(9, r * 0.17), fill: "#f6c453", stroke: OUTLINE_DARK, "stroke-width": 1.5 }),
        label(sx, sy + 1, "★", { "font-size": Math.max(SMALL, r * 0.2), fill: "#7a4b00" })));
    }
    if (options.labels) {
      group.append(label(cx, cy + r + 16, `cake ${cake + 1}`, { "font-size": SMALL, fill: MUTED }));
      servedLines(customer, 2 * r + gap - 10).forEach((line, k) => {
        group.append(label(cx, cy + r + 33 + k * 17, line, { "font-size": SMALL, fill: "#7a4b00", "font-weight": 600 }));
      });
    }
  }
  return group;
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
    const row = svg("g", { "data-seat-row": seat });
    row.append(svg("rect", { class: "frame", x, y: top + 2, width: w, height: rowH - 6, rx: 10, fill: "#fffdf7", stroke: "#eadfca" }));
    const tags = [];
    if (near && ctx.numPlayers > 2 && seat === near.left) tags.push("your left");
    if (near && ctx.numPlayers > 2 && seat === near.right) tags.push("your right");
    const points = view.festive?.[seat] ?? 0;
    const taste = view.tastes?.length ? view.tastes[view.tastes.length - 1][seat] : null;
    const score = [`${points} point${points === 1 ? "" : "s"}`];
    if (taste !== null && taste !== undefined) score.push(`taste ${taste}`);
    const facts = [...score, status(ctx, view, seat)].filter(Boolean);
    row.append(svg("circle", { cx: x + 16, cy: top + 20, r: 7, fill: ctx.colour(seat), stroke: OUTLINE_DARK, "stroke-width": 1.5 }));
    row.append(text(x + 28, top + 25, short(ctx.seatName(seat), beside ? 11 : 16), { "font-size": 15, "font-weight": 700, "data-festive": seat }));
    const drawn = { served: served(ctx, view, seat), marked: marks.get(seat) };
    if (beside) {
      // Short lines only: points, taste, then whose neighbour (who is still playing is shown
      // by the seats above the board).
      score.forEach((line, i) => row.append(text(x + 10, top + 44 + 17 * i, line, { "font-size": SMALL, fill: MUTED })));
      if (tags.length) row.append(text(x + 10, top + 44 + 17 * score.length, tags.join(" · "), { "font-size": SMALL, fill: "#1f6d8a", "font-weight": 600 }));
      row.append(cakes(ctx, seat, view.boards?.[seat], x + w - cakesWidth(ctx, r, gap) - 10, top + (rowH - 4 - 2 * r) / 2, r, gap, drawn));
    } else {
      const line = [...facts, ...tags].join(" · ");
      row.append(text(x + w - 10, top + 25, line, { "font-size": SMALL, fill: tags.length ? "#1f6d8a" : MUTED, "text-anchor": "end" }));
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
    group.append(svg("g", { "data-customer": number }, title(card ? `${card.name}: ${card.text}` : `Customer ${number}`),
      svg("rect", { class: "frame", x: cx, y: cy, width: cw, height: ch, rx: 8, fill: "#fff", stroke: "#c9a46a", "stroke-width": 1.5 }),
      text(cx + 10, cy + 20, name, { "font-size": Math.min(14, (cw - 20) / (name.length * 0.64)), "font-weight": 700 }),
      ...lines.map((line, k) => text(cx + 10, cy + 39 + k * 18, line, { "font-size": SMALL, fill: "#5a4632" }))));
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

/** At the end: every seat's taste in each round and its Festive Points, highest first. */
function tasteTable(ctx, view, x, y, w) {
  const group = svg("g", { "data-tastes": "" });
  const rounds = view.tastes.length;
  const seats = (view.boards || []).map((_, s) => s)
    .sort((a, b) => (view.festive?.[b] ?? 0) - (view.festive?.[a] ?? 0) || a - b);
  const rowH = 24;
  const verdict = (ctx.result?.lines || []).join(" ");
  const said = view.phase === "over" ? wrapWords(verdict, w - 24, SMALL, 0.55) : [];
  const height = 40 + (seats.length + 1) * rowH + said.length * 18 + (said.length ? 6 : 0);
  const colW = Math.min(84, (w - 150) / (rounds + 1));
  const col = (k) => x + w - 12 - (rounds - k) * colW - colW / 2;
  group.append(svg("rect", { class: "frame", x, y, width: w, height, rx: 10, fill: "#fff", stroke: "#e2d5bd", "stroke-width": 1.5 }));
  group.append(text(x + 12, y + 24, "Taste by round", { "font-size": 15, "font-weight": 700 }));
  for (let k = 0; k < rounds; k++) group.append(label(col(k), y + 50, `round ${k + 1}`, { "font-size": SMALL, fill: MUTED }));
  group.append(label(col(rounds), y + 50, "points", { "font-size": SMALL, fill: MUTED, "font-weight": 700 }));
  seats.forEach((seat, i) => {
    const cy = y + 50 + (i + 1) * rowH;
    group.append(svg("circle", { cx: x + 18, cy, r: 6, fill: ctx.colour(seat), stroke: OUTLINE_DARK, "stroke-width": 1.5 }));
    group.append(text(x + 30, cy + 5, short(ctx.seatName(seat), 14), { "font-size": 14, "font-weight": seat === ctx.you ? 700 : 400 }));
    view.tastes.forEach((tastes, k) => group.append(label(col(k), cy, String(tastes[seat]), { "font-size": 14 })));
    group.append(label(col(rounds), cy, String(view.festive?.[seat] ?? 0), { "font-size": 14, "font-weight": 700 }));
  });
  const below = y + 50 + seats.length * rowH + 32;
  said.forEach((line, k) => group.append(text(x + 12, below + k * 18, line, { "font-size": SMALL, "data-verdict": "" })));
  return { node: group, height };
}

/** Your part: your cakes, your tiles and the choice or placement being made. */
function yours(ctx, view, x, y, w, stacked) {
  const you = ctx.you;
  const group = svg("g", { class: "yours" });
  const tiles = view.hand || [];
  const festive = view.festive?.[you] ?? 0;
  const taste = view.tastes?.length ? view.tastes[view.tastes.length - 1][you] : null;
  group.append(svg("circle", { cx: x + 7, cy: y + 9, r: 7, fill: ctx.colour(you), stroke: OUTLINE_DARK, "stroke-width": 1.5 }));
  group.append(text(x + 20, y + 14, "Your mooncakes", { "font-size": 16, "font-weight": 700 }));
  group.append(text(x + w, y + 14, `${festive} Festive Point${festive === 1 ? "" : "s"}${taste === null || taste === undefined ? "" : ` · taste ${taste}`}`, { "font-size": 14, fill: MUTED, "text-anchor": "end", "data-festive": you }));
  const gap = stacked ? 14 : 22;
  const r = Math.min(stacked ? 60 : 80, (w - 2 * gap - 12) / 6);
  const pick = view.phase === "place" ? placingPick(ctx, tiles) : null;
  group.append(cakes(ctx, you, view.boards?.[you], x + (w - cakesWidth(ctx, r, gap)) / 2, y + 28, r, gap,
    { placing: pick === null ? null : tiles[pick], pending: view.pending, labels: true, served: served(ctx, view, you) }));
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
  const below = tiles.length ? size + CODE_STRIP + 54 : 0;
  if (stacked) {
    const box = summary(ctx, view, made, x, top + below, w, true);
    if (box) group.append(box.node);
    return { node: group, bottom: top + below + (box ? box.height : 0) };
  }
  const box = summary(ctx, view, made, x + tilesW + 14, top, w - tilesW - 14, false);
  if (box) group.append(box.node);
  return { node: group, bottom: top + Math.max(below, box ? box.height : 0) };
}

export function draw(ctx) {
  // The cakes of the round just scored are what the table shows until the next step.
  const view = ctx.view.scored_round ? { ...ctx.view, boards: ctx.view.scored_round.boards } : ctx.view;
  const boards = view.boards || [];
  const seats = boards.map((_, s) => s);
  const mine = ctx.you !== null && ctx.you !== undefined && boards[ctx.you];
  const rest = mine ? seats.filter((s) => s !== ctx.you) : seats;
  const parts = [];
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
      parts.push(text(left.x, y + 14, shopTitle, { "font-size": 16, "font-weight": 700 }));
      shop = customers(ctx, view, left.x, y + 24, left.w, false);
      parts.push(shop.node);
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
    parts.push(text(right.x, 26, mine ? "The other bakers" : "The bakers", { "font-size": 16, "font-weight": 700 }));
    const bakers = others(ctx, view, beside, right.x, 38, right.w, 560 - (shopBeside ? shop.height + 40 : 0));
    parts.push(bakers.node);
    bottom = Math.max(bottom, 38 + bakers.height);
    if (shopBeside) {
      const top = 38 + bakers.height + 12;
      parts.push(text(right.x, top + 14, shopTitle, { "font-size": 16, "font-weight": 700 }));
      shop = customers(ctx, view, right.x, top + 24, right.w, true);
      parts.push(shop.node);
      bottom = Math.max(bottom, top + 24 + shop.height);
    }
    const H = bottom + 12;
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
  parts.push(text(x, y + 14, "Customers · one cake each", { "font-size": 16, "font-weight": 700 }));
  const shop = customers(ctx, view, x, y + 24, w, true);
  parts.push(shop.node);
  y += 24 + shop.height + 14;
  parts.push(text(x, y + 14, mine ? "The other bakers" : "The bakers", { "font-size": 16, "font-weight": 700 }));
  const rowH = 92;
  parts.push(others(ctx, view, rest, x, y + 24, w, rowH * rest.length).node);
  y += 24 + rowH * rest.length;
  return svg("svg", { viewBox: `0 0 ${W} ${y + 8}`, role: "img", "aria-label": "Mooncake Master table" }, ...parts);
}

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
 * How long a state stays on screen before the next one is drawn: the cakes a round was scored
 * on go at the next step, the next customer, which comes at once, so give everyone a look.
 */
export function holdMs(view) {
  return view.scored_round ? 2500 : 0;
}
