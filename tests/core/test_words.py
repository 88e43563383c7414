"""Counts read as a player writes them: "1 parcel", "3 parcels", never "parcel(s)"."""

from __future__ import annotations

from hypothesis import given, strategies as st

from courier.words import counted, plural


def test_plural_follows_the_number() -> None:
    assert plural(1, "parcel") == "1 parcel"
    assert plural(0, "parcel") == "0 parcels"
    assert plural(3, "more choice") == "3 more choices"
    assert plural(2, "city", "cities") == "2 cities"


def test_counted_spells_every_count_the_rules_leave_open() -> None:
    assert counted("Ugley to Wig: 1 parcel(s) at 30 each") == "Ugley to Wig: 1 parcel at 30 each"
    assert counted("The exploding package: 2 round(s) left.") == "The exploding package: 2 rounds left."
    assert counted("Only 1 step(s) are left; the route needs 3 more step(s)") == \
        "Only 1 step are left; the route needs 3 more steps"
    assert counted("take exactly 2 card(s) from the face-up row") == "take exactly 2 cards from the face-up row"
    assert counted("nothing to count here") == "nothing to count here"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60), st.integers(0, 999),
       st.sampled_from(["parcel", "step", "round", "sat-nav charge"]))
def test_counted_leaves_no_open_count_and_touches_nothing_else(prefix: str, n: int, word: str) -> None:
    text = f"{prefix} {n} {word}(s)."
    got = counted(text)
    assert f"{n} {word}(s)" not in got
    assert got.startswith(prefix) and got.endswith(".")
