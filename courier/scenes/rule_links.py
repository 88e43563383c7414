"""Which rule a refused move breaks: the heading of the game's full rules that a refusal's words
point to, so the status line can offer "Rules: Driving (F1)" and open the Rules screen there.

The words are data (``docs/rules/links.toml``), one list per heading of each game's rules. The
word found earliest in the refusal wins (a sentence names its subject first: "Steps ... are for
your own route, not while priority cards are chosen" is about routes); on a tie, the longer word.
"""

from __future__ import annotations

import functools
import logging
import tomllib

from courier import resources

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=1)
def _links() -> dict[str, dict]:
    try:
        return tomllib.loads(resources.rules_links().read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:  # no links: refusals still say why
        log.warning("rules links unreadable: %s", exc)
        return {}


def heading_for(game_id: str, refusal: str) -> str | None:
    """The full rules' heading behind ``refusal`` (the game's default heading when no word
    matches; None when the game has no links)."""
    game = _links().get(game_id)
    if not game:
        return None
    text = refusal.lower()
    best: tuple[int, int, str] | None = None
    for heading, words in game.get("headings", {}).items():
        for word in words:
            at = text.find(word)
            if at >= 0 and (best is None or (at, -len(word)) < (best[0], best[1])):
                best = (at, -len(word), heading)
    return best[2] if best is not None else game.get("default")


def shown(heading: str) -> str:
    """A heading as the status line names it ("1. Priority cards" -> "Priority cards")."""
    head, _, rest = heading.partition(". ")
    return rest if head.isdigit() and rest else heading
