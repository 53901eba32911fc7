"""``/table new hombree``: a table of La Bête Hombrée, with its own options (RULES.md §1)."""

from __future__ import annotations

from typing import Final

from bot.commands import TableCommand, deal_pattern_choices


def options(
    pass_reentry: bool = False,
    premier_in_belle: bool = False,
    cagnote_discard: str = "exactly_3",
    stop_when_decided: bool = False,
    stake_rule: str = "ameye",
    pinandele: str = "queue",
    bete_order: str = "oldest",
    belle_on_announce: bool = False,
    deal_pattern: str = "2-3",
) -> dict[str, object]:
    """The variants of RULES.md §1 as chosen, in record form (the rules check them).

    Args:
        pass_reentry: Passed players may bid again
        premier_in_belle: An earlier seat may equal a belle bid
        cagnote_discard: Cards the cagnoteur discards
        stop_when_decided: End the hand once decided
        stake_rule: How stakes are counted
        pinandele: Where pinandèles go
        bete_order: Which bête is in play
        belle_on_announce: Belle changes as soon as matadors are announced
        deal_pattern: Packets of the deal
    """
    return {
        "pass_reentry": pass_reentry,
        "premier_in_belle": premier_in_belle,
        "cagnote_discard": cagnote_discard,
        "stop_when_decided": stop_when_decided,
        "stake_rule": stake_rule,
        "pinandele": pinandele,
        "bete_order": bete_order,
        "belle_on_announce": belle_on_announce,
        "deal_pattern": deal_pattern,
    }


COMMAND: Final = TableCommand(
    name="hombree",
    description="La Bête Hombrée: four players, bids, belle and matadors",
    options=options,
    choices={
        "cagnote_discard": {"exactly_3": "Exactly 3", "up_to_3": "1 to 3"},
        "stake_rule": {"ameye": "Ameye 1976", "js1984": "Jeux & Stratégie 1984"},
        "pinandele": {"queue": "In the register", "with_next_bete": "With the next bête"},
        "bete_order": {"oldest": "Oldest first", "largest": "Largest first"},
        "deal_pattern": deal_pattern_choices("2-3", "3-2"),
    },
)
