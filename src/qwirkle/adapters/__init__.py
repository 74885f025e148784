"""Environments for reinforcement learning and search: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is a module of its own behind an extra, imported only when asked
for, so that the library itself still depends on attrs alone:

- :mod:`qwirkle.adapters.pettingzoo` (``pip install 'qwirkle[pettingzoo]'``): an
  AEC environment for every seat, with action masks in the observation;
- :mod:`qwirkle.adapters.gymnasium` (``qwirkle[gymnasium]``): one seat against
  bots or policies, and :mod:`qwirkle.adapters.vector` for many games at once;
- :mod:`qwirkle.adapters.openspiel` (``qwirkle[openspiel]``): the game
  ``python_qwirkle``, with the deal and every draw as chance nodes, and
  :mod:`qwirkle.adapters.openspiel_bots`, the built-in bots as OpenSpiel bots;
- ``qwirkle[rl]`` installs all three.

They share one action encoding (:mod:`qwirkle.adapters.actions`, plain
Python) and one observation (:mod:`qwirkle.adapters.observation`, NumPy).
"""
