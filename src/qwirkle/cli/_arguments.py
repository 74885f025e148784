"""What the commands read from their arguments alike, and how they stop when their reader goes away."""

from __future__ import annotations

import argparse
import os
import sys

from qwirkle.bots import BotError
from qwirkle.bots.spec import bot_spec, split_bots
from qwirkle.rules.ruleset import RuleSet

__all__ = ["bot_list", "bot_names", "positive", "seat_count_problem", "seconds", "silence_stdout"]


def bot_names(text: str) -> list[str]:
    """The bots of a comma-separated list, each a built-in name with parameters if wanted, as labels."""
    names = bot_list(text)
    problem = seat_count_problem(names)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return names


def bot_list(text: str) -> list[str]:
    """The bots of a comma-separated list, as labels, however many there are."""
    try:
        return [bot_spec(part).label for part in split_bots(text)]
    except BotError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def seat_count_problem(names: list[str]) -> str | None:
    """What is wrong with playing one game between ``names``, or ``None`` if they are as many as a game seats."""
    rules = RuleSet()
    if not rules.min_players <= len(names) <= rules.max_players:
        return f"a game takes {rules.min_players} to {rules.max_players} players, not {len(names)}"
    return None


def silence_stdout() -> None:
    # The reader (say, `head`) went away: stop quietly, without a second error at exit.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
