"""Every example a user is shown runs as shown: the `mahjong` lines of every --help epilog (each
verb and family) and of the README's sh blocks, and the README's Python blocks. `convert` and
`replay` examples run in a folder holding the example records `game.mjlog` and `game.json`
and an American log `game.jsonl`; `play` examples need a terminal and run in tests/play."""

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
RECORDS = ROOT / "tests" / "data" / "records"


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _parsers(sub)
    return found


def _lines(text: str) -> list[str]:
    """The example command lines of a help text, without their comments."""
    return [
        shlex.join(shlex.split(line, comments=True))
        for line in text.splitlines()
        if line.strip().startswith("mahjong ")
    ]


def _epilog_examples() -> list[str]:
    found = {line for p in _parsers(build_parser()) for line in _lines(p.epilog or "")}
    return sorted(found)


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
    """The README's shell lines with `mahjong` commands, each as its commands joined by `&&`
    (one line runs in one folder, so a later command may read what an earlier one wrote)."""
    return [
        " && ".join(shlex.join(words) for words in _commands(line))
        for block in _readme_blocks("sh")
        for line in block.splitlines()
        if _commands(line)
    ]


def _runnable(lines: list[str]) -> list[str]:
    return [line for line in lines if all(words[1:2] != ["play"] for words in _commands(line))]


EPILOG = _epilog_examples()
README_LINES = _readme_examples()


def test_examples_were_found() -> None:
    assert len(EPILOG) >= 20
    for verb in ("analyze", "score", "convert", "replay", "sim", "play", "card"):
        assert any(line.startswith(f"mahjong {verb}") for line in EPILOG), verb
    assert any(line.startswith("mahjong analyze american") for line in EPILOG)
    assert any(line.startswith("mahjong score") for line in README_LINES)
    # the set-up command's example is found inside its && chain
    assert any(line.endswith("mahjong sim --games 100 --seed 1") for line in README_LINES)


@pytest.fixture(scope="module")
def american_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("american") / "game.jsonl"
    assert main(["sim", "american", "--games", "2", "--jsonl", str(path)]) == 0
    return path


def _example_folder(folder: Path, american_log: Path) -> None:
    """The files the examples name: the example records (by the README from the repository's
    root, the epilogs by name), an American log (game.jsonl) and a card file (my-card.toml)."""
    for record in RECORDS.iterdir():
        shutil.copy(record, folder)
    for shipped in ("tests", "rust"):
        (folder / shipped).symlink_to(ROOT / shipped)
    shutil.copy(american_log, folder / "game.jsonl")
    shutil.copy(ROOT / "rust" / "core" / "cards" / "house-2026.toml", folder / "my-card.toml")


@pytest.mark.parametrize("line", _runnable(EPILOG + README_LINES))
def test_example_runs(
    line: str,
    american_log: Path,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _example_folder(tmp_path, american_log)
    monkeypatch.chdir(tmp_path)
    for words in _commands(line):
        capsys.readouterr()
        assert main(words[1:]) == 0, capsys.readouterr().err
        captured = capsys.readouterr()
        assert captured.out.strip() and not captured.err


@pytest.mark.parametrize("block", _readme_blocks("python"))
def test_readme_python_runs(block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Paths in the examples are relative to the repository; what they write stays in tmp_path.
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    monkeypatch.chdir(tmp_path)
    exec(compile(block, str(README), "exec"), {})


def test_architecture_explains_every_rule_id_in_the_code() -> None:
    """Code comments cite rules of specs kept outside the repository (R12.1, F9); each cited
    ID needs its line in ARCHITECTURE.md's glossary."""
    glossary = (ROOT / "ARCHITECTURE.md").read_text()
    sources = [*ROOT.glob("rust/*/src/**/*.rs"), *ROOT.glob("python/**/*.py")]
    cited = {
        rule
        for path in sources
        for rule in re.findall(r"\b([RFT][LP]?\d+(?:\.\d+)?)\b", path.read_text())
        if re.fullmatch(r"R\d+\.\d+|F\d+|T\d+(\.\d+)?|T[LP]\d+(\.\d+)?", rule)
    }
    assert cited, "no rule IDs found: did the layout change?"
    missing = sorted(rule for rule in cited if f"| {rule} |" not in glossary)
    assert not missing, f"add these rule IDs to ARCHITECTURE.md: {missing}"
