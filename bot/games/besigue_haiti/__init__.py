"""Bésigue as played in Haiti at the table (RULES.md §4.1): its port to the engine,
its match of parties toward a hundred, its drawings, its command, its texts."""

from bot.game import Capabilities, GameTexts, TableGame
from bot.games import register
from bot.games.besigue_haiti.command import COMMAND
from bot.games.besigue_haiti.drawing import HaitiRenderer
from bot.games.besigue_haiti.port import RESULTS, HaitiMatch, HaitiPort
from games.besigue.haiti.spec import SPEC

# no money and no register: points on the marque, each partie stood on the scoreboard
CAPABILITIES = Capabilities(settles="game", results=RESULTS.all, money=False)
TEXTS = GameTexts.of_package(__name__)  # texts.json: messages FR/EN, command words
GAME = register(
    TableGame(SPEC, HaitiPort(), HaitiRenderer(), COMMAND, CAPABILITIES, TEXTS, HaitiMatch())
)
