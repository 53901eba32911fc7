"""Table options of any game, read from and written to a record's ``"options"``.

A game's options are a frozen dataclass whose fields are booleans or string
enums, with the rules as written for defaults.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

OptionsT = TypeVar("OptionsT", bound="DataclassInstance")


def options_from_dict(cls: type[OptionsT], data: dict[str, Any]) -> OptionsT:
    """Options as written in a record; unknown names and values are errors
    (values are checked by the options' ``__post_init__``: ``coerce_options``)."""
    known = [f.name for f in fields(cls)]
    for name in data:
        if name not in known:
            raise ValueError(f"unknown option {name!r} (known: {', '.join(known)})")
    return cls(**data)


def options_to_dict(options: DataclassInstance, only_changed: bool = True) -> dict[str, Any]:
    """Options as written in a record (by default only those that differ)."""
    default = type(options)()
    return {
        name: value.value if isinstance(value, Enum) else value
        for name, value in asdict(options).items()
        if not only_changed or value != getattr(default, name)
    }


def coerce_options(options: DataclassInstance) -> None:
    """In ``__post_init__``: accept an enum field given as its string value
    (``Rules(stake_rule="js1984")``), and refuse any other wrong type."""
    for field in fields(options):
        name, current = field.name, field.default
        value = getattr(options, name)
        if not isinstance(current, (bool, Enum)):
            continue
        if isinstance(current, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {name} takes true or false, not {value!r}")
        elif not isinstance(value, type(current)):
            enum_type: type[Enum] = type(current)
            try:
                object.__setattr__(options, name, enum_type(value))
            except ValueError:
                allowed = ", ".join(m.value for m in enum_type)
                raise ValueError(f"option {name} takes one of {allowed}, not {value!r}") from None
