"""Hidden cards must stay hidden: a scan of everything the fake server was sent.

Every string of every message, edit, autocomplete answer and modal the bot
sent (content, embeds, labels, placeholders, select options, custom ids) is
searched for cards, in record notation (``10S``, ``KH``: custom ids, select
values) and as players read them (``R♥ D♠ V♦`` in French, ``K♥ Q♠ J♦`` in
English, ``A♣ 10♣ 9♦`` in both). Each card found must be one its audience could
see at that moment:

- everyone: the cards turned up by *tirer le roi* (and the burned one), and
  every card played so far;
- a player, privately: also their own hand as dealt, and the cagnot once they
  took it (after the auction for *je prends le tout*, after their discard for
  *je cagnote*).

At L'Hombre, each player sees their own hand as dealt and the cards they drew
in the exchange; the rest of the talon once shown; a defender, the other's
hand while a vole is under way; every card played is public.

At La Bête, everyone sees the card turned up for trump from the deal on, and
the next card of the talon once a curieuse turns it (the first stays in sight,
set aside); each player sees their own hand; every card played is public. The
rest of the talon is never shown.

At Bésigue, each player sees their own hand as dealt and every card they draw
(the deal event's stock from the top: after each trick of phase 1 the winner
draws first, then the others in play order; the card turned up lies under the
stock and is drawn last); everyone sees the turned card (and the 7 of trump
exchanged for it, which takes its place), every card played and every card of a
combination laid. Identical cards (two packs) share a code: knowledge is by code.

At Haitian Bésigue, the same, with no card turned (trump is fixed by the first
marriage) and four jokers: a joker is ``JK`` in a custom id and "Joker" as players
read it (its copies share the code, like any card's).

What a player could see once stays allowed to them (and what was public stays
public): an old message may be redrawn. "At that moment" is measured in the
fake's log: a move counts from the log length when its click was sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.games.besigue.codec import action_of as besigue_action
from bot.games.bete.codec import call_of
from bot.games.hombre.codec import action_of, play_of
from games.besigue import Kind as BesigueKind
from games.besigue import Session as BesigueSession
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.besigue.rules import Rules as BesigueRules
from games.besigue.rules import Variant, deck_for
from games.bete import Action, DealState, Rules
from games.bete_hombree import Session
from games.cards import Card, card_mask, cards_of
from games.hombre import Action as HombreAction
from games.hombre import DealState as HombreState
from games.hombre import Kind as HombreKind
from games.hombre import Pool
from games.hombre import Rules as HombreRules
from tests.e2e.fake import Sent
from tests.e2e.outcome import Target, reading
from tests.e2e.players import Move, TablePlayers

MACHINE = re.compile(r"(?<![A-Za-z0-9])(10|[KQJA2-9])([SHDC])(?![A-Za-z0-9])")
JOKER = re.compile(r"(?<![A-Za-z0-9])(JK|Joker)(?![A-Za-z0-9])")
DISPLAY = re.compile(r"(?<![A-Za-z0-9])(10|[KQJA2-9RDV])([♠♥♦♣])")
FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J"}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SCANNED = frozenset(
    {"message.create", "message.edit", "interaction.autocomplete", "interaction.modal"}
)


def cards_in(text: str) -> set[str]:
    """Every card named in ``text``, in record notation."""
    found = {rank + suit for rank, suit in MACHINE.findall(text)}
    for rank, symbol in DISPLAY.findall(text):
        found.add(FRENCH_RANKS.get(rank, rank) + SUIT_LETTERS[symbol])
    if JOKER.search(text):
        found.add("JK")
    return {str(Card.parse(card)) for card in found}


@dataclass
class Knowledge:
    """Who may see which card from which point of the log (``Sent.seq``)."""

    public: list[tuple[int, frozenset[str]]] = field(default_factory=list)
    private: dict[int, list[tuple[int, frozenset[str]]]] = field(default_factory=dict)

    def show_everyone(self, at: int, cards: Iterable[str]) -> None:
        self.public.append((at, frozenset(cards)))

    def show(self, user_id: int, at: int, cards: Iterable[str]) -> None:
        self.private.setdefault(user_id, []).append((at, frozenset(cards)))

    def allowed(self, audience: int | None, at: int) -> set[str]:
        seen = [self.public]
        if audience is not None:
            seen.append(self.private.get(audience, []))
        return {card for grants in seen for since, cards in grants if since <= at for card in cards}


@dataclass(frozen=True)
class Leak:
    seq: int
    audience: int | None
    card: str
    text: str

    def __str__(self) -> str:
        who = "everyone" if self.audience is None else f"user {self.audience}"
        return f"log #{self.seq}: {self.card} shown to {who} in {self.text[:160]!r}"


@dataclass
class Scan:
    leaks: list[Leak]
    checked: int  # card mentions looked at
    shown: dict[int | None, set[str]]  # every card each audience was shown


def scan(log: Iterable[Sent], knowledge: Knowledge) -> Scan:
    leaks: list[Leak] = []
    checked = 0
    shown: dict[int | None, set[str]] = {}
    for sent in log:
        if sent.kind not in SCANNED:
            continue
        allowed = knowledge.allowed(sent.audience, sent.seq)
        for text in sent.strings():
            for card in cards_in(text):
                checked += 1
                shown.setdefault(sent.audience, set()).add(card)
                if card not in allowed:
                    leaks.append(Leak(sent.seq, sent.audience, card, text))
    return Scan(leaks, checked, shown)


def table_log(log: Iterable[Sent], players: TablePlayers) -> list[Sent]:
    """What ``players`` could see of the fake's log: their own private messages and the
    public ones of their table's channel (other tables of the same database, played
    by other users elsewhere, are not theirs to be scanned against)."""
    ids = {user.id for user in players.users}
    channel = players.require_table().channel_id
    return [s for s in log if s.audience in ids or (s.audience is None and s.channel_id == channel)]


def game_knowledge(players: TablePlayers, target: Target) -> Knowledge:
    """What each player of ``players``' game could see, from the table's log and their moves."""
    with reading(target) as con:
        events = [
            (kind, json.loads(payload))
            for kind, payload in con.execute(
                "SELECT kind, payload FROM table_events WHERE table_id = ? ORDER BY seq",
                (players.table_id,),
            )
        ]
    if players.game == "bete":
        return _bete_knowledge(players, events)
    if players.game == "hombre":
        return _hombre_knowledge(players, events)
    if players.game == "besigue":
        return _besigue_knowledge(players, events)
    if players.game == "besigue-haiti":
        with reading(target) as con:
            [(options,)] = list(
                con.execute("SELECT options FROM tables WHERE id = ?", (players.table_id,))
            )
        return _haiti_knowledge(players, events, HaitiOptions(**json.loads(options)).rules())
    ids = [user.id for user in players.users]
    knowledge = Knowledge()
    start = next(payload for kind, payload in events if kind == "start")
    _, draw = Session.start([str(i) for i in ids], int(start["seed"]))
    knowledge.show_everyone(0, [str(draw.burned), *(str(card) for _, card in draw.turned)])
    deals = {int(payload["hand_no"]): payload for kind, payload in events if kind == "deal"}
    by_hand: dict[int, list[Move]] = {}
    for move in players.moves:
        by_hand.setdefault(move.hand_no, []).append(move)
    for hand_no, moves in by_hand.items():
        deal = deals[hand_no]
        calls = [m for m in moves if m.verb == "call"]
        for move in moves:
            if move.verb in ("start", "next"):
                for seat, hand in enumerate(deal["hands"]):
                    knowledge.show(ids[seat], move.log_at, hand)
            elif move.verb == "play":
                knowledge.show_everyone(move.log_at, [move.arg])
            elif move.verb == "discard":
                said = [m.arg for m in calls if m.seat == move.seat and m.arg in ("cag", "tout")]
                # je prends le tout: the cagnot is taken when the auction ends;
                # je cagnote: only once the discard is made
                since = calls[-1].log_at if said and said[-1] == "tout" else move.log_at
                knowledge.show(ids[move.seat], since, deal["cagnot"])
    return knowledge


def _haiti_knowledge(
    players: TablePlayers, events: list[tuple[str, dict]], rules: BesigueRules
) -> Knowledge:
    """Haitian Bésigue: as the classic game's (``_besigue_knowledge``), with the deals
    of 132 cards, no card turned, and the session of parties."""
    ids = [user.id for user in players.users]
    knowledge = Knowledge()
    deals = {int(payload["hand_no"]): payload for kind, payload in events if kind == "deal"}
    session: HaitiSession | None = None
    deck = deck_for(len(ids), Variant.HAITI)
    for hand_no in sorted({move.hand_no for move in players.moves}):
        deal = deals[hand_no]
        if session is None:
            session = HaitiSession([str(i) for i in ids], rules=rules, dealer=int(deal["dealer"]))
        seats = len(ids)
        hands, cards = deck.parse_deal(deal["hands"], deal["stock"])
        state = session.deal_hands(hands, cards)
        stock, drawn = list(deal["stock"]), 0
        for move in (m for m in players.moves if m.hand_no == hand_no):
            if move.verb in ("start", "next"):
                for seat, hand in enumerate(deal["hands"]):
                    knowledge.show(ids[seat], move.log_at, hand)
                continue
            action = besigue_action(move.verb, move.arg)
            if action.kind is BesigueKind.PLAY:
                knowledge.show_everyone(move.log_at, [str(action.card)])
            elif action.kind is BesigueKind.MELD:
                knowledge.show_everyone(move.log_at, map(str, action.cards))
            hidden = state.drawn
            state.apply(action, move.seat)
            if state.drawn == hidden:
                continue
            winner = state.history[-1].winner  # the trick just won: its winner draws first
            for step in range(seats):
                seat = (winner + step) % seats
                card = stock[drawn]
                drawn += 1
                held = {str(c) for c in cards_of(state.hands[seat])}
                assert card in held, f"seat {seat} drew {card}, which it does not hold"
                knowledge.show(ids[seat], move.log_at, [card])
        if state.is_over:
            session.settle(state)
    return knowledge


def dealt(
    players: TablePlayers, events: list[tuple[str, dict]]
) -> list[tuple[dict, list[Move], list[int], list[int]]]:
    """Each deal played (a talon game's): its ``deal`` event, the players' moves in it,
    its hands as bit sets and its talon as bit numbers, to replay it move by move."""
    deals = {int(payload["hand_no"]): payload for kind, payload in events if kind == "deal"}
    by_hand: dict[int, list[Move]] = {}
    for move in players.moves:
        by_hand.setdefault(move.hand_no, []).append(move)
    out = []
    for hand_no, moves in by_hand.items():
        deal = deals[hand_no]
        hands = [card_mask(Card.parse(c) for c in hand) for hand in deal["hands"]]
        talon = [Card.parse(c).index for c in deal["talon"]]
        out.append((deal, moves, hands, talon))
    return out


def _bete_knowledge(players: TablePlayers, events: list[tuple[str, dict]]) -> Knowledge:
    """La Bête: each deal is replayed from its ``deal`` event with the players' moves,
    to know when a curieuse turned the talon's next card."""
    ids = [user.id for user in players.users]
    knowledge = Knowledge()
    for deal, moves, hands, talon in dealt(players, events):
        state = DealState(Rules(), int(deal["dealer"]), hands, talon)
        for move in moves:
            if move.verb in ("start", "next"):
                for seat, hand in enumerate(deal["hands"]):
                    knowledge.show(ids[seat], move.log_at, hand)
                knowledge.show_everyone(move.log_at, [deal["talon"][0]])
                continue
            if move.verb == "play":
                knowledge.show_everyone(move.log_at, [move.arg])
                action = Action.parse(f"play {move.arg}")
            else:
                action = call_of(move.arg)
            turned = state.turned
            state.apply(action, move.seat)
            if state.turned != turned:  # the curieuse round closed: a new trump is turned
                knowledge.show_everyone(move.log_at, [deal["talon"][state.turned]])
    return knowledge


def _hombre_knowledge(players: TablePlayers, events: list[tuple[str, dict]]) -> Knowledge:
    """L'Hombre: each deal is replayed from its ``deal`` event with the players' moves,
    to know which cards each exchange drew, when the talon was shown and when the
    defenders saw each other's hands."""
    ids = [user.id for user in players.users]
    knowledge = Knowledge()
    for deal, moves, hands, talon in dealt(players, events):
        state = HombreState(HombreRules(), int(deal["dealer"]), hands, talon, Pool())
        for move in moves:
            if move.verb in ("start", "next"):
                for seat, hand in enumerate(deal["hands"]):
                    knowledge.show(ids[seat], move.log_at, hand)
                continue
            before = state.hands[move.seat]
            if move.verb == "play":
                action = play_of(move.arg)
                knowledge.show_everyone(move.log_at, [str(action.card)])
            elif move.verb == "discard":
                action = HombreAction.parse("discard " + move.arg)
            else:
                action = action_of(move.arg)
            state.apply(action, move.seat)
            drawn = state.hands[move.seat] & ~before
            if action.kind is HombreKind.DISCARD and drawn:
                knowledge.show(ids[move.seat], move.log_at, map(str, cards_of(drawn)))
            if action.kind is HombreKind.SHOW:
                rest = [str(Card.from_index(i)) for i in state.talon[state.drawn :]]
                knowledge.show_everyone(move.log_at, rest)
            if state.partners_see() and not state.is_over:
                a, b = state.defenders()
                knowledge.show(ids[a], move.log_at, map(str, cards_of(state.hands[b])))
                knowledge.show(ids[b], move.log_at, map(str, cards_of(state.hands[a])))
    return knowledge


def _besigue_knowledge(players: TablePlayers, events: list[tuple[str, dict]]) -> Knowledge:
    """Bésigue: the game is replayed from its ``deal`` events with the players' moves,
    to know when the draws came (after a trick whose winner could lay nothing, after
    his last combination or seven, on *draw*, or on his next card); which cards each
    drew is read from the deal event's stock, walked here in the order of the rules."""
    ids = [user.id for user in players.users]
    knowledge = Knowledge()
    deals = {int(payload["hand_no"]): payload for kind, payload in events if kind == "deal"}
    session: BesigueSession | None = None
    for hand_no in sorted({move.hand_no for move in players.moves}):
        deal = deals[hand_no]
        if session is None:
            session = BesigueSession([str(i) for i in ids], dealer=int(deal["dealer"]))
        seats = len(ids)
        hands, cards = deck_for(seats).parse_deal(deal["hands"], [deal["turned"], *deal["stock"]])
        state = session.deal_hands(hands, cards[1:], cards[0])
        stock, turned, drawn = list(deal["stock"]), str(deal["turned"]), 0
        for move in (m for m in players.moves if m.hand_no == hand_no):
            if move.verb in ("start", "next"):
                for seat, hand in enumerate(deal["hands"]):
                    knowledge.show(ids[seat], move.log_at, hand)
                knowledge.show_everyone(move.log_at, [turned])
                continue
            action = besigue_action(move.verb, move.arg)
            if action.kind is BesigueKind.PLAY:
                knowledge.show_everyone(move.log_at, [str(action.card)])
            elif action.kind is BesigueKind.MELD:
                knowledge.show_everyone(move.log_at, map(str, action.cards))
            elif action.kind is BesigueKind.SEVEN_EXCHANGE:
                turned = "7" + turned[-1]  # the 7 of trump lies under the stock instead
                knowledge.show_everyone(move.log_at, [turned])
            hidden, under = state.drawn, state.turned >= 0
            state.apply(action, move.seat)
            if state.drawn == hidden and (state.turned >= 0) == under:
                continue  # no draws (an exchange only changes the card under the stock)
            winner = state.history[-1].winner  # the trick just won: its winner draws first
            for step in range(seats):
                seat = (winner + step) % seats
                card = stock[drawn] if drawn < len(stock) else turned
                drawn += 1
                held = {str(c) for c in cards_of(state.hands[seat])}
                assert card in held, f"seat {seat} drew {card}, which it does not hold"
                knowledge.show(ids[seat], move.log_at, [card])
        if state.is_over:
            session.settle(state)
    return knowledge
