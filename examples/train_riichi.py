"""Train a Riichi policy with numpy alone, and measure it.

The learner sits at seat 0 of :class:`mahjong.rl.RiichiGymEnv` (one deal per episode under the
seed preset) against three ``EfficiencyAgent``s and sees the full encoding
(``docs/encoding.md``). Its policy is linear: a tile action (a discard, or riichi with that
discard) scores ``w . [x[:, kind], danger]`` (the encoding's column of the tile's kind, and
how many players in riichi have not discarded that kind) plus a bias per action code and one
for riichi; any other action (calls, wins) scores its bias, and passing scores 0. Training is
REINFORCE with a linear value baseline and Adam, on each decision's discounted return of the
deal's points (in thousands) shaped by shanten: each decision also earns the change of a
potential up to the learner's next decision, minus the hand's shanten and two more for an open
hand (which often has no yaku to win with).

Every ``--eval-every`` updates the greedy policy (the most probable legal action) plays the
same ``--eval-deals`` deals (seeds from 1,000,000 on) and the script prints its mean points
per deal and how often it won, beside the untrained policy (uniform among the legal actions)
and ``EfficiencyAgent`` in the learner's seat on the same deals. ``examples/README.md`` gives a
measured run.

    python examples/train_riichi.py                       # the documented run
    python examples/train_riichi.py --episodes 64 --eval-deals 16 --eval-every 2  # a smoke run
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjong import riichi
from mahjong.riichi.game import EfficiencyAgent
from mahjong.rl import RiichiGymEnv

Array = npt.NDArray[np.float64]
# Tile actions are the discards (codes 0-36) and riichi with a discard (37-73); codes 34-36
# (and 71-73) are the red fives of kinds 4, 13 and 22.
TILE_ACTIONS = 74
KIND_OF_CLASS = np.array([*range(34), 4, 13, 22])
CHANNELS = {c.name: c for c in riichi.encoding_channels(full=True)}
SHANTEN_ROW = CHANNELS["shanten"].start
RIICHI_ROWS = CHANNELS["riichi"].start + np.arange(1, 4)  # the three other players
POND_ROWS = CHANNELS["pond"].start + np.arange(1, 4)
OPEN_ROWS = [CHANNELS[name].start for name in ("chi", "pon", "open_kan")]  # the learner's
EVAL_SEED = 1_000_000
# Passing scores 0 whatever the state: the other actions of a claim window (calls, ron) are
# scored against it, so that learning not to call cannot teach the policy to pass up a ron.
PASS = 154


def potential(x: npt.NDArray[np.float32]) -> float:
    """What the shaping rewards: minus the hand's shanten (read back from its encoding), and
    two more for an open hand, which often has no yaku to win with."""
    shanten = float(x[SHANTEN_ROW, 0]) * 8 - 1
    return -shanten - 2.0 * float(x[OPEN_ROWS, :].any())


@dataclass
class Policy:
    """The linear policy; `params` are its arrays by name."""

    rows: int
    actions: int
    params: dict[str, Array] = field(init=False)

    def __post_init__(self) -> None:
        self.params = {
            "w": np.zeros(self.rows + 1),
            "riichi": np.zeros(1),
            "b": np.zeros(self.actions),
        }

    def features(self, x: npt.NDArray[np.float32], legal: npt.NDArray[np.int64]) -> Any:
        """What each tile action's score reads: its kind's column of the encoding and its
        danger (how many players in riichi have not discarded that kind)."""
        tile = legal < TILE_ACTIONS
        kinds = KIND_OF_CLASS[legal[tile] % 37]
        danger = x[RIICHI_ROWS, 0] @ (x[POND_ROWS][:, kinds] == 0)
        return tile, np.vstack([x[:, kinds], danger]).T.astype(np.float64)

    def probabilities(self, x: npt.NDArray[np.float32], legal: npt.NDArray[np.int64]) -> Array:
        tile, columns = self.features(x, legal)
        p = self.params
        scores = p["b"][legal].copy()
        scores[tile] += columns @ p["w"]
        scores[(legal >= 37) & tile] += p["riichi"][0]
        scores -= scores.max()
        e = np.exp(scores)
        return e / e.sum()  # type: ignore[no-any-return]

    def add_gradient(
        self,
        grads: dict[str, Array],
        x: npt.NDArray[np.float32],
        legal: npt.NDArray[np.int64],
        chosen: int,
        weight: float,
    ) -> None:
        """Adds `weight` times the gradient of log pi(chosen) to `grads`."""
        probs = self.probabilities(x, legal)
        tile, columns = self.features(x, legal)
        d = -probs
        d[chosen] += 1.0
        d *= weight
        d[legal == PASS] = 0.0
        np.add.at(grads["b"], legal, d)
        grads["w"] += d[tile] @ columns
        grads["riichi"] += d[(legal >= 37) & tile].sum()


@dataclass
class Adam:
    """Adam ascent on a policy's parameters."""

    lr: float
    moments: dict[str, tuple[Array, Array]] = field(default_factory=dict)
    steps: int = 0

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.steps += 1
        for name, g in grads.items():
            m, v = self.moments.get(name, (np.zeros_like(g), np.zeros_like(g)))
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            self.moments[name] = (m, v)
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            params[name] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(
    env: RiichiGymEnv, seed: int, choose: Any, shaping: float = 1.0
) -> tuple[float, bool, list[Any]]:
    """One deal; `choose(x, legal)` picks each action code. Returns the learner's points (in
    thousands), whether it won, and its decisions (encoding, legal codes, choice, reward)."""
    obs, _ = env.reset(seed=seed)
    decisions = []
    total, done = 0.0, False
    while not done:
        x, legal = obs["observation"], np.flatnonzero(obs["action_mask"])
        index = choose(x, legal)
        obs, reward, done, _, _ = env.step(int(legal[index]))
        after = potential(x) if done else potential(obs["observation"])
        shaped = reward + shaping * (after - potential(x))
        decisions.append((x, legal, index, shaped))
        total += reward
    assert env.episode is not None
    outcome = env.episode.deal.outcome or {}
    won = any(w["actor"] == env.seat for w in outcome.get("wins", []))
    return total, won, decisions


def returns_to_go(rewards: list[float], gamma: float) -> list[float]:
    """Each decision's discounted sum of the rewards from it on."""
    out, total = [], 0.0
    for r in reversed(rewards):
        total = r + gamma * total
        out.append(total)
    return out[::-1]


def evaluate(env: RiichiGymEnv, deals: int, choose: Any) -> tuple[float, float]:
    """Mean points per deal and win rate over the evaluation deals."""
    results = [play(env, EVAL_SEED + i, choose)[:2] for i in range(deals)]
    return float(np.mean([r[0] for r in results])), float(np.mean([r[1] for r in results]))


def efficiency_choice(env: RiichiGymEnv) -> Any:
    """EfficiencyAgent playing the learner's seat (it reads the engine's observation)."""
    agent = EfficiencyAgent()

    def choose(x: Any, legal: npt.NDArray[np.int64]) -> int:
        assert env.episode is not None
        deal = env.episode.deal
        action = agent.act(deal.observation(env.seat), deal.legal_actions(env.seat))
        return int(np.flatnonzero(legal == action.code)[0])

    return choose


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=24_000, help="training deals")
    parser.add_argument("--batch", type=int, default=32, help="deals per update")
    parser.add_argument("--lr", type=float, default=0.05, help="Adam step size")
    parser.add_argument("--eval-deals", type=int, default=600, help="deals per evaluation")
    parser.add_argument("--eval-every", type=int, default=125, help="updates between evaluations")
    parser.add_argument("--gamma", type=float, default=0.9, help="discount of later rewards")
    parser.add_argument("--shaping", type=float, default=1.0, help="weight of the shanten shaping")
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the training deals and samples"
    )
    parser.add_argument("--save", help="write the trained parameters to this .npz file")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    env = RiichiGymEnv(rules="seed", seat=0)
    rows = env.observation_space["observation"].shape[0]
    policy = Policy(rows, env.action_space.n)
    adam = Adam(args.lr)
    rng = np.random.default_rng(args.seed)

    def sample(x: Any, legal: Any) -> int:
        return int(rng.choice(len(legal), p=policy.probabilities(x, legal)))

    def greedy(x: Any, legal: Any) -> int:
        return int(np.argmax(policy.probabilities(x, legal)))

    untrained = evaluate(env, args.eval_deals, lambda x, legal: int(rng.integers(len(legal))))
    efficiency = evaluate(env, args.eval_deals, efficiency_choice(env))
    print(f"evaluation over {args.eval_deals} deals: mean points per deal (thousands), win rate")
    print(f"  untrained policy (uniform):  {untrained[0]:+.2f}  {untrained[1]:.1%}")
    print(f"  EfficiencyAgent:             {efficiency[0]:+.2f}  {efficiency[1]:.1%}")
    print(f"{'deals trained':>14} {'points':>7} {'wins':>6} {'seconds':>8}")

    value = np.zeros(rows + 1)  # a linear baseline over the row means
    updates, trained = 0, 0
    while trained < args.episodes:
        grads = {name: np.zeros_like(p) for name, p in policy.params.items()}
        batch = []
        for _ in range(args.batch):
            _, _, decisions = play(env, args.seed * 10_000_000 + trained, sample, args.shaping)
            trained += 1
            to_go = returns_to_go([d[3] for d in decisions], args.gamma)
            batch.extend((d, g) for d, g in zip(decisions, to_go, strict=True))
        states = np.array([np.append(d[0].mean(axis=1), 1.0) for d, _ in batch])
        returns = np.array([g for _, g in batch])
        advantages = returns - states @ value
        value += 0.05 * states.T @ advantages / len(batch)
        advantages /= advantages.std() + 1e-8
        for ((x, legal, index, _), _), a in zip(batch, advantages, strict=True):
            policy.add_gradient(grads, x, legal, index, a / len(batch))
        adam.step(policy.params, grads)
        updates += 1
        if updates % args.eval_every == 0 or trained >= args.episodes:
            points, wins = evaluate(env, args.eval_deals, greedy)
            print(f"{trained:>14} {points:>+7.2f} {wins:>6.1%} {time.perf_counter() - start:>8.0f}")
    print(f"trained {trained} deals in {time.perf_counter() - start:.0f} s")
    if args.save:
        np.savez(args.save, **policy.params)


if __name__ == "__main__":
    main()
