"""What the tests of the Hypothesis strategies share (``tests/testing/test_strategies.py``,
``test_strategies_variants.py`` and ``test_strategies_records.py``): the settings of the
tests that need few examples, the bonus river tile set (R-V3) and its six double tiles,
and a game's readings of the variant options R-V1-R-V3.
"""

from __future__ import annotations

from hypothesis import settings

from carcassonne_amazonas import AmazonRanking, CampScoring, Rules, reference_tileset

few = settings(max_examples=3, database=None)
BONUS = reference_tileset(bonus_river=True)
BONUS_DOUBLES = {tile.id for tile in BONUS.double_tiles}


def options(rules: Rules) -> tuple[AmazonRanking, CampScoring, bool]:
    """A game's readings of R-V1, R-V2 and R-V3."""
    return rules.amazon_ranking, rules.camp_scoring, rules.tileset == BONUS
