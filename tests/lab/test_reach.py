"""Every setting of every ruleset's config can be changed by a study, and misspelt ones never pass."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courier.dev.lab.study import NOT_OVERRIDABLE, StudyError, study_from_text
from courier.rules import registry


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def head(game) -> str:
    n = max(game.min_players, min(3, game.max_players))
    seats = ", ".join(['"random"'] * n)
    return f'game = "{game.id}"\nplayers = {n}\nseats = [{seats}]\ngames = 1\n'


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_setting_is_reachable_from_a_study(game_id):
    game = registry.get(game_id)
    n = max(game.min_players, min(3, game.max_players))
    cfg = game.make_config(players=n)
    fields = [f for f in game.config_model.model_fields if f not in NOT_OVERRIDABLE]
    text = head(game)
    for f in fields:
        text += f"[variants.v_{f}]\n{f} = {toml_value(getattr(cfg, f))}\n"
    study = study_from_text(text)
    assert [a.variant for a in study.arms] == ["baseline"] + [f"v_{f}" for f in fields]
    for arm, f in zip(study.arms[1:], fields):
        assert f in arm.options
        again = game.make_config(players=n, **arm.options)
        assert getattr(again, f) == getattr(cfg, f)  # the value written is the value played


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(registry.ids()), st.data())
def test_a_misspelt_setting_never_runs(game_id, data):
    game = registry.get(game_id)
    fields = [f for f in game.config_model.model_fields if f not in NOT_OVERRIDABLE]
    field = data.draw(st.sampled_from(fields))
    cut = data.draw(st.integers(0, len(field) - 1))
    typo = field[:cut] + field[cut + 1:] + data.draw(st.sampled_from(["", "x", "s"]))
    if typo in game.config_model.model_fields:
        return
    text = head(game) + f"\n[variants.oops]\n{typo} = 1\n"
    with pytest.raises(StudyError) as info:
        study_from_text(text)
    assert any("line 7" in p and typo in p for p in info.value.problems)
