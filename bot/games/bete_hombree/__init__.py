"""La Bête Hombrée at the table: its port to the engine, its drawings, its command, its texts."""

from bot.game import Capabilities, TableGame
from bot.games import register
from bot.games.bete_hombree.command import COMMAND
from bot.games.bete_hombree.drawing import HombreeRenderer
from bot.games.bete_hombree.port import HombreePort
from bot.games.bete_hombree.texts import TEXTS
from games.bete_hombree import SPEC

CAPABILITIES = Capabilities(register=True, pot_parts=("",))  # one pot: the pinandèles'
GAME = register(TableGame(SPEC, HombreePort(), HombreeRenderer(), COMMAND, CAPABILITIES, TEXTS))
