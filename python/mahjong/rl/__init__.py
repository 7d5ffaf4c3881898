"""Learning environments over the engine, for both families: PettingZoo AEC environments with
four learners (:func:`riichi_env`, :func:`american_env`) and Gymnasium environments with one
learner against three built-in agents (:class:`RiichiGymEnv`, :class:`AmericanGymEnv`), with
the numpy encoders (``docs/encoding.md``) underneath.

They need the optional extra ``rl`` (gymnasium and pettingzoo): ``pip install
"mahjong-engine[rl]"``. ``import mahjong`` does not import this package, and this package
imports gymnasium and pettingzoo only when an environment is first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong.rl.aec import MahjongAEC
    from mahjong.rl.single import AmericanGymEnv, RiichiGymEnv

__all__ = ["AmericanGymEnv", "RiichiGymEnv", "american_env", "riichi_env"]

INSTALL = 'pip install "mahjong-engine[rl]"'
# Where each name lives.
_HOMES = {
    "RiichiGymEnv": "mahjong.rl.single",
    "AmericanGymEnv": "mahjong.rl.single",
    "MahjongAEC": "mahjong.rl.aec",
}


def _module(name: str) -> Any:
    """Imports `name`, saying how to install gymnasium or pettingzoo when one is missing."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name in ("gymnasium", "pettingzoo"):
            raise ModuleNotFoundError(
                f"mahjong.rl needs {error.name}, which is not installed: {INSTALL}",
                name=error.name,
            ) from error
        raise


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(_module(_HOMES[name]), name)
    raise AttributeError(f"module 'mahjong.rl' has no attribute {name!r}")


def riichi_env(
    *, rules: Any = None, full: bool = True, points_scale: float = 1e-3, **options: Any
) -> MahjongAEC:
    """A PettingZoo AEC environment of Riichi: four agents (three under a three-player ruleset
    such as ``rules="tenhou-sanma"``), one game per episode under `rules` (a ``Ruleset`` or a
    preset name; default the one-deal seed preset), the full encoding unless ``full=False``,
    points rewards in units of ``1 / points_scale`` points; `options` are ``reward``
    (``"points"`` or ``"rank"``) and ``rank_rewards`` (1st to last). See
    :mod:`mahjong.rl.aec`."""
    family = _module("mahjong.rl.family")
    return _aec(family.for_riichi(rules=rules, full=full, points_scale=points_scale), options)


def american_env(
    *,
    card: Any = "house-2026",
    rules: Any = None,
    games: int = 1,
    full: bool = True,
    points_scale: float = 1e-2,
    **options: Any,
) -> MahjongAEC:
    """A PettingZoo AEC environment of American Mahjong: four agents, a session of `games`
    games per episode with `card` (a ``Card`` or a built-in card's name) and `rules` (options
    or a preset name), the full encoding unless ``full=False``, points rewards in units of
    ``1 / points_scale`` points; `options` as for :func:`riichi_env`. See
    :mod:`mahjong.rl.aec`."""
    family = _module("mahjong.rl.family").for_american(
        card=card, rules=rules, games=games, full=full, points_scale=points_scale
    )
    return _aec(family, options)


def _aec(family: Any, options: dict[str, Any]) -> MahjongAEC:
    return _module("mahjong.rl.aec").MahjongAEC(family, **options)  # type: ignore[no-any-return]
