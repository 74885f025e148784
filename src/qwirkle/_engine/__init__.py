"""The engine's internals, private: what the rules need to be decided fast, and nothing a user calls.

- :mod:`~qwirkle._engine.geometry`: cells packed into int keys;
- :mod:`~qwirkle._engine.lines`: line types, the line rules on ints, the walk along a line;
- :mod:`~qwirkle._engine.frontier`: the empty cells next to the table and what may go there;
- :mod:`~qwirkle._engine.anchors`: where lines of several tiles may grow;
- :mod:`~qwirkle._engine.movegen`: the windows of every legal placement;
- :mod:`~qwirkle._engine.exchanges`: the distinct exchanges of a hand;
- :mod:`~qwirkle._engine.placing`: a placement built tile by tile.
"""
