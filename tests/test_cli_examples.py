"""Every example a user is shown runs as shown: the `mahjong` lines of the --help epilogs and of
the README's sh blocks (the top level and the Riichi commands; the American commands' examples
are tested in test_american_cli.py), and the README's Python blocks. `mahjong convert` and
`mahjong replay` examples run in a folder holding the example records `game.mjlog` and
`game.json`."""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
from pathlib import Path

import pytest

from mahjong.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RIICHI_COMMANDS = (
    "mahjong",
    "mahjong analyze",
    "mahjong score",
    "mahjong convert",
    "mahjong replay",
)
RECORDS = ROOT / "tests" / "data" / "records"


def _epilog_examples() -> list[str]:
    parser = build_parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    parsers = {"mahjong": parser} | {f"mahjong {n}": p for n, p in commands.choices.items()}
    lines = []
    for name in RIICHI_COMMANDS:
        epilog = parsers[name].epilog or ""
        lines += [
            line.strip() for line in epilog.splitlines() if line.strip().startswith("mahjong ")
        ]
    return lines


def _commands(line: str) -> list[list[str]]:
    """The `mahjong ...` commands of one shell line (split at &&, ; and |)."""
    found: list[list[str]] = [[]]
    for word in shlex.split(line, comments=True):
        if word in ("&&", ";", "|", "||"):
            found.append([])
        else:
            found[-1].append(word)
    return [words for words in found if words[:1] == ["mahjong"]]


def _readme_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(), flags=re.S)


def _readme_examples() -> list[str]:
    return [
        shlex.join(words)
        for block in _readme_blocks("sh")
        for line in block.splitlines()
        for words in _commands(line)
        if words[1:2] != ["american"]  # the American commands' examples are tested with them
    ]


EPILOG = _epilog_examples()
README_LINES = _readme_examples()


def test_examples_were_found() -> None:
    assert len(EPILOG) >= 8
    assert any(line.startswith("mahjong score") for line in README_LINES)
    # the set-up command's example is found inside its && chain
    assert "mahjong analyze 123m456p789s1122z" in README_LINES


@pytest.mark.parametrize("line", EPILOG + README_LINES)
def test_example_runs(
    line: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = shlex.split(line)[1:]
    if argv[0] in ("convert", "replay"):
        for record in RECORDS.iterdir():
            shutil.copy(record, tmp_path)
        monkeypatch.chdir(tmp_path)
    assert main(argv) == 0, capsys.readouterr().err
    captured = capsys.readouterr()
    assert captured.out.strip() and not captured.err


@pytest.mark.parametrize("block", _readme_blocks("python"))
def test_readme_python_runs(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # paths in the examples are relative to the repository
    exec(compile(block, str(README), "exec"), {})


def test_architecture_explains_every_rule_id_in_the_code() -> None:
    """Code comments cite rules of specs kept outside the repository (R12.1, F9); each cited
    ID needs its line in ARCHITECTURE.md's glossary."""
    glossary = (ROOT / "ARCHITECTURE.md").read_text()
    sources = [*ROOT.glob("rust/*/src/**/*.rs"), *ROOT.glob("python/**/*.py")]
    cited = {
        rule
        for path in sources
        for rule in re.findall(r"\b([RF]\d+(?:\.\d+)?)\b", path.read_text())
        if re.fullmatch(r"R\d+\.\d+|F\d+", rule)
    }
    assert cited, "no rule IDs found: did the layout change?"
    missing = sorted(rule for rule in cited if f"| {rule} |" not in glossary)
    assert not missing, f"add these rule IDs to ARCHITECTURE.md: {missing}"
