"""The shared keyboard model (courier.ui.focus) on a plain scene with widgets and a 'board'."""

from __future__ import annotations

import pygame

from courier.scenes.base import Scene, SceneStack
from courier.ui.focus import Target, toward
from courier.ui.widgets import Button, TextEntry, Toggle, WidgetGroup


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


class Board(Scene):
    """Three buttons, a toggle, a text box, and a row of three board places picked by clicks."""

    def __init__(self) -> None:
        super().__init__(None)
        self.clicked: list[str] = []
        self.places_clicked: list[tuple[int, int]] = []
        self.ui = WidgetGroup()
        for i, name in enumerate(("One", "Two", "Three")):
            self.ui.add(Button(pygame.Rect(20, 20 + 50 * i, 100, 40), name, lambda n=name: self.clicked.append(n)))
        self.toggle = self.ui.add(Toggle(pygame.Rect(20, 180, 200, 30), "Sound", False))
        self.entry = self.ui.add(TextEntry(pygame.Rect(20, 220, 200, 30), "Ann"))
        self.places = [pygame.Rect(400 + 100 * i, 300, 40, 40) for i in range(3)]

    def focusables(self) -> list[Target]:
        board = [Target(r, f"Place {i}", zone="board") for i, r in enumerate(self.places)]
        return board + super().focusables()

    def handle_event(self, event) -> bool:
        if self.ui.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            for r in self.places:
                if r.collidepoint(event.pos):
                    self.places_clicked.append(r.center)
                    return True
        return False


def make():
    pygame.display.init()
    stack = SceneStack((1280, 720))
    scene = stack.push(Board())
    return stack, scene


def test_tab_walks_every_control_in_order_and_enter_presses_it():
    stack, s = make()
    labels = []
    for _ in range(len(s.focusables())):
        stack.handle_event(key(pygame.K_TAB))
        labels.append(s.focus_ring.focused(s.focusables()).label)
    assert labels == ["Place 0", "Place 1", "Place 2", "One", "Two", "Three", "Sound", "Ann"]
    stack.handle_event(key(pygame.K_TAB, pygame.KMOD_SHIFT))  # back to Sound
    stack.handle_event(key(pygame.K_TAB, pygame.KMOD_SHIFT))  # Three
    stack.handle_event(key(pygame.K_RETURN))
    assert s.clicked == ["Three"]
    stack.handle_event(key(pygame.K_TAB))
    stack.handle_event(key(pygame.K_SPACE))
    assert s.toggle.value is True


def test_arrows_move_on_the_board_and_enter_clicks_the_place():
    stack, s = make()
    stack.handle_event(key(pygame.K_RIGHT))  # first arrow: the first board place
    assert s.focus_ring.focused(s.focusables()).label == "Place 0"
    stack.handle_event(key(pygame.K_RIGHT))
    stack.handle_event(key(pygame.K_RIGHT))
    stack.handle_event(key(pygame.K_RIGHT))  # nothing further right: stays
    assert s.focus_ring.focused(s.focusables()).label == "Place 2"
    stack.handle_event(key(pygame.K_RETURN))
    assert s.places_clicked == [s.places[2].center]


def test_a_text_box_takes_space_while_focused_and_tab_leaves_it():
    stack, s = make()
    for _ in range(8):
        stack.handle_event(key(pygame.K_TAB))
    assert s.entry.focused
    stack.handle_event(key(pygame.K_SPACE))
    assert s.clicked == [] and s.entry.focused
    stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=" B"))
    assert s.entry.text == "Ann B"
    stack.handle_event(key(pygame.K_TAB))
    assert not s.entry.focused


def test_the_ring_shows_after_a_key_and_hides_when_the_real_mouse_moves():
    stack, s = make()
    assert not s.focus_ring.active
    stack.handle_event(key(pygame.K_TAB))
    assert s.focus_ring.active
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert not s.focus_ring.active


def test_the_ring_is_drawn_by_shape_around_the_focused_control():
    stack, s = make()
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 255, 255))
    before = pygame.image.tobytes(surface, "RGB")
    stack.handle_event(key(pygame.K_TAB))
    stack.draw(surface)
    place = s.places[0]
    # the ring's dark outline sits just outside the place
    assert surface.get_at((place.left - 4, place.centery))[:3] != (255, 255, 255)
    assert pygame.image.tobytes(surface, "RGB") != before


def test_tab_passes_two_targets_of_the_same_name():
    """Two like parcels give two buttons with one name (and one key): Tab must step over both to
    what follows, not bounce between them; the arrows reach the second one too."""
    from courier.ui.focus import FocusRing

    mk = lambda x, n: Target(pygame.Rect(x, 10, 30, 30), n, zone="panel")  # noqa: E731
    items = [mk(0, "Deliver +50"), mk(50, "Deliver +50"), mk(100, "Deliver +40"), mk(150, "End turn")]
    ring = FocusRing()
    seen = [ring.step(items, 1) for _ in range(5)]
    assert [items.index(t) for t in seen] == [0, 1, 2, 3, 0]
    assert [items.index(ring.step(items, -1)) for _ in range(4)] == [3, 2, 1, 0]
    assert ring.focused(items) is items[0]
    assert toward(items, items[0], (1, 0)) is items[1]


def test_toward_prefers_straight_ahead():
    mk = lambda x, y, n: Target(pygame.Rect(x, y, 10, 10), n, zone="board")
    here, ahead, diag, behind = mk(100, 100, "here"), mk(200, 105, "ahead"), mk(150, 200, "diag"), mk(0, 100, "behind")
    assert toward([here, ahead, diag, behind], here, (1, 0)).label == "ahead"
    assert toward([here, ahead, diag, behind], here, (0, 1)).label == "diag"
    assert toward([here, behind], here, (1, 0)) is None


def test_a_held_enter_acts_once_in_the_app(app, monkeypatch):
    """The key-repeat timer adds KEYDOWNs while a slow frame keeps Enter's release waiting: only
    the first counts; after the release the next press acts again; other keys still repeat."""
    down = lambda k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    up = lambda k: pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    batch = [down(pygame.K_RETURN), down(pygame.K_RETURN), down(pygame.K_RETURN), up(pygame.K_RETURN),
             down(pygame.K_RETURN), down(pygame.K_DOWN), down(pygame.K_DOWN)]
    kept = app._without_held_repeats(batch)
    keys = [(e.type, e.key) for e in kept]
    assert keys == [(pygame.KEYDOWN, pygame.K_RETURN), (pygame.KEYUP, pygame.K_RETURN),
                    (pygame.KEYDOWN, pygame.K_RETURN), (pygame.KEYDOWN, pygame.K_DOWN), (pygame.KEYDOWN, pygame.K_DOWN)]
