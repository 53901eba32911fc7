"""``python -m bot``: settings, and one clear line (no traceback) when the token is bad."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import web

from bot.settings import DEFAULT_DATABASE, Settings, SettingsError
from bot.shards import ShardPlan

ROOT = Path(__file__).resolve().parents[2]


def test_settings_defaults_and_env_file(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=42\nDEFAULT_LANGUAGE=en\n")
    settings = Settings.load(env_file, environ={"LOG_LEVEL": "debug"})
    assert settings.token == "abc" and settings.dev_guild_id == 42
    assert settings.default_language == "en" and settings.log_level == "DEBUG"
    assert settings.database_path == DEFAULT_DATABASE
    assert settings.api_base is None and settings.gateway_url is None
    assert (settings.ai_pause, settings.dm_window) == (1.5, 3.0)
    assert Settings.from_mapping({"DISCORD_TOKEN": "a", "DM_WINDOW": "0"}).dm_window == 0
    assert settings.rest_rate == 50.0  # Discord's global limit
    assert Settings.from_mapping({"DISCORD_TOKEN": "a", "REST_RATE": "0"}).rest_rate == 0
    over = Settings.load(env_file, environ={"DISCORD_TOKEN": "xyz", "DATABASE_PATH": "x.db"})
    assert over.token == "xyz" and over.database_path == "x.db"


@pytest.mark.parametrize(
    ("values", "word"),
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "a", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "a", "DEFAULT_LANGUAGE": "de"}, "DEFAULT_LANGUAGE"),
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        # a name logging knows but the docs do not list (an alias, or "NOTSET": all)
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "warn"}, "WARNING, ERROR or CRITICAL"),
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "NOTSET"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "a", "AI_PAUSE": "-1"}, "AI_PAUSE"),
        ({"DISCORD_TOKEN": "a", "DM_WINDOW": "soon"}, "DM_WINDOW"),
        ({"DISCORD_TOKEN": "a", "DM_WINDOW": "31"}, "DM_WINDOW"),
        ({"DISCORD_TOKEN": "a", "REST_RATE": "fast"}, "REST_RATE"),
        ({"DISCORD_TOKEN": "a", "REST_RATE": "-5"}, "REST_RATE"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "two"}, "SHARD_COUNT"),
        ({"DISCORD_TOKEN": "a", "SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "2", "SHARD_IDS": "2"}, "from 0 to 1"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "1,x"}, "SHARD_IDS"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "twice"),
        # digits of no number int() reads: a line, not a traceback
        ({"DISCORD_TOKEN": "a", "DEV_GUILD_ID": "²"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "a", "AI_WORKERS": "²"}, "AI_WORKERS"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "²"}, "SHARD_COUNT"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "1,²"}, "SHARD_IDS"),
        # a part of the shards means other processes: they must share PostgreSQL
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "2", "SHARD_IDS": "1"}, "DATABASE_URL"),
    ],
)
def test_bad_settings_are_one_clear_error(values, word):
    with pytest.raises(SettingsError, match=word):
        Settings.from_mapping(values)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD")}
    env.pop("DATABASE_PATH", None)
    env.pop("DATABASE_URL", None)
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


async def _run_bot(cwd: Path, env: dict[str, str], *args: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, err.decode()


@asynccontextmanager
async def stand_in(handler: Callable[[web.Request], Awaitable[web.Response]]) -> AsyncIterator[int]:
    """A local stand-in for Discord answering every request with ``handler``: its port."""
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield runner.addresses[0][1]
    finally:
        await runner.cleanup()


def _discord(port: int) -> dict[str, str]:
    """The bot pointed at a stand-in on ``port``, quiet."""
    return {
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        "LOG_LEVEL": "CRITICAL",
    }


async def test_missing_token_is_one_line(tmp_path):
    code, err = await _run_bot(tmp_path, _env())
    assert code == 2
    assert err.strip().count("\n") == 0 and "DISCORD_TOKEN" in err and "Traceback" not in err


async def test_help_and_arguments_start_nothing(tmp_path):
    """``--help`` says where the settings come from; an argument it does not take is
    refused before the token is read (a bot started by mistake would go online)."""
    code, err = await _run_bot(tmp_path, _env(DISCORD_TOKEN="t"), "--bogus")
    assert code == 2 and "unrecognized arguments: --bogus" in err and "Traceback" not in err


@pytest.mark.parametrize("module", ["bot", "examples.toy.bot"])
async def test_help_names_the_command_it_was_run_as(tmp_path, module):
    """Each entry point's usage names the command that runs it, not another's."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        module,
        "--help",
        cwd=tmp_path,
        env=_env(DISCORD_TOKEN="t"),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 0 and "DISCORD_TOKEN" in out.decode()
    assert out.decode().startswith(f"usage: python -m {module} ")


async def test_an_env_file_not_utf8_is_one_line(tmp_path):
    (tmp_path / ".env").write_bytes(b"DISCORD_TOKEN=caf\xe9\n")
    code, err = await _run_bot(tmp_path, _env())
    assert code == 2 and err.strip() == "error: .env is not UTF-8 text", err


async def test_refused_token_is_one_line(tmp_path):
    """A local stand-in for Discord answers 401 to the login: no network is touched."""

    async def unauthorized(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    async with stand_in(unauthorized) as port:
        code, err = await _run_bot(tmp_path, _env(DISCORD_TOKEN="not-a-token", **_discord(port)))
    assert code == 2, err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines == ["error: Discord refused the token: check DISCORD_TOKEN"]


def test_database_url_chooses_postgresql_and_hides_its_password():
    settings = Settings.from_mapping(
        {"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://bete:s3cret@db:5432/bete"}
    )
    assert settings.database == "postgresql://bete:s3cret@db:5432/bete"
    assert settings.database_shown == "postgresql://bete:***@db:5432/bete"
    plain = Settings.from_mapping({"DISCORD_TOKEN": "a", "DATABASE_URL": " "})
    assert plain.database_url is None and plain.database == DEFAULT_DATABASE
    with pytest.raises(SettingsError, match="DATABASE_URL"):
        Settings.from_mapping({"DISCORD_TOKEN": "a", "DATABASE_URL": "mysql://a@b/c"})


def test_shard_settings_give_the_process_its_part():
    url = {"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://bete@db/bete"}
    plain = Settings.from_mapping({"DISCORD_TOKEN": "a"})
    assert plain.shard_count is None and plain.shards.whole and plain.shards.ids == (0,)
    every = Settings.from_mapping({"DISCORD_TOKEN": "a", "SHARD_COUNT": "3"})
    assert every.shards == ShardPlan(3, (0, 1, 2)) and every.shards.whole
    part = Settings.from_mapping({**url, "SHARD_COUNT": "4", "SHARD_IDS": " 3, 1"})
    assert part.shards == ShardPlan(4, (1, 3))
    assert not part.shards.whole and not part.shards.syncs_commands
    # a guild's shard is Discord's: (id >> 22) % count
    guild = (5 << 22) | 12345
    assert part.shards.shard(guild) == 1 and part.shards.owns(guild)
    assert not part.shards.owns(guild + (1 << 22))  # shard 2


def _dead_port() -> int:
    """A port nobody listens on."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        return int(closed.getsockname()[1])


async def test_an_unreachable_discord_is_one_line(tmp_path):
    """Nobody answers at Discord's address: a line saying so, not aiohttp's traceback."""
    code, err = await _run_bot(tmp_path, _env(DISCORD_TOKEN="a-token", **_discord(_dead_port())))
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: cannot reach Discord"), err
    assert list(tmp_path.iterdir()) == []  # no database made


@pytest.mark.parametrize("database", ["postgresql", "a folder", "another file"])
async def test_an_unreachable_database_is_one_line(tmp_path, database):
    """Discord (a local stand-in) accepts the token; the PostgreSQL server does not answer,
    or the SQLite path is a folder or a file of another kind (left as it was)."""

    user = {"id": "1", "username": "bete", "discriminator": "0", "avatar": None, "bot": True}
    application = {
        **{"id": "1", "name": "bete", "icon": None, "description": "", "summary": ""},
        **{"bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64},
        **{"flags": 0, "owner": user, "team": None, "rpc_origins": [], "bot": user},
    }

    async def me(request: web.Request) -> web.Response:
        data = application if request.path.endswith("applications/@me") else user
        # discord.py reads a body as JSON only when the content type is exactly this
        return web.Response(body=json.dumps(data), headers={"Content-Type": "application/json"})

    other = tmp_path / "notes.txt"
    other.write_text("not a database\n", encoding="utf-8")
    target, said = {
        "postgresql": (
            {"DATABASE_URL": f"postgresql://bete@127.0.0.1:{_dead_port()}/bete"},
            "error: cannot connect to PostgreSQL",
        ),
        "a folder": ({"DATABASE_PATH": str(tmp_path)}, "error: cannot open the SQLite file"),
        "another file": ({"DATABASE_PATH": str(other)}, "error: cannot open the SQLite file"),
    }[database]
    async with stand_in(me) as port:
        env = _env(DISCORD_TOKEN="a-token", **target, **_discord(port))
        code, err = await _run_bot(tmp_path, env)
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(said), err
    assert other.read_text(encoding="utf-8") == "not a database\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


async def test_once_ready_the_heap_is_frozen_and_young_objects_collected_less_often():
    import gc

    from bot.__main__ import YOUNG_COLLECTION_EVERY, freeze_heap_when_ready

    class Ready:
        async def wait_until_ready(self) -> None:
            return None

    before = gc.get_threshold()
    try:
        await freeze_heap_when_ready(Ready())  # type: ignore[arg-type]
        assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, *before[1:])
        assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
