"""Text and JSON formats of the game's values.

- :mod:`qwirkle.formats.notation`: tiles, cells and moves as short text;
- :mod:`qwirkle.formats.position_notation`: a whole position as text;
- :mod:`qwirkle.formats.state_json`: a state as JSON;
- :mod:`qwirkle.formats.records`: game records, with tags, comments and clocks;
- :mod:`qwirkle.formats.replay`: a record played again, every turn checked.
"""
