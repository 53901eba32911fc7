"""Bad clicks and bad input get a short ephemeral answer and change nothing."""

from __future__ import annotations

from discord import app_commands

from bot.errors import MoveRefused, UserError
from bot.ids import ComponentId
from games.bete_hombree import Action
from games.refusals import Rule
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, custom_ids, last_dm, live, message_text
from tests.cogs.test_full_hand import open_full_table


def refused(world, result, *words: str) -> None:
    """An ephemeral refusal naming ``words``; the only errors seen are refusals."""
    assert result.ephemeral, result
    text = result.response.content
    for word in words:
        assert word in text, text
    for error in world.env.errors:  # reading them acknowledges them
        while isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        assert isinstance(error, (UserError, MoveRefused)), error


async def test_non_seated_and_wrong_seat_clicks(world):
    table = await open_full_table(world)
    stranger = world.guild.add_member(world.env.create_user("Curieux"))
    seq, moves = table.seq, table.moves
    message = world.table_message()
    call = str(ComponentId(table.id, moves, "call", "pass"))
    assert call in custom_ids(message)  # Est's calls are on the table message
    refused(world, await stranger.click(message, custom_id=call), "not seated")
    refused(world, await stranger.click(message, label="My hand"), "not seated")
    # Nord (not first hand) presses Est's Pass on the table message
    refused(world, await world.members[2].click(message, custom_id=call), "Not your turn", "Est")
    assert (table.seq, table.moves) == (seq, moves)
    assert table.state is not None and not table.state.actions


async def test_stale_click_changes_nothing(world, monkeypatch):
    table = await open_full_table(world)

    async def not_yet(table) -> None:
        """The click races the panel's redraw: it comes from the panel as it was."""

    monkeypatch.setattr(world.bot.presenter, "refresh_panels", not_yet)
    est = world.members[1]
    await est.user.click(last_dm(world, 1), label="Look at my hand")
    shown = await est.click(world.table_message(), label="My hand")  # an ephemeral panel
    assert shown.ephemeral
    await est.user.click(last_dm(world, 1), label="Pass")  # Est passes from the DM
    moves = table.moves
    # Est clicks Pass again on the older ephemeral panel: the hand has moved on
    refused(world, await est.click(shown.response, label="Pass"), "moved on")
    assert table.moves == moves
    assert table.state is not None and len(table.state.actions) == 1


async def test_illegal_card_through_play_command(world):
    table = await open_full_table(world)
    for seat, words in actions()[:10]:
        await act_in_dm(world, seat, Action.parse(words))
    assert table.state is not None and table.state.turn == 1
    est = world.members[1]
    choices = await est.autocomplete(world.channel, "play", "move", "")
    assert sorted(c["value"] for c in choices) == [
        f"play {card}" for card in ("9D", "AC", "AD", "AS", "JS")
    ]  # a lead: any
    moves = table.moves
    refused(world, await est.slash(world.channel, "play", move="KH"), "do not hold", "J♠")
    refused(world, await est.slash(world.channel, "play", move="zz"), "zz")
    refused(world, await world.members[2].slash(world.channel, "play", move="KS"), "Not your turn")
    assert table.moves == moves
    result = await est.slash(world.channel, "play", move="AS")
    assert result.ephemeral and table.moves == moves + 1
    # the same card typed again, as if it raced its own click: done already (no button
    # was clicked, so none is called stale), and whose turn it is now
    again = await est.slash(world.channel, "play", move="AS")
    refused(world, again, "Done already", f"it is {table.name(table.state.turn)}'s turn")
    assert "button" not in again.response.content
    assert table.moves == moves + 1
    # Nord must follow spades and beat the ace: only K♠ (Nord holds K♠ 10♠ 9♠)
    nord = world.members[2]
    choices = await nord.autocomplete(world.channel, "play", "move", "")
    assert [c["value"] for c in choices] == ["play KS"]
    refused(
        world,
        await nord.slash(world.channel, "play", move="10S"),
        "not allowed",
        "follow suit (♠ spades) and beat A♠",
        "Playable: K♠",
    )
    # the duty was already said where Nord's greyed cards are, and nowhere public
    duty = "You must follow suit (♠ spades) and beat A♠."
    assert duty in message_text(last_dm(world, 2))
    assert duty not in message_text(last_dm(world, 1)) + message_text(world.table_message())


async def test_second_table_in_channel_and_start_with_three(world):
    sud, est, nord, ouest = world.members
    await sud.slash(world.channel, "table new hombree")
    refused(world, await est.slash(world.channel, "table new hombree"), "already open")
    message = world.table_message()
    await est.click(message, label="Join")
    await nord.click(message, label="Join")
    refused(world, await sud.click(world.table_message(), label="Start"), "4 players", "3 seated")
    assert live(world).status == "lobby"
    # a player sits at one table per server
    other = world.guild.create_text_channel("autre")
    refused(world, await est.slash(other, "table new hombree"), "already sit")
    refused(world, await ouest.click(world.table_message(), label="Leave"), "not seated")


async def test_table_new_in_a_dm(world):
    result = await world.members[0].user.slash("table new hombree")
    refused(world, result, "server channel")
    assert world.bot.service.tables == {}


async def test_player_with_dms_closed_plays_through_my_hand(world):
    nord = world.members[2]
    dm = nord.user.dm_channel
    world.env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        times=None,
        message="Cannot send messages to this user",
    )
    table = await open_full_table(world)
    assert str(nord.id) in world.bot.presenter.shown(table).dm_closed
    notices = [m for m in world.channel.history() if "My hand" in (m.content or "")]
    assert len(notices) == 1 and nord.mention in notices[0].content
    # Est passes; Nord then plays through My hand
    est = world.members[1].user
    await est.click(last_dm(world, 1), label="Look at my hand")
    await est.click(last_dm(world, 1), label="Pass")
    shown = await nord.click(world.table_message(), label="My hand")
    assert shown.ephemeral
    assert "K♠" in shown.response.embeds[0].description
    result = await nord.click(shown.response, label="2")
    assert table.state is not None
    assert [str(a) for _, a in table.state.actions] == ["pass", "bid 2"]
    assert "It is Ouest's turn" in result.response.embeds[0].description
    assert "Ouest to bid" in world.table_message().embeds[0].description
    notices = [m for m in world.channel.history() if "My hand" in (m.content or "")]
    assert len(notices) == 1  # told once only
    assert not world.env.errors


async def test_a_refused_move_is_answered_once_in_the_games_words(world):
    """The service refuses with the engine's typed reason and changes nothing; the
    answer, the only request the move makes, says it in the game's words."""
    table = await open_full_table(world)
    for seat, words in actions()[:10]:
        await act_in_dm(world, seat, Action.parse(words))
    est = world.members[1]
    seq, moves, mark = table.seq, table.moves, len(world.env.http_requests)
    result = await est.slash(world.channel, "play", move="KH")  # not in Est's hand
    answers = [r for r in world.env.http_requests[mark:] if "/interactions/" in r.path]
    assert len(world.env.http_requests) - mark == len(answers) == 1
    errors = list(world.env.errors)
    while errors and isinstance(errors[0], app_commands.CommandInvokeError):
        errors[0] = errors[0].original
    assert len(errors) == 1 and isinstance(errors[0], MoveRefused)
    assert errors[0].refusal.code is Rule.NOT_HELD
    assert result.ephemeral and "You do not hold that card" in result.response.content
    assert "not in this hand" not in result.response.content  # never the engine's English
    assert (table.seq, table.moves) == (seq, moves)


STOP_ELSEWHERE = {
    "en": {
        "join": "Join",
        "start": "Start",
        "not_here": "You do not sit at this channel's table: yours is in",
        "none_here": "No table in this channel",
        "not_seated": "You are not seated at this table.",
    },
    "fr": {
        "join": "S'asseoir",
        "start": "Commencer",
        "not_here": "Vous n'êtes pas assis à la table de ce salon : la vôtre est dans",
        "none_here": "Aucune table dans ce salon",
        "not_seated": "Vous n'êtes pas assis à cette table.",
    },
}


async def stop_in_other_channels(world, words: dict[str, str]) -> None:
    """``/table stop`` acts on the table of the channel it is typed in, never on the
    user's own elsewhere: typed where another table plays, or where none does, it
    changes nothing and says where the user's table is."""
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree")
    for member in world.members[1:]:
        await member.click(world.table_message(), label=words["join"])
    await sud.click(world.table_message(), label=words["start"])
    table = live(world)  # Sud, Est, Nord and Ouest play in #salon
    autre = world.guild.create_text_channel("autre")
    cinq = world.guild.add_member(world.env.create_user("Cinq"))
    await cinq.slash(autre, "table new bete", computers=1)
    lobby = world.bot.service.in_channel(autre.id)
    salon = f"<#{world.channel.id}>"
    refused(world, await sud.slash(autre, "table stop"), words["not_here"], salon)
    refused(
        world, await cinq.slash(world.channel, "table stop"), words["not_here"], f"<#{autre.id}>"
    )
    vide = world.guild.create_text_channel("vide")
    refused(world, await sud.slash(vide, "table stop"), words["none_here"], salon)
    passant = world.guild.add_member(world.env.create_user("Passant"))
    refused(world, await passant.slash(world.channel, "table stop"), words["not_seated"])
    refused(world, await passant.slash(vide, "table stop"), words["none_here"])
    assert lobby is not None and lobby.status == "lobby" and len(lobby.seats) == 2
    assert table.session is not None and not table.session.stop_requested
    result = await sud.slash(world.channel, "table stop")  # at his table: it stops
    assert result.ephemeral and table.session.stop_requested


async def test_table_stop_acts_on_the_table_of_its_channel_only(world):
    await stop_in_other_channels(world, STOP_ELSEWHERE["en"])


async def test_table_stop_acts_on_the_table_of_its_channel_only_in_french(world, french):
    await stop_in_other_channels(world, STOP_ELSEWHERE["fr"])


LOBBY_CLOSERS = {
    "en": {
        "join": "Join",
        "leave": "Leave",
        "opener": "Only the player who opened the table may close it",
    },
    "fr": {
        "join": "S'asseoir",
        "leave": "Se lever",
        "opener": "Seule la personne qui a ouvert la table peut la fermer",
    },
}


async def close_a_lobby(world, words: dict[str, str]) -> None:
    """Who closes a lobby: its opener; once the opener has left, anyone seated (the first
    seated may have gone away: the channel is not held for them)."""
    sud, est, nord = world.members[:3]
    await sud.slash(world.channel, "table new hombree")
    for member in (est, nord):
        await member.click(world.table_message(), label=words["join"])
    table = live(world)
    refused(world, await nord.slash(world.channel, "table stop"), words["opener"])
    await sud.click(world.table_message(), label=words["leave"])
    assert table.status == "lobby" and table.players == [str(est.id), str(nord.id)]
    result = await nord.slash(world.channel, "table stop")  # not the first seated: Est
    assert result.ephemeral and table.status == "ended"


async def test_once_the_opener_has_left_the_first_seated_closes_the_lobby(world):
    await close_a_lobby(world, LOBBY_CLOSERS["en"])


async def test_once_the_opener_has_left_the_first_seated_closes_the_lobby_in_french(world, french):
    await close_a_lobby(world, LOBBY_CLOSERS["fr"])


async def test_a_button_label_typed_with_play_is_that_move(world):
    table = await open_full_table(world)
    est, nord = world.members[1], world.members[2]
    assert table.state is not None and table.state.turn == 1
    assert "Sans préjudice (blind 2)" in message_text(last_dm(world, 1))  # Est's button
    moves = table.moves
    # Nord is not to act: his words are not read among Est's moves
    refused(world, await nord.slash(world.channel, "play", move="Sans préjudice (blind 2)"))
    assert table.moves == moves
    result = await est.slash(world.channel, "play", move="sans prejudice (blind 2)")
    assert result.ephemeral and table.moves == moves + 1
    assert table.state.actions[-1] == (1, Action.parse("sans-prejudice"))


async def test_a_call_refused_with_the_hand_face_down_lists_the_calls_offered(world):
    """Before looking, a hand is offered the blind calls and pass: a refused call lists
    those, as its buttons (before, every bid the engine would take typed, "2, 2 en
    belle…", which no button offers), and says they are the face-down ones."""
    table = await open_full_table(world)
    view = table.state.view(1)
    assert view.face_down and table.state.turn == 1
    answer = await world.members[1].slash(world.channel, "play", move="tout")
    refused(world, answer, "not possible")
    said = answer.response.content
    listed, rest = said.split("Possible face down: ", 1)[1].split(" (or ", 1)
    renderer = table.game.renderer
    offered = [renderer.listed_text(view, a, "en") for a in renderer.offered(view)]
    assert listed.split(", ") == offered and len(offered) < len(view.legal)
    # which are not all the calls the rules allow: looking offers the others
    assert rest.startswith("look at your hand for the other calls"), said
    assert table.state.actions == []
