"""The Nasi Lemak table in a browser: every move is clicked on the thing it is about, every
decision fits the window, and a trade can be cancelled, changed and answered knowingly.

Decision kinds that need particular cards (a fly on your Nasi Lemak and a Fan in hand, an
Officer's pick, a Mak Cik trio) are set up as exact positions by the rules engine and shown to
the page as the server would send them; the page then draws them with the real renderer and
table code, and what it would send is recorded instead of sent. Trading is played for real on
an all-human table whose other seats move over HTTP.

The move log reads in sentences from the viewer's side, each other player's last move is
marked on what it touched, and on a phone every text is 12 px high or more and every target
24x24 px or more.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from meja.core.told import say
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.components import CARD_TYPES

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
INGREDIENTS = ["rice", "egg", "peanuts", "sambal", "cucumber"]
NAME = {card.key: card.name for card in CARD_TYPES}
TRADABLE = [card.key for card in CARD_TYPES if card.tradable]
BUTTONS = {"end turn", "trade", "make nasi lemak", "propose", "accept", "decline", "cancel trade"}

# What each step of a move's path is clicked on, named by the part of the table it belongs to.
DESCRIBE = """(path) => {
  const { choose } = window.meja;
  const name = (node) => {
    const d = node.dataset;
    if (d.card) return `card:${d.card}`;
    if (d.button !== undefined) return `button:${d.button}`;
    if (d.seatPanel !== undefined) return `seat:${d.seatPanel}`;
    if (d.nasiLemak) return `nl:${d.nasiLemak}`;
    if (d.offer) return `offer:${d.offer}`;
    if (d.choice) return `choice:${d.choice}`;
    return `other:${node.tagName}`;
  };
  const out = [];
  const picks = [];
  choose([]);
  for (const step of path) {
    const nodes = step.action !== undefined
      ? [...document.querySelectorAll(`#board [data-action="${step.action}"]`)]
      : [...document.querySelectorAll('#board [data-pick]')].filter((n) =>
        n.getAttribute('data-pick') === step.pick
        && Number(n.getAttribute('data-pick-level')) === step.level);
    out.push(nodes.map(name).join(' and '));
    if (step.pick !== undefined) {
      picks.splice(step.level, picks.length, step.pick);
      choose([...picks]);
    }
  }
  choose([]);
  return out;
}"""

# The hand's cards on screen, and the window.
MEASURE = """() => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const cards = [...document.querySelectorAll('#board svg [data-card] rect.hl')].map(box);
  return { cards, window: { width: innerWidth, height: innerHeight } };
}"""
FRAMES = "[data-seat-panel], .action-area"
"""What texts must stay inside: each player's panel and the area of the move in progress."""
SMALLEST = 9.5
"""The smallest text, in px on screen, that a person can still read."""


# --- exact positions for each decision kind ----------------------------------------------------


def others(n: int, you: int = 0) -> list[int]:
    return [q for q in range(n) if q != you]


def base(n: int, **fields: Any) -> dict[str, Any]:
    """Seat 0's first turn: every other seat holds two ingredients and two fly-free cards."""
    hands: list[dict[str, int]] = [{} for _ in range(n)]
    for q in range(1, n):
        hands[q] = {INGREDIENTS[q % 5]: 1, INGREDIENTS[(q + 1) % 5]: 1}
    table = [[] for _ in range(n)]
    for q in range(1, n):
        table[q] = [{"packs": 1, "fly": False}, {"packs": 2, "fly": False}]
    data: dict[str, Any] = {
        "num_players": n,
        "phase": "main",
        "active": 0,
        "turn": 1,
        "hands": hands,
        "draw_pile": "rest",
        "nasi_lemak_pile": "rest",
        "nasi_lemak": table,
    }
    data.update(fields)
    return data


def with_hand(data: dict[str, Any], seat: int, hand: dict[str, int]) -> dict[str, Any]:
    data["hands"][seat] = hand
    return data


def own_fly(data: dict[str, Any]) -> dict[str, Any]:
    data["nasi_lemak"][0] = [{"packs": 2, "fly": True}]
    return data


def case(kind: str, n: int) -> tuple[NasiLemakState, int]:
    """The position of a decision kind at n players, and the seat that decides."""
    everything = {card.key: 1 for card in CARD_TYPES}
    if kind == "main":
        return GAME.from_position(own_fly(with_hand(base(n), 0, everything))), 0
    if kind == "swatter":
        return GAME.from_position(own_fly(with_hand(base(n), 0, {"swatter": 1, "rice": 1}))), 0
    if kind == "partner":
        return GAME.from_position(with_hand(base(n, phase="partner"), 0, {"rice": 2, "fan": 1})), 0
    if kind in ("offer", "response", "response_lacking"):
        asked = {"swatter": 1} if kind == "response_lacking" else {"egg": 1}
        data = base(
            n,
            phase=kind.split("_")[0],
            target=1,
            offer={"give": {"rice": 1}, "ask": asked},
            known=[[r, 0, {"rice": 1}] for r in others(n)],
        )
        with_hand(data, 0, {"rice": 2, "fan": 1, "thief": 1})
        with_hand(data, 1, {"egg": 2, "cucumber": 1})
        return GAME.from_position(data), (0 if kind == "offer" else 1)
    if kind == "pick":
        hand = {"egg": 2, "cucumber": 1, "fan": 1}
        data = with_hand(base(n, phase="pick", moves_left=2, target=1, takes_left=2), 1, hand)
        data["known"] = [[0, 1, hand]]
        return GAME.from_position(data), 0
    if kind == "examine":
        return GAME.from_position(base(n, phase="examine", moves_left=2)), 0
    if kind == "announce":
        return GAME.from_position(base(n, phase="announce", moves_left=2)), 0
    if kind == "trio":
        hand = {"rice": 1, "egg": 1, "peanuts": 1, "sambal": 1, "thief": 1}
        return GAME.from_position(with_hand(base(n, phase="trio", moves_left=2), 0, hand)), 0
    if kind == "fly_target":
        return GAME.from_position(base(n, phase="fly_target", moves_left=2)), 0
    if kind == "fan_target":
        return GAME.from_position(own_fly(base(n, phase="fan_target", moves_left=2, fan_from=0))), 0
    if kind == "over":
        data = base(n, known=[[0, q, {INGREDIENTS[q % 5]: 1}] for q in others(n)])
        with_hand(data, 0, {**dict.fromkeys(INGREDIENTS, 1), "fan": 1, "officer": 1})
        data["nasi_lemak"][0] = [{"packs": 2, "fly": False}, {"packs": 2, "fly": False}]
        state = GAME.from_position(data)
        for move in ("make nasi lemak", "1 pack"):
            player = state.current_player()
            state.apply(state.str_to_action(move, player), player)
        return state, 0
    raise AssertionError(kind)


KINDS = [
    "main",
    "swatter",
    "partner",
    "offer",
    "response",
    "response_lacking",
    "pick",
    "examine",
    "announce",
    "trio",
    "fly_target",
    "fan_target",
]


def expected_path(text: str, you: int) -> list[str]:
    """Where a person clicks for a move: the thing on the table it is about."""
    words = text.split()
    if text in BUTTONS:
        return [f"button:{text}"]
    if text.startswith("play "):
        return [f"card:{text[5:].replace(' ', '_')}"]
    if text.startswith("fan from card "):
        return ["card:fan", f"nl:{you}:{words[-1]}"]
    if text.startswith("swat card "):
        return ["card:swatter", f"nl:{you}:{words[-1]}"]
    if text.startswith("fly to seat "):
        return [f"nl:{words[3]}:{words[5]}"]
    if text.startswith(("trade with seat ", "examine seat ")):
        return [f"seat:{words[-1]}"]
    if text.startswith("give "):
        return [f"card:{text[5:]}"]
    if text.startswith("take back "):
        return [f"offer:take back:{text[10:]}"]
    if text.startswith("unask "):
        return [f"offer:unask:{text[6:]}"]
    if text.startswith(("ask ", "take ", "announce ")):
        return [f"choice:{text}"]
    if text.startswith("use "):
        return sorted(f"card:{key}" for key in words[1:])
    raise AssertionError(f"no object for {text!r}")


# --- the page ----------------------------------------------------------------------------------


def all_human(human_table: Any, n: int = 3, names: list[str] = NAMES, **options: Any) -> Any:
    """An all-human table where seat 0 starts."""
    return human_table("nasi_lemak", n, names, start_player="0", **options)


def open_quiet(driver: Any, human_table: Any, n: int, names: list[str] = NAMES) -> None:
    """Seat 0 of an all-human table at its first turn; moves are recorded, not sent."""
    driver.open(all_human(human_table, n, names).url(0))
    assert driver.wait_for_turn()
    driver.page.evaluate(
        "() => { const c = window.meja.connection; c.send = (m) => {"
        " if (m.type === 'move') window.sentMoves.push(m.action);"
        " setTimeout(() => { Object.assign(window.meja.page, {pending: false, awaiting: null}); });"
        " return true; }; }"
    )


def show(driver: Any, state: NasiLemakState, seat: int) -> None:
    """Give the page the state message the server would send seat for this state."""
    message = {
        "you": seat,
        "step": len(state.history) + 1000,
        "current": state.current_player(),
        "active": state.active_players(),
        "view": state.view(seat),
        "legal": [
            {"action": a, "text": state.action_to_str(a, seat)} for a in state.legal_actions(seat)
        ],
        "result": None,
    }
    driver.page.evaluate(
        "(m) => { const p = window.meja.page; p.state = { ...p.state, ...m };"
        " window.meja.render(); window.meja.choose([]); }",
        message,
    )
    driver.wait("(step) => document.body.dataset.step === String(step)", message["step"])


def bindings(driver: Any, decision: Any) -> dict[str, list[str]]:
    """For each legal move, what each click of its path lands on."""
    out = {}
    for action, path in decision.paths.items():
        steps = driver.page.evaluate(DESCRIBE, path)
        text = decision.legal[action]
        out[text] = sorted(steps) if text.startswith("use ") else steps
    return out


def measure(driver: Any) -> dict[str, Any]:
    return dict(driver.page.evaluate(MEASURE))


def check_decision(driver: Any, state: NasiLemakState, seat: int, shot: Path) -> Any:
    """Show the state; every legal move is clickable on its own object, nothing overlaps."""
    show(driver, state, seat)
    driver.page.screenshot(path=shot)
    decision = driver.decision()
    assert not decision.missing(), "\n".join(decision.missing())
    found = bindings(driver, decision)
    wanted = {text: expected_path(text, seat) for text in decision.legal.values()}
    assert found == wanted
    assert driver.layout_problems(FRAMES) == []
    return decision


def picked(driver: Any, decision: Any, shot: Path) -> None:
    """For a move of several clicks, make all but its last click and keep a screenshot; the
    choice so far is then undone with Escape."""
    longest = max(decision.paths.values(), key=len)
    if len(longest) < 2:
        return
    for step in longest[:-1]:
        driver.click(step)
    driver.wait("(n) => document.body.dataset.selection.split('|').length === n", len(longest) - 1)
    driver.page.screenshot(path=shot)
    assert driver.layout_problems(FRAMES) == []
    driver.page.keyboard.press("Escape")
    driver.wait("() => document.body.dataset.selection === ''")


# --- every decision kind: each move on its own object, highlighted, in the window ------------


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("kind", KINDS)
def test_every_move_is_clicked_on_its_own_object_on_a_wide_window(
    human_table: Any, driver: Any, artifacts: Path, kind: str, players: int
) -> None:
    open_quiet(driver, human_table, players)
    state, seat = case(kind, players)
    shot = artifacts / f"nasi_lemak-{kind}-{players}p-desktop.png"
    decision = check_decision(driver, state, seat, shot)
    assert decision.scroll_y == 0
    picked(driver, decision, artifacts / f"nasi_lemak-{kind}-{players}p-picked-desktop.png")
    # The last move listed is played by clicking along its path, and exactly it is sent.
    action = max(decision.paths)
    driver.play(decision, action)
    assert driver.sent()[-1] == action


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("kind", KINDS)
def test_every_move_is_clicked_on_its_own_object_on_a_phone(
    human_table: Any, phone_driver: Any, artifacts: Path, kind: str, players: int
) -> None:
    open_quiet(phone_driver, human_table, players)
    state, seat = case(kind, players)
    shot = artifacts / f"nasi_lemak-{kind}-{players}p-phone.png"
    decision = check_decision(phone_driver, state, seat, shot)
    picked(phone_driver, decision, artifacts / f"nasi_lemak-{kind}-{players}p-picked-phone.png")
    assert phone_driver.layout_problems(FRAMES, SMALLEST) == []


# --- the wide table: landscape, legible, every control in the window -------------------------


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("kind", ["main", "offer", "response_lacking", "pick", "fan_target"])
def test_the_wide_table_is_landscape_and_legible(
    human_table: Any, driver: Any, kind: str, players: int
) -> None:
    open_quiet(driver, human_table, players)
    state, seat = case(kind, players)
    show(driver, state, seat)
    seen = measure(driver)
    drawn = driver.drawn()
    width = drawn["right"] - drawn["left"]
    height = drawn["bottom"] - drawn["top"]
    assert width >= 1.25 * height, f"the table is {width:.0f} x {height:.0f}"
    assert drawn["bottom"] <= seen["window"]["height"], "the table runs below the window"
    assert driver.layout_problems(FRAMES, SMALLEST) == []
    narrowest = min((card["right"] - card["left"] for card in seen["cards"]), default=60)
    assert narrowest >= 55, f"hand cards {narrowest:.0f} px wide"


LONG_NAMES = [f"{name} with a name of forty letters".ljust(40, "x") for name in NAMES]


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("kind", ["main", "offer", "response", "pick"])
def test_long_names_are_shortened_rather_than_drawn_over_other_things(
    human_table: Any, driver: Any, phone_driver: Any, kind: str, players: int
) -> None:
    for person in (driver, phone_driver):
        open_quiet(person, human_table, players, LONG_NAMES)
        state, seat = case(kind, players)
        show(person, state, seat)
        assert person.layout_problems(FRAMES) == []


def test_after_a_click_low_on_the_table_the_next_turn_starts_unscrolled(
    web: Any, driver: Any
) -> None:
    """End turn sits low on the table; the next turn's moves must all be in the window."""
    bot = {"kind": "bot", "bot": "random"}
    table = web.create("nasi_lemak", [{"kind": "human", "name": "Ana"}] + [bot] * 5)
    driver.open(table["seats"][0]["join_url"])
    for _ in range(2):
        assert driver.wait_for_turn()
        while driver.state()["view"]["phase"] != "main":
            decision = driver.decision()
            driver.play(decision, min(decision.paths))
            assert driver.wait_for_turn()
        decision = driver.decision()
        assert not decision.missing(), "\n".join(decision.missing())
        assert decision.scroll_y == 0
        end = next(a for a, t in decision.legal.items() if t == "end turn")
        turn = driver.state()["view"]["turn"]
        driver.play(decision, end)
        driver.wait("(turn) => window.meja.page.state.view.turn > turn", turn)


# --- trading, played for real ------------------------------------------------------------------


def legal_action(decision: Any, text: str) -> int:
    return next(a for a, t in decision.legal.items() if t == text)


def sent_texts(driver: Any, before: dict[int, str]) -> list[str]:
    return [before.get(a, str(a)) for a in driver.sent()]


def phase_is(driver: Any, phase: str) -> None:
    driver.wait("(p) => window.meja.page.state.view.phase === p", phase)


def test_trade_then_cancel_returns_to_the_main_decision(human_table: Any, driver: Any) -> None:
    seats = all_human(human_table)
    driver.open(seats.url(0))
    assert driver.wait_for_turn()
    main = driver.decision()
    names = dict(main.legal)
    driver.play(main, legal_action(main, "trade"))
    phase_is(driver, "partner")
    partner = driver.decision()
    names.update(partner.legal)
    assert bindings(driver, partner)["cancel trade"] == ["button:cancel trade"]
    driver.play(partner, legal_action(partner, "cancel trade"))
    phase_is(driver, "main")
    assert sent_texts(driver, names) == ["trade", "cancel trade"]
    again = driver.decision()
    assert sorted(again.legal.values()) == sorted(main.legal.values())
    view = driver.state()["view"]
    assert (view["moves_left"], view["declined_offers"], view["offer"]) == (3, 1, None)


def test_an_offer_being_built_can_be_cancelled(human_table: Any, driver: Any) -> None:
    seats = all_human(human_table)
    driver.open(seats.url(0))
    assert driver.wait_for_turn()
    hand = driver.state()["view"]["hand"]
    decision = driver.decision()
    names = dict(decision.legal)
    driver.play(decision, legal_action(decision, "trade"))
    phase_is(driver, "partner")
    decision = driver.decision()
    names.update(decision.legal)
    driver.play(decision, legal_action(decision, "trade with seat 1"))
    phase_is(driver, "offer")
    decision = driver.decision()
    names.update(decision.legal)
    gives = sorted(t for t in decision.legal.values() if t.startswith("give "))
    assert gives, f"Ana holds no tradable card: {hand}"
    driver.play(decision, legal_action(decision, gives[0]))
    driver.wait("() => Object.keys(window.meja.page.state.view.offer.give).length === 1")
    decision = driver.decision()
    names.update(decision.legal)
    driver.play(decision, legal_action(decision, "cancel trade"))
    phase_is(driver, "main")
    assert sent_texts(driver, names) == ["trade", "trade with seat 1", gives[0], "cancel trade"]
    assert driver.state()["view"]["hand"] == hand


def test_a_card_on_the_offer_is_taken_back_by_clicking_it_in_the_banner(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    seats = all_human(human_table)
    driver.open(seats.url(0))
    assert driver.wait_for_turn()
    seats.move(0, "trade")
    seats.move(0, "trade with seat 1")
    phase_is(driver, "offer")
    decision = driver.decision()
    give = sorted(t for t in decision.legal.values() if t.startswith("give "))[0]
    key = give[5:].replace(" ", "_")
    driver.play(decision, legal_action(decision, give))
    driver.wait("() => Object.keys(window.meja.page.state.view.offer.give).length === 1")
    driver.page.screenshot(path=artifacts / "nasi_lemak-offer-building-desktop.png")
    decision = driver.decision()
    assert bindings(driver, decision)[f"take back {give[5:]}"] == [f"offer:take back:{key}"]
    driver.play(decision, legal_action(decision, f"take back {give[5:]}"))
    driver.wait("() => Object.keys(window.meja.page.state.view.offer.give).length === 0")
    assert driver.page.locator(f'#board [data-offer="take back:{key}"]').count() == 0
    assert driver.state()["view"]["phase"] == "offer"


TAKE_BACK_NOTES = (
    "Click a card on the offer to take it back off.",
    "No more cards can be taken back out of this offer.",
)


@pytest.mark.parametrize(
    ("cap", "taken_back", "shown"), [(0, 0, 0), (0, 2, 0), (0, 3, 1), (2, 2, 1)]
)
def test_the_offer_says_whether_its_cards_can_still_be_taken_back_N3(
    human_table: Any, driver: Any, cap: int, taken_back: int, shown: int
) -> None:
    """With no cap on offers (N3) three cards may be taken back out of one, with a cap as many
    as it allows; the banner reads what is left from the moves the table allows."""
    open_quiet(driver, human_table, 3)
    data = case("offer", 3)[0].position()
    data["options"]["offer_card_limit"] = cap
    data["offer"]["taken_back"] = taken_back
    show(driver, GAME.from_position(data), 0)
    texts = driver.page.locator("#board text").all_text_contents()
    assert [note in texts for note in TAKE_BACK_NOTES] == [not shown, bool(shown)]


def ben_offers_ana(seats: Any, driver: Any, lacking: bool) -> tuple[str, int]:
    """Ana ends her turn; on his, Ben offers her a card for one she lacks (or holds)."""
    seats.move(0, "end turn")
    driver.wait(
        "() => window.meja.page.state.view.active === 1"
        " && window.meja.page.state.view.phase === 'main'"
    )
    ana = seats.state(0)["view"]["hand"]
    ben = seats.state(1)["view"]["hand"]
    if lacking:
        wanted = next(key for key in TRADABLE if ana.get(key, 0) < 2)
        count = ana.get(wanted, 0) + 1
    else:
        wanted = next(key for key in TRADABLE if ana.get(key))
        count = 1
    seats.move(1, "trade")
    seats.move(1, "trade with seat 0")
    gift = next((key for key in TRADABLE if ben.get(key) and key != wanted), None)
    if gift is not None:
        seats.move(1, f"give {gift.replace('_', ' ')}")
    for _ in range(count):
        seats.move(1, f"ask {wanted.replace('_', ' ')}")
    seats.move(1, "propose")
    return wanted, count


def offer_heading(driver: Any) -> str:
    """The board's line that says who offers to whom."""
    texts = driver.page.locator("#board svg text").all_text_contents()
    headings = [t for t in texts if " offers " in t or t.startswith("You offer ")]
    assert len(headings) == 1, f"no single offer heading among {texts}"
    return headings[0].rstrip(":")


def test_the_offer_banner_names_who_offers_to_whom(
    human_table: Any, driver: Any, phone_driver: Any, artifacts: Path
) -> None:
    seats = all_human(human_table, min_trade_cards=0)
    driver.open(seats.url(0))
    phone_driver.open(seats.url(2))
    assert driver.wait_for_turn()
    ben_offers_ana(seats, driver, lacking=False)
    phase_is(driver, "response")
    phase_is(phone_driver, "response")
    assert offer_heading(driver) == "Ben offers you"
    assert offer_heading(phone_driver) == "Ben offers Ana"
    driver.page.screenshot(path=artifacts / "nasi_lemak-response-live-desktop.png")
    phone_driver.page.screenshot(path=artifacts / "nasi_lemak-response-watching-phone.png")
    decision = driver.decision()
    assert bindings(driver, decision)["accept"] == ["button:accept"]
    driver.play(decision, legal_action(decision, "accept"))
    driver.wait("() => window.meja.page.state.view.phase === 'main'")


def test_accept_is_shown_disabled_with_the_reason_when_you_lack_the_cards(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    seats = all_human(human_table, min_trade_cards=0)
    driver.open(seats.url(0))
    assert driver.wait_for_turn()
    wanted, count = ben_offers_ana(seats, driver, lacking=True)
    phase_is(driver, "response")
    decision = driver.decision()
    assert list(decision.legal.values()) == ["decline"]
    accept = driver.page.locator('#board [data-button="accept"]')
    assert accept.count() == 1, "the Accept button is not shown"
    assert accept.get_attribute("data-action") is None, "a disabled Accept must not be a target"
    reason = " ".join(driver.page.locator('#board [data-reason="accept"] text').all_text_contents())
    assert f"you do not hold {count} {NAME[wanted]}" in reason
    driver.page.screenshot(path=artifacts / "nasi_lemak-response-cannot-accept-desktop.png")
    driver.play(decision, legal_action(decision, "decline"))
    phase_is(driver, "main")


# --- a phone: readable texts and targets a finger can hit ---------------------------------------
PHONE_CHECK = """() => {
  const drawing = document.querySelector('#board svg');
  const texts = [...drawing.querySelectorAll('text')]
    .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0);
  const small = texts.map((t) => {
    const m = t.getScreenCTM();
    const px = Number.parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    return `${JSON.stringify(t.textContent.slice(0, 30))} ${px.toFixed(1)} px`;
  }).filter((line) => Number.parseFloat(line.split(' ').at(-2)) < 12);
  const targets = [...drawing.querySelectorAll('[data-action], [data-pick], [data-clear]')]
    .map((node) => [node, node.getBoundingClientRect()])
    .filter(([, r]) => r.width < 24 || r.height < 24)
    .map(([node, r]) => `${node.dataset.move || node.dataset.pick || 'clear'}`
      + ` ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  return { small, targets };
}"""
SMALLEST_ON_PHONE = 12.0
"""The smallest text, in CSS px on screen, that the table draws on a phone."""


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize(
    "kind", ["main", "offer", "response", "pick", "trio", "fan_target", "over"]
)
def test_on_a_phone_every_text_is_readable_and_every_target_big_enough(
    human_table: Any, phone_driver: Any, artifacts: Path, kind: str, players: int
) -> None:
    """At 390x844 no board text is under 12 px high and no move target under 24x24 px, and
    nothing runs off the board."""
    open_quiet(phone_driver, human_table, players)
    state, seat = case(kind, players)
    show(phone_driver, state, seat)
    phone_driver.page.screenshot(
        path=artifacts / f"nasi_lemak-sizes-{kind}-{players}p-phone.png", full_page=True
    )
    found = phone_driver.page.evaluate(PHONE_CHECK)
    assert found["small"] == [], found["small"]
    assert found["targets"] == [], found["targets"]
    assert phone_driver.layout_problems(FRAMES, SMALLEST_ON_PHONE) == []


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("kind", ["main", "over"])
def test_mid_game_and_the_end_are_drawn_without_overlaps_on_both_windows(
    human_table: Any, driver: Any, phone_driver: Any, artifacts: Path, kind: str, players: int
) -> None:
    """The table in the middle of a game and once it is over, at 1280x800 and at 390x844: no
    text on another, none out of its frame, and every Nasi Lemak card face up at the end."""
    for person, window in ((driver, "desktop"), (phone_driver, "phone")):
        open_quiet(person, human_table, players)
        state, seat = case(kind, players)
        show(person, state, seat)
        person.page.screenshot(path=artifacts / f"nasi_lemak-{kind}-{players}p-{window}-full.png")
        assert person.layout_problems(FRAMES) == []


# --- the move log and the marks of the others' last moves ----------------------------------------
def show_after(driver: Any, state: NasiLemakState, moves: list[str], seat: int) -> None:
    """Play moves from state and give the page the log and the state message seat is sent."""
    log = []
    for move in moves:
        player = state.current_player()
        action = state.str_to_action(move, player)
        told = state.told(player, action, seat)
        text = say(told.text, seat, NAMES[: state.num_players])
        entry = {"seq": len(log), "player": player, "text": text, "named": told.action is not None}
        log.append({**entry, "record": dict(told.record)})
        state.apply(action, player)
    driver.page.evaluate(
        "(log) => { const p = window.meja.page; p.log.splice(0, p.log.length, ...log); }", log
    )
    show(driver, state, seat)


def marks(driver: Any, where: str, mover: int) -> int:
    return int(driver.page.locator(f'#board {where} [data-last-move="{mover}"]').count())


def test_a_fly_is_marked_on_the_card_it_landed_on_until_its_player_moves_again(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    open_quiet(driver, human_table, 3)
    data = with_hand(base(3, active=1), 1, {"fly": 1, "rice": 1})
    state = GAME.from_position(data)
    show_after(driver, state, ["play fly", "fly to seat 2 card 1"], 0)
    assert driver.page.locator("#log li").all_text_contents()[-1] == (
        "Ben put a Fly on Cy's second Nasi Lemak card."
    )
    assert marks(driver, '[data-nasi-lemak="2:1"]', 1) == 1
    assert marks(driver, '[data-seat-panel="1"]', 1) == 1  # Ben's note: played Fly
    assert marks(driver, "", 1) == 2, "only the card the fly landed on and Ben's note are marked"
    driver.page.screenshot(path=artifacts / "nasi_lemak-last-move-fly-desktop.png")
    show_after(
        driver, GAME.from_position(data), ["play fly", "fly to seat 2 card 1", "end turn"], 0
    )
    assert marks(driver, "", 1) == 0


def test_an_officer_marks_the_examined_player_and_names_the_card_played_N9(
    human_table: Any, phone_driver: Any, artifacts: Path
) -> None:
    open_quiet(phone_driver, human_table, 3)
    data = with_hand(base(3, active=1), 1, {"officer": 1})
    moves = ["play officer", "examine seat 2", "take peanuts", "take sambal"]
    show_after(phone_driver, GAME.from_position(data), moves, 0)
    assert phone_driver.page.locator("#log li").all_text_contents()[-1] == (
        "Ben played the Officer on Cy and took 2 cards."
    )
    assert marks(phone_driver, '[data-seat-panel="2"]', 1) == 2  # its ring and its note
    assert phone_driver.page.locator(
        '#board [data-seat-panel="2"] .last-move'
    ).all_text_contents() == ["Ben's move"]
    assert phone_driver.page.locator(
        '#board [data-seat-panel="1"] .last-move'
    ).all_text_contents() == ["played Officer"]
    phone_driver.page.screenshot(path=artifacts / "nasi_lemak-last-move-officer-phone.png")
    assert phone_driver.layout_problems(FRAMES, SMALLEST_ON_PHONE) == []


def test_the_log_names_a_bot_after_its_move_and_says_you_for_your_own(
    web: Any, driver: Any
) -> None:
    bot = {"kind": "bot", "bot": "random"}
    table = web.create("nasi_lemak", [{"kind": "human", "name": "Ana"}, bot, bot], start_player="0")
    driver.open(table["seats"][0]["join_url"])
    assert driver.wait_for_turn()
    decision = driver.decision()
    driver.play(decision, next(a for a, t in decision.legal.items() if t == "end turn"))
    assert driver.wait_for_turn()
    mine = driver.page.locator('#log li[data-player="0"]').all_text_contents()
    assert mine == ["You ended the turn."]
    bots = driver.page.locator('#log li[data-player="1"]').all_text_contents()
    assert bots, "Bot 2 made no move the log shows"
    assert all(line.startswith("Bot 2 ") and line.endswith(".") for line in bots), bots


def settled(seats: Any) -> dict[str, Any]:
    """Seat 0's state once the server has resolved every chance step a move led to."""
    return dict(seats.wait_for(0, lambda table: bool(table["result"] or table["active"])))


def play_http(seats: Any, rng: random.Random, moves: int) -> bool:
    """Random legal moves over HTTP by whichever seat must act, up to moves; False once over."""
    played = 0
    while played < moves:
        table = settled(seats)
        if table["result"]:
            return False
        played += 1
        seat = table["active"][0]
        state = table if seat == 0 else seats.state(seat)
        seats.move(seat, rng.choice(state["legal"])["action"], state)
    return not seats.state(0)["result"]


def test_a_real_game_mid_way_and_at_its_end_on_both_windows(
    human_table: Any, driver: Any, phone_driver: Any, artifacts: Path
) -> None:
    """A whole game played at random: the log reads in sentences mid-way, and at the end the
    table and its Nasi Lemak cards, all face up, are drawn with no text on another. Ana and
    Ben look in at those two moments, as people coming back to a long game do."""
    seats = all_human(human_table, 4)
    rng = random.Random(7)
    for moment in ("mid-game", "end"):
        if moment == "mid-game":
            assert play_http(seats, rng, 80), "the game ended before it was half played"
        else:
            for person in (driver, phone_driver):
                person.page.goto("about:blank")  # away while the others play on
            while play_http(seats, rng, 200):
                pass
        step = settled(seats)["step"]
        for seat, (person, window) in enumerate(((driver, "desktop"), (phone_driver, "phone"))):
            person.open(seats.url(seat))
            person.wait("(s) => window.meja.page.state.step === s", step)
            person.page.screenshot(path=artifacts / f"nasi_lemak-real-{moment}-{window}.png")
            assert person.layout_problems(FRAMES) == []
            lines = person.page.locator("#log li").all_text_contents()
            assert lines and all(line[0].isupper() and line.endswith(".") for line in lines)
    assert driver.page.locator("#board [data-nasi-lemak] text").all_text_contents().count("?") == 0


def test_a_panel_with_a_played_card_a_move_aimed_at_it_and_known_cards_draws_each_apart(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    """Ben's Officer examined Cy, then Cy's Supplier took Dee's Eggs: on a wide window Cy's
    panel is a third of the row, too narrow for both notes beside what Cy is known to hold,
    so the note keeps the card Cy played, and the known cards keep their room."""
    open_quiet(driver, human_table, 4)
    data = with_hand(base(4, active=1), 1, {"fly": 2, "officer": 1})
    data = with_hand(data, 2, {"rice": 1, "cucumber": 1, "supplier": 1})
    data = with_hand(data, 3, {"egg": 2})
    flies = [m for card in (0, 1) for m in ("play fly", f"fly to seat 3 card {card}")]
    officer = ["play officer", "examine seat 2", "take rice", "take cucumber"]
    supplier = ["play supplier", "announce egg"]
    show_after(driver, GAME.from_position(data), [*flies, *officer, "egg", "egg", *supplier], 0)
    driver.page.screenshot(path=artifacts / "nasi_lemak-last-move-narrow-panel-desktop.png")
    note = driver.page.locator('#board [data-seat-panel="2"] .last-move')
    assert note.locator("text").all_text_contents() == ["played Supplier"]
    assert note.locator("title").all_text_contents() == ["played Supplier · Ben's move"]
    assert driver.layout_problems(FRAMES) == []
