// @ts-check
// The move log as a drawer on narrow windows. Below the width at which the table is laid out in
// two columns, the log would sit under the whole board and the list of moves, a long scroll
// away; there the Log button beside the prompt slides it in over the table from the right, and
// Close, Escape or a tap beside it slides it away and gives the focus back to the button. While
// it is open it is a modal dialog to assistive technology and Tab stays inside it. On a wide
// window the log stays in its column and the button is not shown.

/** The widths at which the log is a drawer: below the table's two columns (style.css). */
const NARROW = window.matchMedia("(max-width: 979.98px)");

/**
 * Everything in the drawer that Tab may reach, in order.
 * @param {HTMLElement} panel
 * @returns {HTMLElement[]}
 */
function focusable(panel) {
  return [.../** @type {NodeListOf<HTMLElement & {disabled?: boolean}>} */ (panel.querySelectorAll("button, select, [tabindex='0'], a[href], input"))]
    .filter((node) => !node.disabled && node.getClientRects().length > 0);
}

/**
 * Wire the Log button, the drawer and its backdrop; returns whether the drawer is open.
 * @returns {() => boolean}
 */
export function setUpLogDrawer() {
  // Each may be missing (a page without the drawer): then nothing is wired.
  const panel = /** @type {HTMLElement} */ (document.getElementById("log-panel"));
  const opener = /** @type {HTMLElement} */ (document.getElementById("log-open"));
  const closer = /** @type {HTMLElement} */ (document.getElementById("log-close"));
  const backdrop = /** @type {HTMLElement} */ (document.getElementById("log-backdrop"));
  const list = /** @type {HTMLElement} */ (document.getElementById("log"));
  if (!panel || !opener || !closer || !backdrop || !list) return () => false;
  let open = false;

  /**
   * Open or close the drawer; closing gives the focus back to the Log button when asked.
   * @param {boolean} wanted
   * @param {{refocus?: boolean}} [how]
   */
  function set(wanted, { refocus = true } = {}) {
    open = wanted && NARROW.matches;
    document.body.classList.toggle("log-drawer-open", open);
    panel.classList.toggle("open", open);
    backdrop.hidden = !open;
    opener.setAttribute("aria-expanded", String(open));
    if (open && NARROW.matches) {
      panel.setAttribute("role", "dialog");
      panel.setAttribute("aria-modal", "true");
      list.scrollTop = list.scrollHeight;
      list.focus({ preventScroll: true });
    } else {
      panel.removeAttribute("role");
      panel.removeAttribute("aria-modal");
      if (refocus && panel.contains(document.activeElement)) opener.focus({ preventScroll: true });
    }
  }

  opener.addEventListener("click", () => set(!open));
  closer.addEventListener("click", () => set(false));
  backdrop.addEventListener("click", () => set(false));
  panel.addEventListener("keydown", (event) => {
    if (!open) return;
    if (event.key === "Escape") {
      // Escape closes the drawer only; it does not also drop the picks on the board.
      event.preventDefault();
      event.stopPropagation();
      set(false);
      return;
    }
    if (event.key !== "Tab") return;
    const parts = focusable(panel);
    if (!parts.length) return;
    const first = parts[0];
    const last = parts[parts.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  // Escape pressed while the focus is outside the drawer (after a tap on the page) closes it too.
  document.addEventListener("keydown", (event) => {
    if (open && event.key === "Escape" && !panel.contains(/** @type {Node|null} */ (event.target))) {
      event.preventDefault();
      event.stopImmediatePropagation();
      set(false);
    }
  }, { capture: true });
  // A window widened past the two columns shows the log in place again.
  NARROW.addEventListener("change", () => set(false, { refocus: false }));
  set(false, { refocus: false });
  return () => open;
}
