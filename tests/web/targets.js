// Run in the table page by the tests: what a person can click for each legal move, found by
// making every chain of picks the board offers, and where to click a given step of one.

const TARGETS = "[data-action], [data-pick], [data-clear]";

/** The highlight shape of a target: its own `.hl-on` part, or itself. */
function highlightOf(node) {
  if (node.classList.contains("hl-on")) return node;
  return [...node.querySelectorAll(".hl-on")].find((shape) => shape.closest(TARGETS) === node) || null;
}

/** A point inside the window where a click lands on node itself, or null. */
function clickPoint(node) {
  const box = node.getBoundingClientRect();
  for (const [fx, fy] of [[0.5, 0.5], [0.5, 0.25], [0.25, 0.5], [0.75, 0.5], [0.5, 0.75], [0.2, 0.2], [0.8, 0.8], [0.8, 0.2], [0.2, 0.8]]) {
    const x = box.left + box.width * fx;
    const y = box.top + box.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest(TARGETS) === node) return { x, y };
  }
  return null;
}

/** Why a person could not see or click node as a move, or null when they can. */
function problemOf(node) {
  const shape = highlightOf(node);
  if (!shape) return "not highlighted";
  const style = getComputedStyle(shape);
  const stroke = style.stroke;
  if (stroke === "none" || stroke === "transparent" || stroke === "rgba(0, 0, 0, 0)" || Number.parseFloat(style.strokeWidth) < 3) {
    return `highlight not drawn (stroke ${stroke}, width ${style.strokeWidth})`;
  }
  const box = node.getBoundingClientRect();
  if (box.width < 8 || box.height < 8) return `too small to see (${Math.round(box.width)}x${Math.round(box.height)})`;
  if (box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1) {
    return `outside the ${innerWidth}x${innerHeight} window at (${Math.round(box.left)}, ${Math.round(box.top)})-(${Math.round(box.right)}, ${Math.round(box.bottom)})`;
  }
  if (!clickPoint(node)) return "covered by something else";
  return null;
}

/** The step a target node stands for. */
function stepOf(node) {
  if (node.hasAttribute("data-action")) return { action: Number(node.getAttribute("data-action")) };
  if (node.hasAttribute("data-clear")) return { clear: true };
  return { pick: node.getAttribute("data-pick"), level: Number(node.getAttribute("data-pick-level")) };
}

/** The board's node for a step, if it is drawn now. */
function nodeOf(step) {
  return [...document.querySelectorAll(`#board ${TARGETS.split(", ").join(", #board ")}`)].find((node) => {
    const other = stepOf(node);
    return other.action === step.action && other.pick === step.pick && other.level === step.level && other.clear === step.clear;
  }) || null;
}

/** Where to click for a step now, or null if it is not there. */
function pointOf(step) {
  const node = nodeOf(step);
  return node ? clickPoint(node) : null;
}

/**
 * Every legal move of the decision shown, with the clicks (picks, then the move) that make it,
 * as the page draws and scrolls after each click; or why it cannot be clicked. The page's
 * selection and scroll are put back afterwards.
 */
function exploreTargets() {
  const { page, choose } = window.meja;
  const saved = [...page.selection];
  const startY = window.scrollY;
  const legal = Object.fromEntries(page.state.legal.map((move) => [move.action, move.text]));
  const paths = {};
  const problems = {};
  const illegal = [];
  const seen = new Set();
  const name = `${page.state.view.phase || "move"} at step ${page.state.step} ("${document.getElementById("prompt").textContent}")`;

  /** Draw the board after the picks, as the page would, and note what it offers. */
  function visit(picks, clicks, scrollY) {
    window.scrollTo(0, scrollY);
    if (picks.length || page.selection.length) choose(picks);
    const here = window.scrollY;
    const next = [];
    for (const node of document.querySelectorAll(`#board ${TARGETS.split(", ").join(", #board ")}`)) {
      const step = stepOf(node);
      const problem = problemOf(node);
      if (step.action !== undefined) {
        if (!(step.action in legal)) {
          illegal.push(`${node.getAttribute("data-move")} (${step.action})`);
        } else if (problem) {
          if (!(step.action in paths)) problems[step.action] = `${problem}${picks.length ? ` after picking ${picks.join(", ")}` : ""}`;
        } else if (!(step.action in paths)) {
          paths[step.action] = [...clicks, step];
          delete problems[step.action];
        }
      } else if (step.pick !== undefined && !problem) {
        // A pick extends the selection, replaces its choice at that level, or undoes it.
        const kept = picks.slice(0, step.level);
        const after = picks[step.level] === step.pick ? kept : [...kept, step.pick];
        next.push([after, [...clicks, step], here]);
      }
    }
    return next;
  }

  // Breadth first, so each move is reached by its fewest clicks.
  const queue = [[saved, [], startY]];
  while (queue.length) {
    const [picks, clicks, scrollY] = queue.shift();
    const key = JSON.stringify(picks);
    if (seen.has(key) || picks.length > 6) continue;
    seen.add(key);
    queue.push(...visit(picks, clicks, scrollY));
  }
  window.scrollTo(0, startY);
  choose(saved);
  window.scrollTo(0, startY);
  const prompt = document.getElementById("prompt").getBoundingClientRect();
  const lowest = Math.max(...[...document.querySelectorAll(`#board ${TARGETS.split(", ").join(", #board ")}`)].map((node) => node.getBoundingClientRect().bottom));
  const promptShown = prompt.top >= -1 && prompt.bottom <= innerHeight + 1;
  const promptFits = lowest - prompt.top <= innerHeight;
  return { name, legal, paths, problems, illegal, scrollY: startY, promptShown, promptFits };
}
