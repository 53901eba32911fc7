"""The end of a hand in words: its result, its tricks, every payment (several players
paying alike on one line), the nets, and what the register became."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.drawing.render import RESULT_COLOURS, clip, ended_text
from bot.tables.table import LiveTable
from bot.texts.i18n import game_text, t, worded
from games.money import Transfer
from games.register import Crossing, Entry


def names_text(names: Sequence[str], lang: str) -> str:
    """ "Arthur, Bertrand et Edmond" / "Arthur, Bertrand and Edmond"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + t(lang, "and") + names[-1]


def payment_lines(
    transfers: Sequence[Transfer], names: list[str], renderer: Any, lang: str, game: str
) -> list[str]:
    """A hand's payments in words, those of several players paying the same amount to
    the same payee (or the pot, as the game ``game`` names it: L'Hombre's poule) for the
    same reason on one line ("each")."""
    groups: dict[tuple[int | None, int, str, bool], list[int | None]] = {}
    for tr in transfers:  # grouped by payee, amount, reason; from the pot: one each
        group = (tr.payee, tr.amount, tr.reason, tr.payer is None)
        groups.setdefault(group, []).append(tr.payer)
    lines = []
    for (payee, amount_, why, from_pot), payers in groups.items():
        # a reason in the game's words: La Bête Hombrée's "ante" is the pinandèle's
        reason = game_text(game, lang, f"reason.{why}")
        amount = renderer.amount(amount_, lang)
        who = names_text([names[p] for p in payers if p is not None], lang)
        many = len(payers) > 1
        if from_pot and payee is not None:
            for _ in payers:
                lines.append(
                    game_text(
                        game,
                        lang,
                        "summary.from_pot",
                        name=names[payee],
                        amount=amount,
                        reason=reason,
                    )
                )
        elif payee is None:
            key = "summary.to_pot_each" if many else "summary.to_pot"
            lines.append(game_text(game, lang, key, name=who, amount=amount, reason=reason))
        else:
            key = "summary.pays_each" if many else "summary.pays"
            lines.append(t(lang, key, payer=who, payee=names[payee], amount=amount, reason=reason))
    return lines


def settlement_embed(table: LiveTable, settled: Any, lang: str) -> discord.Embed:
    """A settled hand: its result, tricks, payments, nets and what the register became."""
    game, game_id = table.game.renderer, table.game.id
    names = table.names
    by_player = {s.player: s.name for s in table.seats}
    outcome = settled.outcome
    title, result, extra = game.settlement(table, settled, lang)
    made = None
    if table.session is not None and table.state is not None and table.state.is_over:
        made = table.game.port.hand_result(table.session, table.state).made
    embed = discord.Embed(title=title, colour=RESULT_COLOURS[made], description=result)
    if any(outcome.tricks):  # a deal nobody played has no tricks to show
        tricks = " · ".join(f"{names[i]} {n}" for i, n in enumerate(outcome.tricks))
        embed.add_field(name=t(lang, "summary.tricks"), value=tricks, inline=False)
    per_game = table.game.capabilities.settles == "game"
    lines = payment_lines(outcome.transfers, names, game, lang, game_id)
    if lines or not per_game:  # a deal of a game settled at its end moves no money yet
        embed.add_field(
            name=t(lang, "summary.payments"), value=clip("\n".join(lines) or "—"), inline=False
        )
        net = " · ".join(f"{names[i]} {game.money(n, lang)}" for i, n in enumerate(outcome.net))
        embed.add_field(name=game_text(game_id, lang, "summary.net"), value=net, inline=False)
    register = []

    def entry_line(key: str, entry: Entry) -> str:
        """An entry crossed out or new: a player's bête, or one of no owner in the words
        the game has for it (La Bête Hombrée's pinandèle, which is nobody's bête)."""
        amount = game.amount(entry.amount, lang)
        if entry.owner is None:
            return game_text(game_id, lang, f"{key}_unowned", amount=amount)
        return game_text(
            game_id, lang, key, owner=by_player.get(entry.owner, "") or "?", amount=amount
        )

    def crossed_key(crossing: Crossing) -> str:
        """Crossed out, or, where the game has the words (La Bête), paid into the pot by
        its owner as it entered, which no declarer collected (``by`` None)."""
        paid_in, owned = "summary.paid_in", crossing.entry.owner is not None
        worded_so = worded(paid_in, game_id) != paid_in
        return paid_in if crossing.by is None and owned and worded_so else "summary.crossed"

    register += [entry_line(crossed_key(c), c.entry) for c in settled.crossings]
    register += [entry_line("summary.new_entry", entry) for entry in settled.new_entries]
    if not register:
        register.append(t(lang, "summary.register_same"))
    if table.game.capabilities.register:  # a game without bêtes says nothing of them
        embed.add_field(name=t(lang, "table.register"), value="\n".join(register), inline=False)
    for name, value, inline in extra:
        embed.add_field(name=name, value=value, inline=inline)
    embed.set_footer(text=summary_footer(table, lang))
    return embed


def summary_footer(table: LiveTable, lang: str) -> str:
    """A summary's last line: who deals next, or, no next deal coming, how the table
    ended (even if its end is not written yet): no next deal announced that will not come."""
    if table.deal_coming and table.session is not None:
        dealer = table.names[table.session.dealer]
        return game_text(table.game.id, lang, "summary.next", name=dealer)
    return ended_text(table, lang)
