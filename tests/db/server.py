"""A real PostgreSQL server for the tests: the one named by ``PG_TEST_URL``, or one started here.

``PG_TEST_URL`` (``postgresql://user@host:port/db``, a role that may create
databases) points the tests at a running server. Without it, the tests start a
throwaway server from the PostgreSQL binaries installed on the machine
(``initdb`` and ``pg_ctl``: in ``PG_TEST_BINARIES`` if set, else on the PATH or
in Debian's ``/usr/lib/postgresql/N/bin``):
a data folder in the temporary directory, trust authentication on loopback,
durability switched off (a test database is thrown away), stopped at the end.
PostgreSQL refuses to run as root: as root the server runs as the ``postgres``
user that Debian's package creates.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

HOW_TO_GET_ONE = (
    "PostgreSQL tests need a server: install PostgreSQL (Debian: apt-get install postgresql;"
    " its initdb and pg_ctl are found in /usr/lib/postgresql/N/bin, or set PG_TEST_BINARIES to"
    " their folder) or set PG_TEST_URL to postgresql://user@host:port/db of a role that may"
    " create databases"
)


class NoServer(RuntimeError):
    """No PostgreSQL server can be found or started here."""


@dataclass
class Server:
    """A server the tests may create databases on; ``stop`` ends one started here."""

    admin_url: str  # a database to connect to for CREATE DATABASE
    data: Path | None = None  # the data folder of a server started here
    pg_ctl: str | None = None
    user: str | None = None  # the user it runs as, when started by root

    def url(self, database: str) -> str:
        base, _, _ = self.admin_url.rpartition("/")
        return f"{base}/{database}"

    def stop(self) -> None:
        if self.data is None or self.pg_ctl is None:
            return
        _run_as(self.user, [self.pg_ctl, "stop", "-D", str(self.data), "-m", "immediate"])
        shutil.rmtree(self.data.parent, ignore_errors=True)
        self.data = None


def find_binaries() -> str | None:
    """The folder holding initdb and pg_ctl (``PG_TEST_BINARIES`` if set), or None."""
    chosen = os.environ.get("PG_TEST_BINARIES", "").strip()
    if chosen:
        found = all(Path(chosen, name).exists() for name in ("initdb", "pg_ctl"))
        return chosen if found else None
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return str(Path(os.path.realpath(on_path)).parent)
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return folder
    return None


def start() -> Server:
    """The server of ``PG_TEST_URL``, or a new one from the installed binaries."""
    url = os.environ.get("PG_TEST_URL", "").strip()
    if url:
        return Server(admin_url=url)
    binaries = find_binaries()
    if binaries is None:
        raise NoServer(f"no PostgreSQL binaries found. {HOW_TO_GET_ONE}")
    user = None
    if os.geteuid() == 0:
        user = "postgres"
        try:
            import pwd

            owner = pwd.getpwnam(user)
        except KeyError as error:
            raise NoServer(f"running as root and no 'postgres' user. {HOW_TO_GET_ONE}") from error
    root = Path(tempfile.mkdtemp(prefix="bete-pg-"))
    data = root / "data"
    if user is not None:
        os.chown(root, owner.pw_uid, owner.pw_gid)
    port = _free_port()
    initdb, pg_ctl = str(Path(binaries, "initdb")), str(Path(binaries, "pg_ctl"))
    options = (
        f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root}"
        " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        " -c max_connections=300 -c shared_buffers=32MB"
    )
    try:
        _run_as(
            user,
            [
                initdb,
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
        )
        _run_as(
            user,
            [
                pg_ctl,
                "start",
                "-D",
                str(data),
                "-w",
                "-t",
                "60",
                "-l",
                str(root / "server.log"),
                "-o",
                options,
            ],
        )
    except subprocess.CalledProcessError as error:
        log = root / "server.log"
        detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        raise NoServer(f"PostgreSQL did not start ({error}): {error.stderr}{detail}") from error
    return Server(f"postgresql://postgres@127.0.0.1:{port}/postgres", data, pg_ctl, user)


def _run_as(user: str | None, command: list[str]) -> None:
    if user is not None:
        command = ["runuser", "-u", user, "--", *command]
    subprocess.run(command, check=True, capture_output=True, text=True, cwd="/")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
