"""The measurement and development tools, kept apart from the game they measure.

Nothing here is needed to play: these are the commands a designer or developer runs from a
checkout (``courier lab``, ``courier simulate``, ``courier bench``, ``courier records``,
``courier then-and-now``, ``courier fuzz-saves``) and the parts they share.

- ``lab/``: playtest studies of a ruleset's variants and their balance reports
- ``simulate``, ``simrecord``, ``behaviour``: computer games played in a batch, their results files,
  and the key that says which players' decisions a record holds
- ``records``, ``then_and_now``: the computer players' strength records, and a level now against
  itself at an earlier commit
- ``gauntlet/``: outside players written from the rules alone, the yardsticks our players were not
  tuned on (other outside players belong beside it)
- ``bench/``: speed figures of the rules, the search and the app
- ``fuzz_saves``, ``save_damage``: real saves damaged in every way, and what the reader makes of them

The game itself reaches into this package in two places only, both drawn in the layer contract in
pyproject.toml: the replay screen reads a lab study's recorded games (``lab``), and the computer
players' levels include the gauntlet's outside styles (``gauntlet``). This module imports nothing,
so that each tool sits in the layers on its own.
"""
