"""The catalogue's wording, over every game registered (a game added gets the checks):

- each language its own typography: French keeps its space before ``:``, ``;``, ``!``
  and ``?``, English has none; and no text is punctuated in the code, where one
  language's rule would reach the other (``"{label} : {text}"`` is the catalogue's);
- one term per concept in each game and language: each game names a deal, a trick and
  trump with its own word (``GameTexts.terms``: La Bête's trump is its source's
  *triomphe*) in everything it shows, its own texts and the shared ones as it words
  them (``bot.texts.i18n.worded``), never with another word of the same meaning;
- the core names no game: no shared text uses a word that belongs to one game (or to a
  family of games, each listing it), and no game's text uses the words of games other
  than its own family;
- a game of a family (``GameTexts.family``) words each shared text as the game it is a
  variant of, unless it words it its own way.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.games
from bot.game import TableGame
from bot.games import table_games
from bot.texts.i18n import LANGS, MESSAGES, add_family, worded
from bot.texts.translator import COMMANDS_FR
from tests.vocabulary import (
    SYNONYMS,
    fold,
    found,
    offered_games,
    other_terms,
    others_words,
    owners,
    uses,
)

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ("bot/texts/translator.py",)  # where the prose of the code lives (texts are JSON)
CODE_SPAN = re.compile(r"`[^`]*`|\{[^}]*\}")
FRENCH_SPACES = " \u00a0\u202f"


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


def game_keys() -> set[str]:
    return {key for game in table_games() for key in game.texts.messages}


def shown(game: TableGame) -> dict[str, dict[str, str]]:
    """Every text ``game`` may show: its own, and each shared one as it words it."""
    own = dict(game.texts.messages)
    texts = {key: MESSAGES[worded(key, game.id)] for key in MESSAGES if key not in game_keys()}
    texts.update({k: v for k, v in own.items() if not k.endswith(f".{game.id}")})
    return texts


def plain(text: str) -> str:
    """A text with a word for each code span and placeholder (they follow no language)."""
    return CODE_SPAN.sub("x", text)


# ---- typography ----------------------------------------------------------------------


def test_english_has_no_space_before_its_punctuation() -> None:
    wrong = [
        f"{key}: {entry['en']!r}"
        for key, entry in MESSAGES.items()
        if re.search(rf"[{FRENCH_SPACES}][:;!?]", plain(entry["en"]))
    ]
    assert not wrong, "\n".join(wrong)


def test_french_keeps_its_space_before_double_punctuation() -> None:
    wrong = [
        f"{key}: {entry['fr']!r}"
        for key, entry in MESSAGES.items()
        if re.search(rf"[^{FRENCH_SPACES}][:;!?](?:\s|$)", plain(entry["fr"]))
    ]
    assert not wrong, "\n".join(wrong)


def strings_outside_docstrings(tree: ast.Module) -> Iterator[ast.Constant]:
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and id(node) not in docstrings:
            yield node


def test_no_text_is_punctuated_in_the_code() -> None:
    """A colon (or ``;`` ``!`` ``?``) after a space in a string of the code is a French
    one, shown in English too: such a text belongs in the catalogue (``labelled``)."""
    wrong = []
    for folder in ("bot", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative in CATALOGUE:
                continue
            for node in strings_outside_docstrings(ast.parse(path.read_text("utf-8"))):
                if re.search(rf"[{FRENCH_SPACES}][:;!?](?:\s|$)", node.value):
                    wrong.append(f"{relative}:{node.lineno}: {node.value!r}")
    assert not wrong, "\n".join(wrong)


def test_the_code_check_sees_a_french_colon() -> None:
    tree = ast.parse('"""A docstring : kept."""\nx = f"{a} : {b}"\n')
    assert [n.value for n in strings_outside_docstrings(tree)] == [" : "]


# ---- one term per concept -----------------------------------------------------------


def test_every_game_declares_its_terms() -> None:
    for game in table_games():
        for concept, words in SYNONYMS.items():
            for lang in LANGS:
                assert game.texts.terms[concept][lang] in words[lang], (game.id, concept, lang)


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
def test_a_numbered_deal_is_named_with_the_games_term(game: TableGame) -> None:
    wrong = []
    for lang in LANGS:
        term = game.texts.terms["deal"][lang]
        for key, entry in shown(game).items():
            if "{hand}" in entry[lang] and not found([term], entry[lang]):
                wrong.append(f"{key} [{lang}] does not say {term!r}: {entry[lang]!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
def test_a_game_uses_one_word_for_each_concept(game: TableGame) -> None:
    wrong = [
        f"{key} [{lang}] says {word!r} ({use!r}), not its own term: {entry[lang]!r}"
        for key, entry in shown(game).items()
        for lang in LANGS
        for word, use in other_terms(game, plain(entry[lang]), lang)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_term_check_tells_the_senses_apart() -> None:
    assert uses("donne", "Donne 3 : Anne donne les cartes.") == ["donne"]
    assert uses("donne", "Il donne 1 jeton à chacun ; la donne suivante.") == ["la donne"]
    assert uses("donne", "Anne donne les cartes.") == []
    assert uses("hand", "Hand #3: look at your hand") == ["hand #"]
    assert uses("hand", "Look at my hand") == []
    assert uses("levée", "Cinq levées ! La table s'est levée. Table levée.") == ["levees"]
    assert uses("coup", "Le coup est fini.") == ["coup"]


def test_a_french_move_and_its_time_are_not_called_a_deal() -> None:
    """``/jouer``'s option and the time to play are shared by every game: *coup*, a deal
    in La Bête Hombrée's words, made "Secondes par coup" read as seconds a deal."""
    for english in (
        "move",
        "Your move, e.g. 10S, K♥, pass, 3 belle, je joue",
        "Play a move: a card, a call, a discard...",
        "Seconds per move, 20 at least (0: no limit)",
    ):
        assert "coup" not in COMMANDS_FR[english], COMMANDS_FR[english]


# ---- the core names no game -----------------------------------------------------------


def test_no_shared_text_uses_a_games_own_word() -> None:
    owned = owners(table_games())
    wrong = [
        f"{key} [{lang}]: {word!r} ({', '.join(owned[word])}) in {entry[lang]!r}"
        for key, entry in MESSAGES.items()
        if key not in game_keys()
        for lang in LANGS
        for word in found(owned, entry[lang])
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
def test_no_game_text_uses_another_games_own_word(game: TableGame) -> None:
    others = others_words(game, table_games())
    wrong = [
        f"{key} [{lang}]: {word!r} ({', '.join(others[word])}) in {entry[lang]!r}"
        for key, entry in game.texts.messages.items()
        for lang in LANGS
        for word in found(others, entry[lang])
    ]
    assert not wrong, "\n".join(wrong)


def test_own_words_tell_each_game_apart() -> None:
    """Each game offered lists words, some of them its own alone (what the suites tell
    another game's text by); a word several games list is their family's, and no word
    is every game's (a word all may use belongs in no list)."""
    games = table_games()
    owned = owners(games)
    for game in offered_games():
        alone = [w for w in game.texts.own_words if owned[fold(w)] == (game.id,)]
        assert alone, f"{game.id} lists no word of its own alone"
    everyone = [word for word, ids in owned.items() if len(ids) == len(games)]
    assert not everyone, everyone


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
def test_a_word_is_another_games_exactly_where_this_game_does_not_list_it(
    game: TableGame,
) -> None:
    """Another game's word, whatever games own it besides, is caught; a word of the
    game's family (listed by it and others) is not."""
    others = {fold(word): ids for word, ids in others_words(game, table_games()).items()}
    for word, ids in owners(table_games()).items():
        if game.id in ids:
            assert word not in others, (game.id, word)
        else:
            assert others[word] == ids, (game.id, word)


def test_a_familys_word_is_still_another_games_word_elsewhere() -> None:
    """Both Bésigues say *brisque*: neither holds it against the other, every other game
    does; La Bête Hombrée's *gueux* stays foreign to both, and each Bésigue's words alone
    (*en bas table*, *anbatab*) to the other."""
    games = {game.id: game for game in table_games()}
    family = (games["besigue"], games["besigue-haiti"])
    for game in family:
        others = others_words(game, list(games.values()))
        assert found(others, "Trois brisques !") == []
        assert found(others, "Le tour des gueux.") == ["gueux"]
    assert found(others_words(family[0], list(games.values())), "gagnée anbatab") == ["anbatab"]
    assert found(others_words(family[1], list(games.values())), "en bas table") == ["en bas table"]
    for game in games.values():
        if game not in family:
            others = others_words(game, list(games.values()))
            assert found(others, "Trois brisques !") == ["brisque"]
            assert others["brisque"] == ("besigue", "besigue-haiti")


# ---- a family words the shared texts alike ------------------------------------------


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
def test_a_game_of_a_family_words_a_shared_text_as_its_family_unless_it_has_its_own(
    game: TableGame,
) -> None:
    """Each shared text a game does not word itself is worded as the game of its family
    words it (Haitian Bésigue's next deal is Bésigue's *donne suivante*)."""
    family = game.texts.family
    if family is None:
        assert all(worded(key, game.id) in (key, f"{key}.{game.id}") for key in MESSAGES)
        return
    assert family in {g.id for g in table_games()} and family != game.id
    for key in MESSAGES:
        if f"{key}.{family}" in MESSAGES and f"{key}.{game.id}" not in MESSAGES:
            assert worded(key, game.id) == f"{key}.{family}", key
        if f"{key}.{game.id}" in MESSAGES:
            assert worded(key, game.id) == f"{key}.{game.id}", key


def test_haitian_besigue_speaks_of_a_deal_as_besigue_and_of_its_end_its_own_way() -> None:
    assert worded("btn.next", "besigue-haiti") == "btn.next.besigue"
    assert worded("summary.next", "besigue-haiti") == "summary.next.besigue"
    assert worded("table.ended.finished", "besigue-haiti") == "table.ended.finished.besigue-haiti"
    assert worded("btn.next", "besigue") == "btn.next.besigue"
    assert worded("labelled", "besigue-haiti") == "labelled"


def test_a_game_belongs_to_one_family() -> None:
    add_family("besigue-haiti", "besigue")  # said again: the same
    with pytest.raises(ValueError, match="belongs to the family"):
        add_family("besigue-haiti", "hombre")
