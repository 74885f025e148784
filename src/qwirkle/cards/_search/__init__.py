"""The engine of Qwirkle Cards' searches: exact answers about the lays of a position, on plain count vectors.

Internal: the public questions are :func:`qwirkle.cards.can_lay`,
:func:`~qwirkle.cards.most_cards`, :func:`~qwirkle.cards.most_qwirkles` and
:func:`~qwirkle.cards.legal_moves`. :mod:`.plans` holds the searches and says
why they are exact; :mod:`.solver` is their branch and bound, :mod:`.lines`
the arithmetic of one line of cards, and :mod:`.listing` lists lays one by one.
"""
