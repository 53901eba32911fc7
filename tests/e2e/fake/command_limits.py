"""What Discord checks of an application command before it takes it (the limits of
https://discord.com/developers/docs/interactions/application-commands): Discord refuses
a whole bulk overwrite, with a 400, when one name, description or choice of one command
is past its limits in any language, and the app is then left with no command at all."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

Payload = dict[str, Any]

# letters, digits, - and _ (a slash command's in lower case), 1 to 32 of them
NAME = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_MOST = 100
CHOICE_NAME_MOST = 100
CHOICES_MOST = 25
OPTIONS_MOST = 25
# a command's names, descriptions and choice values with its options' and choices',
# each field counted by its longest localization (the default included)
COMMAND_CHARACTERS_MOST = 8000
SUBCOMMANDS = (1, 2)  # the option types of a subcommand and of a group of them


def names(item: Payload) -> Iterator[str]:
    yield item["name"]
    yield from (item.get("name_localizations") or {}).values()


def descriptions(item: Payload) -> Iterator[str]:
    yield item.get("description", "")
    yield from (item.get("description_localizations") or {}).values()


def walk(item: Payload, path: str) -> Iterator[tuple[str, Payload]]:
    """The command, then each of its options (subcommands and theirs), with its path."""
    yield path, item
    for option in item.get("options") or []:
        yield from walk(option, f"{path} {option.get('name')}")


def problems(command: Payload) -> Iterator[str]:
    """Each thing of ``command`` that Discord refuses, said with where it is."""
    for path, item in walk(command, f"/{command.get('name')}"):
        for name in names(item):
            if not NAME.match(name) or name != name.lower():
                yield f"{path}: name {name!r}"
        for text in descriptions(item):
            if not 1 <= len(text) <= DESCRIPTION_MOST:
                yield f"{path}: a description of {len(text)} characters: {text!r}"
        options = item.get("options") or []
        if len(options) > OPTIONS_MOST:
            yield f"{path}: {len(options)} options"
        required = [o.get("required", False) for o in options if o["type"] not in SUBCOMMANDS]
        if required != sorted(required, reverse=True):
            yield f"{path}: an optional option before a required one"
        choices = item.get("choices") or []
        if len(choices) > CHOICES_MOST:
            yield f"{path}: {len(choices)} choices"
        for choice in choices:
            for name in names(choice):
                if not 1 <= len(name) <= CHOICE_NAME_MOST:
                    yield f"{path}: choice {name!r}"
            if isinstance(choice["value"], str) and len(choice["value"]) > CHOICE_NAME_MOST:
                yield f"{path}: choice value {choice['value']!r}"
    count = characters(command)
    if count > COMMAND_CHARACTERS_MOST:
        yield f"/{command.get('name')}: {count} characters"


def characters(command: Payload) -> int:
    """What Discord counts of a command against ``COMMAND_CHARACTERS_MOST``."""

    def longest(item: Payload, key: str) -> int:
        localized = (item.get(f"{key}_localizations") or {}).values()
        return max([len(str(item.get(key, ""))), *map(len, localized)])

    total = 0
    for _, item in walk(command, ""):
        total += longest(item, "name") + longest(item, "description")
        for choice in item.get("choices") or []:
            total += longest(choice, "name") + len(str(choice["value"]))
    return total
