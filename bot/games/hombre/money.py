"""L'Hombre's money in words: the poule, the bête in play inside it, the waiting
bêtes and the next ante, as the table shows them, and what of it an ended table
leaves to the server's next one."""

from __future__ import annotations

import copy

from bot.game import TableLike
from bot.games.hombre.port import HombrePort, set_parts
from bot.tables.carried import listed
from bot.tables.guild_register import GuildRegister
from bot.texts.fitting import FIELD_LIMIT
from bot.texts.i18n import t
from games.hombre import Pool, Session
from games.hombre.rules import SEATS
from games.register import Entry, Register


def coming_pool(table: TableLike, session: Session) -> Pool:
    """Between deals, the money the next deal starts from: the server's poule (or a poule
    of its own while a deal at another table of the server holds it), its waiting bêtes
    and the ante that follows (``HombrePort.pot_for_deal``), as they stand now, which
    hands at the server's other tables change too; the session's own where the table
    keeps no other (``LiveTable.guild_register``)."""
    server = getattr(table, "guild_register", None)
    if not table.between_hands or not isinstance(server, GuildRegister):
        return session.pool
    held = server.held
    register = Register(
        [Entry(e.id, e.owner, e.amount) for e in server.view.entries if e.id not in held.entries]
    )
    coming = copy.copy(session)  # set_money replaces the fields it sets, no more
    pot = HombrePort().pot_for_deal(coming, server.view.pot, held.pot_total(), register)
    try:
        set_parts(coming, register, pot)
    except ValueError:  # a pot that does not go with its register: the deal will say so
        return session.pool
    return coming.pool


def pool_text(
    pool: Pool, names: list[str], lang: str, *, dealt: bool = False, ante: bool = True
) -> str:
    """The poule, the bête in play inside it and the waiting bêtes (largest first);
    ``dealt``: ``pool`` is a deal's money before it, shown with its antes and the bête
    that entered paid in (as the table has it now), else (with ``ante``) what the next
    deal adds: the bête entering its poule and the ante."""
    poule, in_play, waiting = pool.poule, pool.bete_in_play, list(pool.register)
    if dealt:
        poule += SEATS * pool.ante
        if pool.entering >= 0:
            entered = waiting.pop(pool.entering)
            poule, in_play = poule + entered.amount, entered.amount
    lines = [t(lang, "hombre.poule", amount=poule)]
    if in_play:
        lines.append(t(lang, "hombre.bete_in_play", amount=in_play))
    last = []
    if ante and not dealt:  # the next deal: the bête entering its poule, then the ante
        if pool.entering >= 0:
            entering = pool.register[pool.entering]
            name = names[entering.owner]
            last.append(t(lang, "hombre.entering", name=name, amount=entering.amount))
        if pool.ante:
            last.append(t(lang, "hombre.ante", amount=pool.ante))
    waiting.sort(key=lambda b: -b.amount)
    if waiting:
        said = [f"{names[b.owner]} {b.amount}" for b in waiting]
        room = FIELD_LIMIT - len("\n".join([*lines, *last, ""]))  # the field's, less the rest
        lines.append(listed(lang, "hombre.waiting", "betes", said, room))
    return "\n".join([*lines, *last])


def carried_text(pool: Pool, lang: str) -> str:
    """What the next table starts from: the poule and the waiting bêtes, or nothing."""
    poule, betes = pool.poule, len(pool.register)
    which = "both" if poule and betes else "poule" if poule else "betes" if betes else "none"
    return t(lang, f"hombre.carried.{which}", amount=poule, count=betes)
