"""Matches between bots: many games played, their log and statistics, and where they run.

- :mod:`qwirkle.matches.simulate`: a match of many games, seeded, on any backend;
- :mod:`qwirkle.matches.log`: the log a match writes as it goes, and resumes from;
- :mod:`qwirkle.matches.stats`: the results and the statistics of a match;
- :mod:`qwirkle.matches.backends`: processes, Dask or Ray.
"""
