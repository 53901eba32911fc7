"""Cards, suits and tricks in words, as every message says them, and the pictures'
words (each picture says in words what it shows: Discord's alt text, read by screen
readers)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import CardRow, TrickView
from bot.texts.grammar import decimal
from bot.texts.i18n import MESSAGES, t, worded
from games.cards import Card, Suit
from games.duties import Duty
from games.tricks import PlayedTrick


def card_text(card: Card, lang: str) -> str:
    if card.is_joker:  # of no suit (Haitian Bésigue's)
        return t(lang, "card.joker")
    rank = card.rank.french if lang == "fr" else card.rank.text
    return f"{rank}{card.suit.symbol}"


def cards_text(cards: list[Card], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in cards) or "—"


def suit_text(suit: Suit, lang: str) -> str:
    return f"{suit.symbol} {t(lang, f'suit.{suit.name}')}"


def duty_text(duty: Duty, lang: str, game: str | None) -> str:
    """The duty a refused card breaks (``games.duties``), in ``lang``, as the game
    ``game`` (an id; None: the core's words) words it: "il faut fournir à ♥ cœur et
    monter sur R♥", "il faut couper (triomphe ♥ cœur)" at La Bête."""
    key = f"duty.{duty.must}"
    if duty.suit is None and f"{key}.joker" in MESSAGES:  # a joker was led
        key = f"{key}.joker"
    if game is not None:
        key = worded(key, game)
    args: dict[str, object] = {}
    if duty.suit is not None:
        args["suit"] = suit_text(duty.suit, lang)
    if duty.card is not None:
        args["card"] = card_text(duty.card, lang)
    if duty.trump is not None:
        args["trump"] = suit_text(duty.trump, lang)
    return t(lang, key, **args)


def unit_text(unit: str, lang: str, count: int | str = 2) -> str:
    """A game's unit of value (its valuer's: sous, jetons, points) in ``lang``, in the
    grammatical number of ``count`` (plural by default; a decimal as written, "0,26",
    counts as the catalogue's plural helper reads it); a unit with no words in the
    catalogue says itself."""
    key = f"unit.{unit}"
    return t(lang, key, count=count) if key in MESSAGES else unit


def loss_text(loss: float, unit: str, lang: str) -> str:
    """A loss (≥ 0) in ``unit`` as the hint and the review both say it: "0,8 jeton",
    "2 sous", "16 points" (a tenth below 10, whole above, hundredths below a tenth)."""
    digits = 2 if loss < 0.1 else 1 if loss < 10 else 0
    shown = decimal(lang, loss, digits)
    # a whole number says itself: "1 sou", "2 sous" (either language's decimal point)
    if "." in shown or "," in shown:
        shown = shown.rstrip("0").removesuffix(",").removesuffix(".")
    # the unit's grammatical number, of the number shown (1.97 shows 2): below 2 singular
    # in French, only exactly 1 in English
    rounded = round(loss, digits)
    count = int(rounded) if lang == "fr" else (1 if rounded == 1 else 2)
    return f"{shown} {unit_text(unit, lang, count)}"


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else ("±0" if amount == 0 else f"−{-amount}")


def trick_text(
    trick: Sequence[tuple[int, Card]], names: list[str], lang: str, winning: int = -1
) -> str:
    """A trick card by card, who played each; the card winning it now in bold."""
    if not trick:
        return t(lang, "table.trick_empty")
    played = [(s, f"{names[s]} {card_text(c, lang)}") for s, c in trick]
    return " · ".join(f"**{text}**" if s == winning else text for s, text in played)


def played_trick_text(number: int, played: PlayedTrick, names: list[str], lang: str) -> str:
    """A finished trick: "Pli 1 : A♠ V♠ R♠ A♥ → Edmond" (its cards in the order played)."""
    cards = " ".join(card_text(c, lang) for _, c in played.cards)
    return t(lang, "table.last_trick", number=number, cards=cards, name=names[played.winner])


def trick_words(names: list[str], view: TrickView, lang: str) -> str:
    """The trick picture in words: the trick in progress, then the last trick taken."""
    lines = [trick_text(view.trick, names, lang)] if view.trick else []
    if view.tricks_played:
        number = len(view.tricks_played)
        lines.append(played_trick_text(number, view.tricks_played[-1], names, lang))
    return "\n".join(lines).replace("**", "")


def hand_tricks_words(tricks: Sequence[PlayedTrick], names: list[str], lang: str) -> str:
    """A whole hand's picture in words: every trick, its cards and who took it."""
    lines = [played_trick_text(n, trick, names, lang) for n, trick in enumerate(tricks, 1)]
    return "\n".join(lines)


def hand_words(rows: Sequence[CardRow], lang: str, owner: str | None = None) -> str:
    """A hand's picture in words: the hand, then each labelled row by its label; the
    hand said to be ``owner``'s where its reader is someone else (a referee)."""
    lines = []
    hand: tuple[str, dict[str, object]] = (
        ("hand.cards", {}) if owner is None else ("hand.cards_of", {"name": owner})
    )
    for row in rows:
        cards = cards_text(list(row.cards), lang)
        key, args = ("hand.row", {"label": row.label}) if row.label else hand
        lines.append(t(lang, key, cards=cards, **args))
    return "\n".join(lines).replace("**", "")
