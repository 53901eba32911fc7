"""How a game is drawn, as the core reads it: three protocols, by what they draw.

- ``TableDrawer``: the public table message (status lines, fields, seat details,
  its buttons, the options, what a stop means, the settlement, the pot);
- ``HandDrawer``: a seat's private hand (its rows of cards, its lines and
  components, the move a component stands for);
- ``GameWords``: the game's words (money, amounts, moves in and out of context,
  a typed move read, a log line's arguments, a refusal's words, ``/history``).

A ``Renderer`` is the three at once.  A plain trick game writes only what
differs from the defaults of ``bot.trick_game.TrickRenderer``.  The renderer
sees a table only through ``TableLike``, so this module imports nothing of the
table it describes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from games.cards import Card
from games.refusals import Refusal

if TYPE_CHECKING:
    import discord

    from db.models import TableRow

ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)
SettledT_contra = TypeVar("SettledT_contra", contravariant=True)

Field = tuple[str, str, bool]  # an embed field: name, value, inline


@dataclass(frozen=True, slots=True)
class CardRow:
    """One row of a hand's picture: its cards in order, those the player may play now
    (None: not to play, nothing greyed; the others are greyed), and what the row is,
    written above it (none for the hand itself; Bésigue's cards laid on the table)."""

    cards: tuple[Card, ...]
    playable: frozenset[Card] | None = None
    label: str = ""


class TableLike(Protocol):
    """A live table as a renderer reads it (``bot.tables.table.LiveTable``)."""

    @property
    def id(self) -> int: ...
    @property
    def row(self) -> TableRow: ...
    @property
    def moves(self) -> int: ...
    @property
    def hand_no(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def between_hands(self) -> bool: ...
    @property
    def in_deal(self) -> bool: ...
    @property
    def players(self) -> list[str]: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def session(self) -> object | None: ...
    @property
    def state(self) -> object | None: ...
    @property
    def rules(self) -> object: ...
    def name(self, seat: int) -> str: ...
    def seat_of(self, player: str) -> int | None: ...


@runtime_checkable
class GameWords(Protocol[ViewT_contra, ActionT]):
    """A game's words: its money, its moves, its refusals, how a deal went."""

    rule_topics: tuple[str, ...]  # the /rules topics, catalogue keys rules.<id>.<topic>

    @property
    def refusals(self) -> Mapping[StrEnum, str]:
        """The catalogue key for each refusal code of the game (``bot.texts.refusals``)."""
        ...

    def money(self, amount: int, lang: str) -> str:
        """An amount won or lost, signed, in the game's money."""
        ...

    def amount(self, amount: int, lang: str) -> str:
        """An amount (a bête, a payment), unsigned, in the game's money."""
        ...

    def action_text(self, action: ActionT, lang: str) -> str:
        """Any action, out of context (for refusals and the /play choices)."""
        ...

    def move_text(self, view: ViewT_contra, action: ActionT, lang: str) -> str:
        """A legal move as the player to act is offered it, in the hand's context (a
        call is said as it stands over the bid before it)."""
        ...

    def listed_text(self, view: ViewT_contra, action: ActionT, lang: str) -> str:
        """A legal move in a refusal's list of what may be done instead (``view``: the
        refused player's), as the game words such a list."""
        ...

    def parse_move(self, text: str) -> ActionT:
        """A move as a player types it with ``/play``; ``UserError`` if it is none."""
        ...

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        """A log line's arguments in words (calls, cards, suits)."""
        ...

    def refusal(
        self, view: ViewT_contra, action: ActionT, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        """The catalogue key (and its own arguments) refusing ``action`` for the engine's
        ``refusal``, chosen by its code (``refusals``); the refusal also lists the legal
        moves."""
        ...

    def history_result(self, state: Any, names: Sequence[str], lang: str) -> str:
        """How a deal went (``state``: the game's, replayed to its end), in a line of
        ``/history`` in the game's words: who played which contract and its result, or
        what a deal nobody played came to."""
        ...


@runtime_checkable
class TableDrawer(Protocol[ViewT, SettledT_contra]):
    """The public table message of a game: what everyone sees."""

    def status_lines(self, table: TableLike, view: ViewT | None, lang: str) -> list[str]: ...

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        """The game's own options as its lobby shows them, for the players seated now (a
        rule that depends on their number is said as it stands)."""
        ...

    def stopping(self, table: TableLike, lang: str) -> str:
        """What a stop asked at this table means now, in the game's words: the line the
        table shows while it stops, and the answer to ``/table stop``."""
        ...

    def seat_details(
        self, table: TableLike, view: ViewT | None, seat: int, lang: str
    ) -> list[str]: ...

    def public_fields(self, table: TableLike, view: ViewT | None, lang: str) -> list[Field]:
        """The table message's fields of the game: the hand in play (``view``, as everyone
        sees it), or between hands and once the table ended (``view`` None then) what the
        money stands at and carries over."""
        ...

    def public_view(self, view: ViewT) -> ViewT:
        """The hand as everyone sees it: a seat's view with every private field emptied."""
        ...

    def carried_lines(self, table: TableLike, lang: str) -> list[str]:
        """What the table leaves to the server's next table once its game is over (the
        bêtes, the pot), said as it stands: nothing where the game carries nothing."""
        ...

    def kept_key(self, table: TableLike) -> str:
        """The key of the line that says what a match stopped before its end keeps for
        later (a game settled per match; worded as the game words it)."""
        ...

    def table_buttons(
        self, table: TableLike, view: ViewT, lang: str
    ) -> list[discord.ui.Button[Any]]:
        """The calls of the player to act (``view`` is theirs), under the table message."""
        ...

    def settlement(
        self, table: TableLike, settled: SettledT_contra, lang: str
    ) -> tuple[str, str, list[Field]]:
        """A settled hand's title, result line and fields."""
        ...

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        """The pot under ``/betes``."""
        ...


@runtime_checkable
class HandDrawer(Protocol[ViewT_contra, ActionT_co]):
    """A seat's private hand: its picture, its lines and its components."""

    def hand_rows(self, view: ViewT_contra, lang: str) -> list[CardRow]:
        """The rows of cards a seat's hand picture shows (none while it may not look at
        them), each with the cards it may play when it is to play one."""
        ...

    def hand_body(
        self,
        table: TableLike,
        view: ViewT_contra,
        seat: int,
        lang: str,
        step: str,
        *,
        stood_in: bool = False,
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        """A player's private hand (``view`` is theirs): its lines and its components.

        ``stood_in``: a computer player plays the seat for its person (``/table
        replace``), who still holds its cards and follows the play, but decides
        nothing: the hand is drawn as when it is another's turn (no prompt, no move to
        click), the core saying who plays and offering the seat back."""
        ...

    def offered(self, view: ViewT_contra) -> Sequence[ActionT_co]:
        """The moves the view's seat is offered now, by its buttons and ``/play``'s
        choices: the engine's legal moves, or fewer (a hand still face down is offered
        only the calls made blind)."""
        ...

    def completed(self, view: ViewT_contra, typed: str, lang: str) -> Sequence[ActionT_co]:
        """The moves ``/play``'s choices add to the offered ones for what the seat typed
        so far: a discard of several cards built as they are named; none in most games."""
        ...

    def component_action(
        self, view: ViewT_contra, verb: str, arg: str, values: list[str]
    ) -> ActionT_co | None:
        """The action a component stands for (None: one more step to choose).

        ``ValueError`` for an argument that no button of the bot carries."""
        ...


@runtime_checkable
class Renderer(
    GameWords[ViewT, ActionT],
    TableDrawer[ViewT, SettledT_contra],
    HandDrawer[ViewT, ActionT],
    Protocol[ViewT, ActionT, SettledT_contra],
):
    """How a game's views, actions and settlements are drawn (text and components)."""
