"""Pictures as attachments: named by what they show, drawn as PNGs only when they are
uploaded, and what a message send or edit must carry so that Discord shows them.

An embed shows a picture through ``attachment://<name>``.  The name is a hash of
what the picture shows, so a message that already holds the picture is edited
without uploading it again (an edit without ``attachments`` keeps the message's
files), a changed picture is uploaded in place of the old one, and a message whose
picture went away loses its file."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

import discord
from PIL import Image

from bot.drawing.pictures.layouts import hand_picture, trick_picture
from bot.drawing.pictures.whole_hand import whole_hand_picture
from bot.game import CardRow
from games.cards import Card
from games.tricks import PlayedTrick

ATTACHMENT: Final = "attachment://"
# pictures known by name (a name, its words and what draws it: about 500 bytes). A name is
# looked up between an embed's drawing and its upload, at most a few seconds later with the
# retries of a failed upload; 200 tables at play register about 10 new pictures a second
# (a hand's picture changes only with its cards), 60 at full load: minutes of them
CACHED: Final = 1024
DRAWN_KEPT: Final = 64  # PNGs kept after an upload (10–30 kB each)
PALETTE: Final = 128  # colours of the pictures
UNKNOWN: Final = "?"  # what a message holds when the bot does not know (after a restart)
DESCRIBED: Final = 1024  # characters of alt text Discord keeps


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture as an attachment: named by what it shows, drawn only when uploaded."""

    name: str  # "<kind>-<hash of what it shows>.png"
    description: str  # what it shows, in words: Discord's alt text, read by screen readers
    draw: Callable[[], Image.Image] = field(compare=False, repr=False)

    @property
    def url(self) -> str:
        return ATTACHMENT + self.name

    @property
    def data(self) -> bytes:
        """The PNG (drawn now unless it was drawn a moment ago)."""
        return CACHE.png(self)

    def file(self) -> discord.File:
        return discord.File(
            io.BytesIO(self.data), filename=self.name, description=self.description[:DESCRIBED]
        )


@cache
def palette() -> Image.Image:
    """The colours of every picture (felt, paper, both suits' colours, greyed cards, the
    winner's gold, names and numbers, and their smooth edges), found once from pictures
    that show them all."""
    cards = [Card.parse(c) for c in ["KS", "QH", "JD", "AC", "10S", "9H", "8D", "7C"]]
    sample = Image.new("RGB", (1600, 800))
    sample.paste(hand_picture([CardRow(tuple(cards), frozenset(cards[:4]))], "fr"), (0, 0))
    trick = tuple(enumerate(cards[4:8]))
    last = PlayedTrick(0, tuple(enumerate(cards[:4])), 1)
    sample.paste(trick_picture(trick[:3], 1, last, "en", 4), (0, 200))
    names = ("Arthur", "🤖 Alexandre", "François", "Zoé")
    sample.paste(whole_hand_picture((last, PlayedTrick(1, trick, 2)), names, "fr"), (0, 400))
    return sample.quantize(PALETTE, method=Image.Quantize.FASTOCTREE)


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # a palette and a light compression: a third of the bytes of a full-colour PNG and a
    # quarter of its time, with no visible difference for cards on a plain felt; one
    # palette for every picture, so that no picture has to find its own
    indexed = image.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)
    indexed.save(out, "PNG", compress_level=1)
    return out.getvalue()


class PictureCache:
    """Pictures by name, and the PNGs of the last ones uploaded.

    A picture's name is a hash of what it shows, so a message that already holds it
    is edited without drawing it at all; a PNG is drawn only to be uploaded, and
    kept a moment in case another message uploads the same."""

    def __init__(self, size: int = CACHED, drawn_kept: int = DRAWN_KEPT) -> None:
        self._lock = threading.Lock()  # a summary's picture is drawn in a worker thread
        self.size = size
        self.drawn_kept = drawn_kept
        self._by_name: OrderedDict[str, Picture] = OrderedDict()
        self._png: OrderedDict[str, bytes] = OrderedDict()
        self.drawn = 0  # PNGs drawn (not found among those kept)

    def get(
        self, kind: str, key: Hashable, draw: Callable[[], Image.Image], description: str
    ) -> Picture:
        """The picture of ``kind`` showing ``key`` (``description`` in words), which
        ``draw`` draws when it must be uploaded."""
        shown = repr((key, description)).encode()
        name = f"{kind}-{hashlib.blake2b(shown, digest_size=10).hexdigest()}.png"
        with self._lock:
            picture = self._by_name.get(name)
            if picture is None:
                picture = Picture(name, description, draw)
            self._known(picture)
        return picture

    def keep(self, picture: Picture) -> None:
        """``picture`` known by its name again, as the most recent (a panel drawn a
        while ago and kept shows it: its message's edit must find it by name)."""
        with self._lock:
            self._known(picture)

    def _known(self, picture: Picture) -> None:
        self._by_name[picture.name] = picture
        self._by_name.move_to_end(picture.name)
        while len(self._by_name) > self.size:
            self._by_name.popitem(last=False)

    def named(self, name: str) -> Picture | None:
        return self._by_name.get(name)

    def png(self, picture: Picture) -> bytes:
        with self._lock:
            data = self._png.get(picture.name)
        if data is None:
            data = encode(picture.draw())
            with self._lock:
                self._png[picture.name] = data
                self.drawn += 1
                while len(self._png) > self.drawn_kept:
                    self._png.popitem(last=False)
        return data


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
