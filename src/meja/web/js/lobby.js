// @ts-check
// The lobby: a card per game, set up the seats, create the table, share the links, find tables.

import { api, rememberSeat } from "./api.js";
import { levelTitle, loadBots, seatWithLevel } from "./bot_levels.js";
import { gamePicture } from "./cards.js";
import { html } from "./svg.js";
import { drawYourTables, kindWords } from "./your_tables.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").GameOption} GameOption */
/** @typedef {import("./types.js").TableListing} TableListing */
/** @typedef {import("./types.js").CreatedTable} CreatedTable */
/** @typedef {import("./types.js").Limits} Limits */
/** @typedef {import("./types.js").BotLevel} BotLevel */
/** @typedef {import("./api.js").ApiError} ApiError */
/** @typedef {"open"|"finished"} ListName */

/**
 * The lobby's element of this id (the page has every one this module asks for).
 * @param {string} id
 */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const $select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @type {GameInfo[]} */
let games = [];
/** The levels of bot a seat may have, weakest first. @type {BotLevel[]} */
let levels = [];
/** The level a new bot seat starts at. */
const DEFAULT_LEVEL = "casual";
/** @type {Limits|null} */
let limits = null;

const PAGE = 20;
const MAX_PAGE = 100;
/**
 * Each list as shown: its tables, the cursor of the page after them, how many to keep shown.
 * @type {Record<ListName, {tables: TableListing[], next: string|null, wanted: number}>}
 */
const lists = {
  open: { tables: [], next: null, wanted: PAGE },
  finished: { tables: [], next: null, wanted: PAGE },
};
/** Whether the person chose private or public themselves: then the seats no longer change it. */
let privateChosen = false;

function currentGame() {
  return games.find((g) => g.name === $select("game").value);
}

/**
 * The level a seat's choice names ("bot:strong"), if it is a bot.
 * @param {string} choice
 */
function chosenLevel(choice) {
  return choice.startsWith("bot:") ? levels.find((level) => `bot:${level.name}` === choice) : undefined;
}

/** The seat choices made now, in seat order. */
function seatChoices() {
  return [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("[data-seat-kind]"))].map((select) => select.value);
}

/**
 * A seat of the form: who sits there (you, a friend, a bot of a level) and the name to show; a
 * line under a bot seat says what its level plays like.
 * @param {number} index
 * @param {string} level
 */
function seatRow(index, level) {
  const kind = /** @type {HTMLSelectElement} */ (html("select", { "data-seat-kind": index, "aria-label": `seat ${index + 1}`, "aria-describedby": `seat-hint-${index}` }));
  kind.append(html("option", { value: "you", text: "You" }), html("option", { value: "human", text: "A friend" }));
  for (const choice of levels) kind.append(html("option", { value: `bot:${choice.name}`, text: `Bot: ${levelTitle(choice)}`, title: choice.words }));
  kind.value = index === 0 ? "you" : `bot:${level}`;
  const name = html("input", {
    "data-seat-name": index,
    "aria-label": `name of player ${index + 1}`,
    placeholder: index === 0 ? "your name" : `name (optional)`,
    maxlength: "40",
    size: "12",
  });
  const hint = html("span", { class: "seat-hint muted", id: `seat-hint-${index}`, "data-seat-hint": index });
  return html("div", { class: "seat-row" }, html("span", { class: "num", text: `${index + 1}.` }), kind, name, hint);
}

function drawSeats() {
  const rows = $("seat-rows");
  const count = Number($select("players").value);
  const level = levels.some((choice) => choice.name === DEFAULT_LEVEL) ? DEFAULT_LEVEL : levels[0]?.name;
  while (rows.children.length > count) /** @type {ChildNode} */ (rows.lastChild).remove();
  while (rows.children.length < count) rows.append(seatRow(rows.children.length, level));
  drawSeatChoices();
}

/** What follows from the seats chosen: each bot seat's level in words, the bots' time to think
 * and whether the table is private. */
function drawSeatChoices() {
  seatChoices().forEach((choice, index) => {
    const hint = $(`seat-hint-${index}`);
    const level = chosenLevel(choice);
    hint.textContent = level ? level.words : "";
    hint.hidden = !level;
  });
  drawBudget();
  drawPrivate();
}

/** The most a searching bot may think a move here, said when a seat has one of its levels. */
function drawBudget() {
  const budget = $("bot-budget");
  const searching = levels.filter((level) => level.spec.split(":")[0] === "ismcts");
  const chosen = seatChoices().some((choice) => searching.includes(/** @type {BotLevel} */ (chosenLevel(choice))));
  budget.classList.toggle("hidden", !limits || !chosen);
  if (!limits || !chosen) return;
  const names = new Intl.ListFormat("en", { type: "conjunction" }).format(searching.map(levelTitle));
  budget.textContent = `${names} bots think for at most ${limits.bot_seconds} s a move on this server, ` +
    `trying at most ${limits.bot_iterations} ways the game could go.`;
}

/** The kind chosen: live, or turn-based with its time per move. */
function chosenKind() {
  const checked = /** @type {HTMLInputElement|null} */ (document.querySelector('input[name="kind"]:checked'));
  return checked?.value === "turn_based" ? "turn_based" : "live";
}

/** A turn-based table has a time per move instead of a move clock. */
function drawKind() {
  const turnBased = chosenKind() === "turn_based";
  $("move-time-row").classList.toggle("hidden", !turnBased);
  $("clock-row").classList.toggle("hidden", turnBased);
}

/**
 * Private as the server has it by default: a table seating people is private, a table of bots
 * alone public, until the person ticks or unticks the box.
 */
function drawPrivate() {
  if (privateChosen) return;
  /** @type {HTMLInputElement} */ ($("private")).checked = seatChoices().some((kind) => !kind.startsWith("bot:"));
}

/** @param {GameOption} opt */
function optionInput(opt) {
  if (opt.choices.length) {
    const select = /** @type {HTMLSelectElement} */ (html("select", { "data-option": opt.name }));
    opt.choices.forEach((choice, index) => select.append(html("option", { value: String(choice), text: opt.choice_labels[index] })));
    select.value = String(opt.default);
    return select;
  }
  if (opt.kind === "bool") {
    const box = /** @type {HTMLInputElement} */ (html("input", { type: "checkbox", "data-option": opt.name }));
    box.checked = Boolean(opt.default);
    return box;
  }
  /** @type {Object<string, string>} */
  const attrs = { "data-option": opt.name, value: String(opt.default), size: "6" };
  if (opt.kind === "int" || opt.kind === "float") {
    Object.assign(attrs, { type: "number", step: opt.kind === "int" ? "1" : "any" });
    if (opt.minimum !== null) attrs.min = String(opt.minimum);
    if (opt.maximum !== null) attrs.max = String(opt.maximum);
  }
  return html("input", attrs);
}

function drawGame() {
  const game = currentGame();
  if (!game) return;
  const players = $select("players");
  const previous = Number(players.value) || 0;
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(html("option", { value: String(n), text: String(n) }));
  }
  const preferred = previous >= game.min_players && previous <= game.max_players ? previous : Math.min(Math.max(2, game.min_players), game.max_players);
  players.value = String(preferred);
  drawSeats();
  const options = $("option-rows");
  options.replaceChildren();
  if (game.options.length) {
    const details = html("details", {}, html("summary", { text: "Rule options" }));
    for (const opt of game.options) {
      details.append(html("div", {}, html("label", { title: opt.help }, `${opt.label} `, optionInput(opt))));
      details.append(html("div", { class: "muted", "data-option-explain": opt.name, text: opt.explain }));
    }
    options.append(details);
  }
}

/**
 * "2-5 players", "1 or 2 players", "4 players", "1 player".
 * @param {GameInfo} game
 */
function playerCounts(game) {
  const { min_players: least, max_players: most } = game;
  if (least === most) return `${least} player${least === 1 ? "" : "s"}`;
  return `${least}${most === least + 1 ? " or " : "-"}${most} players`;
}

/**
 * "12" or "12-20": the spread of a measure over the player counts.
 * @param {number[]} values
 */
function spread(values) {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}-${high}`;
}

/** "about 13-38 minutes, 12 turns each", from simulated games at every player count: a turn as
 * the game's rulebook counts it (Mooncake Master's are played by everyone at once). */
/** @param {GameInfo} game */
function typicalLength(game) {
  if (!game.lengths.length) return "";
  const minutes = spread(game.lengths.map((length) => length.minutes));
  return `about ${minutes} minutes, ${spread(game.lengths.map((length) => length.turns))} turns each`;
}

/**
 * Choose the card's game in the form and take the keyboard there.
 * @param {GameInfo} game
 */
function setUp(game) {
  $select("game").value = game.name;
  drawGame();
  $("create-panel").scrollIntoView({ block: "start" });
  $("players").focus({ preventScroll: true });
}

/** @param {GameInfo} game */
function gameCard(game) {
  const picture = html("div", { class: "picture" });
  const start = html("button", { type: "button", "data-start-game": game.name, text: "Set up a table" });
  start.addEventListener("click", () => setUp(game));
  const length = typicalLength(game);
  const card = html("li", { class: "game-card", "data-game": game.name },
    picture,
    html("h2", { text: game.title }),
    html("p", { class: "facts" }, html("span", { text: playerCounts(game) }), length ? html("span", { "data-length": "", text: length }) : null),
    html("p", { class: "blurb", text: game.blurb }),
    html("div", { class: "actions" }, start, learnButton(game), html("a", { class: "button secondary", href: `/how-to-play/${game.name}`, text: "How to play", "aria-label": `How to play ${game.title}` })));
  api(`/api/games/${encodeURIComponent(game.name)}`)
    .then((detail) => picture.replaceChildren(gamePicture(game.name, detail.components) || ""))
    .catch(() => picture.remove());
  return card;
}

/**
 * "Learn to play": a guided first game against the Casual bot (the heuristic one), two players, dealt from the
 * same fixed seed for everyone, with a hint at every decision; opens the seat at once.
 */
/** @param {GameInfo} game */
function learnButton(game) {
  const button = /** @type {HTMLButtonElement} */ (html("button", { type: "button", class: "secondary", "data-learn-game": game.name, text: "Learn to play", "aria-label": `Learn to play ${game.title}` }));
  button.addEventListener("click", async () => {
    button.disabled = true;
    const body = {
      game: game.name,
      seats: [{ kind: "human", name: "You" }, { kind: "bot", bot: "casual", name: "Bot" }],
      guided: true,
    };
    try {
      /** @type {CreatedTable} */
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
      const seat = table.seats[0];
      rememberSeat({ table: table.id, seat: 0, token: /** @type {string} */ (seat.token), title: `Learning ${game.title}` });
      location.href = /** @type {string} */ (seat.join_url);
    } catch (/** @type {any} */ error) {
      button.disabled = false;
      $("create-error").textContent = `Learn to play: ${error.message}`;
    }
  });
  return button;
}

function drawCards() {
  $("game-cards").replaceChildren(...games.map(gameCard));
}

/** @param {GameInfo} game */
function readOptions(game) {
  /** @type {Object<string, string|number|boolean>} */
  const options = {};
  for (const opt of game.options) {
    const input = /** @type {HTMLInputElement|null} */ (document.querySelector(`[data-option="${opt.name}"]`));
    if (!input) continue;
    /** @type {string|number|boolean} */
    let value;
    if (opt.kind === "bool") value = input.checked;
    else if (opt.kind === "int") value = Number.parseInt(input.value, 10);
    else if (opt.kind === "float") value = Number.parseFloat(input.value);
    else value = input.value;
    if (value !== opt.default) options[opt.name] = value;
  }
  return options;
}

function readSeats() {
  /** @type {{kind: "human"|"bot", bot?: string, name: string|undefined}[]} */
  const seats = [];
  /** @type {number|null} */
  let mine = null;
  /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("[data-seat-kind]")).forEach((select, index) => {
    const name = /** @type {HTMLInputElement} */ (document.querySelector(`[data-seat-name="${index}"]`)).value.trim() || undefined;
    if (select.value.startsWith("bot:")) {
      seats.push({ kind: "bot", bot: select.value.slice(4), name });
    } else {
      if (select.value === "you" && mine === null) mine = index;
      seats.push({ kind: "human", name });
    }
  });
  return { seats, mine };
}

/** @param {Event} event */
async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  // The form offers only the games the server lists, so one is always chosen.
  const game = /** @type {GameInfo} */ (currentGame());
  const { seats, mine } = readSeats();
  /** @type {{game: string, seats: object[], options: object, clock?: number, pace?: string, hints?: boolean, kind?: string, move_time?: number, private: boolean, spectator_chat?: boolean}} */
  const body = { game: game.name, seats, options: readOptions(game), private: /** @type {HTMLInputElement} */ ($("private")).checked };
  if (chosenKind() === "turn_based") {
    body.kind = "turn_based";
    body.move_time = Number($select("move-time").value);
  } else if ($select("clock").value) {
    body.clock = Number($select("clock").value);
  }
  if (/** @type {HTMLInputElement} */ ($("spectator-chat")).checked) body.spectator_chat = true;
  if ($select("pace").value !== "normal") body.pace = $select("pace").value;
  if (!/** @type {HTMLInputElement} */ ($("hints")).checked) body.hints = false;
  $button("create").disabled = true;
  try {
    /** @type {CreatedTable} */
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    showLinks(table, mine, game);
    await refresh();
  } catch (/** @type {any} */ error) {
    $("create-error").textContent = error.message;
  } finally {
    $button("create").disabled = Boolean(limits?.full);
  }
}

/**
 * @param {CreatedTable} table
 * @param {number|null} mine
 * @param {GameInfo} game
 */
function showLinks(table, mine, game) {
  const list = $("seat-links");
  list.replaceChildren();
  for (const seat of table.seats) {
    const url = seat.join_url;
    if (!url) continue;
    // Only the seat this browser takes is its own: friends' links are theirs to open.
    if (seat.seat === mine) rememberSeat({ table: table.id, seat: seat.seat, token: /** @type {string} */ (seat.token), title: game.title, url });
    const open = html("a", { class: "button", href: url, "data-seat-link": seat.seat, text: seat.seat === mine ? "Play" : "Open" });
    const copy = html("button", { type: "button", class: "secondary", text: "Copy link" });
    copy.addEventListener("click", () => navigator.clipboard?.writeText(url).then(() => { copy.textContent = "Copied"; }));
    const who = seat.seat === mine ? "Your seat" : `${seat.name} (seat ${seat.seat + 1})`;
    list.append(html("li", {}, html("strong", { text: `${who}: ` }), open, " ", copy, html("div", { class: "muted", text: url })));
  }
  /** @type {HTMLAnchorElement} */ ($("watch-link")).href = table.watch_url;
  $("watch-link").textContent = table.watch_url;
  $("created").classList.remove("hidden");
  if (mine !== null) {
    /** @type {HTMLElement|null} */ (document.querySelector(`[data-seat-link="${mine}"]`))?.focus();
  }
}

/** @param {import("./types.js").Seat[]} seats */
function seatSummary(seats) {
  return seats.map((s) => (s.kind === "bot" ? seatWithLevel(s) : `${s.name}${s.connected ? " ●" : ""}`)).join(", ");
}

/**
 * Who won a finished game, by name.
 * @param {TableListing} table
 */
function outcome(table) {
  // A finished table's listing always says who won: null when it was not recorded.
  const winners = /** @type {number[]|null} */ (table.winners);
  if (winners === null) return "winner not recorded";
  const names = winners.map((seat) => table.seats[seat].name);
  if (!names.length) return table.num_players === 1 ? `${table.seats[0].name} lost` : "nobody won";
  const joined = new Intl.ListFormat("en", { type: "conjunction" }).format(names);
  return names.length > 1 ? `${joined} shared the win` : `${joined} won`;
}

/**
 * When a game ended, in the browser's own way of writing dates.
 * @param {number} seconds
 */
function ended(seconds) {
  const at = new Date(seconds * 1000);
  return html("time", { datetime: at.toISOString(), text: at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) });
}

/**
 * @param {ListName} status
 * @param {(table: TableListing) => string|Array<string|Node>} describe
 * @param {string} link
 * @param {string} empty
 */
function drawList(status, describe, link, empty) {
  const list = $(`${status}-tables`);
  list.replaceChildren();
  for (const table of lists[status].tables) {
    list.append(html("li", {},
      html("strong", { text: table.title }),
      html("span", { class: "muted" }, describe(table)),
      html("a", { href: `/t/${table.id}`, text: link })));
  }
  if (!lists[status].tables.length) list.append(html("li", { class: "muted", text: empty }));
  $(`${status}-more`).classList.toggle("hidden", !lists[status].next);
}

function drawTables() {
  drawList("open", (t) => `${seatSummary(t.seats)} · ${kindWords(t)} · step ${t.step}`, "Watch", "No table is being played.");
  drawList("finished", (t) => [`${outcome(t)}${t.ended_early ? " (ended early)" : ""} · ended `, ended(/** @type {number} */ (t.finished_at))], "Replay", "None yet.");
}

function drawLimits() {
  if (!limits) return;
  const full = $("server-full");
  full.replaceChildren(html("span", {},
    `This server holds ${limits.max_tables} tables in play, its most: a new table can be made once one ends. ` +
      "Whoever runs it can raise the limit with ",
    html("code", { style: "white-space: nowrap", text: "meja serve --max-tables" }),
    "."));
  full.classList.toggle("hidden", !limits.full);
  $button("create").disabled = limits.full;
  drawBudget();
  // The times per move this server allows, its default chosen until the person chooses.
  const times = limits.move_time;
  if (times) {
    const select = $select("move-time");
    for (const option of select.options) {
      const seconds = Number(option.value);
      option.hidden = option.disabled = seconds < times.min || seconds > times.max;
    }
    if (!select.dataset.chosen && [...select.options].some((o) => Number(o.value) === times.default)) select.value = String(times.default);
  }
  const paces = limits.paces;
  for (const option of $select("pace").options) {
    const seconds = paces?.[option.value];
    if (seconds !== undefined) option.textContent = `${option.value}: ${seconds} s a move`;
  }
}

/**
 * One page of a list after cursor (from the start without one).
 * @param {ListName} status
 * @param {number} limit
 * @param {string|null} cursor
 * @returns {Promise<{tables: TableListing[], next: string|null}>}
 */
function page(status, limit, cursor) {
  const params = new URLSearchParams({ status, limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  return api(`/api/tables?${params}`);
}

/**
 * Reload a list from its start, as many tables as it shows now (unless More grew it meanwhile).
 * @param {ListName} status
 */
async function loadList(status) {
  const list = lists[status];
  const wanted = list.wanted;
  /** @type {TableListing[]} */
  const tables = [];
  /** @type {string|null} */
  let next = null;
  do {
    const answer = await page(status, Math.min(MAX_PAGE, wanted - tables.length), next);
    tables.push(...answer.tables);
    next = answer.next;
  } while (next && tables.length < wanted);
  if (list.wanted !== wanted) return;
  list.tables = tables;
  list.next = next;
}

/** @param {ListName} status */
async function more(status) {
  const list = lists[status];
  if (!list.next) return;
  $button(`${status}-more`).disabled = true;
  try {
    const answer = await page(status, PAGE, list.next);
    list.tables.push(...answer.tables);
    list.next = answer.next;
    list.wanted = list.tables.length;
    drawTables();
  } catch (/** @type {any} */ error) {
    $(`${status}-tables`).append(html("li", { class: "error", text: error.message }));
  } finally {
    $button(`${status}-more`).disabled = false;
  }
}

async function refresh() {
  try {
    limits = await api("/api/limits");
    drawLimits();
    await Promise.all([loadList("open"), loadList("finished")]);
    drawTables();
    const held = await drawYourTables($("my-tables"));
    $("your-tables-panel").classList.toggle("hidden", !held.length);
    // A lobby left open in a background tab says from the tab itself where it is your turn.
    const turns = held.filter((entry) => entry.state.legal.length && !entry.state.result).length;
    document.title = `${turns ? `● Your turn (${turns}) · ` : ""}meja: play with friends or bots`;
  } catch (/** @type {any} */ error) {
    $("open-tables").replaceChildren(html("li", { class: "error", text: error.message }));
  }
}

async function start() {
  [games, { levels }] = await Promise.all([api("/api/games"), loadBots()]);
  const select = $select("game");
  for (const game of games) select.append(html("option", { value: game.name, text: game.title }));
  drawCards();
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) select.value = wanted;
  select.addEventListener("change", drawGame);
  $("players").addEventListener("change", drawSeats);
  $("create-form").addEventListener("submit", create);
  for (const radio of document.querySelectorAll('input[name="kind"]')) radio.addEventListener("change", drawKind);
  $("private").addEventListener("change", () => { privateChosen = true; });
  $("move-time").addEventListener("change", () => { $select("move-time").dataset.chosen = "yes"; });
  $("seat-rows").addEventListener("change", drawSeatChoices);
  $("open-more").addEventListener("click", () => more("open"));
  $("finished-more").addEventListener("click", () => more("finished"));
  drawGame();
  drawKind();
  await refresh();
  setInterval(refresh, 5000);
}

start().catch((error) => {
  $("create-error").textContent = `Cannot reach the server: ${error.message}`;
});
