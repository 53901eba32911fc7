"""A player's move as it arrives: a click of a component, or a move typed with ``/play``.

The cogs hand it over raw, and the table service reads it under the table's lock
(``TableService.play``): the checks a move goes through are made there once —
the table's version the click carried, a deal in progress, the player's turn,
a person in the seat, then the engine's ``check`` — and the move stays the
game's Action from here to the event that records it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import MoveRefused, UserError
from bot.play_choices import offered_named
from bot.tables.table import LiveTable
from bot.texts.i18n import worded


@dataclass(frozen=True, slots=True)
class Click:
    """Who moved at which table, and how the move came.

    ``moves`` is the table's count of deals and actions the clicked component was
    drawn with (None: a move typed, or given by a program, which is never stale).
    The move itself is one of: ``verb``/``arg``/``values`` of a component (values of
    a select menu), ``notation`` as typed with ``/play``, or ``action``, the game's
    Action when a program already holds it."""

    player: str
    table: int
    moves: int | None = None
    verb: str = ""
    arg: str = ""
    values: tuple[str, ...] = ()
    notation: str | None = None
    action: Any = None


def checked_move(table: LiveTable, seat: int, click: Click) -> Any:
    """The game's Action of ``click`` by ``seat``, once every check passed (None: one
    more step of a declaration to choose, nothing played).

    Raises ``UserError`` for a click the table refuses (stale, no deal, not the
    player's turn, a computer player in the seat, a garbled id) and ``MoveRefused``
    with the engine's typed refusal for a move its rules forbid."""
    renderer = table.game.renderer
    action = click.action
    if action is None and click.notation is not None:  # what was typed is read first:
        action = typed_move(table, seat, click.notation)  # words that are no move say so
    if click.moves is not None and click.moves != table.moves:
        raise UserError("error.stale")
    state = table.state
    if table.status == "lobby":
        raise UserError("error.not_started")
    if table.status == "playing" and table.between_hands and table.deal_coming:
        # the hand is settled: the next is dealt from the table (the game's word for it)
        raise UserError(worded("error.between_hands", table.game.id))
    if table.status != "playing" or state is None or state.is_over:
        raise UserError("error.no_hand")
    if state.turn != seat:
        if click.moves is None and state.actions and state.actions[-1] == (seat, action):
            # typed as its own click of it came first: no button to call stale
            raise UserError("error.done_already", name=table.name(state.turn))
        raise UserError("error.not_your_turn", name=table.name(state.turn))
    if not table.seats[seat].human:
        raise UserError("error.replaced")
    if action is None:
        try:
            view = state.view(seat)
            action = renderer.component_action(view, click.verb, click.arg, list(click.values))
        except ValueError:  # a forged or garbled id: no action of the game reads like that
            raise UserError("error.bad_input", text=click.arg[:30] or click.verb) from None
        if action is None:
            return None
    refusal = state.check(action, seat)
    if refusal is not None:
        view = state.view(seat)  # the moves listed instead: those its buttons offer
        raise MoveRefused(table.game, view, action, refusal, list(renderer.offered(view)))
    # a person's hand face down offers them the blind calls only (a program's action, its
    # own choice of the engine's moves, is bound by the rules alone)
    if click.action is None and table.game.port.face_down(state, seat):
        view = state.view(seat)
        offered = list(renderer.offered(view))
        if action not in offered:  # typed: the rules allow it once the hand is looked at
            raise UserError("error.face_down_first", legal=offered, of=renderer, seen=view)
    return action


def typed_move(table: LiveTable, seat: int, text: str) -> Any:
    """The game's Action of what ``seat`` typed: the game's notation or the players'
    words for a move, or else, for the seat to act, the label of a move it is offered.

    Raises the game's ``UserError`` for words that are neither.  Only the typing seat's
    own offered moves are matched: another's would tell, by the answer, what it holds."""
    renderer = table.game.renderer
    if not text.strip():
        raise UserError("error.no_move_typed")
    try:
        return renderer.parse_move(text)
    except UserError as error:
        state = table.state
        playing = table.status == "playing" and state is not None and not state.is_over
        if playing and state is not None and state.turn == seat:
            action = offered_named(renderer, state.view(seat), text)
            if action is not None:
                return action
        if error.key == "error.bad_input":  # words that read as no move: how to write one
            raise UserError("error.bad_move", **error.args_) from None
        raise
