"""The games the bot offers: each game's bot side is a package here that registers itself.

The packages imported are the engine's one list of games offered
(``games.offered.PACKAGES``): ``bot.games.<package>`` for each.  A game living
elsewhere (a test's) registers itself the same way, with ``register``.
"""

from __future__ import annotations

from importlib import import_module

from bot.game import TableGame
from bot.texts.i18n import add_family, add_texts
from bot.texts.parsing import plain
from bot.texts.translator import add_command_names
from games import offered

_GAMES: dict[str, TableGame] = {}
_loaded = False


def register(game: TableGame) -> TableGame:
    """Offer a game at the table (once per id); its texts join the catalogue."""
    load()  # the offered games first, whoever registers first
    known = _GAMES.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"a game {game.id!r} is offered already")
    add_texts(dict(game.texts.messages))
    if game.texts.family is not None:
        add_family(game.id, game.texts.family)
    add_command_names(dict(game.texts.command_words))
    _GAMES[game.id] = game
    return game


def load() -> None:
    """Import every offered game's bot package once, so that each is registered."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for package in offered.PACKAGES:
        import_module(f"bot.games.{package}")


def table_game(game_id: str) -> TableGame:
    """The game of a stored table; ``KeyError`` for a game this bot does not offer."""
    load()
    return _GAMES[game_id]


def game_named(text: str) -> TableGame:
    """The game a player names: by its id, its ``/table new`` word or its name in either
    language, whatever the case, accents, spaces and apostrophes ("hombree", "La Bête
    Hombrée", "l'hombre", " BETE "); ``KeyError`` for none."""
    wanted = _folded(text)
    for game in table_games():
        names = [game.id, game.command.name]
        for name in game.spec.names.values():  # "L'Hombre (Ombre)": the whole, and each
            names += [name, *name.replace(")", "(").split("(")]
        if wanted in {_folded(name) for name in names}:
            return game
    raise KeyError(text)


def _folded(text: str) -> str:
    return "".join(c for c in plain(text).casefold() if c.isalnum())


def table_games() -> list[TableGame]:
    """Every game offered, in the order of the list of games offered (a test's last)."""
    load()
    return list(_GAMES.values())


def offered_games() -> list[TableGame]:
    """The games of the offered packages (``games.offered.PACKAGES``), in their order: a
    game a test registered beside them aside."""
    return [g for g in table_games() if g.id.replace("-", "_") in offered.PACKAGES]


def default_game() -> TableGame:
    """The game a command means when it names none and no table says: the first offered."""
    return table_games()[0]
