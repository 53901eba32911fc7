"""No request for nothing, at every offered game: the bot never edits a table's message,
on its own initiative, into what it already shows (each edit costs a request of the
bot's global limit, and the channel's edits wait behind it).

On the transcripts of whole games (``tests.e2e.transcripts``): every edit of a public
message made as the bot (``PATCH /channels/…``) changes it, but for at most one once the
table has ended (the answer to the click that ended it and the bot's own edit of the end
can cross on their way). The answer to a click is not counted (a click must be answered,
even by the message it was made on). The private
hands' edits through the players' own tokens are left out: a few at the end of a game
draw a panel closed that another path closed already (they cost the tokens, not the
bot's limit).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.fake import Sent
from tests.e2e.transcripts import Key, Transcript, keys, transcripts

# what the fake sets itself on each change, not what the bot sent
STAMPS = ("edited_timestamp", "timestamp")


def shown(sent: Sent) -> str:
    payload: dict[str, Any] = sent.payload
    return json.dumps({k: v for k, v in payload.items() if k not in STAMPS}, sort_keys=True)


def idle_edits(transcript: Transcript) -> tuple[list[str], list[str]]:
    """The bot's own edits of public messages that left them as they were: before the
    table ended, and after."""
    last: dict[int, str] = {}
    before: list[str] = []
    after: list[str] = []
    for sent in transcript.sent:
        if sent.message_id is None:
            continue
        now = shown(sent)
        own = sent.kind == "message.edit" and sent.via.startswith("PATCH /channels/")
        own = own and sent.audience is None
        if own and last.get(sent.message_id) == now:
            idle = after if sent.seq >= transcript.ended_at else before
            title = sent.text().partition("\n")[0]
            idle.append(f"#{sent.seq} {sent.via}: {title}")
        last[sent.message_id] = now
    return before, after


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_no_edit_leaves_a_message_as_it_was(key: Key) -> None:
    transcript = (await transcripts([key]))[key]
    before, after = idle_edits(transcript)
    assert not before, f"{len(before)} edits changed nothing:\n" + "\n".join(before[:10])
    assert len(after) <= 1, f"once ended, {len(after)} edits changed nothing:\n" + "\n".join(
        after[:10]
    )
