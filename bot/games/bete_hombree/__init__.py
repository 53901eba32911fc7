"""La Bête Hombrée at the table: its port to the engine, its drawings, its command, its texts."""

from bot.game import Capabilities, GameTexts, TableGame
from bot.games import register
from bot.games.bete_hombree.command import COMMAND
from bot.games.bete_hombree.drawing import HombreeRenderer
from bot.games.bete_hombree.port import HombreePort
from games.bete_hombree import SPEC

CAPABILITIES = Capabilities(
    last_resort="pass", away_moves=("pass",), register=True, pot_parts=("",)
)  # one pot: the pinandèles'
TEXTS = GameTexts.of_package(__name__)  # texts.json: messages FR/EN, command words
GAME = register(TableGame(SPEC, HombreePort(), HombreeRenderer(), COMMAND, CAPABILITIES, TEXTS))
