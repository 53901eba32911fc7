"""Imported by Python at start-up in the bot processes of ``bench.load --split-latency``
(this folder is put first on their PYTHONPATH): it times each interaction inside the bot,
from its INTERACTION_CREATE parsed to its answer's POST started and done, in discord.py's
own functions, and writes one line per event to ``$BENCH_LOAD_PROBE/<pid>.txt``: ``gate``
when the bot's event loop reads its frame from the gateway, ``recv`` when discord.py
parses it to run it, ``send`` when its answer's POST starts and ends; and ``gc`` for each
garbage collection (its generation, start and end), which stops the whole process.

With several processes a DM click comes through the gateway of shard 0's holder and may
be run and answered by the table's holder: each writes its part, joined later by the
interaction's id.
"""

from __future__ import annotations

import gc
import json
import os
import time
from typing import Any

_FOLDER = os.environ.get("BENCH_LOAD_PROBE")

if _FOLDER:
    import discord.gateway
    import discord.state
    import discord.webhook.async_ as _webhooks

    _out = open(os.path.join(_FOLDER, f"{os.getpid()}.txt"), "a", buffering=1)  # noqa: SIM115
    _parse = discord.state.ConnectionState.parse_interaction_create
    _respond = _webhooks.AsyncWebhookAdapter.create_interaction_response

    # a collection can start inside a write to the file: its line waits for the next write
    # (written from the collector's callback, it would re-enter the file's writer)
    _collections: list[str] = []

    def write(line: str) -> None:
        while _collections:
            _out.write(_collections.pop(0))
        _out.write(line)

    def log_receive(self: Any, message: Any, /) -> None:
        if isinstance(message, str) and '"INTERACTION_CREATE"' in message:
            write(f"gate {json.loads(message)['d']['id']} {time.time():.6f}\n")

    def parse_interaction_create(self: Any, data: Any) -> None:
        write(f"recv {data['id']} {time.time():.6f}\n")
        _parse(self, data)

    def create_interaction_response(self: Any, interaction_id: int, token: str, **kw: Any) -> Any:
        called = time.time()
        sending = _respond(self, interaction_id, token, **kw)

        async def timed() -> Any:
            try:
                return await sending
            finally:
                write(f"send {interaction_id} {called:.6f} {time.time():.6f}\n")

        return timed()

    def collected(phase: str, info: dict[str, int]) -> None:
        global _collecting
        if phase == "start":
            _collecting = time.time()
        else:
            _collections.append(f"gc {info['generation']} {_collecting:.6f} {time.time():.6f}\n")

    _collecting = 0.0
    gc.callbacks.append(collected)
    discord.gateway.DiscordWebSocket.log_receive = log_receive  # type: ignore[method-assign]
    discord.state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
    _webhooks.AsyncWebhookAdapter.create_interaction_response = create_interaction_response  # type: ignore[method-assign]
