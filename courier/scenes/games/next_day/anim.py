"""Next Day's animations: the rules' events (moved, collected, delivered, blockage moved, rolled,
auction won, declared) turned into tweens the board draws, in the order they happened."""

from __future__ import annotations

from typing import Callable, Sequence

from courier.rules.base import Event
from courier.rules.next_day import events as E
from courier.scenes.games.next_day.mapart import MapPainter
from courier.ui import theme
from courier.ui.sound import cue
from courier.ui.tween import Animator, PathTween, Tween, Wait, ease_out_cubic, linear

#: the events drawn on the board (see ``Effects.add``), and those shown only as the log's line
DRAWN: tuple[type[Event], ...] = (E.Moved, E.Collected, E.Delivered, E.BlockageMoved, E.Rolled, E.AuctionWon,
                                  E.Declared, E.GameOver, E.Completed, E.TurnEnded)
SILENT: tuple[type[Event], ...] = (E.Transferred, E.Bid, E.Passed, E.Contract, E.ContractsBuilt)
#: what each event sounds like (the others are quiet)
SOUNDS: dict[type[Event], str] = {E.Moved: "tick", E.BlockageMoved: "tick", E.Collected: "tick", E.Rolled: "roll",
                                  E.Delivered: "chime", E.AuctionWon: "chime"}
cue(SOUNDS)


class Effects:
    """What is moving on the board now; the board reads it, ``update`` advances it."""

    def __init__(self, speed: float, reduced_motion: bool) -> None:
        self.anim = Animator(speed, reduced_motion)
        self.travel: dict[tuple[int, str], PathTween] = {}
        self.slides: dict[int, Tween] = {}
        self.slide_from: dict[int, int] = {}
        self.pops: list[tuple[Tween, str, tuple[float, float], tuple]] = []
        self.die: tuple[Tween, int] | None = None
        self.banner: tuple[Tween, str] | None = None

    def busy(self) -> bool:
        return self.anim.busy()

    def add(self, events: Sequence[Event], m: MapPainter, named: Callable[[str], str]) -> None:
        """Queue one tween per event worth seeing; travels, slides and banners run one after another."""
        last: Tween | None = None
        places = m.board.places
        for e in events:
            if isinstance(e, E.Moved):
                pts = m.route_points(e.path)
                length = sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in zip(pts, pts[1:]))
                t = PathTween(pts, duration=max(0.35, min(1.3, length / 900.0)))
                self.travel[(e.seat, e.vehicle)] = t
                self.anim.add(t, after=last)
                last = t
            elif isinstance(e, (E.Collected, E.Delivered)):
                p = places[e.place]
                text = f"+{e.amount}" if isinstance(e, E.Delivered) else "+1 parcel"
                colour = theme.GOOD if isinstance(e, E.Delivered) else theme.INK
                t = Tween(0.0, 1.0, 1.1, linear)
                self.pops.append((t, text, (p.x, p.y), colour))
                self.anim.add(t, after=last)
            elif isinstance(e, E.BlockageMoved):
                t = Tween(0.0, 1.0, 0.8, ease_out_cubic)
                self.slides[e.blockage] = t
                self.slide_from[e.blockage] = e.from_
                self.anim.add(t, after=last)
                last = t
            elif isinstance(e, E.Rolled):
                t = Tween(0.0, 1.0, 1.4, linear)
                self.die = (t, e.value)
                self.anim.add(t, after=last)
                last = t
            elif isinstance(e, (E.AuctionWon, E.Declared, E.GameOver, E.Completed)):
                t = Tween(0.0, 1.0, 1.6 if not isinstance(e, E.Completed) else 1.0, linear)
                self.banner = (t, named(e.text))
                self.anim.add(t, after=last)
                last = t
        if last is None and events and any(isinstance(e, E.TurnEnded) for e in events):
            self.anim.add(Wait(0.15))

    def update(self, dt: float, speed: float, reduced_motion: bool) -> None:
        self.anim.speed = max(0.05, float(speed))
        self.anim.reduced_motion = reduced_motion
        self.anim.update(dt)
        self.pops = [p for p in self.pops if not p[0].done]
        self.travel = {k: t for k, t in self.travel.items() if not t.done}
        self.slides = {k: t for k, t in self.slides.items() if not t.done}
        if self.die is not None and self.die[0].done and not self.anim.busy():
            self.die = None  # the first-player roll has been seen; later drives must not bring it back
