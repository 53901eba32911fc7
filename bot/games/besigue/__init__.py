"""Bésigue at the table: its port to the engine, its match, its drawings, its command,
its texts."""

from bot.game import Capabilities, GameTexts, TableGame
from bot.games import register
from bot.games.besigue.command import COMMAND
from bot.games.besigue.drawing import BesigueRenderer
from bot.games.besigue.port import RESULTS, BesigueMatch, BesiguePort
from games.besigue.spec import SPEC

# no money and no register: points, settled per match (kept for later when stopped)
CAPABILITIES = Capabilities(settles="game", results=RESULTS.all, money=False)
TEXTS = GameTexts.of_package(__name__)  # texts.json: messages FR/EN, command words
GAME = register(
    TableGame(SPEC, BesiguePort(), BesigueRenderer(), COMMAND, CAPABILITIES, TEXTS, BesigueMatch())
)
