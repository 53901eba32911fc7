"""Defaults for a plain trick game at the table: a rules port and a renderer that
write what most trick games say alike, so that a game writes only what differs.

A *plain* trick game, for these defaults, is one whose actions print and parse
their record notation (``action_type.parse``), a card played being ``play <card>``
(the card buttons of the core carry ``play`` and the card); whose views are
dataclasses with the seat's ``hand`` (a bit set) and ``legal`` moves as their only
private fields, every legal move a card (``.card``) while it plays; without a pot,
a register of its own or calls on the table message.  Each default is a method: a
game with more overrides it (the four games of the bot override most of them; the
worked example, ``examples/toy``, overrides none it need not).
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

import discord

from bot.drawing.lobby_text import changed_options
from bot.drawing.render import card_buttons, card_text, cards_text, signed, turn_lines
from bot.errors import UserError
from bot.game import (
    CardRow,
    DealInputs,
    Dealt,
    Field,
    HandResult,
    Json,
    LogLine,
    OpenHands,
    TableLike,
    TrickView,
)
from bot.texts.i18n import t
from bot.texts.parsing import parse_card
from bot.texts.refusals import refusal_by_code, refusal_keys
from games.cards import Card, cards_of
from games.refusals import Refusal
from games.register import Register


class CardAction(Protocol):
    """An action of a plain trick game: a card played, printed as its record notation."""

    @property
    def card(self) -> Card: ...


class Parses(Protocol):
    """An action type that reads its own record notation (``ValueError`` if it is none)."""

    def parse(self, text: str) -> Any: ...


class Starts(Protocol):
    """A session type that starts a session from the players, the seed and the rules."""

    def start(self, players: Sequence[str], seed: int, rules: Any) -> Any: ...


class PlainView(TrickView, Protocol):
    """A seat's view in a plain trick game: its hand and the moves it is offered."""

    @property
    def hand(self) -> int: ...
    @property
    def legal(self) -> Sequence[CardAction]: ...


ActionT = TypeVar("ActionT", bound=CardAction)
ViewT = TypeVar("ViewT", bound=PlainView)
ShownT = TypeVar("ShownT")


def seat_roles(
    lang: str, dealer: bool, roles: Sequence[tuple[bool, str]], tricks: int | None
) -> list[str]:
    """A seat's lines under its name on the table: the dealer, the roles it holds in the
    deal (catalogue keys, in order), the tricks it won (None: none played yet)."""
    said = [t(lang, "table.is_dealer")] if dealer else []
    said += [t(lang, key) for held, key in roles if held]
    if tricks is not None:
        said.append(t(lang, "table.tricks", count=tricks))
    return said


def hands_left_key(key: str, in_deal: bool, left: int) -> str:
    """The catalogue key that says the hands left before a table stops, ``left`` counting
    the hand in progress (as the sessions' ``deals_left`` do): during a hand, ``key``
    ("N left, this one included") or ``key_last`` at the last; between hands,
    ``key_next`` (the hands still to deal)."""
    if not in_deal:
        return f"{key}_next"
    return f"{key}_last" if left == 1 else key


class TableStatus(ABC, Generic[ShownT]):
    """The status lines of a table message in two parts: those of the deal being played
    (none between deals or once the table ended) and those of the session (its scores,
    its pot, a stop asked), which may read the deal's view when one is played."""

    def offered(self, view: ShownT) -> Sequence[Any]:
        """The moves the view's seat is offered now: every legal move (``HandDrawer``)."""
        legal: Sequence[Any] = cast(Any, view).legal
        return legal

    def completed(self, view: ShownT, typed: str, lang: str) -> Sequence[Any]:
        """No move beyond the offered ones (``HandDrawer.completed``)."""
        return ()

    @abstractmethod
    def move_text(self, view: ShownT, action: Any, lang: str) -> str:
        """A legal move as the seat of ``view`` is offered it (``Renderer.move_text``)."""

    def listed_text(self, view: ShownT, action: Any, lang: str) -> str:
        """A legal move in a refusal's list of what may be done instead: as offered."""
        return self.move_text(view, action, lang)

    def carried_lines(self, table: TableLike, lang: str) -> list[str]:
        """Nothing carried to the next table (``TableDrawer.carried_lines``)."""
        return []

    def kept_key(self, table: TableLike) -> str:
        """The core's line, as the game words it (``TableDrawer.kept_key``)."""
        return "table.kept"

    def status_lines(self, table: TableLike, view: ShownT | None, lang: str) -> list[str]:
        played = not table.between_hands and table.status != "ended"
        shown = view if played else None
        lines = [] if shown is None else self.deal_lines(table, shown, lang)
        return lines + self.session_lines(table, shown, lang)

    @abstractmethod
    def deal_lines(self, table: TableLike, view: ShownT, lang: str) -> list[str]:
        """The lines of the deal being played (``view``: of the seat to act, made public)."""

    @abstractmethod
    def session_lines(self, table: TableLike, view: ShownT | None, lang: str) -> list[str]:
        """The lines of the session, the deal's ``view`` given while one is played."""


class TrickPort(OpenHands):
    """A rules port's defaults for a plain trick game: a session started by its type, a
    deal shuffled by the session
    (``deal(seed)``) or given, checked against its dealer; no pot and no register of its
    own, its actions read by their type, no log line but a timeout's, no declarer."""

    action_type: ClassVar[Parses]
    session_type: ClassVar[Starts]
    start_line: ClassVar[str]  # the catalogue key of the start's log line, naming the dealer
    rest: ClassVar[str] = "talon"  # the undealt cards, as the deal event and the state name them

    def start(self, players: Sequence[str], seed: int, rules: Any) -> tuple[Any, list[LogLine]]:
        """A session of ``session_type`` and the line naming its first dealer."""
        session = self.session_type.start(players, seed, rules=rules)
        return session, [LogLine.of(self.start_line, seat=session.dealer)]

    def with_money(self, session: Any, register: Register, pot: Mapping[str, int]) -> None:
        """The session's register and pot for the next deal, from those it is dealt with
        (a game without them has nothing to set)."""

    def deal(self, session: Any, inputs: DealInputs) -> Json:
        """The deal's cards and its dealer (the session's, checked when it is applied)."""

        def shuffle() -> tuple[Sequence[int], Sequence[int]]:
            self.with_money(session, inputs.register, inputs.pot)
            state = session.deal(inputs.seed)
            return state.initial_hands, getattr(state, self.rest)

        hands, rest = inputs.cards(shuffle)
        return {"dealer": session.dealer, "hands": hands, self.rest: rest}

    def apply_deal(self, session: Any, dealt: Dealt) -> Any:
        if dealt.payload["dealer"] != session.dealer:
            raise ValueError("the dealer differs from the session's")
        self.with_money(session, dealt.register, dealt.pot)
        return session.deal_hands(*dealt.cards(self.rest))

    def pot_of(self, session: Any) -> dict[str, int]:
        return {}

    def pot_for_deal(
        self,
        session: Any,
        pot: dict[str, int],
        held_elsewhere: Mapping[str, int],
        register: Register,
    ) -> dict[str, int]:
        return {}

    def pot_at_stake(self, state: Any, dealt: Mapping[str, int]) -> dict[str, int]:
        return dict(dealt)  # all of it: the winner of the deal takes the pot

    def pot_kept(self, session: Any) -> dict[str, int]:
        return {}  # each deal starts from the guild's pot

    def playable(self, session: Any, register: Register, pot: dict[str, int]) -> Register:
        return register

    def parse_action(self, text: str) -> Any:
        return self.action_type.parse(text)

    def action_line(self, state: Any, seat: int, action: Any, timeout: bool) -> LogLine | None:
        """A card played is seen on the table; only a move the clock played is logged."""
        return LogLine.of("log.timeout", seat=seat, action=str(action)) if timeout else None

    def hand_result(self, session: Any, state: Any) -> HandResult:
        return HandResult(None, None, None)  # no declarer, no result word


class TrickRenderer(TableStatus[ViewT], Generic[ViewT, ActionT]):
    """A renderer's defaults for a plain trick game (``bot.renderer.Renderer``): a game
    writes what no default can say, what a stop means at its table, a settled hand and
    how a deal went in ``/history``, and overrides what differs."""

    action_type: ClassVar[Parses]
    rule_topics: tuple[str, ...] = ("overview",)
    refusals: Mapping[StrEnum, str] = refusal_keys({})  # the rules every game has
    # the catalogue key naming the rules as written, said where no option is changed
    default_options: ClassVar[str | None] = None

    # -- words
    def money(self, amount: int, lang: str) -> str:
        return signed(amount)

    def amount(self, amount: int, lang: str) -> str:
        return str(amount)

    def action_text(self, action: ActionT, lang: str) -> str:
        return card_text(action.card, lang)

    def move_text(self, view: ViewT, action: ActionT, lang: str) -> str:
        return self.action_text(action, lang)

    def parse_move(self, text: str) -> ActionT:
        """The record's notation (``play KS``), or a card as players write it (``R♠``)."""
        try:
            action: ActionT = self.action_type.parse(text)
            return action
        except ValueError:
            pass
        try:
            card = parse_card(text)
            played: ActionT = self.action_type.parse(f"play {card}")
        except (UserError, ValueError):  # not a card, or none of this game's (a joker)
            raise UserError("error.bad_input", text=text[:40]) from None
        return played

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        if "action" in args:
            args["action"] = self.action_text(self.action_type.parse(str(args["action"])), lang)
        return args

    def refusal(
        self, view: ViewT, action: ActionT, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        return refusal_by_code(self.refusals, refusal)

    @abstractmethod
    def history_result(self, state: Any, names: Sequence[str], lang: str) -> str: ...

    # -- the table
    @abstractmethod
    def stopping(self, table: TableLike, lang: str) -> str: ...

    @abstractmethod
    def settlement(
        self, table: TableLike, settled: Any, lang: str
    ) -> tuple[str, str, list[Field]]: ...

    def deal_lines(self, table: TableLike, view: ViewT, lang: str) -> list[str]:
        """Whose turn it is."""
        if view.turn < 0:
            return []
        return ["**" + t(lang, "phase.play", name=table.name(view.turn)) + "**"]

    def session_lines(self, table: TableLike, view: ViewT | None, lang: str) -> list[str]:
        """What a stop would mean now, while the table plays."""
        if table.session is None or table.status != "playing":
            return []
        return [self.stopping(table, lang)]

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        """The options chosen, or where none is and the game names its rules as written
        (``default_options``), their name."""
        changed = changed_options(table.rules, lang)
        if changed or self.default_options is None:
            return changed
        return [t(lang, self.default_options)]

    def seat_details(self, table: TableLike, view: ViewT | None, seat: int, lang: str) -> list[str]:
        if view is None or table.between_hands:
            return []
        return seat_roles(lang, False, (), view.tricks_won[seat])

    def public_fields(self, table: TableLike, view: ViewT | None, lang: str) -> list[Field]:
        return []  # the trick on the table is drawn by the core

    def public_view(self, view: ViewT) -> ViewT:
        """The view without the seat's hand and moves, its only private fields."""
        return dataclasses.replace(view, hand=0, legal=(), duty=None)  # type: ignore[type-var]

    def table_buttons(
        self, table: TableLike, view: ViewT, lang: str
    ) -> list[discord.ui.Button[Any]]:
        return []  # every move is a card, played from the hand

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        return []

    # -- the hand
    def hand_rows(self, view: ViewT, lang: str) -> list[CardRow]:
        playable = frozenset(a.card for a in view.legal) if view.legal else None
        return [CardRow(tuple(cards_of(view.hand)), playable)]

    def hand_body(
        self,
        table: TableLike,
        view: ViewT,
        seat: int,
        lang: str,
        step: str,
        *,
        stood_in: bool = False,
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        """The cards, the play so far and whose turn it is; the cards as buttons."""
        hand = cards_of(view.hand)
        lines = [t(lang, "hand.cards", cards=cards_text(hand, lang))]
        done = view.turn < 0
        prompt = t(lang, "hand.play_card")
        lines += turn_lines(
            table, view, lang, done=done, playing=not done, prompt=prompt, stood_in=stood_in
        )
        items: list[discord.ui.Item[Any]] = []
        if not done:
            legal = {a.card for a in view.legal}
            mine = view.turn == seat and not stood_in
            items.extend(card_buttons(table, hand, legal, mine, lang))
        return lines, items

    def component_action(
        self, view: ViewT, verb: str, arg: str, values: list[str]
    ) -> ActionT | None:
        """A card's button (``play`` and the card); ``ValueError`` for any other."""
        if verb != "play":
            raise ValueError(f"unknown verb {verb!r}")
        action: ActionT = self.action_type.parse(f"play {arg}")
        return action
