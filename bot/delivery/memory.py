"""What a table's messages show: the presenter's memory of them.

Kept by the presenter (``Presenter.shown``), by table id, never persisted and no
part of the event-sourced table (``bot.tables.table.LiveTable``): a table rebuilt
from its log keeps what its messages show, and a restart learns it again as the
messages are sent anew."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.drawing.pictures.files import UNKNOWN
from bot.tables.table import LiveTable


@dataclass(slots=True)
class DMRef:
    """The last private hand message sent to a player, and what it showed."""

    channel_id: int
    message_id: int
    fingerprint: str
    hand_no: int
    picture: str | None = UNKNOWN  # the picture the message holds (None: none)
    controls: str = ""  # the fingerprint of its components alone
    # the reader's last click on a private hand of this table (a discord.Interaction):
    # while its token lives it edits this message and posts the next hands and notices,
    # requests that Discord does not count in a bot's global limit
    hook: Any = None
    hook_at: float = 0.0  # when the hook's token was issued (Unix time)
    original: bool = False  # this message is the one clicked (else a follow-up of the hook)
    over: bool = False  # it shows its deal over (or the table closed): nothing left to change


@dataclass(slots=True)
class Notice:
    """The last turn notice sent to a player, deleted when the next one comes."""

    channel_id: int
    message_id: int
    hook: Any = None  # the interaction whose follow-up it is, or None: a message of the bot
    hook_at: float = 0.0


@dataclass(slots=True)
class Panel:
    """A *My hand* panel (an ephemeral answer): redrawn through its interaction's token
    while the token lives, then told it has expired."""

    interaction: Any  # the discord.Interaction that answered with the panel
    seat: int
    lang: str
    opened: float  # when the token was issued (Unix time)
    fingerprint: str
    picture: str | None = UNKNOWN  # the picture the panel holds (None: none)
    sent: bool = False  # the answer carrying it reached Discord: there is a message to edit


@dataclass(slots=True)
class Shown:
    """What one table's messages show now."""

    fingerprint: str = ""  # of what the table message shows
    picture_held: str | None = UNKNOWN  # the picture the table message holds (None: none)
    # (hand, tricks taken) that the table message showed when its last edit landed: the
    # next one shows every trick taken since, not only the last (tricks played while an
    # edit was on its way are seen all the same)
    tricks: tuple[int, int] = (0, 0)
    dms: dict[str, DMRef] = field(default_factory=dict)  # player: their private hand
    dm_closed: set[str] = field(default_factory=set)
    locales: dict[str, str] = field(default_factory=dict)  # player: their client's language
    panels: dict[str, Panel] = field(default_factory=dict)  # player: their live panel
    turn_shown: tuple[int, int] = (0, -1)  # (hand, seat) of the last player to act shown
    notices: dict[str, Notice] = field(default_factory=dict)  # player: their last notice
    dms_waiting: set[str] = field(default_factory=set)  # private hands whose edit waits
    acted_at: dict[int, float] = field(default_factory=dict)  # seat: its last move (monotonic)
    closed: bool = False  # the table ended and its private hands were drawn closed


class Memory:
    """What the messages of each live table show, by table id."""

    def __init__(self) -> None:
        self._tables: dict[int, Shown] = {}

    def __call__(self, table: LiveTable) -> Shown:
        return self._tables.setdefault(table.id, Shown())

    def kept(self, table: LiveTable) -> Shown | None:
        """What ``table``'s messages show, if it is still remembered (unlike calling the
        memory, which would remember an ended table anew once it was forgotten)."""
        return self._tables.get(table.id)

    def forget_closed(self, table_id: int) -> None:
        """Forget an ended table once its private hands were drawn closed (not before:
        a hand sent while it ended is closed by the change that follows)."""
        shown = self._tables.get(table_id)
        if shown is not None and shown.closed:
            del self._tables[table_id]
