"""``fitted``: a list in a limited room, its items whole, then how many were left out."""

from __future__ import annotations

import random

from bot.texts.fitting import fitted


def more(count: int) -> str:
    return f"and {count} more"


def test_a_list_that_fits_is_written_whole() -> None:
    assert fitted(["a", "bb", "ccc"], ", ", 11, more) == "a, bb, ccc"
    assert fitted([], ", ", 5, more) == ""


def test_a_list_too_long_keeps_the_first_items_whole_then_counts_the_others() -> None:
    items = ["aaaa", "bbbb", "cccc", "dddd", "eeee"]  # 28 characters joined
    assert fitted(items, ", ", 28, more) == "aaaa, bbbb, cccc, dddd, eeee"
    assert fitted(items, ", ", 27, more) == "aaaa, bbbb, and 3 more"  # 22: three would be 28
    assert fitted(items, ", ", 21, more) == "aaaa, and 4 more"


def test_no_room_even_for_one_item() -> None:
    assert fitted(["aaaaaaaaaa", "b"], ", ", 10, more) == "and 2 more"
    assert fitted(["aaaaaaaaaa", "b"], ", ", 6, more) == "and 2 "


def test_any_list_in_any_room() -> None:
    rng = random.Random(7)
    for _ in range(500):
        items = ["x" * rng.randint(1, 12) for _ in range(rng.randint(1, 40))]
        room = rng.randint(12, 200)
        text = fitted(items, ", ", room, more)
        assert len(text) <= room
        if len(", ".join(items)) <= room:
            assert text == ", ".join(items)
            continue
        *kept, tail = text.split(", ")
        assert kept == items[: len(kept)]  # the first ones, whole
        assert tail == more(len(items) - len(kept))
        if len(kept) < len(items) - 1:  # one more item would not have fitted
            longer = ", ".join([*items[: len(kept) + 1], more(len(items) - len(kept) - 1)])
            assert len(longer) > room
