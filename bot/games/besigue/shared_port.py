"""What both Bésigues share at the table, the classic game (RULES.md §4,
``bot.games.besigue``) and the Haitian one (§4.1, ``bot.games.besigue_haiti``): no
money, no register, no hand face down, moves read from their record words; a deal's
cards written in the log and read back, a card turned or not; how a deal ended, on
the scoreboard and in ``/history``, each game with its own words for it; the last
deal of a record replayed; a match's scores in a line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeVar

from bot.game import DealInputs, Dealt, HandResult, Json, LogLine, card_list, card_lists
from bot.texts.i18n import t
from bot.trick_game import TrickPort
from games.besigue import Action, BesigueRecord, Outcome, replay
from games.besigue.rules import Variant, deck_for, plays_in_partnerships
from games.records import RecordError

COUNTED: Final = "counted"  # a deal counted, the game going on

DealT = TypeVar("DealT")
Shuffled = tuple[list[int], int, list[int]]  # hands, the turned card (or -1), the stock


def sides_text(names: Sequence[str], teams: tuple[int, ...], side: int) -> str:
    """The players of ``side``, partners together: "Anne & Zoé"."""
    return " & ".join(n for n, team in zip(names, teams, strict=True) if team == side)


@dataclass(frozen=True, slots=True)
class ResultWords:
    """A game's words for how a deal ended (``Capabilities.results``): the game (in
    Haiti, the partie) won, won while every loser is under 750 (*en bas table*,
    *anbatab*: it counts double), or a deal only counted."""

    won: str
    en_bas_table: str
    counted: str = COUNTED

    @property
    def all(self) -> tuple[str, str, str]:
        return (self.won, self.en_bas_table, self.counted)

    def of(self, outcome: Outcome) -> str:
        if not outcome.over or outcome.winner is None:
            return self.counted
        return self.en_bas_table if outcome.en_bas_table else self.won

    def hand_result(self, outcome: Outcome) -> HandResult:
        """A deal's points by seat and each side's score after it; the deal that won
        names the winning side (its first seat, his partner with him)."""
        teams = outcome.teams
        scores = tuple(outcome.scores[side] for side in teams)
        if not outcome.over or outcome.winner is None:
            return HandResult(None, self.counted, None, teams, outcome.points, scores)
        winner = teams.index(outcome.winner)
        return HandResult(winner, self.of(outcome), True, teams, outcome.points, scores)

    def history_result(self, outcome: Outcome, names: Sequence[str], lang: str) -> str:
        """``/history``'s line: a deal counted, or the game won by a side (its players
        named together)."""
        said = t(lang, f"history.result.{self.of(outcome)}")
        if not outcome.over or outcome.winner is None:
            return said
        winners = sides_text(names, outcome.teams, outcome.winner)
        return t(lang, "labelled", label=winners, text=said)


class PointsPort(TrickPort):
    """A rules port's parts that both Bésigues share: points, no pot and no register
    (``OpenHands``: no hand face down either), moves written as the records write
    them (``TrickPort``); a deal's result in the game's words (``results``), a record
    replayed to the last deal it holds (of ``game``, dealt as ``deal_type``)."""

    action_type = Action
    results: ClassVar[ResultWords]
    game: ClassVar[str]
    deal_type: ClassVar[type[Any]]

    def hand_result(self, session: Any, state: Any) -> HandResult:
        assert state.outcome is not None
        return self.results.hand_result(state.outcome)

    def replayed(self, record: Mapping[str, Any]) -> Any:
        return replayed_deal(record, self.game, self.deal_type)


def alone(partnerships: bool, players: int) -> list[LogLine]:
    """Partnerships play at four only (RULES.md §4): with fewer, the start says each plays
    for himself (as the lobby did), rather than the option left aside unsaid."""
    if partnerships and not plays_in_partnerships(partnerships, players):
        return [LogLine.of("log.besigue.alone", count=players)]
    return []


def deal_payload(
    dealer: int, shuffle: Callable[[int], Shuffled], inputs: DealInputs, turned: bool
) -> Json:
    """A deal's cards for the log, and its dealer (the session's, checked when it is
    applied): the hands, the card turned where the game turns one, then the stock from
    the top.  Only shuffled here: the session deals them when the event is applied, so
    its deals are the log's."""

    def shuffled() -> tuple[Sequence[int], Sequence[int]]:
        hands, card, stock = shuffle(inputs.seed)
        return hands, [card, *stock] if card >= 0 else stock

    hands, rest = inputs.cards(shuffled)
    payload: Json = {"dealer": dealer, "hands": hands}
    if turned:
        payload["turned"], rest = rest[0], rest[1:]
    payload["stock"] = rest
    return payload


def dealt_cards(
    dealt: Dealt, dealer: int, seats: int, variant: Variant, turned: bool
) -> tuple[list[int], list[int], int]:
    """``deal_payload``'s cards read back for the session: the hands (bit sets), the
    stock (bit numbers, top first) and the turned card's (-1: none); ``ValueError``
    for a deal that does not fit the game (its dealer, its cards, a card turned or not
    as the game turns one)."""
    payload = dealt.payload
    if payload["dealer"] != dealer:
        raise ValueError("the dealer differs from the session's")
    card = payload.get("turned")
    if (card is not None) != turned:
        raise ValueError("a card is turned" if turned else "no card is turned")
    if card is not None and not isinstance(card, str):
        raise ValueError(f"not a card: {card!r}"[:80])
    rest = [*([card] if card else []), *card_list(payload["stock"])]
    hands, cards = deck_for(seats, variant).parse_deal(card_lists(payload["hands"]), rest)
    return (hands, cards[1:], cards[0]) if card else (hands, cards, -1)


def replayed_deal(record: Mapping[str, Any], game: str, kind: type[DealT]) -> DealT:
    """The last deal of a record of ``game`` (RULES.md §5: ``besigue`` or
    ``besigue-haiti``) replayed to its end; ``RecordError`` for a record of no deal,
    or of the other game's deals."""
    states = replay(BesigueRecord.from_json(record, game)).states
    if not states:
        raise RecordError("the record holds no deal")
    last = states[-1]
    if not isinstance(last, kind):
        raise RecordError(f"not a deal of {game}")
    return last


def kept_scores(kept: Mapping[str, Any]) -> tuple[list[int], int]:
    """A kept match's scores and dealer, as the match (``kept``) wrote them;
    ``ValueError`` for a kept match without them."""
    scores, dealer = kept["scores"], kept["dealer"]
    if not isinstance(scores, list) or not isinstance(dealer, int):
        raise ValueError("a kept match holds its scores and its dealer")
    return scores, dealer


def scores_summary(scores: Sequence[int], names: Sequence[str]) -> str:
    """A match's scores in a line: "Anne 640 · Marc 420" (partners together: "Anne &
    Zoé 640 · …")."""
    if len(scores) == len(names):
        return " · ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    sides = [" & ".join(names[i::2]) for i in range(len(scores))]  # partners: 0+2, 1+3
    return " · ".join(f"{n} {s}" for n, s in zip(sides, scores, strict=True))
