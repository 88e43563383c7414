"""Rules that show, not only tell: each game's Rules screen opens on a one-page How to play whose
pictures the game's own view draws from real positions (described as data in
``docs/rules/<game>-howto.md``), the full rules one key or Tab away; and a refused move names the
rule behind it, F1 opening the full rules at that heading."""

from __future__ import annotations

import copy
import logging
import tomllib

import pygame
import pytest

from courier import resources
from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.base import IllegalAction
from courier.scenes import rule_links
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.rules import RulesScene
from courier.scenes.rules_pictures import GamePictures, PictureError, build_position, parse_spec, picture
from courier.ui import markdown, thumbnail
from tests.app import layout_matrix
from tests.app.keys import KeyDriver, forbid_mouse

GAMES = registry.ids()


def _howto(gid: str) -> str:
    return resources.howto_doc(gid).read_text(encoding="utf-8")


def _specs(gid: str) -> list[str]:
    return [b.text for b in markdown.parse(_howto(gid)) if b.kind == "picture"]


def _headings(gid: str) -> list[str]:
    return [b.text for b in markdown.parse(resources.rules_doc(gid).read_text(encoding="utf-8"))
            if b.kind == "heading"]


def _busy(surface: pygame.Surface) -> int:
    """How many distinct colours a picture holds (a blank or one-colour surface has 1)."""
    small = pygame.transform.scale(surface, (64, 40))
    return len({tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(40)})


# -- the How to play pages -----------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_each_how_to_play_page_has_goal_turn_end_and_two_or_three_pictures(gid):
    text = _howto(gid)
    assert text.startswith("# How to play")
    for word in ("The goal", "A turn" if gid != "package-pandemonium" else "A round", "The end"):
        assert f"**{word}" in text, (gid, word)
    assert 2 <= len(_specs(gid)) <= 3
    for spec in _specs(gid):
        assert parse_spec(spec).caption, "every picture says what it shows"


@pytest.mark.parametrize("gid", GAMES)
def test_every_picture_is_a_real_position_reached_through_the_rules(gid):
    game = registry.get(gid)
    for spec_text in _specs(gid):
        spec = parse_spec(spec_text)
        assert spec.actions, "a picture shows a position past the start"
        _, _, state = build_position(gid, spec)  # every action goes through apply
        # replaying the same texts one by one: each was offered as a legal action at its turn
        # (dealt as pictures are, with the first seeding)
        replay = game.new_game(game.make_config(players=spec.players, seeding=0, **dict(spec.options)), spec.seed)
        for text in spec.actions:
            action = game.parse_action(replay, text)
            assert any(action == a for seat in game.to_act(replay) for a in game.legal_actions(replay, seat)), text
            game.apply(replay, action)
        assert game.to_act(replay) == game.to_act(state)


def test_a_picture_naming_an_action_the_rules_refuse_fails_loudly():
    with pytest.raises(IllegalAction):
        build_position("doorstep-dash", parse_spec('seed = 3\nplayers = 2\nactions = ["move 1,1"]'))
    with pytest.raises(PictureError):
        parse_spec("seed = 3\nzoom = 2")
    with pytest.raises(PictureError):
        parse_spec("crop = [0.5, 0.0, 0.2, 1.0]")


def test_pictures_are_drawn_by_each_games_view_non_empty_and_all_different(screen):
    seen: dict[tuple[str, int], bytes] = {}
    for gid in GAMES:
        for n, spec in enumerate(_specs(gid)):
            img = picture(gid, spec, 700)
            w, h = img.get_size()
            assert 300 <= w <= 700 and 150 <= h <= 700 * 0.68 + 1, (gid, n, img.get_size())
            assert _busy(img) > 60, f"picture {n} of {gid} is nearly blank"
            seen[gid, n] = pygame.image.tobytes(pygame.transform.scale(img, (160, 100)), "RGB")
    assert len(set(seen.values())) == len(seen), "two pictures came out the same"
    # and the games' pictures differ in look, not only in detail: their average colours differ
    firsts = [seen[gid, 0] for gid in GAMES]
    assert len(set(firsts)) == len(GAMES)


@pytest.mark.parametrize("gid", GAMES)
def test_the_how_to_play_page_renders_its_pictures(screen, gid, caplog):
    width = 760
    with caplog.at_level(logging.WARNING):
        with_pictures = markdown.render(_howto(gid), width, GamePictures(gid))
    assert not [r for r in caplog.records if "picture" in r.getMessage()], caplog.text
    text_only = markdown.render(_howto(gid), width)
    pictured = sum(picture(gid, s, width - 8).get_height() for s in _specs(gid))
    assert with_pictures.get_height() >= text_only.get_height() + pictured
    # the pictures are on the page, not only room for them: the page is busy where they go
    assert _busy(with_pictures) > _busy(text_only) + 50


# -- the Rules screen ----------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_the_rules_open_on_how_to_play_and_the_keyboard_reaches_full_rules(app, gid):
    forbid_mouse(app)
    rules = app.stack.push(RulesScene(app, gid))
    keys = KeyDriver(app)
    keys.frame()
    assert rules.page_kind == "howto" and rules.current == gid
    howto_height = rules.scroll.content_height
    keys.choose(lambda t: t.label.startswith("Full rules"), "the Full rules tab")
    assert rules.page_kind == "rules" and rules.scroll.offset == 0
    assert rules.scroll.content_height != howto_height
    keys.choose(lambda t: t.label.startswith("How to play"), "the How to play tab")
    assert rules.page_kind == "howto"
    keys.key(pygame.K_f, text="f")
    assert rules.page_kind == "rules"
    keys.key(pygame.K_h, text="h")
    assert rules.page_kind == "howto"
    # another game's tab opens that game on its How to play page
    other = next(g for g in GAMES if g != gid)
    keys.key(pygame.K_f, text="f")
    keys.choose(lambda t: t.label.startswith("Rules of") and registry.get(other).title in t.label, other)
    assert rules.current == other and rules.page_kind == "howto"


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_rules_screen_passes_the_layout_check_on_both_pages(courier_home, size):
    app = layout_matrix.open_app(size)
    try:
        problems: list[str] = []
        for gid in GAMES:
            rules = RulesScene(app, gid)
            app.stack.reset(rules)
            app.frame(1 / 60, [])
            problems += layout_matrix.check(app, f"howto-{gid}")
            rules.scroll.offset = rules.scroll.max_offset // 2  # a picture in view
            app.frame(1 / 60, [])
            problems += layout_matrix.check(app, f"howto-{gid}-middle")
            rules.show_page("rules")
            app.frame(1 / 60, [])
            problems += layout_matrix.check(app, f"fullrules-{gid}")
            linked = RulesScene(app, gid, section=_headings(gid)[-1])
            app.stack.reset(linked)
            app.frame(1 / 60, [])
            problems += layout_matrix.check(app, f"fullrules-{gid}-linked")
        assert problems == [], "\n".join(problems)
    finally:
        layout_matrix.close_app(app)


# -- a refusal's link to its rule ----------------------------------------------------------------
def test_every_heading_the_links_name_is_in_its_rules():
    links = tomllib.loads(resources.rules_links().read_text(encoding="utf-8"))
    assert set(links) == set(GAMES)
    for gid, data in links.items():
        heads = _headings(gid)
        assert data["default"] in heads, (gid, data["default"])
        for heading in data["headings"]:
            assert heading in heads, (gid, heading)


#: per game: a real position (seed, players, actions) and refusals the rules give there, each with
#: the heading it must point to; dealt with the first seeding (the actions name that deal's cards)
REFUSALS = {
    "next-day": (3, 3, ["p1 deal randomly", "p1 contracts done", "p2 deal randomly", "p2 contracts done",
                        "p3 deal randomly", "p3 contracts done"], {
        "p2 deal randomly": "Setting up: writing contracts for your neighbour",
        "bid 30": "Bidding for contracts",
        "van collect c1": "Parcels",
        "van Snodland->Sandwich": "Driving",
        "van Kevingston->Twice Brewed->Braintree->Upper Slaughter->Wigtwizzle->Ugley->Lower Slaughter->"
        "Sheepwash->Three Holes": "Driving",
    }),
    "doorstep-dash": (3, 2, ["keep Bell House + Tinker's Den + The Old Forge + Meadow View + The Rectory",
                             "keep Blackberry Barn + Riverside + Bramble Nook + Hazel Barn + Honey Cottage"], {
        "move 10,11": "Your turn",
        "accept": "Hazards",
        "play blue": "Hazards",
        "keep Bell House + Tinker's Den": "Getting started",
    }),
    "package-pandemonium": (5, 2, ["p2 base E4", "p1 base A5", "p2 company express", "p1 company big-van",
                                   "p1 priority 3", "p2 priority 7", "p1 go first"], {
        "p1 priority 4": "1. Priority cards",
        "p1 step W": "2. Routes",
        "p1 drive N,S,N,S": "2. Routes",
        "p1 rogue E": "4. The Rogue",
        "p1 base A2": "Setting up",
        "p1 drop high": "3. Picking up and dropping",
        "p2 step N": "A round",
    }),
    "out-for-delivery": (5, 2, ["start 4", "start 3", "roll"], {
        "pickup 1": "Your turn",
        "move 1,1": "The map",
        "use doughnut": "Items (2 dice)",
        "buy": "Items (2 dice)",
        "roll": "Your turn",
    }),
}


def _position(gid: str):
    seed, players, actions, _ = REFUSALS[gid]
    game = registry.get(gid)
    state = game.new_game(game.make_config(players=players, seeding=0), seed)
    for text in actions:
        game.apply(state, game.parse_action(state, text))
    return game, state


@pytest.mark.parametrize("gid", GAMES)
def test_real_refusals_point_to_the_rule_they_break(gid):
    game, state = _position(gid)
    heads = _headings(gid)
    for text, heading in REFUSALS[gid][3].items():
        with pytest.raises(IllegalAction) as refused:
            game.apply(copy.deepcopy(state), game.parse_action(state, text))
        got = rule_links.heading_for(gid, str(refused.value))
        assert got == heading and got in heads, (text, str(refused.value), got)


def _people(n: int) -> list[SeatSpec]:
    return [SeatSpec(f"Seat {i + 1}", (200 - 40 * i, 60 + 40 * i, 90), "human") for i in range(n)]


@pytest.mark.parametrize("gid", GAMES)
def test_a_refused_move_offers_its_rule_and_f1_opens_the_rules_there(app, drive, gid):
    seed, players, actions, refusals = REFUSALS[gid]
    match = Match.new(gid, _people(players), seed=seed, seeding=0)
    for text in actions:
        match.submit(match.game.parse_action(match.state, text))
    board = app.stack.push(BoardScene(app, match, autosave=False))
    for _ in range(50):  # the pass-the-device screen first, then the person to act has the board
        if isinstance(app.stack.top, HandoffScene):
            app.stack.top._continue()
        drive.frame()
    assert app.stack.top is board and board.seat == match.to_act()[0]
    opened = 0
    for text, heading in refusals.items():
        action = match.game.parse_action(match.state, text)
        if action.seat != board.seat:
            continue
        log = list(match.log)
        assert not board.submit(action) and match.log == log
        said = board.status_text()[0]
        assert said.endswith(f"Rules: {rule_links.shown(heading)} (F1)"), said
        drive.key(pygame.K_F1)
        rules = app.stack.top
        assert isinstance(rules, RulesScene) and rules.current == gid and rules.page_kind == "rules"
        top = rules.heading_top(heading)
        assert top is not None
        assert rules.scroll.offset == min(top, rules.scroll.max_offset)
        if top > 0:
            assert rules.scroll.offset > 0
        drive.key(pygame.K_ESCAPE)
        assert app.stack.top is board
        opened += 1
    assert opened >= 2, "too few of this game's refusals belong to the seat to act"
    # a click on the status line opens the same place
    text, heading = next((t, h) for t, h in refusals.items()
                         if match.game.parse_action(match.state, t).seat == board.seat)
    board.submit(match.game.parse_action(match.state, text))
    drive.click(board.status_rect().center)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.section == heading
    app.stack.pop()
    # with no refusal showing, F1 opens the rules on How to play
    board.flash = None
    drive.key(pygame.K_F1)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.page_kind == "howto"


def test_a_greyed_top_bar_button_is_no_rule(app, drive):
    match = Match.new("doorstep-dash", _people(2), seed=3)
    board = app.stack.push(BoardScene(app, match, autosave=False))
    drive.frame()
    board.say_refusal("Nothing to take back.", link=False)
    assert "Rules:" not in board.status_text()[0] and board.rule_link is None
