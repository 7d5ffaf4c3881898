"""Opens the table, in this terminal, at a situation a terminal test needs (run by
``test_terminals.py`` with ``tests`` on ``PYTHONPATH``)::

    python tests/play/situations.py chi      # a discard you may chi two ways
    python tests/play/situations.py expose   # a discard you may expose more than one way
"""

from __future__ import annotations

import sys

from mahjong.play.app import PlayApp
from play.support import SITUATIONS, situation


def main(name: str) -> None:
    PlayApp(situation(*SITUATIONS[name]), delay=0, ascii_tiles=True).run()


if __name__ == "__main__":
    main(sys.argv[1])
