// @ts-check
// Short sounds made in the page with Web Audio: a chime when it becomes your turn, a soft tap for
// each move drawn. A mute toggle, remembered by the browser, silences both.

const KEY = "meja.muted";
/** @type {AudioContext|null} */
let context = null;

/** Whether sounds are off (remembered across visits). */
export function muted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Turn sounds off or on, and remember it.
 * @param {boolean} value
 */
export function setMuted(value) {
  try {
    localStorage.setItem(KEY, value ? "1" : "0");
  } catch {
    // A browser that keeps nothing still mutes for this visit.
  }
  document.body.dataset.muted = value ? "yes" : "no";
}

/** Browsers start sound only after a person's gesture: the first click or key makes it ready. */
export function unlock() {
  if (context || !window.AudioContext) return;
  context = new AudioContext();
}

/**
 * @param {AudioContext} context
 * @param {number} frequency
 * @param {number} start
 * @param {number} length
 * @param {number} volume
 */
function tone(context, frequency, start, length, volume) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = frequency;
  const at = context.currentTime + start;
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

/**
 * Play a sound: "turn" (two rising notes) or "move" (one short, quiet note).
 * @param {"turn"|"move"} kind
 */
export function play(kind) {
  document.body.dataset.lastSound = kind;
  if (muted() || !context || context.state === "closed") return;
  if (context.state === "suspended") context.resume();
  if (kind === "turn") {
    tone(context, 660, 0, 0.18, 0.12);
    tone(context, 880, 0.12, 0.25, 0.12);
  } else {
    tone(context, 420, 0, 0.07, 0.05);
  }
}
