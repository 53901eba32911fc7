"""A live table and the events that make it: the one place a table changes.

A table is the fold of its event log (``apply_event``), so the service can
append an event to SQLite and apply the same event in memory, and a restart
rebuilds every open table by replaying its log.  Nothing here does I/O.

Events (``kind`` and payload):

- ``open``: ``{"by", "name", "lang"}``, the table's options ``"pictures"`` and
  ``"hints"`` (true, false, or null: on when a computer player sits), and ``"resume":
  {"kept", "state"}`` for a kept match taken up again (its seats join next, in their
  order; ``state`` is what the game kept).  Older logs also hold ``"carried"`` and
  ``"carried_pot"``, the server's register and pot as they stood when the table opened:
  they load, and nothing reads them (another table may have paid those bêtes since: the
  lobby shows ``LiveTable.guild_register``)
- ``join``: ``{"player", "name", "lang"}``, or ``{"player", "name", "ai"}`` for a computer
  player (``ai`` is its level); ``leave``: ``{"player"}``; ``rename``: ``{"player", "to",
  "name"}``: a computer player in the lobby takes another key and name (a person joining
  shows its name)
- ``start``: ``{"by", "seed"}`` (the session starts from the master seed: La Bête
  Hombrée's tirer le roi, La Bête's first dealer)
- ``deal``: ``{"hand_no", "dealer", "hands", "register", "pot", ...}`` and the game's own
  (La Bête Hombrée: ``"belle", "cagnot"``; La Bête: ``"talon"``): the cards dealt, and
  the register and pot (by part) the hand was dealt with
- ``look``: ``{"seat"}`` (a player turned up a hand kept face down)
- ``action``: ``{"seat", "action", "timeout"}``, in record notation
- ``hint``: ``{"seat", "moves"}``: the player of ``seat`` took a hint at the decision
  the table's count of moves ``moves`` stood at (a decision counts once however often
  it is asked; counted per deal, said when the deal is settled, kept in its record)
- ``replace``: ``{"seat", "by", "ai"}``: a computer player of level ``ai`` plays for an
  absent player (who keeps the seat, its money and its bêtes); ``return``: ``{"seat"}``
- ``stop``: ``{"by"}`` (the session stops as its game does); ``vote``: ``{"player"}``;
  ``keep``: ``{"player", "keep"}`` (a match stopping: keep it for later, or not)
- ``end``: ``{"reason"}`` (``finished``, ``agreed``, ``closed``, ``abandoned``,
  ``channel_gone``: Discord no longer has the table's channel; ``server_left``: its
  server removed the bot), or
  ``{"reason": "moderator", "by", "name"}``: a member who manages the server ended it
- a ``replace`` made by such a member carries ``"moderator"``: their name; one the
  player asked for themselves (``/table away``), ``"away": true``
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

from bot.game import Dealt, GameSession, GameState, LogLine, Settled, TableGame
from bot.tables.names import AI_PREFIX
from db.models import TableRow
from games.register import Entry, Register

if TYPE_CHECKING:
    from bot.tables.guild_register import GuildRegister

LOG_LINES: Final = 6
DEALS: Final = "deals"  # a kept match's state: the deals dealt before it was kept
ABSENT_AFTER: Final = 2  # consecutive timeouts after which the others may replace a player
# at a table without a time limit, how long a person may keep the others waiting at their
# turn before they may replace them or end the table as for an absent player: long
# enough to think over any move, short enough that one vanished player does not hold
# the others (who sit at one table per server) for the evening
ABSENT_WAIT: Final = 10 * 60


class EventError(ValueError):
    """An event that cannot apply to the table as it stands (a corrupt log)."""


@dataclass(slots=True)
class Seat:
    player: str
    name: str
    ai: str | None = None  # the level of the computer player who plays this seat now
    lang: str = ""  # the language the person joined in ("": not said)

    @property
    def human(self) -> bool:
        """A person plays this seat now."""
        return self.ai is None

    @property
    def stand_in(self) -> bool:
        """A computer player plays for an absent person, who may take the seat back."""
        return self.ai is not None and not self.player.startswith(AI_PREFIX)


@dataclass(slots=True)
class LiveTable:
    row: TableRow
    game: TableGame
    rules: object  # the game's options (its own frozen dataclass)
    seats: list[Seat] = field(default_factory=list)
    status: str = "lobby"
    seq: int = 0  # the last event's number
    moves: int = 0  # deals and game actions: the number carried by the buttons
    public_lang: str = "fr"
    pictures: bool = True  # cards drawn as pictures (the table's option), or text only
    hints_option: bool | None = None  # the table's option (None: on when a computer sits)
    hints_taken: dict[int, set[int]] = field(default_factory=dict)  # decisions, by seat
    stood_in: set[int] = field(default_factory=set)  # seats a computer played for this deal
    # the moves of this deal the time limit made for a person (their index in the deal's
    # ``state.actions``): the hand's record names their lines, which no review counts
    timed_out: set[int] = field(default_factory=set)
    # the server's register and pot of the game as they stand, which the lobby and a
    # table between two hands show: not of the log, but kept by the service
    # (``bot.tables.lobby_register``) from the database and the guild's other tables
    # (None: the game keeps neither, or a hand is in progress here)
    guild_register: GuildRegister | None = None
    session: GameSession[Any, Any] | None = None
    state: GameState[Any, Any] | None = None
    hand_no: int = 0
    pot_dealt: dict[str, int] = field(default_factory=dict)  # the pot the hand was dealt with
    timeouts: dict[int, int] = field(default_factory=dict)  # consecutive, by seat
    last: Settled | None = None  # the game's settled hand, until the next deal
    stop_votes: set[str] = field(default_factory=set)
    resuming: dict[str, Any] | None = None  # a kept match taken up: {"kept", "state"}
    keep: bool = True  # a match stopped before its end is kept for later (the players' say)
    ended_reason: str | None = None
    ended_by: str = ""
    log: deque[LogLine] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: int | None = None  # when the player to act runs out of time (Unix time)
    turn_started: float = 0.0  # when the player to act was given the turn (Unix time)
    # the person to act, once they kept a table without a time limit waiting ABSENT_WAIT
    # seconds (set by the clock, which keeps the time; cleared when a turn starts)
    overdue: int | None = None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def players(self) -> list[str]:
        return [s.player for s in self.seats]

    def seat_of(self, player: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.player == player:
                return index
        return None

    @property
    def hints(self) -> bool:
        """Hints are offered: as the table's option says, or when it said nothing, when a
        computer player sits (a seat of its own: not one standing in for an absent
        person).  Seats are fixed once play starts, and so is this."""
        if self.hints_option is not None:
            return self.hints_option
        return any(s.player.startswith(AI_PREFIX) for s in self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    @property
    def between_hands(self) -> bool:
        """A hand was settled and the next is not dealt yet."""
        return self.status == "playing" and (self.state is None or self.state.is_over)

    @property
    def in_deal(self) -> bool:
        """A deal is being played: someone is to act in it."""
        return self.status == "playing" and self.state is not None and not self.state.is_over

    @property
    def to_act(self) -> int | None:
        """The seat to act in the deal in progress (None: no deal in progress)."""
        return self.state.turn if self.state is not None and self.in_deal else None

    @property
    def deal_coming(self) -> bool:
        """Between deals: another deal will be dealt here.  Not once the session is
        finished (a match won, a game stopped, its agreed end reached), even in the
        moment before the table's end is written."""
        return self.status == "playing" and self.session is not None and not self.session.finished

    def absent(self) -> list[int]:
        """Seats of people the others may have the computer play for, or end the table
        over: who ran out of time ``ABSENT_AFTER`` times in a row, or kept a table
        without a time limit waiting ``ABSENT_WAIT`` seconds at their turn.  Only while
        another person is seated: alone with computer players, nobody could click what
        would be offered (the player himself plays on, or stops with ``/table stop``)."""
        return [
            i
            for i, s in enumerate(self.seats)
            if s.human
            and (self.timeouts.get(i, 0) >= ABSENT_AFTER or self.overdue == i)
            and any(other.human for j, other in enumerate(self.seats) if j != i)
        ]

    def stop_voters(self) -> set[str]:
        """The people whose agreement stops the table at once (**Stop now**): every
        person playing a seat but the absent (``absent``), whom the others may end the
        table over anyway: one who vanished does not hold the others' agreement."""
        away = set(self.absent())
        return {s.player for i, s in enumerate(self.seats) if s.human and i not in away}

    def timed_out_twice(self, seat: int) -> bool:
        """``seat`` is absent for its timeouts (otherwise for keeping the table waiting)."""
        return self.timeouts.get(seat, 0) >= ABSENT_AFTER


def first_hand_no(table: LiveTable) -> int:
    """The number of a table's first deal: 1, or a kept match's next deal (from 1 again
    for a match kept before it counted its deals)."""
    kept = table.resuming["state"] if table.resuming is not None else {}
    deals = kept.get(DEALS, 0)
    dealt = deals if isinstance(deals, int) and not isinstance(deals, bool) and deals > 0 else 0
    return dealt + 1


def hand_seed(game: str, master: int, hand_no: int) -> int:
    """The shuffle seed of hand ``hand_no``, derived from the table's master seed."""
    digest = hashlib.sha256(f"{game}:{master}:{hand_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def default_action(state: GameState[Any, Any], last_resort: str | None) -> Any:
    """The move of last resort, when no computer player could decide: the one the game
    names (``Capabilities.last_resort``) when it is legal, or the first legal."""
    legal = state.legal_actions()
    for action in legal:
        if str(action) == last_resort:
            return action
    return legal[0]


def away_move(table: LiveTable, seat: int) -> Any | None:
    """The move the time limit makes for ``seat``'s person where the game names one
    (``Capabilities.away_moves``: a pass), when it is legal now; None: the fair computer
    player chooses (a card, a forced or a riskless decision)."""
    state = table.state
    assert state is not None
    for notation in table.game.capabilities.away_moves:
        action = table.game.port.parse_action(notation)
        if state.check(action, seat) is None:
            return action
    return None


def new_table(row: TableRow, game: TableGame) -> LiveTable:
    return LiveTable(row=row, game=game, rules=game.spec.options_from(row.options))


def register_of(entries: Iterable[tuple[int, str | None, int]]) -> Register:
    """A register from (id, owner, amount) rows, new entries numbered after them."""
    kept = [Entry(int(i), owner, int(amount)) for i, owner, amount in entries]
    return Register(kept, [], max((e.id for e in kept), default=0) + 1)


def apply_event(table: LiveTable, seq: int, kind: str, payload: dict[str, Any]) -> None:
    """Apply one event of the log; raises ``EventError`` if it does not fit."""
    if seq != table.seq + 1:
        raise EventError(f"event {seq} follows event {table.seq}")
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise EventError(f"unknown event kind {kind!r}")
    handler(table, payload)
    table.seq = seq


def logged(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """An event's payload as the log keeps it: an action in its record notation (in
    memory the Action itself, never turned into text and read back)."""
    if kind == "action" and not isinstance(payload["action"], str):
        return {**payload, "action": str(payload["action"])}
    return payload


def _open(table: LiveTable, p: dict[str, Any]) -> None:
    table.public_lang = str(p.get("lang", "fr"))
    table.pictures = bool(p.get("pictures", True))
    hints = p.get("hints")
    table.hints_option = None if hints is None else bool(hints)
    resume = p.get("resume")
    table.resuming = dict(resume) if isinstance(resume, dict) else None
    table.log.append(LogLine.of("log.open", name=p["name"]))


def _join(table: LiveTable, p: dict[str, Any]) -> None:
    if table.status != "lobby" or len(table.seats) >= table.game.max_seats:
        raise EventError("join: the table is not open for players")
    if table.seat_of(p["player"]) is not None:
        raise EventError("join: already seated")
    ai, lang = p.get("ai"), str(p.get("lang") or "")
    table.seats.append(
        Seat(str(p["player"]), str(p["name"]), None if ai is None else str(ai), lang)
    )
    table.log.append(LogLine.of("log.join", name=p["name"]))


def _leave(table: LiveTable, p: dict[str, Any]) -> None:
    seat = table.seat_of(p["player"])
    if table.status != "lobby" or seat is None:
        raise EventError("leave: not seated at a table in the lobby")
    name = table.seats.pop(seat).name
    table.log.append(LogLine.of("log.leave", name=name))


def _rename(table: LiveTable, p: dict[str, Any]) -> None:
    seat = table.seat_of(str(p["player"]))
    if table.status != "lobby" or seat is None or table.seats[seat].human:
        raise EventError("rename: not a computer player at a table in the lobby")
    if table.seat_of(str(p["to"])) is not None:
        raise EventError("rename: that player is seated already")
    old = table.seats[seat]
    table.seats[seat] = Seat(str(p["to"]), str(p["name"]), old.ai)
    table.log.append(LogLine.of("log.rename", old=old.name, name=p["name"]))


def start_session(table: LiveTable, seed: int) -> tuple[GameSession[Any, Any], list[LogLine]]:
    """The session a table starts from its master seed (a new one, or a kept match's),
    and the log lines of its start."""
    game = table.game
    if table.resuming is None or game.match is None:
        session, lines = game.port.start(table.players, seed, table.rules)
    else:
        try:
            session, lines = game.match.resume(
                table.players, seed, table.rules, table.resuming["state"]
            )
        except (ValueError, KeyError) as error:
            raise EventError(f"start: the kept match does not fit: {error}") from None
    return cast("GameSession[Any, Any]", session), lines


def _start(table: LiveTable, p: dict[str, Any]) -> None:
    game = table.game
    if table.status != "lobby" or not game.min_seats <= len(table.seats) <= game.max_seats:
        raise EventError("start: not a lobby with the seats the game needs")
    table.session, lines = start_session(table, int(p["seed"]))
    table.status = "playing"
    table.log.extend(lines)


def _deal(table: LiveTable, p: dict[str, Any]) -> None:
    session = table.session
    if session is None or not table.between_hands:
        raise EventError("deal: no session, or a hand is in progress")
    register = register_of(p["register"])
    pot = p["pot"]
    parts = {str(k): int(v) for k, v in pot.items()} if isinstance(pot, dict) else {"": int(pot)}
    try:
        table.state = table.game.port.apply_deal(session, Dealt(p, register, parts))
    except (ValueError, KeyError) as error:
        raise EventError(f"deal: {error}") from None
    table.hand_no = int(p["hand_no"])
    table.pot_dealt = parts
    table.last = None
    table.hints_taken = {}
    table.stood_in = set()
    table.timed_out = set()
    table.moves += 1
    table.log.append(LogLine.of("log.deal", name=table.name(session.dealer), hand=table.hand_no))


def _look(table: LiveTable, p: dict[str, Any]) -> None:
    if table.state is None:
        raise EventError("look: no hand in progress")
    try:
        table.game.port.look(table.state, int(p["seat"]))
    except ValueError as error:
        raise EventError(f"look: {error}") from None


def _action(table: LiveTable, p: dict[str, Any]) -> None:
    state, session = table.state, table.session
    if state is None or session is None or state.is_over:
        raise EventError("action: no hand in progress")
    seat = int(p["seat"])
    action = p["action"]  # the Action itself when played now, its notation when replayed
    if isinstance(action, str):
        try:
            action = table.game.port.parse_action(action)
        except ValueError as error:
            raise EventError(f"action: {error}") from None
    tricks_before = len(state.history)
    index = len(state.actions)  # the move's place in the deal (``apply`` appends it)
    # legality was checked where the move was taken (the service, once); replaying a log
    # that does not fit is refused by the engine's own verification in ``apply``
    try:
        line = table.game.port.action_line(state, seat, action, bool(p.get("timeout")))
        state.apply(action, seat)
    except ValueError as error:  # IllegalActionError among them
        raise EventError(f"action {action}: {error}") from None
    table.moves += 1
    if table.seats[seat].stand_in:  # a person's seat whose move a computer made
        table.stood_in.add(seat)
    if p.get("timeout"):  # a computer's move for a person out of time: not theirs
        table.timed_out.add(index)
    if table.seats[seat].human:
        table.timeouts[seat] = table.timeouts.get(seat, 0) + 1 if p.get("timeout") else 0
    if line is not None:
        table.log.append(line)
    if table.game.capabilities.tricks and len(state.history) > tricks_before:
        winner = state.history[-1].winner
        table.log.append(
            LogLine.of("log.trick", name=table.name(winner), count=state.tricks[winner])
        )
    if state.is_over:
        table.last = session.settle(state)
        table.log.append(LogLine.of("log.settled", hand=table.hand_no))
        if table.hints_taken:
            table.log.append(LogLine.of("log.hints", hints=hints_line(table)))


def hints_line(table: LiveTable) -> str:
    """The hints taken in the deal, by player in seat order: "Alice 2, Bob 1"."""
    taken = sorted(hint_counts(table).items())
    return ", ".join(f"{table.name(seat)} {count}" for seat, count in taken)


def hint_counts(table: LiveTable) -> dict[int, int]:
    """The hints each seat took in the deal (seats that took none left out)."""
    return {seat: len(taken) for seat, taken in table.hints_taken.items() if taken}


def _hint(table: LiveTable, p: dict[str, Any]) -> None:
    seat = int(p["seat"])
    if not table.in_deal or not 0 <= seat < len(table.seats):
        raise EventError("hint: no deal in progress, or no such seat")
    table.hints_taken.setdefault(seat, set()).add(int(p["moves"]))


def _replace(table: LiveTable, p: dict[str, Any]) -> None:
    seat = int(p["seat"])
    if table.status != "playing" or not 0 <= seat < len(table.seats):
        raise EventError("replace: no such seat at a table in play")
    if not table.seats[seat].human:
        raise EventError("replace: a computer player already plays this seat")
    table.seats[seat].ai = str(p["ai"])
    table.timeouts.pop(seat, None)
    if p.get("moderator"):  # a member who manages the server did it: the log says who
        line = LogLine.of("log.replace_by", name=table.name(seat), by=str(p["moderator"]))
        table.log.append(line)
    else:  # the others did it for an absent player, or the player stepped away
        key = "log.away" if p.get("away") else "log.replace"
        table.log.append(LogLine.of(key, name=table.name(seat)))


def _return(table: LiveTable, p: dict[str, Any]) -> None:
    seat = int(p["seat"])
    if not 0 <= seat < len(table.seats) or not table.seats[seat].stand_in:
        raise EventError("return: nobody plays for this seat's owner")
    table.seats[seat].ai = None
    table.log.append(LogLine.of("log.return", name=table.name(seat)))


def _stop(table: LiveTable, p: dict[str, Any]) -> None:
    if table.session is None or table.session.stop_requested:
        raise EventError("stop: not playing, or already stopping")
    table.session.request_stop()
    seat = table.seat_of(str(p["by"]))
    table.log.append(LogLine.of("log.stop", name=table.name(seat) if seat is not None else "?"))


def _vote(table: LiveTable, p: dict[str, Any]) -> None:
    player = str(p["player"])
    seat = table.seat_of(player)
    if seat is None:
        raise EventError("vote: not seated")
    table.stop_votes.add(player)
    table.log.append(LogLine.of("log.vote", name=table.name(seat), count=len(table.stop_votes)))


def _keep(table: LiveTable, p: dict[str, Any]) -> None:
    seat = table.seat_of(str(p["player"]))
    if seat is None or table.session is None or not table.session.stop_requested:
        raise EventError("keep: not a seated player of a table stopping")
    table.keep = bool(p["keep"])
    key = "log.keep" if table.keep else "log.drop"
    table.log.append(LogLine.of(key, name=table.name(seat)))


def match_unwon(table: LiveTable) -> bool:
    """Whether the table plays a match (Bésigue's) that is not won: a table "finished"
    with it was stopped between deals, its match to go on another day or not."""
    match, session = table.game.match, table.session
    return match is not None and session is not None and not match.over(session)


def _end(table: LiveTable, p: dict[str, Any]) -> None:
    table.status = "ended"
    table.ended_reason = str(p.get("reason", "closed"))
    table.ended_by = str(p.get("name", ""))  # the moderator who ended it, if one did
    reason = table.ended_reason
    if reason == "finished" and match_unwon(table):  # not "the end of the game"
        reason = "stopped"
    table.log.append(LogLine.of(f"log.end.{reason}", name=table.ended_by))


_HANDLERS = {
    "open": _open,
    "join": _join,
    "leave": _leave,
    "rename": _rename,
    "start": _start,
    "deal": _deal,
    "look": _look,
    "action": _action,
    "hint": _hint,
    "replace": _replace,
    "return": _return,
    "stop": _stop,
    "vote": _vote,
    "keep": _keep,
    "end": _end,
}
