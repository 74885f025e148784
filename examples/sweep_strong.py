"""Tune the strong bot on a Dask cluster: a sweep of one parameter against the greedy bot, and its plot.

Each value of the parameter plays a match against the greedy bot, on one
Dask cluster started for the sweep (or the one at ``--address``). Every match
streams its games to a log in ``--logs``, so a sweep that is stopped picks up
where it was when run again. The script prints a table and, if matplotlib is
installed, draws the win rate (with its 95% interval) and the time per move
for each value. The default is a short sweep that finishes in seconds; the
figure of the documentation was made with::

    python examples/sweep_strong.py --values 1,2,4,8,16 --games 200 --jobs 2 \\
        --logs sweep-logs --out docs/_static/strong-sweep.svg

It needs the ``dask`` extra (``pip install 'qwirkle[dask]'``) and, for the
plot, matplotlib (``pip install matplotlib``); without Dask it says so and stops.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from qwirkle.bots import StrongBot
from qwirkle.bots.spec import bot_parameters
from qwirkle.matches.backends.dask import DaskBackend
from qwirkle.matches.simulate import BotStats, simulate


@contextlib.contextmanager
def dask_cluster(address: str | None, workers: int | None) -> Iterator[DaskBackend]:
    """The backend of the cluster at ``address``, or of a local cluster started here for the whole sweep."""
    if address is not None:
        yield DaskBackend(address=address)
        return
    import distributed

    # One cluster for every match of the sweep: starting one per match would cost seconds each.
    with distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    ) as cluster:
        yield DaskBackend(address=cluster.scheduler_address)


def plot(parameter: str, values: Sequence[float], rows: Sequence[BotStats], games: int, out: str) -> bool:
    """Draw the sweep to ``out``; False if matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # draw to a file; no window, no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    # The same sweep draws the same file: no date, no random ids.
    matplotlib.rcParams["svg.hashsalt"] = "qwirkle"
    figure, (wins, times) = plt.subplots(1, 2, figsize=(9, 3.6))
    rates = [100 * row.win_rate for row in rows]
    below = [100 * (row.win_rate - row.win_low) for row in rows]
    above = [100 * (row.win_high - row.win_rate) for row in rows]
    wins.errorbar(values, rates, yerr=[below, above], marker="o", capsize=4)
    wins.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    wins.set_xscale("log", base=2)
    wins.set_xticks(values, [f"{value:g}" for value in values])
    wins.set_xlabel(parameter)
    wins.set_ylabel("wins against greedy (%)")
    wins.set_title(f"Win rate, 95% interval ({games} games each)")
    times.plot(values, [1000 * row.move_time_median for row in rows], marker="o", color="tab:orange")
    times.set_xscale("log", base=2)
    times.set_xticks(values, [f"{value:g}" for value in values])
    times.set_ylim(bottom=0)
    times.set_xlabel(parameter)
    times.set_ylabel("ms per move (median)")
    times.set_title("Time to choose a move")
    figure.tight_layout()
    metadata = {"Date": None} if out.endswith(".svg") else {}
    figure.savefig(out, dpi=110, metadata=metadata)
    plt.close(figure)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    names = [parameter.name for parameter in bot_parameters(StrongBot)]
    parser = argparse.ArgumentParser(description="Sweep a parameter of the strong bot against the greedy bot on Dask.")
    parser.add_argument("--parameter", default="samples", choices=names, help="the parameter (default: samples)")
    parser.add_argument("--values", default="1,2", help="its values, comma-separated (default: 1,2)")
    parser.add_argument("--games", type=int, default=4, help="games per value (default: 4)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed, the same for every value (default: 1)")
    parser.add_argument("--jobs", type=int, default=2, help="workers of the local cluster (default: 2)")
    parser.add_argument("--address", help="a running Dask scheduler to use instead of a local cluster")
    parser.add_argument("--logs", help="a folder for one match log per value, to resume a stopped sweep")
    parser.add_argument("--out", default="strong-sweep.png", help="the picture to write (default: strong-sweep.png)")
    options = parser.parse_args(argv)

    try:
        import distributed  # noqa: F401
    except ImportError:
        print("This example runs on Dask, which is not installed: pip install 'qwirkle[dask]'")
        return 0

    values = [float(text) if "." in text else int(text) for text in options.values.split(",")]
    logs = Path(options.logs) if options.logs else None
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
    rows: list[BotStats] = []
    with dask_cluster(options.address, options.jobs) as backend:
        print(f"{options.parameter} against greedy: {options.games} games each, seed {options.seed}, on Dask")
        print(f"{'value':>8}  {'win rate (95% CI)':>22}  {'score':>7}  {'ms/move':>8}")
        for value in values:
            entry = f"strong:{options.parameter}={value}"
            log = None if logs is None else logs / f"{options.parameter}-{value}.jsonl"
            match = simulate(
                [entry, "greedy"], options.games, seed=options.seed, backend=backend, out=log, resume=log is not None
            )
            strong = match.stats()[0]
            rows.append(strong)
            interval = f"{strong.win_rate:.1%} ({strong.win_low:.1%} to {strong.win_high:.1%})"
            print(f"{value:>8g}  {interval:>22}  {strong.score_mean:7.1f}  {1000 * strong.move_time_median:8.1f}")
    if plot(options.parameter, values, rows, options.games, options.out):
        print(f"Wrote {options.out}")
    else:
        print("The plot needs matplotlib, which is not installed: pip install matplotlib")
    return 0


if __name__ == "__main__":
    sys.exit(main())
