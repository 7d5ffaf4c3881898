"""Builds the API reference from the docstrings and the compiled module's type stubs with pdoc
(in the ``test`` extra) into ``docs/api/`` (git-ignored), offline: ``python docs/make_api.py``
(``--out DIR`` elsewhere). Every public module of the installed ``mahjong`` package is
documented (but the command line's and the tables' user interfaces), and ``mahjong._core``
with the types of ``_core.pyi``. Any warning pdoc gives (a
docstring or an annotation it cannot read) fails the build with exit status 1.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import shutil
import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.extract
import pdoc.render

import mahjong

OUT = Path(__file__).resolve().parent / "api"
LEFT_OUT = re.compile(
    r"mahjong\.(cli|arguments|(riichi|american)\.cli|play\.(command|app|web)(\..*)?)$"
)
"""The command line's parsers and the two tables' user interfaces: ``mahjong ... --help`` and
the README describe them."""


def modules() -> list[str]:
    """Every public module of the package (none with a part starting with ``_``, but the
    compiled ``mahjong._core``) except the command line's and the tables' (:data:`LEFT_OUT`),
    in name order."""
    names = [m.name for m in pkgutil.walk_packages(mahjong.__path__, "mahjong.")]
    public = [n for n in names if not any(part.startswith("_") for part in n.split("."))]
    return sorted(n for n in ["mahjong", "mahjong._core", *public] if not LEFT_OUT.match(n))


def specs() -> list[str]:
    """What pdoc is given: the modules, none that an earlier package already brings (pdoc
    warns of a module given twice), and :data:`LEFT_OUT` excluded."""
    chosen: list[str] = []
    covered: set[str] = set()
    for name in modules():
        if name not in covered:
            chosen.append(name)
            covered.update(pdoc.extract.walk_specs([name, f"!{LEFT_OUT.pattern}"]))
    return [*chosen, f"!{LEFT_OUT.pattern}"]


def resolve_lazy(names: list[str]) -> None:
    """Makes the names a module exports lazily (``mahjong.rl``'s environments, made by its
    ``__getattr__``) plain attributes, so that pdoc finds them."""
    for name in names:
        module = importlib.import_module(name)
        for member in getattr(module, "__all__", []):
            if member not in vars(module):
                setattr(module, member, getattr(module, member))


def build(out: Path) -> list[str]:
    """Writes the reference into `out` (emptied first); returns pdoc's warnings."""
    shutil.rmtree(out, ignore_errors=True)
    pdoc.render.configure(docformat="markdown", footer_text=f"mahjong-engine {mahjong.__version__}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        given = specs()
        resolve_lazy([s for s in given if not s.startswith("!")])
        pdoc.pdoc(*given, output_directory=out)
    return [str(w.message) for w in caught if "pdoc" in w.filename.replace("\\", "/")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder (default: {OUT})")
    args = parser.parse_args()
    problems = build(args.out)
    for problem in problems:
        print(f"make_api: {problem}", file=sys.stderr)
    pages = sum(1 for _ in args.out.rglob("*.html"))
    print(f"{args.out}: {pages} pages" + (f", {len(problems)} warnings" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
