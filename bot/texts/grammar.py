"""The catalogue's one plural and article helper: how ``bot.texts.i18n.t`` fills a text.

Two field specs beside ``str.format``'s own: ``{count:pli|plis}`` chooses a word by
the number, in the text's language (0 and 1 are singular in French, only 1 in
English); ``{name:de}`` writes the word before the value, elided where French asks
("de Berthe", "d'Arthur"): every French text that puts "de", "que", "le"... before
a name says it so, never "de {name}" (a test reads the whole catalogue for it).
"""

from __future__ import annotations

import string
from functools import cache
from typing import Any, Final

# French words that lose their vowel before a vowel or a mute h ("d'Arthur", "qu'Yves")
ELIDED: Final = frozenset(
    ("ce", "de", "je", "jusque", "la", "le", "lorsque", "me", "ne", "puisque", "que", "se", "te")
)
_VOWELS: Final = frozenset("aeiouàâäéèêëîïôöùûüœæ")


def singular(lang: str, count: int) -> bool:
    """Whether ``count`` takes the singular: 0 and 1 in French, 1 in English."""
    return abs(count) < 2 if lang == "fr" else abs(count) == 1


def plural(lang: str, count: int | str, one: str, many: str) -> str:
    """``one`` or ``many`` as ``count`` asks (a count such as "1/2/3" is plural; a signed
    amount as the bot writes it, "+3", "−1", "±0", counts by its size; a decimal, "0,26"
    or "1.50", is singular under 2 in French and plural in English)."""
    text = count if isinstance(count, int) else str(count).lstrip("+-−±")
    try:
        number = int(text)
    except (TypeError, ValueError):
        try:
            fraction = float(str(text).replace(",", ".").replace("\u202f", ""))
        except ValueError:
            return many
        return one if lang == "fr" and abs(fraction) < 2 else many
    return one if singular(lang, number) else many


def elides_before(text: str) -> bool:
    """Whether French elides before ``text``: a vowel; an h before a vowel (taken as
    mute, as in the first names "Henri", "Hélène"); a y before a consonant ("Yves",
    not "Yann").  A name that starts with an emoji or a digit does not elide."""
    word = text[:2].lower()
    if not word:
        return False
    if word[0] in _VOWELS:
        return True
    following_vowel = len(word) > 1 and word[1] in _VOWELS
    return (word[0] == "h" and following_vowel) or (
        word[0] == "y" and len(word) > 1 and not following_vowel
    )


def with_word(word: str, text: str) -> str:
    """``word`` before ``text``, elided where French asks: "de Berthe", "d'Arthur"."""
    if elides_before(text):
        return f"{word[:-1]}'{text}"
    return f"{word} {text}"


def decimal(lang: str, value: float, places: int = 2) -> str:
    """``value`` with ``places`` decimals, as ``lang`` writes them: "0,42", "0.42"."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "fr" else text


class _Formatter(string.Formatter):
    """``str.format`` with the two specs of the module's docstring."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            return plural(self.lang, value, one, many)
        if format_spec in ELIDED:
            return with_word(format_spec, str(value))
        return str(super().format_field(value, format_spec))


_FORMATTERS: Final = {lang: _Formatter(lang) for lang in ("fr", "en")}


@cache
def _plain(text: str) -> bool:
    """Whether ``text`` uses neither spec: ``str.format`` then says the same, several
    times faster (texts are few: each is looked at once)."""
    specs = (spec for _, name, spec, _ in string.Formatter().parse(text) if name is not None)
    return not any(spec and ("|" in spec or spec in ELIDED) for spec in specs)


def fill(lang: str, text: str, args: dict[str, Any]) -> str:
    """``text`` of the catalogue in ``lang``, its fields filled from ``args``."""
    if _plain(text):
        return text.format(**args)
    return _FORMATTERS.get(lang, _FORMATTERS["fr"]).format(text, **args)
