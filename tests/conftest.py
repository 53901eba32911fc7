"""Session-wide test hooks, and the two database backends every db, service and cog test
may run on.

A test that asks for ``database_target`` gets a fresh database: a SQLite file
path, or with the marker ``both_backends`` also a ``postgresql://`` URL of a new
database on the session's one PostgreSQL server (``tests/db/server.py``: the
server of ``PG_TEST_URL``, or one started from the installed binaries). Each
PostgreSQL database is a copy of a template migrated once per session, dropped
after its test. Without a server the PostgreSQL half is skipped with a message
saying how to get one, except under CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sqlite3
import threading
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
import pytest

import examples.toy  # noqa: F401  (registers the toy game)
from tests.db import server as pg

BACKENDS = ("sqlite", "postgresql")
T = TypeVar("T")


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "both_backends: run the test on SQLite and on the real PostgreSQL server"
    )


def pytest_generate_tests(metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker(
        "both_backends"
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


def pytest_sessionfinish(session, exitstatus) -> None:
    """Stop the worker thread of any aiosqlite connection a test left open.

    Those threads are not daemons: one connection left open by a bot that a
    test did not close (an offline client torn down mid-way) would keep the
    test process alive after the last test, until CI's time runs out.
    """
    for obj in gc.get_objects():
        if isinstance(obj, aiosqlite.Connection) and obj._running:
            obj.stop()


class PostgresForTests:
    """The session's server and its migrated template: a new database for each test.

    Its admin connections live on a loop of their own, in a thread, away from each
    test's loop; a test's database is dropped in the background while the next runs."""

    def __init__(self, server: pg.Server) -> None:
        import asyncpg

        self.server = server
        self.template = f"bete_template_{uuid.uuid4().hex[:8]}"
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._creator = self._wait(asyncpg.connect(server.admin_url))
        self._dropper = self._wait(asyncpg.connect(server.admin_url))
        self._drops: list[Future[None]] = []
        self._drop_lock = asyncio.Lock()  # one statement at a time on the dropper

    def _wait(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result()

    def prepare(self) -> None:
        from db.postgresql import PostgresDatabase

        async def migrate_template() -> None:
            await self._creator.execute(f"CREATE DATABASE {self.template}")
            database = await PostgresDatabase.connect(self.server.url(self.template))
            await database.close()

        self._wait(migrate_template())

    def new_database(self) -> str:
        name = f"bete_test_{uuid.uuid4().hex[:12]}"
        self._wait(self._creator.execute(f"CREATE DATABASE {name} TEMPLATE {self.template}"))
        return name

    def drop(self, name: str) -> None:
        """Drop ``name`` (closing what a test left connected) without waiting for it."""

        async def drop() -> None:
            async with self._drop_lock:
                await self._dropper.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

        self._drops.append(asyncio.run_coroutine_threadsafe(drop(), self._loop))

    def close(self) -> None:
        for done in self._drops:
            done.result()
        self._wait(self._creator.close())
        self._wait(self._dropper.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresForTests]:
    """The session's PostgreSQL server; skipped (failed under CI) when there is none."""
    try:
        server = pg.start()
    except pg.NoServer as error:
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail(f"CI must run the PostgreSQL tests: {error}")
        pytest.skip(f"PostgreSQL half skipped: {error}")
    try:
        tests_pg = PostgresForTests(server)
        try:
            tests_pg.prepare()
            yield tests_pg
            tests_pg.drop(tests_pg.template)
        finally:
            tests_pg.close()
    finally:
        server.stop()


@pytest.fixture
def backend(request) -> str:
    """``sqlite``, or each of the two backends for a test marked ``both_backends``."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def database_target(backend: str, tmp_path: Path, request) -> Iterator[str]:
    """A fresh database of ``backend``, as ``Database.open`` takes it: a path or a URL."""
    if backend == "sqlite":
        yield str(tmp_path / "bete.sqlite3")
        return
    server: PostgresForTests = request.getfixturevalue("postgres")
    name = server.new_database()
    yield server.server.url(name)
    server.drop(name)


@pytest.fixture
def integrity_error(backend: str) -> type[Exception]:
    """What a broken constraint raises on ``backend``."""
    if backend == "sqlite":
        return sqlite3.IntegrityError
    import asyncpg

    return asyncpg.IntegrityConstraintViolationError
