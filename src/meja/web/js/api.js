// @ts-check
// The HTTP API, and the seat links this browser has opened (kept only in this browser).

/** @typedef {import("./types.js").RememberedSeat} RememberedSeat */
/** @typedef {Error & {code?: string}} ApiError */

/**
 * GET or POST JSON; throws an Error carrying the server's one-line message and its code.
 * @param {string} path
 * @param {RequestInit} [options]
 * @returns {Promise<any>} the answer's JSON, as the endpoint's type says (types.js)
 */
export async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { "content-type": "application/json", ...(options.headers || {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    /** @type {ApiError} */
    const error = new Error(body.message || `${response.status} ${response.statusText}`);
    error.code = body.code;
    throw error;
  }
  return body;
}

const SEATS_KEY = "meja.seats";

/**
 * Seat links this browser has used, newest first: [{table, seat, token, title, at}].
 * @returns {RememberedSeat[]}
 */
export function mySeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]");
    return Array.isArray(seats) ? seats : [];
  } catch {
    return [];
  }
}

/**
 * Remember a seat link so the lobby can offer it again.
 * @param {RememberedSeat} entry
 */
export function rememberSeat(entry) {
  const others = mySeats().filter((s) => !(s.table === entry.table && s.seat === entry.seat));
  const seats = [{ ...entry, at: Date.now() }, ...others].slice(0, 30);
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
  } catch {
    // Private browsing may forbid storage; the link itself still works.
  }
}
