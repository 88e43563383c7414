"""Vehicles parked at a place stand where they hide the fewest place names: at 1024 x 600 and at
1920 x 1080, one to three vehicles parked at each place in turn leave nearly every name in view
(a new player found vans covering town names at every size)."""

from __future__ import annotations

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.games.next_day import pieces
from courier.ui import theme


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_parked_vehicles_leave_the_place_names_in_view(size, tmp_path, monkeypatch):
    from courier.app import App
    from courier.settings import Settings

    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    app = App(Settings(), size=size, fullscreen=False)
    try:
        seats = [SeatSpec(n, theme.PLAYER_COLOURS[i][1], "human" if i == 0 else "ai", "easy")
                 for i, n in enumerate(("Ann", "Bob", "Cat"))]
        m = Match.new("next-day", seats, seed=3, quick_setup=True)
        board = app.stack.push(BoardScene(app, m, autosave=False))
        app.frame(0.05, [])
        mp, s = board.view.map, m.state
        mp.background()
        vehicles = [(i, kind) for i in range(3) for kind in ("van", "bike")]
        covering = total = 0
        for n in (1, 2, 3):
            for place in mp.board.places:
                for p in s.players:
                    for veh in p.vehicles:
                        veh.place = "Kevingston" if place != "Kevingston" else "Fobbing"
                for seat, kind in vehicles[:n]:
                    s.players[seat].vehicle(kind).place = place
                for seat, kind, pos in pieces.vehicle_spots(mp, s):
                    if s.players[seat].vehicle(kind).place != place:
                        continue
                    w = int((30 if kind == "van" else 27) * mp.scale())
                    r = pygame.Rect(0, 0, w, int(w * 0.7))
                    r.center = (int(pos[0]), int(pos[1]))
                    total += 1
                    covering += any(r.colliderect(label) for label in mp.labels.values())
        assert total > 300
        assert covering <= 0.12 * total, f"{covering} of {total} parked vehicles cover a place name"
    finally:
        while app.stack.top is not None:
            app.stack.pop()
