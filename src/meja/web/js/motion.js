// @ts-check
// Motion on the board: after each redraw, pieces travel from where they were to where they are.
//
// A renderer names what may move: `data-piece="kind:id"` on a piece (the same key for the same
// piece in every drawing, made from the view alone) and `data-place="name"` on a place pieces
// come from or go to (a deck, a hand, a supply). A piece whose key is in both drawings glides
// from its old box to its new one. A renderer's optional `motions(change)` adds what keys cannot
// say, from the views before and after and the log entries of the step (what the game told this
// seat, nothing else): a piece arriving from a place, a piece leaving to one, a piece turning
// over, a piece marked in turn. With prefers-reduced-motion nothing moves: the pieces that
// changed are marked instead.

/** @typedef {import("./types.js").Renderer} Renderer */
/** @typedef {import("./types.js").Change} Change */
/** @typedef {import("./types.js").Motion} Motion */
/** @typedef {{x: number, y: number, width: number, height: number}} Box */
/**
 * What the board showed, kept to move from (snapshot).
 * @typedef {object} Snapshot
 * @property {Map<string, Box>} boxes  each piece's and place's box, by key
 * @property {Map<string, {node: Element, matrix: DOMMatrix}>} nodes  pieces and where their parent drew them
 * @property {Box} origin  the board's own box
 */

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const SVG_NS = "http://www.w3.org/2000/svg";
const EASING = "cubic-bezier(0.4, 0, 0.2, 1)";
const INHERITED = [
  "fill", "stroke", "stroke-width", "font-size", "font-family", "font-weight", "font-style",
  "text-anchor", "dominant-baseline",
];

/** Give holder what a node under parent inherited from its groups up to the drawing's root. */
function inherit(holder, parent) {
  for (let at = parent; at && at.tagName?.toLowerCase() !== "svg"; at = at.parentNode) {
    for (const name of INHERITED) {
      if (!holder.hasAttribute(name) && at.hasAttribute?.(name)) holder.setAttribute(name, at.getAttribute(name));
    }
  }
}

/**
 * Every motion drawn, for anyone checking the page (tests read it): newest last.
 * @type {{kind: string, piece: string, from: Box, to: Box, start: number, ms: number}[]}
 */
export const journal = [];

/** Whether the person asked their system for less motion. */
export function reduced() {
  return REDUCED.matches;
}

/**
 * How long one motion lasts at a pace of paceMs a step: eased, 200 to 600 ms.
 * @param {number} paceMs
 */
export function duration(paceMs) {
  return Math.round(Math.min(600, Math.max(200, paceMs * 0.75)));
}

/** A matrix of either kind (an SVG element's CTM, a DOMMatrix) as a DOMMatrix. */
function matrixOf(m) {
  return new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]);
}

/**
 * @param {Element} node
 * @returns {Box}
 */
function rectOf(node) {
  const box = node.getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
}

/**
 * What the board shows now, kept to move from: each piece's and place's box, and the pieces
 * themselves with where their parent drew them, for pieces that leave.
 * @param {Element} board
 * @returns {Snapshot}
 */
export function snapshot(board) {
  const origin = rectOf(board);
  const boxes = new Map();
  const nodes = new Map();
  for (const node of board.querySelectorAll("[data-piece], [data-place]")) {
    const key = node.getAttribute("data-piece") || node.getAttribute("data-place");
    if (boxes.has(key)) continue;
    const box = rectOf(node);
    if (box.width === 0 && box.height === 0) continue;
    boxes.set(key, box);
    const parent = /** @type {SVGGraphicsElement|null} */ (node.parentNode);
    if (node.hasAttribute("data-piece") && parent?.getScreenCTM) {
      const matrix = parent.getScreenCTM();
      if (matrix) nodes.set(key, { node, matrix: matrixOf(matrix) });
    }
  }
  return { boxes, nodes, origin };
}

/** The snapshot moved by as much as the board moved on the page since it was taken (a line
 * above the board that grew or shrank), so pieces start where they were seen, not off by that. */
function settled(before, board) {
  const now = rectOf(board);
  const dx = now.x - before.origin.x;
  const dy = now.y - before.origin.y;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return before;
  const boxes = new Map();
  for (const [key, box] of before.boxes) boxes.set(key, { ...box, x: box.x + dx, y: box.y + dy });
  const shift = new DOMMatrix().translate(dx, dy);
  const nodes = new Map();
  for (const [key, old] of before.nodes) nodes.set(key, { node: old.node, matrix: shift.multiply(old.matrix) });
  return { boxes, nodes, origin: now };
}

function find(board, key) {
  for (const node of board.querySelectorAll("[data-piece], [data-place]")) {
    if (node.getAttribute("data-piece") === key || node.getAttribute("data-place") === key) return node;
  }
  return null;
}

/** Wrap node in a group that may be transformed without touching node's own transform. */
function wrap(node) {
  const group = document.createElementNS(SVG_NS, "g");
  node.parentNode.insertBefore(group, node);
  group.append(node);
  return group;
}

function unwrap(group) {
  const node = group.firstChild;
  if (node && group.parentNode) group.parentNode.insertBefore(node, group);
  group.remove();
}

/** The scale from screen pixels to the user units of node's parent. */
function unitsPerPixel(node) {
  const matrix = node.parentNode?.getScreenCTM?.();
  const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 1;
  return scale > 0 ? 1 / scale : 1;
}

/** The transform that puts a box drawn at `to` where `from` is, in node's parent's units. */
function offset(node, from, to) {
  const k = unitsPerPixel(node);
  const dx = (from.x + from.width / 2 - (to.x + to.width / 2)) * k;
  const dy = (from.y + from.height / 2 - (to.y + to.height / 2)) * k;
  const sx = to.width > 0 && from.width > 0 ? from.width / to.width : 1;
  const sy = to.height > 0 && from.height > 0 ? from.height / to.height : 1;
  return `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`;
}

function note(kind, piece, group, from, to, ms, delay) {
  group.setAttribute("data-motion", kind);
  group.setAttribute("data-motion-piece", piece);
  group.style.transformBox = "fill-box";
  group.style.transformOrigin = "center";
  journal.push({ kind, piece, from, to, start: performance.now() + delay, ms });
}

/**
 * Lift node to the top of drawing while it moves, so it passes over the pieces it crosses: it
 * goes into a group drawn last with its parent's transform; returns how to put it back.
 */
function lift(drawing, node) {
  const parent = node.parentNode;
  const next = node.nextSibling;
  const parentMatrix = parent.getScreenCTM?.();
  const rootMatrix = drawing.getScreenCTM?.();
  if (!parentMatrix || !rootMatrix || parent === drawing) return () => {};
  const m = matrixOf(rootMatrix).inverse().multiply(matrixOf(parentMatrix));
  const holder = document.createElementNS(SVG_NS, "g");
  holder.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
  // What the piece inherited from the groups around it (a font size, a fill) goes with it.
  inherit(holder, parent);
  drawing.append(holder);
  holder.append(node);
  return () => {
    if (next && next.parentNode === parent) parent.insertBefore(node, next);
    else parent.append(node);
    holder.remove();
  };
}

/** A piece drawn at its new place glides there from a box `from` (screen pixels). */
function glide(drawing, node, to, kind, key, from, ms, delay) {
  if (Math.abs(from.x - to.x) < 1 && Math.abs(from.y - to.y) < 1 && Math.abs(from.width - to.width) < 1) return null;
  const group = wrap(node);
  const putBack = lift(drawing, group);
  note(kind, key, group, from, to, ms, delay);
  const animation = group.animate(
    [{ transform: offset(group, from, to) }, { transform: "none" }],
    { duration: ms, delay, easing: EASING, fill: "backwards" },
  );
  const done = () => {
    putBack();
    unwrap(group);
  };
  animation.finished.then(done, done);
  return animation;
}

/** A copy of a piece of the old drawing, put back where it was, on top of the new drawing. */
function ghostOf(drawing, old) {
  const outer = document.createElementNS(SVG_NS, "g");
  const root = drawing.getScreenCTM?.();
  if (!root) return null;
  const m = matrixOf(root).inverse().multiply(old.matrix);
  outer.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
  outer.setAttribute("pointer-events", "none");
  outer.setAttribute("aria-hidden", "true");
  inherit(outer, old.node.parentNode);
  const inner = document.createElementNS(SVG_NS, "g");
  const copy = old.node.cloneNode(true);
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["data-piece", "data-place", "data-action", "data-pick", "tabindex", "role", "id"]) node.removeAttribute(name);
  }
  inner.append(copy);
  inner.setAttribute("data-motion-ghost", old.node.getAttribute("data-piece") || "");
  outer.append(inner);
  drawing.append(outer);
  return { outer, inner };
}

/** A piece of the old drawing travels to a box `to` and fades there. */
function leave(drawing, old, kind, key, from, to, ms, delay) {
  const ghost = ghostOf(drawing, old);
  if (!ghost) return null;
  note(kind, key, ghost.inner, from, to, ms, delay);
  const k = 1 / Math.hypot(old.matrix.a, old.matrix.b);
  const dx = (to.x + to.width / 2 - (from.x + from.width / 2)) * k;
  const dy = (to.y + to.height / 2 - (from.y + from.height / 2)) * k;
  const s = Math.max(0.4, Math.min(1, (to.width || from.width) / (from.width || 1)));
  const animation = ghost.inner.animate(
    [
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(${s})`, opacity: 0.2 },
    ],
    { duration: ms, delay, easing: EASING, fill: "both" },
  );
  animation.finished.then(() => ghost.outer.remove(), () => ghost.outer.remove());
  return animation;
}

/** A piece turns over: its old face narrows to nothing, then its new face widens. */
function flip(drawing, node, box, old, kind, key, ms, delay) {
  const animations = [];
  if (old) {
    const ghost = ghostOf(drawing, old);
    if (ghost) {
      ghost.inner.style.transformBox = "fill-box";
      ghost.inner.style.transformOrigin = "center";
      const a = ghost.inner.animate(
        [{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }],
        { duration: ms / 2, delay, easing: "ease-in", fill: "both" },
      );
      a.finished.then(() => ghost.outer.remove(), () => ghost.outer.remove());
      animations.push(a);
    }
  }
  const group = wrap(node);
  note(kind, key, group, box, box, ms, delay);
  const b = group.animate(
    [{ transform: "scaleX(0)", offset: 0 }, { transform: "scaleX(0)", offset: old ? 0.5 : 0 }, { transform: "scaleX(1)" }],
    { duration: ms, delay, easing: "ease-out", fill: "backwards" },
  );
  b.finished.then(() => unwrap(group), () => unwrap(group));
  animations.push(b);
  return animations;
}

/** A piece is picked out in turn (a cake scored): it swells and settles. */
function pulse(node, box, kind, key, ms, delay) {
  const group = wrap(node);
  note(kind, key, group, box, box, ms, delay);
  const animation = group.animate(
    [{ transform: "scale(1)" }, { transform: "scale(1.12)" }, { transform: "scale(1)" }],
    { duration: ms, delay, easing: "ease-in-out" },
  );
  animation.finished.then(() => unwrap(group), () => unwrap(group));
  return animation;
}

function markChanged(node) {
  if (node) node.classList.add("moved");
}

/**
 * Move what changed between the snapshot `before` and the drawing now on board, as the renderer
 * says; returns when the last motion ends (ms from now). `change` is what the renderer's
 * motions() is given.
 * @param {Element} board
 * @param {Snapshot|null} snap
 * @param {Renderer} renderer
 * @param {Omit<Change, "ms">} change
 * @param {number} ms
 * @returns {number}
 */
export function animate(board, snap, renderer, change, ms) {
  const drawing = board.firstElementChild;
  if (!drawing || !snap) return 0;
  const before = settled(snap, board);
  const motions = renderer.motions;
  const extra = motions ? safely(() => motions({ ...change, ms })) : [];
  const claimed = new Set(extra.map((m) => m.piece || m.flip || m.mark).filter(Boolean));
  const work = [];
  for (const node of drawing.querySelectorAll("[data-piece]")) {
    const key = /** @type {string} */ (node.getAttribute("data-piece"));
    if (claimed.has(key) || !before.boxes.has(key)) continue;
    const to = rectOf(node);
    work.push(() => glide(drawing, node, to, key.split(":")[0], key, before.boxes.get(key), ms, 0));
  }
  let end = 0;
  for (const motion of extra) {
    const delay = motion.delay || 0;
    const kind = motion.kind || "move";
    const length = motion.ms || ms;
    if (motion.piece) {
      const node = find(drawing, motion.piece);
      const from = before.boxes.get(motion.from) || (find(drawing, motion.from) && rectOf(find(drawing, motion.from)));
      if (node && from) {
        const to = rectOf(node);
        work.push(() => glide(drawing, node, to, kind, motion.piece, from, length, delay));
      }
    } else if (motion.leave) {
      const old = before.nodes.get(motion.leave);
      const target = find(drawing, motion.to);
      const from = before.boxes.get(motion.leave);
      if (old && target && from) {
        const to = rectOf(target);
        work.push(() => leave(drawing, old, kind, motion.leave, from, to, length, delay));
      }
    } else if (motion.flip) {
      const node = find(drawing, motion.flip);
      if (node) {
        const box = rectOf(node);
        work.push(() => flip(drawing, node, box, before.nodes.get(motion.flip), kind, motion.flip, length, delay));
      }
    } else if (motion.mark) {
      const node = find(drawing, motion.mark);
      if (node) {
        const box = rectOf(node);
        work.push(() => pulse(node, box, kind, motion.mark, length, delay));
      }
    }
    end = Math.max(end, delay + length);
  }
  if (reduced()) {
    for (const node of drawing.querySelectorAll("[data-piece]")) {
      const key = node.getAttribute("data-piece");
      const was = before.boxes.get(key);
      if (was && Math.abs(was.x - rectOf(node).x) + Math.abs(was.y - rectOf(node).y) > 1) markChanged(node);
    }
    for (const motion of extra) {
      markChanged(find(drawing, motion.piece || motion.flip || motion.mark || motion.to));
    }
    return 0;
  }
  for (const run of work) {
    const made = run();
    if (made) end = Math.max(end, ms);
  }
  return end;
}

function safely(make) {
  try {
    return make() || [];
  } catch (error) {
    console.error(error);
    return [];
  }
}

/**
 * Stop every motion on the board at once (catching up, a new drawing over an old one).
 * @param {Element} board
 */
export function finishAll(board) {
  for (const animation of board.getAnimations({ subtree: true })) animation.finish();
}
