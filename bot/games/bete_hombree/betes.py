"""La Bête Hombrée's register, pot and end of session in words: the bête in play, the
pot of pinandèles and what of it is in play, when a new bête will be paid (RULES.md
§1.6), the hands left in the tour des gueux (§1.8)."""

from __future__ import annotations

from collections.abc import Callable

from bot.game import TableLike
from bot.games.bete_hombree.port import playable, pot_dealt
from bot.tables.guild_register import GuildRegister
from bot.texts.i18n import t
from bot.trick_game import hands_left_key
from games.bete_hombree import HandView, Session
from games.register import Entry, Register


def entry_text(view: HandView, names: list[str], lang: str) -> str:
    entry = view.entry_in_play
    if entry is None:
        return t(lang, "table.no_entry")
    if entry.owner is None:
        return t(lang, "table.entry_pinandele", amount=entry.amount)
    return t(lang, "table.entry", name=names[entry.owner], amount=entry.amount)


def register_line(table: TableLike, view: HandView, lang: str) -> str:
    """The table's register field: the entry in play in the hand (``view``), or between
    hands the one the next deal will put in play."""
    if table.between_hands:
        return next_entry_text(table, lang)
    return entry_text(view, table.names, lang)


def pot_line(
    table: TableLike, view: HandView | None, amount: Callable[[int, str], str], lang: str
) -> str:
    """The pot as the table shows it: during a hand the view's, nothing moving before
    the settlement, and what of it is in play; otherwise the session's, a settled
    hand's antes in it (as in the balances shown, ``seat_balances``)."""
    if view is not None and table.in_deal:
        return pot_text(view.pot, view.pot_in_play, amount, lang)
    server = server_register(table)
    if server is not None:  # the server's, which hands at its other tables change too
        return pot_text(server.view.pot.get("", 0), 0, amount, lang)
    session = table.session
    return pot_text(session.pot if isinstance(session, Session) else 0, 0, amount, lang)


def server_register(table: TableLike) -> GuildRegister | None:
    """Between hands, the server's register and pot as they stand, and what hands at its
    other tables hold (``LiveTable.guild_register``, kept up to date by the service);
    None where the table keeps none (a settled hand drawn alone, say)."""
    register = getattr(table, "guild_register", None)
    return register if table.between_hands and isinstance(register, GuildRegister) else None


def next_entry(table: TableLike, session: Session) -> Entry | None:
    """The entry the next deal will put in play: chosen as the deal will choose it, from
    the server's register less the bêtes hands elsewhere hold, with the pot they leave
    (RULES.md §1.6, §1.8); the session's own register where the table keeps no other."""
    server = server_register(table)
    if server is None:
        return session.entry_in_play()
    held = server.held
    free = Register(
        [Entry(e.id, e.owner, e.amount) for e in server.view.entries if e.id not in held.entries]
    )
    rules, players = session.rules, list(session.players)
    pot = pot_dealt(rules, server.view.pot, held.pot_total(), free)
    return playable(rules, players, free, pot).in_play(players, rules.bete_order)


def pot_text(pot: int, in_play: int, amount: Callable[[int, str], str], lang: str) -> str:
    """The pot (the sous of pinandèles, RULES.md §1.6) on a line of its own, and
    ``in_play``, what of it a declarer who makes his contract takes (the view's
    ``pot_in_play``; 0 between hands), in the game's money (``amount``)."""
    if not in_play:
        return t(lang, "table.pot", amount=amount(pot, lang))
    key = "table.pot_all_in_play" if in_play == pot else "table.pot_in_play"
    return t(lang, key, amount=amount(pot, lang), stake=amount(in_play, lang))


def next_entry_text(table: TableLike, lang: str) -> str:
    """Between hands: the entry the next deal will put in play, as the register stands."""
    session = table.session
    entry = next_entry(table, session) if isinstance(session, Session) else None
    if entry is None:
        return t(lang, "table.no_entry_next")
    if entry.owner is None:
        return t(lang, "table.entry_next_pinandele", amount=entry.amount)
    seat = table.seat_of(entry.owner)
    name = table.name(seat) if seat is not None else "?"
    return t(lang, "table.entry_next", name=name, amount=entry.amount)


def entries_ahead(table: TableLike, session: Session, entry: Entry) -> int:
    """How many of the register's bêtes will be in play before ``entry``, just made (0:
    it is in play next), by the engine's own choice of the entry in play (RULES.md §1.6,
    §1.8, ``playable``): each taken off in turn, as if paid, until ``entry`` comes up.
    The server's register where the table keeps it (read after this hand's settlement,
    so with ``entry`` in it, numbered as written): its other tables' bêtes and
    pinandèles wait in the same queue; else the session's."""
    register, pot = session.register.copy(), session.pot
    server = server_register(table)
    if server is not None:
        written = [
            e for e in server.view.entries if (e.owner, e.amount) == (entry.owner, entry.amount)
        ]
        if written:  # the newest such is this hand's
            entry = Entry(max(e.id for e in written), entry.owner, entry.amount)
            register = Register([Entry(e.id, e.owner, e.amount) for e in server.view.entries])
            pot = server.view.pot.get("", 0)
    rules, players = session.rules, list(session.players)
    ahead = 0
    while first := playable(rules, players, register, pot).in_play(players, rules.bete_order):
        if first.id == entry.id:
            return ahead
        register.cross_out(first.id, None, 0)
        pot -= first.amount if first.owner is None else 0  # a pinandèle is paid from the pot
        ahead += 1
    return ahead


def when_paid_text(table: TableLike, entry: Entry, owner: str, lang: str) -> str:
    """When a new bête is paid, and to whom (RULES.md §1.6): only once it is in play,
    to the first declarer who then makes his contract; crossed out without payment if
    that is its owner.  Nothing where the table has no session to tell its place."""
    session = getattr(table, "session", None)  # a bare settlement (a record) has none
    if not isinstance(session, Session):
        return ""
    ahead = entries_ahead(table, session, entry)
    if not ahead:
        return "\n" + t(lang, "summary.bete_next", name=owner)
    return "\n" + t(lang, "summary.bete_waits", name=owner, ahead=ahead)


def stopping_key(in_deal: bool, left: int) -> str:
    """How the tour des gueux's hands left are said (``hands_left_key``); none left, the
    bêtes only."""
    return "table.stopping_over" if left <= 0 else hands_left_key("table.stopping", in_deal, left)
