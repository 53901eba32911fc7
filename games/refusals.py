"""Why an action is refused, for every game: a typed reason and one error type.

A game's ``check(action, seat)`` gives a ``Refusal`` (or None): the rule broken
as a code, for a program to choose its own words by (the bot's refusals in each
language), and the English sentence naming it, for the command line and the
errors of records.  ``apply`` raises ``IllegalActionError`` carrying it.  The
rules every game has are the codes of ``Rule``; a game's own rules are the codes
of its own ``StrEnum``, named by its registration (``GameSpec.refusals``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, TypeVar

from games.duties import Duty

ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class Rule(StrEnum):
    """The rules every game of tricks has."""

    OVER = "over"  # the deal is over
    TURN = "turn"  # another seat is to act
    NOT_HELD = "not-held"  # the card is not in the hand
    OBLIGATION = "obligation"  # the card breaks the duty to follow, beat or trump
    PLAY_EXPECTED = "play-expected"  # the cards are being played: a card, nothing else
    CALLS_FIRST = "calls-first"  # a card played while the calls are still being made


@dataclass(frozen=True, slots=True)
class Refusal:
    """A rule broken: its code, the English sentence that says it, and for a card
    refused at a trick the duty it breaks (for a program to word)."""

    code: StrEnum
    text: str
    duty: Duty | None = None

    def __str__(self) -> str:
        return self.text


class IllegalActionError(ValueError):
    """An action the rules forbid now; ``refusal`` says which rule."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text)
        self.refusal = refusal


class Turns(Protocol):
    """A deal as its turns read it: whether it is over, and whose turn it is."""

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int: ...


def turn_refusal(state: Turns, seat: int | None, over: str = "the deal is over") -> Refusal | None:
    """What every game refuses first: any action once the deal is over, and an
    action of ``seat`` (None: the seat to act) when another seat is to act."""
    if state.is_over:
        return Refusal(Rule.OVER, over)
    if seat is not None and seat != state.turn:
        return Refusal(Rule.TURN, f"it is seat {state.turn}'s turn, not seat {seat}'s")
    return None


class _Checks(Protocol[ActionT_contra]):
    @property
    def turn(self) -> int: ...

    def check(self, action: ActionT_contra, seat: int | None = None) -> Refusal | None: ...


def verified_turn(state: _Checks[ActionT_contra], action: ActionT_contra, seat: int | None) -> int:
    """The seat to act, once ``state.check`` accepts its ``action`` (of ``seat``,
    None: the seat to act): what every game's ``apply`` verifies first.  A refused
    action raises ``IllegalActionError`` with the refusal."""
    refusal = state.check(action, seat)
    if refusal is not None:
        raise IllegalActionError(refusal)
    return state.turn


def codes(own: type[StrEnum] | None) -> tuple[StrEnum, ...]:
    """Every code a game may refuse with: the shared rules, then its own."""
    return (*Rule, *(own or ()))
