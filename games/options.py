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
    """Options as written in a record; unknown names and values are errors."""
    default = cls()
    known = [f.name for f in fields(cls)]
    values: dict[str, Any] = {}
    for name, raw in data.items():
        if name not in known:
            raise ValueError(f"unknown option {name!r} (known: {', '.join(known)})")
        current = getattr(default, name)
        if isinstance(current, bool):
            if not isinstance(raw, bool):
                raise ValueError(f"option {name} takes true or false, not {raw!r}")
            values[name] = raw
        else:
            enum_type = type(current)
            try:
                values[name] = enum_type(raw)
            except ValueError:
                allowed = ", ".join(m.value for m in enum_type)
                raise ValueError(f"option {name} takes one of {allowed}, not {raw!r}") from None
    return cls(**values)


def options_to_dict(options: DataclassInstance, only_changed: bool = True) -> dict[str, Any]:
    """Options as written in a record (by default only those that differ)."""
    default = type(options)()
    return {
        name: value.value if isinstance(value, Enum) else value
        for name, value in asdict(options).items()
        if not only_changed or value != getattr(default, name)
    }
