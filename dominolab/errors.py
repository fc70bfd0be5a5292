"""The exceptions dominolab raises.

Every error a user can cause is a :class:`DominoError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do
not know this package. Messages say *what* was wrong and *where*.

>>> from dominolab import Tile
>>> try:
...     Tile.parse("3:x")
... except DominoError as e:
...     print(e)
cannot read a tile from '3:x': 'x' at position 2 is not a number
"""

from __future__ import annotations


class DominoError(ValueError):
    """Base class of every error caused by bad input or an illegal request."""


class ParseError(DominoError):
    """Text (tile notation, puzzle file, game ID, record) could not be read.

    ``text`` is the offending input and ``position`` (when known) the index of
    the first bad character in it.
    """

    def __init__(self, message: str, text: str | None = None, position: int | None = None):
        super().__init__(message)
        self.text = text
        self.position = position


class InvalidTile(DominoError):
    """A tile that does not exist in the set at hand (a number out of range)."""


class InvalidSet(DominoError):
    """A collection of tiles that breaks a requirement (duplicates, wrong set)."""


class IllegalMove(DominoError):
    """A move the rules do not allow in this position; the message names the rule."""


class WrongPlayer(IllegalMove):
    """A move made by a player whose turn it is not."""


class GameOver(IllegalMove):
    """A move attempted after the round or match has ended."""


class BoardError(DominoError):
    """A request a widget cannot carry out now (a wrong mode, a bad seat, nothing to act on)."""


class Unsolvable(DominoError):
    """A puzzle or position that has no solution."""


class InvalidRegion(DominoError):
    """A board region that cannot be used (empty, bad text art, too large)."""


class InvalidPosition(DominoError):
    """A game position that cannot arise (a tile twice, wrong counts, impossible history)."""


class UnknownOption(DominoError):
    """A rule option (or an option value) that the variant does not have."""


class SkinError(DominoError):
    """A picture skin that does not exist, or a number (a set) it has no picture for."""


class NeedsChance(DominoError):
    """A position whose future depends on boneyard draws (a chance event)."""


class NoSuchPuzzle(DominoError):
    """No puzzle with the requested size and grade exists, or none was found."""


class NoSuchFile(DominoError, FileNotFoundError):
    """A file named as input (a puzzle file, say) does not exist.

    Also a :class:`FileNotFoundError`, so ``except OSError`` keeps working.
    """


class UnknownEvent(DominoError):
    """An event name :func:`~dominolab.combinatorics.deal_probability` does not know.

    The message lists the valid ones.
    """


class InvalidDeal(InvalidSet):
    """A deal that cannot be made: hands larger than the set, negative sizes, missing ``k``…"""


class TooLarge(InvalidDeal):
    """An exact count that would take too long.

    :func:`~dominolab.combinatorics.table_probability` raises it beyond its limit.
    """


class RegionParseError(ParseError, InvalidRegion):
    """Text art that is not a region: a stray character or ragged lines."""


class UnknownExercise(DominoError, KeyError):
    """An exercise or lesson number that does not exist; the message lists the valid ones."""

    def __str__(self) -> str:
        return str(self.args[0])


class NothingYet(DominoError):
    """The answer is an empty board, line or list: nothing to judge yet (not a wrong try)."""


class OverLimit(DominoError):
    """An input above one of the package's documented size limits (a number larger than
    :data:`dominolab.limits.MAX_N`, a text longer than its format allows, a search that would
    need more than its budget). The message names the limit and where it is documented."""


class UnreadableFile(NoSuchFile):
    """A file named as input that is not a text file the package can read: a directory, a
    device, a file over the size limit, binary data or text that is not UTF-8 (a
    :class:`NoSuchFile`, as these were before, so ``except OSError`` keeps working)."""


class UnknownLanguage(DominoError):
    """A language dominolab has no catalog for (it speaks ``en`` and ``ru``)."""
