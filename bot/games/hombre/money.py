"""L'Hombre's money in words: the poule, the bête in play inside it, the waiting
bêtes and the next ante, as the table shows them, and what of it an ended table
leaves to the server's next one."""

from __future__ import annotations

from bot.tables.carried import listed
from bot.texts.fitting import FIELD_LIMIT
from bot.texts.i18n import t
from games.hombre import Pool
from games.hombre.rules import SEATS


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
