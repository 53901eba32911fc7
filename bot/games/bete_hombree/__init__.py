"""La Bête Hombrée at the table: its port to the engine, its drawings, its command, its texts."""

from bot.game import Capabilities, TableGame
from bot.games import register
from bot.games.bete_hombree.command import COMMAND_WORDS, new_command
from bot.games.bete_hombree.drawing import HombreeRenderer
from bot.games.bete_hombree.port import HombreePort
from bot.games.bete_hombree.texts import TEXTS
from games.bete_hombree import SPEC

GAME = register(
    TableGame(
        spec=SPEC,
        port=HombreePort(),
        renderer=HombreeRenderer(),
        command=new_command,
        capabilities=Capabilities(register=True, pot_parts=("",)),
        texts=TEXTS,
        command_words=COMMAND_WORDS,
    )
)
