"""Ended means ended, at every offered game: once a game or match is over (its last deal
settled, or the table stopped), nothing the bot shows offers a next deal or says whose
turn it is.

On the transcripts of whole games (``tests.e2e.transcripts``):

- a next deal is never offered that does not come: no enabled next-deal button for
  the last deal dealt (unless everyone's *Stop now* ended the table instead);
- the last deal's summary does not tell anyone to click the next-deal button;
- from the change that shows the table ended, no message offers a next deal (an
  enabled button, or a text naming the button);
- every message of the table as it last stands (the table message, the summaries,
  the private hands in DMs, every panel of ``/play`` or *My hand*, one a newer panel
  replaced included) has no enabled game button and no turn marker: no ``▶`` on a
  seat, no "à vous" / "your turn" / "to bid" / "to play" line, no deadline.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.texts.i18n import t, worded
from tests.e2e.fake import FakeDiscord, Sent
from tests.e2e.players import GAME_VERBS
from tests.e2e.transcripts import Key, Transcript, game_components, keys, play_all, played
from tests.vocabulary import fold, next_deal_phrases

# what a player acts with at a table: the game's moves, the next deal, looking at a hand
# kept face down, stopping at once and keeping a match
ACTING: frozenset[str] = GAME_VERBS | {"next", "look", "stop", "keep"}
# lines that say whose turn it is, in either language
TURN_MARKERS: tuple[str, ...] = (
    "▶",
    "à vous",
    "your turn",
    "to bid",
    "to play",
    "to speak",
    "de parler",
    "de jouer",
    "au tour de",
    "'s turn",
    "fin du temps de jeu",
    "time runs out",
)


def next_offers(sent: Sent) -> list[int]:
    """The deals whose next-deal button this change shows enabled."""
    return [
        cid.moves
        for cid, component in game_components(sent.payload)
        if cid.verb == "next" and not component.get("disabled")
    ]


def invites_next(transcript: Transcript, sent: Sent) -> bool:
    """Whether this change's text tells to click the next-deal button: names it as a
    button is named, set apart (*Next hand*, “Next hand”, « Coup suivant »)."""
    label = re.escape(t(transcript.lang, worded("btn.next", transcript.game.id)))
    named = rf"(?:\*|“|«|\")\s*{label}\s*(?:\*|”|»|\")"
    return re.search(named, sent.text(), re.IGNORECASE) is not None


def speaks_of_next(transcript: Transcript, sent: Sent, when: str) -> list[str]:
    """A fault for each text of the next deal (its dealer, its ante...) ``sent`` shows."""
    text = sent.text()
    return [
        f"#{sent.seq} {when} speaks of the next deal: {phrase!r}"
        for phrase in next_deal_phrases(transcript.game, transcript.lang)
        if phrase in text
    ]


def summaries(transcript: Transcript) -> list[Sent]:
    """Every version of the public messages in the table's channel other than the table
    messages, up to the boards asked at the end: the deals' summaries."""
    return [
        s
        for s in transcript.sent
        if s.channel_id == transcript.table_channel
        and s.audience is None
        and s.message_id not in transcript.table_messages
        and s.seq < transcript.commands_at
        and s.payload.get("embeds")
    ]


def faults_of(transcript: Transcript) -> list[str]:
    faults = []
    game_sent = [s for s in transcript.sent if s.seq < transcript.commands_at]
    last = transcript.deals
    if not transcript.voted:  # the game ended by itself: its last deal had no next
        for s in game_sent:
            if any(deal >= last for deal in next_offers(s)):
                faults.append(f"#{s.seq} offers deal {last + 1}, which never came")
        shown = summaries(transcript)
        if shown:
            final = max(shown, key=lambda s: (s.message_id or 0, s.seq))
            for s in shown:
                if s.message_id == final.message_id and invites_next(transcript, s):
                    faults.append(f"#{s.seq} the last summary invites a next deal: {s.text()!r}")
                if s.message_id == final.message_id:
                    faults += speaks_of_next(transcript, s, "the last summary")
    for s in game_sent:
        if s.seq < transcript.ended_at:
            continue
        if next_offers(s):
            faults.append(f"#{s.seq} offers a next deal after the end")
        if invites_next(transcript, s):
            faults.append(f"#{s.seq} invites a next deal after the end: {s.text()!r}")
        faults += speaks_of_next(transcript, s, "after the end")
    for s in standing(transcript):
        acting = [
            f"{cid.verb}:{cid.arg}"
            for cid, c in game_components(s.payload)
            if cid.verb in ACTING and not c.get("disabled")
        ]
        if acting:
            faults.append(f"#{s.seq} still offers {acting} once ended: {s.text()[:200]!r}")
        text = fold(s.text())
        markers = [marker for marker in TURN_MARKERS if marker in text]
        for marker in markers:
            line = next(x for x in s.text().splitlines() if marker in fold(x))
            faults.append(f"#{s.seq} still says {marker!r} once ended: {line!r}")
        if acting or markers:
            faults.append(versions(transcript, s))
    return faults


def versions(transcript: Transcript, sent: Sent) -> str:
    """How the message of ``sent`` came to stand so (its last versions: the change, the
    route, and its time against the end), to tell a late answer from a missed edit."""
    story = [s for s in transcript.sent if s.message_id == sent.message_id][-4:]
    end = next((s.at for s in transcript.sent if s.seq >= transcript.ended_at), 0.0)
    steps = [f"#{s.seq} {s.kind} by {s.via} at {s.at - end:+.3f} s" for s in story]
    return f"  message {sent.message_id}, the end shown at #{transcript.ended_at}: " + "; ".join(
        steps
    )


def standing(transcript: Transcript) -> list[Sent]:
    """The game's messages as they last stood before the boards were asked: the public
    ones, every private hand sent by DM, and every private panel of ``/play`` or *My
    hand* (the bot keeps the newest of each person up to date through its token, and
    redraws one a newer panel replaced to say it no longer follows)."""
    channels = (transcript.table_channel, transcript.other_channel)
    return [
        s
        for s in transcript.finals()
        if s.seq < transcript.commands_at
        and (s.channel_id not in channels or not s.audience or is_hand(transcript, s))
    ]


def is_hand(transcript: Transcript, sent: Sent) -> bool:
    """Whether a message shows a private hand (titled so, whatever it offers: a closed
    table's offers nothing)."""
    title = t(transcript.lang, "hand.title", id="")
    embeds = sent.payload.get("embeds") or [{}]
    return str(embeds[0].get("title", "")).startswith(title)


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_ended_means_ended(key: Key) -> None:
    transcript = await played(key)
    faults = faults_of(transcript)
    if faults and transcript.run is not None:  # what the bot said of Discord saying no
        said = transcript.run.output.splitlines()
        faults += [line for line in said if "could not" in line or "Traceback" in line][-8:]
    assert not faults, f"{key}: {len(faults)} faults once the game was over:\n" + "\n".join(
        dict.fromkeys(faults)
    )


async def test_answers_slow_to_reach_discord_leave_no_hand_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord takes up to 0.3 s to take each answer to a click (seeded): a change shown
    meanwhile finds no panel yet to edit. The ``/play`` panels still follow the game
    and close with it (before, the panel that answered the last move before a computer's
    turn often stood saying whose turn it was)."""
    slow, answer = random.Random(5), FakeDiscord._callback

    async def late_answer(server: FakeDiscord, request: Any) -> Any:
        await asyncio.sleep(slow.random() * 0.3)
        return await answer(server, request)

    monkeypatch.setattr(FakeDiscord, "_callback", late_answer)
    wanted = [Key("bete", "most", "en"), Key("bete-hombree", "most", "fr")]
    for key, transcript in (await play_all(wanted, tmp_path)).items():
        faults = faults_of(transcript)
        assert not faults, f"{key}: {len(faults)} faults:\n" + "\n".join(dict.fromkeys(faults))
