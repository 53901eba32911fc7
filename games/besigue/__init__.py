"""Bésigue (RULES.md §4), for two to four players with one pack of 32 each,
played through the same trick core as the other games."""

from games.besigue.actions import Action, Kind
from games.besigue.melds import Laid, Meld, MeldKind, legal_melds, resolve
from games.besigue.rules import BesigueTricks, Reuse, Rules, trick_rules
from games.besigue.score import Outcome
from games.besigue.session import Session, SettledDeal
from games.besigue.state import DealState, DealView, IllegalActionError, LaidCard, Phase

__all__ = [
    "Action",
    "BesigueTricks",
    "DealState",
    "DealView",
    "IllegalActionError",
    "Kind",
    "Laid",
    "LaidCard",
    "Meld",
    "MeldKind",
    "Outcome",
    "Phase",
    "Reuse",
    "Rules",
    "Session",
    "SettledDeal",
    "legal_melds",
    "resolve",
    "trick_rules",
]
