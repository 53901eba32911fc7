"""La Bête's reading of a view for a hint's line of why (``games.ai.teacher.why``): in
the card play, the trumps of the card turned up, the cards the other hands may hold,
and of those the ones that may lie in the talon instead."""

from __future__ import annotations

from games.ai.teacher.why import TrickSense, in_other_hands, maybe_out_of_play, played_cards
from games.ai.thumb import card_of
from games.bete.actions import Action, Kind
from games.bete.state import DealView, Phase
from games.cards import SUIT_MASKS
from games.obligations import FollowBeatTrump

from .heuristic import trump_of
from .pimc import knowledge_of


def card_sense(view: DealView, move: Action) -> tuple[TrickSense, int] | None:
    if view.phase is not Phase.PLAY or move.kind is not Kind.PLAY:
        return None
    trump = trump_of(view)
    knowledge = knowledge_of(view)
    sense = TrickSense(
        legal=tuple(card_of(a) for a in view.legal if a.kind is Kind.PLAY),
        out=in_other_hands(knowledge),
        unsure=maybe_out_of_play(knowledge),
        trumps=SUIT_MASKS[trump],
        trick=played_cards(view.trick),
        rules=FollowBeatTrump(trump, view.rules.bete_must_underruff),
        last=len(view.trick) == view.seats - 1,
    )
    return sense, card_of(move)
