"""Words in the bot's texts, found the way a reader finds them: whole words (a plural's
*s* or *x* included), whatever their case and accents, markdown and punctuation aside.

Each game keeps its own words in its package (``GameTexts.own_words``): what the
suites over every game hold every text to.  A word may belong to several games, a
family of them (Bésigue and Haitian Bésigue both say *brisque*): each of them lists
it, and it is another game's word only for the games that do not.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import import_module

from bot.game import TableGame
from bot.texts.i18n import MESSAGES, worded
from games import offered


def offered_games() -> list[TableGame]:
    """The games the bot offers, in the order of the list of games offered (a test's own
    game, registered in the tests' process, is not among them)."""
    return [import_module(f"bot.games.{package}").GAME for package in offered.PACKAGES]


# the core's texts that speak of the next deal (each game words them its own way)
CORE_NEXT_DEAL = ("summary.next", "table.next_dealer")


def next_deal_phrases(game: TableGame, lang: str) -> list[str]:
    """The fixed words of every text that speaks of ``game``'s next deal, as it words
    them in ``lang`` (the longest part between placeholders: "Mise à la prochaine
    donne")."""
    phrases = []
    for key in (*CORE_NEXT_DEAL, *game.texts.next_deal):
        template = MESSAGES[worded(key, game.id)][lang]
        parts = [part.strip(" :.,;") for part in re.split(r"\{[^}]*\}", template)]
        phrases.append(max(parts, key=len))
    return phrases


def fold(text: str) -> str:
    """``text`` lower-cased and without accents, its apostrophes and spaces plain."""
    text = text.replace("’", "'").replace("\u202f", " ").replace("\u00a0", " ")
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def word_pattern(word: str) -> re.Pattern[str]:
    """A whole word or phrase (its words apart by any spaces), with its plural."""
    parts = [re.escape(part) for part in fold(word).split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(parts) + r"(?:s|x)?(?!\w)")


def found(words: Iterable[str], text: str) -> list[str]:
    """The words of ``words`` that ``text`` uses."""
    folded = fold(text)
    return [word for word in words if word_pattern(word).search(folded)]


def owners(games: Sequence[TableGame]) -> dict[str, tuple[str, ...]]:
    """Each own word (folded) and the games that list it, by id: one game's, or a
    family's."""
    out: dict[str, tuple[str, ...]] = {}
    for game in games:
        for word in dict.fromkeys(fold(w) for w in game.texts.own_words):
            out[word] = (*out.get(word, ()), game.id)
    return out


def others_words(game: TableGame, games: Sequence[TableGame]) -> dict[str, tuple[str, ...]]:
    """The words that belong to other games and not to ``game``: word -> the games that
    own it (a word ``game`` lists too is its family's, not another game's)."""
    own = {fold(w) for w in game.texts.own_words}
    out: dict[str, tuple[str, ...]] = {}
    for other in games:
        for word in other.texts.own_words:
            if other.id != game.id and fold(word) not in own:
                out[word] = (*out.get(word, ()), other.id)
    return out


def named_game(title: str, games: Sequence[TableGame], lang: str) -> TableGame | None:
    """The game whose name ``title`` shows (the longest name first: *La Bête Hombrée*
    before *La Bête*), or None."""
    folded = fold(title)
    for game in sorted(games, key=lambda g: -len(g.spec.name(lang))):
        if word_pattern(game.spec.name(lang)).search(folded):
            return game
    return None


# The words that name one concept in the games' texts: each game uses one of them.
SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "deal": {"fr": ("coup", "donne"), "en": ("hand", "deal")},
    "trick": {"fr": ("pli", "levée"), "en": ("trick",)},
    "trump": {"fr": ("atout", "triomphe"), "en": ("trump",)},
}
# A word's uses in that sense, where the word has others too (*donne* is also "deals",
# *deal* "to deal", *hand* the cards held, *levée* "raised"); a word without a pattern
# here is taken in that sense wherever it stands.
DETERMINERS = {
    "fr": r"la|une|chaque|cette|de la|par|prochaine|dernière|les|des|aux|trois|\d+",
    "en": r"the|a|each|this|next|per|that|every|more|last|\d+",
}
SENSES: dict[str, tuple[str, ...]] = {
    "donne": (
        rf"\b(?:{DETERMINERS['fr']}) donnes?\b",
        r"\bdonnes? (?:n°|\{hand\}|suivante|réglée|en cours|est finie)",
        r"^donnes?\b",
    ),
    "deal": (
        rf"\b(?:{DETERMINERS['en']}) deals?\b",
        r"\bdeals? (?:#|\{hand\}|\d)",
        r"^deals?\b",
    ),
    "hand": (
        r"\bhands? (?:#|\{hand\}|\d)",
        r"\b(?:next|this|each|per|every|more|last|\d+) hands?\b",
        r"\bhands? (?:is over|in progress|settled)\b",
        r"^hands? #",
    ),
    "levée": (r"(?<!s'est )(?<!est )(?<!été )(?<!table )\blevées?\b",),
}


def uses(word: str, text: str) -> list[str]:
    """The places ``text`` uses ``word`` in the sense its concept gives it."""
    folded = fold(text)
    patterns = SENSES.get(word, (word_pattern(word).pattern,))
    spans = sorted(m.span() for p in patterns for m in re.finditer(fold(p), folded))
    out: list[str] = []
    end = -1
    for start, stop in spans:  # one use, however many patterns see it
        if start >= end:
            out.append(folded[start:stop])
        end = max(end, stop)
    return out


def other_terms(game: TableGame, text: str, lang: str) -> list[tuple[str, str]]:
    """Where ``text`` (in ``lang``) names a concept with another word than ``game``'s
    term for it (its own phrases, such as *jouer les coups*, aside): (word, as used)."""
    folded = fold(text)
    for phrase in game.texts.own_words:
        folded = word_pattern(phrase).sub("", folded)
    out = []
    for concept, synonyms in SYNONYMS.items():
        term = game.texts.terms[concept][lang]
        for other in synonyms[lang]:
            if other != term:
                out += [(other, use) for use in uses(other, folded)]
    return out
