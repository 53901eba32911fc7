"""What Discord shows of a picture in an embed, and a picture brought within it.

An embed shows its picture at most about 520 pixels wide; a picture much wider than
tall shrinks to a thin strip, one much taller than wide to a narrow column.  Every
picture the bot draws keeps within these bounds (``tests/bot/test_pictures_bounds.py``
checks them for every game and seat count)."""

from __future__ import annotations

import math
from typing import Final

from PIL import Image

from bot.drawing.pictures.faces import FELT

MAX_WIDTH: Final = 1200  # px
MIN_ASPECT: Final = 1 / 1.2  # width / height: no taller than this
MAX_ASPECT: Final = 4.0  # no wider than this
EMBED_WIDTH: Final = 520  # px: an embed's picture at full size
# a picture that shows many cards (a whole hand) fills the embed at this shape
WIDE_ASPECTS: Final = (4 / 3, 2.0)


def framed(image: Image.Image) -> Image.Image:
    """``image`` on more felt (left and top kept) where it is narrower or flatter than
    Discord shows well: a hand of one card, a tall stack of rows."""
    width, height = image.size
    wide = max(width, math.ceil(height * MIN_ASPECT))
    tall = max(height, math.ceil(width / MAX_ASPECT))
    if (wide, tall) == image.size:
        return image
    out = Image.new(image.mode, (wide, tall), FELT[: len(image.getbands())])
    out.paste(image, (0, 0))
    return out
