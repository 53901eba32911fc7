"""Every command the bot registers is one Discord accepts (``command_errors``, which the
fake Discord of the end-to-end tests also enforces): one name, description or choice
past Discord's limits in any language and Discord refuses the whole list, leaving the
bot without a single command.  Each game adds options to ``/table new``, so its size
grows with the games offered."""

from __future__ import annotations

from typing import Any

from tests.cogs.test_documented import Payload, registered
from tests.e2e.fake.limits import COMMAND_CHARACTERS_MOST, command_characters, command_errors


async def test_every_command_is_within_discords_limits(world: Any) -> None:
    commands = await registered(world.bot.tree)
    assert {c["name"] for c in commands} >= {"table", "play", "rules"}
    wrong = [problem for command in commands for problem in command_errors(command)]
    assert not wrong, "\n".join(wrong)
    table = next(c for c in commands if c["name"] == "table")
    # the largest, with every game's options: room left for more games
    assert command_characters(table) < COMMAND_CHARACTERS_MOST


def test_the_check_sees_what_discord_refuses() -> None:
    command: Payload = {
        "name": "table",
        "description": "x" * 101,
        "options": [
            {
                "type": 3,
                "name": "Move",
                "name_localizations": {"fr": "coup joué"},
                "description": "ok",
                "choices": [{"name": "", "value": "a"}],
            },
            {"type": 3, "name": "m", "description": "ok", "required": True},
        ],
    }
    found = list(command_errors(command))
    assert any("description of 101" in p for p in found)
    assert any("name 'Move'" in p for p in found) and any("'coup joué'" in p for p in found)
    assert any("choice ''" in p for p in found)
    assert any("optional option before a required" in p for p in found)
    wide = {"name": "x", "description": "d" * 100, "options": []}
    wide["options"] = [
        {
            "type": 3,
            "name": f"o{i}",
            "description": "d" * 100,
            "description_localizations": {"fr": "é" * 100},
        }
        for i in range(25)
    ] * 4  # 100 options: too many, and past the characters
    found = list(command_errors(wide))
    assert any("100 options" in p for p in found) and any("characters" in p for p in found)
    # a localization counts by the longest of the field's texts, not their sum
    one = {"name": "x", "description": "d", "description_localizations": {"fr": "dd"}}
    assert command_characters(one) == 1 + 2
