"""Where the keyboard's focus is and what it acts on: a click moves the focus to the control
clicked; the first arrow press goes that way from a sensible origin (the focus, or the player's
own piece); numbered targets answer their number key; the ring's caption never covers the next
control."""

from __future__ import annotations

import pygame

from courier.scenes.base import Scene, SceneStack
from courier.ui import focus
from courier.ui.focus import Target
from courier.ui.widgets import Button, Stepper, WidgetGroup


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


class Steppers(Scene):
    """Two steppers, one over the other, as the settings screen's window and interface sizes."""

    def __init__(self) -> None:
        super().__init__(None)
        self.ui = WidgetGroup()
        self.a = self.ui.add(Stepper(pygame.Rect(100, 100, 200, 40), ["1", "2", "3"]))
        self.b = self.ui.add(Stepper(pygame.Rect(100, 160, 200, 40), ["x", "y", "z"]))

    def handle_event(self, event) -> bool:
        return self.ui.handle_event(event)


def test_a_click_moves_the_focus_and_the_arrows_then_change_what_was_clicked():
    pygame.display.init()
    stack = SceneStack((1280, 720))
    s = stack.push(Steppers())
    stack.handle_event(key(pygame.K_TAB))  # the keyboard is on the first stepper
    assert s.focus_ring.focused(s.focusables()).rect == s.a.rect
    # a click on the second stepper's right arrow, the pointer not moved since the last click
    for e in click((s.b.rect.right - 5, s.b.rect.centery))[1:]:
        stack.handle_event(e)
    assert s.b.value == "y"
    stack.handle_event(key(pygame.K_RIGHT))
    assert (s.a.value, s.b.value) == ("1", "z")  # the clicked one changes, never the other
    # and with the pointer moved first, the same
    for e in click((s.a.rect.left + 5, s.a.rect.centery)):
        stack.handle_event(e)
    assert s.a.value == "3"
    stack.handle_event(key(pygame.K_LEFT))
    assert (s.a.value, s.b.value) == ("2", "z")


class Grid(Scene):
    """A 5 x 5 board of places; the player's piece stands in the middle (not a target)."""

    def __init__(self) -> None:
        super().__init__(None)
        self.cells = {(x, y): pygame.Rect(100 + 60 * x, 100 + 60 * y, 50, 50)
                      for x in range(5) for y in range(5) if (x, y) != (2, 2)}

    def focusables(self) -> list[Target]:
        return [Target(r, f"{c}", key=c, zone="board") for c, r in self.cells.items()]

    def focus_origin(self) -> pygame.Rect | None:
        return pygame.Rect(100 + 120, 100 + 120, 50, 50)


def test_the_first_arrow_goes_its_way_from_the_players_piece():
    pygame.display.init()
    for k, want in ((pygame.K_LEFT, (1, 2)), (pygame.K_RIGHT, (3, 2)), (pygame.K_UP, (2, 1)), (pygame.K_DOWN, (2, 3))):
        stack = SceneStack((1280, 720))
        s = stack.push(Grid())
        stack.handle_event(key(k))
        assert s.focus_ring.active and s.focus_ring.focused(s.focusables()).key == want


def test_after_the_ring_hid_the_first_arrow_moves_on_from_where_it_was():
    pygame.display.init()
    stack = SceneStack((1280, 720))
    s = stack.push(Grid())
    stack.handle_event(key(pygame.K_RIGHT))
    stack.handle_event(key(pygame.K_RIGHT))
    assert s.focus_ring.focused(s.focusables()).key == (4, 2)
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert not s.focus_ring.active
    stack.handle_event(key(pygame.K_UP))
    assert s.focus_ring.focused(s.focusables()).key == (4, 1)


class Numbered(Scene):
    """Six numbered places on a board and no cards: key n picks place n."""

    def __init__(self) -> None:
        super().__init__(None)
        self.clicked: list[int] = []

    def focusables(self) -> list[Target]:
        return [Target(pygame.Rect(100 + 60 * n, 100, 50, 50), f"City {n}", zone="board", number=n,
                       activate=lambda n=n: self.clicked.append(n)) for n in (4, 1, 6, 2, 5, 3)]


def test_a_number_key_picks_the_target_of_that_number():
    pygame.display.init()
    stack = SceneStack((1280, 720))
    s = stack.push(Numbered())
    stack.handle_event(key(pygame.K_3))
    stack.handle_event(key(pygame.K_KP6))
    assert s.clicked == [3, 6]


class Column(Scene):
    """A column of buttons whose tooltips are longer than their labels."""

    def __init__(self) -> None:
        super().__init__(None)
        self.ui = WidgetGroup()
        for i in range(4):
            self.ui.add(Button(pygame.Rect(500, 300 + 58 * i, 300, 48), f"Button {i}",
                               tooltip="A long tooltip that says a great deal more than the label does"))

    def handle_event(self, event) -> bool:
        return self.ui.handle_event(event)


def test_the_rings_caption_never_covers_the_next_control():
    pygame.display.init()
    surface = pygame.Surface((1280, 720))
    stack = SceneStack((1280, 720))
    s = stack.push(Column())
    for i in range(4):
        stack.handle_event(key(pygame.K_TAB))
        items = s.focusables()
        cur = s.focus_ring.focused(items)
        card = s.focus_ring.draw(surface, items, s.tooltip_at(cur.click_point))
        assert card is not None
        others = [t.rect for t in items if t is not cur]
        assert not any(card.colliderect(r) for r in others), (i, card)


def test_a_greyed_buttons_tooltip_says_only_why():
    pygame.display.init()
    b = Button(pygame.Rect(10, 10, 100, 40), "Undo", tooltip="Take back your last move", enabled=False)
    b.why_not = "Nothing to take back."
    group = WidgetGroup([b])
    assert group.tooltip_at(b.rect.center) == "Nothing to take back."
