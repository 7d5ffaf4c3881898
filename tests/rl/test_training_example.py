"""The training example (examples/train_riichi.py) in a short form: it trains and evaluates
without error. Whether it learns is what examples/README.md reports from the long run; a few
dozen deals show nothing, so nothing about it is asserted here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_riichi.py"


def test_the_example_trains() -> None:
    short = ["--episodes", "48", "--batch", "16", "--eval-deals", "8", "--eval-every", "2"]
    result = subprocess.run(
        [sys.executable, str(SCRIPT), *short], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "evaluation over 8 deals: mean points per deal (thousands), win rate"
    assert any(line.split()[:1] == ["32"] for line in lines)  # an evaluation after 2 updates
    assert lines[-1].startswith("trained 48 deals in ")
