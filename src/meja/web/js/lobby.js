// The lobby: a card per game, set up the seats, create the table, share the links, find tables.

import { api, mySeats, rememberSeat } from "./api.js";
import { gamePicture } from "./cards.js";
import { html } from "./svg.js";

const $ = (id) => document.getElementById(id);
let games = [];
let bots = ["random"];
let limits = null;

const PAGE = 20;
const MAX_PAGE = 100;
/** Each list as shown: its tables, the cursor of the page after them, how many to keep shown. */
const lists = {
  open: { tables: [], next: null, wanted: PAGE },
  finished: { tables: [], next: null, wanted: PAGE },
};
/** Tables of remembered seats: their summary while in play; ended or unknown ones are dropped. */
const seatTables = new Map();
const endedTables = new Set();

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function seatRow(index, bot) {
  const kind = html("select", { "data-seat-kind": index, "aria-label": `seat ${index + 1}` });
  const choices = [
    ["you", "You"],
    ["human", "A friend"],
    ...bots.map((b) => [`bot:${b}`, `Bot (${b})`]),
  ];
  for (const [value, text] of choices) kind.append(html("option", { value, text }));
  kind.value = index === 0 ? "you" : `bot:${bot}`;
  const name = html("input", {
    "data-seat-name": index,
    "aria-label": `name of player ${index + 1}`,
    placeholder: index === 0 ? "your name" : `name (optional)`,
    maxlength: "40",
    size: "12",
  });
  return html("div", { class: "seat-row" }, html("span", { class: "num", text: `${index + 1}.` }), kind, name);
}

function drawSeats() {
  const rows = $("seat-rows");
  const count = Number($("players").value);
  const bot = bots.includes("heuristic") ? "heuristic" : bots[0];
  while (rows.children.length > count) rows.lastChild.remove();
  while (rows.children.length < count) rows.append(seatRow(rows.children.length, bot));
}

function optionInput(opt) {
  if (opt.choices.length) {
    const select = html("select", { "data-option": opt.name });
    opt.choices.forEach((choice, index) => select.append(html("option", { value: String(choice), text: opt.choice_labels[index] })));
    select.value = String(opt.default);
    return select;
  }
  if (opt.kind === "bool") {
    const box = html("input", { type: "checkbox", "data-option": opt.name });
    box.checked = Boolean(opt.default);
    return box;
  }
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
  const players = $("players");
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

/** "2-5 players", "1 or 2 players", "4 players", "1 player". */
function playerCounts(game) {
  const { min_players: least, max_players: most } = game;
  if (least === most) return `${least} player${least === 1 ? "" : "s"}`;
  return `${least}${most === least + 1 ? " or " : "-"}${most} players`;
}

/** "12" or "12-20": the spread of a measure over the player counts. */
function spread(values) {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}-${high}`;
}

/** "about 12-20 minutes, 25-58 turns each", from simulated games at every player count. */
function typicalLength(game) {
  if (!game.lengths.length) return "";
  const minutes = spread(game.lengths.map((length) => length.minutes));
  return `about ${minutes} minutes, ${spread(game.lengths.map((length) => length.turns))} turns each`;
}

/** Choose the card's game in the form and take the keyboard there. */
function setUp(game) {
  $("game").value = game.name;
  drawGame();
  $("create-panel").scrollIntoView({ block: "start" });
  $("players").focus({ preventScroll: true });
}

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
    html("div", { class: "actions" }, start, html("a", { class: "button secondary", href: `/rules/${game.name}`, text: "Rules", "aria-label": `Rules of ${game.title}` })));
  api(`/api/games/${encodeURIComponent(game.name)}`)
    .then((detail) => picture.replaceChildren(gamePicture(game.name, detail.components) || ""))
    .catch(() => picture.remove());
  return card;
}

function drawCards() {
  $("game-cards").replaceChildren(...games.map(gameCard));
}

function readOptions(game) {
  const options = {};
  for (const opt of game.options) {
    const input = document.querySelector(`[data-option="${opt.name}"]`);
    if (!input) continue;
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
  const seats = [];
  let mine = null;
  document.querySelectorAll("[data-seat-kind]").forEach((select, index) => {
    const name = document.querySelector(`[data-seat-name="${index}"]`).value.trim() || undefined;
    if (select.value.startsWith("bot:")) {
      seats.push({ kind: "bot", bot: select.value.slice(4), name });
    } else {
      if (select.value === "you" && mine === null) mine = index;
      seats.push({ kind: "human", name });
    }
  });
  return { seats, mine };
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = currentGame();
  const { seats, mine } = readSeats();
  const body = { game: game.name, seats, options: readOptions(game) };
  if ($("clock").value) body.clock = Number($("clock").value);
  $("create").disabled = true;
  try {
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    showLinks(table, mine, game);
    await refresh();
  } catch (error) {
    $("create-error").textContent = error.message;
  } finally {
    $("create").disabled = Boolean(limits?.full);
  }
}

function showLinks(table, mine, game) {
  const list = $("seat-links");
  list.replaceChildren();
  for (const seat of table.seats) {
    if (!seat.join_url) continue;
    // Only the seat this browser takes is its own: friends' links are theirs to open.
    if (seat.seat === mine) rememberSeat({ table: table.id, seat: seat.seat, token: seat.token, title: game.title });
    const open = html("a", { class: "button", href: seat.join_url, "data-seat-link": seat.seat, text: seat.seat === mine ? "Play" : "Open" });
    const copy = html("button", { type: "button", class: "secondary", text: "Copy link" });
    copy.addEventListener("click", () => navigator.clipboard?.writeText(seat.join_url).then(() => { copy.textContent = "Copied"; }));
    const who = seat.seat === mine ? "Your seat" : `${seat.name} (seat ${seat.seat + 1})`;
    list.append(html("li", {}, html("strong", { text: `${who}: ` }), open, " ", copy, html("div", { class: "muted", text: seat.join_url })));
  }
  $("watch-link").href = table.watch_url;
  $("watch-link").textContent = table.watch_url;
  $("created").classList.remove("hidden");
  if (mine !== null) {
    document.querySelector(`[data-seat-link="${mine}"]`)?.focus();
  }
}

function seatSummary(seats) {
  return seats.map((s) => (s.kind === "bot" ? `${s.name}` : `${s.name}${s.connected ? " ●" : ""}`)).join(", ");
}

/** Who won a finished game, by name. */
function outcome(table) {
  if (table.winners === null) return "winner not recorded";
  const names = table.winners.map((seat) => table.seats[seat].name);
  if (!names.length) return table.num_players === 1 ? `${table.seats[0].name} lost` : "nobody won";
  const joined = new Intl.ListFormat("en", { type: "conjunction" }).format(names);
  return names.length > 1 ? `${joined} shared the win` : `${joined} won`;
}

/** When a game ended, in the browser's own way of writing dates. */
function ended(seconds) {
  const at = new Date(seconds * 1000);
  return html("time", { datetime: at.toISOString(), text: at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) });
}

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
  drawList("open", (t) => `${seatSummary(t.seats)} · step ${t.step}`, "Watch", "No table is being played.");
  drawList("finished", (t) => [`${outcome(t)} · ended `, ended(t.finished_at)], "Replay", "None yet.");
  const mine = $("my-tables");
  mine.replaceChildren();
  for (const seat of mySeats().filter((s) => seatTables.has(s.table))) {
    mine.append(html("li", {},
      html("strong", { text: seat.title || "Table" }),
      html("span", { class: "muted", text: `seat ${seat.seat + 1}` }),
      html("a", { href: `/t/${seat.table}#${seat.token}`, text: "return to your seat" })));
  }
  if (!mine.children.length) mine.append(html("li", { class: "muted", text: "None yet." }));
}

function drawLimits() {
  const full = $("server-full");
  full.replaceChildren(html("span", {},
    `This server holds ${limits.max_tables} tables in play, its most: a new table can be made once one ends. ` +
      "Whoever runs it can raise the limit with ",
    html("code", { style: "white-space: nowrap", text: "meja serve --max-tables" }),
    "."));
  full.classList.toggle("hidden", !limits.full);
  $("create").disabled = limits.full;
  const budget = $("bot-budget");
  budget.textContent = `A searching bot (ismcts) may think at most ${limits.bot_seconds} s or ` +
    `${limits.bot_iterations} iterations a move on this server.`;
  budget.classList.toggle("hidden", !bots.includes("ismcts"));
}

/** One page of a list after cursor (from the start without one). */
function page(status, limit, cursor) {
  const params = new URLSearchParams({ status, limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  return api(`/api/tables?${params}`);
}

/** Reload a list from its start, as many tables as it shows now (unless More grew it meanwhile). */
async function loadList(status) {
  const list = lists[status];
  const wanted = list.wanted;
  const tables = [];
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

async function more(status) {
  const list = lists[status];
  if (!list.next) return;
  $(`${status}-more`).disabled = true;
  try {
    const answer = await page(status, PAGE, list.next);
    list.tables.push(...answer.tables);
    list.next = answer.next;
    list.wanted = list.tables.length;
    drawTables();
  } catch (error) {
    $(`${status}-tables`).append(html("li", { class: "error", text: error.message }));
  } finally {
    $(`${status}-more`).disabled = false;
  }
}

/** Which remembered seats are at tables still in play (tables that ended are asked once). */
async function loadSeatTables() {
  const shown = new Map(lists.open.tables.map((t) => [t.id, t]));
  const ids = [...new Set(mySeats().map((s) => s.table))].filter((id) => !endedTables.has(id));
  await Promise.all(ids.map(async (id) => {
    try {
      const table = shown.get(id) || await api(`/api/tables/${encodeURIComponent(id)}`);
      if (!table.finished) {
        seatTables.set(id, table);
        return;
      }
    } catch (error) {
      if (error.code !== "unknown_table") return;
    }
    seatTables.delete(id);
    endedTables.add(id);
  }));
}

async function refresh() {
  try {
    limits = await api("/api/limits");
    drawLimits();
    await Promise.all([loadList("open"), loadList("finished")]);
    await loadSeatTables();
    drawTables();
  } catch (error) {
    $("open-tables").replaceChildren(html("li", { class: "error", text: error.message }));
  }
}

async function start() {
  [games, { bots }] = await Promise.all([api("/api/games"), api("/api/bots")]);
  const select = $("game");
  for (const game of games) select.append(html("option", { value: game.name, text: game.title }));
  drawCards();
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) select.value = wanted;
  select.addEventListener("change", drawGame);
  $("players").addEventListener("change", drawSeats);
  $("create-form").addEventListener("submit", create);
  $("open-more").addEventListener("click", () => more("open"));
  $("finished-more").addEventListener("click", () => more("finished"));
  drawGame();
  await refresh();
  setInterval(refresh, 5000);
}

start().catch((error) => {
  $("create-error").textContent = `Cannot reach the server: ${error.message}`;
});
