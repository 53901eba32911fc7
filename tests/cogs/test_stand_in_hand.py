"""The private hand of a person the computer plays for (``/table replace``, or the others'
button for an absent player): the seat and its cards are still theirs, so the hand
follows the play and the deals as anyone's, says that the computer plays, offers no
move, and offers the seat back, in the DM and under *My hand* alike."""

from __future__ import annotations

from bot.tables.computer import inline_decider
from bot.texts.i18n import game_text, t
from tests.cogs.helpers import last_dm, live
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_moderation import moderator

STAND_IN = t("en", "hand.stand_in")
YOUR_TURN = game_text("hombree", "en", "hand.your_turn.auction")
BACK = t("en", "btn.take_back")


def hand_text(message) -> str:
    return message.embeds[0].description or ""


def components(message) -> list[dict]:
    """A message's buttons and menus as Discord sends them (a DM's are discord.py's
    objects, an ephemeral answer's SimCord's dicts)."""
    found = []
    for row in message.components:
        row = row if isinstance(row, dict) else row.to_dict()
        found += row.get("components", [])
    return found


def button_labels(message) -> list[str]:
    return [item["label"] for item in components(message) if item.get("label")]


def moves_offered(message) -> list[str]:
    """The moves a private hand offers: its open buttons and menus of the game's verbs
    (the cards held are greyed buttons)."""
    table_verbs = {"back", "look", "hand", "rules", "hint", "tricks"}
    open_ = [item for item in components(message) if not item.get("disabled")]
    ids = [item["custom_id"] for item in open_ if item.get("custom_id")]
    return [cid for cid in ids if cid.split(":")[3] not in table_verbs]


async def test_the_hand_of_a_player_replaced_at_his_turn_says_the_computer_plays(world):
    table = await open_full_table(world)
    world.bot.service.ai_pause = 30.0  # the computer takes its time: the hand is seen first
    est = world.members[1]
    assert table.state.turn == 1 and YOUR_TURN in hand_text(last_dm(world, 1))
    await moderator(world).slash(world.channel, "table replace", player=est)
    assert table.seats[1].stand_in
    dm = last_dm(world, 1)  # edited at once: its reader may no longer do anything
    assert YOUR_TURN not in hand_text(dm) and STAND_IN in hand_text(dm)
    assert t("en", "hand.turn_stood_in") in hand_text(dm)
    assert game_text("hombree", "en", "hand.face_down_stood_in") in hand_text(dm)
    assert not moves_offered(dm) and BACK in button_labels(dm)
    assert "Look at my hand" not in button_labels(dm)  # it would take the blind calls away

    panel = await est.click(world.table_message(), label="My hand")
    assert panel.ephemeral
    shown = panel.response
    assert YOUR_TURN not in hand_text(shown) and STAND_IN in hand_text(shown)
    assert not moves_offered(shown) and BACK in button_labels(shown)

    await world.env.advance_time(31)  # the computer calls for Est: his hand follows
    assert table.state.actions and table.state.actions[0][0] == 1
    dm = last_dm(world, 1)
    assert t("en", "hand.turn_of", name=table.name(table.state.turn)) in hand_text(dm)
    assert STAND_IN in hand_text(dm) and not moves_offered(dm)
    assert not [e for e in world.env.errors if type(e).__name__ != "UserError"]


async def test_the_seat_is_taken_back_from_the_hand(world):
    table = await open_full_table(world)
    world.bot.service.ai_pause = 30.0
    est, garde = world.members[1], moderator(world)
    await garde.slash(world.channel, "table replace", player=est)
    await est.user.click(last_dm(world, 1), label=BACK)  # in his DM
    assert table.seats[1].human and not table.seats[1].stand_in
    dm = last_dm(world, 1)  # the click's answer: his calls again
    assert YOUR_TURN in hand_text(dm) and STAND_IN not in hand_text(dm)
    assert "Pass" in button_labels(dm) and BACK not in button_labels(dm)
    lang = table.public_lang
    log = world.table_message().embeds[0].fields[-1].value
    assert game_text(table.game.id, lang, "log.return", name="Est") in log

    await garde.slash(world.channel, "table replace", player=est)
    panel = await est.click(world.table_message(), label="My hand")
    back = await est.click(panel.response, label=BACK)  # under *My hand*
    assert table.seats[1].human
    assert YOUR_TURN in hand_text(back.response) and "Pass" in button_labels(back.response)
    assert not [e for e in world.env.errors if type(e).__name__ != "UserError"]


async def test_a_player_the_computer_plays_for_gets_each_new_deal(world):
    table = await open_full_table(world)
    world.bot.service.ai_pause = 0.2

    async def at_once(game: str, level: str, view, seed: int):  # the fair player's rules
        return await inline_decider(game, table.game.spec.fair, view, seed)  # of thumb

    world.bot.service.decider = at_once
    garde = moderator(world)
    for member in world.members:
        await garde.slash(world.channel, "table replace", player=member)
    for _ in range(200):
        if live(world).between_hands:
            break
        await world.env.advance_time(0.5)
    assert table.between_hands
    first = [last_dm(world, seat).id for seat in range(4)]
    for seat in range(4):  # the hand's result, and still who plays
        assert STAND_IN in hand_text(last_dm(world, seat))
    world.bot.service.ai_pause = 30.0  # the new deal's hands are looked at before a move
    await world.members[0].click(world.table_message(), label="Next hand")
    assert live(world).hand_no == 2
    for seat in range(4):  # a new DM for the new deal, as for anyone
        dm = last_dm(world, seat)
        assert dm.id != first[seat] and STAND_IN in hand_text(dm)
        assert "Hand #2" in hand_text(dm) and not moves_offered(dm)
    assert not [e for e in world.env.errors if type(e).__name__ != "UserError"]
