"""mahjong.rl is optional: importing mahjong does not import it, importing it does not import
gymnasium or pettingzoo, and asking for an environment without them says how to install
them."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False
    )


def test_nothing_heavy_is_imported_until_asked() -> None:
    result = run(
        """
        import sys
        import mahjong, mahjong.rl
        assert "mahjong.rl.aec" not in sys.modules
        assert not {"gymnasium", "pettingzoo"} & set(sys.modules), sorted(sys.modules)
        print("ok")
        """
    )
    assert result.stdout.strip() == "ok", result.stderr


def test_a_missing_extra_says_how_to_install_it() -> None:
    result = run(
        """
        import sys
        sys.modules["pettingzoo"] = None  # as if it were not installed
        import mahjong.rl
        try:
            mahjong.rl.riichi_env()
        except ModuleNotFoundError as error:
            print(error)
        """
    )
    assert "mahjong.rl needs pettingzoo" in result.stdout, result.stderr
    assert 'pip install "mahjong-engine[rl]"' in result.stdout
