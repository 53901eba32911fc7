"""La Bête Hombrée's register and end of session in words: the bête in play, when a
new bête will be paid (RULES.md §1.6), the hands left in the tour des gueux (§1.8)."""

from __future__ import annotations

from bot.game import TableLike
from bot.texts.i18n import t
from bot.trick_game import hands_left_key
from games.bete_hombree import HandView, Session
from games.register import Entry


def entry_text(view: HandView, names: list[str], lang: str) -> str:
    entry = view.entry_in_play
    if entry is None:
        return t(lang, "table.no_entry")
    if entry.owner is None:
        return t(lang, "table.entry_pinandele", amount=entry.amount)
    return t(lang, "table.entry", name=names[entry.owner], amount=entry.amount)


def next_entry_text(table: TableLike, lang: str) -> str:
    """Between hands: the entry the next deal will put in play, as the register stands."""
    session = table.session
    entry = session.entry_in_play() if isinstance(session, Session) else None
    if entry is None:
        return t(lang, "table.no_entry_next")
    if entry.owner is None:
        return t(lang, "table.entry_next_pinandele", amount=entry.amount)
    seat = table.seat_of(entry.owner)
    name = table.name(seat) if seat is not None else "?"
    return t(lang, "table.entry_next", name=name, amount=entry.amount)


def entries_ahead(session: Session, entry: Entry) -> int:
    """How many of the register's bêtes will be in play before ``entry`` (0: it is in
    play next), by the engine's own choice of the entry in play (RULES.md §1.6, §1.8):
    each taken off in turn, as if paid, until ``entry`` comes up."""
    register = session.register.copy()
    ahead = 0
    while (first := register.in_play(session.players, session.rules.bete_order)) is not None:
        if first.id == entry.id:
            return ahead
        register.cross_out(first.id, None, 0)
        ahead += 1
    return ahead


def when_paid_text(table: TableLike, entry: Entry, owner: str, lang: str) -> str:
    """When a new bête is paid, and to whom (RULES.md §1.6): only once it is in play,
    to the first declarer who then makes his contract; crossed out without payment if
    that is its owner.  Nothing where the table has no session to tell its place."""
    session = getattr(table, "session", None)  # a bare settlement (a record) has none
    if not isinstance(session, Session):
        return ""
    ahead = entries_ahead(session, entry)
    if not ahead:
        return "\n" + t(lang, "summary.bete_next", name=owner)
    return "\n" + t(lang, "summary.bete_waits", name=owner, ahead=ahead)


def stopping_key(in_deal: bool, left: int) -> str:
    """How the tour des gueux's hands left are said (``hands_left_key``); none left, the
    bêtes only."""
    return "table.stopping_over" if left <= 0 else hands_left_key("table.stopping", in_deal, left)
