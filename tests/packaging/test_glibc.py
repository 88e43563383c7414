"""build/glibc.py reads the newest glibc a Linux build needs from its libraries."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("courier_build_glibc", ROOT / "build" / "glibc.py")
assert _spec and _spec.loader
glibc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(glibc)

#: ``objdump -T`` of a bundled libstdc++ (shortened), as this machine prints it
SAMPLE = """
dist/Courier/_internal/libstdc++.so.6:     file format elf64-x86-64

DYNAMIC SYMBOL TABLE:
0000000000000000  w   D  *UND*\t0000000000000000  Base        _ITM_addUserCommitAction
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_2.2.5) __strtof_l
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_2.34) pthread_join
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_2.3.2) pthread_cond_destroy
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_2.36) arc4random
0000000000000000      DF *UND*\t0000000000000000  GLIBC_2.9   pipe2
00000000000a1b20 g    DF .text\t0000000000000042  GLIBCXX_3.4.30 _ZNSt6thread4joinEv
00000000000a1c00 g    DF .text\t0000000000000042 (GLIBC_2.99) defined_here_not_needed
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_PRIVATE) __libc_internal
"""


def test_reads_needed_versions_only() -> None:
    assert glibc.needed_versions(SAMPLE) == {(2, 2, 5), (2, 34), (2, 3, 2), (2, 36), (2, 9)}


def test_versions_compare_as_numbers() -> None:
    needs = {"a.so": {(2, 9)}, "b.so": {(2, 10)}, "c.so": {(2, 2, 5), (2, 10)}}
    assert glibc.highest(needs) == ((2, 10), ["b.so", "c.so"])
    assert glibc.show(glibc.parse_version("2.10")) == "2.10"


def test_nothing_needed() -> None:
    assert glibc.highest({"static": set()}) == (None, [])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux (ELF) programs")
def test_report_on_a_real_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """This Python's own program, copied into a folder with a file that is no ELF."""
    assert shutil.which("objdump"), "objdump (binutils) is needed to read the build"
    shutil.copy(Path(sys.executable).resolve(), tmp_path / "python")
    (tmp_path / "readme.txt").write_text("not a program")
    top, which, count = glibc.report(tmp_path)
    assert count == 1 and which == ["python"]
    assert top is not None and (2, 2) <= top < (3,)
    assert glibc.main([str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith(f"glibc_required: {glibc.show(top)} (python;")
    assert glibc.main([str(tmp_path), "--max", "2.0"]) == 1  # a promise the build cannot keep
