// @ts-check
// How to play a game, its pictures drawn by the table's own renderer (js/games/GAME.js): the
// how-to-play page and the Rules dialog at the table both draw the sample table that comes with
// the page, then show each kind of piece on it, cut out of that drawing with its own name. So
// the pieces look exactly as they do at the table, whatever the renderer draws next.

import { api } from "./api.js";
import { seatColour } from "./svg.js";
import { seatMarks } from "./seat_marks.js";

/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").RenderContext} RenderContext */
/** @typedef {import("./types.js").Renderer} Renderer */
/** @typedef {import("./types.js").Components} Components */

const SVG_NS = "http://www.w3.org/2000/svg";
/** A drawing this wide or wider in CSS px is laid out as on a wide window. */
const WIDE_PX = 700;
/** What a piece inherits from the groups around it in the drawing, kept when it is cut out. */
const INHERITED = [
  "fill", "stroke", "stroke-width", "font-size", "font-family", "font-weight", "font-style",
  "text-anchor", "dominant-baseline",
];
/** What makes a part of a drawing clickable or movable at the table: a piece shown alone is neither. */
const LIVE = ["data-action", "data-pick", "data-pick-level", "data-clear", "data-piece", "data-place", "tabindex", "role", "aria-pressed"];

/**
 * A piece's own words: its tooltip, else its label, on one line, without a count before it.
 * @param {Element} node
 */
function tooltip(node) {
  const own = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  const words = own?.textContent || node.getAttribute("aria-label") || "";
  return words.replace(/\s+/g, " ").trim().replace(/^\d+ × /, "");
}

/** @param {string} words */
const named = (words) => () => words;
const INGREDIENTS = ["rice", "egg", "peanuts", "sambal", "cucumber"];

/**
 * @typedef {object} PieceKind
 * @property {string} find
 * @property {number} most
 * @property {(node: Element) => string} [key]
 * @property {(node: Element) => string} [name]
 * @property {(node: Element) => boolean} [test]
 * @property {(node: Element) => number} [order]
 * @property {boolean} [wide]
 */

/**
 * The kinds of piece each game shows, in order: where to find them in the drawing (a selector,
 * and a test where a selector cannot say), how to tell one from another (by its name unless a
 * key is given), what to call one (its own words unless named here), and how many at most.
 * Pieces are marked by the renderer for motion (`data-piece`), or by their class.
 * @type {Object<string, PieceKind[]>}
 */
const PIECES = {
  peranakan: [
    { find: "g.tile", most: 4, key: (node) => tooltip(node).split(" ")[0] },
    { find: "g.kueh", most: 5 },
    { find: "g.pawn", most: 2, name: (node) => tooltip(node).replace(/ of .*/, "") },
  ],
  te_kuiti: [
    { find: "g.face-up[data-face]", most: 7, key: (node) => /** @type {string} */ (node.getAttribute("data-face")).replace("_daisy", ""), name: (node) => tooltip(node).replace(/ \(?with a daisy\)?$| \(daisy\)$/i, "") },
    { find: '[data-legend="ram"], [data-legend="shepherd"]', most: 2, key: (node) => /** @type {string} */ (node.getAttribute("data-legend")), name: (node) => `${tooltip(node).split(":")[0]} tile` },
    { find: "g.face-down", most: 1, name: named("a tile face down") },
    { find: "g.fence .wood", most: 1, name: named("a fence") },
  ],
  nasi_lemak: [
    { find: "g.card[data-card-face]", most: 13, key: (node) => /** @type {string} */ (node.getAttribute("data-card-face")), order: (node) => INGREDIENTS.includes(/** @type {string} */ (node.getAttribute("data-card-face"))) ? 0 : 1 },
    { find: '[data-piece^="nl:"]', most: 2, key: (node) => tooltip(/** @type {Element} */ (node.parentNode)), name: (node) => (tooltip(/** @type {Element} */ (node.parentNode)).startsWith("a face-down") ? "a Nasi Lemak card, face down" : `a Nasi Lemak card showing ${tooltip(/** @type {Element} */ (node.parentNode))}`) },
    { find: "g", most: 1, test: (node) => tooltip(node).startsWith("a fly"), name: named("a fly on a Nasi Lemak card") },
  ],
  mooncake: [
    { find: "g.tile[data-tile]", most: 6 },
    {
      find: "[data-customer]", most: 1, wide: true, name: named("a customer card: what one customer wants"),
    },
  ],
};

/**
 * A renderer's context for a table to look at: the sample's view, nothing to click.
 * @param {StateMessage} message
 * @param {Components} components
 * @param {boolean} wide
 * @returns {RenderContext}
 */
function context(message, components, wide) {
  const seats = message.table.seats;
  const marks = seatMarks(seats.map((seat) => seat.name));
  /** @type {<N extends Element>(n: N) => N} */
  const node = (n) => n;
  /** @type {(name: string) => <N extends Element>(n: N, key: string) => N} */
  const mark = (name) => (n, key) => {
    n.setAttribute(name, key);
    return n;
  };
  return {
    view: message.view,
    you: message.you,
    legal: [],
    byText: new Map(),
    active: message.active,
    current: message.current,
    table: message.table,
    numPlayers: message.table.num_players,
    components,
    selection: [],
    finished: false,
    result: null,
    wide,
    seatName: (seat) => seats[seat]?.name || `Player ${seat + 1}`,
    colour: seatColour,
    seatMark: (seat) => marks[seat] || String(seat + 1),
    log: [],
    lastMoves: new Map(),
    marks: [],
    target: node,
    pick: node,
    clear: node,
    piece: mark("data-piece"),
    place: mark("data-place"),
    startingWith: () => [],
  };
}

/**
 * Give holder what node inherited from its groups up to the drawing's root.
 * @param {Element} holder
 * @param {Element} node
 */
function inherit(holder, node) {
  for (let at = /** @type {Element|null} */ (node.parentNode); at && at.tagName?.toLowerCase() !== "svg"; at = /** @type {Element|null} */ (at.parentNode)) {
    for (const name of INHERITED) {
      if (!holder.hasAttribute(name) && at.hasAttribute?.(name)) holder.setAttribute(name, /** @type {string} */ (at.getAttribute(name)));
    }
  }
}

/**
 * A copy of node to show alone: nothing in it plays or moves.
 * @param {Element} node
 */
function still(node) {
  const copy = /** @type {Element} */ (node.cloneNode(true));
  for (const words of copy.querySelectorAll("title")) words.remove();
  for (const part of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of LIVE) part.removeAttribute(name);
    part.classList?.remove("legal", "hl-on", "picked", "moved", "sending");
  }
  return copy;
}

/**
 * One piece in a list item: its drawing framed to fit, and its name under it.
 * @param {Element} node
 * @param {string} name
 */
function pieceItem(node, name) {
  const item = document.createElement("li");
  const picture = document.createElementNS(SVG_NS, "svg");
  picture.setAttribute("aria-hidden", "true");
  const holder = /** @type {SVGGElement} */ (document.createElementNS(SVG_NS, "g"));
  inherit(holder, node);
  holder.append(still(node));
  picture.append(holder);
  const caption = document.createElement("span");
  caption.textContent = name;
  item.append(picture, caption);
  return { item, picture, holder };
}

/**
 * Frame each piece's drawing around what it draws, once it is on the page and measurable.
 * @param {{picture: Element, holder: SVGGElement}[]} pictures
 */
function frame(pictures) {
  for (const { picture, holder } of pictures) {
    const box = holder.getBBox();
    const pad = Math.max(box.width, box.height) * 0.06 + 1;
    picture.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
  }
}

/**
 * The different pieces of each kind in the drawings, the first drawing first, as list items in
 * the order PIECES gives: each kind's pieces told apart by their key (else their name).
 * @param {string} game
 * @param {Element[]} drawings
 */
function pieces(game, drawings) {
  const found = [];
  for (const kind of PIECES[game] || []) {
    const seen = new Set();
    /** @type {{node: Element, name: string, order: number, wide: boolean|undefined}[]} */
    const chosen = [];
    for (const node of drawings.flatMap((drawing) => [...drawing.querySelectorAll(kind.find)])) {
      if (chosen.length >= kind.most) break;
      if (kind.test && !kind.test(node)) continue;
      const name = kind.name ? kind.name(node) : tooltip(node);
      const key = kind.key?.(node) || name;
      if (!name || seen.has(key)) continue;
      seen.add(key);
      chosen.push({ node, name, order: kind.order?.(node) ?? 0, wide: kind.wide });
    }
    chosen.sort((a, b) => a.order - b.order);
    for (const { node, name, wide } of chosen) {
      const piece = pieceItem(node, name.charAt(0).toUpperCase() + name.slice(1));
      if (wide) piece.item.classList.add("wide");
      found.push(piece);
    }
  }
  return found;
}

/**
 * The components the game's renderer draws from, or none for a game that has not declared them.
 * @param {string} game
 * @returns {Promise<Components>}
 */
async function componentsOf(game) {
  try {
    return (await api(`/api/games/${encodeURIComponent(game)}`)).components || {};
  } catch {
    return {};
  }
}

/**
 * The drawing of message by renderer, or null if it cannot draw it.
 * @param {Renderer} renderer
 * @param {StateMessage} message
 * @param {Components} components
 * @param {boolean} wide
 * @returns {Element|null}
 */
function drawn(renderer, message, components, wide) {
  try {
    return renderer.draw(context(message, components, wide));
  } catch (error) {
    console.error(error);
    return null;
  }
}

/**
 * Draw the pictures of a how-to-play text under root: the sample table in its figure and its
 * pieces in their list, cut out of it and of the other moments sent with it. Returns whether the
 * table could be drawn; without it both stay hidden.
 * @param {ParentNode} root
 */
export async function illustrate(root) {
  const data = root.querySelector("script.howto-sample");
  const figure = /** @type {HTMLElement|null} */ (root.querySelector('[data-howto-figure="table"]'));
  const list = /** @type {HTMLElement|null} */ (root.querySelector('[data-howto-figure="pieces"]'));
  if (!data || !figure) return false;
  /** @type {{shown: StateMessage, more?: StateMessage[]}} */
  const { shown, more = [] } = JSON.parse(/** @type {string} */ (data.textContent));
  const game = shown.table.game;
  /** @type {Renderer} */
  let renderer;
  try {
    renderer = await import(`./games/${game}.js`);
  } catch (error) {
    console.error(error);
    return false;
  }
  const components = await componentsOf(game);
  figure.hidden = false;
  const place = /** @type {HTMLElement} */ (figure.querySelector(".howto-drawing"));
  const wide = place.clientWidth >= WIDE_PX;
  const drawing = drawn(renderer, shown, components, wide);
  if (!drawing) {
    figure.hidden = true;
    return false;
  }
  drawing.setAttribute("role", "img");
  drawing.setAttribute("aria-label", `A game of ${shown.table.title} in progress, as the table draws it`);
  drawing.classList.add(wide ? "wide" : "narrow");
  place.replaceChildren(drawing);
  if (!list) return true;
  // The other moments are drawn out of sight, only to be measured and cut from.
  const aside = document.createElement("div");
  aside.className = "howto-offstage";
  aside.setAttribute("aria-hidden", "true");
  aside.append(.../** @type {Element[]} */ (more.map((moment) => drawn(renderer, moment, components, wide)).filter(Boolean)));
  place.after(aside);
  const found = pieces(game, [drawing, ...aside.children]);
  list.replaceChildren(...found.map(({ item }) => item));
  list.hidden = !found.length;
  frame(found);
  aside.remove();
  return true;
}

const page = document.querySelector("main article.howto");
if (page && document.body.classList.contains("lobby-page")) illustrate(page);
