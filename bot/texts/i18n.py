"""The message catalogue (French, the game's own language, and English; the core's texts in
``bot/texts.json``, each game's in its own) and the translator.

``t(lang, key, **args)`` formats one message; an unknown key raises ``KeyError``
at once, so a test that renders a whole hand in both languages finds every
missing text.  Command names and descriptions are localised through
``CommandTranslator`` (discord.py's ``app_commands.Translator``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

import discord

from bot.texts.grammar import fill

LANGS: Final = ("fr", "en")


def lang_for(locale: discord.Locale | str | None, default: str = "fr") -> str:
    """fr or en from a Discord locale; other languages get the default."""
    text = str(locale.value if isinstance(locale, discord.Locale) else locale or "")
    if text.startswith("fr"):
        return "fr"
    if text.startswith("en"):
        return "en"
    return default


def one_of(choices: list[str], lang: str) -> str:
    """Choices as a sentence offers them: "passer ou jouer", "a, b or c"."""
    if len(choices) < 2:
        return "".join(choices)
    return ", ".join(choices[:-1]) + t(lang, "or") + choices[-1]


def t(lang: str, key: str, **args: Any) -> str:
    entry = MESSAGES[key]  # KeyError for a key nobody wrote
    text = entry.get(lang) or entry["fr"]
    if not args:
        return text
    return fill(lang, text, args)  # plurals and elisions (bot.texts.grammar)


def worded(key: str, game: str) -> str:
    """The key of a shared text as the game ``game`` (an id) words it: ``<key>.<game>``
    where its texts have it (its own term for a deal, its own way to stop), else as the
    family it belongs to words it (``FAMILIES``: Haitian Bésigue speaks of a deal as
    Bésigue does), else ``key``."""
    for words in (game, FAMILIES.get(game)):
        own = f"{key}.{words}"
        if words is not None and own in MESSAGES:
            return own
    return key


def game_text(game: str, lang: str, key: str, /, **args: Any) -> str:
    """``t`` of a shared text as the game ``game`` (an id) words it (``worded``)."""
    return t(lang, worded(key, game), **args)


M = dict[str, dict[str, str]]

MESSAGES: Final[M] = json.loads(
    resources.files("bot.texts").joinpath("texts.json").read_text(encoding="utf-8")
)
"""The core's texts (``bot/texts.json``); each game adds its own (``add_texts``)."""


FAMILIES: Final[dict[str, str]] = {}
"""A game (an id) -> the game whose words it takes for a shared text it does not word
itself: the family it belongs to (``GameTexts.family``)."""


def add_family(game: str, family: str) -> None:
    """``game`` words the shared texts as ``family`` does, where it has no words of its
    own for them."""
    if FAMILIES.get(game, family) != family:
        raise ValueError(f"the game {game!r} belongs to the family {FAMILIES[game]!r}")
    FAMILIES[game] = family


def add_texts(texts: dict[str, dict[str, str]]) -> None:
    """A game's own texts join the catalogue (a key may be shared only word for word)."""
    for key, entry in texts.items():
        known = MESSAGES.get(key)
        if known is not None and known != entry:
            raise ValueError(f"the text {key!r} is written differently elsewhere")
        MESSAGES[key] = entry


# what the bot says when Discord says no (docs/discord-errors.md), kept beside as data
add_texts(json.loads((resources.files("bot.texts") / "refused.json").read_text(encoding="utf-8")))
