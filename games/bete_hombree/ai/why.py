"""La Bête Hombrée's reading of a view for a hint's line of why (``games.ai.teacher.why``):
in the card play, the trumps of the contract, the cards the other hands may hold
(the declarer's announced matadors among them; the cagnot's cards never)."""

from __future__ import annotations

from games.ai.teacher.why import TrickSense, in_other_hands, maybe_out_of_play, played_cards
from games.ai.thumb import card_of
from games.bete_hombree import HandView, Phase
from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.state import SEATS
from games.cards import SUIT_MASKS
from games.obligations import FollowBeatTrump

from .inference import knowledge_of


def card_sense(view: HandView, move: Action) -> tuple[TrickSense, int] | None:
    contract = view.contract
    if view.phase is not Phase.PLAY or contract is None or move.kind is not Kind.PLAY:
        return None
    trump = int(contract.trump)
    knowledge = knowledge_of(view)
    sense = TrickSense(
        legal=tuple(card_of(a) for a in view.legal if a.kind is Kind.PLAY),
        out=in_other_hands(knowledge),
        unsure=maybe_out_of_play(knowledge),
        trumps=SUIT_MASKS[trump],
        trick=played_cards(view.trick),
        rules=FollowBeatTrump(trump, True),
        last=len(view.trick) == SEATS - 1,
    )
    return sense, card_of(move)
