"""A table for friends in the browser: chat, turn notices, Play again, the end screen's
statistics, Your tables, private tables and a turn-based table's choices when a time runs out."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from tests.server.conftest import FakeClock, LiveServer, fast_settings
from tests.web.conftest import DESKTOP, JOINED, PHONE, WAIT_MS
from tests.web.test_pages import LOBBY_PROBLEMS

BOT = {"kind": "bot", "bot": "random"}
GAMES = ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"]
TITLES = {
    "peranakan": "Peranakan",
    "te_kuiti": "Te Kuiti",
    "nasi_lemak": "Nasi Lemak",
    "mooncake": "Mooncake Master",
}


def create(url: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A new table made over HTTP, with the table's own fields (kind, private, ...) in extra."""
    response = httpx.post(f"{url}/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    return dict(response.json())


def auth(table: dict[str, Any], seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {table['seats'][seat]['token']}"}


def state_of(url: str, table: dict[str, Any], seat: int) -> dict[str, Any]:
    response = httpx.get(f"{url}/api/tables/{table['id']}/state", headers=auth(table, seat))
    assert response.status_code == 200, response.text
    return dict(response.json())


def move(url: str, table: dict[str, Any], seat: int, action: int) -> dict[str, Any]:
    response = httpx.post(
        f"{url}/api/tables/{table['id']}/moves", json={"action": action}, headers=auth(table, seat)
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


def state_when(
    url: str, table: dict[str, Any], seat: int, check: Callable[[dict[str, Any]], Any]
) -> dict[str, Any]:
    """Seat's state once check holds of it; fails after 30 s."""
    deadline = time.monotonic() + 30
    while not check(state := state_of(url, table, seat)):
        assert time.monotonic() < deadline, f"seat {seat} never got there: {state}"
        time.sleep(0.02)
    return state


def play_out(url: str, table: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """Play every person's seat at random over HTTP to the end; the final state of seat 0."""
    rng = random.Random(seed)
    people = [s["seat"] for s in table["seats"] if s["token"]]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        moved = False
        for seat in people:
            state = state_of(url, table, seat)
            if state["result"]:
                return state_of(url, table, people[0])
            if state["legal"]:
                move(url, table, seat, rng.choice(state["legal"])["action"])
                moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


@pytest.fixture
def people(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Open a page as a person of their own browser: people(url, viewport=..., **context)."""
    opened: list[tuple[Page, list[str]]] = []

    def make(
        url: str, viewport: dict[str, int] = DESKTOP, init: str | None = None, **options: Any
    ) -> Page:
        phone = viewport == PHONE
        context = browser.new_context(
            viewport=viewport, has_touch=phone, is_mobile=phone, **options
        )
        if init is not None:
            context.add_init_script(init)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(url)
        if "/t/" in url:
            page.wait_for_function(
                JOINED,
                timeout=WAIT_MS,
            )
        opened.append((page, errors))
        return page

    yield make
    for page, errors in opened:
        page.context.close()
        # A refused request shows in the page and is logged by the browser as a failed load.
        real = [e for e in errors if "Failed to load resource" not in e]
        assert real == [], real


def say(page: Page, text: str) -> None:
    """Type text into the chat and send it, as a person does."""
    if page.evaluate("window.matchMedia('(max-width: 979.98px)').matches") and not page.evaluate(
        "window.meja.chatOpen()"
    ):
        page.click("#chat-open")
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def test_two_people_chat_and_markup_is_text(
    web: Any, people: Callable[..., Page], artifacts: Path
) -> None:
    table = create(
        web.url, "peranakan", [{"kind": "human", "name": "Mei"}, {"kind": "human", "name": "Arun"}]
    )
    mei = people(table["seats"][0]["join_url"])
    arun = people(table["seats"][1]["join_url"], viewport=PHONE)
    expect(mei.locator("#chat-panel")).to_be_visible()
    # On a phone the chat is a drawer: closed, it covers nothing; the Chat button opens it.
    expect(arun.locator("#chat-panel")).not_to_be_in_viewport()
    say(mei, 'hello <b>Arun</b> <img src=x onerror="window.pwned=1">')
    expect(arun.locator("#chat-open")).to_contain_text("1 new")
    arun.click("#chat-open")
    line = arun.locator("#chat-list li").last
    expect(line.locator(".chat-who")).to_have_text("Mei:")
    expect(line.locator(".chat-text")).to_have_text(
        'hello <b>Arun</b> <img src=x onerror="window.pwned=1">'
    )
    assert arun.locator("#chat-list b, #chat-list img").count() == 0
    assert arun.evaluate("window.pwned") is None
    say(arun, "hi Mei\nsee you at the market")
    expect(mei.locator("#chat-list li .chat-text").last).to_have_text(
        "hi Mei\nsee you at the market"
    )
    expect(mei.locator("#chat-list li .chat-who").first).to_have_text("Mei (you):")
    mei.screenshot(path=artifacts / "chat-desktop.png")
    arun.screenshot(path=artifacts / "chat-phone.png")
    # The drawer is a dialog: Tab stays inside it, Escape closes it and gives the focus back.
    for _ in range(4):
        arun.keyboard.press("Tab")
        assert arun.evaluate(
            "document.getElementById('chat-panel').contains(document.activeElement)"
        )
    arun.keyboard.press("Escape")
    expect(arun.locator("#chat-panel")).not_to_be_in_viewport()
    assert arun.evaluate("document.activeElement.id") == "chat-open"
    # A message too long is refused by the server, in its words; the text stays to be shortened.
    say(mei, "x" * 501)
    expect(mei.locator("#chat-refusal")).to_have_text(
        "Not sent: at most 500 characters a message, not 501"
    )
    expect(mei.locator("#chat-text")).to_have_value("x" * 501)


def test_the_rate_limit_is_answered_in_words(web: Any, people: Callable[..., Page]) -> None:
    table = create(web.url, "te_kuiti", [{"kind": "human", "name": "Aroha"}, BOT])
    page = people(table["seats"][0]["join_url"])
    for n in range(5):
        say(page, f"message {n}")
        expect(page.locator("#chat-list li[data-chat-seq]")).to_have_count(n + 1)
    say(page, "one too many")
    expect(page.locator("#chat-refusal")).to_contain_text(
        "Not sent: you are sending messages too fast: at most 5 in 10 seconds; wait"
    )
    expect(page.locator("#chat-list")).not_to_contain_text("one too many")


@pytest.mark.parametrize("allowed", [False, True])
def test_spectators_see_the_chat_only_when_the_table_allows(
    web: Any, people: Callable[..., Page], allowed: bool
) -> None:
    table = create(
        web.url,
        "peranakan",
        [{"kind": "human", "name": "Mei"}, BOT],
        spectator_chat=allowed,
        private=False,
    )
    mei = people(table["seats"][0]["join_url"])
    say(mei, "welcome, watchers")
    expect(mei.locator("#chat-list li[data-chat-seq]")).to_have_count(1)
    watcher = people(table["watch_url"])
    if not allowed:
        expect(watcher.locator("#chat-panel")).to_be_hidden()
        expect(watcher.locator("#chat-open")).to_be_hidden()
        assert "welcome, watchers" not in watcher.content()
        return
    expect(watcher.locator("#chat-list li")).to_contain_text("welcome, watchers")
    say(watcher, "good luck")
    expect(mei.locator("#chat-list li .chat-who").last).to_have_text("Spectator:")
    expect(mei.locator("#chat-list li .chat-text").last).to_have_text("good luck")


def test_a_notice_names_the_table_when_the_turn_comes_while_hidden(
    web: Any, people: Callable[..., Page]
) -> None:
    table = create(
        web.url, "peranakan", [{"kind": "human", "name": "Mei"}, {"kind": "human", "name": "Arun"}]
    )
    first = state_when(web.url, table, 0, lambda s: s["active"])
    mover = first["active"][0]
    waiter = 1 - mover
    # The browser's notices, recorded instead of shown, and each time the page asks for them.
    stub = """
      window.notices = [];
      window.asked = 0;
      window.Notification = class {
        static permission = "default";
        static async requestPermission() {
          window.asked += 1;
          window.Notification.permission = "granted";
          return "granted";
        }
        constructor(title, options) { window.notices.push({title, body: options.body}); }
        close() {}
      };
    """
    page = people(table["seats"][waiter]["join_url"], init=stub, permissions=["notifications"])
    # Nothing is asked of the browser until the person presses the button.
    assert page.evaluate("window.asked") == 0
    expect(page.locator("#notice-toggle")).to_have_text("Turn notices: off")
    page.click("#notice-toggle")
    expect(page.locator("#notice-toggle")).to_have_text("Turn notices: on")
    expect(page.locator("#notice-toggle")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.asked") == 1
    page.evaluate(
        """() => {
          const hidden = {configurable: true, get: () => "hidden"};
          Object.defineProperty(document, "visibilityState", hidden);
          Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
          document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )
    assert page.evaluate("window.notices") == []
    rng = random.Random(3)
    while (state := state_of(web.url, table, mover))["legal"]:
        move(web.url, table, mover, rng.choice(state["legal"])["action"])
    page.wait_for_function("window.notices.length > 0", timeout=WAIT_MS)
    [notice] = page.evaluate("window.notices")
    assert notice["title"] == "Your turn: Peranakan: Tiles and Tactics"
    assert table["id"] in notice["body"]
    assert ("Mei" if waiter == 1 else "Arun") in notice["body"]
    expect(page).to_have_title("● Your turn · Peranakan: Tiles and Tactics · meja")


@pytest.mark.parametrize("game", GAMES)
def test_each_end_screen_shows_its_statistics_and_the_replay_too(
    web: Any, people: Callable[..., Page], artifacts: Path, game: str
) -> None:
    seats = [{"kind": "human", "name": "Mei"}, {**BOT, "name": "Bot 2"}]
    table = create(web.url, game, seats, private=False)
    final = play_out(web.url, table)
    rows = final["result"]["statistics"]
    assert rows, f"{game}: the result carries no statistics"
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = people(table["seats"][0]["join_url"], viewport=viewport)
        box = page.locator("#result-statistics table.statistics")
        expect(box).to_be_visible()
        expect(box.locator("tbody tr")).to_have_count(len(rows))
        expect(box.locator("thead")).to_contain_text("Mei (you)")
        for row in rows:
            cells = [("\N{EN DASH}" if v is None else str(v)) for v in row["values"]]
            expect(box.locator("tbody tr", has_text=row["label"]).first).to_contain_text(
                "".join(cells)
            )
        box.scroll_into_view_if_needed()
        page.screenshot(path=artifacts / f"statistics-{game}-{size}.png")
    # The replay, as anyone watching opens it: the statistics under the scores at every step.
    watcher = people(table["watch_url"])
    watcher.click("#replay-start")
    expect(watcher.locator("#replay-step")).to_contain_text("Step 0 of")
    expect(watcher.locator("#result-statistics tbody tr")).to_have_count(len(rows))
    watcher.click("#replay-end")
    expect(watcher.locator("#result-statistics")).to_contain_text(rows[0]["label"])


def test_the_replay_shows_what_was_said_up_to_each_step(
    web: Any, people: Callable[..., Page]
) -> None:
    table = create(web.url, "te_kuiti", [{"kind": "human", "name": "Mei"}, BOT])
    state = state_when(web.url, table, 0, lambda s: s["legal"])
    move(web.url, table, 0, state["legal"][0]["action"])
    said = httpx.post(
        f"{web.url}/api/tables/{table['id']}/chat",
        json={"text": "good game!"},
        headers=auth(table, 0),
    )
    assert said.status_code == 200, said.text
    step = said.json()["message"]["step"]
    assert step > 0
    play_out(web.url, table)
    mei = people(table["seats"][0]["join_url"])
    expect(mei.locator("#chat-list li .chat-text")).to_have_text(["good game!"])
    mei.click("#replay-start")
    expect(mei.locator("#replay-step")).to_contain_text("Step 0 of")
    expect(mei.locator("#chat-list")).to_have_text("Nothing was said by then.")
    mei.fill("#replay-range", str(step))
    mei.dispatch_event("#replay-range", "change")
    expect(mei.locator("#chat-list li .chat-text")).to_have_text(["good game!"])
    # Whoever only watches this table does not read its chat, in the replay either.
    watcher = people(table["watch_url"])
    watcher.click("#replay-start")
    expect(watcher.locator("#chat-panel")).to_be_hidden()


def test_play_again_moves_both_people_to_a_new_table(
    web: Any, people: Callable[..., Page], artifacts: Path
) -> None:
    seats = [
        {"kind": "human", "name": "Mei"},
        {"kind": "human", "name": "Arun"},
        {**BOT, "name": "Bot 3"},
    ]
    table = create(
        web.url,
        "mooncake",
        seats,
        options={"placement_reveal": "open"},
        pace="fast",
        private=True,
        spectator_chat=True,
    )
    play_out(web.url, table)
    mei = people(table["seats"][0]["join_url"])
    arun = people(table["seats"][1]["join_url"], viewport=PHONE)
    watcher = people(table["watch_url"])
    expect(mei.locator("#rematch-button")).to_have_text("Play again")
    expect(watcher.locator("#rematch-banner")).to_be_hidden()
    mei.screenshot(path=artifacts / "rematch-offer-desktop.png")
    mei.click("#rematch-button")
    mei.wait_for_url(lambda url: table["id"] not in url, timeout=WAIT_MS)
    mei.wait_for_function("!!window.meja?.page.state", timeout=WAIT_MS)
    new = mei.evaluate("window.meja.page.state")
    # The others are offered the new table; each goes there by their own link.
    expect(arun.locator("#rematch-button")).to_have_text("Join the new table")
    expect(arun.locator("#rematch-words")).to_contain_text("same seats and options")
    arun.screenshot(path=artifacts / "rematch-offer-phone.png")
    expect(watcher.locator("#rematch-link")).to_have_attribute("href", f"/t/{new['table']['id']}")
    arun.click("#rematch-button")
    arun.wait_for_url(lambda url: table["id"] not in url, timeout=WAIT_MS)
    arun.wait_for_function("!!window.meja?.page.state", timeout=WAIT_MS)
    again = arun.evaluate("window.meja.page.state")
    assert again["table"]["id"] == new["table"]["id"] != table["id"]
    assert [mei.evaluate("window.meja.page.state.you"), again["you"]] == [0, 1]
    summary = new["table"]
    assert [s["name"] for s in summary["seats"]] == ["Mei", "Arun", "Bot 3"]
    assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
    old = table["table"]
    for key in ("game", "options", "pace", "private", "spectator_chat", "kind", "clock"):
        assert summary[key] == old[key], key
    assert summary["finished"] is False
    # Both new seats are remembered in each browser, for the lobby's Your tables.
    seats_kept = json.loads(arun.evaluate("localStorage.getItem('meja.seats')"))
    assert seats_kept[0]["table"] == summary["id"] and seats_kept[0]["seat"] == 1


def test_a_private_table_is_absent_and_your_tables_puts_your_turn_first(
    web: Any, people: Callable[..., Page], artifacts: Path
) -> None:
    # Two tables of Mei and Arun; at the first it is Arun's turn, at the second Mei's.
    tables = []
    for _ in range(2):
        table = create(
            web.url,
            "peranakan",
            [{"kind": "human", "name": "Mei"}, {"kind": "human", "name": "Arun"}],
        )
        active = state_when(web.url, table, 0, lambda s: s["active"])["active"]
        tables.append((table, active[0]))
    (waiting, mover), (turn, turn_mover) = tables
    remembered = [
        {
            "table": waiting["id"],
            "seat": 1 - mover,
            "token": waiting["seats"][1 - mover]["token"],
            "title": "Peranakan: Tiles and Tactics",
            "at": 2,
        },
        {
            "table": turn["id"],
            "seat": turn_mover,
            "token": turn["seats"][turn_mover]["token"],
            "title": "Peranakan: Tiles and Tactics",
            "at": 1,
        },
    ]
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = people(web.url + "/", viewport=viewport)
        page.evaluate(
            "(seats) => localStorage.setItem('meja.seats', JSON.stringify(seats))", remembered
        )
        page.reload()
        rows = page.locator("#my-tables li")
        expect(rows).to_have_count(2)
        expect(rows.first).to_have_attribute("data-your-table", turn["id"])
        expect(rows.first.locator("[data-turn]")).to_have_text("your turn")
        expect(page).to_have_title("● Your turn (1) · meja: play with friends or bots")
        expect(rows.first).to_contain_text("Peranakan: Tiles and Tactics")
        expect(rows.first).to_contain_text("live")
        other = "Mei" if mover == 0 else "Arun"
        expect(rows.nth(1).locator("[data-turn]")).to_have_text(f"{other}'s turn")
        expect(rows.nth(1)).to_contain_text("Mei")
        expect(rows.nth(1)).to_contain_text("Arun")
        expect(rows.first.get_by_role("link", name="Play")).to_have_attribute(
            "href", f"/t/{turn['id']}#{turn['seats'][turn_mover]['token']}"
        )
        # Tables of friends are private by default: in no list of the lobby.
        page.wait_for_function(
            "!document.querySelector('#open-tables').textContent.includes('Loading')"
        )
        assert page.locator(f'#open-tables a[href="/t/{turn["id"]}"]').count() == 0
        assert page.locator(f'#open-tables a[href="/t/{waiting["id"]}"]').count() == 0
        # Readable and easy to press at both sizes, as the rest of the lobby.
        assert page.evaluate(LOBBY_PROBLEMS, viewport["width"]) == []
        page.locator("#my-tables").scroll_into_view_if_needed()
        page.screenshot(path=artifacts / f"your-tables-{size}.png")


def test_the_lobby_makes_a_turn_based_table_private_by_default(
    web: Any, people: Callable[..., Page]
) -> None:
    page = people(web.url + "/")
    page.select_option("#game", "te_kuiti")
    page.select_option("#players", "2")
    page.select_option('[data-seat-kind="1"]', "human")
    expect(page.locator("#private")).to_be_checked()
    expect(page.locator("#private-explain")).to_contain_text("not listed under Tables in play")
    expect(page.locator("#move-time-row")).to_be_hidden()
    page.check('input[name="kind"][value="turn_based"]')
    expect(page.locator("#move-time-row")).to_be_visible()
    expect(page.locator("#clock-row")).to_be_hidden()
    expect(page.locator("#move-time option:checked")).to_have_text("a day")
    page.select_option("#move-time", label="2 days")
    page.fill('[data-seat-name="0"]', "Wiremu")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    href = page.locator('[data-seat-link="0"]').get_attribute("href")
    assert href is not None
    table_id = href.split("/t/")[1].split("#")[0]
    summary = httpx.get(f"{web.url}/api/tables/{table_id}").json()
    assert (summary["kind"], summary["move_time"], summary["private"]) == (
        "turn_based",
        172800,
        True,
    )
    row = page.locator(f'#my-tables [data-your-table="{table_id}"]')
    expect(row).to_contain_text("turn-based, 2 days a move")
    assert page.locator(f'#open-tables a[href="/t/{table_id}"]').count() == 0
    # A table of bots alone is public by default, a show for anyone.
    page.select_option('[data-seat-kind="0"]', "bot:beginner")
    page.select_option('[data-seat-kind="1"]', "bot:beginner")
    expect(page.locator("#private")).not_to_be_checked()


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[LiveServer, FakeClock]]:
    """The server in this process, on a clock the test moves by hand."""
    clock = FakeClock(time.time())
    server = LiveServer(fast_settings(tmp_path), clock=clock).start()
    yield server, clock
    server.stop()


def test_a_turn_based_timeout_offers_three_choices_and_each_works(
    clocked: tuple[LiveServer, FakeClock], people: Callable[..., Page], artifacts: Path
) -> None:
    server, clock = clocked
    hour = 3600
    table = create(
        server.url,
        "peranakan",
        [{"kind": "human", "name": "Mei"}, {"kind": "human", "name": "Arun"}],
        kind="turn_based",
        move_time=hour,
    )
    mei = people(table["seats"][0]["join_url"])
    arun = people(table["seats"][1]["join_url"], viewport=PHONE)
    expect(mei.locator("#game-title")).to_contain_text("turn-based, an hour a move")
    mei.wait_for_function("window.meja.page.state.active.length > 0", timeout=WAIT_MS)
    late = mei.evaluate("window.meja.page.state.active[0]")
    late_name = ["Mei", "Arun"][late]
    expect(mei.locator(f'.seat[data-seat="{late}"]')).to_contain_text("min left")

    def run_out() -> None:
        clock.advance(hour + 1, server)
        for page in (mei, arun):
            expect(page.locator("#timeout-banner")).to_be_visible()

    # Wait on: the seat's time starts again.
    run_out()
    buttons = mei.locator("#timeout-choices button")
    expect(buttons).to_have_count(3)
    other = mei if late == 1 else arun
    expect(other.locator("#timeout-words")).to_contain_text(
        f"The time to move ran out for {late_name}"
    )
    expect(other.locator("#timeout-choices button")).to_have_text(
        [
            f"Wait an hour more for {late_name}",
            f"Let a bot play for {late_name}",
            "End the game (nobody wins)",
        ]
    )
    late_page = arun if other is mei else mei
    expect(late_page.locator("#timeout-words")).to_have_text(
        "Your time to move ran out. You may still move, or choose:"
    )
    expect(late_page.locator("#timeout-choices button")).to_have_text(
        ["Give me an hour more", "Let a bot play for me", "End the game (nobody wins)"]
    )
    mei.screenshot(path=artifacts / "timeout-desktop.png")
    arun.screenshot(path=artifacts / "timeout-phone.png")
    other.click('#timeout-choices [data-timeout="wait"]')
    for page in (mei, arun):
        expect(page.locator("#timeout-banner")).to_be_hidden()
    assert not mei.evaluate("window.meja.page.state.overdue.length")
    # Let a bot play: the stand-in plays the seat until its person is back.
    run_out()
    other.click('#timeout-choices [data-timeout="bot"]')
    expect(other.locator(f'.seat[data-seat="{late}"]')).to_contain_text("bot playing for them")
    for page in (mei, arun):
        expect(page.locator("#timeout-banner")).to_be_hidden()
    # End the game: whoever is late next, the game ends with nobody winning.
    other.wait_for_function(
        "(seat) => window.meja.page.state.active.includes(seat)",
        arg=1 - late,
        timeout=WAIT_MS,
    )
    run_out()
    mei.click('#timeout-choices [data-timeout="end"]')
    for page in (mei, arun):
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result-lines")).to_contain_text(
            "The game was ended early: nobody won."
        )
        expect(page.locator("#timeout-banner")).to_be_hidden()
    expect(mei.locator("#prompt")).to_have_text("Game over. Nobody won.")
