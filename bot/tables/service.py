"""The table service: live tables, their locks, their persistence, the game flow.

Every accepted change is an event appended to SQLite in the transaction that
accepts it, before anyone is answered; the same event is then applied to the
table in memory (``bot.tables.table.apply_event``).  If the write fails the table is
rebuilt from the database, so memory never runs ahead of the log.  Settling a
hand (its record, the ledger, the register, the pot) happens in the same
transaction as the card that ended it.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from bot.errors import TableElsewhere, UserError
from bot.game import LogLine, TableGame
from bot.games import default_game, table_game
from bot.tables.clicks import Click, checked_move
from bot.tables.computer import Decider, Hinter, PoolDecider, inline_hinter
from bot.tables.dealing import Dealer, DealSource
from bot.tables.finding import Events, Finding
from bot.tables.guild_register import GuildRegister
from bot.tables.hints import Hints
from bot.tables.lobby import Lobby, lobby_seat, may_close
from bot.tables.lobby_register import LobbyRegister
from bot.tables.matches import Matches, MatchGoingOn, keep_if_unfinished, resumed_seats
from bot.tables.moderation import Moderation
from bot.tables.names import person_name
from bot.tables.preferences import Preferences
from bot.tables.readings import Readings, read_register
from bot.tables.settlement import settlement_writer
from bot.tables.stand_ins import StandIns
from bot.tables.table import (
    ABSENT_WAIT,
    LiveTable,
    apply_event,
    first_hand_no,
    logged,
    new_table,
)
from bot.tables.turns import AI_PAUSE, ChangeListener, ReminderListener, TurnClock
from bot.texts.i18n import worded
from db import Database, Store
from db.models import (
    GuildSettings,
    HandMessage,
    KeptMatch,
    MatchScoreRow,
    PastHand,
    ReviewFigures,
    ScoreRow,
)
from games.options import options_to_dict

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["DealSource", "TableService"]

log = logging.getLogger(__name__)

RESTART_GRACE = 30  # seconds at least, after a restart, for the player to act
# the events after which the player to act starts a new turn (and a new deadline)
TURN_EVENTS = frozenset({"deal", "action", "replace", "return"})


class TableService:
    """Owns the live tables of the process, and the one way they change (``_commit``).

    Its parts, each given only what it uses: ``finding`` (the tables by id, channel,
    player), ``clock`` (timers and computer players), ``dealer`` (the deal event),
    ``lobby`` (seats before play), ``lobby_register`` (the server's register as the
    lobbies show it), ``moderation``, ``stand_ins`` (the computer playing for a person),
    ``matches`` (kept and going on), ``preferences``
    and ``readings`` (the database only), ``hints`` (a player's hints).  The methods
    the commands call are the service's, each delegating to its part."""

    def __init__(
        self,
        db: Database,
        *,
        seed_source: Callable[[], int] | None = None,
        deal_source: DealSource | None = None,
        decider: Decider | None = None,
        ai_pause: float = AI_PAUSE,
        hinter: Hinter | None = None,
    ) -> None:
        self.db = db
        self.tables: dict[int, LiveTable] = {}
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.deal_source = deal_source  # read by the dealer at each deal
        self.decider: Decider = decider or PoolDecider()  # these four read by the clock
        self.ai_pause = ai_pause
        self.on_change: ChangeListener | None = None  # called after a change nobody clicked
        self.on_reminder: ReminderListener | None = None
        # told when a hand is settled, or replayed settled with its summary not posted: the
        # table as it stood then, and whether a process stopped while posting its summary
        self.on_settled: Callable[[LiveTable, bool], None] | None = None
        # Several processes: the guilds whose tables are this process's, and the check,
        # inside every write of a table, that its shard is still held (bot.delivery.handoffs).
        self.owns: Callable[[int], bool] = lambda guild_id: True
        self.fence: Callable[[Store, LiveTable], Awaitable[None]] | None = None
        self.finding = Finding(self.tables)
        self.clock = TurnClock(self.tables, self._play, self)
        self.dealer = Dealer(db, self.finding, self)
        self.lobby = Lobby(self.finding, self._commit)
        self.lobby_register = LobbyRegister(db, self.finding)
        self.moderation = Moderation(self.finding, self._commit)
        self.stand_ins = StandIns(self.finding, self._commit)
        self.matches = Matches(self.finding, self._commit, db)
        self.preferences = Preferences(db)
        self.readings = Readings(db)
        # hints are worked out by the computer players' workers where the decider has them
        hinter = hinter or getattr(self.decider, "hint", None) or inline_hinter
        self.hints = Hints(self.finding, self._commit, hinter)

    # ---- loading -------------------------------------------------------------

    async def load(self) -> int:
        """Rebuild every open table of this process's guilds from its log; returns how many.
        An ended table whose summaries did not all reach the channel is replayed too, for
        them (``_rebuild`` draws them), left out of the live tables: nothing is played there."""
        async with self.db.reading() as store:
            rows = await store.tables.open_tables()
            ended = await store.tables.ended_with_summaries_due()
        for row in ended:
            if self.owns(row.guild_id):
                try:
                    await self._rebuild(row.id)
                except Exception:
                    log.exception("the summaries of table %s could not be drawn", row.id)
        for row in rows:
            if not self.owns(row.guild_id):
                continue
            try:
                table = await self._rebuild(row.id)
            except Exception:
                log.exception("table %s could not be rebuilt from its log", row.id)
                continue
            if table.status == "playing":
                table.log.append(LogLine.of("log.resumed"))
                # the time the bot was away is not the player's: a little is given back,
                # of their time to play, or of the wait before the others may replace them
                waited = table.row.turn_seconds or ABSENT_WAIT
                table.turn_started = max(table.turn_started, time.time() + RESTART_GRACE - waited)
            self.tables[row.id] = table
        for table in self.tables.values():
            self.clock.schedule(table)
            self.lobby_register.hold(table)  # the hands in progress all rebuilt now
        return len(self.tables)

    async def _rebuild(self, table_id: int) -> LiveTable:
        async with self.db.reading() as store:
            row = await store.tables.table(table_id)
            events = await store.tables.events(table_id)
            if row is None:
                raise KeyError(table_id)
            unposted = await store.ledger.unposted_summaries(table_id)
            posting = await store.ledger.summaries_posting(table_id)
            game = table_game(row.game)
            # a lobby, and a table between hands, show the register as it stands now
            waits = row.status in ("lobby", "playing")
            register = await read_register(store, row.guild_id, game) if waits else None
        table = new_table(row, game)
        self.lobby_register.show(table, register)
        settled = 0  # a hand settled by the last event, its summary not drawn yet
        for event in events:
            if settled and event.kind != "end":  # drawn with the end of the game, if it came
                self._settled(table, settled in posting)
                settled = 0
            apply_event(table, event.seq, event.kind, event.payload)
            if event.kind in TURN_EVENTS:
                table.turn_started = event.created_at.timestamp()
            if event.kind == "action" and table.last is not None and table.hand_no in unposted:
                settled = table.hand_no
        if settled:
            self._settled(table, settled in posting)
        old = self.tables.get(table_id)
        if old is not None:  # the same table to those waiting for its lock
            table.lock = old.lock
        return table

    def _settled(self, table: LiveTable, posting: bool = False) -> None:
        if self.on_settled is not None:
            try:
                self.on_settled(table, posting)
            except Exception:
                log.exception("could not draw the summary of table %s", table.id)

    def let_go(self, table_id: int) -> None:
        """Forget a table another process now drives: no timer, nothing in memory."""
        self.clock.cancel(table_id)
        self.tables.pop(table_id, None)

    async def close(self) -> None:
        self.clock.close()
        close = getattr(self.decider, "close", None)
        if close is not None:
            close()

    # ---- the event pipeline ----------------------------------------------------

    async def _commit(
        self,
        table: LiveTable,
        events: Events,
        extra: Callable[[Store], Awaitable[None]] | None = None,
    ) -> None:
        """Apply events in memory, then write them (and ``extra``) in one transaction.

        Called with the table's lock held.  If the write fails, the table is
        rebuilt from the database and the error propagates.
        """
        start = table.seq
        turn_before = table.turn_started
        try:
            for offset, (kind, payload) in enumerate(events, start=1):
                apply_event(table, start + offset, kind, payload)
                if kind in TURN_EVENTS:
                    table.turn_started = time.time()
                    table.overdue = None  # a new turn: nobody has kept it waiting yet
            async with self.db.transaction() as store:
                if self.fence is not None:
                    await self.fence(store, table)
                for offset, (kind, payload) in enumerate(events, start=1):
                    await store.tables.append_event(
                        table.id, start + offset, kind, logged(kind, payload)
                    )
                if extra is not None:
                    await extra(store)
                if table.status == "ended":
                    await keep_if_unfinished(table, store)  # a match stopped unwon
                    await store.tables.set_table_status(table.id, "ended")
                elif table.status == "playing" and table.row.status == "lobby":
                    await store.tables.set_table_status(table.id, "playing")
                    table.row = replace(table.row, status="playing")
        except TableElsewhere:
            self.let_go(table.id)
            raise
        except BaseException:
            table.turn_started = turn_before
            rebuilt = await self._rebuild(table.id)
            if rebuilt.status == "ended":  # as the database has it: no longer live
                self.tables.pop(table.id, None)
            else:
                self.tables[table.id] = rebuilt
            raise
        self.clock.schedule(table)
        if table.status == "ended":  # an ended table lives on in the database only
            self.tables.pop(table.id, None)
        if any(kind in ("deal", "end") for kind, _ in events):
            self.lobby_register.holds_changed(table)  # a bête held, or let go

    # ---- the lobby -------------------------------------------------------------

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player: str,
        name: str,
        rules: object,
        game: TableGame | None = None,
        turn_seconds: int = 0,
        lang: str = "fr",
        guild_name: str = "",
        channel_name: str = "",
        pictures: bool = True,
        hints: bool | None = None,
        kept: KeptMatch | None = None,
        handle: str = "",
    ) -> LiveTable:
        """A new table in a channel, its creator seated; the guild's register carries over.

        ``game`` defaults to the first game offered.  A ``kept`` match taken up again
        brings its options and its seats, in their order.  ``handle`` is the creator's
        username (``join``).  ``hints`` None: on when a computer player sits."""
        game = game or default_game()
        joins = [{"player": player, "name": person_name(name, handle, ()), "lang": lang}]
        resume: dict[str, Any] = {}
        if kept is not None:
            rules = game.spec.options_from(kept.options)
            joins = resumed_seats(kept, player, name, handle)
            resume = {"resume": {"kept": kept.id, "state": kept.state}}
        # the checks and the table's registration at once for the guild: two /table new
        # at the same moment, in one channel or by one player, cannot both pass them
        async with self.finding.seating(guild_id):
            if self.finding.in_channel(channel_id) is not None:
                raise UserError("error.table_exists")
            for join in joins:
                elsewhere = self.finding.seat_in_guild(guild_id, join["player"])
                if elsewhere is not None:  # where, so that they can go there or leave it
                    where = elsewhere.row.channel_id
                    if join["player"] == player:
                        raise UserError("error.already_seated", channel=where)
                    raise UserError("error.already_seated_named", name=join["name"], channel=where)
            seed = self.seed_source()
            # the register read, and the table among the lobbies a settlement elsewhere
            # reads it again for, under one lock: no settlement falls between the two
            async with self.lobby_register.reading(guild_id, game):
                async with self.db.transaction() as store:
                    register = await read_register(store, guild_id, game)
                    row = await store.tables.insert_table(
                        guild_id=guild_id,
                        channel_id=channel_id,
                        game=game.id,
                        options=options_to_dict(cast("DataclassInstance", rules)),
                        turn_seconds=turn_seconds,
                        created_by=player,
                        seed=seed,
                        guild_name=guild_name,
                        channel_name=channel_name,
                    )
                    table = new_table(row, game)
                    opened = {"by": player, "name": name, "lang": lang, "pictures": pictures}
                    events: Events = [
                        ("open", {**opened, "hints": hints, **resume}),
                        *(("join", join) for join in joins),
                    ]
                    for seq, (kind, payload) in enumerate(events, start=1):
                        apply_event(table, seq, kind, payload)
                        await store.tables.append_event(row.id, seq, kind, payload)
                    for seat, join in enumerate(joins):
                        await store.tables.add_seat(
                            row.id, guild_id, seat, join["player"], join["name"], join.get("ai")
                        )
                self.lobby_register.show(table, register)
                self.tables[row.id] = table
        return table

    async def summary_posted(self, table: LiveTable, hand_no: int) -> None:
        """Hand ``hand_no``'s summary reached the channel: a restart will not post it again."""
        async with self.db.transaction() as store:
            await store.ledger.mark_summary_posted(table.id, hand_no)

    async def summary_posting(self, table: LiveTable, hand_no: int) -> None:
        """Hand ``hand_no``'s summary on its way: a restart looks for it before posting it."""
        async with self.db.transaction() as store:
            await store.ledger.mark_summary_posting(table.id, hand_no)

    async def set_message(self, table: LiveTable, message_id: int) -> None:
        async with self.db.transaction() as store:
            await store.tables.set_table_message(table.id, message_id)
        table.row = replace(table.row, message_id=message_id, message_posting=False)

    async def posting_message(self, table: LiveTable) -> None:
        """A table message on its way: so noted until ``set_message`` (for ``reclaim``)."""
        async with self.db.transaction() as store:
            await store.tables.mark_message_posting(table.id)

    async def set_hand_message(self, hand: HandMessage) -> None:
        async with self.db.transaction() as store:
            await store.tables.set_hand_message(hand)

    async def open_hand_messages(self) -> list[HandMessage]:
        """The private hands of the tables not ended (this process's among them)."""
        async with self.db.reading() as store:
            return await store.tables.open_hand_messages()

    async def start(self, table_id: int, player: str) -> LiveTable:
        async with self.finding.held(table_id) as table:
            lobby_seat(table, player)
            game = table.game
            if len(table.seats) < game.min_seats:
                key = "error.need_all" if game.min_seats == game.max_seats else "error.need_more"
                raise UserError(key, count=len(table.seats), least=game.min_seats)
            seed = table.row.seed
            # the first deal goes with the start
            deal = await self.dealer.deal_event(table, first_hand_no(table))
            resuming = table.resuming

            async def take_up(store: Store) -> None:
                if resuming is None:
                    return
                if not await store.matches.resume_match(int(resuming["kept"]), table.id):
                    raise UserError("error.kept_gone")

            await self._commit(table, [("start", {"by": player, "seed": seed}), deal], take_up)
        return table

    # ---- the game ------------------------------------------------------------

    async def look(self, table_id: int, player: str) -> LiveTable:
        async with self.finding.seated_at(table_id, player) as (table, seat):
            if table.seats[seat].stand_in:  # turned up, the cards would take from the
                raise UserError("error.replaced")  # computer the blind calls it may make
            state = table.state
            if state is None or state.is_over or not table.game.port.face_down(state, seat):
                return table  # nothing face down to turn up: no event
            await self._commit(table, [("look", {"seat": seat})])
        return table

    async def play(self, click: Click) -> Any:
        """The one way a move reaches a table: ``click`` is checked once under the lock
        (``bot.tables.clicks.checked_move``) and its Action recorded.  Returns the Action
        played, or None when the click only opened one more step of a declaration."""
        async with self.finding.seated_at(click.table, click.player) as (table, seat):
            action = checked_move(table, seat, click)
            if action is not None:
                await self._play(table, seat, action, timeout=False)
        return action

    async def act(
        self, table_id: int, player: str, action: Any, moves: int | None = None
    ) -> LiveTable:
        """``player`` plays the game's ``action`` (a program's move: the same path as a
        click's); ``moves`` is the number its button carried."""
        table = self.finding.get(table_id)
        await self.play(Click(player, table_id, moves, action=action))
        return table

    async def _play(self, table: LiveTable, seat: int, action: Any, *, timeout: bool) -> None:
        payload = {"seat": seat, "action": action, "timeout": timeout}  # kept an Action
        settle = settlement_writer(table)
        await self._commit(table, [("action", payload)], settle)
        if not table.between_hands:
            return
        await self.lobby_register.settled_at(table)  # the guild's lobbies show what it left
        if table.session is not None and table.session.finished:
            await self._commit(table, [("end", {"reason": "finished"})])
        self._settled(table)  # its summary drawn as the table stands, the end included

    async def next_hand(self, table_id: int, player: str, hand_no: int | None = None) -> LiveTable:
        async with self.finding.seated_at(table_id, player) as (table, _):
            if hand_no is not None and hand_no != table.hand_no:
                raise UserError("error.stale")
            if not table.between_hands or table.session is None:
                raise UserError("error.hand_in_progress")
            deal = await self.dealer.deal_event(table, table.hand_no + 1)
            await self._commit(table, [deal])
        return table

    async def stop(self, table_id: int, player: str) -> LiveTable:
        """``/table stop``: close a lobby (``may_close`` says who may), or ask the session
        to stop as its game stops."""
        async with self.finding.seated_at(table_id, player) as (table, _):
            if table.status == "lobby":
                may_close(table, player)
                await self._commit(table, [("end", {"reason": "closed"})])
                return table
            assert table.session is not None
            if table.session.stop_requested:
                raise UserError(worded("error.already_stopping", table.game.id))
            events: Events = [("stop", {"by": player})]
            await self._commit(table, events)
            if table.between_hands and table.session.finished:
                await self._commit(table, [("end", {"reason": "finished"})])
        return table

    async def vote_stop(self, table_id: int, player: str) -> LiveTable:
        """One player agrees to stop at once; with the agreement of every person present
        (``stop_voters``) the table ends.  A click of one who agreed already ends it
        once the others still needed are gone (absent, or played for by the computer)."""
        async with self.finding.seated_at(table_id, player) as (table, _):
            if table.session is None or not table.session.stop_requested:
                raise UserError("error.not_stopping")
            voters = table.stop_voters()
            events: Events = []
            if player in table.stop_votes:
                if not voters <= table.stop_votes:
                    raise UserError("error.already_voted")
            else:
                events.append(("vote", {"player": player}))
            if voters <= table.stop_votes | {player}:
                events.append(("end", {"reason": "agreed"}))
            await self._commit(table, events)
        return table

    # ---- what the parts do, as the commands call it --------------------------------

    def get(self, table_id: int) -> LiveTable:
        return self.finding.get(table_id)

    def in_channel(self, channel_id: int) -> LiveTable | None:
        return self.finding.in_channel(channel_id)

    def of_player(self, player: str, guild_id: int | None) -> LiveTable:
        return self.finding.of_player(player, guild_id)

    def seated_here(self, channel_id: int | None, player: str, guild_id: int | None) -> LiveTable:
        return self.finding.seated_here(channel_id, player, guild_id)

    async def join(
        self, table_id: int, player: str, name: str, lang: str, handle: str = ""
    ) -> LiveTable:
        return await self.lobby.join(table_id, player, name, lang, handle)

    async def leave(self, table_id: int, player: str) -> LiveTable:
        return await self.lobby.leave(table_id, player)

    async def add_computer(self, table_id: int, player: str, level: str) -> LiveTable:
        return await self.lobby.add_computer(table_id, player, level)

    async def remove_computer(self, table_id: int, player: str) -> LiveTable:
        return await self.lobby.remove_computer(table_id, player)

    async def replace_absent(self, table_id: int, player: str, seat: int | None) -> LiveTable:
        return await self.stand_ins.replace_absent(table_id, player, seat)

    async def step_away(self, table_id: int, player: str) -> LiveTable:
        return await self.stand_ins.step_away(table_id, player)

    async def take_back(self, table_id: int, player: str) -> LiveTable:
        return await self.stand_ins.take_back(table_id, player)

    async def abandon(self, table_id: int, player: str) -> LiveTable:
        return await self.stand_ins.abandon(table_id, player)

    async def moderator_end(self, channel_id: int, by: str, name: str) -> LiveTable:
        return await self.moderation.moderator_end(channel_id, by, name)

    async def moderator_replace(
        self, channel_id: int, by: str, name: str, player: str
    ) -> LiveTable:
        return await self.moderation.moderator_replace(channel_id, by, name, player)

    async def channel_gone(self, channel_id: int) -> LiveTable | None:
        return await self.moderation.channel_gone(channel_id)

    async def server_left(self, guild_id: int) -> list[LiveTable]:
        return await self.moderation.server_left(guild_id)

    async def keep_choice(self, table_id: int, player: str, keep: bool) -> LiveTable:
        return await self.matches.keep_choice(table_id, player, keep)

    async def matches_going_on(self, guild_id: int, game: TableGame) -> list[MatchGoingOn]:
        return await self.matches.matches_going_on(guild_id, game)

    async def guild_language(self, guild_id: int, language: str | None = None) -> str | None:
        return await self.preferences.guild_language(guild_id, language)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.preferences.guild_settings(guild_id)

    async def set_auto_review(self, guild_id: int, on: bool) -> None:
        await self.preferences.set_auto_review(guild_id, on)

    async def notify_mode(self, player: str) -> str:
        return await self.preferences.notify_mode(player)

    async def set_notify_mode(self, player: str, mode: str) -> None:
        await self.preferences.set_notify_mode(player, mode)

    async def register(self, guild_id: int, game: TableGame) -> GuildRegister:
        """The guild's register and pot of ``game``, marked as a lobby marks them."""
        return await self.lobby_register.standing(guild_id, game)

    async def history(
        self, guild_id: int, game: str | None, player: str | None, page: int = 1
    ) -> tuple[list[PastHand], int]:
        return await self.readings.history(guild_id, game, player, page)

    async def scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> tuple[list[ScoreRow], list[tuple[int, str, int]]]:
        return await self.readings.scoreboard(guild_id, game, since)

    async def match_scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[MatchScoreRow]:
        return await self.readings.match_scoreboard(guild_id, game, since)

    async def player_reviews(
        self, guild_id: int, player: str, game: str | None, since: datetime | None
    ) -> list[ReviewFigures]:
        return await self.readings.player_reviews(guild_id, player, game, since)

    async def kept_matches(self, guild_id: int, game: str) -> list[KeptMatch]:
        return await self.readings.kept_matches(guild_id, game)

    async def kept_match(self, kept_id: int) -> KeptMatch:
        return await self.readings.kept_match(kept_id)
