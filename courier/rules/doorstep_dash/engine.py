"""Doorstep Dash legal moves and their effects. Pure functions over (config, board, state)."""

from __future__ import annotations

from typing import Any

from itertools import combinations

from courier.rules.base import Action, Event, IllegalAction
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash import events as E
from courier.rules.doorstep_dash.board import Board, Cell
from courier.rules.doorstep_dash.config import BLUE, RED, DoorstepConfig
from courier.rules.doorstep_dash.moves import move_options
from courier.rules.doorstep_dash.state import HIDDEN, DashState, Pending, Player
from courier.rules.rng import Rng


def new_state(cfg: DoorstepConfig, board: Board, seed: int) -> tuple[DashState, list[Event]]:
    """Deal the bonus cards, roll for the first player and let them look at their opening cards."""
    rng = Rng(seed, seeding=cfg.seeding)
    n = cfg.players
    state = DashState(players=[Player(board.warehouse) for _ in range(n)], rng=rng)
    state.config = cfg
    state.bonus_deck = [BLUE] * cfg.blue_cards + [RED] * cfg.red_cards
    rng.shuffle(state.bonus_deck)
    for _ in range(cfg.start_bonus):
        for p in state.players:
            if state.bonus_deck:
                p.bonus.append(state.bonus_deck.pop(0))
    state.deck = sorted(board.houses)
    rng.shuffle(state.deck)
    contenders = list(range(n))
    while len(contenders) > 1:
        rolls = [0] * n
        for i in contenders:
            rolls[i] = rng.die(cfg.die_sides)
        state.first_rolls.append(rolls)
        best = max(rolls)
        contenders = [i for i in contenders if rolls[i] == best]
    state.first = state.current = contenders[0]
    events: list[Event] = [E.First(text=f"{cfg.seat_name(state.first)} rolls highest and starts.", seat=state.first, rolls=[r[:] for r in state.first_rolls])]
    _opening_draw(cfg, state)
    return state, events


def _opening_draw(cfg: DoorstepConfig, state: DashState) -> None:
    take = min(cfg.opening_draw, len(state.deck))
    state.opening_draw, state.deck = state.deck[:take], state.deck[take:]


def to_act(state: DashState) -> list[int]:
    if state.phase == "over":
        return []
    if state.pending is not None:
        return [state.pending.seat]
    return [state.current]


def view(cfg: DoorstepConfig, state: DashState, seat: int | None) -> DashState:
    """What ``seat`` may see: others' cards, the decks' order and the dice to come are hidden;
    the opening cards only to the seat choosing from them."""
    v = state.clone()
    v.config = state.config
    for i, p in enumerate(v.players):
        if i != seat:
            p.hand = [HIDDEN] * len(p.hand)
            p.bonus = [HIDDEN] * len(p.bonus)
    if seat is None or seat != state.current or state.phase != "opening":
        v.opening_draw = [HIDDEN] * len(v.opening_draw)
    v.deck = [HIDDEN] * len(v.deck)
    v.bonus_deck = [HIDDEN] * len(v.bonus_deck)
    v.rng = Rng(0)
    return v


# -- what may be done -----------------------------------------------------------------------------
def claim_size(cfg: DoorstepConfig, state: DashState, board: Board, seat: int) -> tuple[int, str]:
    """How many row cards ``seat`` must take if it claims now, or (0, reason it cannot)."""
    p = state.players[seat]
    if state.phase != "turn" or state.pending is not None or seat != state.current:
        return 0, "you can only claim on your own turn"
    if p.pos != board.warehouse:
        return 0, "cards are claimed at the warehouse"
    if state.claimed:
        return 0, "you have already claimed this turn"
    if state.rolled and not state.moved:
        return 0, "finish your drive first"
    if not state.row:
        return 0, "the face-up row is empty"
    if len(p.hand) >= cfg.hand_limit:
        return 0, f"your van already carries {cfg.hand_limit} cards"
    if p.hand and not p.may_claim:
        return 0, "deliver at least one parcel before claiming again"
    return min(cfg.hand_limit - len(p.hand), len(state.row)), ""


def trap_problem(cfg: DoorstepConfig, state: DashState, board: Board, seat: int) -> str:
    """Why ``seat`` cannot set a trap now ('' when it can)."""
    p = state.players[seat]
    if state.phase != "turn" or state.pending is not None or seat != state.current:
        return "traps are set on your own turn"
    if state.trapped:
        return "you have already set or removed a trap this turn"
    if state.rolled and not state.moved:
        return "finish your drive first"
    if RED not in p.bonus:
        return "setting a trap needs a red bonus card"
    why = board.trap_forbidden(p.pos)
    if why:
        return why
    if any(q.trap == p.pos for q in state.players):
        return "there is already a trap here"
    return ""


def stops_for(board: Board, player: Player) -> set[Cell]:
    """Where a drive may end early: the warehouse and the entrances of houses on your cards."""
    stops = {board.warehouse}
    for h in player.hand:
        house = board.houses.get(h)
        if house is not None:
            stops.add(house.entrance)
    return stops


def current_moves(state: DashState, board: Board) -> dict[Cell, list[Cell]]:
    """The current player's drives for the rolled value (cached on the board; do not modify).

    Keyed by the cards in hand rather than the stops they make: the stops follow from the hand,
    and the key is cheaper to build than the stops (a turn asks four times: roll, list, check,
    drive).
    """
    p = state.me
    key = (p.pos, state.rolled, frozenset(p.hand))
    cache = board.move_cache
    got = cache.get(key)
    if got is None:
        if len(cache) > 40000:
            cache.clear()
        got = cache[key] = move_options(board, p.pos, state.rolled, stops_for(board, p))
    return got


def legal_actions(cfg: DoorstepConfig, board: Board, state: DashState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    p = state.players[seat]
    if state.phase == "opening":
        cards = state.opening_draw
        lo = min(cfg.opening_keep_min, len(cards))
        hi = min(len(cards), cfg.hand_limit)
        return [A.Keep(seat, combo) for k in range(lo, hi + 1) for combo in combinations(cards, k)]
    pend = state.pending
    if pend is not None:
        if pend.kind == "test":
            return ([A.PlayBlue(seat)] if BLUE in p.bonus else []) + [A.Accept(seat)]
        maker = A.Give if pend.kind == "give" else A.Discard
        return [maker(seat, k) for k in (BLUE, RED) if k in p.bonus]
    if state.rolled and not state.moved:
        return [A.Move(seat, c) for c in sorted(current_moves(state, board))]
    out: list[Action] = []
    if not state.rolled:
        out.append(A.Roll(seat))
    k, _ = claim_size(cfg, state, board, seat)
    if k:
        out.extend(A.Claim(seat, combo) for combo in combinations(state.row, k))
    if not trap_problem(cfg, state, board, seat):
        out.append(A.SetTrap(seat))
    if p.trap is not None and not state.trapped:
        out.append(A.RemoveTrap(seat))
    if p.hand and p.pos == board.warehouse and not state.deck and not state.row:
        out.append(A.GiveUp(seat))
    if state.moved or p.pos == board.warehouse:
        out.append(A.EndTurn(seat))
    return out


def _only_ending_left(cfg: DoorstepConfig, state: DashState, board: Board, seat: int) -> bool:
    """After the drive, with nothing pending: would ``legal_actions`` offer nothing but ending the
    turn? The same tests as its list, without building the list."""
    p = state.players[seat]
    return (bool(state.rolled) and not claim_size(cfg, state, board, seat)[0]
            and bool(trap_problem(cfg, state, board, seat))
            and not (p.trap is not None and not state.trapped)
            and not (p.hand and p.pos == board.warehouse and not state.deck and not state.row))


def _same(a: Action, b: Action) -> bool:
    if isinstance(a, (A.Keep, A.Claim)) and type(a) is type(b):
        return sorted(a.cards) == sorted(b.cards)
    return a == b


def check(cfg: DoorstepConfig, board: Board, state: DashState, action: Action) -> Action:
    """The legal action meant by ``action``; IllegalAction with a readable reason otherwise."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if action.seat not in to_act(state):
        raise IllegalAction(f"it is not {cfg.seat_name(action.seat)}'s turn to act")
    if state.rolled and not state.moved and state.pending is None and state.phase == "turn":
        # only drives are legal now: look the end space up instead of listing every drive
        if type(action) is A.Move:
            for end in current_moves(state, board):
                if action.to == end:
                    return A.Move(action.seat, end)
        raise IllegalAction(_reason(cfg, state, board, action))
    legal = legal_actions(cfg, board, state, action.seat)
    for ok in legal:
        if _same(action, ok):
            return ok
    raise IllegalAction(_reason(cfg, state, board, action))


def _reason(cfg: DoorstepConfig, state: DashState, board: Board, action: Action) -> str:
    seat = action.seat
    pend = state.pending
    if state.phase == "opening":
        if isinstance(action, A.Move):
            return "choose the parcels to keep before anyone drives"
        return (f"keep {cfg.opening_keep_min} to {min(cfg.hand_limit, len(state.opening_draw))} of the cards you "
                "were dealt, naming them as shown")
    if pend is not None:
        return {"test": "first play a blue card or accept the test roll",
                "give": "choose a bonus card kind you hold to hand over",
                "discard": "choose a bonus card kind you hold to discard"}[pend.kind]
    if isinstance(action, A.Roll):
        return "you have already rolled this turn"
    if isinstance(action, A.Move):
        if not (isinstance(action.to, tuple) and len(action.to) == 2):
            return "a move names one space as col,row"
        if not state.rolled:
            return "roll the die before driving"
        if state.moved:
            return "you have already driven this turn"
        if action.to not in board.spaces:
            return f"vans stay on the road: you rolled {state.rolled}, so pick one of the highlighted spaces"
        return (f"you cannot end a {state.rolled}-space drive on {board.cell_name(action.to)}: drive exactly "
                f"{state.rolled} spaces without using a space twice (or stop early at the warehouse or a house "
                "on your cards)")
    if state.rolled and not state.moved:
        return "drive first: pick one of the highlighted spaces"
    if isinstance(action, A.Claim):
        k, why = claim_size(cfg, state, board, seat)
        if not k:
            return why
        return f"take exactly {k} card(s) from the face-up row"
    if isinstance(action, A.SetTrap):
        return trap_problem(cfg, state, board, seat) or "you cannot set a trap now"
    if isinstance(action, A.RemoveTrap):
        return "you have no trap to remove" if state.players[seat].trap is None else "you have already moved a trap this turn"
    if isinstance(action, A.GiveUp):
        return "cards can only be given up at the warehouse once the deck and the row are empty"
    if isinstance(action, A.EndTurn):
        return "roll and drive first (you may only stay put at the warehouse)"
    return f"'{action.to_text()}' is not possible now"


# -- doing it -------------------------------------------------------------------------------------
def apply(cfg: DoorstepConfig, board: Board, state: DashState, action: Action) -> list[Event]:
    act = check(cfg, board, state, action)
    ev: list[Event] = []
    fx = _Effects(cfg, state, board, ev)
    fx.do(act)
    if state.phase == "turn" and state.pending is None:
        if state.moved and _only_ending_left(cfg, state, board, state.current):
            fx.end_turn()
        fx.check_over()
    return ev


class _Effects:
    """Carries out one action; small methods so each rule reads on its own."""

    def __init__(self, cfg: DoorstepConfig, state: DashState, board: Board, ev: list[Event]):
        self.cfg, self.s, self.b, self.ev = cfg, state, board, ev

    def name(self, seat: int) -> str:
        return self.cfg.seat_name(seat)

    def do(self, act: Action) -> None:
        s, seat = self.s, act.seat
        p = s.players[seat]
        nm = self.name(seat)
        if isinstance(act, A.Keep):
            self.keep(seat, act.cards)
        elif isinstance(act, A.Roll):
            s.rolled = s.rng.die(self.cfg.die_sides)
            ends = sorted(current_moves(s, self.b))
            self.ev.append(E.Rolled(text=f"{nm} rolls a {s.rolled}.", seat=seat, value=s.rolled, ends=[list(c) for c in ends]))
        elif isinstance(act, A.Move):
            self.move(seat, act.to)
        elif isinstance(act, A.Claim):
            self.claim(seat, act.cards)
        elif isinstance(act, A.SetTrap):
            moved = p.trap is not None
            p.bonus.remove(RED)
            s.bonus_discard.append(RED)
            old, p.trap = p.trap, p.pos
            s.trapped = True
            verb = "moves their trap to" if moved else "sets a trap on"
            self.ev.append(E.TrapSet(text=f"{nm} {verb} {self.b.cell_name(p.pos)}.", seat=seat, cell=list(p.pos), old=list(old) if old else None))
        elif isinstance(act, A.RemoveTrap):
            old, p.trap = p.trap, None
            s.trapped = True
            self.ev.append(E.TrapRemoved(text=f"{nm} lifts their trap.", seat=seat, cell=list(old or ())))
        elif isinstance(act, A.PlayBlue):
            self.play_blue(seat)
        elif isinstance(act, A.Accept):
            pend = s.pending
            assert pend is not None
            s.pending = None
            self.test_result(pend, passed=False)
        elif isinstance(act, A.Give):
            pend = s.pending
            assert pend is not None
            s.pending = None
            self.give(seat, pend.owner, act.kind)
        elif isinstance(act, A.Discard):
            s.pending = None
            p.bonus.remove(act.kind)
            s.bonus_discard.append(act.kind)
            self.ev.append(E.Discarded(text=f"{nm} discards a {act.kind} bonus card.", seat=seat, bonus_kind=act.kind))
        elif isinstance(act, A.GiveUp):
            cards = p.hand[:]
            s.returned.extend(cards)
            p.hand.clear()
            self.ev.append(E.GaveUp(text=f"{nm} hands back {len(cards)} undeliverable card(s).", seat=seat, cards=cards))
        elif isinstance(act, A.EndTurn):
            self.end_turn()

    # opening
    def keep(self, seat: int, cards: tuple[str, ...]) -> None:
        s = self.s
        p = s.players[seat]
        p.hand.extend(cards)
        rest = [c for c in s.opening_draw if c not in cards]
        s.deck.extend(rest)
        s.opening_draw = []
        p.may_claim = not self.cfg.opening_is_claim
        self.ev.append(E.Kept(text=f"{self.name(seat)} keeps {len(cards)} destination card(s).", seat=seat, count=len(cards)))
        s.openings_done += 1
        if s.openings_done < len(s.players):
            s.current = (s.current + 1) % len(s.players)
            _opening_draw(self.cfg, s)
            return
        s.rng.shuffle(s.deck)
        k = min(self.cfg.row_size, len(s.deck))
        s.row, s.deck = s.deck[:k], s.deck[k:]
        s.phase = "turn"
        s.current = s.first
        self.ev.append(E.Row(text="The deck is shuffled and the face-up row is laid out.", cards=s.row[:]))

    # driving
    def move(self, seat: int, to: Cell) -> None:
        s, b = self.s, self.b
        path = current_moves(s, b)[to]
        p = s.players[seat]
        start = p.pos
        p.pos = to
        s.moved = True
        steps = f"{len(path)} square{'s' if len(path) != 1 else ''}"
        self.ev.append(E.Moved(text=f"{self.name(seat)} drives {steps} to {b.cell_name(to)}.", seat=seat, path=[list(start)] + [list(c) for c in path]))
        trap_owner = next((i for i, q in enumerate(s.players) if q.trap == to and i != seat), None)
        if trap_owner is not None:
            s.players[trap_owner].trap = None
            self.ev.append(E.TrapSprung(text=f"{self.name(seat)} drives into {self.name(trap_owner)}'s trap!", seat=seat, owner=trap_owner, cell=list(to)))
            self.start_test(seat, self.cfg.trap_test, "trap", trap_owner)
        elif to in b.hazard_at:
            zone = b.hazard_at[to]
            self.start_test(seat, zone.test, zone.name, -1)
        elif to in b.entrance_house and b.entrance_house[to] in p.hand:
            self.deliver(seat, b.entrance_house[to])

    def start_test(self, seat: int, target: int, source: str, owner: int) -> None:
        s = self.s
        roll = s.rng.die(self.cfg.die_sides)
        what = "trap" if source == "trap" else source
        self.ev.append(E.TestRoll(text=f"{self.name(seat)} rolls {roll} against {what} (needs {target}).", seat=seat, value=roll, target=target, source=source))
        pend = Pending("test", seat, roll, 0, target, source, owner)
        if roll >= target:
            self.test_result(pend, passed=True)
        elif BLUE in s.players[seat].bonus:
            s.pending = pend
        else:
            self.test_result(pend, passed=False)

    def play_blue(self, seat: int) -> None:
        s = self.s
        pend = s.pending
        assert pend is not None
        s.players[seat].bonus.remove(BLUE)
        s.bonus_discard.append(BLUE)
        pend.boost += self.cfg.blue_bonus
        total = pend.roll + pend.boost
        self.ev.append(E.BluePlayed(text=f"{self.name(seat)} plays a blue card: {pend.roll} + {pend.boost} = {total}.", seat=seat, value=pend.roll, boost=pend.boost, target=pend.target))
        if total >= pend.target:
            s.pending = None
            self.test_result(pend, passed=True)

    def test_result(self, pend: Pending, passed: bool) -> None:
        s, seat = self.s, pend.seat
        nm = self.name(seat)
        p = s.players[seat]
        data: dict[str, Any] = dict(seat=seat, passed=passed, value=pend.roll + pend.boost, target=pend.target, source=pend.source)
        if passed:
            self.ev.append(E.TestPassed(text=f"{nm} gets through safely.", **data))
            return
        if pend.source == "trap":
            kinds = sorted(set(p.bonus))
            if not kinds:
                p.skip_next = True
                self.ev.append(E.TestFailed(text=f"{nm} has no bonus card to give and loses their next turn.", **data))
            elif len(kinds) == 1:
                self.ev.append(E.TestFailed(text=f"{nm} is caught and must give up a bonus card.", **data))
                self.give(seat, pend.owner, kinds[0])
            else:
                self.ev.append(E.TestFailed(text=f"{nm} is caught and must give up a bonus card.", **data))
                s.pending = Pending("give", seat, owner=pend.owner, source="trap")
        else:
            p.skip_next = True
            self.ev.append(E.TestFailed(text=f"{nm} is held up by {pend.source} and loses their next turn.", **data))

    def give(self, seat: int, owner: int, kind: str) -> None:
        s = self.s
        s.players[seat].bonus.remove(kind)
        s.players[owner].bonus.append(kind)
        self.ev.append(E.Gave(text=f"{self.name(seat)} hands {self.name(owner)} a bonus card.", seat=seat, to=owner))
        self.check_limit(owner)

    def check_limit(self, seat: int) -> None:
        s = self.s
        p = s.players[seat]
        if len(p.bonus) <= self.cfg.bonus_limit:
            return
        kinds = sorted(set(p.bonus))
        if len(kinds) == 1:
            p.bonus.remove(kinds[0])
            s.bonus_discard.append(kinds[0])
            self.ev.append(E.Discarded(text=f"{self.name(seat)} is over the limit and discards a {kinds[0]} card.", seat=seat, bonus_kind=kinds[0]))
        else:
            s.pending = Pending("discard", seat)

    def deliver(self, seat: int, house: str) -> None:
        s = self.s
        p = s.players[seat]
        h = self.b.houses[house]
        pts = self.cfg.colour_points.get(h.colour, 0)
        p.hand.remove(house)
        p.delivered.append(house)
        p.score += pts
        p.may_claim = True
        self.ev.append(E.Delivered(text=f"{self.name(seat)} delivers to {house} for {pts} point(s).", seat=seat, house=house, points=pts, cell=list(h.entrance), colour=h.colour))
        self.draw_bonus(seat)

    def draw_bonus(self, seat: int) -> None:
        s = self.s
        if not s.bonus_deck and s.bonus_discard:
            s.bonus_deck, s.bonus_discard = s.bonus_discard, []
            s.rng.shuffle(s.bonus_deck)
            self.ev.append(E.Reshuffled(text="The bonus discards are shuffled into a new deck."))
        if not s.bonus_deck:
            return
        card = s.bonus_deck.pop(0)
        s.players[seat].bonus.append(card)
        self.ev.append(E.BonusDrawn(text=f"{self.name(seat)} draws a bonus card.", seat=seat))
        self.check_limit(seat)

    # the warehouse
    def claim(self, seat: int, cards: tuple[str, ...]) -> None:
        s = self.s
        p = s.players[seat]
        for c in cards:
            s.row.remove(c)
            p.hand.append(c)
        s.claimed = True
        p.may_claim = False
        self.ev.append(E.Claimed(text=f"{self.name(seat)} claims {', '.join(cards)}.", seat=seat, cards=list(cards)))
        if not s.row and s.deck:
            k = min(self.cfg.row_size, len(s.deck))
            s.row, s.deck = s.deck[:k], s.deck[k:]
            self.ev.append(E.Row(text=f"{k} new cards are laid face up ({self.name(seat)} may not take them now).", cards=s.row[:]))

    # turns and the end
    def end_turn(self) -> None:
        s = self.s
        n = len(s.players)
        s.rolled, s.moved, s.claimed, s.trapped = 0, False, False, False
        for _ in range(2 * n + 1):
            s.current = (s.current + 1) % n
            if s.current == s.first:
                s.round += 1
                if s.round > self.cfg.max_rounds:
                    s.phase, s.ended = "over", "rounds"
                    self.ev.append(E.GameOver(text=f"The round limit ({self.cfg.max_rounds}) is reached."))
                    return
            p = s.players[s.current]
            if not p.skip_next:
                break
            p.skip_next = False
            self.ev.append(E.Skipped(text=f"{self.name(s.current)} loses this turn.", seat=s.current))
        self.ev.append(E.Turn(text=f"{self.name(s.current)}'s turn.", seat=s.current, round=s.round))

    def check_over(self) -> None:
        s = self.s
        if s.phase != "turn" or s.pending is not None or s.deck or s.row:
            return
        if all(p.pos == self.b.warehouse and not p.hand for p in s.players):
            s.phase, s.ended = "over", "done"
            self.ev.append(E.GameOver(text="Every card is delivered and every van is home. The game ends."))
