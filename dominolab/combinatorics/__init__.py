"""Counting dominoes: formulas (exact or symbolic) and exact odds of deals.

A double-n set has one tile for every multiset ``{a, b}`` of two numbers from
``0..n``: combinations with repetition of 2 from n+1 kinds, so
``C(n+2, 2) = (n+1)(n+2)/2`` tiles and ``n(n+1)(n+2)/2`` pips. Every function
accepting ``n`` returns an exact ``int`` for an integer and a simplified sympy
expression for a symbol, so the same call gives 28 in a table and the formula
in a proof.

>>> import sympy
>>> n = sympy.Symbol("n")
>>> set_size(6), pip_total(6), set_size(n), pip_total(n)
(28, 168, (n + 1)*(n + 2)/2, n*(n + 1)*(n + 2)/2)
>>> multiset_count(6, 3)                      # triominoes: corners 0..5
56

Deals are counted exactly, probabilities are :class:`fractions.Fraction`:

>>> count_deals([7, 7, 7, 7])                 # four labelled 7-tile hands of 28
472518347558400
>>> deal_probability("all_doubles")           # one hand of 7: just the 7 doubles
Fraction(1, 1184040)
>>> deal_probability("redeal_five_doubles")
Fraction(2797, 592020)

The modules: :mod:`~dominolab.combinatorics.formulas` (set sizes, pip totals,
multisets, stars and bars, derivations), :mod:`~dominolab.combinatorics.deals`
(deals, hands and their events), :mod:`~dominolab.combinatorics.overlaps`
(inclusion–exclusion over suits, expectations by indicators, the hypergeometric law),
:mod:`~dominolab.combinatorics.pigeonhole` (forced coincidences and the sets that escape
them) and :mod:`~dominolab.combinatorics.symmetry` (Burnside's lemma: orbits of any
finite group action, labellings, necklaces, triominoes).

>>> inclusion_exclusion(4).total, hand_mean("doubles")
(349356, Fraction(7, 4))
>>> coincidence("shared_number").bound, triomino_classes(), triomino_classes(reflections=True)
(8, 76, 56)
"""

from ..errors import InvalidDeal, TooLarge, UnknownEvent
from .deals import (
    EVENTS,
    count_deals,
    count_hands,
    deal_probability,
    doubles_distribution,
    event_holds,
    hand_count,
    hand_profile,
    simulate,
    simulate_table,
    suit_distribution,
    table_probability,
)
from .overlaps import (
    QUANTITIES,
    InclusionExclusion,
    indicator_table,
    hand_mean,
    hypergeometric,
    hypergeometric_mean,
    hypergeometric_variance,
    inclusion_exclusion,
    long_in_suits,
)
from .pigeonhole import (
    COINCIDENCES,
    Coincidence,
    coincidence,
    deal_within,
    has_coincidence,
    largest_without,
    why_coincidence,
)
from .symmetry import (
    Symmetry,
    bracelets,
    burnside,
    burnside_table,
    commercial_triominoes,
    count_orbits,
    cyclic_group,
    dihedral_group,
    necklaces,
    orbits_by_listing,
    triomino_classes,
)
from .formulas import (
    Derivation,
    Step,
    derive_pip_total,
    derive_set_size,
    ends_per_number,
    from_stars_and_bars,
    multiset_count,
    pairing_blocks,
    partner,
    pip_total,
    pip_total_proofs,
    set_size,
    stars_and_bars,
    suit_count,
)

__all__ = [
    "COINCIDENCES",
    "Coincidence",
    "InclusionExclusion",
    "QUANTITIES",
    "Symmetry",
    "bracelets",
    "burnside",
    "burnside_table",
    "coincidence",
    "commercial_triominoes",
    "count_orbits",
    "cyclic_group",
    "deal_within",
    "dihedral_group",
    "indicator_table",
    "hand_mean",
    "has_coincidence",
    "hypergeometric",
    "hypergeometric_mean",
    "hypergeometric_variance",
    "inclusion_exclusion",
    "largest_without",
    "long_in_suits",
    "necklaces",
    "orbits_by_listing",
    "triomino_classes",
    "why_coincidence",
    "EVENTS",
    "Derivation",
    "InvalidDeal",
    "Step",
    "TooLarge",
    "UnknownEvent",
    "count_deals",
    "count_hands",
    "deal_probability",
    "derive_pip_total",
    "derive_set_size",
    "doubles_distribution",
    "ends_per_number",
    "event_holds",
    "from_stars_and_bars",
    "hand_count",
    "hand_profile",
    "multiset_count",
    "pairing_blocks",
    "partner",
    "pip_total",
    "pip_total_proofs",
    "set_size",
    "simulate",
    "simulate_table",
    "stars_and_bars",
    "suit_count",
    "suit_distribution",
    "table_probability",
]
