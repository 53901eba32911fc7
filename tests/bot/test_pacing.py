"""The pacer of the bot's own REST requests (``bot/delivery/pacing.py``)."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest
from aiohttp import web
from yarl import URL

from bot.delivery import pacing
from bot.delivery.pacing import RestPacer, counted


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> float:
    """A short window, the same rule: the tests need not wait whole seconds."""
    monkeypatch.setattr(pacing, "WINDOW", 0.2)
    return 0.2


async def _leave(pacer: RestPacer, count: int) -> list[float]:
    """When each of ``count`` requests made at once may leave, in the order they came
    (each answered as soon as it left)."""
    left: list[float] = []

    async def one() -> None:
        await pacer.wait()
        left.append(time.monotonic())
        pacer.answered()

    tasks = [asyncio.create_task(one()) for _ in range(count)]
    await asyncio.gather(*tasks)
    return left


async def test_no_more_than_its_count_leave_in_any_window(window):
    pacer = RestPacer(3)
    left = await _leave(pacer, 10)
    # any four consecutive departures span a whole window at least (a bound from below:
    # a busy machine only adds to it)
    assert all(left[i + 3] - left[i] >= window * 0.99 for i in range(len(left) - 3))
    assert pacer.waited == 7  # the first three left at once, each later one waited


async def test_requests_leave_in_the_order_they_came(window):
    pacer = RestPacer(1)
    order: list[int] = []

    async def one(n: int) -> None:
        await pacer.wait()
        order.append(n)
        pacer.answered()

    await asyncio.gather(*(one(n) for n in range(5)))
    assert order == [0, 1, 2, 3, 4]


async def test_a_quiet_window_lets_a_burst_through_again(window):
    pacer = RestPacer(2)
    await _leave(pacer, 2)
    await asyncio.sleep(window * 1.1)
    await _leave(pacer, 2)
    assert pacer.waited == 0  # neither waited


async def test_a_request_holds_its_place_until_a_window_after_its_answer(window):
    """However late a request reaches Discord (a slow network, a starved process), it
    arrives before its answer: the next one leaves a window after that answer."""
    pacer = RestPacer(1)
    await pacer.wait()  # the first leaves, and is slow to be answered
    second = asyncio.create_task(pacer.wait())
    await asyncio.sleep(window * 2)  # more than a window since the first left
    assert not second.done()  # its place is still the first's (not timed: never before)
    pacer.answered()
    answered = time.monotonic()
    await second
    assert time.monotonic() - answered >= window * 0.99  # a bound from below
    assert pacer.waited == 1


def test_the_token_s_rate_is_shared_by_the_shards_held():
    whole = RestPacer.share(45, 1, 1)
    half = RestPacer.share(45, 1, 2)
    assert whole is not None and whole.count == 45
    assert half is not None and half.count == 22
    tiny = RestPacer.share(0.5, 1, 4)
    assert tiny is not None and tiny.count == 1  # never none at all
    assert RestPacer.share(0, 1, 1) is None  # not paced
    with pytest.raises(ValueError):
        RestPacer(0)


def test_what_counts_against_the_global_limit():
    api = "https://discord.com/api/v10"
    assert counted(URL(f"{api}/channels/1/messages/2"))
    assert counted(URL(f"{api}/users/@me/channels?x=1"))
    assert not counted(URL(f"{api}/interactions/1/token/callback"))  # an answer
    assert not counted(URL(f"{api}/webhooks/1/token/messages/@original"))  # its token's edit
    assert not counted(URL("wss://gateway.discord.gg/?v=10&encoding=json"))
    assert not counted(URL("https://cdn.discordapp.com/attachments/1/2/a.png"))


async def test_its_trace_holds_the_session_s_counted_requests_only(window):
    """Through a real aiohttp session (discord.py's ``http_trace``), on loopback."""
    app = web.Application()
    came: list[tuple[str, float]] = []
    answered: list[float] = []  # when the counted requests were answered

    async def handler(request: web.Request) -> web.Response:
        what = request.path.split("/")[3]
        came.append((what, time.monotonic()))
        if what == "channels":
            if not answered:
                await asyncio.sleep(window)  # the first edit is slow to be answered
            answered.append(time.monotonic())
        return web.json_response({})

    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}/api/v10"
    pacer = RestPacer(1)
    try:
        async with aiohttp.ClientSession(trace_configs=[pacer.trace()]) as session:

            async def send(path: str) -> None:
                async with session.post(f"{base}/{path}") as response:
                    assert response.status == 200

            await asyncio.gather(
                send("channels/1/messages"),
                send("channels/2/messages"),
                send("interactions/3/token/callback"),
            )
    finally:
        await runner.cleanup()
    assert sorted(what for what, _ in came) == ["channels", "channels", "interactions"]
    # at one request a window the second edit waited, and the answer was not held: a
    # counted third would have waited too (counted, not timed: a busy machine delays
    # requests on their way as much as the pacer does)
    assert pacer.waited == 1
    # the second edit arrived a window after the first's answer, not after it left
    second = [when for what, when in came if what == "channels"][1]
    assert second - answered[0] >= window * 0.99  # a bound from below
