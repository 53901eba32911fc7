"""No other game's words, and one word for each concept: every text the bot sends
during a whole game of one game (the lobby, the table, the private hands, the
summaries, ``/table stop``, ``/scoreboard``, ``/history``, ``/betes``, in French and in
English) uses none of the words that belong only to the other games (each game's
``own_words``, kept in its package), and names a deal, a trick and trump with the
game's own terms (``terms``).

A message that lists several games (``/betes`` where no table is: every game of the
server that keeps a register) names them rightly: each of its embeds is held to the
words of the game it names. Everything else is held to the game played.
"""

from __future__ import annotations

import pytest

from bot.game import TableGame
from tests.e2e.fake import Sent
from tests.e2e.fake.model import visible_texts
from tests.e2e.transcripts import Key, Transcript, keys, played
from tests.vocabulary import found, named_game, offered_games, other_terms, others_words


def parts(
    sent: Sent, transcript: Transcript, games: list[TableGame]
) -> list[tuple[TableGame, str]]:
    """The texts of one change, each with the game whose words it may use."""
    embeds = list(sent.payload.get("embeds") or [])
    named = [named_game(str(e.get("title") or ""), games, transcript.lang) for e in embeds]
    if len({g.id for g in named if g is not None}) < 2:
        return [(transcript.game, sent.text())]
    out = [(game or transcript.game, "\n".join(visible_texts({"embeds": [embed]})))
           for game, embed in zip(named, embeds, strict=True)]  # fmt: skip
    rest = {k: v for k, v in sent.payload.items() if k != "embeds"}
    return [*out, (transcript.game, "\n".join(visible_texts(rest)))]


def foreign_words(transcript: Transcript) -> list[str]:
    """Each text of the transcript that uses another game's own word, and the words."""
    games = offered_games()
    faults = []
    for sent in transcript.sent:
        if sent.kind == "message.delete":
            continue
        for game, text in parts(sent, transcript, games):
            words = others_words(game, games)
            for word in found(words, text):
                line = next(line for line in text.splitlines() if found([word], line))
                owned = ", ".join(words[word])
                faults.append(f"#{sent.seq} {sent.kind}: {word!r} ({owned}) in {line!r}")
    return faults


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_no_other_games_words(key: Key) -> None:
    transcript = await played(key)
    faults = foreign_words(transcript)
    assert not faults, f"{key}: {len(faults)} texts use another game's words:\n" + "\n".join(
        dict.fromkeys(faults)
    )


def test_the_check_sees_another_games_word() -> None:
    """The check finds a word of another game, whole, in any case and accents, and not
    inside a longer word; the words of the game played (its family's too) are its own."""
    games = offered_games()
    for game in games:
        others = others_words(game, games)
        assert others, game.id
        word, owned = next(iter(others.items()))
        assert found(others, f"Un texte : **{word.upper()}** !") == [word]
        assert not found(others, f"Un texte : x{word}x")
        assert not set(others) & set(game.texts.own_words)
        assert owned and game.id not in owned


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_one_word_for_each_concept(key: Key) -> None:
    """Every text of the game names a deal, a trick and trump with the game's own terms."""
    transcript = await played(key)
    games = offered_games()
    faults = []
    for sent in transcript.sent:
        if sent.kind == "message.delete":
            continue
        for game, text in parts(sent, transcript, games):
            for line in text.splitlines():
                for word, use in other_terms(game, line, transcript.lang):
                    faults.append(f"#{sent.seq} {sent.kind}: {word!r} ({use!r}) in {line!r}")
    assert not faults, f"{key}: {len(faults)} texts use another term:\n" + "\n".join(
        dict.fromkeys(faults)
    )
