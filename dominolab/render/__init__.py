"""The pictures: every SVG the package draws.

:mod:`~dominolab.render.svg` draws tiles, hands, sets and straight chains and the
pieces the others build on; :mod:`~dominolab.render.chains`,
:mod:`~dominolab.render.tilings`, :mod:`~dominolab.render.aztec` (Aztec diamonds, 2×n
tilings beside their compositions), :mod:`~dominolab.render.dominosa` and
:mod:`~dominolab.render.table` draw their topics; :mod:`~dominolab.render.skins` has the picture skins of children's
dominoes (pictures in place of pips). Models import their renderer
only when they are drawn (``_repr_svg_``); renderers import the models, so the topic
renderers are imported from their own modules, not re-exported here (``tilings.region``
imports this package for ``SVG``: a re-export of a renderer of tilings would be an import
cycle).
"""

from .skins import SKINS, Skin, get_skin, skinned
from .svg import PALETTE, SVG, chain_svg, document, hand_svg, set_svg, tile_group, tile_svg

__all__ = ["SVG", "document", "tile_group", "tile_svg", "hand_svg", "set_svg", "chain_svg", "PALETTE",
           "SKINS", "Skin", "get_skin", "skinned"]
