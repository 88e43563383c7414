"""Next Day played with the keyboard alone: from the title menu (N) through the set-up screen,
building contracts, driving, collecting and delivering, bidding and moving blockages, to the
scoring screen, with no mouse event at all. The person's choices are read from the screen's
keyboard targets (``focusables``); which one to take is steered by the rule-of-thumb player so the
game ends. Smaller tests take each kind of choice on its own."""

from __future__ import annotations

import pygame
import pytest

from courier.ai.base import heuristic_bot
from courier.match import Match, SeatSpec
from courier.rules.next_day import actions as A
from courier.rules.rng import Rng
from courier.scenes.board import BoardScene
from courier.scenes.games.next_day import text as words
from courier.scenes.scoring import ScoringScene
from courier.scenes.setup import SetupScene
from courier.ui import theme
from tests.app.keys import KeyDriver, forbid_mouse, game_seeds, type_seed
from tests.next_day.helpers import G, add_contract, play_state, put

HUMAN = 0


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(reduced_motion=True), size=(1280, 720), fullscreen=False)
    forbid_mouse(a)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


# -- doing one action with keys --------------------------------------------------------------------
def _has(d: KeyDriver, pred) -> bool:
    return any(pred(t) for t in d.targets())


def _ready(d: KeyDriver, board: BoardScene) -> None:
    d.run_until(lambda: not board.view.animating(), frames=400)


def open_vehicle_filter(d: KeyDriver, board: BoardScene, vehicle: str) -> None:
    """Make the panel list ``vehicle``'s own choices: pick it (or put the other one down)."""
    v = board.view
    if v.selected == vehicle:
        return
    if _has(d, lambda t: t.key == ("vehicle", vehicle)):
        d.choose(lambda t: t.key == ("vehicle", vehicle), f"the {vehicle}")
    elif v.selected is not None:
        d.key(pygame.K_ESCAPE)


def set_amount(d: KeyDriver, board: BoardScene, amount: int) -> None:
    """Focus the bid's amount and step it with Left/Right to ``amount``; Enter then bids."""
    d.tab_to(lambda t: t.key == ("dialog", "amount"), "the bid amount")
    for _ in range(200):
        now = board.view.amount
        if now == amount:
            break
        d.key(pygame.K_LEFT if now > amount else pygame.K_RIGHT)
    assert board.view.amount == amount
    d.key(pygame.K_RETURN)


def perform(d: KeyDriver, board: BoardScene, a) -> None:
    """Carry out ``a`` the way a keyboard player would: choose targets, press Enter."""
    v = board.view
    if isinstance(a, A.Drive):
        if v.selected != a.vehicle:
            d.choose(lambda t: t.key == ("vehicle", a.vehicle), f"the {a.vehicle}")
        d.choose(lambda t: t.key == ("place", a.dest), a.dest)
    elif isinstance(a, (A.Collect, A.Deliver, A.Transfer)):
        label = words.action_label(v, a)
        if not _has(d, lambda t: t.label.startswith(label)):
            open_vehicle_filter(d, board, a.vehicle)
        d.choose(lambda t: t.zone == "panel" and t.label.startswith(label), label)
    elif isinstance(a, A.StartBid):
        c = v.seen.contracts[a.contract]
        label = f"{a.vehicle.capitalize()}: bid for {c.pickup} → {c.dropoff}"
        if not _has(d, lambda t: t.label.startswith(label)):
            open_vehicle_filter(d, board, a.vehicle)
        d.choose(lambda t: t.label.startswith(label), label)
        set_amount(d, board, a.amount)
    elif isinstance(a, A.Bid):
        set_amount(d, board, a.amount)
    elif isinstance(a, A.Pass):
        d.choose(lambda t: t.key == ("dialog", "Pass"), "Pass")
    elif isinstance(a, A.MoveBlockage):
        if not v.blockage_mode:
            d.choose(lambda t: t.label.startswith("Blockage…"), "Blockage…")
        d.choose(lambda t: t.key == ("blockage", a.blockage), "the blockage")
        d.choose(lambda t: t.key == ("road", a.road), "the road")
    elif isinstance(a, A.EndTurn):
        d.choose(lambda t: t.label.startswith("End turn"), "End turn")
    elif isinstance(a, A.Declare):
        d.choose(lambda t: t.label.startswith("Declare end"), "Declare end")
    else:  # pragma: no cover - the set-up is built by build_by_keys
        raise AssertionError(f"no keys for {a}")


def build_by_keys(d: KeyDriver, board: BoardScene) -> None:
    """Pair the first two cards with the number keys, add a parcel, deal the rest, hand over."""
    m = board.match
    d.key(pygame.K_1)
    d.key(pygame.K_2)
    drafts = m.state.players[HUMAN].drafts
    assert len(drafts) == 1, "the number keys made a contract"
    d.choose(lambda t: t.label.startswith("+: One more parcel"), "+")
    assert drafts[0].parcels == 2
    d.choose(lambda t: t.label.startswith("Deal randomly"), "Deal randomly")
    d.choose(lambda t: t.label.startswith("Done"), "Done")
    assert m.state.players[HUMAN].built


def _human_moves(m: Match) -> list[str]:
    return [text for text, step in zip(m.log, m._steps) if step.seat == HUMAN]


# -- the whole game --------------------------------------------------------------------------------
# seed 2: a game in which a blockage's icon lies over the person's van (it must stay pickable)
@pytest.mark.parametrize("seed", game_seeds(2))
def test_a_whole_game_by_keys_from_the_title_menu(app, seed):
    from courier.scenes.menu import MenuScene

    d = KeyDriver(app)
    app.stack.push(MenuScene(app))
    d.frame()
    d.key(pygame.K_n, text="n")
    assert isinstance(d.scene, SetupScene)
    d.choose(lambda t: t.label.startswith("Game: Next Day"), "Next Day")
    # seat 1 a person, seats 2 and 3 easy computers (Right on the kind stepper: Person -> easy)
    kinds = [t for t in d.targets() if " is played by: " in t.label]
    assert len(kinds) == 3
    for t in kinds[1:]:
        d.tab_to(lambda x, k=t.key: x.key == k)
        for _ in range(4):
            if d.focused().label.endswith("Computer · easy"):
                break
            d.key(pygame.K_LEFT)
        assert d.focused().label.endswith("Computer · easy")
    type_seed(d, seed)
    d.choose_label("Start")
    board = d.scene
    assert isinstance(board, BoardScene)
    m = board.match
    assert m.game.id == "next-day" and [s.kind for s in m.seats] == ["human", "ai", "ai"]

    bot = heuristic_bot("next-day", "easy")
    moves = 0
    built = False
    kinds: set[str] = set()
    for step in range(3000):
        d.run_until(lambda: isinstance(d.scene, ScoringScene) or (board.seat == HUMAN and not board.view.animating()
                                                                 and board.job is None))
        if isinstance(d.scene, ScoringScene):
            break
        if m.state.phase == "setup":
            assert not built
            build_by_keys(d, board)
            built = True
            moves += 1
            continue
        legal = m.legal(HUMAN)
        a = bot.choose(G, m.view(HUMAN), HUMAN, legal, Rng(step + 1))
        done = _human_moves(m)
        kinds.add(type(a).__name__)
        perform(d, board, a)
        assert _human_moves(m) == done + [a.to_text()], f"keys did {a.to_text()}"
        moves += 1
    assert isinstance(d.scene, ScoringScene), "the game reached the scoring screen"
    print("human moves:", moves, sorted(kinds), "rounds:", m.state.round)
    assert built and moves > 10 and {"Drive", "Collect", "Deliver", "EndTurn"} <= kinds
    assert m.is_over()


# -- each kind of choice on its own ----------------------------------------------------------------
NAMES = ("Ann", "Bob", "Cat")


def _board(app, s=None, seed=3, quick=True) -> tuple[KeyDriver, BoardScene]:
    seats = [SeatSpec(n, c, k, "easy") for n, (_, c), k in zip(NAMES, theme.PLAYER_COLOURS, ("human", "ai", "ai"))]
    m = Match.new("next-day", seats, seed=seed, quick_setup=quick)
    board = app.stack.push(BoardScene(app, m, autosave=False, ai_pause=0.0))
    if s is not None:
        m.state = s
        board._show()
    d = KeyDriver(app)
    d.frame()
    return d, board


def _position():
    s = play_state(3, 3)
    mine = add_contract(s, 0, "Ugley", "Duck Street", parcels=3, price=75)
    theirs = add_contract(s, 1, "Braintree", "Mudford", parcels=2, price=60)
    return s, mine, theirs


def test_drive_collect_and_end_turn_with_arrows_and_enter(app):
    s, mine, _ = _position()
    d, board = _board(app, s)
    assert "V, B" in board.view.status() and "Enter" in board.view.status()
    d.key(pygame.K_RIGHT)  # the arrows start on the map: the van or the bike
    assert d.focused().zone == "board" and d.focused().key[0] == "vehicle"
    d.tab_to(lambda t: t.key == ("vehicle", "van"))
    d.key(pygame.K_RETURN)
    assert board.view.selected == "van" and "Arrows pick a ringed place" in board.view.status()
    places = [t for t in d.targets() if t.key[0] == "place"]
    assert places and all("drive your van here" in t.label for t in places)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)  # the arrows walk over the ringed places
    goal = d.focused()
    assert goal.key[0] == "place"
    d.choose(lambda t: t.key == ("place", "Ugley"), "Ugley")
    _ready(d, board)
    assert s.players[0].vehicle("van").place == "Ugley"
    d.choose(lambda t: t.label.startswith("Van: collect for Duck Street"), "collect")
    _ready(d, board)
    assert s.players[0].vehicle("van").cargo == [mine.id]
    d.choose(lambda t: t.label.startswith("End turn"), "End turn")
    assert s.current != 0


@pytest.mark.parametrize("start", ["no ring", "End turn", "a blockage", "the bike"])
@pytest.mark.parametrize("letter", [pygame.K_v, pygame.K_b], ids=["V", "B"])
def test_after_the_vehicles_letter_the_arrows_go_from_it_to_places_it_can_go(app, start, letter):
    """Wherever the focus was, V (or B) puts it on the vehicle, and every arrow from there goes to a
    place the vehicle can drive to, never onto the player's own van or bike."""
    import random

    s, _, _ = _position()
    d, board = _board(app, s)
    if start == "End turn":
        d.tab_to(lambda t: t.label.startswith("End turn"), start)
    elif start == "a blockage":
        d.tab_to(lambda t: t.key[0] == "blockage", start)
    elif start == "the bike":
        d.tab_to(lambda t: t.key == ("vehicle", "bike"), start)
    kind = "van" if letter == pygame.K_v else "bike"
    d.key(letter)
    assert board.view.selected == kind and d.focused().key == ("vehicle", kind)
    reach = set(board.view.reach(kind))
    rng = random.Random(f"{start}{kind}")
    arrows = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT]
    landed = []
    for _ in range(12):
        d.key(rng.choice(arrows))
        landed.append(d.focused().key)
    assert all(k[0] == "place" and k[1] in reach for k in landed), landed
    d.key(pygame.K_RETURN)  # Enter drives there
    assert s.players[0].vehicle(kind).place == landed[-1][1]


def test_e_ends_the_turn_from_any_focus(app):
    """The turn's main action is one key away wherever the focus is; when it cannot be done, E
    says the rules' reason."""
    s, _, _ = _position()
    d, board = _board(app, s)
    n = len(d.targets())
    assert n > 10
    for stop in range(0, n, 3):
        s2, _, _ = _position()
        d, board = _board(app, s2)
        for _ in range(stop):
            d.key(pygame.K_TAB)
        log = list(board.match.log)
        d.key(pygame.K_e, text="e")
        assert board.match.log[len(log):][:1] == [A.EndTurn(0).to_text()], (stop, d.focused())


def test_escape_puts_the_vehicle_down_before_it_leaves_the_game(app):
    s, _, _ = _position()
    d, board = _board(app, s)
    d.key(pygame.K_b)
    assert board.view.selected == "bike"
    d.key(pygame.K_ESCAPE)
    assert board.view.selected is None and d.scene is board


def test_a_greyed_button_says_why_on_enter(app):
    s, _, _ = _position()
    d, board = _board(app, s)
    # Tab passes over the greyed button; the arrows along its row stop on it
    d.tab_to(lambda t: t.label.startswith("End turn"), "End turn")
    for _ in range(3):
        if d.focused().label.startswith("Declare end"):
            break
        d.key(pygame.K_LEFT)
    t = d.focused()
    assert t.label.startswith("Declare end") and not t.enabled and t.why_not
    d.key(pygame.K_RETURN)
    said, colour = board.status_text()
    assert t.why_not.rstrip(".").lower() in said.lower() and colour == theme.BAD
    assert s.phase == "play"


def test_first_bid_by_keys(app):
    s, _, theirs = _position()
    put(s, 0, "bike", theirs.pickup)
    d, board = _board(app, s)
    d.choose(lambda t: t.label.startswith("Bike: bid for Braintree → Mudford"), "bid for")
    assert board.view.offer == ("bike", theirs.id)
    assert all(t.zone == "dialog" for t in d.targets() if t.zone != "bar")
    assert "Left/Right" in board.view.status()
    set_amount(d, board, 55)
    assert s.auction is not None and s.auction.lowest == 55 and s.auction.challenger == 0


def test_cancel_the_offer_with_escape(app):
    s, _, theirs = _position()
    put(s, 0, "van", theirs.pickup)
    d, board = _board(app, s)
    d.choose(lambda t: t.label.startswith("Van: bid for"), "bid for")
    assert board.view.offer is not None
    d.key(pygame.K_ESCAPE)
    assert board.view.offer is None and d.scene is board


def _answering():
    s, mine, _ = _position()
    put(s, 1, "van", mine.pickup)
    s.current = 1
    G.apply(s, A.StartBid(1, "van", mine.id, 70))
    return s, mine


def test_answer_an_auction_with_a_lower_bid(app):
    s, mine = _answering()
    d, board = _board(app, s)
    assert board.seat == 0 and board.view.dialog is not None
    set_amount(d, board, 66)
    assert s.auction is None or s.auction.lowest == 66


def test_pass_in_an_auction(app):
    s, mine = _answering()
    d, board = _board(app, s)
    d.choose(lambda t: t.key == ("dialog", "Pass"), "Pass")
    assert s.auction is None and mine.owner == 1 and mine.price == 70


def test_move_a_blockage_by_keys(app):
    s, _, _ = _position()
    credits = s.players[0].credits
    d, board = _board(app, s)
    d.choose(lambda t: t.label.startswith("Blockage…"), "Blockage…")
    assert board.view.blockage_mode and "Pick a blockage" in board.view.status()
    blockages = [t for t in d.targets() if t.key[0] == "blockage"]
    assert blockages and all("pick it to move it" in t.label for t in blockages)
    for _ in range(3):  # back from the panel to the map, then the arrows walk over the blockages
        d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        if d.focused().zone == "board":
            break
    d.key(pygame.K_UP)
    assert d.focused().key[0] == "blockage"
    picked = d.focused().key[1]
    d.key(pygame.K_RETURN)
    assert board.view.picked_blockage == picked
    roads = [t for t in d.targets() if t.key[0] == "road"]
    assert roads and all(t.label.split(":")[0] in t.label for t in roads)
    d.key(pygame.K_LEFT)
    road = d.focused()
    if road.key[0] != "road":
        road = d.tab_to(lambda t: t.key[0] == "road", "a road")
    d.key(pygame.K_RETURN)
    _ready(d, board)
    assert s.blockages[picked].road == road.key[1]
    assert s.players[0].credits == credits - s.config.blockage_move_cost[s.blockages[picked].kind]


def test_build_contracts_by_arrows_on_the_map_and_number_keys(app):
    d, board = _board(app, quick=False, seed=4)
    m = board.match
    assert m.state.phase == "setup" and board.seat == 0
    towns = [t for t in d.targets() if t.key[0] == "town"]
    cards = [t for t in d.targets() if t.zone == "cards"]
    assert len(towns) == len(cards) == len(m.state.players[0].hand)
    d.key(pygame.K_DOWN)  # the arrows start on the map's towns
    first = d.focused()
    assert first.key[0] == "town"
    d.key(pygame.K_RETURN)
    assert board.view.pickup == first.key[1]
    assert "Now pick where parcels from" in board.view.status()
    d.key(pygame.K_3 if cards[2].label.split(":")[0] != first.key[1] else pygame.K_4)
    drafts = m.state.players[0].drafts
    assert len(drafts) == 1 and drafts[0].pickup == first.key[1]
    cards = [t for t in d.targets() if t.zone == "cards"]
    used = next(t for t in cards if t.label.split(":")[0] == first.key[1])
    assert not used.enabled and used.why_not
    # Tab passes over the used card; its number key says why it cannot be chosen
    for _ in range(len(d.targets()) + 1):
        d.key(pygame.K_TAB)
        assert d.focused().enabled
    n = cards.index(used) + 1
    assert n <= 9, "this seed's first town is among the first nine cards"
    d.key(getattr(pygame, f"K_{n}"))
    assert used.why_not.rstrip(".").lower() in board.status_text()[0].lower()
    d.choose(lambda t: t.label.startswith("×: Take apart"), "take apart")
    assert m.state.players[0].drafts == []


def test_move_a_parcel_between_vehicles_by_keys(app):
    s, mine, _ = _position()
    s.players[0].vehicle("van").cargo = [mine.id]  # both at Kevingston, the van loaded
    d, board = _board(app, s)
    d.choose(lambda t: t.label.startswith("Move Duck Street parcel: van → bike"), "transfer")
    assert s.players[0].vehicle("bike").cargo == [mine.id] and s.players[0].vehicle("van").cargo == []


def test_the_panel_lines_are_read_whole_by_keys(app):
    """A contract's name cut in the panel is whole in its target's label (and the focus caption)."""
    s, mine, _ = _position()
    d, board = _board(app, s)
    t = d.tab_to(lambda t: t.key == ("contract", mine.id), "the contract line")
    assert "Ugley → Duck Street" in t.label and "75 credits" in t.label
    d.choose(lambda t: t.key == ("player", 1), "Bob's line")
    assert board.view.focus == 1
    assert any(t.key[0] == "contract" and "Braintree → Mudford" in t.label for t in d.targets())
