"""A hand's review through the real cogs: the *Review* button under each summary and
``/history review:``. Each game plays its first deal (the fair computer player's moves
for every seat), then a player asks for the review of their seat: a progress line
edited in place, then the result, stored whole; asked again it answers from the store,
nothing valued again. Nobody but the hand's players is reviewed, and a review never
names a card its seat did not see at that moment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.drawing.review import review_target
from bot.game import TableGame
from bot.games import table_games
from bot.ids import ComponentId
from bot.teacher.reviewer import inline_review
from bot.texts.i18n import t
from games.ai.teacher import has_valuer
from games.ai.teacher.steps import deal_lines, deal_start, game_of, seats_of
from games.records import split_action_line
from tests.cogs.conftest import World
from tests.cogs.helpers import custom_ids
from tests.cogs.test_closed_hands import seated, step
from tests.cogs.test_moderation import moderator
from tests.conformance.watch import embed_strings
from tests.e2e.leaks import cards_in

LANG = "en"  # SimCord's users click in English
DEFAULT_SETTLE = 5.0  # seconds the fake Discord waits for the bot to settle after an event
REVIEW_SETTLE = 15.0  # and after the click that reviews a whole seat (under the 30 s idle poll)


class Counted:
    """The reviewer's decisions, valued in this process and counted."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    async def __call__(
        self, record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
    ) -> dict[str, Any]:
        self.keys.append(key)
        return await inline_review(record, seat, key, budget, seed)


async def first_deal(world: World, game: TableGame) -> tuple[int, str] | None:
    """The first deal played to its end; its summary's *Review* button's id and hand
    (None: the game values no move, and its summary has no such button)."""
    table = await seated(world, game)
    while table.hand_no == 1 and not table.between_hands and table.status != "ended":
        await step(world, table)
    await world.env.settle()
    summary = world.summary()
    review = [c for c in custom_ids(summary) if ComponentId.parse(c).verb == "review"]
    if not has_valuer(game.id):
        assert review == []
        return None
    assert len(review) == 1, custom_ids(summary)
    table_id, hand_no, pictures = review_target(ComponentId.parse(review[0]).arg)
    assert pictures and (table_id, hand_no) == (table.id, 1)
    async with world.bot.db.reading() as store:
        hand_id = await store.ledger.hand_id(table_id, hand_no)
    assert hand_id is not None
    return hand_id, review[0]


def progress_edits(world: World, since: int) -> list[tuple[str, str]]:
    """The edits of deferred answers since ``since``: their path and content."""
    return [
        (r.path, (r.json or {}).get("content") or "")
        for r in world.env.http_requests[since:]
        if r.method == "PATCH" and r.path.endswith("/messages/@original")
    ]


def deferred(world: World, since: int) -> bool:
    """Whether the first interaction answered since ``since`` was deferred (ephemeral)."""
    answers = [r for r in world.env.http_requests[since:] if r.path.endswith("/callback")]
    return bool(answers) and answers[0].json == {"type": 5, "data": {"flags": 64}}


def seen_then(game: TableGame, record: Mapping[str, Any], seat: int, key: str) -> tuple[set, set]:
    """The cards of ``seat``'s hand at decision ``key`` of the record, and the cards the
    other seats held in their hands then (each seat's own view of the state then)."""
    spec = game_of(record)
    deal, index = (int(part) for part in key.split(":"))
    state = deal_start(spec, record, deal)
    seats = seats_of(record)
    for line in deal_lines(record)[deal][:index]:
        who, words = split_action_line(line, seats)
        state.apply(spec.parse_action(words), who)

    def held(s: int, hand_only: bool) -> set[str]:
        rows = game.renderer.hand_rows(state.view(s), LANG)
        return {str(c) for row in rows if not (hand_only and row.label) for c in row.cards}

    own = held(seat, hand_only=False)
    return own, {c for s in range(seats) if s != seat for c in held(s, hand_only=True)} - own


@pytest.mark.parametrize("game", table_games(), ids=lambda game: game.id)
async def test_the_review_button_reviews_a_players_seat_once(world: World, game: TableGame):
    counted = Counted()
    world.bot.reviewer.review = counted
    first = await first_deal(world, game)
    if first is None:  # a game with no valuation of moves: no button (asserted there)
        return
    hand_id, custom_id = first
    sud = world.members[0]
    mark = len(world.env.http_requests)
    # a whole seat's review is seconds of work in threads (a Haitian deal's 60-odd
    # decisions: about 5 to 7 s here, past the fake Discord's 5 s): the click waits for
    # it, then the default comes back (longer, a settle would wait out idle timers)
    world.env.settle_timeout = REVIEW_SETTLE
    try:
        clicked = await sud.click(world.summary(), custom_id=custom_id)
    finally:
        world.env.settle_timeout = DEFAULT_SETTLE
    await world.env.settle()
    assert not world.env.errors, world.env.errors
    assert clicked.ephemeral and deferred(world, mark)
    async with world.bot.db.reading() as store:
        hand = await store.ledger.hand(world.guild.id, hand_id)
        stored = await store.reviews.review(hand_id, 0)
        left = await store.reviews.reviewed_decisions(hand_id, 0)
    assert hand is not None and stored is not None and left == []
    decisions = stored.review["decisions"]
    assert [d["key"] for d in decisions] == counted.keys  # each valued once, in order
    assert stored.player == str(sud.id) and stored.game == game.id

    # the progress line, edited in place: the same answer each time, counting up
    edits = progress_edits(world, mark)
    total = len(decisions)
    counts = [e for e in edits if e[1].startswith("Review:")]
    assert counts, edits
    assert {path for path, _ in edits} == {edits[0][0]}  # one message, edited
    shown = [int(text.split()[1]) for _, text in counts]
    assert shown == sorted(shown) and all(f"of {total} decision" in c for _, c in counts)
    assert not clicked.followups  # no message but the one answer

    # the result: the totals, and each costliest decision with the hand at that moment
    embeds = clicked.response.embeds
    assert embeds[0].title.startswith(f"Review #{hand_id} — Sud")
    costliest = stored.review["costliest"]
    assert len(embeds) == 1 + len(costliest)
    text = "\n".join(embeds[0].description.splitlines())
    if stored.valued:
        assert "Total loss:" in text and "Inaccuracies:" in text
    files = {a.filename: a for a in clicked.response.attachments}
    for embed, key in zip(embeds[1:], costliest, strict=True):
        names = {field.name for field in embed.fields}
        assert {t(LANG, "review.played"), t(LANG, "review.best"), t(LANG, "review.loss")} <= names
        words = " ".join(embed_strings(embed))
        url = embed.image.url
        if url:  # the picture's words (its alt text) name its cards
            words += " " + (files[url.removeprefix("attachment://")].description or "")
        own, hidden = seen_then(game, hand.record, 0, key)
        named = cards_in(words)
        assert named & own or not embed.image.url  # the seat's own hand is shown
        assert not named & hidden, (key, named & hidden)

    # asked again: at once from the store, nothing valued again
    valued = len(counted.keys)
    mark = len(world.env.http_requests)
    again = await sud.click(world.summary(), custom_id=custom_id)
    await world.env.settle()
    assert len(counted.keys) == valued
    assert [e for e in progress_edits(world, mark) if e[1].startswith("Review:")] == []
    assert [e.title for e in again.response.embeds] == [e.title for e in embeds]


def refusal(world: World, result: Any) -> str:
    """The private answer refusing ``result``'s interaction; the errors seen (a
    command's refusal is one) are refusals of reviews alone."""
    for error in world.env.errors:
        assert str(getattr(getattr(error, "original", error), "key", "")).startswith("review.")
    answer = result.followups[-1] if result.followups else result.response
    assert answer.ephemeral
    return str(answer.content)


def reviewed_game() -> TableGame:
    return next(game for game in table_games() if has_valuer(game.id))


async def test_only_the_hands_players_are_reviewed(world: World):
    counted = Counted()
    world.bot.reviewer.review = counted
    first = await first_deal(world, reviewed_game())
    assert first is not None
    hand_id, custom_id = first
    stranger = world.guild.add_member(world.env.create_user("Passant"))
    refused = await stranger.click(world.summary(), custom_id=custom_id)
    await world.env.settle()
    text = refusal(world, refused)
    assert text == t(LANG, "review.not_player", id=hand_id)
    assert counted.keys == []
    async with world.bot.db.reading() as store:
        assert await store.reviews.reviewed_decisions(hand_id, 0) == []

    # /history review: for a player who did not play it, or a hand of no such number
    sud = world.members[0]
    theirs = await sud.slash(world.channel, "history", review=hand_id, player=stranger)
    words = t(LANG, "review.not_their_hand", name=f"<@{stranger.id}>", id=hand_id)
    assert refusal(world, theirs) == words
    none = await sud.slash(world.channel, "history", review=hand_id + 1000)
    words = t(LANG, "review.no_hand", id=hand_id + 1000)
    assert refusal(world, none) == words
    assert counted.keys == []


async def test_history_reviews_a_stored_hand(world: World):
    counted = Counted()
    world.bot.reviewer.review = counted
    first = await first_deal(world, reviewed_game())
    assert first is not None
    hand_id, _ = first
    listed = await world.members[1].slash(world.channel, "history")
    assert f"#{hand_id}" in listed.response.embeds[0].description  # its number, shown
    est = world.members[1]
    mark = len(world.env.http_requests)
    shown = await est.slash(world.channel, "history", review=hand_id)
    await world.env.settle()
    assert shown.ephemeral and deferred(world, mark)
    async with world.bot.db.reading() as store:
        stored = await store.reviews.review(hand_id, 1)
        assert await store.reviews.review(hand_id, 0) is None
    assert stored is not None and stored.player == str(est.id)
    assert counted.keys == [d["key"] for d in stored.review["decisions"]]
    assert [e for e in progress_edits(world, mark) if e[1].startswith("Review:")]
    assert shown.response.embeds[0].title.startswith(f"Review #{hand_id} — Est")
    # Sud, who played the hand, may not see Est's cards in it; a manager who did not
    # play it may: the stored review, at once
    sud = world.members[0]
    refused_to_sud = await sud.slash(world.channel, "history", review=hand_id, player=est)
    words = t(LANG, "review.others_cards", name=f"<@{est.id}>", id=hand_id)
    assert refusal(world, refused_to_sud) == words
    again = await moderator(world).slash(world.channel, "history", review=hand_id, player=est)
    assert again.response.embeds[0].title == shown.response.embeds[0].title
    assert len(counted.keys) == len(stored.review["decisions"])


async def test_another_persons_seat_is_shown_reviewed_started_by_a_manager_only(world: World):
    counted = Counted()
    world.bot.reviewer.review = counted
    first = await first_deal(world, reviewed_game())
    assert first is not None
    hand_id, _ = first
    sud, est = world.members[0], world.members[1]
    asked = await sud.slash(world.channel, "history", review=hand_id, player=est)
    await world.env.settle()
    words = t(LANG, "review.others_cards", name=f"<@{est.id}>", id=hand_id)
    assert refusal(world, asked) == words  # Est's cards: not for another player
    assert counted.keys == []
    async with world.bot.db.reading() as store:
        assert await store.reviews.reviewed_decisions(hand_id, 1) == []

    garde = moderator(world)  # a server manager may start it
    started = await garde.slash(world.channel, "history", review=hand_id, player=est)
    await world.env.settle()
    async with world.bot.db.reading() as store:
        stored = await store.reviews.review(hand_id, 1)
    assert stored is not None and stored.player == str(est.id)
    assert counted.keys == [d["key"] for d in stored.review["decisions"]]
    assert started.response.embeds[0].title.startswith(f"Review #{hand_id} — Est")
    # the manager reads of Est's cards, not of "your cards" (the pictures' alt text)
    alt = [a.description or "" for a in started.response.attachments]
    assert alt, "no costly decision drawn: choose another deal"
    assert not any(t(LANG, "hand.cards", cards="").split("*")[0] in words for words in alt)
    assert all(words.startswith("Est's cards: ") for words in alt)
    shown = await garde.slash(world.channel, "history", review=hand_id, player=est)
    assert shown.response.embeds[0].title == started.response.embeds[0].title  # now stored
    still = await sud.slash(world.channel, "history", review=hand_id, player=est)
    assert refusal(world, still) == words  # stored or not, another's cards stay his
