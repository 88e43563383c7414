"""The real-window tests need an X server, a keyboard and mouse, screenshots and OCR.

Without them the tests are skipped on a developer's machine, but fail in CI (``CI=true``),
where ``.ci/run`` installs the Debian packages (xvfb, xdotool, imagemagick, tesseract-ocr).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.realwindow.xwindow import Session, missing_tools

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots" / "realwindow"
#: the window sizes the tester used: a small laptop and a full-HD screen
SIZES = [(1024, 600), (1920, 1080)]


@pytest.fixture(scope="session")
def x_tools() -> None:
    missing = missing_tools()
    if missing:
        reason = f"the real-window tests need {', '.join(missing)} (Debian/Ubuntu: apt-get install {' '.join(missing)})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI must run them")
        pytest.skip(reason)


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def session(request, x_tools):
    """An X screen of each size with nothing on it yet; its screenshots are kept under
    ``tests/_screenshots/realwindow/<test>-<size>/`` (emptied first)."""
    w, h = request.param
    name = request.node.originalname.removeprefix("test_")
    shots = SHOTS / f"{name}-{w}x{h}"
    shutil.rmtree(shots, ignore_errors=True)
    with Session((w, h), shots) as s:
        yield s
