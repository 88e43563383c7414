"""The board catalogue: every board the players have, found on disk rather than listed in code.

Boards come from three places: the shipped ones in ``assets/maps``, every ``.tmx`` in the user's
boards folder (:func:`courier.paths.boards_dir`), and any folder given with ``--boards DIR``. A
board says which game it is for and its title in its map properties ``game`` and ``title``.

Listing reads only those two properties (ElementTree, cached by path and modification time); the
full check of a board runs only when asked (:func:`first_problem`) and is cached the same way.
Nothing here ever raises for a bad board file: it is listed with its first problem.

A game's config names its board by a *key*: a shipped board's name (the keys older saves use,
from ``GameRules.maps``, else the file's stem) or, for any other board, the file's absolute path.
The rules core reaches files only through :func:`locate`, installed as its board locator.
"""

from __future__ import annotations

import hashlib
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from courier import paths, resources
from courier.rules import mapdata

#: folders given with ``--boards DIR`` for this run
_extra_folders: list[Path] = []
#: path -> (stamp, value) caches
_peeks: dict[Path, tuple[tuple[int, int], tuple[str, str, str | None]]] = {}
_checks: dict[Path, tuple[tuple[int, int], str | None]] = {}
_hashes: dict[Path, tuple[Any, str]] = {}


@dataclass(frozen=True)
class BoardEntry:
    """One board file as the set-up screen lists it."""

    key: str  # what a config's ``map`` holds
    path: Path
    game: str  # the game id from the map's ``game`` property ("" when unreadable)
    title: str
    shipped: bool
    #: a problem found just by listing it (unreadable file, no ``game``); the full check is lazy
    listing_problem: str | None = None

    @property
    def origin(self) -> str:
        """Where the board comes from, in a few words for its card."""
        if self.shipped:
            return "shipped with Courier"
        try:
            if self.path.parent.resolve() == paths.boards_dir().resolve():
                return "in your boards folder"
        except OSError:
            pass
        return f"from the folder {self.path.parent.name}"


# -- folders ---------------------------------------------------------------------------------------


def shipped_dir() -> Path:
    return Path(resources.asset("maps"))


def add_folder(folder: str | Path) -> None:
    """Also list the boards in ``folder`` (``--boards DIR``) for the rest of this run."""
    path = Path(folder).expanduser().resolve()
    if path not in _extra_folders:
        _extra_folders.append(path)


def clear_folders() -> None:
    """Forget the ``--boards`` folders (tests)."""
    _extra_folders.clear()


def user_folders() -> list[Path]:
    """The players' own board folders: the boards folder, then each ``--boards`` folder."""
    out = []
    try:
        out.append(paths.boards_dir())
    except OSError:
        pass  # a data folder that cannot be made: no user boards, never a crash
    out += [f for f in _extra_folders if f not in out]
    return out


# -- reading a board's name cheaply -----------------------------------------------------------------


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def pretty_name(stem: str) -> str:
    """A file name as a title ("harbour_lanes" -> "Harbour Lanes") for a board without one."""
    return stem.replace("_", " ").replace("-", " ").strip().title() or stem


def _peek(path: Path) -> tuple[str, str, str | None]:
    """(game, title, problem) from the map properties alone; cached by path and stamp."""
    stamp = _stamp(path)
    cached = _peeks.get(path)
    if stamp is not None and cached and cached[0] == stamp:
        return cached[1]
    game, title, problem = "", pretty_name(path.stem), None
    try:
        root = ET.parse(path).getroot()
        props: dict[str, str] = {}
        kinds: dict[str, str] = {}
        for node in root.findall("properties/property"):
            props[node.get("name", "")] = node.get("value", node.text or "")
            kinds[node.get("name", "")] = node.get("type", "string")
        if root.tag != "map":
            problem = "this is not a Tiled map file"
        game = props.get("game", "").strip()
        title = (props.get("title") or props.get("name") or "").strip() or title
        if "game" in props and kinds["game"] != "string" and problem is None:
            problem = (f"its 'game' property is a {kinds['game']} property; it must be a string property naming "
                       "the game (Map > Map Properties)")
            game = ""
        if not game and problem is None:
            problem = "the map has no 'game' property naming its game (Map > Map Properties)"
    except ET.ParseError as exc:
        problem = f"not a readable Tiled file (the XML is broken: {exc})"
    except OSError as exc:
        problem = f"the file cannot be read ({exc.strerror or exc})"
    value = (game, title, problem)
    if stamp is not None:
        _peeks[path] = (stamp, value)
    return value


def _shipped_keys(game: Any) -> dict[str, str]:
    """file name -> key for the shipped boards that older saves already name."""
    return {filename: key for key, filename in getattr(game, "maps", {}).items()}


def _games() -> dict[str, Any]:
    from courier.rules import registry

    out = {}
    for gid in registry.ids():
        try:
            out[gid] = registry.get(gid)
        except Exception:  # a game that fails to load lists no boards
            continue
    return out


def _entry(path: Path, shipped: bool, games: dict[str, Any]) -> BoardEntry:
    game, title, problem = _peek(path)
    if shipped:
        known = _shipped_keys(games[game]) if game in games else {}
        key = known.get(path.name, path.stem)
    else:
        key = str(path.resolve())
    if problem is None and game not in games:
        from courier.rules.mapdata import did_you_mean

        guess = did_you_mean(game, games)
        problem = (f"its 'game' property is '{game}', which is no game"
                   + (f"; did you mean '{guess}'?" if guess else f"; use one of: {', '.join(games)}"))
    return BoardEntry(key=key, path=path, game=game, title=title, shipped=shipped, listing_problem=problem)


def _tmx_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.suffix.lower() == ".tmx" and p.is_file())
    except OSError:
        return []


def all_boards() -> list[BoardEntry]:
    """Every board found: shipped first, then the players' own. Never raises."""
    games = _games()
    out = [_entry(p, True, games) for p in _tmx_files(shipped_dir())]
    seen = {e.path.resolve() for e in out}
    for folder in user_folders():
        for p in _tmx_files(folder):
            if p.resolve() not in seen:
                seen.add(p.resolve())
                out.append(_entry(p, False, games))
    return out


def boards_for(game_id: str, *, include_unknown: bool = True) -> list[BoardEntry]:
    """The boards of one game, in the order the set-up screen shows them.

    The game's own shipped boards come first (its default first), then the players' boards by
    title. With ``include_unknown``, user boards that say no (or no known) game are listed too,
    so a designer sees why theirs is missing.
    """
    from courier.rules import registry

    game = registry.get(game_id)
    order = list(getattr(game, "maps", {}))
    mine = [e for e in all_boards() if e.game == game_id]
    if include_unknown:
        games = set(registry.ids())
        mine += [e for e in all_boards() if not e.shipped and e.game not in games]
    shipped = sorted((e for e in mine if e.shipped),
                     key=lambda e: (order.index(e.key) if e.key in order else len(order), e.title.casefold()))
    own = sorted((e for e in mine if not e.shipped), key=lambda e: (e.title.casefold(), str(e.path)))
    return shipped + own


# -- checks, hashes, keys ----------------------------------------------------------------------------


def first_problem(entry: BoardEntry) -> str | None:
    """The first thing that stops this board being played (None when it passes every check)."""
    if entry.listing_problem:
        return entry.listing_problem
    stamp = _stamp(entry.path)
    cached = _checks.get(entry.path)
    if stamp is not None and cached and cached[0] == stamp:
        return cached[1]
    from courier.boards.tiled import check_map

    try:
        lines = check_map(entry.path)
    except Exception as exc:  # the checker must never take the set-up screen down
        lines = [f"{entry.path}: it could not be checked ({type(exc).__name__})"]
    problem = None
    if lines:
        first = lines[0]
        prefix = f"{entry.path}: "
        problem = first[len(prefix):] if first.startswith(prefix) else first
        if len(lines) > 1:
            problem += f" (and {len(lines) - 1} more)"
    if stamp is not None:
        _checks[entry.path] = (stamp, problem)
    return problem


_tileset_lists: dict[Path, tuple[Any, list[Path]]] = {}


def _tilesets(path: Path) -> list[Path]:
    """The tileset files a board names (cached by the board file's stamp: a save hashes its board)."""
    stamp = _stamp(path)
    cached = _tileset_lists.get(path)
    if stamp is not None and cached and cached[0] == stamp:
        return cached[1]
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return []
    found = [path.parent / ts.get("source", "") for ts in root.findall("tileset") if ts.get("source")]
    if stamp is not None:
        _tileset_lists[path] = (stamp, found)
    return found


def content_hash(path: Path) -> str:
    """SHA-256 of the board file and the tileset files it uses: what makes the board the board."""
    parts = [path, *_tilesets(path)]
    stamp = tuple(_stamp(p) for p in parts)
    cached = _hashes.get(path)
    if None not in stamp and cached and cached[0] == stamp:
        return cached[1]
    digest = hashlib.sha256()
    for part in parts:
        try:
            digest.update(part.read_bytes())
        except OSError:
            digest.update(b"missing:" + part.name.encode())
    value = digest.hexdigest()
    if None not in stamp:
        _hashes[path] = (stamp, value)
    return value


def locate(game_id: str, key: str) -> Path | None:
    """The file of board ``key`` of ``game_id``, or None when there is no such board now."""
    if not key:
        return None
    games = _games()
    game = games.get(game_id)
    aliases = getattr(game, "maps", {}) if game is not None else {}
    if key in aliases:
        return shipped_dir() / aliases[key]
    shipped = shipped_dir() / f"{key}.tmx"
    if os.sep not in key and "/" not in key and shipped.is_file() and _peek(shipped)[0] == game_id:
        return shipped
    path = Path(key).expanduser()
    if path.is_absolute() and path.suffix.lower() == ".tmx" and path.is_file() and _peek(path)[0] == game_id:
        return path
    return None


def entry_for(game_id: str, key: str) -> BoardEntry | None:
    """The listed board of ``key`` (a board given by path outside every folder is listed too)."""
    path = locate(game_id, key)
    if path is None:
        return None
    games = _games()
    shipped = path.resolve().parent == shipped_dir().resolve()
    entry = _entry(path, shipped, games)
    return entry if shipped else BoardEntry(key=key, path=path, game=entry.game, title=entry.title,
                                             shipped=False, listing_problem=entry.listing_problem)


def resolve(game_id: str, text: str) -> str:
    """The board key ``text`` means: a title, a name or a path. ValueError says what there is.

    ``courier play --map`` and ``courier simulate --map`` both look boards up here. A name or title
    that fits more than one board is refused with the boards it fits and how to name one of them.
    """
    text = text.strip()
    choices = boards_for(game_id, include_unknown=False)
    path = Path(text).expanduser()
    for e in choices:  # a key first, then a path, then a file name, then a title
        if text == e.key:
            return e.key
    if path.is_absolute() or os.sep in text or "/" in text:
        for e in choices:
            if path.is_file() and path.resolve() == e.path.resolve():
                return e.key
    folded = text.casefold()
    by_file = [e for e in choices if folded in (e.key.casefold(), e.path.stem.casefold(), e.path.name.casefold())]
    by_title = [e for e in choices if e.title.casefold() == folded]
    for found in (by_file, by_title):
        if len(found) == 1:
            return found[0].key
        if len(found) > 1:
            raise ValueError(_ambiguous(text, found, by_title=found is by_title))
    if locate(game_id, text) is not None:
        return text
    if path.suffix.lower() == ".tmx" or os.sep in text or "/" in text:
        if not path.is_file():
            raise ValueError(f"there is no board file {text}")
        game, _title, problem = _peek(path)
        if problem:
            raise ValueError(f"{text}: {problem}")
        if game != game_id:
            raise ValueError(f"{text} is a board for {game!r}, not {game_id!r}")
        return str(path.resolve())
    titles = ", ".join(repr(e.title) for e in choices) or "none"
    raise ValueError(f"no board called {text!r}; boards: {titles}")


def _ambiguous(text: str, found: list[BoardEntry], *, by_title: bool) -> str:
    """Why ``text`` names no one board, and how to name the one meant."""
    count = "two" if len(found) == 2 else str(len(found))
    listed = "; ".join(f"{e.path.name} ({e.origin}, {e.path})" for e in found)
    stems = [e.path.stem for e in found]
    if by_title and len(set(stems)) == len(stems):
        how = "pick one by its file name (" + " or ".join(repr(s) for s in stems) + ") or by its path"
        return f"{count} boards share the title {text!r}: {listed}; {how}"
    return f"{count} boards have the file name {text!r}: {listed}; pick one by its path"


def _shown_title(text: str, limit: int = 60) -> str:
    """A board title from a save, fit for a message: printable and short (the file may be damaged)."""
    text = "".join(ch for ch in text if ch.isprintable()).strip() or "?"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def saved_board_problem(game_id: str, key: Any, title: str, saved_hash: str) -> str | None:
    """Why a save cannot be played on its board now (None when it can).

    Saves made before boards were recorded carry no hash: they load on the shipped board of their key.
    """
    if not isinstance(key, str) or not key:
        return None
    shown = _shown_title(title or pretty_name(Path(key).stem))
    path = locate(game_id, key)
    if path is None:
        return (f"This game was played on the board '{shown}', which is no longer in your boards folder. "
                "Put the board file back to play on.")
    if saved_hash and content_hash(path) != saved_hash:
        return (f"This game was played on the board '{shown}', which has changed since it was saved, "
                "so the game cannot go on on it.")
    return None


def save_fields(game_id: str, key: str) -> dict[str, str]:
    """What a save records about its board: title and content hash (empty when it cannot be read)."""
    path = locate(game_id, key)
    if path is None:
        return {}
    return {"board_title": _peek(path)[1], "board_hash": content_hash(path)}


def open_folder(folder: Path) -> str | None:
    """Show ``folder`` in the system's file manager; a message for the player when that fails."""
    import subprocess
    import sys

    try:
        folder.mkdir(parents=True, exist_ok=True)
        if sys.platform.startswith("win"):
            os.startfile(str(folder))  # type: ignore[attr-defined]
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(folder)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    except (OSError, ValueError):
        return f"The folder could not be opened here; it is {folder}"
    return None


class _Source:
    """The boards the rules play on: shipped ones and the player's, read with the Tiled reader."""

    def locate(self, game_id: str, key: str) -> str | None:
        path = locate(game_id, key)
        return None if path is None else str(path)

    def load(self, filename: str) -> "mapdata.MapData":
        from courier.boards.tiled import load_bundled

        return load_bundled(filename)


#: the catalogue as a board source
SOURCE = _Source()


def install() -> None:
    """Hand the rules this catalogue as their board source, unless they were handed one already.
    Every program that plays (the app, each command, each worker process) calls it before a game
    starts; calling it again is free."""
    if not mapdata.has_source():
        mapdata.use_source(SOURCE)
