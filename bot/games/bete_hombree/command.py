"""``/table new hombree``: a table of La Bête Hombrée, with its own options (RULES.md §1)."""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.commands import (
    COMMON_DESCRIPTIONS,
    DEFAULT_TURN_SECONDS,
    LANGUAGE_CHOICES,
    LEVEL_CHOICES,
    Opener,
    TurnTime,
)
from games.bete_hombree import GAME

# the options' French words, for the command translator
COMMAND_WORDS: Final = {
    "hombree": "hombree",
    "La Bête Hombrée: four players, bids, belle and matadors": (
        "La Bête Hombrée : quatre joueurs, enchères, belle et matadors"
    ),
    "pass_reentry": "reparler",
    "premier_in_belle": "premier_en_belle",
    "cagnote_discard": "ecart_cagnote",
    "stop_when_decided": "arret_des_joue",
    "stake_rule": "enjeu",
    "pinandele": "pinandele",
    "bete_order": "ordre_des_betes",
    "belle_on_announce": "belle_a_l_annonce",
    "Passed players may bid again": "Qui a passé peut reparler",
    "An earlier seat may equal a belle bid": "Un joueur antérieur peut égaler une demande en belle",
    "Cards the cagnoteur discards": "Cartes écartées par le cagnoteur",
    "End the hand once decided": "Finir le coup dès qu'il est joué",
    "How stakes are counted": "Calcul de l'enjeu",
    "Where pinandèles go": "Où vont les pinandèles",
    "Which bête is in play": "Quelle bête est en jeu",
    "Belle changes as soon as matadors are announced": "La belle change dès l'annonce des matadors",
    "Exactly 3": "Exactement 3",
    "1 to 3": "1 à 3",
    "In the register": "Au tableau",
    "With the next bête": "Avec la bête suivante",
    "Oldest first": "La plus ancienne",
    "Largest first": "La plus grosse",
}


def new_command(opener: Opener) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="hombree", description="La Bête Hombrée: four players, bids, belle and matadors"
    )
    @app_commands.describe(
        pass_reentry="Passed players may bid again",
        premier_in_belle="An earlier seat may equal a belle bid",
        cagnote_discard="Cards the cagnoteur discards",
        stop_when_decided="End the hand once decided",
        stake_rule="How stakes are counted",
        pinandele="Where pinandèles go",
        bete_order="Which bête is in play",
        belle_on_announce="Belle changes as soon as matadors are announced",
        deal_pattern="Packets of the deal",
        **COMMON_DESCRIPTIONS,
    )
    @app_commands.choices(
        cagnote_discard=[
            Choice(name="Exactly 3", value="exactly_3"),
            Choice(name="1 to 3", value="up_to_3"),
        ],
        stake_rule=[
            Choice(name="Ameye 1976", value="ameye"),
            Choice(name="Jeux & Stratégie 1984", value="js1984"),
        ],
        pinandele=[
            Choice(name="In the register", value="queue"),
            Choice(name="With the next bête", value="with_next_bete"),
        ],
        bete_order=[
            Choice(name="Oldest first", value="oldest"),
            Choice(name="Largest first", value="largest"),
        ],
        deal_pattern=[
            Choice(name="2 then 3", value="2-3"),
            Choice(name="3 then 2", value="3-2"),
        ],
        language=LANGUAGE_CHOICES,
        level=LEVEL_CHOICES,
    )
    async def hombree(
        interaction: discord.Interaction[Any],
        pass_reentry: bool = False,
        premier_in_belle: bool = False,
        cagnote_discard: str = "exactly_3",
        stop_when_decided: bool = False,
        stake_rule: str = "ameye",
        pinandele: str = "queue",
        bete_order: str = "oldest",
        belle_on_announce: bool = False,
        deal_pattern: str = "2-3",
        turn_time: TurnTime = DEFAULT_TURN_SECONDS,
        computers: app_commands.Range[int, 0, 3] = 0,
        level: str = "strong",
        language: str | None = None,
    ) -> None:
        options = {
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
        await opener(
            interaction,
            GAME,
            options,
            turn_time=turn_time,
            computers=computers,
            level=level,
            language=language,
        )

    return hombree
