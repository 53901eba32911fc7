"""A table waiting for its players, in words: who sits, the game's own options (as the
game says them: ``Renderer.options_lines``), the table's own settings, and where the
game keeps a register of bêtes and a pot, the bêtes and the pot this table takes over:
the server's as they stand, which the service keeps up to date (no SQL here), and what
the hands in progress at its other tables hold of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from bot.game import Field, TableGame
from bot.tables.carried import listed
from bot.tables.computer import level_of
from bot.texts.i18n import game_text, t
from games.options import options_to_dict
from games.register import Entry, Register

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from bot.tables.guild_register import GuildRegister, Holdings
    from bot.tables.table import LiveTable, Seat
    from db.models import RegisterEntry


def option_line(name: str, value: Any, lang: str) -> str:
    """One option and its value: "distribution : 2 puis 3" / "dealing: 2 then 3"."""
    return t(
        lang, "labelled", label=t(lang, f"option.{name}"), text=option_value(name, value, lang)
    )


def option_value(name: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if isinstance(value, int):  # a number (of deals, of points...) says itself
        return str(value)
    return t(lang, f"option.{name}.{value}")


def changed_options(rules: Any, lang: str, besides: tuple[str, ...] = ()) -> list[str]:
    """The options chosen other than the rules as written, one line each (those named in
    ``besides`` left to the caller)."""
    changed = options_to_dict(cast("DataclassInstance", rules))
    return [
        option_line(name, value, lang) for name, value in changed.items() if name not in besides
    ]


def options_text(table: LiveTable, lang: str) -> str:
    """The game's own options, then the table's: the time to play, pictures or not, hints
    (said with why when the table's option left them to the seats)."""
    lines = table.game.renderer.options_lines(table, lang)
    seconds = table.row.turn_seconds
    lines.append(
        t(lang, "options.turn", seconds=seconds) if seconds else t(lang, "options.no_turn")
    )
    if not table.pictures:
        lines.append(t(lang, "options.no_pictures"))
    auto = "" if table.hints_option is not None else ".auto"
    lines.append(t(lang, f"options.hints.{'on' if table.hints else 'off'}{auto}"))
    return "\n".join(lines)


def seat_line(table: LiveTable, index: int, seat: Seat, lang: str) -> str:
    """A seat in the lobby: its number, its player, and a computer player's level."""
    text = f"`{index + 1}` {seat.name}"
    if seat.ai is not None:
        text += f" — {t(lang, f'table.level.{level_of(table.game.spec, seat.ai)}')}"
    return text


def seats_wanted(game: TableGame) -> str:
    """How many players ``game`` seats: "4", or "2–5"."""
    if game.min_seats == game.max_seats:
        return str(game.min_seats)
    return f"{game.min_seats}–{game.max_seats}"


def lobby_text(table: LiveTable, lang: str) -> tuple[str, list[Field]]:
    """The lobby's description and fields: the seats, the options, and the register of
    bêtes and the pot the table takes over (only where its game keeps them)."""
    game = table.game
    full = len(table.seats) >= game.max_seats  # nobody more to seat: only Start
    key = "table.lobby.full" if full else "table.lobby"
    if table.resuming is not None:  # its players only, seated already
        key = "table.lobby.kept"
    description = t(lang, key, seats=seats_wanted(table.game), count=len(table.seats))
    seats = "\n".join(seat_line(table, i, s, lang) for i, s in enumerate(table.seats)) or "—"
    fields: list[Field] = [
        (t(lang, "table.seats"), seats, True),
        (t(lang, "table.options"), options_text(table, lang), True),
    ]
    register = table.guild_register
    if register is not None:
        fields += register_fields(table, register, lang)
    return description, fields


def register_fields(table: LiveTable, register: GuildRegister, lang: str) -> list[Field]:
    """The server's register and pot as they stand (``LiveTable.guild_register``), as
    ``/betes`` shows them: each unpaid bête, the one the players seated now would play
    for first marked (``first_in_play``), and one a hand at another table holds marked
    so; then the pot, with the share of it a hand at another table may take."""
    game, entries, held = table.game, register.view.entries, register.held
    fields: list[Field] = []
    if entries:
        first = first_in_play(table, register)
        said = [entry_words(table, e, held.entries, first, lang) for e in entries]
        text = listed(lang, "table.carried", "entries", said, count=len(entries))
        fields.append((t(lang, "table.carried_title"), text, False))
    elif game.capabilities.register:
        fields.append((t(lang, "table.register"), t(lang, "table.fresh"), False))
    states = game.capabilities.pot_states  # how the last deal ended: no money
    if any(amount for part, amount in register.view.pot.items() if part not in states):
        fields += pot_fields(game, register.view.pot, held, lang)  # as /betes shows it
    return fields


def first_in_play(table: LiveTable, register: GuildRegister) -> int | None:
    """The bête the players seated at ``table`` would play for first, as their next deal
    would choose it (RULES.md §1.8: an absent player's bête waits; so does one a hand at
    another table holds, which the deal leaves out, and a pinandèle the pot left to the
    deal cannot pay)."""
    entries, held = register.view.entries, register.held
    free = Register([Entry(e.id, e.owner, e.amount) for e in entries if e.id not in held.entries])
    port = table.game.port
    return port.entry_in_play(table.players, table.rules, free, register.view.pot, held.pot_total())


def pot_fields(game: TableGame, pot: dict[str, int], held: Holdings, lang: str) -> list[Field]:
    """The pot as the game draws it, the server's as it stands, and under it a line for
    each hand in progress that may take a share of it: a deal at another table is dealt
    without that share (``RulesPort.pot_for_deal``), so the whole is not to be played for
    there.  The words are the game's: La Bête Hombrée's deal leaves the share held, La
    Bête's round and L'Hombre's deal start from a pot of their own."""
    fields = game.renderer.register_fields(pot, lang)
    states = game.capabilities.pot_states
    notes = [
        game_text(
            game.id,
            lang,
            "table.pot_elsewhere",
            amount=game.renderer.amount(sum(v for k, v in parts.items() if k not in states), lang),
            id=table_id,
        )
        for table_id, parts in sorted(held.pot.items())
    ]
    if fields and notes:
        name, value, inline = fields[-1]
        fields[-1] = (name, "\n".join([value, *notes]), inline)
    return fields


def entry_words(
    table: LiveTable, entry: RegisterEntry, held: dict[int, int], first: int | None, lang: str
) -> str:
    """A bête of the register in the lobby: "Est 24 sous", marked when it is the first
    in play for the players seated, in play at another table, or waiting for its owner,
    who does not sit here (RULES.md §1.8: it is not played for until they do)."""
    game, owner = table.game, entry.owner_name
    if entry.owner is None:  # La Bête Hombrée's pinandèle, say
        owner = game_text(game.id, lang, "register.no_owner")
    words = f"{owner} {game.renderer.amount(entry.amount, lang)}"
    if entry.id in held:
        return t(lang, "table.carried_elsewhere", entry=words, id=held[entry.id])
    if entry.id == first:
        return t(lang, "table.carried_first", entry=words)
    if entry.owner is not None and table.seat_of(entry.owner) is None:
        return t(lang, "table.carried_away", entry=words)
    return words
