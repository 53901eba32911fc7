"""What both Bésigues draw alike, the classic game (``bot.games.besigue.drawing``) and
the Haitian one (``bot.games.besigue_haiti.drawing``): a hand held trumps first, the
cards laid on the table in a row of their own that may be played as well, one button
per kind of card, each seat's score, cards and tricks, the refusals of a card or a
combination, the moves in words, and a deal's count and summary.  Each game names its
own texts by their prefix (``words``: ``besigue``, ``haiti``), so that each keeps its
words; the views are either game's (``SeatView``: what both hold alike).
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, ClassVar, Final, Protocol, TypeVar

import discord

from bot.drawing.lobby_text import option_line
from bot.drawing.render import (
    CARD_STYLE,
    HAND_EXTRAS,
    MAX_COMPONENTS,
    button,
    card_text,
    cards_text,
    help_button,
    turn_lines,
)
from bot.game import CardRow, Field, TableLike, TrickView
from bot.games.besigue.codec import action_arg, action_of, parse_move
from bot.games.besigue.shared_port import ResultWords, sides_text
from bot.ids import ComponentId
from bot.texts.i18n import game_text, t
from bot.texts.refusals import refusal_by_code, refusal_keys
from bot.trick_game import TableStatus
from games.besigue import Action, Kind, LaidCard, Meld, MeldKind, Phase
from games.besigue.flow import DealFlow
from games.besigue.refusals import Refused
from games.besigue.rules import STRENGTH, Rules, plays_in_partnerships
from games.besigue.score import Outcome
from games.besigue.session import SessionBase, SettledDeal
from games.cards import Card, Suit, cards_of
from games.refusals import Refusal, Rule


class SeatView(TrickView, Protocol):
    """What one seat's view holds in either game (``DealView``, ``HaitiView``): the
    trick's as every game's, and these."""

    @property
    def phase(self) -> Phase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def trump(self) -> Suit | None: ...  # None: not fixed yet (Haiti)
    @property
    def hand(self) -> int: ...
    @property
    def laid(self) -> tuple[tuple[LaidCard, ...], ...]: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def rules(self) -> Rules: ...


ViewT = TypeVar("ViewT", bound=SeatView)


def in_order(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Cards as a player holds them: trumps first, then the other suits, strongest
    first, the jokers last."""
    return sorted(
        cards,
        key=lambda c: (c.is_joker, c.suit != trump, c.suit, -STRENGTH[c.rank], c.copy),
    )


def hand_in_order(view: SeatView) -> list[Card]:
    return in_order(cards_of(view.hand), view.trump)


def laid_cards(view: SeatView, seat: int) -> list[Card]:
    return in_order([laid.card for laid in view.laid[seat]], view.trump)


def partnerships_lines(partnerships: bool, seated: int, lang: str) -> list[str]:
    """The ``partnerships`` option as it stands for the players seated: with fewer than
    four, that it plays at four only (RULES.md §4), each then playing for himself."""
    if not partnerships:
        return []
    if not plays_in_partnerships(partnerships, seated):
        return [t(lang, "besigue.options.partnerships_four")]
    return [option_line("partnerships", True, lang)]


def players_of(teams: tuple[int, ...], side: int) -> int:
    """How many players score for ``side``: the verb of a side agrees with it."""
    return sum(1 for team in teams if team == side)


def scores_text(names: Sequence[str], teams: tuple[int, ...], scores: Sequence[int]) -> str:
    """ "Anne **640** · Marc **420**" (by side: "Anne & Zoé **640** · …" with
    partnerships)."""
    return " · ".join(
        f"{sides_text(names, teams, side)} **{score}**" for side, score in enumerate(scores)
    )


def card_style(card: Card) -> discord.ButtonStyle:
    """A card's button colour: its suit's (a joker, of no suit, its own)."""
    return discord.ButtonStyle.primary if card.is_joker else CARD_STYLE[card.suit]


def play_buttons(
    table: TableLike, view: SeatView, mine: bool, lang: str, words: str
) -> list[discord.ui.Item[Any]]:
    """The cards in hand, then the cards laid on the table (phase 1), one button per kind
    of card (identical cards are one button: ``×2``), only the legal ones open."""
    legal = {action_arg(a) for a in view.legal if a.kind is Kind.PLAY}
    hand = Counter(c.face for c in hand_in_order(view))
    laid = Counter(c.face for c in laid_cards(view, view.seat))
    items: list[discord.ui.Item[Any]] = []
    for cards, on_table in ((hand, False), (laid, True)):
        for card, count in cards.items():
            # a laid card is named so only where the hand holds the same card too
            arg = str(card) + (":laid" if on_table and card in hand else "")
            label = card_text(card, lang) + (f" ×{count}" if count > 1 else "")
            if on_table:
                label += " " + t(lang, f"{words}.from_table", count=count)
            open_ = mine and arg in legal
            # a greyed-out card carries no move number: it changes only when it opens
            cid = ComponentId(table.id, table.moves if mine else 0, "play", arg)
            items.append(
                button(cid, label, card_style(card), disabled=not open_, row=len(items) // 5)
            )
    return items[:25]


OWN_WORDS: Final = {
    Refused.ONE_MELD: "meld_once",
    Refused.WINNER_ONLY: "meld_not_now",
    Refused.STOCK_EMPTY: "meld_stock_empty",
    Refused.DRAWS_BY_THEMSELVES: "draws_by_themselves",
    Refused.NOT_LAID: "not_laid",
    **{
        code: str(code).replace("-", "_")
        for code in (
            Refused.MELD_UNKNOWN,
            Refused.MELD_SHAPE,
            Refused.MELD_NOT_HELD,
            Refused.MELD_SERVED,
            Refused.TRUMP_UNFIXED,
            Refused.JOKER,
            Refused.JOKERS_MANY,
            Refused.JOKER_SERVED,
            Refused.QUINTE_MARRIAGE,
            Refused.FROM_HAND,
        )
    },
}
"""The refusals each Bésigue words its own way (``<words>.error.<word>``): the
combinations, the draws and the declaring after a trick; a call the game does not
have is answered with what the declaring offers."""

SEVEN_WORDS: Final[dict[StrEnum, str]] = {
    code: "besigue.error." + str(code).replace("-", "_")
    for code in (
        Refused.ONE_SEVEN,
        Refused.SEVEN_NOT_HELD,
        Refused.ONE_EXCHANGE,
        Refused.SEVEN_TURNED,
    )
}
"""The 7 of trump's refusals, classic Bésigue's alone (a Haitian call is no call)."""
SEVEN_CALLS: Final = (Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE)
# a 7 called outside the declaring, after the stock, or in a game without (Haiti's)
SEVEN_ELSEWHERE: Final = (Refused.WINNER_ONLY, Refused.STOCK_EMPTY, Refused.NO_SUCH_CALL)


DECLARE_CALLS: Final = (Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE, Kind.DRAW)


def meld_room(view: SeatView) -> int:
    """How many combinations have a button of their own: Discord's 25 components but
    the calls, the ❔, and the 💡 and table link the hand adds."""
    calls = sum(a.kind in DECLARE_CALLS for a in view.legal)
    return MAX_COMPONENTS - calls - 1 - HAND_EXTRAS


class PointsRenderer(TableStatus[ViewT]):
    """A renderer's parts that both Bésigues draw alike (each game's renderer adds its
    own, and what differs below: the stock's line, the laid cards' text, the buttons
    and the words of the combinations, the lines of a summary after the count), its
    texts under the prefix ``words``, its shared texts as the game ``game`` (an id)
    words them."""

    words: ClassVar[str]
    game: ClassVar[str]
    results: ClassVar[ResultWords]  # its words for how a deal ended
    parse_move = staticmethod(parse_move)

    def public_view(self, view: ViewT) -> ViewT:
        return replace(view, hand=0, legal=(), duty=None)  # type: ignore[type-var]

    def move_text(self, view: ViewT, action: Action, lang: str) -> str:
        if action.kind is Kind.PLAY and view.phase is Phase.DECLARE:
            # a record's line for a winner who declared nothing: the draw is not written,
            # the lead after it is, and a review reads it as that decision's move
            card = self.action_text(action, lang)
            return t(lang, f"{self.words}.drew_then", card=card)
        return self.action_text(action, lang)

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        """A log line's arguments in words: a move, a combination's kind and cards, the
        card a seven is exchanged for, the suit a first marriage fixes."""
        if "action" in args:
            args["action"] = self.action_text(Action.parse(str(args["action"])), lang)
        if "kind" in args:
            args["kind"] = t(lang, f"{self.words}.kind.{MeldKind(str(args['kind'])).value}")
        if "cards" in args:
            cards = [Card.parse(c) for c in str(args["cards"]).split()]
            args["cards"] = self.cards_words(cards, lang)
        if "card" in args and args["card"] not in ("", "None"):
            args["card"] = card_text(Card.parse(str(args["card"])), lang)
        if "suit" in args:
            args["suit"] = t(lang, f"suit.{args['suit']}")
        return args

    def cards_words(self, cards: list[Card], lang: str) -> str:
        """A combination's cards in a log line."""
        return cards_text(cards, lang)

    def history_result(self, state: Any, names: Sequence[str], lang: str) -> str:
        """A deal counted, or the match (in Haiti, a partie) won by a side, its players
        named together."""
        assert state.outcome is not None
        return self.results.history_result(state.outcome, names, lang)

    @abstractmethod
    def stock_line(self, view: ViewT, names: Sequence[str], lang: str) -> str:
        """Trump (fixed or not) and the stock left."""

    @abstractmethod
    def phase_line(self, view: ViewT, names: Sequence[str], lang: str) -> str:
        """What the deal waits for, as the table says it: who is to do what (from the
        public view: the calls open to the seat's hand are not seen)."""

    @abstractmethod
    def laid_text(self, view: ViewT, names: Sequence[str], lang: str) -> str | None:
        """Each seat's cards laid on the table, or None when none are."""

    @abstractmethod
    def meld_label(self, view: ViewT, action: Action, lang: str) -> str:
        """A combination the seat may lay now, with its cards (those on the table
        already said apart) and its points."""

    def action_text(self, action: Action, lang: str) -> str:
        """Any action, out of context (for refusals, the calls and the /play choices): a
        card (said to come from the table where it does), a combination, a call."""
        if action.kind is Kind.PLAY:
            assert action.card is not None
            text = card_text(action.card, lang)
            laid = t(lang, f"{self.words}.from_table", count=1)
            return f"{text} {laid}" if action.laid else text
        if action.kind is Kind.MELD:
            assert action.meld is not None
            return self.meld_words(action.meld, action.cards, lang)
        return t(lang, f"{self.words}.btn.{action_arg(action)}")

    @abstractmethod
    def meld_words(self, kind: MeldKind, cards: Sequence[Card], lang: str) -> str:
        """A combination named by its kind and cards, out of context."""

    @abstractmethod
    def melds_words(self, melds: Sequence[Meld], lang: str) -> str:
        """The combinations one seat laid in a deal, in a line."""

    def seat_melds(
        self, name: str, melds: Sequence[Meld], lang: str, sevens: Sequence[str] = ()
    ) -> str | None:
        """ "**Anne**: four jacks J♠ J♥ J♦ J♣ (40), …" and the seat's 7s of trump that
        scored (``sevens``, in words), or None for a seat that had neither."""
        said = [self.melds_words(melds, lang)] if melds else []
        said.extend(sevens)
        if not said:
            return None
        return t(lang, "labelled", label=f"**{name}**", text=", ".join(said))

    def sevens_words(self, state: DealFlow, seat: int, lang: str) -> list[str]:
        """The seat's 7s of trump that scored in the deal, each with its points: the
        count adds them to the combinations, so the list under it names them too."""
        return []

    def declare_buttons(
        self, table: TableLike, view: ViewT, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The trick's winner's choices: exactly the combinations he may lay now, the
        seven's calls where the game has them, *nothing more* (then everyone draws)
        and ❔, in at most Discord's 25 buttons."""
        calls = [a for a in view.legal if a.kind in DECLARE_CALLS]
        melds = [a for a in view.legal if a.kind is Kind.MELD][: meld_room(view)]
        items: list[discord.ui.Item[Any]] = []
        for action in melds:
            cid = ComponentId(table.id, table.moves, "meld", action_arg(action))
            label = self.meld_label(view, action, lang)
            items.append(button(cid, label, discord.ButtonStyle.success))
        for action in calls:
            draw = action.kind is Kind.DRAW
            style = discord.ButtonStyle.secondary if draw else discord.ButtonStyle.primary
            cid = ComponentId(table.id, table.moves, "call", action_arg(action))
            items.append(button(cid, self.action_text(action, lang), style))
        items.append(help_button(table, "melds"))
        for index, item in enumerate(items):
            item.row = index // 5
        return items

    def public_fields(self, table: TableLike, view: ViewT | None, lang: str) -> list[Field]:
        if view is None or table.between_hands:
            return []
        laid = self.laid_text(view, table.names, lang)
        # once the stock is empty the laid cards are back in the hands: what stays
        # said is the deal's combinations, no longer cards lying on the table
        heading = "melds" if view.phase is Phase.PLAY2 else "on_table"
        return [(t(lang, f"{self.words}.{heading}"), laid, False)] if laid else []

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
        names = table.names
        dealer = names[view.dealer]
        lines = [game_text(self.game, lang, "hand.hand_no", hand=table.hand_no, dealer=dealer)]
        lines.append(self.stock_line(view, names, lang))
        if view.phase is not Phase.DONE:  # the scores (marque, parties), as the table says;
            lines.extend(self.session_lines(table, view, lang))  # the count says them at the end
        lines.append("")
        lines.append(t(lang, "hand.cards", cards=cards_text(hand_in_order(view), lang)))
        laid = laid_cards(view, seat)
        if laid:
            lines.append(t(lang, f"{self.words}.your_laid", cards=cards_text(laid, lang)))
        for other, name in enumerate(names):  # public, and theirs to play: as on the table
            theirs = laid_cards(view, other) if other != seat else []
            if theirs:
                cards = cards_text(theirs, lang)
                lines.append(t(lang, f"{self.words}.their_laid", name=name, cards=cards))
        mine = view.turn == seat and not stood_in
        done = view.phase is Phase.DONE
        playing = view.phase in (Phase.PLAY1, Phase.PLAY2, Phase.DECLARE)
        word = self.prompt_word(view)
        if word == "play1" and not laid:  # nothing laid to play from: the hand only
            word += ".hand"
        prompt = t(lang, f"{self.words}.your_turn.{word}")
        waiting = None  # the others told what the trick's winner is choosing, as on the table
        if view.phase is Phase.DECLARE and view.turn != seat:
            waiting = self.phase_line(self.public_view(view), names, lang)
        lines += turn_lines(
            table,
            view,
            lang,
            done=done,
            playing=playing,
            prompt=prompt,
            stood_in=stood_in,
            waiting=waiting,
        )
        items: list[discord.ui.Item[Any]] = []
        if mine and view.phase is Phase.DECLARE:
            items.extend(self.declare_buttons(table, view, lang))
            unshown = sum(a.kind is Kind.MELD for a in view.legal) - meld_room(view)
            if unshown > 0:  # beyond Discord's buttons: said, and typed with /play
                lines.append(t(lang, "besigue.more_melds", count=unshown))
        elif view.phase in (Phase.PLAY1, Phase.PLAY2):
            items.extend(play_buttons(table, view, mine, lang, self.words))
        return lines, items

    def prompt_word(self, view: ViewT) -> str:
        """The word of the seat's prompt (``<words>.your_turn.<word>``): its phase's, unless
        the game words the phase after its rules or the calls open."""
        return view.phase.name.lower()

    def stopping(self, table: TableLike, lang: str) -> str:
        return t(lang, f"{self.words}.stopping")

    lost_words: ClassVar[Mapping[str, str]]  # why brisques did not count -> its text's word

    def brisques_text(self, outcome: Outcome, seat: int, side: str, lang: str) -> str:
        """The brisques counted in a seat's count: how many, and their points (never
        below zero in the classic game); ``side``: "_side" when partners share a side."""
        cards, points = outcome.brisque_cards[seat], outcome.brisques[seat]
        return t(lang, f"{self.words}.count.brisques", count=cards, points=points)

    def count_lines(self, outcome: Outcome, names: Sequence[str], lang: str) -> list[str]:
        """A counted deal, seat by seat: combinations and sevens, last trick, brisques (and
        why they did not count), the deal's points."""
        words = self.words
        # with partners, the thresholds are the side's: said so, lest a seat's own few
        # brisques be read as the reason
        side = "_side" if len(set(outcome.teams)) < len(outcome.teams) else ""
        lines = []
        for seat, name in enumerate(names):
            parts = [t(lang, f"{words}.count.melds", points=outcome.melds[seat])]
            if outcome.last_trick == seat:
                parts.append(t(lang, f"{words}.count.last_trick"))
            cards, lost = outcome.brisque_cards[seat], outcome.brisques_lost[seat]
            if lost is not None and cards:  # none taken: nothing was lost
                key = f"{words}.count.{self.lost_words[lost]}{side}"
                parts.append(t(lang, key, count=cards))
            elif not outcome.ended_at_once:
                parts.append(self.brisques_text(outcome, seat, side, lang))
            total = t(lang, f"{words}.count.points", points=outcome.points[seat])
            text = " · ".join(parts) + f" → {total}"
            lines.append(t(lang, "labelled", label=f"**{name}**", text=text))
        return lines

    @abstractmethod
    def summary_lines(self, settled: SettledDeal, names: list[str], lang: str) -> list[str]:
        """A counted deal's lines after the count (``count_lines``): the scores after
        it, and the game (or the partie) won by it."""

    def settlement(self, table: TableLike, settled: Any, lang: str) -> tuple[str, str, list[Field]]:
        """A counted deal: ended at once by a combination or not, the count, the scores
        (``summary_lines``); its title names the side that won; the deal's combinations
        (public: they were laid face up) in a field."""
        assert isinstance(settled, SettledDeal)
        names, words = table.names, self.words
        outcome = settled.outcome
        hand = table.hand_no
        teams = outcome.teams
        lines = []
        if outcome.ended_at_once and outcome.winner is not None:
            reached = sides_text(names, teams, outcome.winner)
            lines.append(t(lang, f"{words}.summary.at_once", name=reached))
        lines += self.count_lines(outcome, names, lang)
        lines += self.summary_lines(settled, names, lang)
        if outcome.over and outcome.winner is not None:
            winner = sides_text(names, teams, outcome.winner)
            players = players_of(teams, outcome.winner)
            title = t(lang, f"{words}.summary.won.title", hand=hand, name=winner, players=players)
        else:
            title = t(lang, f"{words}.summary.title", hand=hand)
        said = self.deal_melds(table.state, names, lang)
        fields: list[Field] = [(t(lang, f"{words}.melds"), said, False)] if said else []
        return title, "\n".join(lines), fields

    def deal_melds(self, state: object, names: Sequence[str], lang: str) -> str:
        """The deal's combinations and 7s of trump, seat by seat (public: laid or shown)."""
        if not isinstance(state, DealFlow):
            return ""
        melds = [
            self.seat_melds(names[seat], seat_melds, lang, self.sevens_words(state, seat, lang))
            for seat, seat_melds in enumerate(state.melds)
        ]
        return "\n".join(m for m in melds if m is not None)

    def money(self, amount: int, lang: str) -> str:
        return t(lang, f"{self.words}.points", amount=("+" if amount > 0 else "") + str(amount))

    def amount(self, amount: int, lang: str) -> str:
        return t(lang, f"{self.words}.points", amount=str(amount))

    @property
    def refusals(self) -> dict[StrEnum, str]:
        """The play's refusals are the core's, the declaring's the game's own."""
        return refusal_keys(
            {
                **dict.fromkeys(Refused, f"{self.words}.error.declare"),
                **SEVEN_WORDS,
                **{code: f"{self.words}.error.{word}" for code, word in OWN_WORDS.items()},
            }
        )

    def refusal(
        self, view: ViewT, action: Action, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        key, args = refusal_by_code(self.refusals, refusal)
        if refusal.code is Refused.JOKERS_MANY:
            args = {**args, "most": view.rules.jokers_per_quartet}
        if action.kind in SEVEN_CALLS and refusal.code in SEVEN_ELSEWHERE:
            return f"{self.words}.error.seven_call", {}  # when a 7 is called, if ever
        if view.phase is not Phase.DECLARE or view.turn != view.seat:
            return key, args
        declare = f"{self.words}.error.declare"
        if action.kind is Kind.PLAY and refusal.code is Rule.NOT_HELD and action.card is not None:
            return "besigue.error.card_not_held", {"card": action.card}  # the real reason
        if action.kind is Kind.PLAY:  # not playable even after the draws: declare first
            key = declare
        # what the declaring offers, worded as the seat's prompt words it (no 7 when
        # none may be shown or exchanged)
        if key == declare:
            return f"{self.words}.error.{self.prompt_word(view)}", {}
        return key, args

    def seat_details(self, table: TableLike, view: ViewT | None, seat: int, lang: str) -> list[str]:
        """Each one's score where each plays for himself, and during a deal: the dealer,
        the cards held (laid or not), the tricks taken."""
        details: list[str] = []
        session = table.session
        if isinstance(session, SessionBase) and session.sides == session.seats:
            score = view.scores[seat] if view is not None and not table.between_hands else None
            details.append(self.amount(session.scores[seat] if score is None else score, lang))
        if view is None or table.between_hands:
            return details
        if view.dealer == seat:
            details.append(t(lang, "table.is_dealer"))
        details.append(t(lang, f"{self.words}.cards_held", count=view.hand_sizes[seat]))
        details.append(t(lang, "table.tricks", count=view.tricks_won[seat]))
        return details

    def table_buttons(
        self, table: TableLike, view: ViewT, lang: str
    ) -> list[discord.ui.Button[Any]]:
        return []  # every choice is the hand's: a combination named in public shows cards

    def hand_rows(self, view: ViewT, lang: str) -> list[CardRow]:
        """The hand, then the cards laid on the table in a row of their own (they may
        be played as well: greyed only when the rule forbids them)."""
        hand, laid = hand_in_order(view), laid_cards(view, view.seat)
        playing = view.phase in (Phase.PLAY1, Phase.PLAY2) and bool(view.legal)
        legal = {(a.card, a.laid) for a in view.legal if a.kind is Kind.PLAY}
        held = {c.face for c in hand}
        # ``play C`` plays the hand's copy, or the laid one when the hand holds none;
        # ``play C laid`` is offered only where both hold one
        from_hand = frozenset(c for c in hand if (c.face, False) in legal)
        from_table = frozenset(
            c
            for c in laid
            if (c.face, True) in legal or (c.face not in held and (c.face, False) in legal)
        )
        rows = [CardRow(tuple(hand), from_hand if playing else None)]
        if laid:
            label = t(lang, f"{self.words}.laid_row")
            rows.append(CardRow(tuple(laid), from_table if playing else None, label))
        return rows

    def component_action(
        self, view: ViewT, verb: str, arg: str, values: list[str]
    ) -> Action | None:
        return action_of(verb, arg)

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        return []
