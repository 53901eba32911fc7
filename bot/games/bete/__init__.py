"""La Bête at the table: its port to the engine, its drawings, its command, its texts."""

from bot.game import Capabilities, TableGame
from bot.games import register
from bot.games.bete.command import COMMAND_WORDS, new_command
from bot.games.bete.drawing import BeteRenderer
from bot.games.bete.port import PARTS, BetePort
from bot.games.bete.texts import TEXTS
from games.bete import SPEC

GAME = register(
    TableGame(
        spec=SPEC,
        port=BetePort(),
        renderer=BeteRenderer(),
        command=new_command,
        capabilities=Capabilities(register=True, pot_parts=PARTS),
        texts=TEXTS,
        command_words=COMMAND_WORDS,
    )
)
