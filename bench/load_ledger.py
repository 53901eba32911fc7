"""The move ledger: every move the players saw accepted is in its table's log once, and no
move is in a log that the players did not make.

A table's log (its ``table_events`` in the database) counts its moves: every ``deal`` and
``action`` adds one, and a game's button carries that count when drawn (``bot/ids.py``),
so the action a click made is the log's move number ``moves`` of the click's id, by the
clicking player's seat; a *Next hand* click carries the hand's number and makes the deal
of the next; a *Look* turns up the player's hand (a ``look`` event), or does nothing
when none of his lies face down any more (its button carries no count: such a Look is
counted apart, not as lost).

A click the bot answered without refusal and that made a move (:attr:`Answer.made_move`)
must find its event: else it is **lost**. An event no accepted click explains is either
a click in flight when its process was SIGKILLed (sent before the kill, never answered:
applied or not, the player could not know), a click answered too late (after Discord's
3 s, which refuses the answer with ``10062 Unknown interaction``: its player was told it
failed, the move is on the table all the same; an overloaded bot's), or **applied without
acceptance** (a click refused, or made while its process was down, applied later). A
move found twice, or two accepted clicks for one move, is **doubled**. Actions the bot
played itself when a turn ran out (``timeout``) are counted apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from bench.load_players import Answer, TableDriver
from bot.ids import ComponentId
from db import Database
from db.models import TableEvent

EXAMPLES = 8
TOO_LATE = "10062"  # Discord's code for an interaction answered after its 3 s


def answered_too_late(answer: Answer) -> bool:
    return TOO_LATE in answer.refused


@dataclass
class Window:
    """A process down: SIGKILLed at ``killed`` until started again at ``ready`` (perf_counter),
    with the tables of the guilds it holds."""

    killed: float
    ready: float
    guilds: frozenset[int]


@dataclass
class LedgerFigures:
    tables: int = 0
    accepted_moves: int = 0  # clicks answered without refusal that made a move
    found: int = 0  # of those, found once in their table's log
    lost: int = 0
    doubled: int = 0
    in_flight_applied: int = 0  # events of clicks sent before a kill and never answered
    late_applied: int = 0  # events of clicks answered after Discord's 3 s (10062)
    applied_unaccepted: int = 0  # events no accepted click explains, not in flight
    timeouts: int = 0  # actions the bot played itself, a turn having run out
    idle_looks: int = 0  # Looks accepted with no hand to turn up (no event, nothing lost)
    failed_clicks: int = 0  # clicks not accepted (refused, unanswered, no gateway session)
    failed_while_down: int = 0  # of those, made while their table's process was down
    failures: dict[str, int] = field(default_factory=dict)  # why clicks failed, how many
    examples: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.lost or self.doubled or self.applied_unaccepted)

    def note(self, text: str) -> None:
        if len(self.examples) < EXAMPLES:
            self.examples.append(text)


async def read_logs(database: str, table_ids: Iterable[int]) -> dict[int, list[TableEvent]]:
    """Every table's events, read once the bot processes are stopped."""
    db = await Database.open(database)
    try:
        async with db.reading() as store:
            return {tid: await store.tables.events(tid) for tid in table_ids}
    finally:
        await db.close()


@dataclass
class _Log:
    seats: dict[str, int]  # player key -> seat
    actions: dict[int, tuple[int, str, bool, datetime]]  # move number -> seat, action, timeout
    deals: Counter[int]  # hand number -> deals in the log
    looks: Counter[tuple[int, int]]  # (hand number, seat) -> hands turned up
    deal_moves: list[int]  # the move number of each deal, in order

    def hand_at(self, moves: int) -> int:
        """The hand in play when the table had made ``moves`` moves."""
        return sum(1 for m in self.deal_moves if m < moves)


def _fold(events: list[TableEvent]) -> _Log:
    players: list[str] = []
    log = _Log({}, {}, Counter(), Counter(), [])
    moves = 0
    for event in events:
        p = event.payload
        if event.kind == "join":
            players.append(str(p["player"]))
        elif event.kind == "leave":
            players.remove(str(p["player"]))
        elif event.kind == "deal":
            log.deals[int(str(p["hand_no"]))] += 1
            log.deal_moves.append(moves)
            moves += 1
        elif event.kind == "action":
            seat = int(str(p["seat"]))
            log.actions[moves] = (seat, str(p["action"]), bool(p.get("timeout")), event.created_at)
            moves += 1
        elif event.kind == "look":
            log.looks[log.hand_at(moves), int(str(p["seat"]))] += 1
    log.seats = {player: seat for seat, player in enumerate(players)}
    return log


def check(
    drivers: list[TableDriver],
    answers: list[Answer],
    logs: dict[int, list[TableEvent]],
    windows: list[Window],
) -> LedgerFigures:
    """Compare the clicks the players made with the tables' logs (see the module's text)."""
    figures = LedgerFigures(tables=len(drivers))
    guild_of = {d.table_id(): d.guild_id for d in drivers if d.message is not None}
    clicks: dict[int, list[tuple[ComponentId, Answer]]] = {}
    for answer in answers:
        if not answer.custom_id:
            continue
        try:
            cid = ComponentId.parse(answer.custom_id)
        except ValueError:
            continue
        clicks.setdefault(cid.table, []).append((cid, answer))

    def down(answer: Answer, guild: int) -> bool:
        return any(w.killed <= answer.dispatched < w.ready and guild in w.guilds for w in windows)

    def in_flight(answer: Answer, guild: int) -> bool:
        """Sent before a kill of its table's process and never answered."""
        return answer.latency is None and any(
            guild in w.guilds and answer.dispatched < w.killed <= answer.dispatched + 10.0
            for w in windows
        )

    def unexcused(tried: list[Answer], guild: int) -> bool:
        """Count an event its clicks did not make accepted: excused when one was in flight
        at a SIGKILL or answered too late, else applied without acceptance (True)."""
        if any(in_flight(a, guild) for a in tried):
            figures.in_flight_applied += 1
        elif any(map(answered_too_late, tried)):
            figures.late_applied += 1
        else:
            figures.applied_unaccepted += 1
            return True
        return False

    why: Counter[str] = Counter()
    for table_id, guild in guild_of.items():
        log = _fold(logs.get(table_id, []))
        mine = clicks.get(table_id, [])
        figures.timeouts += sum(1 for a in log.actions.values() if a[2])
        for _, answer in mine:
            if not answer.accepted:
                figures.failed_clicks += 1
                figures.failed_while_down += down(answer, guild)
                why[answer.refused or "unanswered"] += 1
        # actions: move number -> the accepted clicks that made it
        made: dict[int, list[tuple[int, Answer]]] = {}
        nexts: Counter[int] = Counter()
        looks: Counter[int] = Counter()  # seat -> accepted clicks (their button names no hand)
        for cid, answer in mine:
            seat = log.seats.get(str(answer.user), -1)
            if not answer.made_move:
                continue
            if cid.verb == "next":
                nexts[cid.moves + 1] += 1
            elif cid.verb == "look":
                looks[seat] += 1
            else:
                made.setdefault(cid.moves, []).append((seat, answer))
        figures.accepted_moves += sum(map(len, made.values())) + nexts.total()
        for moves, by in made.items():
            found = log.actions.get(moves)
            if len(by) > 1:
                figures.doubled += len(by) - 1
                figures.note(f"table {table_id}: move {moves} accepted {len(by)} times")
            if found is None or found[0] != by[0][0] or found[2]:
                figures.lost += 1
                figures.note(f"table {table_id}: move {moves} by seat {by[0][0]} not in the log")
            else:
                figures.found += 1
        for moves, (seat, action, timeout, _) in log.actions.items():
            if timeout or moves in made:
                continue
            tried = [
                a
                for cid, a in mine
                if cid.moves == moves and cid.game_verb and log.seats.get(str(a.user)) == seat
            ]
            if unexcused(tried, guild):
                figures.note(
                    f"table {table_id}: move {moves} ({action} by seat {seat}) in the log, "
                    f"its {len(tried)} click(s) not accepted"
                )
        for hand, count in log.deals.items():
            if count > 1:
                figures.doubled += count - 1
                figures.note(f"table {table_id}: hand {hand} dealt {count} times")
            if hand == 1:
                continue  # dealt by Start
            accepted = nexts.get(hand, 0)
            if accepted:
                figures.found += 1
                figures.doubled += accepted - 1
                continue
            tried = [a for cid, a in mine if cid.verb == "next" and cid.moves + 1 == hand]
            if unexcused(tried, guild):
                figures.note(f"table {table_id}: hand {hand} dealt, no Next hand accepted")
        for hand, count in nexts.items():
            if not log.deals.get(hand):
                figures.lost += count
                figures.note(f"table {table_id}: Next hand to hand {hand} not in the log")
        # a Look on a hand already turned up is accepted and changes nothing: per seat, a
        # turned-up hand needs an accepted Look, and accepted Looks need one at least
        logged_by_seat: Counter[int] = Counter()
        for (hand, seat), logged in log.looks.items():
            logged_by_seat[seat] += logged
            if logged > 1:
                figures.doubled += logged - 1
                figures.note(f"table {table_id}: hand {hand} of seat {seat} turned up {logged}x")
        for seat, clicked in looks.items():
            # a Look with nothing face down any more (a panel drawn before the hand was
            # turned up or played on) is answered the same and writes nothing: not lost
            turned = min(clicked, logged_by_seat[seat])
            figures.accepted_moves += turned
            figures.found += turned
            figures.idle_looks += clicked - turned
        for seat, logged in logged_by_seat.items():
            extra = logged - looks[seat]
            if extra <= 0:
                continue
            tried = [
                a
                for cid, a in mine
                if cid.verb == "look" and log.seats.get(str(a.user)) == seat and not a.accepted
            ]
            flying = min(extra, sum(1 for a in tried if in_flight(a, guild)))
            figures.in_flight_applied += flying
            late = min(extra - flying, sum(1 for a in tried if answered_too_late(a)))
            figures.late_applied += late
            if extra > flying + late:
                figures.applied_unaccepted += extra - flying - late
                figures.note(f"table {table_id}: seat {seat} turned up {extra} hand(s) unasked")
    figures.failures = dict(why.most_common(5))
    return figures
