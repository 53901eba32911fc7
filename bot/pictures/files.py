"""Pictures as attachments: a PNG named by its content, kept in a bounded cache, and
what a message send or edit must carry so that Discord shows it.

An embed shows a picture through ``attachment://<name>``.  The name is a hash of
what the picture shows, so a message that already holds the picture is edited
without uploading it again (an edit without ``attachments`` keeps the message's
files), a changed picture is uploaded in place of the old one, and a message whose
picture went away loses its file."""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final

import discord
from PIL import Image

ATTACHMENT: Final = "attachment://"
CACHED: Final = 512  # pictures kept (a PNG of a hand or a trick is 10–30 kB)
PALETTE: Final = 96  # colours of a picture
UNKNOWN: Final = "?"  # what a message holds when the bot does not know (after a restart)
DESCRIBED: Final = 1024  # characters of alt text Discord keeps


@dataclass(frozen=True, slots=True)
class Picture:
    name: str  # "<kind>-<hash>.png"
    data: bytes
    description: str  # what it shows, in words: Discord's alt text, read by screen readers

    @property
    def url(self) -> str:
        return ATTACHMENT + self.name

    def file(self) -> discord.File:
        return discord.File(
            io.BytesIO(self.data), filename=self.name, description=self.description[:DESCRIBED]
        )


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # a palette and a light compression: a third of the bytes and half the time of a
    # full-colour PNG, with no visible difference for cards on a plain felt
    palette = image.convert("RGB").quantize(PALETTE, method=Image.Quantize.FASTOCTREE)
    palette.save(out, "PNG", compress_level=1)
    return out.getvalue()


class PictureCache:
    """Pictures by what they show: each drawn once while it stays among the last used."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self._by_key: OrderedDict[Hashable, Picture] = OrderedDict()
        self._by_name: dict[str, Picture] = {}
        self.drawn = 0  # pictures drawn (not found in the cache)

    def get(
        self, kind: str, key: Hashable, draw: Callable[[], Image.Image], description: str
    ) -> Picture:
        """The picture of ``kind`` showing ``key`` (described by ``description``), drawn by
        ``draw`` if not cached."""
        full = (kind, key, description)
        found = self._by_key.get(full)
        if found is not None:
            self._by_key.move_to_end(full)
            return found
        data = encode(draw())
        self.drawn += 1
        digest = hashlib.blake2b(data, digest_size=10).hexdigest()
        picture = Picture(f"{kind}-{digest}.png", data, description)
        self._by_key[full] = picture
        self._by_name[picture.name] = picture
        while len(self._by_key) > self.size:
            _, old = self._by_key.popitem(last=False)
            self._by_name.pop(old.name, None)
        return picture

    def named(self, name: str) -> Picture | None:
        return self._by_name.get(name)


CACHE: Final = PictureCache()


def embed_picture(embed: discord.Embed) -> Picture | None:
    """The picture an embed shows from its message's attachments, if any."""
    url = embed.image.url
    if url is None or not url.startswith(ATTACHMENT):
        return None
    return CACHE.named(url.removeprefix(ATTACHMENT))


def held(message: discord.Message | None) -> str | None:
    """The picture a message we were sent back holds (None: none)."""
    if message is None:
        return UNKNOWN
    names = [a.filename for a in message.attachments]
    return names[0] if names else None


def send_files(embed: discord.Embed) -> dict[str, Any]:
    """A new message's keywords: its embed's picture as a file."""
    picture = embed_picture(embed)
    return {} if picture is None else {"file": picture.file()}


def edit_files(embed: discord.Embed, holds: str | None) -> dict[str, Any]:
    """An edit's keywords for the picture of ``embed`` on a message that ``holds`` one
    (its name, None: no picture, ``UNKNOWN``): nothing when it is the same picture."""
    picture = embed_picture(embed)
    if picture is None:
        return {} if holds is None else {"attachments": []}
    if picture.name == holds:
        return {}
    return {"attachments": [picture.file()]}


def picture_name(embed: discord.Embed) -> str | None:
    """What a message holds after it was sent or edited with ``embed``."""
    picture = embed_picture(embed)
    return None if picture is None else picture.name
