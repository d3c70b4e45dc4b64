"""Points by category: a player's running breakdown and the final scoring's rows.

:class:`ScoreBreakdown` is where each player's points came from over the whole game
(held by :class:`~carcassonne_amazonas.state.PlayerState`); :class:`FinalScore` is one
player's row of the final scoring (R-E2–R-E5).  They live apart from the state so that
the scoring code (:mod:`~carcassonne_amazonas.final_tally`,
:mod:`~carcassonne_amazonas.projection`) and the text renderer need not import the
state module, which draws itself with them.
"""

from __future__ import annotations

import attrs

from .reprs import changed_fields_repr, repr_pretty

__all__ = ["FINAL_SCORE_CATEGORIES", "NO_POINTS", "SCORE_CATEGORIES", "FinalScore",
           "ScoreBreakdown"]


@attrs.frozen(slots=True, repr=False)
class ScoreBreakdown:
    """A player's points by where they came from, over the whole game.

    ``repr`` names only the categories with points: ``ScoreBreakdown(villages=7)``.
    """

    tributaries: int = 0
    """Completed tributaries (R-T7) and, at the end, unfinished ones (R-E2)."""
    villages: int = 0
    """Completed villages (R-T7) and, at the end, unfinished ones (R-E3)."""
    amazon: int = 0
    """Amazon scorings (R-A2)."""
    camps: int = 0
    """Jungles with camps at the end (R-E4)."""
    river: int = 0
    """The river ranking at the end (R-E5)."""

    @property
    def total(self) -> int:
        """All points."""
        return self.tributaries + self.villages + self.amazon + self.camps + self.river

    def plus(self, **points: int) -> ScoreBreakdown:
        """This breakdown with points added to the named categories."""
        tributaries, villages, amazon, camps, river = (
            self.tributaries, self.villages, self.amazon, self.camps, self.river)
        for category, added in points.items():
            # One branch per category: this runs at every score, attrs.evolve is slower.
            if category == "tributaries":
                tributaries += added
            elif category == "villages":
                villages += added
            elif category == "amazon":
                amazon += added
            elif category == "camps":
                camps += added
            elif category == "river":
                river += added
            else:
                getattr(self, category)  # raises AttributeError, as it always did
        return ScoreBreakdown(tributaries, villages, amazon, camps, river)

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, repr=False)
class FinalScore:
    """One player's final scoring, by category (R-E2–R-E5); ``repr`` names the categories
    with points."""

    tributaries: int = 0
    villages: int = 0
    camps: int = 0
    river: int = 0

    @property
    def total(self) -> int:
        """All final-scoring points."""
        return self.tributaries + self.villages + self.camps + self.river

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty


#: A breakdown with no points: every player's at the start (R-C2).
NO_POINTS = ScoreBreakdown()

#: The categories of a :class:`ScoreBreakdown`, in field order (what snapshots write and
#: the consistency check sums).
SCORE_CATEGORIES: tuple[str, ...] = tuple(field.name for field in attrs.fields(ScoreBreakdown))

#: The categories of a :class:`FinalScore`, in field order (R-E2–R-E5).
FINAL_SCORE_CATEGORIES: tuple[str, ...] = tuple(field.name
                                                for field in attrs.fields(FinalScore))
