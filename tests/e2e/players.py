"""Simulated players (four at La Bête Hombrée, two to five at La Bête, three at
L'Hombre, two at Bésigue) who play a table the way people do: by reading what the
bot sent them and clicking it.

Each player looks only at the messages they can see (their DMs, their ephemeral
answers, the public table message) and acts when one of them offers an enabled
game component (``tb:<table>:<moves>:<verb>[:<arg>]``) newer than the last move
made. The policy is deterministic, so two games on the same seed play the same
moves:

- auction: a hand kept face down is looked at first; the dealer says *je
  cagnote* on odd hands and *je prends le tout* on even ones; anyone else bids
  the lowest bid if nobody has bid yet, and passes otherwise;
- discard: the first cards the menu offers, as few as it takes;
- declaration: the first suit, the first level, the most matadors offered;
- play: the first enabled card.

At a table of La Bête (``/table new bete``), the calls go by the deal's number:

- odd deals: the first to speak says *je joue*, the next *je contre*;
- even deals: everyone passes, then the first who may goes *en curieuse* (a new
  trump is turned), the others pass, and the curieux says *je joue*.

At a table of L'Hombre (``/table new hombre``): the first to speak takes
(*je prends*), the others pass; the hombre names spades; everyone who may
exchange discards the first card the menu offers; the last who drew shows the
talon; the hombre stops as soon as he may.

At a table of Bésigue (``/table new besigue``, and of Haitian Bésigue, whose trick
winner has no seven to show), every move is made in the DM:
the winner of a trick lays the first combination his DM offers; with none, he
exchanges the 7 of trump when offered, shows it when offered unless he has just
laid a combination, and otherwise says *nothing more: draw*. To play, a player
takes the first card his DM offers from the table (a laid card) on odd moves,
else the last card offered from his hand (his weakest of the last suit: the high
cards stay for the combinations).

Calls of seats 1 and 3 are clicked on the public table message when it offers
the same button, the others in the private hand, so both paths are used.

Every move is kept with the length of the fake's log when it was sent, the
clock of the leak scan (``tests.e2e.leaks``).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games import table_game
from bot.ids import ComponentId
from bot.texts.i18n import t
from tests.e2e.fake import FakeChannel, FakeDiscord, FakeMessage, SimInteraction, SimUser
from tests.e2e.fake.interaction import DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE

GAME_VERBS = frozenset({"call", "play", "decl", "discard", "meld"})
DONE = {t(lang, "ok.played") for lang in ("fr", "en")}
FROM_TABLE = ("besigue.from_table", "haiti.from_table")  # a laid card's button says so
WAIT = 15.0  # generous: a loaded CI machine runs this with the rest of the suite


async def taken(ix: SimInteraction, timeout: float = WAIT) -> bool:
    """Whether the bot took the click, once it answered: it redrew the message clicked
    (as its answer, or through the click's token after deferring it: a slow action), or
    said it done in a line; not a refusal."""
    await ix.wait_done(timeout)
    if ix.response_type == DEFERRED_UPDATE_MESSAGE:  # a follow-up: a refusal, or "done"
        return all(m.text() in DONE for m in ix.followups)
    return ix.response_type == UPDATE_MESSAGE or ix.text() in DONE


def refusal(ix: SimInteraction) -> str:
    """What the bot answered a click it did not take."""
    if ix.response_type == DEFERRED_UPDATE_MESSAGE:  # the message clicked is not the answer
        return "\n".join(m.text() for m in ix.followups)
    return ix.text()


def new_command(game: str) -> str:
    """The command that opens a table of ``game`` (a game id): ``table new <its name>``."""
    return f"table new {table_game(game).command.name}"


def component_id(component: dict[str, Any]) -> ComponentId | None:
    """The parsed custom id of a table component, or None (links, foreign ids)."""
    raw = component.get("custom_id")
    if not isinstance(raw, str):
        return None
    try:
        return ComponentId.parse(raw)
    except ValueError:
        return None


def find_button(message: FakeMessage, verb: str) -> str | None:
    """The custom id of the enabled button ``verb`` on ``message``, if any."""
    for component in message.buttons():
        cid = component_id(component)
        if cid is not None and cid.verb == verb and not component.get("disabled"):
            return str(component["custom_id"])
    return None


@dataclass
class Move:
    """One click of the game, as a player made it."""

    seat: int
    hand_no: int
    verb: str  # start, next, call, discard, decl, play
    arg: str  # the call, card, declaration step; the cards of a discard
    moves: int  # the number its component carried
    custom_id: str
    log_at: int  # len(server.log) when it was sent
    message: FakeMessage
    version: int  # the index in message.history the click was made from
    values: list[str] = field(default_factory=list)


@dataclass
class Offer:
    """A component a player can use now."""

    seat: int
    message: FakeMessage
    components: list[dict[str, Any]]  # the enabled game components of that message
    moves: int


class TablePlayers:
    """Users at one table (four at La Bête Hombrée), in seat order (the order they joined)."""

    def __init__(
        self,
        server: FakeDiscord,
        users: list[SimUser],
        game: str = "bete-hombree",
        channel: FakeChannel | None = None,
    ) -> None:
        self.server = server
        self.users = users
        self.game = game
        self.channel = channel
        """Where the table is opened (default: the first user's guild's first channel, as
        his slash commands go: a guild of any shard)."""
        self.table: FakeMessage | None = None
        self.table_messages: set[int] = set()  # the ids of every table message seen
        self.table_id = 0
        self.hand_no = 0
        self.last_moves = 0  # the number carried by the last accepted game move
        self.moves: list[Move] = []
        self.interactions: list[SimInteraction] = []
        self.before_move: Callable[[Move], Awaitable[None]] | None = None
        """Called with each move about to be sent."""
        self.after_move: Callable[[Move], Awaitable[None]] | None = None
        """Called after each accepted move (the tests kill the bot from here)."""
        self.in_lobby: Callable[[], Awaitable[None]] | None = None
        """Called once the table is open, before the others join."""

    # ------------------------------------------------------------------ the lobby

    async def open(self, **options: Any) -> FakeMessage:
        """``/table new <game>`` by the first user, the others join, the first starts."""
        first = self.users[0]
        ix = await first.slash(new_command(self.game), channel=self.channel, **options)
        table = await ix.wait_done(WAIT)
        assert table is not None and not table.ephemeral, f"no public table message: {ix!r}"
        self.table = table
        self.table_messages.add(table.id)
        # the bot learns its table message's id after answering: a click before that
        # is taken but answered apart ("done"), and the table message is not redrawn
        await self.server.settle()
        start = find_button(table, "start")
        assert start is not None, f"no Start button on {table!r}"
        self.table_id = ComponentId.parse(start).table
        if self.in_lobby is not None:
            await self.in_lobby()
            table = self.require_table()
        for user in self.users[1:]:
            join = find_button(table, "join")  # open while a seat is free
            assert join is not None, f"no Join button on {table!r}"
            ix = await user.click(table, join, timeout=WAIT)
            self.interactions.append(ix)
            assert await taken(ix), f"{ix!r} was refused: {refusal(ix)!r}"
        start = find_button(table, "start")
        assert start is not None, f"no Start button on {table!r}"
        self.hand_no = 1
        await self._click(0, table, start, "start", "")
        return table

    # ------------------------------------------------------------------ playing

    async def play_hand(self) -> None:
        """Play the current hand to its settlement (the table offers *Next hand*)."""
        while True:
            offer = await self.server.wait_for(
                lambda: self.offer() or self.hand_over(), WAIT, "a player's turn or the hand's end"
            )
            if not isinstance(offer, Offer):
                return
            await self.act(offer)

    async def next_hand(self) -> None:
        """The first player clicks *Next hand* on the table message."""
        table = self.require_table()
        cid = find_button(table, "next")
        assert cid is not None, f"no Next hand button on {table!r}"
        self.hand_no += 1
        await self._click(0, table, cid, "next", "")

    async def play(self, hands: int, **options: Any) -> None:
        """Open (with the game's ``options``), then play ``hands`` hands to their
        settlement."""
        await self.open(**options)
        for number in range(1, hands + 1):
            await self.play_hand()
            if number < hands:
                await self.next_hand()

    async def finish(self) -> None:
        """Wait for the summary of the last hand played, then for the bot to go quiet."""
        await self.summarised()
        await self.server.settle()

    async def summarised(self) -> None:
        """Wait for the summary of the last hand played (not for the bot to go quiet:
        other tables may keep it busy)."""
        await self.server.wait_for(
            lambda: self.hand_no in self.summaries(), WAIT, "the last hand's summary"
        )

    def summaries(self) -> list[int]:
        """The hands whose summary was posted: the public messages with an embed, other
        than the table's messages, each titled with its hand's number."""
        table = self.require_table()
        return [
            int(re.findall(r"\d+", str(m.embeds[0].get("title")))[0])
            for m in self.server.messages(table.channel_id)
            if m.embeds and m.id not in self.table_messages and not self.of_table(m)
        ]

    def of_table(self, message: FakeMessage) -> bool:
        """Whether ``message`` carries this table's buttons (a table message)."""
        return any(
            (cid := component_id(c)) is not None and cid.table == self.table_id
            for c in message.buttons()
        )

    def require_table(self) -> FakeMessage:
        """The table message as players find it: the latest message of the channel with
        the table's buttons (the bot posts it anew below each summary, and when it is
        gone), else the last one seen."""
        assert self.table is not None, "the table is not open"
        if self.table_id:
            current = [m for m in self.server.messages(self.table.channel_id) if self.of_table(m)]
            if current and current[-1].id != self.table.id:
                self.table = current[-1]
                self.table_messages.add(self.table.id)
        return self.table

    def hand_over(self) -> bool:
        """The table message offers *Next hand* for the hand being played."""
        table = self.require_table()
        for component in table.buttons():
            cid = component_id(component)
            if cid is not None and cid.verb == "next" and cid.moves == self.hand_no:
                return not component.get("disabled")
        return False

    def offer(self, after: int | None = None, among: set[int] | None = None) -> Offer | None:
        """The newest enabled game components any player sees, if newer than ``after``
        (default: the last move made), on any message or on those of ``among`` (ids).

        Only private messages (DMs, ephemeral answers) say whose turn it is: the
        public table message shows the calls of whoever is to act.
        """
        after = self.last_moves if after is None else after
        best: Offer | None = None
        for seat, user in enumerate(self.users):
            for message in [*user.dms(), *user.ephemerals()]:
                if among is not None and message.id not in among:
                    continue
                found = [
                    (cid, c)
                    for c in message.interactive()
                    if not c.get("disabled")
                    and (cid := component_id(c)) is not None
                    and cid.table == self.table_id
                    and cid.verb in GAME_VERBS
                    and cid.moves > after
                ]
                if not found:
                    continue
                moves = max(cid.moves for cid, _ in found)
                current = [c for cid, c in found if cid.moves == moves]
                if best is None or (moves, message.id) > (best.moves, best.message.id):
                    if best is not None and best.moves == moves and best.seat != seat:
                        raise AssertionError(
                            f"two players may act at move {moves}: {best.message!r}, {message!r}"
                        )
                    best = Offer(seat, message, current, moves)
        return best

    async def recover(self) -> Offer | None:
        """After a restart nothing may show the current move: each player in turn
        asks for *My hand* on the table message until one of them may act."""
        offer = self.offer()
        if offer is not None:
            return offer
        table = self.require_table()
        hand = find_button(table, "hand")
        assert hand is not None, f"no My hand button on {table!r}"
        for user in self.users:
            ix = await user.click(table, hand, timeout=WAIT)
            self.interactions.append(ix)
            await ix.wait_ack(WAIT)
            assert ix.original is not None and ix.original.ephemeral, f"{ix!r} answered in public"
            offer = self.offer()
            if offer is not None:
                return offer
        return None

    # ------------------------------------------------------------------ the policy

    async def act(self, offer: Offer) -> None:
        by_verb: dict[str, list[tuple[ComponentId, dict[str, Any]]]] = {}
        for component in offer.components:
            cid = component_id(component)
            assert cid is not None
            by_verb.setdefault(cid.verb, []).append((cid, component))
        message = offer.message
        if self.game in ("besigue", "besigue-haiti"):
            await self.act_besigue(offer, by_verb)
        elif "discard" in by_verb:
            cid, menu = by_verb["discard"][0]
            count = int(menu.get("min_values", 1))
            values = [str(o["value"]) for o in menu.get("options", [])][:count]
            await self._select(offer.seat, message, str(menu["custom_id"]), values, cid.moves)
        elif "decl" in by_verb:
            steps = [(c, b) for c, b in by_verb["decl"] if c.arg != "back"]
            # the last step offers matadors: announce as many as offered
            cid, button = steps[-1] if steps[0][0].arg.count(":") == 2 else steps[0]
            await self._click(offer.seat, message, str(button["custom_id"]), "decl", cid.arg)
        elif "call" in by_verb:
            look = find_button(message, "look")
            if look is not None:  # a hand kept face down: look before speaking
                ix = await self.users[offer.seat].click(message, look, timeout=WAIT)
                self.interactions.append(ix)
                await ix.wait_ack(WAIT)
                return
            calls = {cid.arg: (cid, button) for cid, button in by_verb["call"]}
            choice = self.choose_call(set(calls))
            cid, button = calls[choice]
            target = message
            table = self.require_table()
            on_table = table.component(str(button["custom_id"])) is not None
            if offer.seat % 2 and on_table and not table.deleted:
                target = table
            await self._click(offer.seat, target, str(button["custom_id"]), "call", choice)
        elif "play" in by_verb:
            cid, button = by_verb["play"][0]
            await self._click(offer.seat, message, str(button["custom_id"]), "play", cid.arg)
        else:
            raise AssertionError(f"no policy for {offer!r}")

    async def act_besigue(
        self, offer: Offer, by_verb: dict[str, list[tuple[ComponentId, dict[str, Any]]]]
    ) -> None:
        """Bésigue: a combination, the seven or the draw for the trick's winner; for the
        player to play, a card from the table on odd moves, else the hand's last card."""
        seat, message = offer.seat, offer.message
        if "meld" in by_verb:
            cid, button = by_verb["meld"][0]
            await self._click(seat, message, str(button["custom_id"]), "meld", cid.arg)
            return
        if "call" in by_verb:
            calls = {cid.arg: button for cid, button in by_verb["call"]}
            melded = bool(self.moves) and self.moves[-1].verb == "meld"
            order = ("exchange", "draw") if melded else ("exchange", "show", "draw")
            choice = next(c for c in order if c in calls)
            await self._click(seat, message, str(calls[choice]["custom_id"]), "call", choice)
            return
        cards = by_verb["play"]
        laid = {
            t(lang, key, count=n) for lang in ("fr", "en") for key in FROM_TABLE for n in (1, 2)
        }
        from_table = [(c, b) for c, b in cards if any(w in str(b.get("label")) for w in laid)]
        from_hand = [(c, b) for c, b in cards if (c, b) not in from_table]
        cid, button = from_table[0] if from_table and offer.moves % 2 else (from_hand or cards)[-1]
        await self._click(seat, message, str(button["custom_id"]), "play", cid.arg)

    def choose_call(self, offered: set[str]) -> str:
        """The call to make among those ``offered`` (component id arguments)."""
        if self.game == "hombre":
            order: tuple[str, ...] = ("pr", "t:S", "show", "stop", "pass")
        elif self.game == "bete":
            said = [m.arg for m in self.moves if m.hand_no == self.hand_no and m.verb == "call"]
            if self.hand_no % 2:  # je joue, je contre
                order = ("joue", "contre", "pass")
            elif "cur" in said:  # the curieux plays, and nobody else goes en curieuse
                order = ("joue", "pass")
            else:  # everyone passes, then the first goes en curieuse
                order = ("cur", "pass")
        else:
            dealer_call = "cag" if self.hand_no % 2 else "tout"
            order = (dealer_call, "b2", "pass")
        return next(c for c in order if c in offered)

    async def _click(
        self, seat: int, message: FakeMessage, custom_id: str, verb: str, arg: str
    ) -> None:
        move = Move(
            seat,
            self.hand_no,
            verb,
            arg,
            ComponentId.parse(custom_id).moves,
            custom_id,
            len(self.server.log),
            message,
            len(message.history) - 1,
        )
        await self._before(move)
        ix = await self.users[seat].click(message, custom_id, timeout=WAIT)
        await self._after(ix, move)

    async def _select(
        self, seat: int, message: FakeMessage, custom_id: str, values: list[str], moves: int
    ) -> None:
        move = Move(
            seat,
            self.hand_no,
            "discard",
            " ".join(values),
            moves,
            custom_id,
            len(self.server.log),
            message,
            len(message.history) - 1,
            values,
        )
        await self._before(move)
        ix = await self.users[seat].select(message, custom_id, values, timeout=WAIT)
        await self._after(ix, move)

    async def _before(self, move: Move) -> None:
        if self.before_move is not None:
            await self.before_move(move)
            move.log_at = len(self.server.log)

    async def _after(self, ix: SimInteraction, move: Move) -> None:
        await self._accepted(ix)
        if move.verb == "decl" and move.arg.count(":") < 2 and self._declaring(move):
            return  # one step of the declaration: the same panel asks for the next
        self.moves.append(move)
        if move.verb in GAME_VERBS:
            self.last_moves = move.moves
        if self.after_move is not None:
            await self.after_move(move)

    def _declaring(self, move: Move) -> bool:
        """Whether the panel still asks for the rest of the declaration at the same move."""
        return any(
            (cid := component_id(c)) is not None
            and cid.verb == "decl"
            and cid.moves == move.moves
            and not c.get("disabled")
            for c in move.message.interactive()
        )

    async def _accepted(self, ix: SimInteraction) -> None:
        """The bot took the click: it redrew the message clicked, or said it done in a
        line when that message was the table's no more (posted again below a summary
        while the click was on its way), no refusal."""
        self.interactions.append(ix)
        assert await taken(ix), f"{ix!r} was refused: {refusal(ix)!r}"
