"""The drawings that follow a move wait while a click of this process waits for its
answer: at most ``MAX_WAIT`` each time, and never for a click that will not be answered."""

from __future__ import annotations

import asyncio

import pytest

import bot.delivery.answers_first
from bot.delivery.answers_first import FORGET, AnswersFirst


async def test_with_nothing_due_the_rest_goes_on():
    first = AnswersFirst()
    await asyncio.wait_for(first.wait_turn(), 1.0)
    assert first.due == 0


async def test_the_rest_waits_until_the_due_answer_is_sent(monkeypatch):
    monkeypatch.setattr(bot.delivery.answers_first, "MAX_WAIT", 30.0)
    first = AnswersFirst()
    first.came(1)
    first.came(2)
    waiting = asyncio.create_task(first.wait_turn())
    await asyncio.sleep(0.05)
    first.answered(1)
    await asyncio.sleep(0.05)
    assert not waiting.done()  # one answer is still due
    first.answered(2)
    await asyncio.wait_for(waiting, 1.0)
    assert first.due == 0


async def test_clicks_that_keep_coming_delay_the_rest_but_never_stop_it(monkeypatch):
    monkeypatch.setattr(bot.delivery.answers_first, "MAX_WAIT", 0.01)
    first = AnswersFirst()
    first.came(1)
    await asyncio.wait_for(first.wait_turn(), 1.0)
    assert first.due == 1  # still due: the wait gave up, the click was not forgotten


async def test_a_click_never_answered_stops_counting(monkeypatch):
    monkeypatch.setattr(bot.delivery.answers_first, "MAX_WAIT", 30.0)
    first = AnswersFirst()
    first.came(1)
    later = bot.delivery.answers_first.time.monotonic() + FORGET + 1
    monkeypatch.setattr(bot.delivery.answers_first.time, "monotonic", lambda: later)
    await asyncio.wait_for(first.wait_turn(), 1.0)
    assert first.due == 0


async def test_an_answer_unknown_here_changes_nothing():
    first = AnswersFirst()
    first.came(1)
    first.answered(99)  # handed over to another process, or answered twice
    assert first.due == 1


@pytest.mark.parametrize("twice", [False, True])
async def test_installed_it_counts_each_interaction_parsed(twice):
    seen: list[dict] = []
    parsers = {"INTERACTION_CREATE": seen.append}
    first = AnswersFirst()
    first.install(parsers)
    if twice:  # a second bot of the same process: discord.py's method is wrapped once
        AnswersFirst().install({"INTERACTION_CREATE": seen.append})
    parsers["INTERACTION_CREATE"]({"id": "42"})
    assert seen == [{"id": "42"}]
    assert first.due == 1
    wrapped = bot.delivery.answers_first.AsyncWebhookAdapter.create_interaction_response
    assert getattr(wrapped, "answers_first", False)
    assert not getattr(getattr(wrapped, "__wrapped__", None), "answers_first", False)
