"""The scene stack, widgets, tweens, sprites and the markdown parser on their own."""

from __future__ import annotations

import pygame
import pytest

from courier.scenes.base import Scene, SceneStack
from courier.ui import markdown, sprites, tween
from courier.ui.widgets import Button, ScrollView, Slider, Stepper, TextEntry, WidgetGroup


class Probe(Scene):
    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name, self.log, self.opaque = name, log, opaque
        self.events: list[int] = []

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event.type)
        return True

    def update(self, dt: float) -> None:
        self.log.append(f"update {self.name}")


def test_stack_push_pop_replace_reset_call_the_hooks_in_order():
    log: list[str] = []
    st = SceneStack((800, 600))
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    st.push(a)
    st.push(b)
    assert log == ["enter a", "pause a", "enter b"]
    st.replace(c)
    assert log[-2:] == ["exit b", "enter c"] and st.top is c and len(st) == 2
    st.pop()
    assert log[-2:] == ["exit c", "resume a"]
    st.push(b)
    log.clear()
    st.reset(c)
    assert log == ["exit b", "exit a", "enter c"] and st.scenes == [c]


def test_stack_sends_events_and_updates_to_the_top_only():
    log: list[str] = []
    st = SceneStack()
    a, b = Probe("a", log), Probe("b", log, opaque=False)
    st.push(a)
    st.push(b)
    st.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    st.update(0.1)
    assert b.events and not a.events
    assert "update b" in log and "update a" not in log


def test_stack_draws_from_the_top_most_opaque_scene():
    log: list[str] = []
    st = SceneStack()
    a, b, c, d = Probe("a", log), Probe("b", log), Probe("c", log, opaque=False), Probe("d", log, opaque=False)
    for s in (a, b, c, d):
        st.push(s)
    assert st.visible() == [b, c, d]
    st.pop()
    st.pop()
    assert st.visible() == [b]
    st.remove(a)
    assert st.scenes == [b]


def _click(group: WidgetGroup, pos: tuple[int, int]) -> None:
    group.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_button_fires_on_press_and_release_inside_only():
    hits: list[int] = []
    b = Button(pygame.Rect(10, 10, 100, 40), "Go", lambda: hits.append(1))
    g = WidgetGroup([b])
    _click(g, (20, 20))
    assert hits == [1]
    # pressed inside, released outside: nothing
    g.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    g.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0), buttons=(1, 0, 0)))
    g.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    assert hits == [1]
    # released inside without a press (the click that opened this scene): nothing
    g.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    assert hits == [1]
    b.enabled = False
    _click(g, (20, 20))
    assert hits == [1]


def test_text_entry_slider_and_stepper():
    entry = TextEntry(pygame.Rect(0, 0, 200, 40), "ab", max_len=4)
    g = WidgetGroup([entry])
    _click(g, (10, 10))
    assert entry.focused
    g.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="cdef"))
    assert entry.text == "abcd"
    g.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    assert entry.text == "abc"
    seen: list[float] = []
    s = Slider(pygame.Rect(0, 100, 200, 50), "Speed", 0.25, 4.0, 1.0, step=0.25, on_change=seen.append)
    _click(WidgetGroup([s]), (s.track().left, s.track().centery))
    assert s.value == 0.25 and seen == [0.25]
    st = Stepper(pygame.Rect(0, 200, 200, 40), ["a", "b", "c"], 0)
    _click(WidgetGroup([st]), (195, 220))
    assert st.value == "b"
    _click(WidgetGroup([st]), (5, 220))
    _click(WidgetGroup([st]), (5, 220))
    assert st.value == "c"


def test_scroll_view_keeps_to_the_bottom_for_a_log():
    sv = ScrollView(pygame.Rect(0, 0, 100, 100), 50, stick_to_bottom=True)
    sv.set_content_height(300)
    assert sv.offset == 200
    sv.scroll(-50)
    sv.set_content_height(400)
    assert sv.offset == 150  # the reader scrolled up: stay where they are


def test_tweens_ease_sequence_and_respect_reduced_motion():
    anim = tween.Animator(speed=2.0)
    a = anim.add(tween.Tween(0.0, 10.0, 1.0, ease=tween.linear))
    b = anim.add(tween.PathTween([(0, 0), (100, 0), (100, 100)], duration=1.0, ease=tween.linear), after=a)
    anim.update(0.25)
    assert a.value == pytest.approx(5.0)
    assert b.value == (0.0, 0.0) and anim.busy()
    anim.update(0.25)
    anim.update(0.25)
    assert a.done and b.value == pytest.approx((100.0, 0.0))
    assert b.heading == pytest.approx(0.0)  # still on the first leg, heading east
    anim.update(0.125)
    assert b.value == pytest.approx((100.0, 50.0)) and b.heading == pytest.approx(-90.0)  # south
    anim.update(1.0)
    assert not anim.busy() and b.value == (100.0, 100.0)
    done: list[str] = []
    quiet = tween.Animator(reduced_motion=True)
    t = quiet.add(tween.PathTween([(0, 0), (50, 50)], on_done=lambda: done.append("x")))
    assert t.done and t.value == (50.0, 50.0) and done == ["x"] and not quiet.busy()
    assert tween.ease_out_bounce(1.0) == pytest.approx(1.0) and tween.ease_out_back(0.0) == pytest.approx(0.0)


def test_every_sprite_loads_and_tints():
    pygame.display.init()
    names = ["van", "bike", "meeple", "token", "coin", "trap", "diversion", "roadworks", "checkpoint", "app_icon"]
    names += [f"parcel_{k}" for k in sprites.PARCELS] + [f"die_{v}" for v in range(1, 7)]
    names += [f"icon_{k}" for k in ("save", "undo", "menu", "rules", "settings")]
    for n in names:
        assert sprites.image(n).get_width() > 0, n
    assert sprites.image("app_icon").get_size() == (256, 256)
    blue = sprites.tinted("van", (0, 114, 178), 64)
    orange = sprites.tinted("van", (230, 159, 0), 64)
    assert blue.get_width() == 64 and blue is not orange
    assert sprites.tinted("van", (0, 114, 178), 64) is blue  # cached
    assert sprites.rotated("bike", 180, 40, (0, 158, 115)).get_width() > 0
    with pytest.raises(FileNotFoundError):
        sprites.image("no_such_sprite")


def test_markdown_parses_headings_lists_and_tables():
    blocks = markdown.parse("# Title\n\nSome **bold** text\nwrapped.\n\n- one\n- two\n  1. sub\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading", "para", "item", "item", "item", "table"]
    assert blocks[1].text == "Some **bold** text wrapped."
    assert blocks[4].level == 1 and blocks[4].marker == "1."
    assert blocks[5].rows == [["a", "b"], ["1", "2"]]
    pygame.font.init()
    surf = markdown.render("# Title\n\nText " * 3, 400)
    assert surf.get_width() == 400 and surf.get_height() > 50


def test_sound_effects_follow_events_and_volume():
    from courier.rules.next_day import events as E
    from courier.scenes.games.next_day import anim  # noqa: F401 - it names the game's sounds
    from courier.ui.sound import RECIPES, Sounds, sound_for

    rolled = E.Rolled(text="", value=4, seat=0)
    delivered = E.Delivered(text="", seat=0, vehicle="van", contract=1, place="Ugley", amount=30)
    moved = E.Moved(text="", seat=0, vehicle="van", path=["Ugley", "Sheepwash"], cost=2)
    assert sound_for(rolled) == "roll"
    assert sound_for(delivered) == "chime"
    assert sound_for(moved) == "tick"
    assert sound_for(E.Passed(text="", seat=0, contract=1)) is None
    for name, make in RECIPES.items():
        pcm = make()
        assert len(pcm) > 1000 and max(abs(v) for v in pcm) > 10000, name
    quiet = Sounds(volume=0.0)
    assert quiet.play("chime") is False
    loud = Sounds(volume=0.5)
    assert loud.play_events([moved, delivered]) == "chime"


# -- the widgets at the interface scale ------------------------------------------------------------
@pytest.fixture
def scale():
    """Set the interface scale for one test (the window's own scale comes back after)."""
    from courier.ui import theme

    old = theme.ui_scale()
    yield theme.set_ui_scale
    theme.set_ui_scale(old)


def test_switches_tracks_and_knobs_grow_with_the_scale(scale):
    from courier.ui.widgets import Toggle

    pygame.font.init()
    toggle = Toggle(pygame.Rect(0, 0, 400, 80), "Sound", True)
    slider = Slider(pygame.Rect(0, 100, 400, 100), "Volume", 0.0, 1.0, 0.5)
    scale(1.0)
    assert toggle._switch_rect().size == (56, 28) and slider.track().height == 8
    scale(2.0)
    sw = toggle._switch_rect()
    assert sw.size == (112, 56) and sw.right == toggle.rect.right and sw.centery == toggle.rect.centery
    assert slider.track().height == 16 and slider.track().bottom == slider.rect.bottom - 16
    surf = pygame.Surface((400, 220))
    surf.fill((0, 0, 0))
    toggle.draw(surf)
    # the knob (white, radius 22 at 2x) fills a spot 20 px in from the switch's right end
    assert surf.get_at((sw.right - 28 - 18, sw.centery))[:3] == (255, 255, 255)


def test_a_button_icon_follows_the_scale(scale, monkeypatch):
    from courier.ui import draw

    pygame.font.init()
    sizes: list[int] = []
    monkeypatch.setattr(draw, "icon", lambda surface, name, center, size, colour=None: sizes.append(size))
    b = Button(pygame.Rect(0, 0, 300, 100), "Save", icon="icon_save", size=16)
    surf = pygame.Surface((300, 100))
    scale(1.0)
    b.draw(surf)
    scale(2.0)
    b.draw(surf)
    assert sizes == [20, 40]


def test_the_caret_stays_in_its_box_and_tooltips_in_the_window(scale):
    from courier.ui import draw
    from courier.ui.widgets import draw_tooltip

    pygame.font.init()
    scale(1.5)
    entry = TextEntry(pygame.Rect(0, 0, 120, 60), "a rather long name", max_len=40)
    entry.focus(True)
    surf = pygame.Surface((400, 300))
    surf.fill((0, 0, 0))
    entry.draw(surf)
    assert all(surf.get_at((x, 30))[:3] != theme_ink() for x in range(entry.rect.right, 400))
    audit = draw.start_audit()
    try:
        draw_tooltip(surf, "A tooltip that has quite a lot to say about the thing under the pointer " * 3, (390, 290))
    finally:
        draw.stop_audit()
    assert audit.covers and not audit.lines  # a card over the screen
    window = surf.get_rect()
    assert all(window.contains(r) for _, r, _ in audit.covers)
    assert max(r.width for _, r, _ in audit.covers) <= 400 - 8


def theme_ink():
    from courier.ui import theme

    return theme.INK


def test_greyed_buttons_say_why_to_the_keyboard():
    b = Button(pygame.Rect(0, 0, 100, 40), "Undo", enabled=False, tooltip="Take back your move")
    g = WidgetGroup([b])
    assert g.targets()[0].why_not == "Take back your move"
    b.why_not = "Nothing to take back."
    assert g.targets()[0].why_not == "Nothing to take back."


def test_a_van_takes_as_long_on_any_window(scale):
    scale(1.0)
    small = tween.PathTween([(0, 0), (200, 0)], speed=100)
    scale(2.0)
    big = tween.PathTween([(0, 0), (400, 0)], speed=100)
    assert small.duration == pytest.approx(2.0) and big.duration == pytest.approx(2.0)


def test_a_long_switch_or_slider_label_gives_way_and_is_whole_on_hover(scale):
    from courier.ui import draw
    from courier.ui.widgets import Toggle

    pygame.font.init()
    scale(2.0)
    toggle = Toggle(pygame.Rect(0, 0, 400, 80), "Reduced motion (no travel or rolling)", False)
    slider = Slider(pygame.Rect(0, 100, 300, 100), "Animation speed for every van", 0.25, 4.0, 1.0,
                    fmt=lambda v: f"{v:g}×")
    g = WidgetGroup([toggle, slider])
    surf = pygame.Surface((400, 220))
    audit = draw.start_audit()
    try:
        g.draw(surf)
    finally:
        draw.stop_audit()
    label = next(r for _, r, t in audit.lines if t.startswith("Reduced"))
    off = next(r for _, r, t in audit.lines if t == "Off")
    assert label.right <= off.left and toggle.label_cut()
    value = next(r for _, r, t in audit.lines if t == "1×")
    slider_label = next(r for _, r, t in audit.lines if t.startswith("Animation"))
    assert slider_label.right <= value.left
    assert g.tooltip_at(toggle.rect.center) == "Reduced motion (no travel or rolling)"
    g.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert g.hovered_tooltip() == "Reduced motion (no travel or rolling)"
    toggle.rect.width = 700
    assert toggle.label_cut()  # still too long at twice the size
    scale(1.0)
    assert not toggle.label_cut() and g.tooltip_at(toggle.rect.center) is None
