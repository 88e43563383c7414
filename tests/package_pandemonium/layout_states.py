"""Package Pandemonium positions reached through the real ``Match`` for the layout and keyboard
tests: a seeded game with person seat 0 and computer seats, played until a phase shows."""

from __future__ import annotations

from typing import Callable

from courier.ai.package_pandemonium import make_bot
from courier.match import Match, SeatSpec
from courier.rules.package_pandemonium import actions as A
from courier.rules.rng import Rng
from courier.ui import theme
from tests.package_pandemonium.pp_helpers import GAME, cell, clear_tiles, load, play, setup


def new_match(players: int = 2, seed: int = 3, humans: int = 1, **options) -> Match:
    names = ["Ann", "Ben", "Cat"]
    seats = [SeatSpec(names[i], theme.PLAYER_COLOURS[i][1], "human" if i < humans else "ai", "easy")
             for i in range(players)]
    return Match.new(GAME.id, seats, seed=seed, **options)


def person_move(m: Match, seat: int, rng: Rng, low_cards: bool = True) -> A.Action:
    """A person's plain choice: the lowest priority card (to win rounds), else a bot's pick."""
    legal = m.legal(seat)
    cards = [a for a in legal if isinstance(a, A.PlayPriority)]
    if cards:
        return min(cards, key=lambda a: a.card) if low_cards else max(cards, key=lambda a: a.card)
    return make_bot("easy").choose(GAME, GAME.view(m.state, seat), seat, legal, rng)


def play_until(m: Match, done: Callable[[Match], bool], low_cards: bool = True, limit: int = 3000) -> Match:
    rng = Rng(5)
    bot = make_bot("easy")
    for _ in range(limit):
        if done(m):
            return m
        if m.is_over():
            break
        seat = m.to_act()[0]
        if m.is_human(seat):
            m.submit(person_move(m, seat, rng, low_cards))
        else:
            m.submit(bot.choose(GAME, GAME.view(m.state, seat), seat, m.legal(seat), rng))
    raise AssertionError(f"never reached the wanted position (phase {m.state.phase}, round {m.state.round})")


def person_in(phase: str, round_: int = 1) -> Callable[[Match], bool]:
    return lambda m: m.state.phase == phase and m.state.round >= round_ and 0 in m.to_act()


def theft_match() -> Match:
    """Ann's van on the Rogue's way with two packages: the theft prompt is Ann's to answer."""
    m = new_match(map="Riverside", seed=1)
    s = setup(2, bases={0: "A5", 1: "E5"}, companies={0: "express", 1: "long-life"}, names=("Ann", "Ben"))
    play(s, "p1 priority 2", "p2 priority 1", "p2 go first")
    clear_tiles(s)
    s.phase, s.chooser, s.mover = "rogue", 1, 2
    victim = s.vans[0]
    victim.pos, victim.cubes = cell("E2"), [cell("D1"), cell("D2"), cell("E2")]
    load(s, 0, "L", "H")
    play(s, "p2 rogue E,E")
    assert s.phase == "defend" and GAME.to_act(s) == [0]
    m.state = s
    return m
