"""Each game's ``/table new <game>`` subcommand, built from the options it declares.

A game declares its subcommand as a ``TableCommand``: a name, a description,
and a plain function whose typed, defaulted parameters are its own options
(described in its docstring, Google style) and which returns them in record
form; and the choices of those options that have a few values.
The core adds what every table has (turn time, computer players and their
level, the language of the public messages) and builds the discord.py command,
whose callback hands everything to the core's ``Opener`` (``cogs.tables``).
A game thus writes none of Discord's plumbing, and no two games repeat it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, get_type_hints

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.texts.translator import translated_choice

DEFAULT_TURN_SECONDS: Final = 120  # long enough to think, short enough that nobody waits long
# the shortest time per move a table takes (0 aside: no limit): less, and the computer
# plays a person's whole deal, money at stake, before they have read their cards; from
# 20 s the player to act is also reminded before the end (``bot.tables.turns``)
MIN_TURN_SECONDS: Final = 20
MAX_TURN_SECONDS: Final = 3600

COMMON_DESCRIPTIONS: Final = {
    "turn_time": "Seconds per move, 20 at least (0: no limit)",
    "computers": "Computer players to seat at once (more with the table's button)",
    "level": "How well those computer players play",
    "language": "Language of the table's public messages (remembered for this server)",
    "pictures": "Show the cards as pictures (off: text only)",
    "hints": "A Hint button in each hand (default: on when a computer player sits)",
}
RESUME_DESCRIPTION: Final = "A match kept for later to take up again (its options and seats)"
# what a kept match taken up again takes of ``/table new``: the table's own settings (the
# game's options, the seats and their computer players are the kept match's)
RESUMED_TAKES: Final = frozenset({"resume", "turn_time", "language", "pictures", "hints"})
# an option's values offered in a list, in order, each with its label
Labels = Mapping[Any, str]
COMMON_CHOICES: Final[dict[str, Labels]] = {
    "level": {"strong": "Strong", "fair": "Fair"},
    "language": {"fr": "Français", "en": "English"},
}

Interaction = discord.Interaction[Any]
DEAL_PATTERNS: Final = {"2-3": "2 then 3", "3-2": "3 then 2", "2-1-2": "2, 1 then 2"}


def deal_pattern_choices(*patterns: str) -> dict[str, str]:
    """The packets of a deal a game offers (``games.dealing.DealPattern``'s values)."""
    return {p: DEAL_PATTERNS[p] for p in patterns}


def not_resumed(given: Iterable[str]) -> list[str]:
    """The options of ``given`` (those typed) that a kept match taken up does not take."""
    return [name for name in given if name not in RESUMED_TAKES]


def numbers(*values: int) -> dict[int, str]:
    """Whole numbers offered as they are written."""
    return {n: str(n) for n in values}


def discord_choices(labels: Labels) -> list[Choice[Any]]:
    """An option's values as discord.py offers them, in the same order."""
    return [translated_choice(label, value) for value, label in labels.items()]


@dataclass(frozen=True, slots=True)
class TableChoices:
    """What every table has, as ``/table new`` chose it (``COMMON_DESCRIPTIONS``), and
    the kept match to take up again (``resume``, where the game keeps matches)."""

    turn_time: int
    computers: int
    level: str
    language: str | None
    pictures: bool
    hints: bool | None = None  # None: on when a computer player sits
    resume: str | None = None


class Opener(Protocol):
    """Opens a table of ``game_id`` with ``options`` (record form) in the user's channel."""

    async def __call__(
        self,
        interaction: Interaction,
        game_id: str,
        options: Mapping[str, object],
        chosen: TableChoices,
    ) -> None: ...


# the autocomplete of ``resume:``: the kept matches of a game the user may take up again
KeptChoices = Callable[[Interaction, str], Any]


@dataclass(frozen=True, slots=True)
class TableCommand:
    """A game's ``/table new <name>``: ``options`` takes the game's own options as
    keyword parameters (typed, with defaults, described in its docstring's
    ``Args:``) and returns them in record form."""

    name: str
    description: str
    options: Callable[..., Mapping[str, object]]
    choices: Mapping[str, Labels] = field(default_factory=dict)

    def build(
        self, game_id: str, max_seats: int, opener: Opener, kept: KeptChoices | None = None
    ) -> app_commands.Command[Any, ..., None]:
        """The discord.py subcommand: the game's options first, then the common ones, and
        for a game settled per match, ``resume:`` (choices from ``kept``)."""
        own = self.options

        async def callback(interaction: Interaction, **values: Any) -> None:
            common = {name: values.pop(name) for name in COMMON_DESCRIPTIONS}
            chosen = TableChoices(**common, resume=values.pop("resume", None))
            await opener(interaction, game_id, own(**values), chosen)

        hints = get_type_hints(own)
        keyword = inspect.Parameter.KEYWORD_ONLY
        parameters = [
            inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            *(
                p.replace(kind=keyword, annotation=hints[p.name])
                for p in inspect.signature(own).parameters.values()
            ),
            inspect.Parameter(
                "turn_time",
                keyword,
                default=DEFAULT_TURN_SECONDS,
                annotation=app_commands.Range[int, 0, MAX_TURN_SECONDS],
            ),
            inspect.Parameter(
                "computers",
                keyword,
                default=0,
                annotation=app_commands.Range[int, 0, max_seats - 1],
            ),
            inspect.Parameter("level", keyword, default="strong", annotation=str),
            inspect.Parameter("language", keyword, default=None, annotation=str | None),
            inspect.Parameter("pictures", keyword, default=True, annotation=bool),
            inspect.Parameter("hints", keyword, default=None, annotation=bool | None),
        ]
        described = dict(COMMON_DESCRIPTIONS)
        if kept is not None:  # after the game's own options, before the common ones
            resume = inspect.Parameter("resume", keyword, default=None, annotation=str | None)
            parameters.insert(len(parameters) - len(COMMON_DESCRIPTIONS), resume)
            described["resume"] = RESUME_DESCRIPTION
        callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        callback.__doc__ = own.__doc__  # discord.py reads the options' descriptions there
        app_commands.describe(**described)(callback)  # and the common ones' here
        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=self.name, description=self.description, callback=callback
        )
        offered = {**self.choices, **COMMON_CHOICES}
        app_commands.choices(**{n: discord_choices(v) for n, v in offered.items()})(command)
        if kept is not None:
            command.autocomplete("resume")(kept)
        return command
