"""Discord's documented limits on what a bot may send.

Real Discord answers 400 (code 50035, "Invalid Form Body") when a message
breaks one; the fake does the same so the end-to-end suite catches a sixth row
of buttons or a 101-character ``custom_id`` before a real server does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .model import (
    ACTION_ROW,
    BUTTON,
    FLAG_COMPONENTS_V2,
    JSON,
    SELECT_TYPES,
    TEXT_INPUT,
    walk_components,
)

LINK_STYLE = 5
PREMIUM_STYLE = 6


def _too_long(errors: list[str], where: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        errors.append(f"{where}: {len(value)} characters, at most {limit}")


def message_errors(payload: JSON, *, creating: bool) -> list[str]:
    """What Discord would reject in a message create or edit payload."""
    errors: list[str] = []
    content = payload.get("content")
    _too_long(errors, "content", content, 2000)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        errors.append(f"embeds: {len(embeds)}, at most 10")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds[{i}]"
        for key, limit in (("title", 256), ("description", 4096)):
            _too_long(errors, f"{where}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(f"{where}.fields: {len(fields)}, at most 25")
        for j, f in enumerate(fields):
            _too_long(errors, f"{where}.fields[{j}].name", f.get("name"), 256)
            _too_long(errors, f"{where}.fields[{j}].value", f.get("value"), 1024)
            if not f.get("name") or not f.get("value"):
                errors.append(f"{where}.fields[{j}]: name and value are required")
            total += len(f.get("name") or "") + len(f.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        _too_long(errors, f"{where}.footer.text", footer, 2048)
        _too_long(errors, f"{where}.author.name", author, 256)
        total += len(footer or "") + len(author or "")
    if total > 6000:
        errors.append(f"embeds: {total} characters in all, at most 6000")

    components = payload.get("components")
    flags = int(payload.get("flags") or 0)
    if components:
        errors.extend(component_errors(components, v2=bool(flags & FLAG_COMPONENTS_V2)))
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        errors.append("content and embeds cannot be used with IS_COMPONENTS_V2")

    if creating and not (
        content
        or embeds
        or components
        or payload.get("attachments")
        or payload.get("sticker_ids")
        or payload.get("poll")
    ):
        errors.append("Cannot send an empty message")
    return errors


def component_errors(components: list[JSON], *, v2: bool) -> list[str]:
    errors: list[str] = []
    if not v2:
        if len(components) > 5:
            errors.append(f"components: {len(components)} rows, at most 5")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                errors.append(f"components[{i}]: top-level components must be action rows")
                continue
            children = row.get("components") or []
            kinds = {c.get("type") for c in children}
            if not children:
                errors.append(f"components[{i}]: an action row cannot be empty")
            elif kinds & SELECT_TYPES and len(children) > 1:
                errors.append(f"components[{i}]: a select menu fills its row alone")
            elif len(children) > 5:
                errors.append(f"components[{i}]: {len(children)} buttons, at most 5")
    else:
        count = sum(1 for _ in walk_components(components))
        if count > 40:
            errors.append(f"components: {count} in all, at most 40")

    seen: set[str] = set()
    for c in walk_components(components):
        kind = c.get("type")
        custom_id = c.get("custom_id")
        where = f"component {custom_id or c.get('label') or kind!r}"
        if custom_id is not None:
            if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
                errors.append(f"{where}: custom_id must be 1 to 100 characters")
            elif custom_id in seen:
                errors.append(f"{where}: custom_id is used twice in one message")
            seen.add(str(custom_id))
        if kind == BUTTON:
            style = c.get("style")
            if style == LINK_STYLE:
                if not c.get("url") or custom_id is not None:
                    errors.append(f"{where}: a link button has a url and no custom_id")
            elif style != PREMIUM_STYLE and custom_id is None:
                errors.append(f"{where}: a button needs a custom_id")
            if not c.get("label") and not c.get("emoji") and style != PREMIUM_STYLE:
                errors.append(f"{where}: a button needs a label or an emoji")
            _too_long(errors, f"{where}.label", c.get("label"), 80)
        elif kind in SELECT_TYPES:
            _too_long(errors, f"{where}.placeholder", c.get("placeholder"), 150)
            low = int(c.get("min_values", 1))
            high = int(c.get("max_values", 1))
            if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
                errors.append(f"{where}: min_values {low} / max_values {high} out of range")
            if kind == 3:
                options = c.get("options") or []
                if not 1 <= len(options) <= 25:
                    errors.append(f"{where}: {len(options)} options, 1 to 25 allowed")
                if high > len(options):
                    errors.append(f"{where}: max_values {high} exceeds {len(options)} options")
                values: set[str] = set()
                for option in options:
                    _too_long(errors, f"{where} option label", option.get("label"), 100)
                    _too_long(errors, f"{where} option value", option.get("value"), 100)
                    _too_long(errors, f"{where} option description", option.get("description"), 100)
                    if option.get("value") in values:
                        errors.append(f"{where}: option value {option.get('value')!r} repeated")
                    values.add(str(option.get("value")))
        elif kind == TEXT_INPUT:
            _too_long(errors, f"{where}.label", c.get("label"), 45)
    return errors


def choices_errors(choices: list[JSON]) -> list[str]:
    errors: list[str] = []
    if len(choices) > 25:
        errors.append(f"choices: {len(choices)}, at most 25")
    for choice in choices:
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.append(f"choice {name!r}: name must be 1 to 100 characters")
        _too_long(errors, f"choice {name!r} value", choice.get("value"), 100)
    return errors


def modal_errors(modal: JSON) -> list[str]:
    errors: list[str] = []
    _too_long(errors, "title", modal.get("title"), 45)
    if not modal.get("custom_id"):
        errors.append("custom_id is required")
    components = modal.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.append(f"components: {len(components)}, 1 to 5 allowed")
    return errors


# application commands: a name of letters, digits, - and _ (a slash command's in lower
# case), 1 to 32 of them
NAME = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_MOST = 100
CHOICE_NAME_MOST = 100
CHOICES_MOST = 25
OPTIONS_MOST = 25
# a command's names, descriptions and choice values with its options' and choices',
# each field counted by its longest localization (the default included)
COMMAND_CHARACTERS_MOST = 8000
SUBCOMMANDS = (1, 2)  # the option types of a subcommand and of a group of them


def _names(item: JSON) -> Iterator[str]:
    yield item["name"]
    yield from (item.get("name_localizations") or {}).values()


def _descriptions(item: JSON) -> Iterator[str]:
    yield item.get("description", "")
    yield from (item.get("description_localizations") or {}).values()


def _walk(item: JSON, path: str) -> Iterator[tuple[str, JSON]]:
    """The command, then each of its options (subcommands and theirs), with its path."""
    yield path, item
    for option in item.get("options") or []:
        yield from _walk(option, f"{path} {option.get('name')}")


def command_errors(command: JSON) -> Iterator[str]:
    """Each thing of an application command that Discord refuses, with where it is (the
    whole bulk overwrite is refused for one of them)."""
    for path, item in _walk(command, f"/{command.get('name')}"):
        for name in _names(item):
            if not NAME.match(name) or name != name.lower():
                yield f"{path}: name {name!r}"
        for text in _descriptions(item):
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
            for name in _names(choice):
                if not 1 <= len(name) <= CHOICE_NAME_MOST:
                    yield f"{path}: choice {name!r}"
            if isinstance(choice["value"], str) and len(choice["value"]) > CHOICE_NAME_MOST:
                yield f"{path}: choice value {choice['value']!r}"
    count = command_characters(command)
    if count > COMMAND_CHARACTERS_MOST:
        yield f"/{command.get('name')}: {count} characters"


def command_characters(command: JSON) -> int:
    """What Discord counts of a command against ``COMMAND_CHARACTERS_MOST``."""

    def longest(item: JSON, key: str) -> int:
        localized = (item.get(f"{key}_localizations") or {}).values()
        return max([len(str(item.get(key, ""))), *map(len, localized)])

    total = 0
    for _, item in _walk(command, ""):
        total += longest(item, "name") + longest(item, "description")
        for choice in item.get("choices") or []:
            total += longest(choice, "name") + len(str(choice["value"]))
    return total
