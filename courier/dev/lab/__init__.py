"""The playtest lab: studies of a ruleset's variants played out by computer players.

A study is a small TOML (or YAML) file naming a game, its boards, player counts, the seats and
named variants of the ruleset's config. ``courier lab STUDY.toml`` plays every arm (variant x
board x player count) with rotating seats, keeps each finished game in a results file so a stopped
study carries on where it was, and writes a balance report (HTML with charts, JSON and CSV).

Modules: ``study`` (the file and its validation), ``limits`` (what the rules need of a table's
entries), ``kinds`` (which decision an action is), ``play`` (one recorded game), ``runner`` (local
processes or a Dask cluster, resumable results), ``progress`` (the progress bar),
``stats`` (intervals and differences), ``analysis`` (the numbers per arm), ``charts`` and
``report`` (what a designer reads), ``replaydata`` (any recorded game, step by step), ``command``
(the ``courier lab`` and ``courier replay`` commands).
Nothing here is needed to play: matplotlib and dask are imported only where they are used.
"""
