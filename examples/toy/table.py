"""The toy game at the table: its port, its drawings, its command and its texts.

The bot side of a game is what this file holds, in the same shape as a game
package under ``bot/games/``: it registers itself with ``bot.games.register``
when ``examples.toy`` is imported, and nothing else of the bot names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from discord import app_commands

from bot.commands import TableCommand
from bot.game import (
    Capabilities,
    Field,
    GameTexts,
    TableGame,
    TableLike,
)
from bot.games import register
from bot.texts.i18n import t
from bot.trick_game import TrickPort, TrickRenderer
from examples.toy import SPEC
from examples.toy.game import Action, DealState, DealView
from examples.toy.record import DealRecord, replay
from examples.toy.session import Session, SettledDeal

TEXTS: Final = {
    "toy.start": {"fr": "{name} donne le premier.", "en": "{name} deals first."},
    "toy.deals_left": {
        "fr": "Encore {count} {count:coup|coups}.",
        "en": "{count} more {count:hand|hands}.",
    },
    "toy.summary": {
        "fr": "Coup n° {hand} : {name} l'emporte",
        "en": "Hand #{hand}: {name} wins",
    },
    "toy.summary.result": {
        "fr": "Plis : {tricks}. Le perdant paie {amount} {amount:jeton|jetons}.",
        "en": "Tricks: {tricks}. The loser pays {amount} {amount:jeton|jetons}.",
    },
    "toy.history": {
        "fr": "{name} l'emporte de {amount} {amount:jeton|jetons}",
        "en": "{name} wins by {amount} {amount:jeton|jetons}",
    },
    "reason.tricks": {"fr": "plis", "en": "tricks"},
    "option.deals": {"fr": "coups", "en": "hands"},
    "score.net.toy": {"fr": "{net} {net:jeton|jetons}", "en": "{net} {net:jeton|jetons}"},
    "rules.toy.overview.title": {"fr": "Le jeu d'essai", "en": "The toy game"},
    "rules.toy.overview.text": {
        "fr": "Deux joueurs, trois cartes chacun : la plus haute (R > D > V) fait le pli.",
        "en": "Two players, three cards each: the highest (K > Q > J) takes the trick.",
    },
}
TERMS: Final = {
    "deal": {"fr": "coup", "en": "hand"},
    "trick": {"fr": "pli", "en": "trick"},
    "trump": {"fr": "atout", "en": "trump"},  # as the shared texts say it
}
COMMAND_WORDS: Final = {
    "toy": "essai",
    "The toy game: two players, three cards": "Le jeu d'essai : deux joueurs, trois cartes",
    "deals": "donnes",
    "Deals in the session": "Donnes de la partie",
}


class ToyPort(TrickPort):
    """The toy game's rules port: how a session starts and a record replayed; the rest
    is ``TrickPort``'s (a deal from the session's ``deal``, no pot, no register, no
    declarer)."""

    action_type = Action
    session_type = Session
    start_line = "toy.start"

    def replayed(self, record: Mapping[str, Any]) -> DealState:
        return replay(DealRecord.from_json(record)).state


class ToyRenderer(TrickRenderer[DealView, Action]):
    """The toy game's drawings: what a stop means, a settled deal and a deal in
    ``/history``; the rest is ``TrickRenderer``'s (the cards, the trick, the turn)."""

    action_type = Action

    def stopping(self, table: TableLike, lang: str) -> str:
        session = table.session
        left = session.deals_left if isinstance(session, Session) else 0
        return t(lang, "toy.deals_left", count=left)

    def settlement(
        self, table: TableLike, settled: SettledDeal, lang: str
    ) -> tuple[str, str, list[Field]]:
        outcome = settled.outcome
        title = t(lang, "toy.summary", hand=table.hand_no, name=table.name(outcome.winner))
        tricks = " · ".join(
            f"{name} {n}" for name, n in zip(table.names, outcome.tricks, strict=True)
        )
        return title, t(lang, "toy.summary.result", tricks=tricks, amount=outcome.amount), []

    def history_result(self, state: DealState, names: Sequence[str], lang: str) -> str:
        outcome = state.outcome
        assert outcome is not None
        return t(lang, "toy.history", name=names[outcome.winner], amount=outcome.amount)


def options(deals: app_commands.Range[int, 1, 99] = 3) -> dict[str, object]:
    """The toy game's one option.

    Args:
        deals: Deals in the session
    """
    return {"deals": deals}


COMMAND: Final = TableCommand(
    name="toy",
    description="The toy game: two players, three cards",
    options=options,
)
CAPABILITIES: Final = Capabilities(register=False, pot_parts=(), results=())
TOY: Final = register(
    TableGame(
        SPEC,
        ToyPort(),
        ToyRenderer(),
        COMMAND,
        CAPABILITIES,
        GameTexts(TEXTS, COMMAND_WORDS, ("jeu d'essai", "toy game"), TERMS),
    )
)
