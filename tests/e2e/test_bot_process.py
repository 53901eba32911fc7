"""The bot as a child process, started the way ``python -m bot`` will be, killed and restarted.

The stand-in module is run exactly as the real entry point will be: same
interpreter, ``-m``, the repository root as working directory, and only
environment variables to find the fake, the database and the guild.
"""

from __future__ import annotations

import pytest

from tests.e2e.fake import BotDied, BotProcess

STANDIN = "tests.e2e.standin_bot"


def test_environment_holds_the_contract(server, tmp_path, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "a-real-token-must-never-leak-in")
    monkeypatch.setenv("DATABASE_PATH", "/somewhere/else.db")
    bot = BotProcess(server, database_path=tmp_path / "bot.db")
    env = bot.environment()
    assert env["DISCORD_TOKEN"] == "fake-token"
    assert env["DISCORD_API_BASE"] == server.api_base
    assert env["DISCORD_GATEWAY_URL"] == server.gateway_url
    assert env["DEV_GUILD_ID"] == str(server.guild.id)
    assert env["DATABASE_PATH"] == str(tmp_path / "bot.db")
    assert bot.module == "bot"
    assert (bot.cwd / "pyproject.toml").exists()


async def test_sigkill_and_restart_on_the_same_database(server, make_bot):
    process = make_bot(STANDIN)
    await process.start()
    alice, bob = server.add_users("alice", "bob")
    await alice.slash("demo", mode="public")
    table = await server.wait_message(lambda m: "Compteur" in m.content)
    await alice.wait_dm()
    await bob.click_button(table, contains="Compter")
    assert table.content == "Compteur : 1"

    await process.kill()
    assert process.returncode == -9
    assert not server.connected

    await process.restart()
    assert len(server.identifies) == 2
    # The button posted before the crash still works, and the counter kept its value.
    ix = await bob.click_button(table, contains="Compter")
    assert ix.response_type == 7
    assert table.content == "Compteur : 2"
    assert "Traceback" not in process.output()
    assert server.problems() == []


async def test_a_bot_that_exits_is_reported_with_its_output(tmp_path, make_bot):
    broken = make_bot(STANDIN, env={"DATABASE_PATH": str(tmp_path)})  # a directory: no SQLite
    with pytest.raises(BotDied, match=r"exited with status 1(.|\n)*unable to open database"):
        await broken.start(timeout=20)
    assert await broken.stop() == 1
