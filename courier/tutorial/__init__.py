"""Learn to play: each game's guided first game, read from its step file.

A guided game is a fixed table (the learner in seat 0 against the game's Easy rule-of-thumb
players, one seed, options that keep it short) and a list of steps in
``docs/rules/<game>-tutorial.toml``. A step either *tells* (the learner reads it and goes on),
*asks* for one or more exact moves (the board lights the control and accepts only those moves),
or lets the learner *play* freely to the end of the game. Because the computers answer the same
way to the same position, every asked-for move is legal when its step comes, and the suite
proves it by walking every script with the rules (``walk``).

This package holds no drawing: ``courier.scenes.tutorial`` shows it.
"""

from courier.tutorial.script import Script, Step, ScriptError, load, games_with_tutorials
from courier.tutorial.walk import Walker, make_match, walk

__all__ = ["Script", "Step", "ScriptError", "load", "games_with_tutorials", "Walker", "make_match", "walk"]
