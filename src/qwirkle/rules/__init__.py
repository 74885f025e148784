"""The rules as data: the rule catalogue, the options of a game, and the limits on values.

- :mod:`qwirkle.rules.catalogue`: every rule by its ID (:class:`~qwirkle.Rule`), with its sources;
- :mod:`qwirkle.rules.ruleset`: the options of a game (:class:`~qwirkle.RuleSet`);
- :mod:`qwirkle.rules.limits`: how large a value from outside may be.
"""
