"""Next Day's animations: the rules' events (moved, collected, delivered, blockage moved, rolled,
auction won, declared) turned into tweens the board draws, in the order they happened."""

from __future__ import annotations

from typing import Callable, Sequence

from courier.rules.base import Event
from courier.scenes.games.next_day.mapart import MapPainter
from courier.ui import theme
from courier.ui.tween import Animator, PathTween, Tween, Wait, ease_out_cubic, linear


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
            d = e.data
            if e.kind == "moved":
                pts = m.route_points(d["path"])
                length = sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in zip(pts, pts[1:]))
                t = PathTween(pts, duration=max(0.35, min(1.3, length / 900.0)))
                self.travel[(d["seat"], d["vehicle"])] = t
                self.anim.add(t, after=last)
                last = t
            elif e.kind in ("collected", "delivered"):
                p = places[d["place"]]
                text = f"+{d['amount']}" if e.kind == "delivered" else "+1 parcel"
                colour = theme.GOOD if e.kind == "delivered" else theme.INK
                t = Tween(0.0, 1.0, 1.1, linear)
                self.pops.append((t, text, (p.x, p.y), colour))
                self.anim.add(t, after=last)
            elif e.kind == "blockage_moved":
                t = Tween(0.0, 1.0, 0.8, ease_out_cubic)
                self.slides[d["blockage"]] = t
                self.slide_from[d["blockage"]] = d["from"]
                self.anim.add(t, after=last)
                last = t
            elif e.kind == "rolled":
                t = Tween(0.0, 1.0, 1.4, linear)
                self.die = (t, d["value"])
                self.anim.add(t, after=last)
                last = t
            elif e.kind in ("auction_won", "declared", "game_over", "completed"):
                t = Tween(0.0, 1.0, 1.6 if e.kind != "completed" else 1.0, linear)
                self.banner = (t, named(e.text))
                self.anim.add(t, after=last)
                last = t
        if last is None and events and any(e.kind == "turn_ended" for e in events):
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
