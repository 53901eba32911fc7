"""The catalogue's plural and article helper, and every text of every game using it:
a count before a noun agrees with it, and French elides "de", "que", "le"... before a
name that starts with a vowel or a mute h ("d'Arthur"), in whatever text says it."""

from __future__ import annotations

import re
import string

import pytest

import bot.games
from bot.texts.grammar import ELIDED, elides_before, with_word
from bot.texts.i18n import LANGS, MESSAGES, t


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    """Each game's texts join the catalogue when the game registers."""
    bot.games.load()


# Fields that never hold a name: numbers, cards, suits, dates (a word before them
# never elides: "de 11", "de ♥ cœur", "le 3 mars").
NOT_NAMES = frozenset(
    {"amount", "cards", "count", "date", "hand", "least", "level", "most", "new", "old"}
    | {"command", "seconds", "stake", "suit", "tricks", "when"}  # a command: `/table ...`
)


def _fields(text: str) -> list[tuple[str, str]]:
    return [(name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Arthur", "C'est au tour d'Arthur."),
        ("Émile", "C'est au tour d'Émile."),
        ("Henri", "C'est au tour d'Henri."),
        ("Yves", "C'est au tour d'Yves."),
        ("Yann", "C'est au tour de Yann."),
        ("Berthe", "C'est au tour de Berthe."),
        ("🤖 Alexandre", "C'est au tour de 🤖 Alexandre."),
        ("", "C'est au tour de ."),
    ],
)
def test_french_elides_before_a_vowel_or_a_mute_h(name, said):
    assert t("fr", "hand.turn_of", name=name) == said
    assert t("en", "hand.turn_of", name=name) == f"It is {name}'s turn."


def test_the_words_that_elide():
    assert [with_word(w, "Arthur") for w in ("de", "que", "le", "la")] == [
        "d'Arthur",
        "qu'Arthur",
        "l'Arthur",
        "l'Arthur",
    ]
    assert with_word("que", "Berthe") == "que Berthe"
    assert not elides_before("11") and not elides_before("♥ cœur") and elides_before("Œdipe")


def test_every_french_text_puts_a_word_before_a_name_through_the_helper():
    """No French text writes "de {name}": a name may start with a vowel."""
    words = "|".join(sorted(ELIDED))
    raw = re.compile(rf"\b({words}) \{{(\w+)(![rsa])?\}}", re.IGNORECASE)
    lazy = [
        (key, match.group(0))
        for key, entry in MESSAGES.items()
        for match in raw.finditer(entry["fr"])
        if match.group(2) not in NOT_NAMES
    ]
    assert lazy == []
    # and every text that does elide renders as French says it, in both languages
    eliding = [key for key, entry in MESSAGES.items() if _eliding(entry["fr"])]
    assert {"hand.turn_of", "summary.new_bete"} <= set(eliding)
    for key in eliding:
        for lang in LANGS:
            args = {
                name: "Arthur" if spec in ELIDED else "2"
                for name, spec in _fields(MESSAGES[key]["fr"])
            }
            text = t(lang, key, **args)
            assert "{" not in text, (key, text)
            if lang == "fr":
                assert "d'Arthur" in text or "qu'Arthur" in text or "l'Arthur" in text, text
                assert not re.search(rf"\b({words}) Arthur", text), text


def _eliding(text: str) -> bool:
    return any(spec in ELIDED for _, spec in _fields(text))


def test_a_count_before_a_noun_agrees_with_it():
    """A number written before a noun the catalogue counts ("pli", "tricks", "jetons")
    chooses its form through the plural helper, in every text (the upper bound of a
    range, "de {least} à {most} cartes" or "de 1 à {most} cartes", is plural)."""
    nouns: set[str] = set()
    for entry in MESSAGES.values():
        for text in entry.values():
            for _, spec in _fields(text):
                if "|" in spec:
                    nouns |= {form.split()[0] for form in spec.split("|")}
    assert {"pli", "plis", "trick", "tricks", "jeton", "jetons", "carte", "cards"} <= nouns
    raw = re.compile(r"((?:\{\w+\}|\d+) (?:à|to) )?\{(\w+)\} ([\wéèêû]+)")
    lazy = [
        (key, lang, match.group(0))
        for key, entry in MESSAGES.items()
        for lang, text in entry.items()
        for match in raw.finditer(text)
        if match.group(3) in nouns and not match.group(1) and match.group(2) not in ("name", "by")
    ]
    assert lazy == []


@pytest.mark.parametrize(
    ("lang", "tricks", "said"),
    [
        ("en", 1, "failed (1 trick)"),
        ("en", 0, "failed (0 tricks)"),
        ("fr", 1, "perdu (1 pli)"),
        ("fr", 2, "perdu (2 plis)"),
    ],
)
def test_a_hand_failed_with_one_trick(lang, tricks, said):
    assert t(lang, "summary.failed", tricks=tricks) == said


def test_a_signed_amount_counts_by_its_size():
    assert [t("fr", "bete.jetons", count=n) for n in ("+1", "−1", "±0", "−12")] == [
        "+1 jeton",
        "−1 jeton",
        "±0 jeton",
        "−12 jetons",
    ]
    assert t("en", "bete.jetons", count="±0") == "±0 jetons"
