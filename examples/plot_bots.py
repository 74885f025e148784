"""Plot the final scores of two bots over a match, as overlaid histograms, and save the picture as a PNG.

Run it with ``python examples/plot_bots.py``; the default is a short match so
that it finishes in seconds. A real comparison takes more games, for example::

    python examples/plot_bots.py --players strong,greedy --games 400 --jobs 2 --out strong-vs-greedy.png

It needs matplotlib (``pip install matplotlib``), which the library itself
does not: without it, the script says so and stops.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from qwirkle.matches.simulate import Simulation, simulate


def scores_by_bot(match: Simulation) -> dict[str, list[int]]:
    """Each entry's final scores, game by game, keyed by its label."""
    labels = [stats.name for stats in match.stats()]
    out: dict[str, list[int]] = {label: [] for label in labels}
    for result in match.results:
        for seat, entry in enumerate(result.entries):
            out[labels[entry]].append(result.scores[seat])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Plot the score distributions of two bots.")
    parser.add_argument("--players", default="greedy,random", help="two bots (default: greedy,random)")
    parser.add_argument("--games", type=int, default=20, help="games to play (default: 20)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed (default: 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    parser.add_argument("--out", default="bot-scores.png", help="the PNG to write (default: bot-scores.png)")
    options = parser.parse_args(argv)

    try:
        import matplotlib

        matplotlib.use("Agg")  # draw to a file; no window, no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        print("This example draws with matplotlib, which is not installed: pip install matplotlib")
        return 0

    players = [name.strip() for name in options.players.split(",")]
    match = simulate(players, options.games, seed=options.seed, jobs=options.jobs)
    print(match.table())

    scores = scores_by_bot(match)
    low = min(min(points) for points in scores.values())
    high = max(max(points) for points in scores.values())
    bins = range(low - low % 10, high + 10, 10)
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for (label, points), stats in zip(scores.items(), match.stats(), strict=True):
        axes.hist(
            points, bins=bins, alpha=0.55, label=f"{label}: mean {stats.score_mean:.0f}, won {stats.win_rate:.0%}"
        )
    axes.set_xlabel("final score")
    axes.set_ylabel("games")
    axes.set_title(f"{' vs '.join(scores)}: {len(match.results)} games, seed {options.seed}")
    axes.legend()
    figure.tight_layout()
    figure.savefig(options.out, dpi=120)
    plt.close(figure)
    print(f"Wrote {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
