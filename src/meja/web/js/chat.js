// @ts-check
// The table's chat: the people seated at the table, and spectators where the table allows it.
// Every message is shown as text (textContent), never as markup. A message is sent over HTTP,
// so the server's refusal of it (too long, too fast, a spectator) comes back to this message
// and is shown in its words under the box; the message itself comes back on the websocket, to
// every page of the table. On a wide window the chat sits in the side column under the log; on
// a narrow one the Chat button beside the prompt slides it in over the table as a drawer (as the
// log's drawer does), so it never covers the board unasked, and says how many messages came
// while it was closed.

import { api } from "./api.js";
import { html } from "./svg.js";

/** @typedef {import("./types.js").ChatLine} ChatLine */
/** @typedef {import("./types.js").StateMessage} StateMessage */

/** The widths at which the chat is a drawer: below the table's two columns (style.css). */
const NARROW = window.matchMedia("(max-width: 979.98px)");

/**
 * @typedef {object} ChatSetup
 * @property {string} tableId
 * @property {string|null} token  the seat's token, or null for a spectator
 */

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * Wire the chat panel of the table page; returns what the page calls as messages come.
 * @param {ChatSetup} setup
 */
export function setUpChat({ tableId, token }) {
  const panel = $("chat-panel");
  const opener = /** @type {HTMLButtonElement} */ ($("chat-open"));
  const closer = $("chat-close");
  const backdrop = $("chat-backdrop");
  const list = $("chat-list");
  const form = /** @type {HTMLFormElement} */ ($("chat-form"));
  const input = /** @type {HTMLTextAreaElement} */ ($("chat-text"));
  const send = /** @type {HTMLButtonElement} */ ($("chat-send"));
  const note = $("chat-note");
  const refusal = $("chat-refusal");
  const count = $("chat-count");

  /** @type {Map<number, ChatLine>} every message known, by its place in the chat */
  const messages = new Map();
  /** @type {ChatLine[]|null} the chat of a replay frame on show, or null for the live chat */
  let replayed = null;
  let allowed = false;
  let open = false;
  let unread = 0;
  let most = 500;
  /** @type {number|null} */
  let you = null;
  let sending = false;

  /** @param {ChatLine} message */
  function line(message) {
    const mine = you !== null && message.seat === you;
    const who = mine ? `${message.name} (you)` : message.name;
    const at = new Date(message.at * 1000);
    return html("li", { class: mine ? "mine" : "", "data-chat-seq": message.seq },
      html("span", { class: "chat-who", text: `${who}:` }), " ",
      html("time", { class: "chat-at", datetime: at.toISOString(), text: at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }) }),
      html("div", { class: "chat-text", text: message.text }));
  }

  function draw() {
    const shown = replayed ?? [...messages.values()].sort((a, b) => a.seq - b.seq);
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    list.replaceChildren(...shown.map(line));
    if (!shown.length) list.append(html("li", { class: "muted chat-empty", text: replayed ? "Nothing was said by then." : "Nothing said yet. Say hello!" }));
    if (atBottom || replayed) list.scrollTop = list.scrollHeight;
    count.textContent = unread ? ` (${unread} new)` : "";
    opener.setAttribute("aria-label", unread ? `Chat: ${unread} new message${unread === 1 ? "" : "s"}` : "Chat");
  }

  /**
   * Open or close the drawer (on a wide window the chat is always in its place).
   * @param {boolean} wanted
   * @param {{refocus?: boolean}} [how]
   */
  function set(wanted, { refocus = true } = {}) {
    open = wanted && NARROW.matches;
    document.body.classList.toggle("chat-drawer-open", open);
    panel.classList.toggle("open", open);
    backdrop.hidden = !open;
    opener.setAttribute("aria-expanded", String(open));
    if (open) {
      unread = 0;
      panel.setAttribute("role", "dialog");
      panel.setAttribute("aria-modal", "true");
      draw();
      list.scrollTop = list.scrollHeight;
      input.focus({ preventScroll: true });
    } else {
      panel.removeAttribute("role");
      panel.removeAttribute("aria-modal");
      if (refocus && panel.contains(document.activeElement)) opener.focus({ preventScroll: true });
    }
  }

  /** @param {string} words */
  function refuse(words) {
    refusal.textContent = words;
  }

  function drawCount() {
    const length = input.value.trim().length;
    const over = length > most;
    note.textContent = over ? `${length} characters: at most ${most} a message` : `${length} / ${most}`;
    note.classList.toggle("over", over);
  }

  /** @param {SubmitEvent} event */
  async function submit(event) {
    event.preventDefault();
    const text = input.value;
    if (!text.trim() || sending) return;
    sending = true;
    send.disabled = true;
    refuse("");
    try {
      /** @type {{type: "chat", message: ChatLine}} */
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/chat`, {
        method: "POST",
        body: JSON.stringify({ text }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      add(answer.message, true);
      // What was typed meanwhile stays.
      if (input.value === text) input.value = "";
      drawCount();
    } catch (/** @type {any} */ error) {
      // The server's own words: "you are sending messages too fast: at most 5 in 10 seconds;
      // wait 7 s", "text: at most 500 characters a message, not 612", ...
      const words = String(error.message || "the message could not be sent").replace(/^text: /, "");
      refuse(`Not sent: ${words}`);
    } finally {
      sending = false;
      send.disabled = false;
    }
  }

  /**
   * @param {ChatLine} message
   * @param {boolean} [own]  the answer to this page's own message
   */
  function add(message, own = false) {
    if (messages.has(message.seq)) return;
    messages.set(message.seq, message);
    if (!own && NARROW.matches && !open) unread += 1;
    draw();
  }

  opener.addEventListener("click", () => set(!open));
  closer.addEventListener("click", () => set(false));
  backdrop.addEventListener("click", () => set(false));
  form.addEventListener("submit", (event) => submit(/** @type {SubmitEvent} */ (event)));
  input.addEventListener("input", () => drawCount());
  input.addEventListener("keydown", (event) => {
    // Enter sends, Shift+Enter starts a new line; the table's own keys do not see the typing
    // (Tab, and Escape while the drawer is open, go on to the drawer).
    if (event.key !== "Tab" && !(event.key === "Escape" && open)) event.stopPropagation();
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  panel.addEventListener("keydown", (event) => {
    if (!open) return;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      set(false);
      return;
    }
    // While the drawer is open it is a modal dialog: Tab goes round inside it.
    if (event.key !== "Tab") return;
    const parts = [.../** @type {NodeListOf<HTMLElement & {disabled?: boolean}>} */ (panel.querySelectorAll("button, textarea, [tabindex='0'], a[href]"))]
      .filter((node) => !node.disabled && node.getClientRects().length > 0);
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
  NARROW.addEventListener("change", () => set(false, { refocus: false }));
  set(false, { refocus: false });
  drawCount();

  return {
    /**
     * The server's limits: a message's length and how many a sender may send.
     * @param {import("./types.js").Limits} limits
     */
    limits(limits) {
      if (limits.chat_chars) most = limits.chat_chars;
      const rate = limits.chat_messages && limits.chat_seconds
        ? `, ${limits.chat_messages} messages in ${limits.chat_seconds} seconds` : "";
      $("chat-limits").textContent = `Plain text, at most ${most} characters a message${rate}.`;
      drawCount();
    },
    /**
     * Who may chat: a seated person always, a spectator where the table allows it; the panel
     * and its button are shown only to them.
     * @param {StateMessage} state
     */
    table(state) {
      you = state.you;
      const may = state.you !== null || Boolean(state.table.spectator_chat);
      if (may !== allowed) {
        allowed = may;
        panel.classList.toggle("hidden", !may);
        opener.classList.toggle("hidden", !may);
        if (!may) set(false, { refocus: false });
        draw();
      }
    },
    /** @param {ChatLine} message */
    message(message) {
      add(message);
    },
    /** @param {ChatLine[]} latest */
    log(latest) {
      for (const message of latest) messages.set(message.seq, message);
      draw();
    },
    /**
     * A replay frame's chat (what was said up to its step), or null to show the live chat.
     * @param {ChatLine[]|null} said
     */
    replay(said) {
      replayed = said;
      $("chat-title").textContent = said ? "Chat, up to this step" : "Chat";
      draw();
    },
    isOpen: () => open,
  };
}
