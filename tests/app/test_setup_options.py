"""A game's on/off options appear on the setup screen and reach its config."""

from __future__ import annotations

from courier.rules import registry
from courier.scenes.setup import SetupScene
from courier.ui.widgets import Toggle


def test_next_day_quick_setup_toggle_reaches_the_config(app, drive):
    game = registry.get("next-day")
    setup = app.stack.push(SetupScene(app, games=[game]))
    setup.set_players(4)
    drive.frame()
    toggles = [w for w in setup.ui.widgets if isinstance(w, Toggle)]
    assert [t.label for t in toggles] == ["Quick set-up"]
    drive.click(toggles[0].rect.center)
    assert setup.toggles == {"quick_setup": True}
    drive.shot("setup-next-day-options")
    match = setup.start()
    assert match is not None and match.config.quick_setup is True
    # quick set-up deals the contracts: nobody is left building them
    assert match.state.phase == "play"
