"""The New game screen's table as data: the game, the seats (who plays, name, colour), the options.

``TableDraft`` is what the set-up screen (``setup``) edits and draws; it knows nothing of the
screen (no pygame), so every rule of the table can be tested alone: a seat count within the
game's, no two seats of one colour once a seat joins, names kept where the player typed them, the
game's remembered set-up offered again without undoing what the player changed here, and
``problems`` saying in plain words why the table cannot start yet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Sequence

from courier.match import SeatSpec
from courier.rules.base import ConfigError, GameRules
from courier.settings import SeatChoice, SetupChoice

#: who may play a seat: (kind, level, the words on the screen)
Kind = tuple[Literal["human", "ai"], Literal["easy", "normal", "hard"], str]
KINDS: list[Kind] = [("human", "normal", "Person"), ("ai", "easy", "Computer · easy"), ("ai", "normal", "Computer · normal"),
         ("ai", "hard", "Computer · hard")]
COMPUTER_NAMES = ["Rosie", "Dennis", "Mabel", "Archie", "Nell", "Stanley"]
MAX_SEATS = 6
#: the kind a computer seat of the guided game's real game is played by
EASY = next(i for i, k in enumerate(KINDS) if k[:2] == ("ai", "easy"))
#: the longest name a seat keeps
NAME_LEN = 16

Palette = Sequence[tuple[str, tuple[int, int, int]]]


def usual_name(seat: int, kind_index: int) -> str:
    """The name a seat has until someone types one: "Player 2", or a computer's name."""
    return f"Player {seat + 1}" if KINDS[kind_index][0] == "human" else COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]


@dataclass
class SeatDraft:
    name: str
    colour_index: int
    kind_index: int
    #: the player changed this seat on the screen (its name, who plays it or its colour): a game's
    #: remembered table does not replace it
    touched: bool = False

    def default_name(self, i: int) -> bool:
        return self.name in (f"Player {i + 1}", COMPUTER_NAMES[i % len(COMPUTER_NAMES)], "")


@dataclass
class SetupDraft:
    """The New game screen as the player left it without starting (kept by the app for this run)."""

    game: str
    #: the number of players shown, and the one the player chose (None: not chosen)
    players: int
    wanted: int | None
    seats: list[SeatDraft]


class TableDraft:
    """The table being set up: which game, how many play, each seat, the options, the seed.

    Seats beyond ``players`` are kept as they were (a seat left out comes back as it was)."""

    def __init__(self, games: list[GameRules], palette: Palette, kept: SetupDraft | None = None) -> None:
        self.games = games
        self.palette = palette
        self.game_index = 0
        self.players = 0
        self.seats = [SeatDraft(usual_name(i, 0 if i == 0 else 2), i % len(palette), 0 if i == 0 else 2)
                      for i in range(MAX_SEATS)]
        self.map_index = 0
        self.seed = ""
        #: the game's on/off options (GameRules.toggles) as chosen here
        self.toggles: dict[str, bool] = {}
        #: the number of players the player chose here (None: the game's memory or default decides)
        self.wanted_players: int | None = None
        if kept is not None:
            self.seats = [replace(d) for d in kept.seats]
            self.players, self.wanted_players = kept.players, kept.wanted

    @property
    def game(self) -> GameRules | None:
        return self.games[self.game_index] if self.games else None

    # -- the game ----------------------------------------------------------------------------------
    def pick_game(self, index: int, last: SetupChoice | None) -> None:
        """Choose ``games[index]``, offering ``last`` (its remembered set-up) where the player
        changed nothing here."""
        self.game_index = index
        g = self.games[index]
        want = self.wanted_players or self.players or 2
        self.players = max(g.min_players, min(g.max_players, want))
        self.map_index = 0
        self.toggles = {field: False for field, _, _ in g.toggles}
        if last is not None:
            self.recall(g, last)
        self.untangle_colours()

    def recall(self, g: GameRules, last: SetupChoice) -> None:
        """Offer this game's last set-up again: seats, names, colours, kinds, levels, map, options."""
        if self.wanted_players is None:
            self.players = max(g.min_players, min(g.max_players, last.players))
        for i, seat in enumerate(last.seats[:MAX_SEATS]):
            if self.seats[i].touched:
                continue  # what the player set here stays theirs
            kind = next((k for k, (kd, lv, _) in enumerate(KINDS) if kd == seat.kind and (kd == "human" or lv == seat.level)), 0)
            self.seats[i] = SeatDraft(seat.name, seat.colour % len(self.palette), kind)
        if last.map in g.maps:
            self.map_index = list(g.maps).index(last.map)
        known = {field for field, _, _ in g.toggles}
        self.toggles.update({k: v for k, v in last.toggles.items() if k in known})

    def remembered(self) -> SetupChoice | None:
        """This set-up as the settings keep it for next time (None: no game chosen)."""
        g = self.game
        if g is None:
            return None
        seats = []
        for i in range(self.players):
            d = self.seats[i]
            kind, level, _ = KINDS[d.kind_index]
            seats.append(SeatChoice(name=d.name.strip()[:NAME_LEN], colour=d.colour_index, kind=kind, level=level))
        return SetupChoice(players=self.players, seats=seats, map=list(g.maps)[self.map_index] if g.maps else None,
                           toggles=dict(self.toggles))

    def kept(self) -> SetupDraft | None:
        """What waits for the player's return to the screen (None: no game chosen)."""
        g = self.game
        return None if g is None else SetupDraft(g.id, self.players, self.wanted_players, [replace(d) for d in self.seats])

    def like_guided(self, players: int) -> None:
        """The chosen game's guided table made real: the learner (by their name if they typed
        one) and ``players - 1`` computers at Easy, the game's usual options."""
        g = self.game
        if g is None:
            return
        self.players = max(g.min_players, min(g.max_players, players))
        first = self.seats[0]
        name = first.name if first.kind_index == 0 and first.name.strip() else "Player 1"
        self.seats[0] = SeatDraft(name, first.colour_index, 0)
        for i in range(1, self.players):
            self.seats[i] = SeatDraft(COMPUTER_NAMES[i % len(COMPUTER_NAMES)], self.seats[i].colour_index, EASY)
        self.toggles = {field: False for field, _, _ in g.toggles}
        self.untangle_colours()

    # -- the seats ---------------------------------------------------------------------------------
    def set_players(self, n: int) -> None:
        g = self.game
        if g is None:
            return
        self.players = max(g.min_players, min(g.max_players, n))
        self.wanted_players = self.players
        self.untangle_colours()

    def untangle_colours(self) -> None:
        """A seat that joins with a colour already taken gets the next free one."""
        for i in range(self.players):
            if any(self.seats[j].colour_index == self.seats[i].colour_index for j in range(i)):
                self.next_colour(i)

    def set_kind(self, seat: int, kind_index: int) -> bool:
        """Who plays ``seat`` now; True when its name changed with it (it had its usual name)."""
        d = self.seats[seat]
        was_default = d.default_name(seat)
        d.kind_index = kind_index
        d.touched = True
        if was_default:
            d.name = usual_name(seat, kind_index)
        return was_default

    def choose_colour(self, seat: int) -> None:
        """The seat's colour button: the next free colour, the player's choice from now on."""
        self.next_colour(seat)
        self.seats[seat].touched = True

    def name_typed(self, seat: int, text: str) -> None:
        self.seats[seat].name = text
        self.seats[seat].touched = True

    def next_colour(self, seat: int) -> None:
        """Give ``seat`` the next colour no other seat in play is using."""
        n = len(self.palette)
        used = {self.seats[i].colour_index for i in range(self.players) if i != seat}
        c = self.seats[seat].colour_index
        for _ in range(n):
            c = (c + 1) % n
            if c not in used:
                break
        self.seats[seat].colour_index = c

    def seat_role(self, seat: int) -> str | None:
        """What a seat is when the game gives it a part of its own (the Rogue, the solo driver)."""
        g = self.game
        if g is None:
            return None
        try:
            names = g.seat_names(g.make_config(players=self.players))
        except ConfigError:
            return None
        if seat >= len(names) or names[seat].endswith(f" {seat + 1}"):
            return None  # an ordinary seat ("Player 2", "Courier 2")
        return names[seat]

    # -- starting ----------------------------------------------------------------------------------
    def seat_specs(self) -> list[SeatSpec]:
        out = []
        for i in range(self.players):
            d = self.seats[i]
            kind, level, _ = KINDS[d.kind_index]
            name = d.name.strip() or usual_name(i, d.kind_index)
            out.append(SeatSpec(name, self.palette[d.colour_index][1], kind, level))
        return out

    def problems(self) -> list[str]:
        """Why the table cannot start as it is, in the players' words (empty: it can)."""
        names = [s.name.strip().lower() for s in self.seat_specs()]
        colours = [self.seats[i].colour_index for i in range(self.players)]
        out = []
        if len(set(names)) != len(names):
            out.append("Two seats have the same name.")
        if len(set(colours)) != len(colours):
            out.append("Two seats have the same colour.")
        return out
