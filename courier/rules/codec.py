"""One action codec for every game, in the spirit of python-chess's ``Move.uci()``/``from_uci``.

Each action class declares its text form as data, a template such as ``text = "move {to:cell}"``:
literal words, and fields written ``{name:kind}`` where ``kind`` names a :class:`Field` that
writes the value and reads it back. ``to_text`` and ``parse`` are derived from those templates,
so a text form is written down once and round-trips by construction. A game's own kinds of
field (a tile on its board, a road by its label) are given to its :class:`Codec`; reading may
use what the game hands in (``ctx``: the board, the seat to act).

The text forms are what saves store and golden digests hash: a template must give exactly the
characters the hand-written ``to_text`` gave.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from courier.rules.base import IllegalAction

if TYPE_CHECKING:
    from courier.rules.base import Action

_FIELD = re.compile(r"\{(\w+):(\w+)\}")


def whole(text: str) -> bool:
    """Plain digits 0-9 only (``str.isdigit`` also accepts '²', which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


class Field:
    """How one field of an action is written and read back. ``pattern`` is the regular
    expression its text matches inside the template (kept loose where ``read`` gives a better
    reason than "not an action")."""

    pattern = r"\S+"

    def write(self, action: "Action", name: str) -> str:
        return f"{getattr(action, name)}"

    def read(self, text: str, name: str, ctx: Mapping[str, Any]) -> dict[str, Any]:
        """The action's field values this text gives (usually just ``{name: value}``); raise
        IllegalAction (or ValueError, turned into one) when it means nothing."""
        return {name: self.value(text, ctx)}

    def value(self, text: str, ctx: Mapping[str, Any]) -> Any:
        return text


class Word(Field):
    """One word, as it is."""


class Rest(Field):
    """The rest of the text, spaces and all (a place's name)."""

    pattern = r".+"


class Number(Field):
    """A whole number written in plain digits."""

    pattern = r"[0-9]+"

    def value(self, text: str, ctx: Mapping[str, Any]) -> int:
        return int(text)


class Seat(Field):
    """A seat written from 1 with a ``p``: ``p2`` is seat 1."""

    def __init__(self, *, any_case: bool = False, from_one: bool = False) -> None:
        self.any_case, self.from_one = any_case, from_one
        self.pattern = r"[pP]\S*" if any_case else r"p\S*"

    def write(self, action: "Action", name: str) -> str:
        return f"p{getattr(action, name) + 1}"

    def value(self, text: str, ctx: Mapping[str, Any]) -> int:
        digits = text[1:]
        if not whole(digits) or (self.from_one and int(digits) < 1):
            raise IllegalAction(f"{text!r} is not a player (write p1, p2, ...)")
        return int(digits) - 1


class Joined(Field):
    """A tuple of words written with ``sep`` between them; ``empty`` stands for no words."""

    def __init__(self, sep: str, *, pattern: str = r".+", empty: str | None = None,
                 item: Callable[[str], str] = lambda s: s) -> None:
        self.sep, self.pattern, self.empty, self.item = sep, pattern, empty, item

    def write(self, action: "Action", name: str) -> str:
        text = self.sep.join(getattr(action, name))
        return text or self.empty or ""

    def value(self, text: str, ctx: Mapping[str, Any]) -> tuple[str, ...]:
        if self.empty is not None and text == self.empty:
            return ()
        return tuple(self.item(part) for part in text.split(self.sep))


class Choice(Field):
    """One of a few values, each written as a word: ``{True: "first", False: "second"}``.
    ``accept`` limits the words read back (all of them unless given)."""

    def __init__(self, words: Mapping[Any, str], accept: Iterable[str] | None = None) -> None:
        self.words = dict(words)
        self.values = {w: v for v, w in self.words.items() if accept is None or w in set(accept)}
        self.pattern = "|".join(re.escape(w) for w in sorted(self.values, key=len, reverse=True))

    def write(self, action: "Action", name: str) -> str:
        value = getattr(action, name)
        return self.words.get(value, f"{value}")

    def value(self, text: str, ctx: Mapping[str, Any]) -> Any:
        if text not in self.values:  # (a template read in any case lets 'First' through to here)
            raise IllegalAction(f"{text!r} is not one of: {', '.join(self.values)}")
        return self.values[text]


#: the kinds of field every game may name in its templates
SHARED: dict[str, Field] = {"word": Word(), "rest": Rest(), "int": Number()}


@dataclass(frozen=True)
class _Template:
    cls: type[Action]
    regex: re.Pattern[str]
    fields: tuple[tuple[str, Field], ...]
    #: action -> its text (made once per class: the computer players write texts by the thousand)
    write: Callable[[Any], str]


def _writer(parts: list[tuple[str, str, Field]], tail: str) -> Callable[[Any], str]:
    """The template's writer, made once: its literal words joined with each field's text. A field
    whose kind writes it as it is is read straight (``operator.attrgetter``) and formatted as an
    f-string would; any other asks its kind. No code is made from text: closures of one to three
    fields (every template so far) join their pieces directly, longer ones in a loop."""
    pieces = [_piece(name, conv) for _, name, conv in parts]
    words = [literal for literal, _, _ in parts] + [tail]
    if not pieces:
        return lambda action: tail
    if len(pieces) == 1:
        (a,), (w0, w1) = pieces, words
        return lambda action: w0 + a(action) + w1
    if len(pieces) == 2:
        (a, b), (w0, w1, w2) = pieces, words
        return lambda action: w0 + a(action) + w1 + b(action) + w2
    if len(pieces) == 3:
        (a, b, c), (w0, w1, w2, w3) = pieces, words
        return lambda action: w0 + a(action) + w1 + b(action) + w2 + c(action) + w3
    steps = tuple(zip(pieces, words[1:]))
    head = words[0]
    return lambda action: head + "".join([piece(action) + after for piece, after in steps])


def _piece(name: str, conv: Field) -> Callable[[Any], str]:
    """One field's text of an action."""
    if type(conv).write is Field.write:
        get = operator.attrgetter(name)
        return lambda action: format(get(action))
    write = conv.write
    return lambda action: format(write(action, name))


def _compile(cls: type[Action], kinds: Mapping[str, Field], flags: int) -> _Template:
    template: str = cls.text
    parts: list[tuple[str, str, Field]] = []
    regex = ""
    at = 0
    for m in _FIELD.finditer(template):
        literal = template[at:m.start()]
        name, kind = m.group(1), m.group(2)
        if kind not in kinds:
            raise KeyError(f"{cls.__name__}.text names a field kind {kind!r} that nobody defined")
        parts.append((literal, name, kinds[kind]))
        regex += re.escape(literal) + f"(?P<{name}>{kinds[kind].pattern})"
        at = m.end()
    tail = template[at:]
    regex += re.escape(tail)
    return _Template(cls, re.compile(regex, flags), tuple((p[1], p[2]) for p in parts), _writer(parts, tail))


class Codec:
    """The text forms of one game's actions: ``to_text`` writes one, ``parse`` reads any of them.

    ``actions`` are tried in order (put a class whose pattern would swallow others last);
    ``fields`` adds the game's own kinds of field; ``unknown`` is the refusal for a text that
    matches no template (``{text!r}`` is filled in); ``tidy`` normalises the text first (by
    default: surrounding spaces off, runs of spaces made one).
    """

    def __init__(self, title: str, actions: Iterable[type[Action]], *, fields: Mapping[str, Field] | None = None,
                 unknown: str = "{text!r} is not an action of {title}", any_case: bool = False,
                 tidy: Callable[[str], str] = lambda t: " ".join(t.split())) -> None:
        self.title = title
        self.kinds = {**SHARED, **(fields or {})}
        self.unknown = unknown
        self.tidy = tidy
        self.templates = [_compile(cls, self.kinds, re.IGNORECASE if any_case else 0) for cls in actions]
        self._by_class = {t.cls: t for t in self.templates}
        for cls in self._by_class:
            cls.codec = self

    def to_text(self, action: "Action") -> str:
        return self._by_class[type(action)].write(action)

    def parse(self, text: str, seat: int = 0, **ctx: Any) -> "Action":
        """The action written as ``text``; ``seat`` acts unless the text names its seat.
        Anything else raises IllegalAction with a reason a player can read."""
        tidy = self.tidy(text)
        context = {"text": text, "seat": seat, **ctx}
        for t in self.templates:
            m = t.regex.fullmatch(tidy)
            if m is None:
                continue
            values: dict[str, Any] = {"seat": seat}
            try:
                for name, conv in t.fields:
                    values.update(conv.read(m.group(name), name, context))
            except IllegalAction:
                raise
            except ValueError as exc:  # a game's own reader (a board's tile) says what is wrong
                raise IllegalAction(f"{text!r}: {exc}") from None
            return t.cls(**values)
        raise IllegalAction(self.unknown.format(text=text, title=self.title))
