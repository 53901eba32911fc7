"""L'Hombre's own terms in English (RULES.md §3): the Spanish and French words the game
is played with stay as they are, each glossed where a newcomer first meets it, in the
same words wherever a gloss is given, and said bare everywhere else.

Where they are first met: the rules (``/rules``, and docs/rules.md made from them), read
topic by topic, gloss each term once; a call button, which names the call a player
makes, carries the same gloss as the rules (as every game's buttons do in English:
"Je joue (I play)"). The table's lines, the summaries and the history say the term
bare. What both languages say beside a word (*Gaño* … "(let it pass)" when a signal
is made) is what the text tells, not an English gloss."""

from __future__ import annotations

import re
from typing import Final

import pytest

import bot.games
from bot.games.hombre import GAME
from bot.games.hombre.drawing import CALL_KEYS, RULE_TOPICS
from bot.texts.i18n import t

GLOSSES: Final = {
    "prendre": "with exchange",
    "sans prendre": "no exchange",
    "vole": "all nine tricks",
    "poule": "the pool",
    "Gaño": "let it pass",
}
BARE: Final = (*GLOSSES, "en prenant")  # the hombre's mode after prendre, said bare


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


def term(word: str) -> re.Pattern[str]:
    """``word`` as a whole word, then its gloss if one follows it at once (its markdown
    aside): group 1 the words in brackets, unless they are a placeholder's ("poule
    ({reason})"). *Prendre* is not *sans prendre*'s."""
    before = r"(?<!sans )" if word == "prendre" else ""
    gloss = r"(?:\(([^){][^)]*)\))?"
    return re.compile(rf"{before}(?<![\w{{]){re.escape(word)}(?![\w}}])\**\s*{gloss}", re.I)


def glosses(word: str, text: str) -> list[str | None]:
    """Each use of ``word`` in ``text``, in order: its gloss, or None."""
    return [m[1] for m in term(word).finditer(text)]


def test_the_rules_gloss_each_term_where_it_first_comes_and_there_only() -> None:
    rules = "\n".join(t("en", f"rules.hombre.{topic}.text") for topic in RULE_TOPICS)
    for word, gloss in GLOSSES.items():
        first, *later = glosses(word, rules)
        assert first is not None and gloss in first, (word, first)
        assert all(g is None or gloss not in g for g in later), (word, later)


@pytest.mark.parametrize("kind", list(CALL_KEYS), ids=str)
def test_a_call_button_glosses_its_terms_as_the_rules_do(kind) -> None:
    label = t("en", CALL_KEYS[kind])
    for word, gloss in GLOSSES.items():
        for given in glosses(word, label):
            assert given is None or given == gloss, (label, word, given)


def test_the_other_texts_say_the_terms_bare() -> None:
    """The contract line, the standing call, the summaries, the history: "hombre en
    prenant", not "en prenant (with exchange)" each time it is shown."""
    calls = set(CALL_KEYS.values())
    glossed = [
        f"{key}: {entry['en']!r}"
        for key, entry in GAME.texts.messages.items()
        if key not in calls and not key.startswith("rules.")
        for word in BARE
        if any(glosses(word, entry["en"]))
    ]
    assert not glossed, "\n".join(glossed)
