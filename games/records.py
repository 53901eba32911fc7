"""What hand records of every game share (RULES.md §5): reading files, errors,
the ``"SEAT words"`` action lines and their first word, and register owners
written as seats or names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Final, Generic, Protocol, TypeVar

from games.cards import Card, card_mask, cards_of, number_copies, parse_cards
from games.numerals import digits
from games.refusals import Turns
from games.register import Entry, Register

Owner = int | str | None  # a seat, an absent player's name, or None (a pinandèle)


@dataclass(frozen=True, slots=True)
class Records:
    """A game's records (RULES.md §5), each step the game's own: ``read`` checks a
    record's JSON into the game's record, ``replay`` replays it, ``result`` gives
    its result JSON, and ``of_deal(session, state)`` is the record of a deal that
    a session dealt, as far as it went.  ``unwritten(state, action)``, where a record
    leaves a move out (Bésigue's draw), is the move applying ``action`` at ``state``
    makes first, a decision of its own (None: none left out before this one)."""

    read: Callable[[Mapping[str, Any]], Any]
    replay: Callable[[Any], Any]
    result: Callable[[Any], Any]
    of_deal: Callable[[Any, Any], Any]
    unwritten: Callable[[Any, Any], Any] | None = None


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``index`` names the bad action."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


@contextmanager
def reading_record() -> Iterator[None]:
    """Around the reading of a record's JSON: a missing field or a malformed value
    becomes a ``RecordError`` saying so (one already raised passes through)."""
    try:
        yield
    except RecordError:
        raise
    except KeyError as missing:
        raise RecordError(f"the record lacks {missing}") from None
    except (TypeError, ValueError, AttributeError, ArithmeticError) as error:
        raise RecordError(f"malformed record: {error}") from None


def load(path: str | Path) -> dict[str, Any]:
    """Read a JSON record file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
    except (ValueError, RecursionError) as error:  # a number of thousands of digits, or nesting
        raise RecordError(f"{path} is not a JSON record this reads: {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


_REQUIRED: Any = object()

MOST: Final = 10**9
"""No number of a record is larger: an amount of a table's whole history is far less,
and every sum of such amounts fits the database's 64-bit integers."""


def whole(value: Any, name: str, least: int = 0, most: int = MOST) -> int:
    """``value`` as a whole number from ``least`` to ``most``, a record's field
    ``name``: a JSON number with no fraction, never true or false, never text; else
    ``RecordError`` naming the field."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise RecordError(f"{name} is a whole number {least} to {most:,}, not {value!r}")
    return int(value)


def whole_field(
    data: Mapping[str, Any],
    name: str,
    least: int = 0,
    most: int = MOST,
    default: Any = _REQUIRED,
) -> int:
    """The whole number of a record's field ``name`` (``whole``), or ``default`` where
    the record leaves it out (without a default it is required)."""
    if name not in data and default is not _REQUIRED:
        return whole(default, name, least, most)
    return whole(data[name], name, least, most)


def flag_field(data: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """A record's true/false field ``name``: ``true`` or ``false`` only (the text
    "false" is not false), or ``default`` where left out."""
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise RecordError(f"{name} is true or false, not {value!r}")
    return value


def object_field(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    """A record's object field ``name`` (an empty one where left out)."""
    value = data.get(name, {})
    if not isinstance(value, dict):
        raise RecordError(f"{name} is a JSON object, not {value!r}")
    return value


def recorded_players(
    data: Mapping[str, Any],
    game: str,
    name: str,
    seats: range,
    *,
    distinct: bool = False,
    game_implied: bool = False,
) -> tuple[str, ...]:
    """The players of a record of ``game`` (``name`` in words), once its ``game``
    field says so (``game_implied``: or is absent, as in the first records) and they
    are as many as ``seats`` allows (``distinct``: all different); else
    ``RecordError``."""
    written = data.get("game", game) if game_implied else data.get("game")
    if written != game:
        raise RecordError(f"not a {game} record: game is {data.get('game')!r}")
    written_players = data["players"]
    if not isinstance(written_players, list) or not all(
        isinstance(p, str | int) and not isinstance(p, bool) and str(p).strip()
        for p in written_players
    ):
        raise RecordError(f"players is a list of names, not {written_players!r}")
    players = tuple(str(p) for p in written_players)
    if len(players) not in seats:
        many = f"{seats[0]} to {seats[-1]}" if len(seats) > 1 else str(seats[0])
        raise RecordError(f"{name} has {many} players, not {len(players)}")
    if distinct and len(set(players)) != len(players):
        raise RecordError(f"{name}'s players are all different, not {list(players)}")
    return players


def recorded_actions(data: Mapping[str, Any], example: str) -> tuple[str, ...]:
    """A record's action lines (``"SEAT words"``, like ``example``), in order."""
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"actions must be a list of strings like {example!r}")
    return tuple(actions)


def one_pack_deal(
    data: Mapping[str, Any], rest: str
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The recorded ``hands`` and the cards left aside (the field ``rest``: talon,
    cagnot) of a deal from one pack, where each card stands once."""
    written = [*data["hands"], data[rest]] if isinstance(data["hands"], list) else None
    if written is None or not all(
        isinstance(cards, list) and all(isinstance(c, str) for c in cards) for cards in written
    ):
        raise RecordError(f'hands and {rest} are lists of cards like "KH"')
    *hands, left = number_copies([parse_cards(cards) for cards in written])
    return tuple(tuple(hand) for hand in hands), tuple(left)


def record_head(game: str, options: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """The fields every record opens with: the game, its options as written (the
    game's ``Rules.to_dict``) and the players in seat order."""
    return {"game": game, "options": dict(options), "players": list(players)}


def cards_json(cards: Iterable[Card]) -> list[str]:
    """Cards as a record writes them (``parse_cards`` reads them back)."""
    return [str(c) for c in cards]


def hands_json(hands: Iterable[Iterable[Card]]) -> list[list[str]]:
    """A deal's hands as a record writes them, seat by seat."""
    return [cards_json(hand) for hand in hands]


def recorded_hands(hands: Iterable[int]) -> tuple[tuple[Card, ...], ...]:
    """Hands dealt (bit sets by seat) as a record holds them."""
    return tuple(tuple(cards_of(h)) for h in hands)


def recorded_cards(indices: Iterable[int]) -> tuple[Card, ...]:
    """Cards left undealt (bit numbers, in order: a talon, a stock) as a record holds them."""
    return tuple(Card.from_index(i) for i in indices)


def action_lines(actions: Iterable[tuple[int, object]]) -> tuple[str, ...]:
    """A deal's actions by seat as a record's lines, ``"SEAT words"``
    (``split_action_line`` reads one back)."""
    return tuple(f"{seat} {action}" for seat, action in actions)


def split_action_line(line: str, seats: int) -> tuple[int, str]:
    """``"3 bid 3 belle"`` → (3, "bid 3 belle")."""
    seat_text, _, words = line.strip().partition(" ")
    if not digits(seat_text) or not 0 <= int(seat_text) < seats:
        raise ValueError(f"an action starts with the seat number 0-{seats - 1}, not {seat_text!r}")
    return int(seat_text), words


KindT = TypeVar("KindT")


@dataclass(frozen=True, slots=True)
class ActionWords(Generic[KindT]):
    """An action's record words: the kind its first word names, that word as
    written, and the words after it."""

    kind: KindT
    head: str
    rest: list[str]

    def alone(self) -> None:
        """``ValueError`` unless the first word stands alone."""
        if self.rest:
            raise ValueError(f"'{self.head}' takes nothing after it")

    def one(self, usage: str) -> str:
        """The one word after the first; ``ValueError(usage)`` for none or more."""
        if len(self.rest) != 1:
            raise ValueError(usage)
        return self.rest[0]

    def one_and_flag(self, flag: str, usage: str) -> tuple[str, bool]:
        """The word after the first, and whether the word ``flag`` follows it
        (``"play C laid"``); ``ValueError(usage)`` for any other words."""
        rest = self.rest
        if len(rest) == 1 or (len(rest) == 2 and rest[1].lower() == flag):
            return rest[0], len(rest) == 2
        raise ValueError(usage)

    def card_set(self) -> int:
        """The cards named after the first word (``"discard 7S KH"``), as a bit set;
        ``ValueError`` for a word that is not a card, or a card named twice."""
        cards = parse_cards(self.rest)
        mask = card_mask(cards)
        if mask.bit_count() != len(cards):
            raise ValueError(f"'{self.head}' names each card once")
        return mask


EnumT = TypeVar("EnumT", bound=Enum)


def kind_words(kinds: Iterable[EnumT]) -> dict[EnumT, str]:
    """Each action kind's record word: its name in lower case, hyphens between
    its words (``SANS_PRENDRE`` → ``sans-prendre``)."""
    return {kind: kind.name.lower().replace("_", "-") for kind in kinds}


def action_words(text: str, by_word: Mapping[str, KindT]) -> ActionWords[KindT]:
    """The words of an action (``"bid 3 belle"``), its kind read from the first
    (``by_word``, in lower case); ``ValueError`` for no word or an unknown one."""
    words = text.split()
    if not words:
        raise ValueError("empty action")
    kind = by_word.get(words[0].lower())
    if kind is None:
        raise ValueError(f"unknown action {words[0]!r} (known: {', '.join(by_word)})")
    return ActionWords(kind, words[0], words[1:])


ActionT = TypeVar("ActionT")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
SettledT_co = TypeVar("SettledT_co", covariant=True)


class Replayable(Protocol[ActionT_contra]):
    """A game's state as replay drives it."""

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: ActionT_contra, seat: int | None = None) -> None: ...


def apply_action_lines(
    state: Replayable[ActionT],
    lines: Sequence[str],
    seats: int,
    parse: Callable[[str], ActionT],
) -> None:
    """Apply a record's action lines in order; the first bad one raises
    ``RecordError`` naming its index, the line and the rule it breaks."""
    for index, line in enumerate(lines):
        try:
            seat, words = split_action_line(line, seats)
            action = parse(words)
        except ValueError as error:
            raise RecordError(f"action {index} ({line!r}) is malformed: {error}", index) from None
        if state.is_over:
            raise RecordError(f"action {index} ({line!r}): the hand is already over", index)
        try:
            state.apply(action, seat)
        except ValueError as error:  # the game's IllegalActionError
            raise RecordError(f"action {index} ({line!r}) is illegal: {error}", index) from None


class OneDeal(Protocol[SettledT_co]):
    """A session of a record of one deal: it says what of the record it cannot
    agree with, deals the recorded cards and settles the deal."""

    def contradiction(self) -> str | None: ...

    def deal_hands(self, hands: Sequence[int], rest: Sequence[int], /) -> Any: ...

    def settle(self, state: Any) -> SettledT_co: ...


OneDealT = TypeVar("OneDealT", bound=OneDeal[Any])


class OneDealRecord(Protocol):
    """A record of one deal as replay reads it: the hands dealt and the action lines."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...

    @property
    def actions(self) -> Sequence[str]: ...


RecordT = TypeVar("RecordT", bound=OneDealRecord)
SessionT = TypeVar("SessionT")
DealStateT = TypeVar("DealStateT")
DealSettledT = TypeVar("DealSettledT")


@dataclass(slots=True)
class DealReplay(Generic[RecordT, SessionT, DealStateT, DealSettledT]):
    """A record of one deal replayed (``replay_deal``): the record, the session it
    set, the deal played to where the record stops, and its settlement once over."""

    record: RecordT
    session: SessionT
    state: DealStateT
    settled: DealSettledT | None


def replay_deal(
    record: RecordT,
    start: Callable[[], OneDealT],
    rest: Sequence[Card],
    parse: Callable[[str], Any],
) -> DealReplay[RecordT, OneDealT, Any, Any]:
    """Replay a record of one deal: the session as the record sets it (``start``),
    which must not contradict itself, its deal of the recorded hands and ``rest``
    (a ``ValueError`` of either is an impossible deal), then the action lines,
    each read by ``parse``."""
    try:
        session = start()
    except ValueError as error:
        raise RecordError(f"impossible deal: {error}") from None
    contradiction = session.contradiction()
    if contradiction is not None:
        raise RecordError(f"the record contradicts itself: {contradiction}")
    hands = record.hands
    try:
        state = session.deal_hands([card_mask(h) for h in hands], [c.index for c in rest])
    except ValueError as error:
        raise RecordError(f"impossible deal: {error}") from None
    apply_action_lines(state, record.actions, len(hands), parse)
    return DealReplay(record, session, state, session.settle(state) if state.is_over else None)


class RecordedDeal(Protocol):
    """One deal of a record of several (L'Hombre, Bésigue): its dealer and actions."""

    @property
    def dealer(self) -> int: ...

    @property
    def actions(self) -> Sequence[str]: ...


DealT = TypeVar("DealT", bound=RecordedDeal)
StateT = TypeVar("StateT", bound=Replayable[Any])
SettledT = TypeVar("SettledT")


def replay_deals(
    deals: Sequence[DealT],
    seats: int,
    parse: Callable[[str], Any],
    *,
    dealer: Callable[[], int],
    deal: Callable[[DealT], StateT],
    settle: Callable[[StateT], SettledT],
    over: Callable[[], bool] = lambda: False,
) -> tuple[list[StateT], list[SettledT]]:
    """Replay a record's deals in order, each dealt by the session (``deal``; a
    ``ValueError`` is an impossible deal), played from its action lines and settled
    when over; ``RecordError`` names the deal, the action's index and the rule.
    Returns the deals' states and their settlements."""
    states: list[StateT] = []
    settled: list[SettledT] = []
    for n, recorded in enumerate(deals):
        if states and not states[-1].is_over:
            raise RecordError(f"deal {n}: deal {n - 1} is not finished")
        if over():
            raise RecordError(f"deal {n}: the game was over after deal {n - 1}")
        if recorded.dealer != dealer():
            raise RecordError(f"deal {n}: the dealer is seat {dealer()}, not {recorded.dealer}")
        try:
            state = deal(recorded)
        except ValueError as error:
            raise RecordError(f"deal {n}: impossible deal: {error}") from None
        try:
            apply_action_lines(state, recorded.actions, seats, parse)
        except RecordError as error:
            raise RecordError(f"deal {n}, {error}", error.index) from None
        states.append(state)
        if state.is_over:
            settled.append(settle(state))
    return states, settled


class _Progress(Turns, Protocol):
    @property
    def phase(self) -> Enum: ...


def result_head(game: str, players: Sequence[str], state: _Progress) -> dict[str, Any]:
    """The start of every game's result JSON; an unfinished hand also says
    whose turn it is and in which phase it stopped."""
    data: dict[str, Any] = {"game": game, "players": list(players), "finished": state.is_over}
    if not state.is_over:
        data["turn"] = state.turn
        data["phase"] = state.phase.name.lower()
    return data


def read_register(items: Any, seats: int) -> tuple[tuple[Owner, int], ...]:
    """Register entries ``[{"owner": seat|name|null, "amount": n}]``, in order."""
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise RecordError(f'register is a list of {{"owner", "amount"}} entries, not {items!r}')
    register = []
    for item in items:
        owner = item["owner"]
        if isinstance(owner, bool) or not (owner is None or isinstance(owner, (int, str))):
            raise RecordError(f"a register owner is a seat, a name or null, not {owner!r}")
        if isinstance(owner, int) and not 0 <= owner < seats:
            raise RecordError(f"register owner {owner} is not a seat 0-{seats - 1}")
        if isinstance(owner, str) and not owner.strip():  # as a player's name is never blank
            raise RecordError(f"a register owner's name is never blank, not {owner!r}")
        register.append((owner, whole(item["amount"], "a register amount", 1)))
    return tuple(register)


def register_of_record(entries: Sequence[tuple[Owner, int]], players: Sequence[str]) -> Register:
    """The register a record's entries write, owners seated or named."""
    return Register.of((owner_identity(owner, players), amount) for owner, amount in entries)


def register_in_record(
    entries: Iterable[Entry], players: Sequence[str]
) -> tuple[tuple[Owner, int], ...]:
    """Register entries as a record writes them: seated owners as seats."""
    return tuple((owner_in_record(e.owner, players), e.amount) for e in entries)


def register_json(entries: Iterable[tuple[Owner, int]]) -> list[dict[str, Any]]:
    """Register entries of a record as its JSON writes them, in order."""
    return [{"owner": owner, "amount": amount} for owner, amount in entries]


def owner_identity(owner: Owner, players: Sequence[str]) -> str | None:
    """The player identity of an owner written in a record."""
    return players[owner] if isinstance(owner, int) else owner


def owner_in_record(owner: str | None, players: Sequence[str]) -> Owner:
    """An identity written back as a seat when seated, else as itself."""
    if owner is not None and owner in players:
        return players.index(owner)
    return owner
