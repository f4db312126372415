// @ts-check
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

// The seat colours live with the table's other colours in ui.js; table.js and the tests read them here.
export { SEAT_COLOURS, seatColour } from "./ui.js";

/** Capitalise a name from the rules ("red_bean" -> "Red bean"). */
export function pretty(name) {
  const text = String(name).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
