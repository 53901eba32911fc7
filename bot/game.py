"""What the core of the bot needs from a game, typed and small, and nothing of any game.

A game at the table is a ``TableGame``: its engine registration
(``games.registry.GameSpec``), a **rules port** (``RulesPort``: what the table
service and the event log need: how a session starts and deals, how an action
reads and is logged, what a settled hand stores), a **renderer**
(``bot.renderer.Renderer``, in three parts by what they draw: the table, the
hand, the game's words), the ``/table new`` subcommand with its own options,
and the **capabilities** it declares instead of the core guessing them (a
register of bêtes, a pot by parts, settlement per hand or per game, tricks, the
move of last resort).  What the core reads of the engine is stated here too:
``GameState``, ``GameView`` (``legal``: the moves to offer, never the test of
legality) and ``GameSession`` (``deal(seed)``).

The protocols are generic over the game's session, hand state, view, action
and settled hand; the renderer sees a table only through ``TableLike``, so
this module imports nothing of the table it describes.  Each game's bot side
lives in its own package under ``bot/games/`` and registers itself there; a
plain trick game starts from the defaults of ``bot.trick_game``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, runtime_checkable

# what draws a game has its own module; named here too, the contract's one place
from bot.renderer import CardRow as CardRow
from bot.renderer import Field as Field
from bot.renderer import GameWords as GameWords
from bot.renderer import HandDrawer as HandDrawer
from bot.renderer import Renderer as Renderer
from bot.renderer import TableDrawer as TableDrawer
from bot.renderer import TableLike as TableLike
from games.cards import Card
from games.dealing import deal_text, parse_deal
from games.duties import Duty
from games.money import Transfer
from games.refusals import Refusal
from games.register import Crossing, Entry, Register
from games.tricks import PlayedTrick

if TYPE_CHECKING:
    from bot.commands import TableCommand
    from games.registry import AnyGame

SessionT = TypeVar("SessionT")
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)
SettledT_co = TypeVar("SettledT_co", covariant=True)
RulesT_contra = TypeVar("RulesT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
SettledT_contra = TypeVar("SettledT_contra", contravariant=True)

Json = dict[str, object]
Deal = tuple[list[list[str]], list[str]]  # hands by seat, then the undealt cards in order
Shuffle = Callable[[], tuple[Sequence[int], Sequence[int]]]  # hands by seat, the rest in order


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the table's short log: a catalogue key and its arguments."""

    key: str
    args: tuple[tuple[str, object], ...] = ()

    @staticmethod
    def of(key: str, **args: object) -> LogLine:
        return LogLine(key, tuple(sorted(args.items())))


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a game has, so the core never asks which game it is."""

    register: bool = False  # a register of bêtes that outlives tables (carried over)
    pot_parts: tuple[str, ...] = ()  # the parts of its pot, as stored (none: no pot)
    # the parts among them that say how the guild's last deal ended (L'Hombre's codille):
    # set by each deal settled, where the others add what it changed
    pot_states: tuple[str, ...] = ()
    settles: Literal["hand", "game"] = "hand"  # when money changes hands (a deal's
    # summary of a game settled per game shows its payments only when there are some)
    tricks: bool = True  # hands are played in tricks (the trick log lines)
    money: bool = True  # players win and lose money (balances shown); Bésigue scores points
    results: tuple[str, ...] = ("made", "failed")  # the result words a hand may store
    last_resort: str | None = None  # the notation of the move played for a seat nobody
    # could decide for, when it is legal (a pass); otherwise its first legal move
    # the moves the time limit makes for a person who is away, the first of them legal,
    # instead of the fair computer player's choice: nobody is committed to a contract or
    # a risk while away (a pass in the calls; L'Hombre's stop, not playing on for the
    # vole).  The other decisions (cards, a declarer's discard after his own bid) stay
    # the computer's, which plays them as well as it can for him
    away_moves: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DealInputs:
    """What a deal is dealt with: the shuffle's seed (or the cards a test gives), and
    the register and the pot by part as the guild's store holds them for this table."""

    seed: int
    register: Register
    pot: dict[str, int]
    given: Deal | None = None

    def cards(self, shuffle: Shuffle) -> Deal:
        """The cards in notation: the given ones, or what ``shuffle`` deals (hands as
        bit sets by seat, the undealt cards as bit numbers in order)."""
        if self.given is not None:
            return self.given
        hands, rest = shuffle()
        return deal_text(hands, rest)


@dataclass(frozen=True, slots=True)
class Dealt:
    """A ``deal`` event as the table applies it: its payload (the cards and what the
    game recorded with them), and the register and pot by part it was dealt with."""

    payload: Mapping[str, object]
    register: Register
    pot: dict[str, int]

    def cards(self, rest: str) -> tuple[list[int], list[int]]:
        """The hands (bit sets by seat) and the undealt cards named ``rest`` (bit numbers)."""
        return parse_deal(card_lists(self.payload["hands"]), card_list(self.payload[rest]))


@dataclass(frozen=True, slots=True)
class HandResult:
    """A settled hand's declarer and result word, as stored with its record.

    ``result`` is one of the game's ``Capabilities.results`` (``made``,
    ``failed``; a game may have ``remise``, ``codille``, ``vole``...), or None
    for a hand without a declarer (a pinandèle, a void deal); ``made`` says
    whether that result counts as the declarer's success on the scoreboard.

    A game may say more of each seat (by seat, empty when it has none): its ``sides``
    where partners share a result, the ``points`` it scored in a game of points, and
    its side's ``scores`` after the hand in a game played to a target (``/history``).
    And where a bête paid into a stake is won later with the stake (La Bête), the
    entries so ``collected``: (entry id, the player who took it); the id None where the
    bête came with the server's pot (entered at another table, or in an earlier session).
    """

    declarer: int | None
    result: str | None
    made: bool | None
    sides: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    collected: tuple[tuple[int | None, str], ...] = ()

    def seat(self, seat: int) -> tuple[int | None, int | None, int | None]:
        """``seat``'s side, points and score after the hand (None where the game has none)."""

        def of(values: tuple[int, ...]) -> int | None:
            return values[seat] if values else None

        return of(self.sides), of(self.points), of(self.scores)


class Outcome(Protocol):
    @property
    def net(self) -> tuple[int, ...]: ...
    @property
    def transfers(self) -> tuple[Transfer, ...]: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...


class Settled(Protocol):
    """A settled hand, in player identities."""

    @property
    def outcome(self) -> Outcome: ...
    @property
    def crossings(self) -> tuple[Crossing, ...]: ...
    @property
    def new_entries(self) -> tuple[Entry, ...]: ...


@runtime_checkable
class GameState(Protocol[ActionT, ViewT_co]):
    """A hand (or deal) in progress, as every engine has it."""

    turn: int
    history: list[PlayedTrick]
    tricks: list[int]
    actions: list[tuple[int, ActionT]]  # (seat, action) of every move made, in order

    @property
    def is_over(self) -> bool: ...
    def check(self, action: ActionT, seat: int | None = None) -> Refusal | None: ...
    def apply(self, action: ActionT, seat: int | None = None) -> None: ...
    def legal_actions(self) -> Sequence[ActionT]: ...
    def view(self, seat: int) -> ViewT_co: ...


@runtime_checkable
class MoneyState(Protocol):
    """A deal of a game with money (``Capabilities.money``), as the table shows its
    balances: ``net_so_far`` is each seat's net payment in the deal so far (the antes
    and a bête paid in from its start; once settled, ``Outcome.net``), the counterpart
    of what its pot shown holds already."""

    @property
    def net_so_far(self) -> tuple[int, ...]: ...


@runtime_checkable
class GameView(Protocol[ActionT_co]):
    """What the core reads of any seat's view (``GameState.view``), whatever the game.

    ``legal`` is what the seat is *offered* (the buttons, ``/play``'s choices, a
    computer player's moves); whether a move is legal is only ever the engine's
    ``check``, which may accept a move ``legal`` does not list (L'Hombre's exchange
    offers the discards in one order, and takes them in any).  ``turn`` is -1 once
    nobody is to act; ``tricks_played`` is empty in a deal without tricks."""

    @property
    def seat(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def legal(self) -> Sequence[ActionT_co]: ...
    @property
    def tricks_played(self) -> Sequence[PlayedTrick]: ...


@runtime_checkable
class GameSession(Protocol[StateT, SettledT_co]):
    """What outlives a hand at one table.

    ``deal(seed)`` shuffles with ``seed`` and deals the next hand, the one chance of a
    deal (the generic tests, the bench and the ports' ``deal`` call it); each session
    also deals given cards (``deal_hands``: the hands by seat and what is left, in the
    game's own shape, so only the game's own port calls it)."""

    players: tuple[str, ...]
    dealer: int
    balances: dict[str, int]
    stop_requested: bool

    def request_stop(self) -> None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def deals_left(self) -> int: ...
    def settle(self, state: StateT) -> SettledT_co: ...
    def deal(self, seed: int) -> StateT: ...


class TrickView(Protocol):
    """What a seat's view of a trick-taking game shows of the play, in every game."""

    @property
    def seat(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def winning(self) -> int: ...
    @property
    def tricks_played(self) -> tuple[PlayedTrick, ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def duty(self) -> Duty | None: ...


@runtime_checkable
class RulesPort(Protocol[RulesT_contra, SessionT, StateT, ActionT]):
    """The engine at a table: what the service and the event log need of a game."""

    def start(
        self, players: Sequence[str], seed: int, rules: RulesT_contra
    ) -> tuple[SessionT, list[LogLine]]:
        """A new session from the table's master seed, and the log lines of its start."""
        ...

    def deal(self, session: SessionT, inputs: DealInputs) -> Json:
        """The next deal for a ``deal`` event: its cards (shuffled from ``inputs.seed``,
        or ``inputs.given``) and what else the game records with them."""
        ...

    def apply_deal(self, session: SessionT, dealt: Dealt) -> StateT:
        """Deal a ``deal`` event's cards; ``ValueError`` if they do not fit the session."""
        ...

    def pot_of(self, session: SessionT) -> dict[str, int]: ...

    def pot_for_deal(
        self,
        session: SessionT,
        pot: dict[str, int],
        held_elsewhere: Mapping[str, int],
        register: Register,
    ) -> dict[str, int]:
        """The pot the next deal is dealt with, from the guild's ``pot``:
        ``held_elsewhere``, the parts of it that hands at the guild's other tables have
        at stake now (``pot_at_stake``); ``register``, the entries the deal may play."""
        ...

    def pot_at_stake(self, state: StateT, dealt: Mapping[str, int]) -> dict[str, int]:
        """What of the pot ``dealt`` with the hand in progress that hand may take: no
        other table of the guild deals with it meanwhile."""
        ...

    def pot_kept(self, session: SessionT) -> dict[str, int]:
        """What of the pot a table keeps between two of its deals, which no other table
        of the guild deals with meanwhile (La Bête's round under way: its next deal goes
        on with it); nothing where each deal starts from the guild's pot."""
        ...

    def playable(self, session: SessionT, register: Register, pot: dict[str, int]) -> Register:
        """The register the next deal may play with, given the pot it is dealt with: an
        entry the engine would find contradicting them waits for another deal."""
        ...

    def parse_action(self, text: str) -> ActionT: ...

    def action_line(
        self, state: StateT, seat: int, action: ActionT, timeout: bool
    ) -> LogLine | None:
        """The log line of an action, from the state before it (None: not logged)."""
        ...

    def face_down(self, state: StateT, seat: int) -> bool:
        """Whether ``seat`` keeps its hand face down now (a blind call still open to it)."""
        ...

    def look(self, state: StateT, seat: int) -> None:
        """``seat`` turns up a hand kept face down (the engine then refuses blind calls)."""
        ...

    def busy_entries(self, session: SessionT, state: StateT | None) -> set[int]:
        """Register entries the hand in progress holds (another table must not use them)."""
        ...

    def entry_in_play(
        self,
        players: Sequence[str],
        rules: RulesT_contra,
        register: Register,
        pot: Mapping[str, int],
        held_elsewhere: Mapping[str, int],
    ) -> int | None:
        """The register entry a table of ``players`` plays for next, if one is marked: the
        one its next deal would choose, dealt with the guild's ``pot`` less the share
        ``held_elsewhere`` by hands at other tables (``pot_for_deal``, ``playable``)."""
        ...

    def hand_result(self, session: SessionT, state: StateT) -> HandResult: ...

    def replayed(self, record: Mapping[str, Any]) -> StateT:
        """The deal of a hand record (RULES.md §5) replayed to its end: ``/history`` says
        how it went and draws its tricks (``ValueError`` for a record the game cannot
        replay)."""
        ...


class OpenHands:
    """A rules port's defaults for a game whose hands are all seen at once and whose
    waiting bêtes play only where their owners sit: no hand face down, no entry held
    by a deal in progress, none marked in play (a bête in play is paid in already)."""

    def face_down(self, state: Any, seat: int) -> bool:
        return False

    def look(self, state: Any, seat: int) -> None:
        """Nothing is face down: nothing to turn up."""

    def busy_entries(self, session: Any, state: Any) -> set[int]:
        return set()

    def entry_in_play(
        self,
        players: Sequence[str],
        rules: Any,
        register: Register,
        pot: Mapping[str, int],
        held_elsewhere: Mapping[str, int],
    ) -> int | None:
        return None


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's line when a match ends: a game played to a target over several deals
    and settled at its end (``Capabilities.settles == "game"``)."""

    points: int  # the seat's score at the end (its team's, with partnerships)
    won: bool
    counted: int  # wins the result counts for on the scoreboard (2: en bas table; 0: lost)
    best: str | None = None  # the seat's best feat of the match, in the game's words
    best_points: int = 0
    partie: int = 0  # the partie's number at the table, for a match of several (Haiti)
    hundreds: int = 0  # hundreds the seat's side gave with it (Haiti: *donner cent points*)


@runtime_checkable
class MatchPort(Protocol[RulesT_contra, SessionT]):
    """What the core needs of a game settled per match: how a match ends, and how a
    match stopped before its end is kept and taken up again another day."""

    def standings(self, session: SessionT) -> tuple[Standing, ...] | None:
        """Each seat's standing once the match is won; None while it goes on.  A match
        of several parties at one table (Haiti) stands each partie the last deal won."""
        ...

    def over(self, session: SessionT) -> bool:
        """Whether the match is over: nothing is left to keep for later."""
        ...

    def kept(self, session: SessionT) -> Json:
        """What a match stopped between deals keeps: its scores, who deals next."""
        ...

    def summary(self, kept: Mapping[str, Any], names: Sequence[str]) -> str:
        """A kept match's scores in a line, to choose it by (``Anne 640 · Marc 420``)."""
        ...

    def resume(
        self, players: Sequence[str], seed: int, rules: RulesT_contra, kept: Mapping[str, Any]
    ) -> tuple[SessionT, list[LogLine]]:
        """The session of a kept match taken up again (``ValueError`` if it does not fit)."""
        ...


@dataclass(frozen=True, slots=True)
class GameTexts:
    """A game's own texts: its messages (key -> language -> text) and the French words
    of its command options (English -> French), both joining the catalogue; and its
    vocabulary, which the tests hold every text to:

    - ``own_words``: the words (and phrases) that belong to this game, in either
      language, its own name among them; no text of a game that does not list a word
      may use it.  A word of a family of games is listed by each of them (*brisque*,
      by Bésigue and Haitian Bésigue); a word every game may use (*bête*, *partie*) is
      in no game's list;
    - ``terms``: the one word it uses for each concept several games name differently
      (``deal``: *donne* or *coup*; ``trick``: *pli* or *levée*; ``trump``: *atout* or,
      as La Bête's source says it, *triomphe*), by language;
    - ``next_deal``: the keys of its texts that speak of the next deal (its ante, say),
      which nothing may show once no deal comes.

    A text of the core that a game words its own way is overridden in its messages
    under ``<key>.<game id>`` (``bot.texts.i18n.worded``); a game of a ``family`` (the id of
    the game it is a variant of) words the others as that game does."""

    messages: Mapping[str, dict[str, str]] = field(default_factory=dict)
    command_words: Mapping[str, str] = field(default_factory=dict)
    own_words: tuple[str, ...] = ()
    terms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    next_deal: tuple[str, ...] = ()
    family: str | None = None

    @staticmethod
    def of_package(package: str) -> GameTexts:
        """The texts in ``texts.json`` beside a game package's code (prose is data)."""
        data = json.loads((resources.files(package) / "texts.json").read_text(encoding="utf-8"))
        return GameTexts(
            data["messages"],
            data["command_words"],
            tuple(data.get("own_words", ())),
            data.get("terms", {}),
            tuple(data.get("next_deal", ())),
            data.get("family"),
        )


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game as the bot offers it (registered by its package under ``bot/games/``)."""

    spec: AnyGame  # the engine's registration: id, names, seats, players
    port: RulesPort[Any, Any, Any, Any]
    renderer: Renderer[Any, Any, Any]
    command: TableCommand  # its ``/table new <name>`` subcommand with its own options
    capabilities: Capabilities = field(default_factory=Capabilities)
    texts: GameTexts = field(default_factory=GameTexts)
    match: MatchPort[Any, Any] | None = None  # a game settled per match has one

    def __post_init__(self) -> None:
        if (self.match is not None) != (self.capabilities.settles == "game"):
            raise ValueError(f"{self.spec.id}: a game settled per match, and only one, has a match")

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def title(self) -> str:
        return self.spec.name("fr")

    @property
    def min_seats(self) -> int:
        return self.spec.min_seats

    @property
    def max_seats(self) -> int:
        return self.spec.max_seats


def card_list(value: object) -> list[str]:
    """A list of cards in notation from an event's payload; ``ValueError`` otherwise."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"not a list of cards: {value!r}"[:80])
    return [str(c) for c in value]


def card_lists(value: object) -> list[list[str]]:
    """Hands by seat from an event's payload; ``ValueError`` otherwise."""
    if not isinstance(value, list):
        raise ValueError(f"not a list of hands: {value!r}"[:80])
    return [card_list(hand) for hand in value]
