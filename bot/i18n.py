"""The message catalogue (French, the game's own language, and English) and the translator.

``t(lang, key, **args)`` formats one message; an unknown key raises ``KeyError``
at once, so a test that renders a whole hand in both languages finds every
missing text.  Command names and descriptions are localised through
``CommandTranslator`` (discord.py's ``app_commands.Translator``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

import discord

from bot.grammar import fill

LANGS: Final = ("fr", "en")


def lang_for(locale: discord.Locale | str | None, default: str = "fr") -> str:
    """fr or en from a Discord locale; other languages get the default."""
    text = str(locale.value if isinstance(locale, discord.Locale) else locale or "")
    if text.startswith("fr"):
        return "fr"
    if text.startswith("en"):
        return "en"
    return default


def one_of(choices: list[str], lang: str) -> str:
    """Choices as a sentence offers them: "passer ou jouer", "a, b or c"."""
    if len(choices) < 2:
        return "".join(choices)
    return ", ".join(choices[:-1]) + t(lang, "or") + choices[-1]


def t(lang: str, key: str, **args: Any) -> str:
    entry = MESSAGES[key]  # KeyError for a key nobody wrote
    text = entry.get(lang) or entry["fr"]
    if not args:
        return text
    return fill(lang, text, args)  # plurals and elisions (bot.grammar)


def worded(key: str, game: str) -> str:
    """The key of a shared text as the game ``game`` (an id) words it: ``<key>.<game>``
    where its texts have it (its own term for a deal, its own way to stop), else as the
    family it belongs to words it (``FAMILIES``: Haitian Bésigue speaks of a deal as
    Bésigue does), else ``key``."""
    for words in (game, FAMILIES.get(game)):
        own = f"{key}.{words}"
        if words is not None and own in MESSAGES:
            return own
    return key


def game_text(game: str, lang: str, key: str, /, **args: Any) -> str:
    """``t`` of a shared text as the game ``game`` (an id) words it (``worded``)."""
    return t(lang, worded(key, game), **args)


M = dict[str, dict[str, str]]

MESSAGES: Final[M] = {
    # ---- words
    "yes": {"fr": "oui", "en": "yes"},
    "labelled": {"fr": "{label} : {text}", "en": "{label}: {text}"},
    "no": {"fr": "non", "en": "no"},
    "suit.S": {"fr": "pique", "en": "spades"},
    "suit.H": {"fr": "cœur", "en": "hearts"},
    "suit.D": {"fr": "carreau", "en": "diamonds"},
    "suit.C": {"fr": "trèfle", "en": "clubs"},
    # ---- calls, as players say them
    "call.pass": {"fr": "Passe", "en": "Pass"},
    # ---- phases
    "phase.auction": {"fr": "À {name} de parler", "en": "{name} to bid"},
    "phase.play": {"fr": "À {name} de jouer", "en": "{name} to play"},
    "phase.done": {"fr": "Le coup est fini.", "en": "The hand is over."},
    # ---- buttons
    "btn.join": {"fr": "S'asseoir", "en": "Join"},
    "btn.leave": {"fr": "Se lever", "en": "Leave"},
    "btn.start": {"fr": "Commencer", "en": "Start"},
    "btn.ai": {"fr": "Ajouter un joueur ordinateur", "en": "Add computer player"},
    "btn.ai_remove": {"fr": "Retirer un joueur ordinateur", "en": "Remove computer player"},
    "btn.level.fair": {"fr": "Joueur moyen", "en": "Fair player"},
    "btn.level.strong": {"fr": "Joueur fort", "en": "Strong player"},
    "btn.replace": {
        "fr": "Faire jouer {name} par l'ordinateur",
        "en": "Let the computer play for {name}",
    },
    "btn.abandon": {"fr": "Lever la table", "en": "End the table"},
    "btn.take_back": {"fr": "Reprendre ma place", "en": "Take my seat back"},
    "btn.rules": {"fr": "Règles", "en": "Rules"},
    "btn.hand": {"fr": "Ma main", "en": "My hand"},
    "btn.tricks": {"fr": "Plis", "en": "Tricks"},
    "btn.next": {"fr": "Coup suivant", "en": "Next hand"},
    "btn.stop_now": {
        "fr": "Arrêter maintenant ({count}/{total})",
        "en": "Stop now ({count}/{total})",
    },
    "btn.to_table": {"fr": "Aller à la table", "en": "Go to the table"},
    # ---- the public table
    "table.title": {"fr": "{game} — table n° {id}", "en": "{game} — table #{id}"},
    "table.lobby": {
        "fr": "On attend les joueurs : {count} assis, pour {seats}. Cliquez sur *S'asseoir*, "
        "puis *Commencer*.",
        "en": "Waiting for players: {count} seated, for {seats}. Click *Join*, then *Start*.",
    },
    "table.lobby.full": {
        "fr": "La table est complète ({count} joueurs) : cliquez sur *Commencer*.",
        "en": "The table is full ({count} players): click *Start*.",
    },
    "table.seats": {"fr": "Joueurs", "en": "Players"},
    "table.options": {"fr": "Options", "en": "Options"},
    "table.carried_title": {"fr": "Bêtes reportées", "en": "Bêtes carried over"},
    "table.carried": {
        "fr": "Cette table reprend le tableau des bêtes du serveur ({count}) : {entries}.",
        "en": "This table starts from the server's register of bêtes ({count}): {entries}.",
    },
    "table.carried_over": {
        "fr": "Bêtes reportées : {entries}.",
        "en": "Bêtes carried over: {entries}.",
    },
    "table.carried_entry": {"fr": "{amount} ({owner})", "en": "{amount} ({owner})"},
    "table.carried_none": {"fr": "Aucune bête n'est reportée.", "en": "No bête is carried over."},
    "table.fresh": {
        "fr": "Aucune bête en attente : le tableau est vierge.",
        "en": "No bête is waiting: the register is empty.",
    },
    "table.register": {"fr": "Tableau des bêtes", "en": "Register of bêtes"},
    "table.log": {"fr": "Derniers événements", "en": "Latest events"},
    "table.hand_no": {"fr": "Coup n° {hand}", "en": "Hand #{hand}"},
    "table.between": {
        "fr": "Coup n° {hand} réglé : cliquez sur *Coup suivant* pour continuer.",
        "en": "Hand #{hand} settled: click *Next hand* to go on.",
    },
    "table.dealer": {"fr": "Donneur : {name}", "en": "Dealer: {name}"},
    "table.next_dealer": {"fr": "Prochain donneur : {name}", "en": "Next dealer: {name}"},
    "table.deadline": {"fr": "Fin du temps de jeu {when}", "en": "Time runs out {when}"},
    "table.is_dealer": {"fr": "donneur", "en": "dealer"},
    "table.tricks": {"fr": "{count} {count:pli|plis}", "en": "{count} {count:trick|tricks}"},
    "table.no_calls": {"fr": "personne n'a encore parlé", "en": "nobody has spoken yet"},
    "table.trick": {"fr": "Pli n° {number}", "en": "Trick #{number}"},
    "table.trick_empty": {"fr": "pas encore de carte", "en": "no card yet"},
    "table.trick_leads": {"fr": "{name} entame", "en": "{name} leads"},
    "table.trick_winning": {"fr": "{name} est maître", "en": "{name} is winning"},
    "table.last_trick": {
        "fr": "Pli {number} : {cards} → {name}",
        "en": "Trick {number}: {cards} → {name}",
    },
    "tricks.title": {"fr": "Les plis du coup n° {hand}", "en": "The tricks of hand {hand}"},
    "tricks.none": {"fr": "Aucun pli n'est encore fait.", "en": "No trick has been taken yet."},
    "table.ended.finished": {"fr": "La partie est finie.", "en": "The game is over."},
    "table.ended.agreed": {
        "fr": "La table s'est levée d'un commun accord.",
        "en": "The players agreed to stop.",
    },
    "table.ended.closed": {"fr": "La table est fermée.", "en": "The table is closed."},
    "score.match_line": {
        "fr": "{rank}. **{name}** — {counted} (gagnées {won} sur {played}) · {points} points",
        "en": "{rank}. **{name}** — {counted} (won {won} of {played}) · {points} points",
    },
    "score.best": {"fr": " · meilleur : {best} ({points})", "en": " · best: {best} ({points})"},
    "score.empty_matches": {"fr": "Aucune partie terminée.", "en": "No match finished yet."},
    "score.going_on.title": {"fr": "Parties en cours", "en": "Matches in progress"},
    "score.going_on.table": {
        "fr": "{scores} — à la table n° {table}",
        "en": "{scores} — at table #{table}",
    },
    "score.going_on.kept": {
        "fr": "{scores} — gardée le {when} : `/table new {game} resume:` la reprend",
        "en": "{scores} — kept on {when}: `/table new {game} resume:` takes it up",
    },
    "table.ended.stopped": {"fr": "La partie s'arrête ici.", "en": "The match stops here."},
    "table.kept": {
        "fr": "La partie est gardée pour plus tard : `/table new {game} resume:` la reprend.",
        "en": "The match is kept for later: `/table new {game} resume:` takes it up again.",
    },
    "btn.keep": {"fr": "Garder pour plus tard", "en": "Keep for later"},
    "btn.drop": {"fr": "Ne pas garder la partie", "en": "Don't keep the match"},
    "log.keep": {
        "fr": "{name} veut garder la partie pour plus tard.",
        "en": "{name} wants to keep the match for later.",
    },
    "log.drop": {
        "fr": "{name} ne veut pas garder la partie.",
        "en": "{name} does not want to keep the match.",
    },
    "log.resume": {
        "fr": "La partie gardée reprend où elle s'était arrêtée.",
        "en": "The kept match goes on where it stopped.",
    },
    "error.kept_not_yours": {
        "fr": "Cette partie a été gardée pour ses joueurs : {names}.",
        "en": "This match was kept for its players: {names}.",
    },
    "error.kept_gone": {
        "fr": "Cette partie gardée n'existe plus ou a déjà été reprise.",
        "en": "This kept match is gone or was taken up already.",
    },
    "error.leave_kept": {
        "fr": "Une partie reprise garde ses joueurs : fermez la table avec `/table stop`.",
        "en": "A match taken up again keeps its players: close the table with `/table stop`.",
    },
    "error.no_match": {
        "fr": "Ce jeu ne se garde pas pour plus tard.",
        "en": "This game is not kept for later.",
    },
    "error.kept_already": {
        "fr": "La partie sera déjà gardée.",
        "en": "The match will be kept already.",
    },
    "error.dropped_already": {
        "fr": "La partie ne sera déjà pas gardée.",
        "en": "The match will not be kept already.",
    },
    "error.already_seated_named": {
        "fr": "{name} est déjà assis à une table de ce serveur.",
        "en": "{name} already sits at a table in this server.",
    },
    "table.ended.abandoned": {
        "fr": "La table est levée en l'absence d'un joueur.",
        "en": "The table ended for want of a player.",
    },
    "table.absent": {
        "fr": "{name} n'a pas joué à temps deux fois de suite : les autres peuvent le faire "
        "remplacer par l'ordinateur, ou lever la table.",
        "en": "{name} ran out of time twice in a row: the others may let the computer play "
        "for them, or end the table.",
    },
    "table.level.fair": {"fr": "ordinateur, moyen", "en": "computer, fair"},
    "table.level.strong": {"fr": "ordinateur, fort", "en": "computer, strong"},
    "listed.computer": {"fr": "{name} ({level})", "en": "{name} ({level})"},  # across tables
    "listed.level.fair": {"fr": "moyen", "en": "fair"},
    "listed.level.strong": {"fr": "fort", "en": "strong"},
    "table.stand_in": {"fr": "joué par l'ordinateur", "en": "played by the computer"},
    "ai.choose": {
        "fr": "Quel joueur ordinateur ? Le joueur moyen suit des règles de bon sens ; le "
        "joueur fort calcule les jeux que les autres peuvent tenir.",
        "en": "Which computer player? The fair one follows rules of thumb; the strong one "
        "works out the cards the others may hold.",
    },
    "ai.added": {"fr": "{name} s'assied à la table.", "en": "{name} sits at the table."},
    "options.turn": {"fr": "temps pour jouer : {seconds} s", "en": "turn time: {seconds} s"},
    "options.no_turn": {"fr": "pas de limite de temps", "en": "no turn time limit"},
    "options.no_pictures": {"fr": "cartes en texte seul", "en": "cards as text only"},
    # ---- options (RULES.md §1)
    "option.deal_pattern": {"fr": "distribution", "en": "dealing"},
    "option.deal_pattern.2-3": {"fr": "2 puis 3", "en": "2 then 3"},
    "option.deal_pattern.3-2": {"fr": "3 puis 2", "en": "3 then 2"},
    "option.deal_pattern.2-1-2": {"fr": "2, 1 puis 2", "en": "2, 1 then 2"},
    # ---- the log
    "log.open": {"fr": "{name} ouvre la table.", "en": "{name} opens the table."},
    "log.join": {"fr": "{name} s'assied.", "en": "{name} sits down."},
    "log.leave": {"fr": "{name} se lève.", "en": "{name} leaves."},
    "log.rename": {"fr": "{old} s'appelle désormais {name}.", "en": "{old} is now {name}."},
    "log.deal": {"fr": "{name} donne le coup n° {hand}.", "en": "{name} deals hand #{hand}."},
    "log.timeout": {
        "fr": "{name} n'a pas joué à temps : {action}",
        "en": "{name} ran out of time: {action}",
    },
    "log.trick": {
        "fr": "{name} fait le pli ({count} {count:pli|plis}).",
        "en": "{name} takes the trick ({count} {count:trick|tricks}).",
    },
    "log.settled": {"fr": "Coup n° {hand} réglé.", "en": "Hand #{hand} settled."},
    "log.stop": {"fr": "{name} demande l'arrêt.", "en": "{name} asks to stop."},
    "log.vote": {
        "fr": "{name} veut arrêter tout de suite ({count}).",
        "en": "{name} wants to stop at once ({count}).",
    },
    "log.end.finished": {"fr": "Fin de la partie.", "en": "End of the game."},
    "log.end.agreed": {"fr": "Arrêt d'un commun accord.", "en": "Stopped by agreement."},
    "log.end.closed": {"fr": "Table fermée.", "en": "Table closed."},
    "log.end.abandoned": {"fr": "Table levée.", "en": "Table ended."},
    "log.end.moderator": {"fr": "Table levée par {name}.", "en": "Table ended by {name}."},
    "log.replace_by": {
        "fr": "{by} fait jouer l'ordinateur pour {name}.",
        "en": "{by} has the computer play for {name}.",
    },
    "table.ended.moderator": {
        "fr": "La table a été levée par {name}, qui gère le serveur ; le coup en cours n'est "
        "pas réglé.",
        "en": "The table was ended by {name}, who manages the server; the hand in progress "
        "is not settled.",
    },
    "error.moderator_only": {
        "fr": "Seul un membre qui peut gérer le serveur peut faire cela.",
        "en": "Only a member who can manage the server may do that.",
    },
    "error.not_a_player_here": {
        "fr": "{name} n'est pas assis à cette table.",
        "en": "{name} is not seated at this table.",
    },
    "ok.moderated": {"fr": "C'est fait, et la table le dit.", "en": "Done; the table says so."},
    "log.replace": {
        "fr": "L'ordinateur joue pour {name}.",
        "en": "The computer plays for {name}.",
    },
    "log.return": {"fr": "{name} reprend sa place.", "en": "{name} takes their seat back."},
    "log.resumed": {
        "fr": "Le bot a redémarré : la partie reprend.",
        "en": "The bot restarted: play resumes.",
    },
    # ---- the private hand
    "hand.title": {"fr": "Votre main — table n° {id}", "en": "Your hand — table #{id}"},
    "hand.where": {
        "fr": "Serveur **{guild}**, salon **#{channel}**",
        "en": "Server **{guild}**, channel **#{channel}**",
    },
    "hand.no_hand": {"fr": "Rien n'est en cours.", "en": "Nothing in progress."},
    "hand.hand_no": {
        "fr": "Coup n° {hand}, donneur : {dealer}",
        "en": "Hand #{hand}, dealer: {dealer}",
    },
    "hand.cards": {"fr": "Vos cartes : **{cards}**", "en": "Your cards: **{cards}**"},
    "hand.row": {"fr": "{label} : **{cards}**", "en": "{label}: **{cards}**"},
    "hand.calls": {"fr": "Enchères : {calls}", "en": "Auction: {calls}"},
    "hand.said": {"fr": "Paroles : {calls}", "en": "Calls: {calls}"},
    "hand.trick": {"fr": "Pli en cours : {trick}", "en": "Trick so far: {trick}"},
    "hand.tricks_won": {"fr": "Vos plis : {count}", "en": "Your tricks: {count}"},
    "hand.expired": {
        "fr": "Ce panneau n'est plus mis à jour (Discord le limite à 15 minutes) : "
        "rouvrez votre main.",
        "en": "This panel is no longer kept up to date (Discord allows 15 minutes): "
        "open your hand again.",
    },
    "hand.your_money": {"fr": "Pour vous : **{money}**", "en": "For you: **{money}**"},
    "hand.turn_of": {"fr": "C'est au tour {name:de}.", "en": "It is {name}'s turn."},
    "hand.closed": {"fr": "La table n° {id} est fermée.", "en": "Table #{id} is closed."},
    # ---- the end of a hand
    "summary.tricks": {"fr": "Plis", "en": "Tricks"},
    "summary.payments": {"fr": "Paiements", "en": "Payments"},
    "summary.pays": {
        "fr": "{payer} paie {amount} à {payee} ({reason})",
        "en": "{payer} pays {payee} {amount} ({reason})",
    },
    "and": {"fr": " et ", "en": " and "},
    "or": {"fr": " ou ", "en": " or "},
    "summary.pays_each": {
        "fr": "{payer} paient chacun {amount} à {payee} ({reason})",
        "en": "{payer} each pay {payee} {amount} ({reason})",
    },
    "summary.to_pot_each": {
        "fr": "{name} mettent chacun {amount} au pot ({reason})",
        "en": "{name} each put {amount} in the pot ({reason})",
    },
    "summary.to_pot": {
        "fr": "{name} met {amount} au pot ({reason})",
        "en": "{name} puts {amount} in the pot ({reason})",
    },
    "summary.from_pot": {
        "fr": "{name} prend {amount} au pot ({reason})",
        "en": "{name} takes {amount} from the pot ({reason})",
    },
    "summary.net": {"fr": "Bilan du coup", "en": "Net this hand"},
    "summary.crossed": {
        "fr": "Bête rayée : {owner}, {amount}",
        "en": "Bête crossed out: {owner}, {amount}",
    },
    "summary.new_entry": {
        "fr": "Nouvelle bête : {owner}, {amount}",
        "en": "New bête: {owner}, {amount}",
    },
    "summary.register_same": {"fr": "Tableau inchangé.", "en": "Register unchanged."},
    "summary.next": {"fr": "{name} donnera le coup suivant.", "en": "{name} deals next."},
    # ---- register and scoreboard
    "history.title": {"fr": "Historique", "en": "History"},
    "history.picture": {
        "fr": "n° {id} — le coup {hand}, pli par pli",
        "en": "#{id} — hand {hand}, trick by trick",
    },
    "history.empty": {"fr": "Rien n'est encore réglé ici.", "en": "Nothing settled here yet."},
    "history.line": {  # the file is a hand record (RULES.md §5): docs/playing.md says more
        "fr": "`#{id}` **{game}**, table n° {table}, coup n° {hand}, {when}\n{result} · {nets}"
        "\n↳ `{file}`",
        "en": "`#{id}` **{game}**, table #{table}, hand #{hand}, {when}\n{result} · {nets}"
        "\n↳ `{file}`",
    },
    "history.scored": {
        "fr": "{name} {points} (total {score})",
        "en": "{name} {points} (score {score})",
    },
    "history.result.made": {"fr": "gagné", "en": "made"},
    "history.result.failed": {"fr": "perdu", "en": "failed"},
    "register.title": {"fr": "Tableau des bêtes — {game}", "en": "Register of bêtes — {game}"},
    "register.no_owner": {"fr": "sans propriétaire", "en": "no owner"},
    "register.line": {
        "fr": "`{index}.` {owner} — **{amount}** (depuis le {date})",
        "en": "`{index}.` {owner} — **{amount}** (since {date})",
    },
    "register.in_play": {"fr": "en jeu à la table n° {id}", "en": "in play at table #{id}"},
    "register.empty": {"fr": "Aucune bête à payer.", "en": "No bête to pay."},
    "register.total": {"fr": "Total", "en": "Total"},
    "register.pot": {"fr": "Pot", "en": "Pot"},
    "score.title": {
        "fr": "Classement — {game} ({period})",
        "en": "Scoreboard — {game} ({period})",
    },
    "score.line": {
        "fr": "`{rank}.` **{name}** {net} — {hands} {hands:coup|coups}, contrats {made} "
        "{made:gagné|gagnés} / {failed} {failed:perdu|perdus}, {betes} {betes:bête faite|bêtes "
        "faites}, {collected} {collected:bête encaissée|bêtes encaissées}",
        "en": "`{rank}.` **{name}** {net} — {hands} {hands:hand|hands}, contracts {made} "
        "made / {failed} failed, {betes} {betes:bête|bêtes} made, {collected} "
        "{collected:bête|bêtes} collected",
    },
    "score.title_all": {"fr": "Classement ({period})", "en": "Scoreboard ({period})"},
    "score.empty": {"fr": "Rien n'a encore été joué.", "en": "Nothing played yet."},
    "chart.hands": {"fr": "Coups joués : {count}", "en": "Hands played: {count}"},
    "period.all": {"fr": "depuis toujours", "en": "all time"},
    "period.month": {"fr": "30 derniers jours", "en": "last 30 days"},
    "period.week": {"fr": "7 derniers jours", "en": "last 7 days"},
    "period.day": {"fr": "dernières 24 heures", "en": "last 24 hours"},
    # ---- answers
    "ok.played": {"fr": "C'est fait.", "en": "Done."},
    "ok.stop_now": {
        "fr": "Pour arrêter tout de suite, chacun clique sur *Arrêter maintenant*.",
        "en": "To stop at once, everyone clicks *Stop now*.",
    },
    "ok.closed": {"fr": "Table fermée.", "en": "Table closed."},
    "notice": {
        "fr": "À vous — table n° {id}, #{channel}",
        "en": "Your turn — table #{id}, #{channel}",
    },
    "ok.notify.dm": {
        "fr": "Quand ce sera à vous, je vous enverrai un court message privé.",
        "en": "When it is your turn, I will send you a short direct message.",
    },
    "ok.notify.mention": {
        "fr": "Quand ce sera à vous, je vous mentionnerai dans le salon de la table.",
        "en": "When it is your turn, I will mention you in the table's channel.",
    },
    "ok.notify.none": {
        "fr": "Je ne vous préviendrai plus quand ce sera à vous "
        "(le rappel avant la fin du temps reste).",
        "en": "I will no longer tell you when it is your turn "
        "(the reminder before time runs out stays).",
    },
    "remind": {
        "fr": "{mention}, plus que {seconds} s pour jouer à la table n° {id}.",
        "en": "{mention}, {seconds} s left to play at table #{id}.",
    },
    "dm.closed": {
        "fr": "{mention}, je ne peux pas vous écrire en privé : utilisez le bouton *Ma main* de la "
        "table.",
        "en": (
            "{mention}, I cannot send you direct messages: use the *My hand* button on the table."
        ),
    },
    # ---- refusals
    "error.generic": {
        "fr": "Désolé, quelque chose s'est mal passé. Réessayez ; l'erreur est notée.",
        "en": "Sorry, something went wrong. Please try again; the error was logged.",
    },
    "error.guild_only": {
        "fr": "Cette commande s'utilise dans un salon de serveur.",
        "en": "Use this command in a server channel.",
    },
    "error.bad_channel": {
        "fr": "Ouvrez une table dans un salon textuel.",
        "en": "Open a table in a text channel.",
    },
    "error.table_exists": {
        "fr": "Une table est déjà ouverte dans ce salon.",
        "en": "A table is already open in this channel.",
    },
    "error.already_seated": {
        "fr": "Vous êtes déjà assis à une table de ce serveur.",
        "en": "You already sit at a table in this server.",
    },
    "error.already_here": {
        "fr": "Vous êtes déjà à cette table.",
        "en": "You already sit at this table.",
    },
    "error.already_started": {
        "fr": "La partie a déjà commencé.",
        "en": "The game has already started.",
    },
    "error.table_full": {"fr": "La table est complète.", "en": "The table is full."},
    "error.table_gone": {"fr": "Cette table est fermée.", "en": "This table is closed."},
    "error.table_elsewhere": {
        "fr": "Cette table reprend en ce moment : réessayez dans quelques secondes.",
        "en": "This table is being taken up again right now: try again in a few seconds.",
    },
    "error.no_table": {
        "fr": "Vous n'êtes assis à aucune table ouverte.",
        "en": "You are not seated at an open table.",
    },
    "error.many_tables": {
        "fr": "Vous jouez sur plusieurs serveurs : utilisez la commande dans le salon de la table.",
        "en": "You play in several servers: use the command in the table's channel.",
    },
    "error.not_seated": {
        "fr": "Vous n'êtes pas assis à cette table.",
        "en": "You are not seated at this table.",
    },
    "error.leave_playing": {
        "fr": "On ne quitte pas une partie en cours : proposez `/table stop`.",
        "en": "You cannot leave a game in progress: propose `/table stop`.",
    },
    "error.need_more": {
        "fr": "Il faut au moins {least} joueurs pour commencer ({count} assis).",
        "en": "Starting needs at least {least} players ({count} seated).",
    },
    "error.need_four": {
        "fr": "Il faut 4 joueurs pour commencer ({count} assis).",
        "en": "Starting needs 4 players ({count} seated).",
    },
    "error.stale": {
        "fr": "Le jeu a avancé depuis : ce bouton n'est plus valable.",
        "en": "Play has moved on: that button is no longer valid.",
    },
    "error.no_hand": {"fr": "Rien n'est en cours.", "en": "Nothing in progress."},
    "error.hand_in_progress": {
        "fr": "On joue déjà : ce bouton n'est plus valable.",
        "en": "Play is already on: that button is no longer valid.",
    },
    "error.not_your_turn": {
        "fr": "Ce n'est pas à vous : c'est à {name}.",
        "en": "Not your turn: it is {name}'s.",
    },
    "error.illegal_card": {
        "fr": "Cette carte n'est pas permise. Jouables : {legal}.",
        "en": "That card is not allowed. Playable: {legal}.",
    },
    "error.illegal_call": {
        "fr": "Cette annonce n'est pas possible. Possibles : {legal}.",
        "en": "That call is not possible. Possible: {legal}.",
    },
    "error.bad_card": {
        "fr": "Je ne reconnais pas la carte « {text} » (écrivez par exemple 10S, KH, R♥).",
        "en": "I do not know the card “{text}” (write e.g. 10S, KH, K♥).",
    },
    "error.bad_input": {
        "fr": "Je ne comprends pas « {text} ».",
        "en": "I do not understand “{text}”.",
    },
    "error.lobby_stop": {
        "fr": "Seul qui a ouvert la table peut la fermer ; cliquez sur *Se lever* pour partir.",
        "en": "Only the player who opened the table may close it; click *Leave* to go.",
    },
    "error.already_stopping": {
        "fr": "L'arrêt est déjà demandé.",
        "en": "Stopping was asked already.",
    },
    "error.not_stopping": {
        "fr": "Personne n'a demandé l'arrêt (`/table stop`).",
        "en": "Nobody asked to stop (`/table stop`).",
    },
    "error.already_voted": {
        "fr": "Vous avez déjà donné votre accord.",
        "en": "You already agreed.",
    },
    "error.no_computer": {
        "fr": "Aucun joueur ordinateur n'est assis à cette table.",
        "en": "No computer player sits at this table.",
    },
    "error.not_absent": {
        "fr": "Ce joueur n'est pas absent : il n'a pas laissé passer son tour deux fois de suite.",
        "en": "That player is not absent: they have not run out of time twice in a row.",
    },
    "error.replace_self": {
        "fr": "C'est vous qui n'avez pas joué à temps : jouez, tout simplement.",
        "en": "You are the one who ran out of time: just play.",
    },
    "error.not_replaced": {
        "fr": "Personne ne joue à votre place.",
        "en": "Nobody plays in your place.",
    },
    "error.replaced": {
        "fr": "L'ordinateur joue pour vous : cliquez sur *Reprendre ma place* sur la table.",
        "en": "The computer plays for you: click *Take my seat back* on the table.",
    },
    "error.no_register": {
        "fr": "{game} ne tient pas de tableau des bêtes.",
        "en": "{game} keeps no register of bêtes.",
    },
    "error.no_permission": {
        "fr": "Je n'ai pas le droit d'écrire ou d'intégrer des liens dans ce salon.",
        "en": "I lack the permission to send messages or embed links in this channel.",
    },
    # ---- rules in short
    "rules.footer": {
        "fr": "/rules topic:… pour les autres sujets",
        "en": "/rules topic:… for the other topics",
    },
    "rules.table_options": {"fr": "Les options de cette table", "en": "This table's options"},
    "card.joker": {"fr": "Joker", "en": "Joker"},  # a card of no suit (Haitian Bésigue)
}


FAMILIES: Final[dict[str, str]] = {}
"""A game (an id) -> the game whose words it takes for a shared text it does not word
itself: the family it belongs to (``GameTexts.family``)."""


def add_family(game: str, family: str) -> None:
    """``game`` words the shared texts as ``family`` does, where it has no words of its
    own for them."""
    if FAMILIES.get(game, family) != family:
        raise ValueError(f"the game {game!r} belongs to the family {FAMILIES[game]!r}")
    FAMILIES[game] = family


def add_texts(texts: dict[str, dict[str, str]]) -> None:
    """A game's own texts join the catalogue (a key may be shared only word for word)."""
    for key, entry in texts.items():
        known = MESSAGES.get(key)
        if known is not None and known != entry:
            raise ValueError(f"the text {key!r} is written differently elsewhere")
        MESSAGES[key] = entry


# what the bot says when Discord says no (docs/discord-errors.md), kept beside as data
add_texts(json.loads((resources.files("bot") / "refused.json").read_text(encoding="utf-8")))
