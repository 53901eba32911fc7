"""Hidden information stays hidden: no message of a whole game shows a card to
someone who could not see it at that moment (``tests.e2e.leaks``), and the scan
does catch a card shown to the wrong person."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from bot.drawing.render import card_text
from games.cards import Card
from tests.e2e.fake import BotProcess, FakeDiscord, Sent
from tests.e2e.leaks import Knowledge, cards_in, game_knowledge, scan
from tests.e2e.players import WAIT, Move, TablePlayers, find_button

HANDS = 2


def card_label(card: str) -> str:
    """A card as the table writes it (the public messages are in French here)."""
    return card_text(Card.parse(card), "fr")


async def test_no_message_shows_a_hidden_card(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot(module="tests.e2e.seeded_bot", env={"BETE_TABLE_SEED": "1792"})
    await bot.start()
    users = [server.add_user(name) for name in ("arthur", "bertrand", "edmond")]
    users.append(server.add_user("gaston", locale="en-US"))  # cards as K♥ Q♠ J♦
    players = TablePlayers(server, users)

    async def look_around(move: Move) -> None:
        """At a few moments every player opens *My hand*, types ``/hand`` and starts
        typing ``/play``: ephemeral answers and autocomplete are scanned too."""
        plays = sum(1 for m in players.moves if m.hand_no == move.hand_no and m.verb == "play")
        if move.verb not in ("start", "discard") and not (move.verb == "play" and plays == 7):
            return
        table = players.require_table()
        for user in users:
            hand = find_button(table, "hand")
            assert hand is not None
            await (await user.click(table, hand, timeout=WAIT)).wait_ack(WAIT)
            await (await user.slash("hand", timeout=WAIT)).wait_ack(WAIT)
            await user.autocomplete("play", "move", timeout=WAIT)

    players.after_move = look_around
    await players.play(HANDS)
    await players.finish()
    knowledge = game_knowledge(players, bot.database_path)

    result = scan(server.log, knowledge)
    assert result.leaks == [], "\n".join(str(leak) for leak in result.leaks[:20])

    # The scan saw what it must: every card each player held, in their private
    # messages, and the cards played, in public.
    for user in users:
        own = {card for _, cards in knowledge.private[user.id] for card in cards}
        missing = own - result.shown[user.id]
        assert not missing, f"{user.name} was never shown {missing}"
    played = [m.arg for m in players.moves if m.verb == "play"]
    assert len(played) == 20 * HANDS
    # every card played, the one that ends a trick too (the last trick stays on the
    # table beside the next), is seen by everyone, trick after trick in play order
    assert set(played) <= result.shown[None], set(played) - result.shown[None]
    public = " ".join(" ".join(sent.strings()) for sent in server.log if sent.audience is None)
    for start in range(0, len(played), 4):
        trick = " ".join(card_label(card) for card in played[start : start + 4])
        assert trick in public, f"the trick {trick} was never shown whole, in order"
    assert "Traceback" not in bot.output()
    assert server.problems() == []

    # Planted in this very log: a private hand sent to another player, or to everyone.
    private = next(
        s
        for s in server.log
        if s.audience == users[0].id and any(cards_in(text) for text in s.strings())
    )
    assert scan([private], knowledge).leaks == []
    to_other = dataclasses.replace(private, audience=users[1].id)
    assert scan([to_other], knowledge).leaks
    to_all = dataclasses.replace(private, audience=None)
    assert scan([to_all], knowledge).leaks


def _sent(seq: int, audience: int | None, payload: dict[str, object]) -> Sent:
    return Sent(seq, 0.0, "message.create", 1, 1, audience, payload, "test")


def test_cards_are_read_in_every_notation() -> None:
    assert cards_in("Vos cartes : **R♥ D♠ V♦ 10♣ 9♦ A♣**") == {
        "KH",
        "QS",
        "JD",
        "10C",
        "9D",
        "AC",
    }
    assert cards_in("Your cards: **K♥ Q♠ J♦**") == {"KH", "QS", "JD"}
    assert cards_in("tb:12:34:play:10S") == {"10S"}
    assert cards_in("QS") == {"QS"}
    # La Bête's deck goes down to the sevens
    assert cards_in("Vos cartes : **8♠ 7♥** · tb:3:4:play:8D") == {"8S", "7H", "8D"}
    # words, ids and contracts that are not cards
    for text in (
        "Arthur : 3 à ♠ pique",
        "tb:1:5:call:b2b",
        "tb:1:5:decl:S:3:0",
        "Bertrand 10 plis",
        "Edmond fait 8 plis.",
    ):
        assert cards_in(text) == set(), text


def test_scan_flags_planted_leaks() -> None:
    west, north = 101, 102
    knowledge = Knowledge()
    knowledge.show_everyone(0, ["9C"])  # tirer le roi
    knowledge.show(west, 2, ["KH", "10S"])  # west's hand, dealt at log #2
    knowledge.show_everyone(10, ["QS"])  # played at log #10

    fine = [
        _sent(3, west, {"embeds": [{"description": "Vos cartes : **R♥ 10♠**"}]}),
        _sent(4, None, {"content": "Tirer le roi : 9♣"}),
        _sent(11, north, {"components": [{"type": 2, "custom_id": "tb:1:9:play:QS"}]}),
    ]
    assert scan(fine, knowledge).leaks == []
    assert scan(fine, knowledge).checked == 4

    planted = [
        # west's card, in north's hand
        _sent(5, north, {"components": [{"type": 2, "custom_id": "tb:1:9:play:KH"}]}),
        # a card on the public table before anyone played it
        _sent(6, None, {"embeds": [{"fields": [{"name": "Pli", "value": "Ouest D♠"}]}]}),
        # west's own card, before the deal
        _sent(1, west, {"content": "K♥"}),
        # a menu option, an autocomplete choice
        _sent(7, north, {"components": [{"type": 3, "options": [{"value": "10S"}]}]}),
        dataclasses.replace(
            _sent(8, north, {"choices": [{"name": "R♥", "value": "KH"}]}),
            kind="interaction.autocomplete",
        ),
    ]
    leaks = scan(planted, knowledge).leaks
    assert [(leak.seq, leak.card) for leak in leaks] == [
        (5, "KH"),
        (6, "QS"),
        (1, "KH"),
        (7, "10S"),
        (8, "KH"),
        (8, "KH"),
    ]
