// @ts-check
// The table's websocket: joins with the seat token, and reconnects by itself when dropped.
//
// A network can also stall: bytes stop arriving but nothing closes, so no close event ever
// comes. The connection therefore pings the server every few seconds and counts anything the
// server sends as a sign of life. When the server owes an answer (to a ping, the join or a
// move) and has said nothing for SILENT_FOR, or a new socket has not opened within
// CONNECT_WITHIN, it reports "stalled", gives the socket up and connects afresh. The browser's
// offline event makes it ask the server at once; its online event makes it reconnect at once.

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./types.js").ConnectionStatus} ConnectionStatus */

const FINAL_CODES = new Set([4403, 4404]);
const PING_EVERY = 3000;
/** Milliseconds of silence from a server that owes an answer that mean the connection stalled. */
const SILENT_FOR = 7000;
/** The least time any one message is given to be answered, however long the page was asleep. */
const ANSWER_WITHIN = 3000;
/** Milliseconds a new socket has to open. */
const CONNECT_WITHIN = 6000;
/** Milliseconds the server has to answer the ping sent when the browser says it went offline. */
const PROBE_WITHIN = 2000;
const RETRY_FIRST = 500;
/** Longest wait between attempts after the server closed the connection. */
const RETRY_MOST = 8000;
/** Longest wait between attempts while the network itself is in doubt. */
const RETRY_MOST_STALLED = 2000;

export class TableConnection {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat token, or null to watch
   * @param {(message: ServerMessage) => void} onMessage
   * @param {(status: ConnectionStatus, detail?: string) => void} onStatus
   */
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = RETRY_FIRST;
    this.closedForGood = false;
    /** True from a stall until a new socket opens; sending is refused meanwhile. */
    this.stalled = false;
    /** @type {WebSocket|null} */
    this.socket = null;
    /** @type {number|null} */
    this.pinger = null;
    /** @type {number|null} */
    this.retryTimer = null;
    /**
     * Runs while the server owes an answer; when it fires, the connection has stalled.
     * @type {number|null}
     */
    this.watchdog = null;
    this.deadline = 0;
    this.heardAt = 0;
    this.listening = false;
  }

  connect() {
    if (this.closedForGood) return;
    this.listen();
    clearTimeout(this.retryTimer ?? undefined);
    this.retryTimer = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.socket = socket;
    this.expectAnswer(CONNECT_WITHIN);
    // Events of a socket that has been given up on are ignored.
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.heard();
      this.retry = RETRY_FIRST;
      this.stalled = false;
      this.transmit({ type: "join", ...(this.token ? { token: this.token } : {}) });
      this.onStatus("online");
      this.pinger = setInterval(() => this.transmit({ type: "ping" }), PING_EVERY);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      this.heard();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      this.stopTimers();
      this.socket = null;
      if (FINAL_CODES.has(event.code)) {
        this.closedForGood = true;
        this.onStatus("closed", event.reason);
        return;
      }
      if (!this.stalled) this.onStatus("offline");
      this.scheduleRetry();
    });
  }

  /**
   * Send a message if connected; false if it could not be sent.
   * @param {ClientMessage} message
   * @returns {boolean}
   */
  send(message) {
    if (this.stalled) return false;
    return this.transmit(message);
  }

  /** Drop the connection as a network failure would (it then reconnects). */
  drop() {
    this.socket?.close();
  }

  /**
   * @param {ClientMessage} message
   * @returns {boolean}
   */
  transmit(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    this.expectAnswer(Math.max(ANSWER_WITHIN, this.heardAt + SILENT_FOR - performance.now()));
    return true;
  }

  /**
   * Start the watchdog unless it already runs and would fire no later than `within` from now.
   * @param {number} within  ms
   */
  expectAnswer(within) {
    const deadline = performance.now() + within;
    if (this.watchdog !== null && this.deadline <= deadline) return;
    clearTimeout(this.watchdog ?? undefined);
    this.deadline = deadline;
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      this.stall();
    }, within);
  }

  /** The server is there: nothing is owed any more. */
  heard() {
    this.heardAt = performance.now();
    clearTimeout(this.watchdog ?? undefined);
    this.watchdog = null;
  }

  stopTimers() {
    clearTimeout(this.watchdog ?? undefined);
    this.watchdog = null;
    clearInterval(this.pinger ?? undefined);
    this.pinger = null;
    clearTimeout(this.retryTimer ?? undefined);
    this.retryTimer = null;
  }

  /** Give the socket up without waiting for the close that a dead network may never bring. */
  abandon() {
    const socket = this.socket;
    this.stopTimers();
    this.socket = null;
    if (socket) socket.close();
  }

  /** No answer came in time: say so, give the socket up and connect again at once. */
  stall() {
    if (this.closedForGood || !this.socket) return;
    this.abandon();
    if (!this.stalled) {
      this.stalled = true;
      this.retry = RETRY_FIRST;
      this.onStatus("stalled");
    }
    this.connect();
  }

  scheduleRetry() {
    const most = this.stalled ? RETRY_MOST_STALLED : RETRY_MOST;
    const wait = Math.min(this.retry, most);
    this.retry = Math.min(wait * 2, most);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  listen() {
    if (this.listening) return;
    this.listening = true;
    window.addEventListener("offline", () => {
      // The socket may be dead or, for a server on this machine, still fine: ask, briefly.
      if (this.socket?.readyState === WebSocket.OPEN) {
        this.socket.send(JSON.stringify({ type: "ping" }));
        this.expectAnswer(PROBE_WITHIN);
      }
    });
    window.addEventListener("online", () => {
      if (this.closedForGood) return;
      this.retry = RETRY_FIRST;
      // Keep an open socket the server has answered since it was last sent anything.
      if (this.socket?.readyState === WebSocket.OPEN && this.watchdog === null) return;
      const open = this.socket?.readyState === WebSocket.OPEN;
      this.abandon();
      if (open && !this.stalled) this.onStatus("offline");
      this.connect();
    });
  }
}
