"""The mahjong command line: output, errors a player understands, help text."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from mahjong import __version__
from mahjong.cli import build_parser, main, version
from mahjong.riichi import WinContext
from mahjong.riichi import cli as riichi_cli


def test_analyze_tenpai(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1122z"]) == 0
    out = capsys.readouterr().out
    assert "Shanten  0 (tenpai)" in out
    assert "Waits    1z 2z" in out
    assert "Ukeire   4 tiles: 1z(2) 2z(2)" in out


def test_analyze_complete_and_discards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "111222333m45699p"]) == 0
    out = capsys.readouterr().out
    assert "Reading  123m 123m 123m 456p 99p" in out
    assert "Reading  111m 222m 333m 456p 99p" in out
    assert main(["analyze", "123m456p789s1122z7z", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["shanten"] == 0
    assert report["discards"][0] == {
        "discard": "7z",
        "shanten": 0,
        "total": 4,
        "tiles": {"1z": 2, "2z": 2},
    }


def test_bad_hand_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m"]) == 2
    assert "got 3" in capsys.readouterr().err


def test_console_script_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mahjong.cli", "analyze", "19m19p19s1234567z"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Waits    1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z" in result.stdout


# --- no tracebacks ------------------------------------------------------------------------


def test_closed_pipe_is_quiet() -> None:
    """`mahjong analyze ... --json | head` must not print a BrokenPipeError. The reading end
    is closed before the child writes, so every run hits the closed pipe."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong.cli", "analyze", "123m456p789s1122z7z", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 141)
    assert err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "123m"],
        ["analyze", "44444m"],
        ["analyze", "8z"],
        ["score", "234m456p678s34s88p", "--win", "5s", "--set", "kiriage=5"],
        ["score", "234m456p678s34s88p", "--win", "5s", "--set", "no_such_rule=1"],
        ["score", "234m456p678s34s88p", "--win", "5s", "--set", "kiriage"],
        ["score", "234m456p678s34s88p", "--win", "5s", "--meld", "pon"],
        ["score", "234m456p678s34s88p", "--win", "6z"],
        ["score", "234m456p678s34s88p", "--win", "5s", "--open-riichi"],
    ],
)
def test_errors_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong: error: ")
    assert err.count("\n") == 1


# --- help ---------------------------------------------------------------------------------


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _parsers(sub)
    return found


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"mahjong {version()}"
    assert version() == __version__


def test_every_flag_has_help_and_its_default() -> None:
    for parser in _parsers(build_parser()):
        formatter = parser._get_formatter()
        for action in parser._actions:
            if not action.option_strings or action.dest in ("help", "version"):
                continue
            assert action.help, f"{parser.prog} {action.option_strings[0]} has no help"
            if not action.required:
                shown = formatter._format_action(action)
                assert "default" in shown, f"{parser.prog}: {shown}"
    (score,) = (p for p in _parsers(build_parser()) if p.prog == "mahjong score riichi")
    score_help = score.format_help()
    assert "(default: seed)" in score_help
    assert "(default: S)" in score_help


def test_help_shows_no_markup_or_internal_names(capsys: pytest.CaptureFixture[str]) -> None:
    for parser in _parsers(build_parser()):
        text = parser.format_help()
        assert "``" not in text and ":mod:" not in text
        for action in parser._actions:
            if "_" in action.dest:
                assert action.dest not in parser.format_usage()
                assert action.dest.upper() not in text
    assert main(["sim", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "family" not in err and "unrecognized arguments: nonsense" in err
    assert main(["american"]) == 2
    assert "name the verb first: mahjong VERB american" in capsys.readouterr().err


def test_seats_are_winds_in_messages(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "234m456p678s34s88p"
    assert main(["score", hand, "--win", "5s", "--discarder", "S"]) == 2
    err = capsys.readouterr().err
    assert "seat 1" not in err
    assert "--discarder S is the winner's own seat" in err
    assert main(["score", hand, "--win", "5s", "--seat", "X"]) == 2
    err = capsys.readouterr().err
    assert "seat_wind" not in err and "'X' is not a wind" in err
    assert main(["score", hand, "--win", "5s", "--seat", "east", "--discarder", "n"]) == 0
    assert "Pays      N          2900" in capsys.readouterr().out


def test_counts_must_be_whole_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234m456p678s34s88p", "--win", "5s", "--honba", "-1"]) == 2
    assert "argument --honba: '-1' is not a whole number" in capsys.readouterr().err


# --- Riichi input and messages --------------------------------------------------------------


@pytest.mark.parametrize("hand", ["123x", "1B2B3B", "N E W", "12", "12 3m", "m"])
def test_tile_errors_speak_riichi(hand: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", hand]) == 2
    err = capsys.readouterr().err
    assert "m, p, s or z" in err and "0 is a red five" in err
    assert "B, C, D" not in err and "F J" not in err


def test_tile_errors_in_every_riichi_argument(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "234m456p678s34s88p"
    assert main(["score", hand, "--win", "5B"]) == 2
    assert "m, p, s or z" in capsys.readouterr().err
    assert main(["score", hand, "--win", "5s", "--meld", "chi 2B3B4B"]) == 2
    assert "m, p, s or z" in capsys.readouterr().err
    assert main(["analyze", "123m456p789s1122z", "--visible", "F"]) == 2
    assert "m, p, s or z" in capsys.readouterr().err
    for flag in ("--dora", "--ura"):
        assert main(["score", hand, "--win", "5s", flag, "N"]) == 2
        err = capsys.readouterr().err
        assert f"argument {flag}: indicators 'N': unexpected 'N'" in err
        assert "m, p, s or z" in err


@pytest.mark.parametrize("argv", [["analyze", ""], ["analyze", "  "], ["score", "", "--win", "5s"]])
def test_empty_hand(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("mahjong: error: empty hand")


def test_fu_line_reads_as_a_sum(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "456p678s34s88p", "--win", "5s", "--meld", "chi 234m"]) == 0
    out = capsys.readouterr().out
    assert "raised to 30 10" not in out
    assert "Fu        20 base + 10 open hand raised to 30 = 30 fu" in out
    assert main(["score", "45556m456p789s555z", "--win", "5m"]) == 0
    out = capsys.readouterr().out
    assert "20 base + 10 closed ron + 2 tanki wait + 8 concealed triplet 555z = 40 fu" in out
    assert main(["score", "123m456p789s2233z", "--win", "3z", "--tsumo"]) == 0
    assert "= 32, rounded up to 40 fu" in capsys.readouterr().out


def test_one_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "1m"]) == 0
    out = capsys.readouterr().out
    assert "(1 tile)" in out and "1 tiles" not in out
    assert main(["score", "234m456p678s34s88p", "--win", "5s", "--meld", "chi 234m"]) == 2
    err = capsys.readouterr().err
    assert "with 1 meld " in err and "1 melds" not in err
    assert riichi_cli.plural(1, "tile") == "1 tile"
    assert riichi_cli.plural(2, "tile") == "2 tiles"


# --- WinContext flags ----------------------------------------------------------------------


def test_flags_cover_every_win_context_keyword() -> None:
    """Each WinContext keyword has exactly one row in CONTEXT_OPTIONS (add one there)."""
    keywords = [o.keyword for o in riichi_cli.CONTEXT_OPTIONS]
    assert sorted(keywords) == sorted(WinContext().to_dict())
    flags = [o.flag for o in riichi_cli.CONTEXT_OPTIONS]
    assert len(set(flags)) == len(flags)


def test_open_riichi(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["score", "234m456p678s34s88p", "--win", "5s", "--riichi", "--open-riichi"]
    assert main([*hand, "--set", "open_riichi=true", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [y["romaji"] for y in result["yaku"]] == ["open_riichi", "pinfu", "tanyao"]
    assert result["han"] == 4
    assert main([*hand, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["han"] == 3


def test_every_context_flag_reaches_win_context() -> None:
    parser = build_parser()
    args = parser.parse_args(
        ["score", "riichi", "x", "--win", "1m", "--tsumo", "--riichi", "--open-riichi",
         "--seat", "w", "--round", "S", "--dora", "1m", "--ura", "2p", "--honba", "3",
         "--sticks", "2", "--liable", "E"]
    )  # fmt: skip
    context = riichi_cli.context_from(args).to_dict()
    assert context["tsumo"] and context["riichi"] and context["open_riichi"]
    assert (context["seat_wind"], context["round_wind"], context["liable"]) == ("W", "S", "E")
    assert (context["honba"], context["riichi_sticks"]) == (3, 2)
