"""The moves the time limit made: when a person's time runs out, a computer player's
move is played for them, and a review must not hold it against them.

A hand's record says which, as an extra key that replay ignores (``TIMED_OUT``):
for each seat (its number as text), the keys of its lines the time limit played, in
the review's own terms (``deal:index``, ``Step.key``), all in the record's last deal
(the deal the record was written for; a record of several deals holds the deals
before it as they were).  ``timed_out_lines`` finds them when the record is written,
``timed_out_keys`` reads them back for a review.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from .steps import deal_lines

TIMED_OUT: Final = "timed_out"


def timed_out_lines(
    record: Mapping[str, Any], actions: Sequence[tuple[int, object]], moves: Collection[int]
) -> dict[str, list[str]]:
    """The record key's value: by seat, the keys of the lines of the record's last deal
    that carry the ``moves`` (indices in ``actions``, the deal's every move in order).

    A record's lines are the deal's moves written ``"SEAT words"`` in order, except
    those it leaves to the engine (Bésigue's ``draw``: the draws follow by themselves);
    the two are walked together, so a line is found by what it says, not by counting.
    A move left unwritten and the seat's next line, which stands for both (Bésigue's
    winner of a trick lays nothing, then leads: one line, ``play``), are two decisions
    (``steps``): the move left out keyed by the line, the line's own by its part 1.
    ``ValueError`` when the lines are not the moves (a record that is not the deal's).
    """
    every = deal_lines(record)
    deal, lines = len(every) - 1, every[-1]
    found: dict[int, list[str]] = {}
    left_out: dict[int, bool] = {}  # seats whose unwritten move comes with their next line
    at = 0
    for index, (seat, action) in enumerate(actions):
        if at < len(lines) and lines[at] == f"{seat} {action}":
            key = f"{deal}:{at}"
            if seat in left_out:  # the line's own move is the second of its decisions
                if left_out.pop(seat):
                    found.setdefault(seat, []).append(key)
                key += ".1"
            if index in moves:
                found.setdefault(seat, []).append(key)
            at += 1
        else:
            left_out[seat] = index in moves
    if at != len(lines):
        raise ValueError(f"line {at} of the record's last deal is none of the deal's moves")
    return {str(seat): keys for seat, keys in sorted(found.items())}


def timed_out_keys(record: Mapping[str, Any], seat: int) -> frozenset[str]:
    """The keys of ``seat``'s lines the time limit played, as the record says (none for
    a record without the key, or with one that is not a list of keys by seat)."""
    by_seat = record.get(TIMED_OUT)
    keys = by_seat.get(str(seat)) if isinstance(by_seat, Mapping) else None
    if not isinstance(keys, list):
        return frozenset()
    return frozenset(key for key in keys if isinstance(key, str))


__all__ = ["TIMED_OUT", "timed_out_keys", "timed_out_lines"]
