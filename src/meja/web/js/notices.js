// @ts-check
// Turn notices: when it becomes your turn while the table's tab is hidden, the tab's title says
// so (table.js) and, if you asked for them, the browser shows a notice naming the table. The
// browser asks for permission only when the person presses the table's "Turn notices" button,
// never by itself; the choice is kept in this browser (localStorage) for every table.

const KEY = "meja.turnNotices";

/** Whether this browser can show notices at all. */
function supported() {
  return typeof window.Notification === "function";
}

/** Whether the person turned notices on here (and the browser still allows them). */
export function enabled() {
  try {
    return supported() && Notification.permission === "granted" && localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

/** @param {boolean} on */
function keep(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // Private browsing may forbid storage: the notices then last as long as the page.
  }
}

/**
 * Wire the button: pressing it asks the browser for permission (the first time) and turns the
 * notices on, or off again; its words say which, and why when the browser refuses.
 * @param {HTMLButtonElement} button
 * @param {(words: string) => void} say  tell the person something in a line
 */
export function setUpNotices(button, say) {
  function draw() {
    const on = enabled();
    button.textContent = on ? "Turn notices: on" : "Turn notices: off";
    button.setAttribute("aria-pressed", String(on));
    button.title = on
      ? "the browser tells you when it is your turn while this tab is hidden; press to stop"
      : "press to have the browser tell you when it is your turn while this tab is hidden";
  }
  button.addEventListener("click", async () => {
    if (!supported()) {
      say("This browser cannot show notices; the tab's title still says when it is your turn.");
      return;
    }
    if (enabled()) {
      keep(false);
      draw();
      return;
    }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (answer === "granted") {
      keep(true);
      say("You will get a notice when it is your turn while this tab is hidden.");
    } else {
      say("The browser refused notices for this site; its site settings can allow them.");
    }
    draw();
  });
  draw();
}

/** @type {Notification|null} */
let shown = null;

/**
 * It has just become your turn: with the page hidden and notices on, say so and name the table.
 * @param {string} title  the game's title
 * @param {string} tableId
 * @param {string[]} others  the other players' names
 */
export function turnBegan(title, tableId, others) {
  if (document.visibilityState !== "hidden" || !enabled()) return;
  const with_ = others.length ? ` with ${others.join(", ")}` : "";
  try {
    shown?.close();
    shown = new Notification(`Your turn: ${title}`, {
      body: `Table ${tableId}${with_}: it is your move.`,
      tag: `meja-${tableId}`,
    });
    shown.onclick = () => {
      window.focus();
      shown?.close();
    };
  } catch {
    // A browser that shows notices only from a service worker: the title says it anyway.
  }
}

/** The page is in sight again: a notice of this table is no longer needed. */
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") shown?.close();
});
