"""Names unique, in every offered game: at every table (each number of seats the game
allows, people and computer players mixed, people named as the computer players are,
people of one name), no two seats show the same name, through the table service over
a SQLite file, after the start and after a restart."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import count, cycle
from typing import Any

import pytest

from bot.game import TableGame
from bot.tables.computer import LEVELS, inline_decider
from bot.tables.matches import resumed_seats
from bot.tables.names import NAMES, inert_name, person_name, same_name
from bot.tables.service import TableService
from db import Database
from db.models import KeptMatch
from tests.bot.offered import offered_games

GUILD = 10
COMPUTER = "🤖"


def tables() -> list[Any]:
    return [
        pytest.param(game, seats, id=f"{game.id}-{seats}")
        for game in offered_games()
        for seats in range(game.min_seats, game.max_seats + 1)
    ]


def as_read(name: str) -> str:
    """A name as a reader tells it from another: the computer players' mark, case,
    accents, spaces and punctuation aside."""
    plain = unicodedata.normalize("NFKD", name.replace(COMPUTER, ""))
    return "".join(c for c in plain.casefold() if c.isalnum())


def assert_distinct(names: list[str]) -> None:
    read = [as_read(n) for n in names]
    assert len(set(read)) == len(read), f"names a reader cannot tell apart: {names}"


@dataclass(frozen=True)
class Person:
    name: str
    handle: str = ""


@dataclass(frozen=True)
class Echo:
    """A person joining under the name a seated computer player shows (written
    otherwise: no mark, no accent, in capitals)."""

    computer: int  # which computer player of the table, in seat order
    handle: str


Step = Person | Echo | str  # a person joining, or a computer player of a level sitting down


def scenarios(seats: int) -> Iterator[tuple[str, list[Step]]]:
    """Ways to fill a table of ``seats``: the first step is the person who opens it."""
    levels = cycle(LEVELS)
    for people in range(1, seats + 1):
        computers = seats - people
        # people named as the computer players, before them
        yield (
            f"{people} people named as computer players, then {computers} computers",
            [Person(NAMES[i], f"user{i}") for i in range(people)]
            + [next(levels) for _ in range(computers)],
        )
        # computer players first, then people under their names, or the first person's
        joining: list[Step] = [
            Echo(i, f"late{i}") if i < computers else Person("Sud", f"late{i}")
            for i in range(people - 1)
        ]
        yield (
            f"a person, {computers} computers, then {people - 1} people under their names",
            [Person("Sud", "sud"), *(next(levels) for _ in range(computers)), *joining],
        )
        # people of one name (one without a username, one whose username is that name)
        same = [
            Person("Arthur", ["arthur", "", "arthur_92", "arthur"][i % 4]) for i in range(people)
        ]
        yield (
            f"{people} people called Arthur, {computers} computers",
            [*same, *(next(levels) for _ in range(computers))],
        )


def variant(name: str) -> str:
    """The same name as a reader sees it, written otherwise."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if c.isascii())
    return plain.strip().upper()


async def fill(service: TableService, game: TableGame, steps: list[Step], ids: Iterator[int]):
    first = steps[0]
    assert isinstance(first, Person)
    player = str(next(ids))
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=next(ids),
        player=player,
        name=first.name,
        handle=first.handle,
        game=game,
        rules=game.spec.options(),
    )
    people = {player: first}
    for step in steps[1:]:
        if isinstance(step, Echo):
            seat = [i for i, s in enumerate(table.seats) if not s.human][step.computer]
            before = table.seats[seat]
            other = str(next(ids))
            person = Person(variant(before.name), step.handle)
            await service.join(table.id, other, person.name, "fr", handle=person.handle)
            people[other] = person
            # the person keeps their name; the computer player, same level, takes another
            assert table.seats[-1].name == person.name
            after = table.seats[seat]
            assert after.ai == before.ai and after.name != before.name
            assert table.seat_of(before.player) is None
        elif isinstance(step, Person):
            other = str(next(ids))
            await service.join(table.id, other, step.name, "fr", handle=step.handle)
            people[other] = step
        else:
            await service.add_computer(table.id, player, step)
        assert_distinct(table.names)
    return table, player, people


@pytest.mark.parametrize(("game", "seats"), tables())
async def test_every_seat_shows_a_name_of_its_own(
    database_target: str, game: TableGame, seats: int
) -> None:
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: 5, decider=inline_decider, ai_pause=3600)
    ids = count(1000)
    opened = []
    for words, steps in scenarios(seats):
        table, creator, people = await fill(service, game, steps, ids)
        assert len(table.seats) == seats, words
        assert_distinct(table.names)
        for seat in table.seats:
            if seat.human:  # a person keeps their name, told apart by what follows it
                assert seat.name.startswith(people[seat.player].name), words
            else:
                assert seat.name.startswith(COMPUTER), words
        await service.start(table.id, creator)
        assert_distinct(table.names)
        opened.append((table.id, list(table.names)))
    await service.close()
    # what the database keeps and a restart rebuilds are the same names
    again = TableService(db, decider=inline_decider, ai_pause=3600)
    await again.load()
    async with db.reading() as store:
        for table_id, names in opened:
            assert again.tables[table_id].names == names
            rows = await store.tables.seats(table_id)
            assert [s.name for s in rows] == names
            assert [s.player for s in rows] == again.tables[table_id].players
    await again.close()
    await db.close()


def test_a_person_keeps_a_name_told_apart_by_the_username_or_a_number() -> None:
    assert person_name("Arthur", "arthur_92", []) == "Arthur"
    assert person_name("Arthur", "arthur_92", ["arthur"]) == "Arthur (arthur_92)"
    assert person_name("Arthur", "", ["Arthur"]) == "Arthur 2"
    assert person_name("Arthur", "ARTHUR", ["Arthur"]) == "Arthur 2"  # the same name again
    assert person_name("Arthur", "", ["Arthur", "Arthur 2"]) == "Arthur 3"
    assert person_name("🤖 Paul", "paul", []) == "Paul"  # only computer players wear the mark
    assert person_name("Élisa", "elisa", ["Elisa"]) == "Élisa 2"  # accents aside, the same


def test_a_kept_match_taken_up_keeps_its_computer_players_names() -> None:
    """A kept match's computer players are part of it: the person taking it up, now
    called as one of them, is told apart instead."""
    seats = (("101", "Sud", None), ("ai:pimc:Alexandre", "🤖 Alexandre", "pimc"))
    kept = KeptMatch(1, GUILD, "besigue", 7, {}, seats, {}, "", datetime(2025, 1, 1))
    joins = resumed_seats(kept, "101", "Alexandre", "alex")
    assert [j["name"] for j in joins] == ["Alexandre (alex)", "🤖 Alexandre"]
    assert [j["player"] for j in joins] == ["101", "ai:pimc:Alexandre"]


def test_a_name_shown_formats_nothing_and_reads_as_typed() -> None:
    for raw in ("[a](https://x.y)", "||b||", "**c**", "`d`", "~~e~~", "_f_", "g__h", "<@1>", "# i"):
        inert = inert_name(raw)
        assert not set("*_~|`[]<>") & set(inert) and "://" not in inert
        assert inert_name(inert) == inert  # shown once or twice, the same
        assert same_name(inert, raw)  # told apart from others as the raw name is
    assert inert_name("Jean-Paul") == "Jean-Paul"  # a plain name is left as it is
    assert inert_name("arthur_92") == "arthur_92"  # inside a word, _ formats nothing
    assert person_name("**Sud**", "sud", ()) == "⁎⁎Sud⁎⁎"
