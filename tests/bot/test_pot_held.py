"""Under the pot a lobby (and ``/betes``) shows, the share of it a hand in progress at a
table of the server may take, in each game's words: a deal elsewhere is dealt without
it (``RulesPort.pot_for_deal``), so the whole pot is not to be played for there. La
Bête Hombrée's deal elsewhere gets the rest; a round of La Bête, or a deal of
L'Hombre, begun elsewhere starts from a pot of its own."""

from __future__ import annotations

import pytest

from bot.drawing.lobby_text import pot_fields
from bot.games.bete import GAME as BETE
from bot.games.bete_hombree import GAME as HOMBREE
from bot.games.hombre import GAME as HOMBRE
from bot.tables.guild_register import Holdings

SAID = {
    "fr": (
        "16 sous\ndont 8 sous en jeu à la table n° 2\ndont 4 sous en jeu à la table n° 5",
        "Le pot est en jeu à la table n° 2 : jusqu'à la fin de son tour, un tour commencé"
        " à une autre table part d'un pot vide.",
        "La poule est en jeu à la table n° 3 : jusqu'à la fin de sa donne, une donne à une"
        " autre table ouvre sa propre poule.",
    ),
    "en": (
        "16 sous\nof which 8 sous in play at table #2\nof which 4 sous in play at table #5",
        "The pot is in play at table #2: until its round is over, a round begun at another"
        " table starts from an empty pot.",
        "The poule is in play at table #3: until its deal is settled, a deal at another"
        " table opens a poule of its own.",
    ),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_share_of_the_pot_held_elsewhere_is_said_under_it(lang: str) -> None:
    hombree, bete, hombre = SAID[lang]
    held = Holdings({}, {5: {"": 4}, 2: {"": 8}})  # two tables, said in their order
    assert pot_fields(HOMBREE, {"": 16}, held, lang) == [("Pot", hombree, True)]
    pot = {"reserve": 20, "stake": 12, "kings": 4}
    (_, value, _), *more = pot_fields(BETE, pot, Holdings({}, {2: pot}), lang)
    assert not more and value.endswith("\n" + bete)
    pool = {"poule": 12}
    (_, value, _), *more = pot_fields(HOMBRE, pool, Holdings({}, {3: pool}), lang)
    assert not more and value.endswith("\n" + hombre)


def test_nothing_held_elsewhere_leaves_the_pot_as_the_game_draws_it() -> None:
    for game, pot in ((HOMBREE, {"": 16}), (BETE, {"stake": 12}), (HOMBRE, {"poule": 12})):
        assert pot_fields(game, pot, Holdings(), "en") == game.renderer.register_fields(pot, "en")
