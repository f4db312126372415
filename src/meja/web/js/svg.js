// Small helpers to build SVG and HTML elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children (strings become text nodes). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** An HTML element with attributes and children. */
export function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** Centred text. */
export function label(x, y, text, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, text);
}

/** Lines of text of at most about width units at font size, broken between words; charWidth is a character's rough width per unit of size. */
export function wrapWords(text, width, size, charWidth) {
  const most = Math.max(8, Math.floor(width / (size * charWidth)));
  const lines = [];
  let line = "";
  for (const word of String(text).split(" ")) {
    if (line && line.length + 1 + word.length > most) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A tooltip for an SVG element. */
export function title(text) {
  return svg("title", {}, text);
}

/**
 * The seat colours used everywhere on the table: Okabe and Ito's blue and orange darkened, Tol's
 * rose, indigo and wine, and black, ordered so the first seats differ most. They stay apart under
 * deuteranopia, protanopia and tritanopia; each is at least 4.5:1 against the page and panel
 * backgrounds, so it may colour a seat's name too, and white text on it is at least 5.4:1.
 */
export const SEAT_COLOURS = ["#006daa", "#8d6100", "#b83d52", "#000000", "#332288", "#882255"];

/** A seat's colour. */
export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** Capitalise a name from the rules ("red_bean" -> "Red bean"). */
export function pretty(name) {
  const text = String(name).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A row of clickable buttons, one per move, wrapping within width; returns the group and
 * the height it takes. Moves are {text, caption?}; each is bound with ctx.target.
 */
export function buttonRow(ctx, moves, x, y, width) {
  const group = svg("g", { class: "buttons" });
  let cx = x;
  let cy = y;
  for (const move of moves) {
    const caption = move.caption || pretty(move.text);
    const w = Math.max(90, caption.length * 9 + 28);
    if (cx + w > x + width && cx > x) {
      cx = x;
      cy += 52;
    }
    const node = svg("g", { "data-button": move.text },
      svg("rect", { class: "hl", x: cx, y: cy, width: w, height: 42, rx: 10, fill: "#fff", stroke: "#bfae8f", "stroke-width": 2 }),
      label(cx + w / 2, cy + 21, caption, { "font-size": 15 }));
    group.append(ctx.target(node, move.text));
    cx += w + 10;
  }
  return { node: group, height: moves.length ? cy - y + 52 : 0 };
}
