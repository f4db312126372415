// The table's websocket: joins with the seat token, and reconnects by itself when dropped.

const FINAL_CODES = new Set([4403, 4404]);
const PING_EVERY = 25000;

export class TableConnection {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat token, or null to watch
   * @param {(message: object) => void} onMessage
   * @param {(status: "online"|"offline"|"closed", detail?: string) => void} onStatus
   */
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = 500;
    this.closedForGood = false;
    this.socket = null;
    this.pinger = null;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 500;
      socket.send(JSON.stringify(this.token ? { type: "join", token: this.token } : { type: "join" }));
      this.onStatus("online");
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (FINAL_CODES.has(event.code)) {
        this.closedForGood = true;
        this.onStatus("closed", event.reason);
        return;
      }
      this.onStatus("offline");
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    });
  }

  /** Send a message if connected; false if it could not be sent. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Drop the connection as a network failure would (it then reconnects). */
  drop() {
    this.socket?.close();
  }
}
