"""La Bête at the table: its port to the engine, its drawings, its command, its texts."""

from bot.game import Capabilities, GameTexts, TableGame
from bot.games import register
from bot.games.bete.command import COMMAND
from bot.games.bete.drawing import BeteRenderer
from bot.games.bete.port import PARTS, BetePort
from games.bete import SPEC

# the waiting bêtes, and a pot of three parts: the reserve, the stake, the king jetons
CAPABILITIES = Capabilities(
    last_resort="pass", away_moves=("pass",), register=True, pot_parts=PARTS
)
TEXTS = GameTexts.of_package(__name__)  # texts.json: messages FR/EN, command words
GAME = register(TableGame(SPEC, BetePort(), BeteRenderer(), COMMAND, CAPABILITIES, TEXTS))
