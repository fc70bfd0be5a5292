"""Puzzles: Dominosa (:mod:`dominolab.puzzles.dominosa`, a package) and
blocked-position "fish" puzzles (:mod:`dominolab.puzzles.fish`).

The modules ``dominosa_solver``, ``dominosa_gen`` and ``formats`` keep the
first names of parts of the Dominosa package (its engine, its generator, its
text formats) so that old imports keep working.
"""
