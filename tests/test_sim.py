"""`mahjong sim [riichi|american]` and :mod:`mahjong.sim`: one loop for both families, each
counted by its own tally; logs that replay, the same bytes from the same seed, rule overrides
that reach the games, and bad arguments as one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong.american import Card
from mahjong.american.replay import replay as replay_american
from mahjong.cli import main
from mahjong.riichi import Ruleset
from mahjong.riichi.replay import replay_file
from mahjong.sim import AMERICAN, FAMILIES, RIICHI, Setup, games, simulate

HOUSE = Card.builtin("house-2026")


def _log(tmp_path: Path, *argv: str) -> list[str]:
    out = tmp_path / "games.jsonl"
    assert main(["sim", *argv, "--jsonl", str(out)]) == 0
    return out.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("family", ["riichi", "american"])
def test_the_same_seed_writes_the_same_bytes(
    family: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _log(tmp_path, family, "--games", "3", "--seed", "5")
    again = _log(tmp_path, family, "--games", "3", "--seed", "5")
    other = _log(tmp_path, family, "--games", "3", "--seed", "6")
    assert first == again and first != other
    capsys.readouterr()


def test_riichi_logs_replay_and_the_summary_adds_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _log(tmp_path, "riichi", "--games", "4", "--seed", "2", "--rules", "tenhou", "--python")
    out = capsys.readouterr().out
    assert "4 games" in out and "efficiency" in out and "draws:" in out
    (tmp_path / "log.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    reports = replay_file(tmp_path / "log.jsonl", Ruleset.preset("tenhou"))
    assert reports and all(r.ok for r in reports)
    tally = simulate(RIICHI, Setup(Ruleset.preset("tenhou")), RIICHI.default_spec(4), 2, 4)
    assert tally.games == 4 and tally.deals == len(reports)
    assert sum(tally.points) == 0 and sum(tally.ranks) == 4 * (1 + 2 + 3 + 4)
    draws = sum(tally.draws.values())
    assert sum(tally.wins) >= tally.deals - draws


def test_three_player_logs_replay_and_the_summary_has_three_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("riichi", "--games", "3", "--seed", "4", "--rules", "tenhou-sanma", "--python")
    lines = _log(tmp_path, *argv)
    out = capsys.readouterr().out
    seats = [line.split()[1] for line in out.splitlines() if line[:1] == "│"]
    assert seats == ["0", "1", "2"] and RIICHI.default_spec(3) == "efficiency,random,random"
    start = json.loads(lines[0])
    assert start["names"] == ["EfficiencyAgent", "RandomAgent", "RandomAgent"]
    assert any('"nukidora"' in line for line in lines)
    (tmp_path / "log.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    reports = replay_file(tmp_path / "log.jsonl", Ruleset.preset("tenhou-sanma"))
    assert reports and all(r.ok for r in reports)
    sanma = Ruleset.preset("tenhou-sanma")
    tally = simulate(RIICHI, Setup(sanma), RIICHI.default_spec(3), 4, 3)
    assert tally.games == 3 and tally.deals == len(reports)
    assert len(tally.wins) == len(tally.points) == 3
    assert sum(tally.points) == 0 and sum(tally.ranks) == 3 * (1 + 2 + 3)


def test_american_logs_replay_and_payouts_sum_to_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _log(
        tmp_path, "american", "--games", "3", "--seed", "2", "--agents", "card,card,random,card"
    )
    out = capsys.readouterr().out
    assert "3 games" in out and "card" in out and "random" in out
    assert sum(json.loads(line)["type"] == "start_session" for line in lines) == 3
    assert len(replay_american(lines)) == 3
    tally = simulate(AMERICAN, Setup(None, HOUSE), "card,card,card,card", 0, 6)
    assert tally.games == 6 and sum(tally.payout) == 0
    assert sum(tally.wins) == tally.games - tally.wall_games


def test_rule_overrides_reach_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _log(
        tmp_path, "--games", "2", "--set", "start_points=30000", "--set", "target_points=30000"
    )
    starts = [json.loads(line) for line in lines if '"start_kyoku"' in line]
    assert starts and all(e["scores"] == [30000] * 4 for e in starts if e["kyoku"] == 1)
    assert main(["sim", "--games", "1", "--set", "no_such_rule=1"]) == 2
    assert "no_such_rule" in capsys.readouterr().err


def test_games_are_records_of_both_families() -> None:
    for family, setup in ((RIICHI, Setup(Ruleset.preset("seed"))), (AMERICAN, Setup(None, HOUSE))):
        (record,) = games(family, setup, family.default_spec(4), 9, 1)
        assert record.outcomes and len(record.standings) == 4
        assert record.lines() and json.loads(record.lines()[0])["type"] in (
            "start_game",
            "start_session",
        )
    assert set(FAMILIES) == {"riichi", "american"}


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["american", "--agents", "card,random"], "--agents for american games needs four names"),
        (
            ["riichi", "--agents", "card,random,random,random"],
            "from random, efficiency, strong, expert",
        ),
        (
            ["riichi", "--rules", "tenhou-sanma", "--agents", "efficiency,random,random,random"],
            "--agents for riichi games needs three names",
        ),
        (["american", "--rules", "tenhou"], "--rules: invalid choice: 'tenhou'"),
        (["american", "--games", "0"], "--games must be 1 or more"),
        (["--card", "house-2026"], "unrecognized arguments: --card house-2026"),
        (["american", "--card", "no-such-card"], 'unknown built-in card "no-such-card"'),
    ],
)
def test_bad_arguments_are_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_without_a_family_word_it_is_riichi(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--seed", "1"]) == 0
    assert "deals" in capsys.readouterr().out
