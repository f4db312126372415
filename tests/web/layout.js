// Run in the table page by the tests: what is wrong with how the board is drawn, in words:
// texts on top of each other, parts cut off, texts out of their frame, texts too small to read,
// and on a small screen, texts and move targets too small and anything past the window's edge.

/** A node's box on screen. */
function screenBox(node) {
  const r = node.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** Whether boxes a and b overlap by more than margin px both across and down. */
function overlapping(a, b, margin) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > margin && h > margin;
}

/** Whether box reaches more than margin px past any side of frame. */
function outside(box, frame, margin) {
  return box.left < frame.left - margin || box.top < frame.top - margin
    || box.right > frame.right + margin || box.bottom > frame.bottom + margin;
}

/** A node as a problem names it: its text, or its tag and the nearest data attribute. */
function describe(node) {
  if (node.tagName === "text") return JSON.stringify(node.textContent.slice(0, 40));
  for (let up = node; up && up.tagName !== "svg"; up = up.parentNode) {
    const data = [...up.attributes].find((a) => a.name.startsWith("data-"));
    if (data) return `${node.tagName}${up === node ? "" : " in"} [${data.name}="${data.value}"]`;
  }
  return node.tagName;
}

/** A box in whole px, for messages. */
function where(box) {
  const r = Math.round;
  return `(${r(box.left)}, ${r(box.top)})-(${r(box.right)}, ${r(box.bottom)})`;
}

/** The board's drawing on screen: its viewBox's corners, which the svg element may letterbox. */
function drawnBox() {
  const drawing = document.querySelector("#board svg");
  const vb = drawing.viewBox.baseVal;
  const corner = (x, y) => {
    const p = drawing.createSVGPoint();
    p.x = x;
    p.y = y;
    return p.matrixTransform(drawing.getScreenCTM());
  };
  const a = corner(vb.x, vb.y);
  const b = corner(vb.x + vb.width, vb.y + vb.height);
  return { left: a.x, top: a.y, right: b.x, bottom: b.y };
}

/**
 * Every layout problem of the board's drawing: the drawing wider than the window, a part past
 * the drawing's edge, two texts on top of each other, a text out of its frame (the `rect.frame`,
 * or else the first rect, of each node matching the selector frames), and a text under
 * smallest px high on screen.
 */
function layoutProblems(frames, smallest) {
  const drawing = document.querySelector("#board svg");
  const drawn = drawnBox();
  const out = [];
  if (drawn.left < 0 || drawn.right > innerWidth) {
    out.push(`the drawing spans x ${Math.round(drawn.left)} to ${Math.round(drawn.right)} of a ${innerWidth} px window`);
  }
  const texts = [...drawing.querySelectorAll("text")].filter((t) => t.textContent.trim() || t.getBoundingClientRect().width > 0);
  // The shapes drawn whole: a definition or a clip path is not drawn itself, and a clipped
  // shape only shows inside its clip.
  const parts = [...drawing.querySelectorAll("rect, circle, ellipse, path")]
    .filter((node) => node.getBBox().width > 0 && !node.closest("defs, clipPath, mask, marker, pattern, symbol, [clip-path]"));
  for (const node of [...parts, ...texts]) {
    if (outside(screenBox(node), drawn, 1)) out.push(`${describe(node)} at ${where(screenBox(node))} is cut off at the edge of the drawing ${where(drawn)}`);
  }
  texts.forEach((t, i) => {
    for (const u of texts.slice(i + 1)) {
      if (overlapping(screenBox(t), screenBox(u), 1)) out.push(`${describe(t)} is drawn over ${describe(u)}`);
    }
  });
  for (const frame of frames ? drawing.querySelectorAll(frames) : []) {
    const edge = frame.querySelector("rect.frame") || frame.querySelector("rect");
    if (!edge) {
      out.push(`${describe(frame)} has no frame`);
      continue;
    }
    for (const t of frame.querySelectorAll("text")) {
      if (outside(screenBox(t), screenBox(edge), 0)) out.push(`${describe(t)} runs out of ${describe(frame)}`);
    }
  }
  for (const t of smallest ? texts : []) {
    const m = t.getScreenCTM();
    const px = Number.parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < smallest) out.push(`${describe(t)} is ${px.toFixed(1)} px high, under ${smallest}`);
  }
  return out;
}

const TARGETS_ON_PAGE = "[data-action], [data-pick], [data-clear]";

/** Whether a person sees node: it takes room, is not hidden, and is not only for screen readers. */
function seen(node) {
  if (!node.getClientRects().length || node.closest(".visually-hidden, details:not([open]) > :not(summary)")) return false;
  const style = getComputedStyle(node);
  return style.visibility !== "hidden" && Number.parseFloat(style.opacity) > 0;
}

/** A page node as a problem names it: its text, else its tag, id, class or first data attribute. */
function named(node) {
  const text = node.textContent.trim().replace(/\s+/g, " ").slice(0, 40);
  if (node.tagName.toLowerCase() === "text" || (text && !node.children.length)) return JSON.stringify(text);
  if (node.closest("svg")) return describe(node);
  const data = [...node.attributes].find((a) => a.name.startsWith("data-"));
  return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${data ? `[${data.name}="${data.value}"]` : ""}${text ? ` ${JSON.stringify(text)}` : ""}`;
}

/** The height on screen of a node's text: its font size, scaled as an SVG drawing is. */
function textPx(node) {
  const size = Number.parseFloat(getComputedStyle(node).fontSize);
  if (!node.closest("svg")) return size;
  const m = node.getScreenCTM();
  return size * Math.hypot(m.a, m.b);
}

/**
 * What a phone's small screen makes hard, one line a problem: a text of the page or the board
 * under smallest px high, a move target under target x target px, and anything reaching past
 * the window's left or right edge (only the outermost such node of each branch).
 */
function smallScreenProblems(smallest, target) {
  const out = [];
  const texts = [...document.body.querySelectorAll("*")].filter((node) => {
    if (node.tagName.toLowerCase() === "text") return node.textContent.trim() !== "";
    if (node.closest("svg") && node.tagName.toLowerCase() !== "tspan") return false;
    return [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
  });
  for (const node of texts.filter(seen)) {
    const px = textPx(node);
    if (px < smallest - 0.05) out.push(`text ${named(node)} is ${px.toFixed(1)} px high, under ${smallest}`);
  }
  for (const node of [...document.querySelectorAll(TARGETS_ON_PAGE)].filter(seen)) {
    const box = node.getBoundingClientRect();
    if (box.width < target - 0.5 || box.height < target - 0.5) {
      out.push(`move target ${named(node)} is ${box.width.toFixed(0)}x${box.height.toFixed(0)} px, under ${target}x${target}`);
    }
  }
  // The layout's width: a phone zooms out to show what is wider, so innerWidth would grow too.
  const width = document.documentElement.clientWidth;
  const wide = [...document.body.querySelectorAll("*")].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && (box.left < -1 || box.right > width + 1) && seen(node);
  });
  for (const node of wide.filter((node) => !wide.includes(node.parentElement))) {
    const box = node.getBoundingClientRect();
    out.push(`${named(node)} spans x ${Math.round(box.left)} to ${Math.round(box.right)} of a ${width} px window`);
  }
  const scroll = document.documentElement.scrollWidth;
  if (scroll > width) out.push(`the page is ${scroll} px wide, scrolling sideways in a ${width} px window`);
  return out;
}
