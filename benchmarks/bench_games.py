"""Random full rounds per second, per variant; compared with the PyPI `dominoes` engine.

Run: ``python benchmarks/bench_games.py [--rounds N] [--repeats K]``.

One *round* is the whole job a simulation does: shuffle and deal, play to the
end with every move chosen uniformly at random among the legal moves (a
``random.Random`` seeded per run picks ``moves[rng.randrange(len(moves))]``),
and compute the result. Each figure is the median rate of K runs of N rounds.

The reference is the `dominoes` package (https://pypi.org/project/dominoes/,
``pip install -e '.[bench]'``): its only game is four players in two
diagonal teams, the whole double-six set dealt (7 each), no boneyard,
passing when stuck, out or blocked, pips to the winning team — our
``sport`` variant. Both engines are driven the same way:

    ours:   g = new_game("sport", seed=s)                   theirs:  g = dominoes.Game.new()
            while not g.is_over():                                   while g.result is None:
                moves = g.legal_moves()                                  moves = g.valid_moves
                g.play(moves[rng.randrange(len(moves))])                 g.make_move(*moves[rng.randrange(len(moves))])
            g.result()                                               (make_move computes the result)

Both check the move they are given (``play`` against the rules, ``make_move``
against the hand and the board ends). Ours does a little more per round:
the sport rules' redeal check and first-lead flip, a pass is a recorded move
(``dominoes`` skips stuck players inside ``make_move``), and every move goes on
the history and the undo stack. Time is the process's CPU time
(``time.process_time``), so other jobs on a shared machine do not count, and
the runs of the two engines are interleaved so that what load still does
(caches, clock) hits both alike; the ratio is ours / theirs (> 1: ours is
faster). The ``push()`` column plays the same rounds with the
unchecked ``push`` that search code uses. When `dominoes` is not installed
the comparison is skipped.

Where a sport round's time goes (issue 24), counted in machine instructions, which a
loaded machine does not blur: ``valgrind --tool=cachegrind --cache-sim=no`` on a script
that plays N seeded rounds through the driver above, for N = 100 and N = 400, the
difference divided by 300 (so start-up and imports drop out). Before this work: ours
1.07 M instructions a round, `dominoes` 1.32 M (1.23x); the deal (``new_game``) 0.29 M,
the result 0.16 M, the 25.6 moves and the driver's ``rng.randrange`` the rest.
What was done, every seed's round unchanged (``tests/test_engine_regression.py``):

- the deal: the shuffle makes ``random.Random(seed).shuffle``'s own draws and swaps
  inline from the C generator (the identical permutation, checked at import and by a
  test; seeding and the generator's first refill, about 40 k, stay); hands and masks are
  indexed out of the deal order; the state is built without re-checking tiles, from
  what its Rules give once (``_constants``); the sport opening's leader, flips and
  words are worked out once per flip seed. 0.29 M -> 0.19 M.
- the result: pips from the hands' masks (``GameState.pips_left``), the lighter side
  picked inline, and the language looked up in ``os.environ``'s own store instead of
  raising two KeyErrors per unset variable on every message. 0.16 M -> 0.06 M.
- the moves: line moves cached by (tiles fitting the left end, tiles fitting the
  right end), which merges positions with the same moves (61 % hits instead of 49 %
  over 3,000 rounds), generated inline on a miss, the lead not cached; one tile on
  the exact line played inline at the top of ``_apply``.

After it: ours 0.75 M instructions a round against 1.33 M (1.76x): the deal 0.19 M, the
result 0.06 M, the moves with the driver 0.51 M; the ratio the timing prints is lower
on a loaded two-core machine (1.4x at load 8). Then (second pass, same seeds, same games):

- the state's attributes: a GameState has 38, more than the 30 a class's shared keys hold
  in CPython 3.11, so every instance fell back to a real dict and each ``self.x`` of the
  hot loop was a hashed lookup (twice the time of a plain read); it now has
  ``__slots__`` (and keeps a ``__dict__`` for attributes a caller adds). 0.789 M -> 0.744 M.
- ``play()`` makes the legal move of a cached plain line itself (found by identity in the
  position's list, so it fits: no call to ``_apply`` and none of its re-checks; an illegal
  move still goes through ``check()`` and raises). 0.744 M -> 0.723 M.

Measured in one session (2026-12-02, cachegrind as above on the driver above: 100 and
400 rounds of ``new_game("sport", seed=100_000 + r)``, moves picked by
``random.Random(1)``): ours 0.789 M before this pass (the 0.75 M above was another
session's script), 0.723 M after; `dominoes` 1.324 M: 1.83x. Of our 0.723 M: the deal
0.185 M (``new_game`` alone), the driver's ``randrange`` 0.084 M, the result about
0.06 M, the moves the rest (about 15 k instructions a move with ``is_over`` and the
driver's loop; the cache misses, 39 % of the lookups, build their list). The timing this
prints, same day, load average 2.0: ours 8,563 rounds/s against 5,322 (1.61x); its split
table 98.4 us against 187.8 us a round (1.91x; there the deals are all made first).
Still short of 2x (0.66 M a round): the deal's seeding (``random_seed`` alone 0.028 M,
fixed by the pinned stream), the cache misses, and the frames of the driver's three
calls a move (``is_over``, ``legal_moves``, ``play``), which the driver fixes.

Third pass (same seeds, same games; the same cachegrind count, 0.727 M at its start):

- ``play()`` makes a pass of the cached plain line inline (3.3 a round): 0.727 M -> 0.722 M.
- the lead of a cached plain line: its moves built in ``legal_moves`` (no ``_generate``
  call and its hook checks) and the tile laid by ``play()`` itself: 0.722 M -> 0.714 M.
- ``Rules`` has ``__slots__`` (44 fields, more than the 30 shared keys, so each
  ``rules.x`` of a deal and a result was a hashed lookup; its subclasses have empty
  slots): 0.714 M -> 0.705 M.

Measured 2026-12-02: ours 0.705 M instructions a round, `dominoes` 1.325 M: 1.88x (still
short of 2x by about 43 k a round). The timing this printed, load average 1.1 -> 2.7:
ours 9,771 rounds/s against 6,093 (1.60x); its split table 120.9 us against 208.6 us a
round (1.73x).

After review (same day): the steps after a tile goes on the plain line (undo entry,
history, hand, out / blocked / next player) were written out twice, in ``play()`` and in
``_apply()``; they are one method now, ``_line_tile_played``, at the price of one call a
play: 0.708 M -> 0.717 M a round, `dominoes` 1.331 M: 1.86x. The timing, load 1:
73.8 us against 112.0 us a round (1.52x); the split table 63.4 us against 119.0 us (1.88x).

Fourth pass (same seeds, same games; the same cachegrind count, 0.719 M at its start):

- the deal: the redeal test of a shuffled deal read from the hands' masks
  (``rules.may_redeal_doubles_or_suit``, exact for hands of two tiles or more; only when
  it says yes does the hook run and word the reason, so the text is the same), the dealt
  tiles and their bits picked by one ``itemgetter``, ``Opening`` a named tuple (a frozen
  dataclass's field-by-field set-up was 10 k instructions a deal), the cache-key shift
  and play()'s fast flag kept in ``_constants``: 171 k -> 147 k a deal.
- the result: sport's ``RoundResult`` built in one place (no ``base_result`` keyword
  packing, no ``points_from_team``), ``pips_left`` from the mask's two 14-bit halves up
  to double-6 and on every scoring view (``LeafView`` has it), each reason text worded
  once per (language, text, numbers) (``sport._worded``; it is still worded in the
  language current when the result is made), the five language variables looked up one
  by one in os.environ's store and a plain dict, the texts' keys positional and the
  messages marked once at import, not by an ``N_()`` call a round: 55 k -> 33 k a result.
- a cached line's lookup tests the key itself for "no tile fits" (one ``|`` less a turn).

Measured 2026-12-02 (means of three runs each; a run varies by about 3 k a round with
the hash seed, which the script does not fix): ours 0.719 M -> 0.673 M instructions a
round, `dominoes` 1.327 M: 1.97x (short of 2x, 0.664 M, by about 10 k a round). Tried
and dropped: the shuffle's draws as one ``getrandbits`` of many words (slower: 98 k
against 65 k), a cache miss's moves looked up by the tile's bit, the hands cut by one
itemgetter of slices (no gain beyond the noise).
What is left is mostly fixed costs: the generator's seeding (30 k), a cache miss (11.6 a
round, about 9 k each, their lists built bit by bit), the lead's list (7 moves, not
cached), ``RoundResult``'s 17 fields (11 k), reading the environment's language (5 k).
The timing this printed, load average 1.4: ours 14,434 rounds/s against 8,379 (1.72x:
69.3 us against 119.3 us a round); its split table 60.5 us against 126.5 us (2.09x).

Fifth pass (same seeds, same games; the same cachegrind count, 0.674 M at its start, means
of three runs; for the steps, means over PYTHONHASHSEED 1, 2, 3, which fix the hash seed):

- the plain line's moves: the cache keyed by both ends' masks missed two positions in
  five (a pair of masks is seldom met again); they are now put together from per-player
  caches by one mask (``_MaskMoves``: one end's tiles at L, at R, or at both), which
  take few values: a position whose tiles fit one end only is one lookup, two ends whose
  tiles do not interleave are the two lists joined, the rest (one turn in seven) the
  old loop: 0.674 M -> 0.632 M.
- a mask's list not yet made is its lowest tile's moves and then the rest's, looked up
  in the same cache (the mask once that tile is played): 0.633 M -> 0.625 M.
- after a tile on the line, the next player's masks decide the block test (needed only
  when he holds no tile for an end) and, in a game with the move cache, give his moves
  at once, which ``legal_moves()`` would work out again: 0.625 M -> 0.605 M.

Measured 2026-12-03: ours 0.674 M -> 0.605 M instructions a round (three runs: 0.606,
0.607, 0.600), `dominoes` 1.319 M: 2.18x. Tried and dropped: the moves of a cache miss
by sorting per-tile codes and a ``map`` in C (fewer opcodes, but the C calls cost more:
0.674 M -> 0.700 M), the interleaved case run by run from the mask caches (+2 k), the
lead's list picked by ``itertools.compress`` on the mask's binary digits (-2 k, not
worth the trick). The timing this printed (``--rounds 400 --repeats 5``, load average
1.3 to 2.0): ours 14,327 rounds/s against 7,235 (1.98x: 69.8 us against 138.2 us a
round); its split table 84.4 us against 180.4 us (2.14x). Left as before: the
generator's seeding (30 k), the driver's ``randrange`` (about 94 k), ``RoundResult``'s
17 fields (11 k), the lead's list and the interleaved case (a loop over bits).

Sixth pass (same seeds, same games; means over PYTHONHASHSEED 1, 2, 3 of the same
cachegrind count, 0.6045 M at its start):

- calling a class with keyword arguments makes CPython pack them into a dict and
  unpack it again for the Python ``__init__`` / ``__new__`` (the type call has no
  keyword path of its own): sport's ``RoundResult`` (ten keywords) is now made by
  ``object.__new__`` and its ``__init__`` called as a function, and the opening's
  ``Opening`` takes its fields by position: 0.6045 M -> 0.5993 M.

Where CPU time differs from the count (cachegrind's cache and branch simulation, per
round, N = 400 minus N = 100 as above, PYTHONHASHSEED 1): ours 0.61 M instructions, 5.3 k
L1 data misses, 8.0 k instruction-cache misses, 13.2 k mispredicted branches (8.6 k of
them indirect, the interpreter's dispatch); `dominoes` 1.33 M, 10.6 k, 20.6 k, 24.9 k.
Their misses per instruction are like ours, but they mispredict fewer branches per
instruction (1.9 % against 2.2 %): by mispredictions the ratio is 1.89x, by instructions
2.2x, and the CPU time ratio falls between. No cyclic garbage is left by a round
(``gc.collect()`` after 20 rounds finds none), and the collector's own work is about 1 %
of a round. Considered and not done: a cache of the interleaved case by pair of masks
(pairs seldom recur, see the fifth pass), ``Opening`` unpacked by position in
``_open_round`` (about 150 instructions), the environment's store fetched once (one
``getattr`` a round, about 300). Left: Python opcodes spread over the hot path (about 88
a move in ``play()`` and 100 in ``_line_tile_played``, 976 a round in the shuffle's loop,
250 in ``new_game``), each already close to its minimum; 0.56 M would need fewer of the
driver's calls a move or of the shuffle's draws, which the benchmark and the pinned
stream fix.

Measured 2026-12-03: ours 0.6045 M -> 0.5993 M instructions a round (three runs: 0.6048,
0.5967, 0.5963), `dominoes` 1.328 M: 2.22x. The timing this printed (``--rounds 400
--repeats 5``, another job on the two cores, load average 2.5 -> 1.2, three runs): ours
72.2 / 78.3 / 68.5 us against 174.0 / 171.1 / 135.8 us a round (2.41x, 2.18x, 1.98x;
the previous code, run between them, 1.91x); its split table 95.4 against 207.8 us
(2.18x) and 69.4 against 139.1 us (2.00x).

Seventh pass: why the CPU-time ratio is below the instruction ratio (2026-12-03; the same
driver, ``cachegrind`` N = 400 minus N = 100 with PYTHONHASHSEED=1 unless said). With cache
and branch simulation (the host's D1 48 KB, I1 64 KB): ours 0.606 M instructions, 3.3 k L1
data misses, 1.3 k instruction-cache misses, 13.1 k mispredicted branches a round;
`dominoes` 1.328 M, 3.7 k, 2.9 k, 24.8 k: per instruction we miss the data cache twice as
often. The machine (a KVM guest) has no hardware counters for ``perf stat``; sampled on the
CPU clock (``perf record -e cpu-clock``) the interpreter loop is 49 % of our time for 44 % of
our instructions, and 38 % of theirs for 37 %. The phases timed inside the loop (medians
of 11 runs of 400 rounds, load 0.8): our deal 19.3 us, the moves 32.1, the result 4.8; the
same 400 deals made one after another 14.5 us each, the results 2.9; their deal 16.6 us in
the loop and 17.2 back to back. So the moves run at the speed of theirs (about 415 k
instructions in 32.1 us, 12.9 a nanosecond; their whole round 12.7) and the gap is the code
that runs once a round: our deal (``new_game`` alone 158 k instructions, 8.2 a nanosecond in
the loop) and result (about 33 k, 6.9), 31 % of our instructions but 43 % of our time, run
cold: the hardware's state for their long once-through code path (branch predictors, caches
of the interpreter's code and of their code objects) is gone by the next round. A deal made
after other work in the same process (medians of 21 runs of 300 deals, load 3): after
nothing 15.1 us, after a sport round 20.5, after a kozel round 18.5, after a round of
`dominoes` 20.1, but after 300 lookups in the move caches (ten rounds' worth, data only)
15.4, and after a plain loop of 10,000 steps 15.5 to 20.4 in three runs; in another run, 13.4
us alone, 15.2 after touching 256 KB of other memory, 35.7 after 1 MB, 54.4 after 4 MB
(another job on the cores does that, which is why our ratio falls with the load). It is the
variety of the code run in between, not the engine's data, that the deal pays for. The
generator's seeding adds to it: 28 k instructions but about 4.3 us even back to back
(init_by_array is a chain of dependent multiplies). The collector is not a factor (0.001 collections a round:
a round frees what it makes). What was done, every seed's round unchanged:

- the deal: the hand size, the set, each tile's bit and each hand's slice are worked out
  once per Rules (``setup._deal_plan``), a registry name without options is looked up
  without packing ``**options``, the shuffle is called directly for an int seed and reads
  each step's place and bit count as one pair (``setup._draws``; a shuffle alone 6.5 ->
  6.2 us), the Opening is unpacked by position and the dealt state made in ``_open_round``
  (``GameState._dealt`` removed), sport's Opening is made by ``tuple.__new__``;
- the moves: ``_line_tile_played`` sets the position's list once on each way out.

Measured: 0.6059 M -> 0.5948 M instructions a round (PYTHONHASHSEED=1; `dominoes` 1.328 M:
2.19x -> 2.23x). CPU time in one process against main's engine (a copy of main's package
imported under another name beside this one, 45 interleaved runs of 200 rounds, process
time per phase, load 3): the deal in the loop 22.4 -> 20.4 us (1.10x), the round 1.03x. This
benchmark (``--rounds 400 --repeats 5``, load 1.3 to 2.9, six runs of each tree in turn):
ours against `dominoes` median 1.90x (1.84 to 1.95), main's 1.87x (1.80 to 1.90); the split
table about 2.07x for both. Tried and dropped (CPU time in the loop unless said): the hands
and masks cut by ``map()`` in C (2.7 us against 2.3 alone), the masks summed from fresh
``1 << index`` so that the 28 bit ints are not read (slower), the pips by bytes tables or
7-bit chunks (no gain: not the tables' misses), the RoundResult by a ``__dict__`` literal
(slower) or by position (0.2 us, but fragile against its fields), the shuffle's draws from
one ``getrandbits(4096)`` through an ``array`` (5.3 us before its loop, the seeding alone
4.3), the interleaved case by ``sorted()`` of (rank, move) pairs (650 against 560 ns) or
cached by pair of masks (18 % hits), ``_constants`` and ``_deal_plan`` read inline (no gain),
one generator re-seeded for every deal (0.2 us, and not thread-safe), the redeal test of
four full hands as one ``frozenset.isdisjoint`` (0.65 -> 0.46 us alone, no gain in the
loop), the five language variables by ``tuple(map(data.get, ...))`` (the result 5.7 -> 6.1
us): in code that runs once a round, C paths that nothing else in the round uses cost their
own cold misses, so fewer opcodes is not enough. Left: 2x by CPU time needs the
once-a-round code to touch less: a deal written for sport alone (no hooks, the same state)
was 3 us a round faster in the loop than main's, the upper bound of that line (fewer
once-a-round steps, and fewer kinds of them); the move caches' lookups are not what the
deal pays for (above), so a leaner cache would not help it.

Measured 2026-12-04 on another machine of the same kind, quiet (``--rounds 400 --repeats 5``,
eight runs, the engine's code unchanged; two of them with the tree of 2026-12-03 run in
turn, which printed the same): a median of 2.17x (2.04x to 2.24x), 55.5 to 60.7 us a round
against 122.3 to 124.4 us, the split table 2.05x to 2.19x. The CPU-time ratio depends on
the machine (the once-a-round code's cold misses, seventh pass above) more than on the
last passes' changes.

Eighth pass (2026-12-06; same seeds, same games: ``tests/test_engine_regression.py``'s
digests unchanged), two steps in C (``dominolab/games/_crossc.c``, the cross search's
extension; where it is not built the Python runs, with the same results):

- ``play()``'s legal one-tile play of the cached plain line is ``line_play``: the steps of
  play() and ``_line_tile_played`` on the same slots (read by their member descriptors'
  offsets), the next player's list looked up as before. A warm play 415 ns against 930 ns
  (``tests/test_native_play.py`` compares the two paths state for state).
- the deal's shuffle is ``shuffled_order``: random.Random's Mersenne Twister written out,
  seeded as random.Random seeds an int, the constant ``init_genrand(19650218)`` made once, a
  refill's first words made only as asked: 3.3 us against 8.0 us for 28 tiles (most of it
  the seeding, a chain of dependent multiplies).

Cachegrind as above (PYTHONHASHSEED=1, the driver above, N = 400 minus N = 100): ours
0.595 M instructions a round in Python (``DOMINOLAB_PURE=1``), 0.535 M with the C play,
0.495 M with the C shuffle too; `dominoes` 1.332 M: 2.69x. The timing (``--rounds 400
--repeats 5``), the same noisy machine: before, 1.83x, 2.07x, 1.85x and 1.50x in four runs;
with the C play 2.14x, 2.15x and 2.13x; with both 2.38x, 2.27x and 2.31x. Tried and
dropped: ``play``, ``legal_moves`` and ``is_over`` as C method descriptors (no Python frame
for the driver's three calls a move): 18 k fewer instructions a round, but alternating in
one process 82.8 against 84.5 us a round, within noise, so the simpler call from play()
stays. What is left in C terms: the seeding (about 3 us, fixed by the pinned stream),
``RoundResult``'s fields, and the Python objects each move makes (its undo entry, the
line's pair), which the cache misses of the loop, not the instructions, price.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dominolab.games import VARIANTS, new_game


def ours(variant: str, rounds: int, seed: int, checked: bool = True) -> float:
    """Rounds per second with the public, checking ``play()`` (or, with
    ``checked=False``, the unchecked ``push()`` on moves taken from the generator)."""
    rng = random.Random(seed)
    t0 = time.process_time()
    for r in range(rounds):
        g = new_game(variant, seed=seed * 100_000 + r)
        step = g.play if checked else g.push
        while not g.is_over():
            moves = g.legal_moves()
            step(moves[rng.randrange(len(moves))])
        g.result()
    return rounds / (time.process_time() - t0)


def ours_push(variant: str, rounds: int, seed: int) -> float:
    """The same rounds with the unchecked ``push()``."""
    return ours(variant, rounds, seed, checked=False)


def theirs(rounds: int, seed: int) -> float:
    import dominoes

    random.seed(seed)   # dominoes shuffles with the global random module
    rng = random.Random(seed)
    t0 = time.process_time()
    for _ in range(rounds):
        g = dominoes.Game.new()
        while g.result is None:
            moves = g.valid_moves
            g.make_move(*moves[rng.randrange(len(moves))])
    return rounds / (time.process_time() - t0)


def split_ours(rounds: int, seed: int) -> tuple[float, float]:
    """Microseconds per sport round spent dealing (new_game) and playing + scoring."""
    rng = random.Random(seed)
    t0 = time.process_time()
    games = [new_game("sport", seed=seed * 100_000 + r) for r in range(rounds)]
    t1 = time.process_time()
    for g in games:
        while not g.is_over():
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        g.result()
    t2 = time.process_time()
    return (t1 - t0) * 1e6 / rounds, (t2 - t1) * 1e6 / rounds


def split_theirs(rounds: int, seed: int) -> tuple[float, float]:
    import dominoes

    random.seed(seed)
    rng = random.Random(seed)
    t0 = time.process_time()
    games = [dominoes.Game.new() for _ in range(rounds)]
    t1 = time.process_time()
    for g in games:
        while g.result is None:
            moves = g.valid_moves
            g.make_move(*moves[rng.randrange(len(moves))])
    t2 = time.process_time()
    return (t1 - t0) * 1e6 / rounds, (t2 - t1) * 1e6 / rounds


def push_pop(variant: str, nodes: int, seed: int) -> float:
    """Search primitives: generate moves, push one, recurse a little, pop — nodes per second."""
    rng = random.Random(seed)
    g = new_game(variant, seed=seed)
    done = 0
    t0 = time.process_time()
    while done < nodes:
        depth = 0
        while not g.is_over() and depth < 12:
            moves = g.legal_moves()
            g.push(moves[rng.randrange(len(moves))])
            depth += 1
            done += 1
        for _ in range(depth):
            g.pop()
    return done / (time.process_time() - t0)


def interleaved(fns: dict, repeats: int) -> dict:
    """Run every fn(seed) once per repeat, in turn, so load changes hit all alike;
    the median result of each."""
    runs: dict = {name: [] for name in fns}
    for k in range(repeats):
        for name, fn in fns.items():
            runs[name].append(fn(k + 1))
    return {name: statistics.median(v) for name, v in runs.items()}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args(argv)
    n, k = args.rounds, args.repeats
    try:
        import dominoes
        version = getattr(dominoes, "__version__", None)
        if version is None:
            from importlib.metadata import version as _v
            version = _v("dominoes")
    except ImportError:
        dominoes = None

    print(f"random full rounds per second: deal + random legal moves to the end + result "
          f"(median of {k} runs x {n} rounds)")
    head = f"{'engine / variant':<26}{'play() rounds/s':>17}{'push() rounds/s':>17}{'ours/dominoes':>15}"
    print(head)
    print("-" * len(head))
    fns = {"ours": lambda s: ours("sport", n, s), "push": lambda s: ours_push("sport", n, s)}
    if dominoes is not None:
        fns["theirs"] = lambda s: theirs(n, s)
    sport = interleaved(fns, k)
    if dominoes is not None:
        print(f"{'dominoes ' + version + ' (4p, 2 teams)':<26}{sport['theirs']:>17,.0f}{'':>17}"
              f"{'1.00x':>15}")
        ratio = f"{sport['ours'] / sport['theirs']:>14.2f}x"
    else:
        ratio = f"{'n/a':>15}"
    print(f"{'ours: sport (same game)':<26}{sport['ours']:>17,.0f}{sport['push']:>17,.0f}{ratio}")
    for name in sorted(VARIANTS):
        if name == "sport":
            continue
        r = interleaved({"ours": lambda s, v=name: ours(v, n, s),
                         "push": lambda s, v=name: ours_push(v, n, s)}, k)
        print(f"{'ours: ' + name:<26}{r['ours']:>17,.0f}{r['push']:>17,.0f}{'':>15}")
    if dominoes is not None:
        print(f"\nfour-player sport rounds, same scoring: ours {1e6 / sport['ours']:.1f} us, "
              f"dominoes {1e6 / sport['theirs']:.1f} us a round -> ours is "
              f"{sport['ours'] / sport['theirs']:.2f}x as fast (issue 24's target: 2x)\n")
    print("(ours/dominoes compares like with like: sport dominoes is the dominoes package's game;"
          "\n the other variants have boneyards, hooks or other sets and are listed for scale)")

    if dominoes is not None:
        sp = {"ours": lambda s: split_ours(n, s), "theirs": lambda s: split_theirs(n, s)}
        runs: dict = {name: [] for name in sp}
        for j in range(k):
            for name, fn in sp.items():
                runs[name].append(fn(j + 1))
        med = {name: [statistics.median(x[i] for x in v) for i in (0, 1)]
               for name, v in runs.items()}
        print("\nwhere a sport round's time goes (microseconds per round, medians):")
        print(f"{'':<26}{'deal':>10}{'play+score':>12}{'total':>10}")
        for name, label in (("ours", "ours"), ("theirs", "dominoes")):
            d, p = med[name]
            print(f"{label:<26}{d:>10.1f}{p:>12.1f}{d + p:>10.1f}")

    pp = statistics.median(push_pop("sport", 20_000, j + 1) for j in range(k))
    print(f"\nsearch primitives (sport): legal_moves + push + pop: {pp:,.0f} nodes/s")


if __name__ == "__main__":
    main()
