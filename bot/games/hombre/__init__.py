"""L'Hombre at the table: its port to the engine, its drawings, its command, its texts."""

from bot.game import Capabilities, GameTexts, TableGame
from bot.games import register
from bot.games.hombre.command import COMMAND
from bot.games.hombre.drawing import HombreRenderer
from bot.games.hombre.port import PARTS, RESULTS, HombrePort
from games.hombre.spec import SPEC

# the waiting bêtes, and a pot of three parts: the poule, the bête in play, a codille's mark;
# a hombre out of time with five tricks stops: playing on would undertake the vole
CAPABILITIES = Capabilities(
    last_resort="pass",
    away_moves=("pass", "stop"),
    register=True,
    pot_parts=PARTS,
    pot_states=("codille",),
    results=RESULTS,
)
TEXTS = GameTexts.of_package(__name__)  # texts.json: messages FR/EN, command words
GAME = register(TableGame(SPEC, HombrePort(), HombreRenderer(), COMMAND, CAPABILITIES, TEXTS))
