"""The slash commands in French: their names, descriptions and choices are written in
English in the code, and given in French through discord.py's ``Translator``; each game
adds the words of its own options when it registers."""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import Choice

# ---- command names and descriptions: English in code, French through the translator

COMMANDS_FR: Final[dict[str, str]] = {
    # names (lowercase, no spaces)
    "table": "table",
    "new": "nouvelle",
    "stop": "arreter",
    "play": "jouer",
    "hand": "main",
    "betes": "betes",
    "scoreboard": "classement",
    "rules": "regles",
    "history": "historique",
    "The hands settled on this server, newest first": (
        "Les coups réglés sur ce serveur, du plus récent au plus ancien"
    ),
    "Only the hands this player played": "Seulement les coups de ce joueur",
    "review": "analyse",
    "page": "page",
    "Older hands: page 2, 3...": "Les coups plus anciens : page 2, 3…",
    "The review of this hand (its number #): yours, or player's": (
        "L'analyse de ce coup (son n°) : la vôtre, ou celle du joueur choisi"
    ),
    "settings": "reglages",
    "notify": "prevenir",
    "Your own settings, in every server, and this server's": (
        "Vos réglages, dans tous les serveurs, et ceux de ce serveur"
    ),
    "reviews": "analyses",
    "This server: every hand reviewed in the background (server managers)": (
        "Ce serveur : chaque coup analysé en arrière-plan (qui gère le serveur)"
    ),
    "On": "Oui",
    "Off": "Non",
    "stats": "stats",
    "A player's progress, from the hands reviewed": (
        "Les progrès d'un joueur, d'après ses coups analysés"
    ),
    "The player (you by default)": "Le joueur (vous par défaut)",
    "The game (by default every one)": "Le jeu (par défaut, chacun)",
    "end": "lever",
    "show": "montrer",
    "Post the table again at the bottom of its channel": "Reposer la table en bas de son salon",
    "replace": "remplacer",
    "away": "absent",
    "Let the computer play your seat until you take it back": (
        "Laisser l'ordinateur jouer à votre place jusqu'à ce que vous la repreniez"
    ),
    "player": "joueur",
    "Moderators: end this channel's table now": "Modération : lever la table de ce salon",
    "Moderators: let the computer play for a player": (
        "Modération : faire jouer l'ordinateur pour un joueur"
    ),
    "The player the computer plays for": "Le joueur pour qui l'ordinateur joue",
    "How to tell you it is your turn": "Comment vous prévenir que c'est à vous",
    "A direct message": "Un message privé",
    "A mention in the channel": "Une mention dans le salon",
    "Nothing": "Rien",
    # each language named in itself, for either client
    "Français": "Français",
    "English": "English",
    # parameter names
    "game": "jeu",
    "move": "action",  # "coup" is a deal in La Bête Hombrée's words
    "turn_time": "temps",
    "period": "periode",
    "topic": "sujet",
    "deal_pattern": "distribution",
    "language": "langue",
    "computers": "ordinateurs",
    "level": "niveau",
    "pictures": "images",
    "hints": "indices",
    "resume": "reprendre",
    "A match kept for later to take up again (its options and seats)": (
        "Une partie gardée pour plus tard, à reprendre (ses options et ses places)"
    ),
    # descriptions
    "Open, stop and manage card tables": "Ouvrir, arrêter et gérer les tables",
    "Open a table in this channel": "Ouvrir une table dans ce salon",
    "Stop as the game stops, or at once with everyone's agreement": (
        "Arrêter comme le jeu s'arrête, ou tout de suite avec l'accord de tous"
    ),
    "Play a move: a card, a call, a discard...": ("Jouer : une carte, une annonce, un écart…"),
    "Your move, e.g. 10S, K♥, pass, 3 belle, je joue": (
        "Votre action, par ex. 10S, R♥, passe, 3 belle, je joue"
    ),
    "See your hand privately": "Voir votre main en privé",
    "Show the server's register of bêtes": "Montrer le tableau des bêtes du serveur",
    "Rank the server's players in each game, as it keeps score": (
        "Classer les joueurs du serveur dans chaque jeu, selon ce qu'il compte"
    ),
    "The rules in short": "Les règles en bref",
    "help": "aide",
    "How to play here: the games and the commands": "Comment jouer ici : les jeux et les commandes",
    "The game": "Le jeu",
    "Seconds per move, 20 at least (0: no limit)": (
        "Secondes pour jouer à son tour, 20 au moins (0 : sans limite)"
    ),
    "Period": "Période",
    "Topic": "Sujet",
    "Packets of the deal": "Paquets de la distribution",
    "Show the cards as pictures (off: text only)": (
        "Montrer les cartes en images (non : texte seul)"
    ),
    "A Hint button in each hand (default: on when a computer player sits)": (
        "Un bouton Indice dans chaque main (par défaut : oui si un joueur ordinateur est assis)"
    ),
    "Language of the table's public messages (remembered for this server)": (
        "Langue des messages publics de la table (retenue pour ce serveur)"
    ),
    "Computer players to seat at once (more with the table's button)": (
        "Joueurs ordinateur à asseoir d'emblée (d'autres avec le bouton de la table)"
    ),
    "How well those computer players play": "Le niveau de ces joueurs ordinateur",
    "Strong": "Fort",
    "Fair": "Moyen",
    # choices
    "All time": "Depuis toujours",
    "Last 30 days": "30 derniers jours",
    "Last 7 days": "7 derniers jours",
    "Last 24 hours": "Dernières 24 heures",
    "2 then 3": "2 puis 3",
    "3 then 2": "3 puis 2",
    "2, 1 then 2": "2, 1 puis 2",
}


def add_command_names(names: dict[str, str]) -> None:
    """A game's command words in French (its options, their descriptions and choices)."""
    for english, french in names.items():
        known = COMMANDS_FR.get(english)
        if known is not None and known != french:
            raise ValueError(f"the command word {english!r} is translated differently elsewhere")
        COMMANDS_FR[english] = french


def translated_choice(name: str, value: Any) -> Choice[Any]:
    """A fixed choice of an option, its name shown in French to a French client: discord.py
    asks the translator for a choice's name only when it is a ``locale_str``."""
    return Choice(name=app_commands.locale_str(name), value=value)


def command_word(word: str, lang: str) -> str:
    """A command's word (an option's name...) as a user of ``lang`` sees it."""
    return COMMANDS_FR.get(word, word) if lang == "fr" else word


class CommandTranslator(app_commands.Translator):
    """French names and descriptions for the slash commands (English is the source)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.french:
            return None
        return COMMANDS_FR.get(string.message)
