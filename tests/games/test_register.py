"""The register of bêtes (RULES.md §1.6, §1.8): which entry is in play."""

from __future__ import annotations

import pytest

from games.register import BeteOrder, Register

SEATED = ["Ana", "Bob", "Cid", "Dan"]


def owners(register: Register) -> list[tuple[str | None, int]]:
    return [(e.owner, e.amount) for e in register.entries]


# (id, register oldest first, seated, order, the entry in play as (owner, amount) or None)
IN_PLAY = [
    ("empty", [], SEATED, "oldest", None),
    ("oldest", [("Bob", 24), ("Ana", 40)], SEATED, "oldest", ("Bob", 24)),
    ("pinandele-first", [(None, 8), ("Ana", 40)], SEATED, "oldest", (None, 8)),
    ("absent-owner-waits", [("Eve", 24), ("Ana", 40)], SEATED, "oldest", ("Ana", 40)),
    ("absent-owners-wait-pinandele-plays", [("Eve", 24), ("Fay", 9), (None, 8), ("Ana", 40)],
     SEATED, "oldest", (None, 8)),
    ("all-absent", [("Eve", 24), ("Fay", 30)], SEATED, "oldest", None),
    ("absent-owner-back", [("Eve", 24), ("Ana", 40)], ["Eve", "Bob", "Cid", "Dan"], "oldest",
     ("Eve", 24)),
    ("largest", [("Bob", 24), ("Ana", 40), ("Cid", 30)], SEATED, "largest", ("Ana", 40)),
    ("largest-tie-oldest", [("Bob", 40), ("Ana", 40)], SEATED, "largest", ("Bob", 40)),
    ("largest-absent-skipped", [("Eve", 100), ("Ana", 40), ("Cid", 60)], SEATED, "largest",
     ("Cid", 60)),
    ("largest-pinandele", [("Ana", 4), (None, 8)], SEATED, "largest", (None, 8)),
    ("largest-all-absent", [("Eve", 100)], SEATED, "largest", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("items", "seated", "order", "expected"), [c[1:] for c in IN_PLAY], ids=[c[0] for c in IN_PLAY]
)
def test_in_play(
    items: list[tuple[str | None, int]],
    seated: list[str],
    order: str,
    expected: tuple[str | None, int] | None,
) -> None:
    register = Register.of(items)
    entry = register.in_play(seated, BeteOrder(order))
    assert (None if entry is None else (entry.owner, entry.amount)) == expected
    # asking changes nothing
    assert owners(register) == items


def test_cross_out_keeps_the_others_in_order() -> None:
    register = Register.of([("Eve", 24), ("Ana", 40), ("Bob", 12)])
    entry = register.in_play(SEATED)
    assert entry is not None and entry.owner == "Ana"
    crossing = register.cross_out(entry.id, "Cid", 40)
    assert (crossing.entry, crossing.by, crossing.paid) == (entry, "Cid", 40)
    assert owners(register) == [("Eve", 24), ("Bob", 12)]
    assert register.history == [crossing]
    with pytest.raises(KeyError):
        register.cross_out(entry.id, "Cid", 40)


def test_append_and_total() -> None:
    register = Register()
    first = register.append("Ana", 12)
    second = register.append(None, 8)
    assert first.id != second.id
    assert second.is_pinandele and not first.is_pinandele
    assert register.total() == 20 and len(register) == 2
    for bad in (0, -5):
        with pytest.raises(ValueError):
            register.append("Ana", bad)


def test_copy_is_independent() -> None:
    register = Register.of([("Ana", 12)])
    other = register.copy()
    other.append("Bob", 8)
    entry = other.in_play(SEATED)
    assert entry is not None
    other.cross_out(entry.id, "Bob", 12)
    assert owners(register) == [("Ana", 12)] and register.history == []
    # ids keep growing in the copy: no two entries share one
    assert other.append("Cid", 4).id not in {e.id for e in register.entries}
