"""``python -m examples.toy.bot``: the bot's real entry point with the toy game offered too.

The toy game registers itself when ``examples.toy`` is imported; the bot process
of the toy's end-to-end test is this module, so nothing of the bot names it.
"""

from __future__ import annotations

import sys

import examples.toy  # registers the toy game  # noqa: F401
from bot.__main__ import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m examples.toy.bot"))
