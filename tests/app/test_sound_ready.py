"""Sound effects are made when the sound system starts, so no frame waits on building a waveform
the first time an effect plays; the faster waveform maths gives the same samples as the formula."""

from __future__ import annotations

import math

from courier.ui import sound


def test_every_effect_exists_before_its_first_play(monkeypatch):
    sounds = sound.Sounds(volume=0.5)
    if not sounds.enabled:  # no audio device at all: nothing to make, and play stays silent
        assert sounds.play("tick") is False
        return
    assert sounds.ready() == sorted(sound.RECIPES)

    def no_building() -> None:
        raise AssertionError("a waveform was built while playing")

    monkeypatch.setattr(sound, "RECIPES", {name: no_building for name in sound.RECIPES})
    for name in ("tick", "roll", "chime", "turn"):
        assert sounds.play(name) is True


def test_waveform_matches_sines_times_decay():
    parts, length = [(660, 0.0, 1.0), (990, 0.09, 0.9), (1320, 0.09, 0.3)], 0.45
    n = int(sound.RATE * length)
    ref = [0.0] * n
    for freq, start, amp in parts:
        s0 = int(start * sound.RATE)
        for i in range(s0, n):
            t = (i - s0) / sound.RATE
            ref[i] += amp * math.sin(2 * math.pi * freq * t) * math.exp(-t * 18)
    scale = 0.6 * 32767 / max(abs(v) for v in ref)
    got = sound._tone(parts, length)
    assert len(got) == n
    assert max(abs(g - int(r * scale)) for g, r in zip(got, ref)) <= 1
    assert max(abs(v) for v in got) > 19000
