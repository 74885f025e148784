"""Helpers for interfaces: what a player may see, building a turn, keeping score, turn reports.

- :mod:`qwirkle.interface.views`: a player's and a spectator's view of a game;
- :mod:`qwirkle.interface.builder`: a turn built tile by tile, as a player lays it;
- :mod:`qwirkle.interface.scorekeeper`: the score of a game played on a real table;
- :mod:`qwirkle.interface.events`: what a turn did, for animations and explanations.
"""
