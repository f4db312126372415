// @ts-check
// The Rules button at the table: the game's how-to-play page, opened over the table in a modal
// dialog, so the game goes on underneath (the connection stays, moves keep arriving and are
// drawn). The keyboard stays inside the dialog while it is open; Escape, Close or a click
// beside it closes it, and the keyboard goes back to where it was.

import { illustrate } from "./how_to_play.js";

/**
 * The table page's element of this id (the page has every one this module asks for).
 * @param {string} id
 */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The dialog itself. */
const dialogOf = () => /** @type {HTMLDialogElement} */ ($("rules-dialog"));
const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** @type {{game: string|null, loaded: string|null, opener: HTMLElement|null}} */
const rules = { game: null, loaded: null, opener: null };

/**
 * Offer the how-to-play of game on the Rules button (the table calls this once it knows it).
 * @param {string} game
 */
export function offerRules(game) {
  if (rules.game === game) return;
  rules.game = game;
  /** @type {HTMLButtonElement} */ ($("rules-button")).disabled = false;
}

/**
 * Fetch the how-to-play page of game and show its text in the dialog, pictures and all.
 * @param {string} game
 */
async function load(game) {
  const body = $("rules-dialog-body");
  const dialog = dialogOf();
  body.setAttribute("aria-busy", "true");
  body.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "Loading…" }));
  let article = null;
  try {
    const response = await fetch(`/how-to-play/${encodeURIComponent(game)}`);
    if (response.ok) article = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("article.howto");
  } catch (error) {
    console.error(error);
  }
  if (rules.game !== game) return;
  if (!article) {
    body.replaceChildren(Object.assign(document.createElement("p"), { textContent: "How to play this game could not be loaded. The game goes on; try again in a moment." }));
    body.removeAttribute("aria-busy");
    return;
  }
  const heading = article.querySelector("h1");
  if (heading) {
    $("rules-dialog-title").textContent = heading.textContent;
    heading.remove();
  }
  // A link in the dialog opens beside the table, never in its place.
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (article.querySelectorAll("a[href]"))) {
    link.target = "_blank";
    link.rel = "noopener";
  }
  const tab = Object.assign(document.createElement("a"), {
    href: `/how-to-play/${encodeURIComponent(game)}`, target: "_blank", rel: "noopener", textContent: "Open how to play in a new tab",
  });
  const more = Object.assign(document.createElement("p"), { className: "howto-more" });
  more.append(tab, " to keep it beside the table.");
  article.append(more);
  body.replaceChildren(document.importNode(article, true));
  rules.loaded = game;
  await illustrate(body);
  body.removeAttribute("aria-busy");
  dialog.dataset.loaded = game;
}

function open() {
  const dialog = dialogOf();
  if (!rules.game || dialog.open) return;
  rules.opener = /** @type {HTMLElement|null} */ (document.activeElement);
  dialog.showModal();
  $("rules-dialog-close").focus();
  if (rules.loaded !== rules.game) load(rules.game);
}

/** Give the keyboard back to what had it before the dialog opened, or to the Rules button. */
function restoreFocus() {
  const back = rules.opener && rules.opener.isConnected && rules.opener !== document.body ? rules.opener : $("rules-button");
  rules.opener = null;
  back.focus();
}

/**
 * Tab and Shift+Tab go round the dialog's own controls and links, never out of it.
 * @param {KeyboardEvent} event
 */
function trapFocus(event) {
  const dialog = dialogOf();
  const stops = [.../** @type {NodeListOf<HTMLElement>} */ (dialog.querySelectorAll(FOCUSABLE))].filter((node) => node.getClientRects().length);
  if (!stops.length) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const inside = dialog.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

const dialog = dialogOf();
$("rules-button").addEventListener("click", open);
$("rules-dialog-close").addEventListener("click", () => dialog.close());
dialog.addEventListener("close", restoreFocus);
// A click on the shaded table around the dialog closes it.
dialog.addEventListener("click", (event) => {
  if (event.target === dialog) dialog.close();
});
// The table's own keys (Escape drops picks, arrows step a replay, Ctrl+Z takes a move back) are
// not for the dialog: its keys stop here, and Escape closes it.
dialog.addEventListener("keydown", (event) => {
  if (event.key === "Tab") trapFocus(event);
  if (event.key === "Escape") {
    event.preventDefault();
    dialog.close();
  }
  event.stopPropagation();
});
