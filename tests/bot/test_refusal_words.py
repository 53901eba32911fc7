"""A refusal is worded by its code (``bot.texts.refusals``), in both languages, for every
code of every game the bot offers; a card refused at the trick says the duty it breaks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.drawing.wording import duty_text
from bot.errors import MoveRefused
from bot.game import TableGame
from bot.texts.i18n import LANGS, MESSAGES
from bot.texts.refusals import error_text, listed_moves, refusal_error
from games.cards import SUITED_RANKS, Card, Suit
from games.duties import Must
from games.refusals import Refusal, Rule
from tests.bot.offered import offered_games, positions


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
def test_each_refusal_code_has_words_in_french_and_english(game: TableGame) -> None:
    keys = game.renderer.refusals
    for code in game.spec.refusal_codes():
        assert code in keys, f"{game.id}: no words for the refusal {code!r}"
        entry = MESSAGES.get(keys[code])
        assert entry is not None, f"{game.id}: {code!r} is worded by an unknown key {keys[code]}"
        for lang in LANGS:
            assert entry.get(lang, "").strip(), f"{keys[code]} has no {lang} text"


def _cards(packs: int = 2) -> list[Card]:
    """Every card of up to ``packs`` packs, the jokers too, as a move may name them."""
    suited = [Card(s, r, c) for c in range(packs) for s in Suit for r in SUITED_RANKS]
    return suited + [Card.joker(c) for c in range(packs)]


def broken_duties(game: TableGame, seed: int) -> Iterator[tuple[Any, Any, Refusal]]:
    """Each (state, card move, refusal) of a random deal of ``game`` where the seat to
    act, playing to the trick, holds the card but the rules refuse it for a duty."""
    for state in positions(game, seed):
        for found in _refused_now(game, state):
            if found[2].code is Rule.OBLIGATION:
                yield found


def _refused_now(game: TableGame, state: Any) -> Iterator[tuple[Any, Any, Refusal]]:
    """Each card the seat to act may not play now, while it plays to the trick, with the
    refusal (a card not held is refused too)."""
    legal = [str(a) for a in state.legal_actions()]
    if not all(words.startswith("play ") for words in legal):  # a call, not the cards
        return
    for card in _cards():
        try:
            move = game.port.parse_action(f"play {card}")
        except ValueError:
            continue  # a card of no pack of the game's
        refusal = state.check(move)
        if refusal is not None:
            yield state, move, refusal


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
def test_a_card_refused_at_the_trick_says_the_duty_it_breaks(game: TableGame) -> None:
    """A player told only "not allowed" at the trick does not learn the rule: the answer
    names the duty (follow, beat, trump, overtrump...) in the player's language."""
    seen: set[Must] = set()
    for seed in range(6):
        for state, move, refusal in broken_duties(game, seed):
            duty = refusal.duty
            assert duty is not None and duty.must is not Must.ANY, refusal
            view = state.view(state.turn)
            refused = MoveRefused(game, view, move, refusal, list(view.legal))
            error = refusal_error(refused)
            for lang in LANGS:
                words = error_text(error, lang)
                assert duty_text(duty, lang, game.id) in words, (lang, words)
                assert "{" not in words, words
            assert str(duty) not in error_text(error, "fr")  # not the engine's English
            seen.add(duty.must)
    assert seen, f"{game.id}: no card refused for a duty in six random deals"


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
def test_the_seat_to_play_sees_the_duty_before_it_plays_and_nobody_else(game: TableGame) -> None:
    """The cards a duty keeps from the trick are greyed out in the hand: its view says
    why (the refusal's own duty), only the seat to play's, and the public view never."""
    shown = 0
    for seed in range(4):
        for state in positions(game, seed):
            refused = {
                str(move): refusal
                for _, move, refusal in _refused_now(game, state)
                if refusal.code is Rule.OBLIGATION
            }
            for seat in range(game.min_seats):
                view = state.view(seat)
                assert game.renderer.public_view(view).duty is None
                if seat != state.turn or not refused:
                    assert view.duty is None, (seat, state.turn, view.duty)
                    continue
                assert view.duty is not None
                assert view.duty in {r.duty for r in refused.values()}  # as a refusal says it
                shown += 1
    assert shown, f"{game.id}: no duty seen in four random deals"


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
def test_every_refusal_of_every_seat_is_worded_whole(game: TableGame) -> None:
    """At every position of random deals, the moves of the seat to act tried by every
    seat: each refusal is worded in both languages, whole (the refused seat's view has
    no moves of its own: L'Hombre's exchange and La Bête Hombrée's discard read them)."""
    for seed in range(10):
        for state in positions(game, seed):
            moves = list(state.legal_actions())
            for seat in range(game.min_seats):
                view = state.view(seat)
                for move in moves[:4]:
                    refusal = state.check(move, seat)
                    if refusal is None:
                        continue
                    error = refusal_error(MoveRefused(game, view, move, refusal, list(view.legal)))
                    for lang in LANGS:
                        words = error_text(error, lang)
                        assert "{" not in words and "  " not in words, words


def test_moves_whose_words_hold_a_comma_are_listed_apart() -> None:
    """L'Hombre's "Sans prendre, vole" listed with commas would read as two moves, one
    of them the call just refused."""
    hombre = next(g for g in offered_games() if g.id == "hombre")
    vole = hombre.port.parse_action("sans-prendre-vole")
    for lang in LANGS:
        words = [hombre.renderer.action_text(hombre.port.parse_action("pass"), lang)]
        words.append(hombre.renderer.action_text(vole, lang))
        assert "," in words[1]
        assert listed_moves(words) == f"{words[0]} · {words[1]}"
    assert listed_moves(["K♠", "7♠"]) == "K♠, 7♠"
    assert listed_moves([]) == "—"
