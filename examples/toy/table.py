"""The toy game at the table: its port, its drawings, its command and its texts.

The bot side of a game is what this file holds, in the same shape as a game
package under ``bot/games/``: it registers itself with ``bot.games.register``
when ``examples.toy`` is imported, and nothing else of the bot names it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord
from discord import app_commands

from bot.commands import TableCommand
from bot.drawing.lobby_text import changed_options
from bot.drawing.render import card_buttons, card_text, cards_text, signed, turn_lines
from bot.game import (
    Capabilities,
    CardRow,
    DealInputs,
    Dealt,
    Field,
    GameTexts,
    HandResult,
    Json,
    LogLine,
    OpenHands,
    TableGame,
    TableLike,
)
from bot.games import register
from bot.texts.i18n import t
from bot.texts.refusals import refusal_by_code, refusal_keys
from examples.toy import SPEC
from examples.toy.codec import action_of, parse_move
from examples.toy.game import Action, DealState, DealView, Phase, Rules
from examples.toy.record import DealRecord, replay
from examples.toy.session import Session, SettledDeal
from games.cards import cards_of
from games.refusals import Refusal
from games.register import Register

TEXTS: Final = {
    "toy.start": {"fr": "{name} donne le premier.", "en": "{name} deals first."},
    "toy.your_turn": {"fr": "À vous de jouer une carte.", "en": "Your turn: play a card."},
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
TERMS: Final = {"deal": {"fr": "coup", "en": "hand"}, "trick": {"fr": "pli", "en": "trick"}}
COMMAND_WORDS: Final = {
    "toy": "essai",
    "The toy game: two players, three cards": "Le jeu d'essai : deux joueurs, trois cartes",
    "deals": "donnes",
    "Deals in the session": "Donnes de la partie",
}


class ToyPort(OpenHands):
    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session = Session.start(players, seed, rules)
        return session, [LogLine.of("toy.start", seat=session.dealer)]

    def deal(self, session: Session, inputs: DealInputs) -> Json:
        def shuffle() -> tuple[Sequence[int], Sequence[int]]:
            state = session.deal(inputs.seed)
            return state.initial_hands, state.talon

        hands, talon = inputs.cards(shuffle)
        return {"dealer": session.dealer, "hands": hands, "talon": talon}

    def apply_deal(self, session: Session, dealt: Dealt) -> DealState:
        if dealt.payload["dealer"] != session.dealer:
            raise ValueError("the dealer differs from the session's")
        return session.deal_hands(*dealt.cards("talon"))

    def pot_of(self, session: Session) -> dict[str, int]:
        return {}

    def pot_for_deal(
        self, session: Session, pot: dict[str, int], held_elsewhere: bool
    ) -> dict[str, int]:
        return {}

    def playable(self, session: Session, register: Register, pot: dict[str, int]) -> Register:
        return register

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_line(
        self, state: DealState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        return LogLine.of("log.timeout", seat=seat, action=str(action)) if timeout else None

    def hand_result(self, session: Session, state: DealState) -> HandResult:
        return HandResult(None, None, None)

    def replayed(self, record: Mapping[str, Any]) -> DealState:
        return replay(DealRecord.from_json(record)).state


class ToyRenderer:
    rule_topics: tuple[str, ...] = ("overview",)
    refusals = refusal_keys({})  # the rules every game has, worded by the core

    def money(self, amount: int, lang: str) -> str:
        return signed(amount)

    def amount(self, amount: int, lang: str) -> str:
        return str(amount)

    def action_text(self, action: Action, lang: str) -> str:
        return card_text(action.card, lang)

    def move_text(self, view: DealView, action: Action, lang: str) -> str:
        return self.action_text(action, lang)

    def parse_move(self, text: str) -> Action:
        return parse_move(text)

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        if "action" in args:
            args["action"] = self.action_text(Action.parse(str(args["action"])), lang)
        return args

    def refusal(
        self, view: DealView, action: Action, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        return refusal_by_code(self.refusals, refusal)

    def status_lines(self, table: TableLike, view: DealView | None, lang: str) -> list[str]:
        lines = []
        if view is not None and not table.between_hands and table.status == "playing":
            lines.append("**" + t(lang, "phase.play", name=table.name(view.turn)) + "**")
        session = table.session
        if isinstance(session, Session) and table.status == "playing":
            lines.append(self.stopping(table, lang))
        return lines

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        return changed_options(table.rules, lang)

    def stopping(self, table: TableLike, lang: str) -> str:
        session = table.session
        left = session.deals_left if isinstance(session, Session) else 0
        return t(lang, "toy.deals_left", count=left)

    def seat_details(
        self, table: TableLike, view: DealView | None, seat: int, lang: str
    ) -> list[str]:
        if view is None or table.between_hands:
            return []
        return [t(lang, "table.tricks", count=view.tricks_won[seat])]

    def public_fields(self, table: TableLike, view: DealView | None, lang: str) -> list[Field]:
        return []  # the trick on the table is drawn by the core

    def public_view(self, view: DealView) -> DealView:
        return dataclasses.replace(view, hand=0, legal=())

    def table_buttons(
        self, table: TableLike, view: DealView, lang: str
    ) -> list[discord.ui.Button[Any]]:
        return []

    def hand_rows(self, view: DealView, lang: str) -> list[CardRow]:
        playing = view.phase is Phase.PLAY and bool(view.legal)
        playable = frozenset(a.card for a in view.legal) if playing else None
        return [CardRow(tuple(cards_of(view.hand)), playable)]

    def hand_body(
        self, table: TableLike, view: DealView, seat: int, lang: str, step: str
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        hand = cards_of(view.hand)
        lines = [t(lang, "hand.cards", cards=cards_text(hand, lang))]
        mine = view.turn == seat
        done, playing = view.phase is Phase.DONE, view.phase is Phase.PLAY
        prompt = t(lang, "toy.your_turn")
        lines += turn_lines(table, view, lang, done=done, playing=playing, prompt=prompt)
        legal = {a.card for a in view.legal}
        items: list[discord.ui.Item[Any]] = []
        if view.phase is Phase.PLAY:
            items.extend(card_buttons(table, hand, legal, mine, lang))
        return lines, items

    def component_action(
        self, view: DealView, verb: str, arg: str, values: list[str]
    ) -> Action | None:
        return action_of(verb, arg)

    def settlement(
        self, table: TableLike, settled: SettledDeal, lang: str
    ) -> tuple[str, str, list[Field]]:
        outcome = settled.outcome
        title = t(lang, "toy.summary", hand=table.hand_no, name=table.name(outcome.winner))
        tricks = " · ".join(
            f"{name} {n}" for name, n in zip(table.names, outcome.tricks, strict=True)
        )
        return title, t(lang, "toy.summary.result", tricks=tricks, amount=outcome.amount), []

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        return []

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
