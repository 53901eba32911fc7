"""Settings from the environment and an optional ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from bot.shards import ShardPlan
from db import is_url
from games.numerals import digits

LANGUAGES = ("fr", "en")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")  # logging's own names
DEFAULT_DATABASE = "bete_bot.sqlite3"


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line for the operator."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: str = DEFAULT_DATABASE
    database_url: str | None = None  # postgresql://...: PostgreSQL instead of the SQLite file
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_language: str = "fr"
    ai_workers: int = 1  # worker processes for the computer players' decisions
    ai_pause: float = 1.5  # seconds a computer player waits before each move
    dm_window: float = 3.0  # seconds a private hand that only follows the play waits
    rest_rate: float = 50.0  # REST_RATE: the token's own requests a second (0: not paced)
    shard_count: int | None = None  # SHARD_COUNT: the bot's shards in all (None: not sharded)
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS: those of this process (None: all)
    api_base: str | None = None  # test only: a fake Discord REST base URL
    gateway_url: str | None = None  # test only: a fake Discord gateway URL

    @property
    def database(self) -> str:
        """What ``Database.open`` takes: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def shards(self) -> ShardPlan:
        """The shards of this process, and the bot's shards in all."""
        count = self.shard_count or 1
        return ShardPlan(count, self.shard_ids or tuple(range(count)))

    @property
    def database_shown(self) -> str:
        """The database as the log names it: a URL without its password."""
        if self.database_url is None:
            return self.database_path
        return re.sub(r"(//[^:/@]*):[^@]*@", r"\1:***@", self.database_url)

    @classmethod
    def load(
        cls, env_file: str | Path | None = ".env", environ: Mapping[str, str] | None = None
    ) -> Settings:
        """Read the process environment, over the values of ``env_file`` if it exists."""
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            try:
                read = dotenv_values(env_file)
            except UnicodeDecodeError:
                raise SettingsError(f"{env_file} is not UTF-8 text") from None
            values.update({k: v for k, v in read.items() if v is not None})
        values.update(os.environ if environ is None else environ)
        return cls.from_mapping(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str]) -> Settings:
        def get(name: str) -> str | None:
            value = values.get(name)
            return value.strip() if value is not None and value.strip() else None

        token = get("DISCORD_TOKEN")
        if token is None:
            raise SettingsError(
                "DISCORD_TOKEN is not set: put the bot token in the environment or in .env"
                " (see .env.example)"
            )
        guild = get("DEV_GUILD_ID")
        if guild is not None and not digits(guild):
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        level = (get("LOG_LEVEL") or "INFO").upper()
        if level not in LOG_LEVELS:
            named = f"{', '.join(LOG_LEVELS[:-1])} or {LOG_LEVELS[-1]}"
            raise SettingsError(f"LOG_LEVEL must be {named}, not {level!r}")
        language = (get("DEFAULT_LANGUAGE") or "fr").lower()
        if language not in LANGUAGES:
            raise SettingsError(f"DEFAULT_LANGUAGE must be fr or en, not {language!r}")
        workers = get("AI_WORKERS") or "1"
        if not digits(workers) or not 1 <= int(workers) <= 16:
            raise SettingsError(f"AI_WORKERS must be a number from 1 to 16, not {workers!r}")
        pause = seconds(get("AI_PAUSE"), "AI_PAUSE", 1.5)
        window = seconds(get("DM_WINDOW"), "DM_WINDOW", 3.0)
        rest_rate = number(
            get("REST_RATE"), "REST_RATE", 50.0, 10_000, "requests a second", " (0: not paced)"
        )
        url = get("DATABASE_URL")
        if url is not None and not is_url(url):
            raise SettingsError(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host:port/db),"
                f" not {url.split(':', 1)[0]!r}...; leave it empty to use DATABASE_PATH (SQLite)"
            )
        count, ids = shard_settings(get("SHARD_COUNT"), get("SHARD_IDS"))
        if ids is not None and len(ids) < (count or 1) and url is None:
            raise SettingsError(
                "SHARD_IDS gives this process a part of the shards: the others run in other"
                " processes, which must share one PostgreSQL database (set DATABASE_URL)"
            )
        return cls(
            token=token,
            database_path=get("DATABASE_PATH") or DEFAULT_DATABASE,
            database_url=url,
            dev_guild_id=int(guild) if guild is not None else None,
            log_level=level,
            default_language=language,
            ai_workers=int(workers),
            ai_pause=pause,
            dm_window=window,
            rest_rate=rest_rate,
            shard_count=count,
            shard_ids=ids,
            api_base=get("DISCORD_API_BASE"),
            gateway_url=get("DISCORD_GATEWAY_URL"),
        )


def number(
    text: str | None, name: str, default: float, top: float, unit: str, note: str = ""
) -> float:
    """A setting's number of ``unit`` from 0 to ``top`` (``default`` when unset)."""
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= top:
        raise SettingsError(f"{name} must be {unit} from 0 to {top:g}{note}, not {text!r}")
    return value


def seconds(text: str | None, name: str, default: float) -> float:
    """A setting in seconds, from 0 to 30 (``default`` when unset)."""
    return number(text, name, default, 30, "seconds")


def shard_settings(
    count_text: str | None, ids_text: str | None
) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS: the bot's shards in all, and this process's (a comma list)."""
    if count_text is None:
        if ids_text is not None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: how many shards the bot has in all")
        return None, None
    if not digits(count_text) or not 1 <= int(count_text) <= 1024:
        raise SettingsError(f"SHARD_COUNT must be a number from 1 to 1024, not {count_text!r}")
    count = int(count_text)
    if ids_text is None:
        return count, None
    parts = [p.strip() for p in ids_text.split(",")]
    if not all(digits(p) and int(p) < count for p in parts):
        raise SettingsError(
            f"SHARD_IDS must be shard numbers from 0 to {count - 1} separated by commas,"
            f" not {ids_text!r}"
        )
    ids = tuple(sorted({int(p) for p in parts}))
    if len(ids) != len(parts):
        raise SettingsError(f"SHARD_IDS names a shard twice: {ids_text!r}")
    return count, ids
