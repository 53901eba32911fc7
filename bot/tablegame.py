"""What the table service and the renderer need from a game, and the games offered.

The service, the event log, persistence, timers, computer players and the
presenter are the same for every game; each game brings a ``TableGame``
(``bot.hombree``, ``bot.bete``): how its sessions start and deal, what its log
lines say, and how its hands, calls and settlements are drawn.  The rules
themselves stay in the engine (``games/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from games.money import Transfer
from games.register import Crossing, Entry, Register
from games.tricks import PlayedTrick

if TYPE_CHECKING:
    import discord

    from bot.table import LiveTable, LogLine


class GameOutcome(Protocol):
    @property
    def net(self) -> tuple[int, ...]: ...
    @property
    def transfers(self) -> tuple[Transfer, ...]: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...


class GameState(Protocol):
    """A hand (or deal) in progress, as the engines share it."""

    turn: int
    history: list[PlayedTrick]
    tricks: list[int]

    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self) -> Any: ...
    def check(self, action: Any, seat: int | None = None) -> str | None: ...
    def apply(self, action: Any, seat: int | None = None) -> None: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def view(self, seat: int) -> Any: ...


class GameSession(Protocol):
    """What outlives a hand at one table, as the engines share it."""

    players: tuple[str, ...]
    register: Register
    dealer: int
    balances: dict[str, int]
    stop_requested: bool

    def request_stop(self) -> None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def deals_left(self) -> int: ...
    def settle(self, state: Any) -> Any: ...


class Settled(Protocol):
    """A settled hand, in player identities."""

    @property
    def outcome(self) -> Any: ...
    @property
    def net(self) -> dict[str, int]: ...
    @property
    def crossings(self) -> tuple[Crossing, ...]: ...
    @property
    def new_entries(self) -> tuple[Entry, ...]: ...


Field = tuple[str, str, bool]  # an embed field: name, value, inline


class TableGame(Protocol):
    id: str  # as stored with tables, hands, the register and the pot
    title: str
    min_seats: int
    max_seats: int
    pot_parts: tuple[str, ...]  # the parts of its pot, as stored
    rule_topics: tuple[str, ...]  # the /rules topics, catalogue keys rules.<id>.<topic>

    # ---- the engine at a table ------------------------------------------------

    def rules(self, options: dict[str, Any]) -> Any:
        """The table options from their record form; ``ValueError`` if unknown."""
        ...

    def start(self, players: Sequence[str], seed: int, rules: Any) -> tuple[Any, list[LogLine]]:
        """A new session from the table's master seed, and the log lines of its start."""
        ...

    def deal(
        self,
        session: Any,
        seed: int,
        register: Register,
        pot: dict[str, int],
        given: tuple[list[list[str]], list[str]] | None,
    ) -> dict[str, Any]:
        """The cards of the next deal for a ``deal`` event: shuffled from ``seed``,
        or ``given`` (hands by seat, then the undealt cards in order)."""
        ...

    def apply_deal(
        self, session: Any, payload: dict[str, Any], register: Register, pot: dict[str, int]
    ) -> GameState:
        """Deal a ``deal`` event's cards; ``ValueError`` if they do not fit the session."""
        ...

    def pot_of(self, session: Any) -> dict[str, int]: ...

    def parse_action(self, text: str) -> Any: ...

    def action_line(self, state: Any, seat: int, action: Any, timeout: bool) -> LogLine | None:
        """The log line of an action, from the state before it (None: a card, not logged)."""
        ...

    def hidden(self, table: LiveTable, seat: int) -> bool:
        """Whether ``seat``'s hand is still face down (a blind call open)."""
        ...

    def refusal(self, table: LiveTable, seat: int, action: Any) -> str | None:
        """The catalogue key refusing ``action`` for ``seat``, or None if it may be played."""
        ...

    def busy_entries(self, session: Any, state: Any) -> set[int]:
        """Register entries the hand in progress holds (another table must not use them)."""
        ...

    def entry_in_play(self, table: LiveTable, register: Register) -> int | None:
        """The register entry ``table``'s next (or current) hand plays for, if one is marked."""
        ...

    def hand_row(self, session: Any, state: Any) -> tuple[dict[str, Any], int | None, bool | None]:
        """The hand's record (JSON), its declarer's seat and whether he made it."""
        ...

    # ---- drawing -----------------------------------------------------------------

    def money(self, amount: int, lang: str) -> str:
        """An amount won or lost, signed, in the game's money."""
        ...

    def amount(self, amount: int, lang: str) -> str:
        """An amount (a bête, a payment), unsigned, in the game's money."""
        ...

    def action_text(self, action: Any, lang: str) -> str:
        """Any action, out of context (for refusals listing what is possible)."""
        ...

    def log_args(self, table: LiveTable, args: dict[str, Any], lang: str) -> dict[str, Any]:
        """A log line's arguments in words (calls, cards, suits)."""
        ...

    def status_lines(self, table: LiveTable, view: Any, lang: str) -> list[str]:
        """Lines under the table's title: the prompt, trump, dealer, what is in play."""
        ...

    def seat_details(self, table: LiveTable, view: Any, seat: int, lang: str) -> list[str]: ...

    def public_fields(self, table: LiveTable, view: Any, lang: str) -> list[Field]: ...

    def public_view(self, table: LiveTable) -> Any:
        """The hand as everyone sees it: a view with every private field emptied."""
        ...

    def table_buttons(self, table: LiveTable, lang: str) -> list[discord.ui.Button[Any]]:
        """The calls of the player to act, under the table message."""
        ...

    def hand_body(
        self, table: LiveTable, seat: int, lang: str, step: str
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        """A player's private hand: its lines and its components."""
        ...

    def component_action(
        self, table: LiveTable, seat: int, verb: str, arg: str, values: list[str]
    ) -> Any:
        """The action a component stands for (None: one more step to choose).

        ``ValueError`` for an argument that no button of the bot carries."""
        ...

    def settlement(self, table: LiveTable, settled: Any, lang: str) -> tuple[str, str, list[Field]]:
        """A settled hand's title, result line and fields."""
        ...

    def parse_call(self, text: str) -> Any:
        """A call typed with ``/bid``; ``UserError`` if it is none."""
        ...

    def call_choices(self, table: LiveTable, seat: int, lang: str) -> list[tuple[str, str]]:
        """The calls ``seat`` may make now: (label, value for ``parse_call``)."""
        ...

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        """The pot under ``/betes``."""
        ...
