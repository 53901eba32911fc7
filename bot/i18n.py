"""The message catalogue (French, the game's own language, and English) and the translator.

``t(lang, key, **args)`` formats one message; an unknown key raises ``KeyError``
at once, so a test that renders a whole hand in both languages finds every
missing text.  Command names and descriptions are localised through
``CommandTranslator`` (discord.py's ``app_commands.Translator``).
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands

LANGS: Final = ("fr", "en")


def lang_for(locale: discord.Locale | str | None, default: str = "fr") -> str:
    """fr or en from a Discord locale; other languages get the default."""
    text = str(locale.value if isinstance(locale, discord.Locale) else locale or "")
    if text.startswith("fr"):
        return "fr"
    if text.startswith("en"):
        return "en"
    return default


def t(lang: str, key: str, **args: Any) -> str:
    entry = MESSAGES[key]
    text = entry.get(lang) or entry["fr"]
    return text.format(**args) if args else text


M = dict[str, dict[str, str]]

MESSAGES: Final[M] = {
    # ---- words
    "yes": {"fr": "oui", "en": "yes"},
    "no": {"fr": "non", "en": "no"},
    "belle": {"fr": "belle", "en": "belle"},
    "suit.S": {"fr": "pique", "en": "spades"},
    "suit.H": {"fr": "cœur", "en": "hearts"},
    "suit.D": {"fr": "carreau", "en": "diamonds"},
    "suit.C": {"fr": "trèfle", "en": "clubs"},
    # ---- calls, as players say them
    "call.pass": {"fr": "Passe", "en": "Pass"},
    "call.sp": {"fr": "Sans préjudice", "en": "Sans préjudice (blind 2)"},
    "call.ret": {"fr": "Je retiens", "en": "Je retiens (blind 2 en belle)"},
    "call.cag": {"fr": "Je cagnote (pour {level})", "en": "Je cagnote (stands as {level})"},
    "call.tout": {"fr": "Je prends le tout", "en": "Je prends le tout (5)"},
    "call.bid": {"fr": "{level}", "en": "{level}"},
    "call.bid_belle": {"fr": "{level} en belle", "en": "{level} en belle"},
    "call.premier": {"fr": "Premier pour {level}", "en": "Premier for {level}"},
    "call.premier_belle": {
        "fr": "Premier pour {level} en belle",
        "en": "Premier for {level} en belle",
    },
    "call.dernier": {"fr": "Dernier : {level} en belle", "en": "Dernier: {level} en belle"},
    "contract.plain": {"fr": "{name} : {level} à {suit}", "en": "{name}: {level} in {suit}"},
    "contract.belle": {
        "fr": "{name} : {level} à {suit}, en belle",
        "en": "{name}: {level} in {suit}, en belle",
    },
    "contract.matadors": {"fr": ", {count} matadors", "en": ", {count} matadors"},
    # ---- phases
    "phase.auction": {"fr": "À {name} de parler", "en": "{name} to bid"},
    "phase.discard": {"fr": "{name} écarte", "en": "{name} discards"},
    "phase.declare": {"fr": "{name} annonce l'atout", "en": "{name} names trump"},
    "phase.play": {"fr": "À {name} de jouer", "en": "{name} to play"},
    "phase.done": {"fr": "Le coup est fini.", "en": "The hand is over."},
    # ---- buttons
    "btn.join": {"fr": "S'asseoir", "en": "Join"},
    "btn.leave": {"fr": "Se lever", "en": "Leave"},
    "btn.start": {"fr": "Commencer", "en": "Start"},
    "btn.ai": {"fr": "Ajouter un joueur ordinateur", "en": "Add computer player"},
    "btn.ai_remove": {"fr": "Retirer un joueur ordinateur", "en": "Remove computer player"},
    "btn.level.heuristic": {"fr": "Joueur moyen", "en": "Fair player"},
    "btn.level.pimc": {"fr": "Joueur fort", "en": "Strong player"},
    "btn.replace": {
        "fr": "Faire jouer {name} par l'ordinateur",
        "en": "Let the computer play for {name}",
    },
    "btn.abandon": {"fr": "Lever la table", "en": "End the table"},
    "btn.take_back": {"fr": "Reprendre ma place", "en": "Take my seat back"},
    "btn.rules": {"fr": "Règles", "en": "Rules"},
    "btn.hand": {"fr": "Ma main", "en": "My hand"},
    "btn.next": {"fr": "Coup suivant", "en": "Next hand"},
    "btn.stop_now": {
        "fr": "Arrêter maintenant ({count}/{total})",
        "en": "Stop now ({count}/{total})",
    },
    "btn.look": {"fr": "Regarder ma main", "en": "Look at my hand"},
    "btn.back": {"fr": "Retour", "en": "Back"},
    "btn.to_table": {"fr": "Aller à la table", "en": "Go to the table"},
    # ---- the public table
    "table.title": {"fr": "{game} — table n° {id}", "en": "{game} — table #{id}"},
    "table.lobby": {
        "fr": "On attend les joueurs : {count} assis, pour {seats}. Cliquez sur *S'asseoir*, "
        "puis *Commencer*.",
        "en": "Waiting for players: {count} seated, for {seats}. Click *Join*, then *Start*.",
    },
    "table.seats": {"fr": "Joueurs", "en": "Players"},
    "table.options": {"fr": "Options", "en": "Options"},
    "table.carried_title": {"fr": "Bêtes reportées", "en": "Bêtes carried over"},
    "table.carried": {
        "fr": "Cette table reprend le tableau des bêtes du serveur ({count}) : {entries}.",
        "en": "This table starts from the server's register of bêtes ({count}): {entries}.",
    },
    "table.fresh": {
        "fr": "Aucune bête en attente : le tableau est vierge.",
        "en": "No bête is waiting: the register is empty.",
    },
    "table.register": {"fr": "Tableau des bêtes", "en": "Register of bêtes"},
    "table.log": {"fr": "Derniers événements", "en": "Latest events"},
    "table.hand_no": {"fr": "Coup n° {hand}", "en": "Hand #{hand}"},
    "table.between": {
        "fr": "Coup n° {hand} réglé. Cliquez sur *Coup suivant* pour la donne suivante.",
        "en": "Hand #{hand} settled. Click *Next hand* for the next deal.",
    },
    "table.belle": {"fr": "Belle : {suit}", "en": "Belle: {suit}"},
    "table.dealer": {"fr": "Donneur : {name}", "en": "Dealer: {name}"},
    "table.next_dealer": {"fr": "Prochain donneur : {name}", "en": "Next dealer: {name}"},
    "table.stopping": {
        "fr": "Tour des gueux : encore {count} donne(s), puis jusqu'à ce que les bêtes soient "
        "payées.",
        "en": "Tour des gueux: {count} more deal(s), then until the bêtes are paid.",
    },
    "table.deadline": {"fr": "Temps écoulé {when}", "en": "Time runs out {when}"},
    "table.is_dealer": {"fr": "donneur", "en": "dealer"},
    "table.tricks": {"fr": "{count} pli(s)", "en": "{count} trick(s)"},
    "table.auction": {"fr": "Enchères", "en": "Auction"},
    "table.no_calls": {"fr": "personne n'a encore parlé", "en": "nobody has spoken yet"},
    "table.contract": {"fr": "Contrat", "en": "Contract"},
    "table.declarer": {"fr": "{name} a la main", "en": "{name} won the auction"},
    "table.trick": {"fr": "Pli n° {number}", "en": "Trick #{number}"},
    "table.trick_empty": {"fr": "pas encore de carte", "en": "no card yet"},
    "table.no_entry": {"fr": "aucune bête en jeu", "en": "no bête in play"},
    "table.entry": {
        "fr": "en jeu : bête de {amount} ({name})",
        "en": "in play: {name}'s bête, {amount}",
    },
    "table.entry_next": {
        "fr": "au prochain coup : bête de {amount} ({name})",
        "en": "next hand: {name}'s bête, {amount}",
    },
    "table.entry_next_pinandele": {
        "fr": "au prochain coup : une pinandèle de {amount}",
        "en": "next hand: a pinandèle of {amount}",
    },
    "table.no_entry_next": {
        "fr": "aucune bête en jeu au prochain coup",
        "en": "no bête in play next hand",
    },
    "table.entry_pinandele": {
        "fr": "en jeu : une pinandèle de {amount}",
        "en": "in play: a pinandèle of {amount}",
    },
    "table.ended.finished": {
        "fr": "La partie est finie : le tour des gueux est joué.",
        "en": "The game is over: the tour des gueux has been played.",
    },
    "table.ended.agreed": {
        "fr": "La table s'est levée d'un commun accord ; les bêtes sont reportées.",
        "en": "The players agreed to stop; the bêtes are carried over.",
    },
    "table.ended.closed": {"fr": "La table est fermée.", "en": "The table is closed."},
    "table.ended.abandoned": {
        "fr": "La table est levée en l'absence d'un joueur ; les bêtes sont reportées.",
        "en": "The table ended for want of a player; the bêtes are carried over.",
    },
    "table.absent": {
        "fr": "{name} n'a pas joué à temps deux fois de suite : les autres peuvent le faire "
        "remplacer par l'ordinateur, ou lever la table (les bêtes sont reportées).",
        "en": "{name} ran out of time twice in a row: the others may let the computer play "
        "for them, or end the table (the bêtes are carried over).",
    },
    "table.level.heuristic": {"fr": "ordinateur, moyen", "en": "computer, fair"},
    "table.level.pimc": {"fr": "ordinateur, fort", "en": "computer, strong"},
    "table.stand_in": {"fr": "joué par l'ordinateur", "en": "played by the computer"},
    "ai.choose": {
        "fr": "Quel joueur ordinateur ? Le joueur moyen suit des règles de bon sens ; le "
        "joueur fort calcule les donnes possibles.",
        "en": "Which computer player? The fair one follows rules of thumb; the strong one "
        "works out the possible deals.",
    },
    "ai.added": {"fr": "{name} s'assied à la table.", "en": "{name} sits at the table."},
    "options.default": {"fr": "règles d'Ameye (par défaut)", "en": "Ameye's rules (defaults)"},
    "options.turn": {"fr": "temps par coup : {seconds} s", "en": "turn time: {seconds} s"},
    "options.no_turn": {"fr": "pas de limite de temps", "en": "no turn time limit"},
    # ---- options (RULES.md §1)
    "option.pass_reentry": {"fr": "reparler après avoir passé", "en": "bid again after passing"},
    "option.premier_in_belle": {"fr": "premier en belle", "en": "premier en belle"},
    "option.cagnote_discard": {"fr": "écart du cagnoteur", "en": "cagnote discard"},
    "option.cagnote_discard.exactly_3": {"fr": "3 cartes", "en": "exactly 3 cards"},
    "option.cagnote_discard.up_to_3": {"fr": "1 à 3 cartes", "en": "1 to 3 cards"},
    "option.stop_when_decided": {"fr": "arrêt dès que joué", "en": "stop when decided"},
    "option.stake_rule": {"fr": "calcul de l'enjeu", "en": "stake rule"},
    "option.stake_rule.ameye": {"fr": "Ameye 1976", "en": "Ameye 1976"},
    "option.stake_rule.js1984": {"fr": "Jeux & Stratégie 1984", "en": "Jeux & Stratégie 1984"},
    "option.pinandele": {"fr": "pinandèle", "en": "pinandèle"},
    "option.pinandele.queue": {"fr": "au tableau", "en": "in the register"},
    "option.pinandele.with_next_bete": {"fr": "avec la bête suivante", "en": "with the next bête"},
    "option.bete_order": {"fr": "ordre des bêtes", "en": "order of bêtes"},
    "option.bete_order.oldest": {"fr": "la plus ancienne", "en": "oldest first"},
    "option.bete_order.largest": {"fr": "la plus grosse", "en": "largest first"},
    "option.belle_on_announce": {
        "fr": "la belle change dès l'annonce",
        "en": "belle changes on announcing",
    },
    "option.deal_pattern": {"fr": "distribution", "en": "deal"},
    "option.deal_pattern.2-3": {"fr": "2 puis 3", "en": "2 then 3"},
    "option.deal_pattern.3-2": {"fr": "3 puis 2", "en": "3 then 2"},
    "option.deal_pattern.2-1-2": {"fr": "2, 1 puis 2", "en": "2, 1 then 2"},
    "option.bete_must_underruff": {
        "fr": "qui ne peut surcouper doit sous-couper",
        "en": "unable to overtrump, trump lower",
    },
    # ---- the log
    "log.open": {"fr": "{name} ouvre la table.", "en": "{name} opens the table."},
    "log.join": {"fr": "{name} s'assied.", "en": "{name} sits down."},
    "log.leave": {"fr": "{name} se lève.", "en": "{name} leaves."},
    "log.draw": {
        "fr": "Tirer le roi : {burned} brûlée, puis {turned}.",
        "en": "Drawing for the king: {burned} burned, then {turned}.",
    },
    "log.start": {
        "fr": "{name} donne, la belle est {suit}.",
        "en": "{name} deals, the belle is {suit}.",
    },
    "log.deal": {"fr": "{name} donne le coup n° {hand}.", "en": "{name} deals hand #{hand}."},
    "log.call": {"fr": "{name} : {action}", "en": "{name}: {action}"},
    "log.discard": {"fr": "{name} écarte {count} cartes.", "en": "{name} discards {count} cards."},
    "log.declare": {"fr": "{name} annonce {action}.", "en": "{name} declares {action}."},
    "hand.contract": {"fr": "Contrat — {contract}", "en": "Contract — {contract}"},
    "log.bete.start": {
        "fr": "Le sort désigne {name} pour donner le premier.",
        "en": "Chance picks {name} to deal first.",
    },
    "log.timeout": {
        "fr": "{name} n'a pas joué à temps : {action}",
        "en": "{name} ran out of time: {action}",
    },
    "log.trick": {
        "fr": "{name} fait le pli ({count} pli(s)).",
        "en": "{name} takes the trick ({count} trick(s)).",
    },
    "log.settled": {"fr": "Coup n° {hand} réglé.", "en": "Hand #{hand} settled."},
    "log.stop": {
        "fr": "{name} demande l'arrêt : tour des gueux.",
        "en": "{name} asks to stop: tour des gueux.",
    },
    "log.vote": {
        "fr": "{name} veut arrêter tout de suite ({count}).",
        "en": "{name} wants to stop at once ({count}).",
    },
    "log.end.finished": {"fr": "Fin de la partie.", "en": "End of the game."},
    "log.end.agreed": {"fr": "Arrêt d'un commun accord.", "en": "Stopped by agreement."},
    "log.end.closed": {"fr": "Table fermée.", "en": "Table closed."},
    "log.end.abandoned": {"fr": "Table levée.", "en": "Table ended."},
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
    "hand.no_hand": {"fr": "Aucun coup en cours.", "en": "No hand in progress."},
    "hand.hand_no": {
        "fr": "Coup n° {hand}, donneur : {dealer}",
        "en": "Hand #{hand}, dealer: {dealer}",
    },
    "hand.position.0": {"fr": "Vous donnez.", "en": "You are the dealer."},
    "hand.position.1": {"fr": "Vous êtes premier en cartes.", "en": "You are first hand."},
    "hand.position.2": {"fr": "Vous êtes second en cartes.", "en": "You are second hand."},
    "hand.position.3": {"fr": "Vous êtes troisième en cartes.", "en": "You are third hand."},
    "hand.face_down": {
        "fr": "Vos cartes sont face cachée : vous pouvez encore parler sans les voir. "
        "Cliquez sur *Regarder ma main* pour les voir.",
        "en": "Your cards are face down: you may still make a blind call. "
        "Click *Look at my hand* to see them.",
    },
    "hand.cards": {"fr": "Vos cartes : **{cards}**", "en": "Your cards: **{cards}**"},
    "hand.cagnot": {"fr": "Pris du cagnot : {cards}", "en": "From the cagnot: {cards}"},
    "hand.discarded": {"fr": "Votre écart : {cards}", "en": "Your discard: {cards}"},
    "hand.calls": {"fr": "Enchères : {calls}", "en": "Auction: {calls}"},
    "hand.trick": {"fr": "Pli en cours : {trick}", "en": "Trick so far: {trick}"},
    "hand.tricks_won": {"fr": "Vos plis : {count}", "en": "Your tricks: {count}"},
    "hand.your_turn.auction": {"fr": "À vous de parler.", "en": "Your turn to bid."},
    "hand.your_turn.discard": {
        "fr": "À vous d'écarter (menu ci-dessous).",
        "en": "Your turn to discard (menu below).",
    },
    "hand.your_turn.declare": {
        "fr": "Annoncez l'atout, le niveau et vos matadors.",
        "en": "Name trump, the level and your matadors.",
    },
    "hand.your_turn.play": {"fr": "À vous de jouer.", "en": "Your turn to play."},
    "hand.your_turn.done": {"fr": "Le coup est fini.", "en": "The hand is over."},
    "hand.not_your_turn": {
        "fr": "Ce n'est pas à vous ; la table montre où en est le coup.",
        "en": "Not your turn; the table message shows the game.",
    },
    "hand.discard_placeholder": {
        "fr": "Choisissez {count} carte(s) à écarter",
        "en": "Choose {count} card(s) to discard",
    },
    "declare.level": {"fr": "{level} à {suit}", "en": "{level} in {suit}"},
    "declare.matadors": {"fr": "{count} matadors", "en": "{count} matadors"},
    "declare.no_matadors": {"fr": "Sans matadors", "en": "No matadors"},
    # ---- the end of a hand
    "summary.title_made": {
        "fr": "Coup n° {hand} : {name} a gagné",
        "en": "Hand #{hand}: {name} made it",
    },
    "summary.title_failed": {
        "fr": "Coup n° {hand} : {name} fait la bête",
        "en": "Hand #{hand}: {name} failed",
    },
    "summary.title_pinandele": {
        "fr": "Coup n° {hand} : pinandèle",
        "en": "Hand #{hand}: pinandèle",
    },
    "summary.pinandele": {
        "fr": "Tout le monde a passé : chacun met 2 au pot.",
        "en": "Everybody passed: each pays 2 into the pot.",
    },
    "summary.made": {"fr": "gagné ({tricks} plis)", "en": "made ({tricks} tricks)"},
    "summary.failed": {"fr": "perdu ({tricks} plis)", "en": "failed ({tricks} tricks)"},
    "summary.tricks": {"fr": "Plis", "en": "Tricks"},
    "summary.payments": {"fr": "Paiements", "en": "Payments"},
    "summary.pays": {
        "fr": "{payer} paie {amount} à {payee} ({reason})",
        "en": "{payer} pays {payee} {amount} ({reason})",
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
    "summary.belle": {"fr": "Belle", "en": "Belle"},
    "summary.belle_change": {
        "fr": "La belle passe de {old} à {new}.",
        "en": "The belle changes from {old} to {new}.",
    },
    "summary.next": {
        "fr": "{name} donnera le coup suivant : cliquez sur « Coup suivant ».",
        "en": "{name} deals next: click “Next hand”.",
    },
    "reason.contract": {"fr": "contrat", "en": "contract"},
    "reason.bete": {"fr": "bête", "en": "bête"},
    "reason.pinandele": {"fr": "pinandèle", "en": "pinandèle"},
    "reason.ante": {"fr": "mise", "en": "ante"},
    "reason.reserve": {"fr": "fiche de la réserve", "en": "reserve fiche"},
    "reason.game": {"fr": "jeton du jeu", "en": "game jeton"},
    "reason.dealer": {"fr": "jeton du donneur", "en": "dealer's jeton"},
    "reason.kings": {"fr": "jetons des rois", "en": "king jetons"},
    "reason.curieuse": {"fr": "curieuse", "en": "curieuse"},
    "reason.stake": {"fr": "enjeu", "en": "stake"},
    "reason.vole": {"fr": "vole", "en": "vole"},
    "reason.devole": {"fr": "dévole", "en": "dévole"},
    # ---- register and scoreboard
    "register.title": {"fr": "Tableau des bêtes — {game}", "en": "Register of bêtes — {game}"},
    "register.pinandele": {"fr": "pinandèle", "en": "pinandèle"},
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
        "fr": "`{rank}.` **{name}** {net} — {hands} coup(s), contrats {made} gagnés / "
        "{failed} perdus, {betes} bête(s) faite(s), {collected} bête(s) encaissée(s)",
        "en": "`{rank}.` **{name}** {net} sous — {hands} hand(s), contracts {made} made / "
        "{failed} failed, {betes} bête(s) made, {collected} bête(s) collected",
    },
    "score.empty": {"fr": "Aucun coup joué.", "en": "No hand played yet."},
    "period.all": {"fr": "depuis toujours", "en": "all time"},
    "period.month": {"fr": "30 derniers jours", "en": "last 30 days"},
    "period.week": {"fr": "7 derniers jours", "en": "last 7 days"},
    "period.day": {"fr": "dernières 24 heures", "en": "last 24 hours"},
    # ---- answers
    "ok.table_opened": {
        "fr": "Table ouverte. Les joueurs cliquent sur *S'asseoir*.",
        "en": "Table opened. Players click *Join*.",
    },
    "ok.played": {"fr": "C'est fait.", "en": "Done."},
    "ok.stop": {
        "fr": "Tour des gueux lancé. Pour arrêter tout de suite, chacun clique sur *Arrêter "
        "maintenant*.",
        "en": "The tour des gueux has started. To stop at once, everyone clicks *Stop now*.",
    },
    "ok.closed": {"fr": "Table fermée.", "en": "Table closed."},
    "ok.voted": {"fr": "Votre accord est noté.", "en": "Your agreement is noted."},
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
    "error.not_this_game": {
        "fr": "Ce coup n'existe pas à {game}.",
        "en": "There is no such move in {game}.",
    },
    "error.need_four": {
        "fr": "Il faut 4 joueurs pour commencer ({count} assis).",
        "en": "Starting needs 4 players ({count} seated).",
    },
    "error.stale": {
        "fr": "Le coup a avancé depuis : ce bouton n'est plus valable.",
        "en": "This hand has moved on: that button is no longer valid.",
    },
    "error.no_hand": {"fr": "Aucun coup en cours.", "en": "No hand in progress."},
    "error.hand_in_progress": {"fr": "Un coup est en cours.", "en": "A hand is in progress."},
    "error.not_your_turn": {
        "fr": "Ce n'est pas à vous : c'est à {name}.",
        "en": "Not your turn: it is {name}'s.",
    },
    "error.looked": {
        "fr": "Vous avez regardé votre main : l'annonce à l'aveugle n'est plus possible.",
        "en": "You have looked at your hand: the blind call is no longer possible.",
    },
    "error.illegal_card": {
        "fr": "Cette carte n'est pas permise. Jouables : {legal}.",
        "en": "That card is not allowed. Playable: {legal}.",
    },
    "error.illegal_call": {
        "fr": "Cette annonce n'est pas possible. Possibles : {legal}.",
        "en": "That call is not possible. Possible: {legal}.",
    },
    "error.illegal_discard": {
        "fr": "Écart impossible : choisissez {count} carte(s) de votre main.",
        "en": "Impossible discard: choose {count} card(s) of your hand.",
    },
    "error.illegal_declare": {
        "fr": "Annonce impossible. Possibles : {legal}.",
        "en": "Impossible declaration. Possible: {legal}.",
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
        "fr": "Le tour des gueux est déjà lancé.",
        "en": "The tour des gueux has already started.",
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
    "error.no_permission": {
        "fr": "Je n'ai pas le droit d'écrire ou d'intégrer des liens dans ce salon.",
        "en": "I lack the permission to send messages or embed links in this channel.",
    },
    # ---- La Bête at the table
    "bete.call.play": {"fr": "Je joue", "en": "Je joue (I play)"},
    "bete.call.contre": {"fr": "Je contre", "en": "Je contre (against him)"},
    "bete.call.curieuse": {
        "fr": "En curieuse (1 jeton)",
        "en": "En curieuse (1 jeton, new trump)",
    },
    "bete.pot": {
        "fr": "Pot : réserve {reserve} · enjeu {stake} · rois {kings}",
        "en": "Pot: reserve {reserve} · stake {stake} · kings {kings}",
    },
    "bete.pot_title": {"fr": "Pot après le coup", "en": "Pot after the deal"},
    "bete.trump": {
        "fr": "Triomphe : {suit} ({card} retourné)",
        "en": "Trump: {suit} ({card} turned)",
    },
    "bete.set_aside": {
        "fr": "{card} mis de côté en curieuse",
        "en": "{card} set aside by a curieuse",
    },
    "bete.stopping": {
        "fr": "La partie s'arrête à la fin du tour : encore {count} donne(s).",
        "en": "The game stops at the end of the round: {count} more deal(s).",
    },
    "bete.declarer": {"fr": "joue", "en": "plays"},
    "bete.contreur": {"fr": "contre", "en": "contre"},
    "bete.curieux": {"fr": "en curieuse", "en": "en curieuse"},
    "bete.speaking": {"fr": "Paroles", "en": "Calls"},
    "bete.betes": {"fr": "Bêtes", "en": "Bêtes"},
    "bete.in_play": {
        "fr": "Une bête est dans l'enjeu : pas de jeton du jeu tant qu'un coup n'est pas gagné.",
        "en": "A bête is in the stake: no game jeton until a deal is won.",
    },
    "bete.waiting": {"fr": "En attente : {betes}", "en": "Waiting: {betes}"},
    "bete.none": {"fr": "Aucune bête en attente.", "en": "No bête is waiting."},
    "bete.your_turn.speak": {
        "fr": "À vous de parler : passer, jouer, ou contrer celui qui joue.",
        "en": "Your call: pass, play, or contre the one who plays.",
    },
    "bete.your_turn.curieuse": {
        "fr": "Tout le monde a passé : aller en curieuse (1 jeton, nouvelle triomphe) ou passer.",
        "en": "Everyone passed: go en curieuse (1 jeton, a new trump) or pass.",
    },
    "bete.your_turn.play": {"fr": "À vous de jouer une carte.", "en": "Your turn to play a card."},
    "bete.summary.void_title": {
        "fr": "Coup n° {hand} : personne ne joue",
        "en": "Hand #{hand}: nobody plays",
    },
    "bete.summary.void": {
        "fr": "L'enjeu et les jetons des rois restent pour le coup suivant.",
        "en": "The stake and the king jetons stay for the next deal.",
    },
    "bete.summary.won": {"fr": "Coup n° {hand} : {name} gagne", "en": "Hand #{hand}: {name} wins"},
    "bete.summary.lost": {
        "fr": "Coup n° {hand} : {name} fait la bête",
        "en": "Hand #{hand}: {name} makes the bête",
    },
    "bete.summary.tricks": {
        "fr": "{name} fait {count} pli(s).",
        "en": "{name} takes {count} trick(s).",
    },
    "bete.summary.vole": {
        "fr": "{name} fait la vole : il prend l'enjeu, toutes les bêtes et 1 jeton de chacun.",
        "en": "{name} takes every trick (vole): the stake, every bête and 1 jeton from each.",
    },
    "bete.summary.devole": {
        "fr": "{name} fait la dévole : il double l'enjeu, fait la bête et une bête par bête en "
        "attente, et donne 1 jeton à chacun.",
        "en": "{name} takes no trick (dévole): he doubles the stake, makes the bête and one per "
        "waiting bête, and gives 1 jeton to each.",
    },
    "bete.summary.contre_won": {
        "fr": "{name} contrait et gagne l'enjeu.",
        "en": "{name} played contre and wins the stake.",
    },
    "bete.summary.contre_lost": {
        "fr": "{name} contrait et fait la double bête.",
        "en": "{name} played contre and makes a double bête.",
    },
    "bete.king": {"fr": "Roi d'atout", "en": "King of trump"},
    "bete.king.talon": {
        "fr": "Le roi d'atout était au talon : les jetons des rois restent.",
        "en": "The king of trump was in the talon: the king jetons stay.",
    },
    "bete.king.takes": {
        "fr": "{name} avait le roi d'atout et prend les jetons des rois.",
        "en": "{name} held the king of trump and takes the king jetons.",
    },
    "bete.king.stays": {
        "fr": "{name} avait le roi d'atout mais a perdu en jouant : les jetons des rois restent.",
        "en": "{name} held the king of trump but lost his game: the king jetons stay.",
    },
    "score.net.bete-hombree": {"fr": "{net} sous", "en": "{net} sous"},
    "score.net.bete": {"fr": "{net}", "en": "{net}"},
    # ---- rules in short
    "rules.footer": {
        "fr": "/rules topic:… pour les autres sujets",
        "en": "/rules topic:… for the other topics",
    },
    "rules.bete-hombree.overview.title": {
        "fr": "La Bête Hombrée en bref",
        "en": "La Bête Hombrée in short",
    },
    "rules.bete-hombree.overview.text": {
        "fr": "4 joueurs, 23 cartes (R D V A 10 9 de chaque couleur, sans le 9 de la belle). "
        "Chacun reçoit 5 cartes ; 3 forment le cagnot. Ordre des cartes : R > D > V > A > 10 > 9. "
        "La **belle** est une couleur qui prime aux enchères ; on la tire au début (tirer le roi). "
        "Le demandeur doit faire au moins autant de plis qu'il a demandé ; sinon il fait la "
        "**bête**.",
        "en": "4 players, 23 cards (K Q J A 10 9 of each suit, without the belle's 9). "
        "Each gets 5 cards; 3 form the cagnot. Card order: K > Q > J > A > 10 > 9. "
        "The **belle** is a suit that outranks the others in the auction; it is drawn at the "
        "start. "
        "The declarer must take at least the tricks he bid, or he makes a **bête**.",
    },
    "rules.bete-hombree.auction.title": {"fr": "Les enchères", "en": "The auction"},
    "rules.bete-hombree.auction.text": {
        "fr": "On parle à partir du premier en cartes : 2 < 2 en belle < 3 < 3 en belle < 4 < … < "
        "5 "
        "en belle. Qui passe est dehors. *Premier* : égaler une demande simple quand on est avant "
        "dans le tour. *Sans préjudice* (premier en cartes, sans voir son jeu) vaut 2 ; *je "
        "retiens* "
        "(second, juste après) vaut 2 en belle. Le donneur peut *cagnoter* (niveau + 1, à "
        "l'aveugle) ou *prendre le tout* (5). Si tout le monde passe : pinandèle, 2 chacun au pot.",
        "en": "Bidding starts with first hand: 2 < 2 en belle < 3 < 3 en belle < 4 < … < 5 en "
        "belle. Who passes is out. *Premier*: equal a plain bid when sitting earlier in the round. "
        "*Sans préjudice* (first hand, blind) stands as 2; *je retiens* (second hand, right after) "
        "as 2 en belle. The dealer may *cagnoter* (level + 1, blind) or *prendre le tout* (5). "
        "If all pass: pinandèle, 2 each into the pot.",
    },
    "rules.bete-hombree.declaration.title": {"fr": "L'annonce", "en": "The declaration"},
    "rules.bete-hombree.declaration.text": {
        "fr": "Le demandeur nomme l'atout (la belle pour un contrat en belle, une autre couleur "
        "sinon), son niveau s'il est encore ouvert, et ses **matadors** : 3 (R D V d'atout), "
        "4 (R D V A) ou 5 (R D V A 10). Les matadors s'ajoutent à l'enjeu.",
        "en": "The declarer names trump (the belle for an en belle contract, another suit "
        "otherwise), his level where still open, and his **matadors**: 3 (K Q J of trump), "
        "4 (K Q J A) or 5 (K Q J A 10). Matadors add to the stake.",
    },
    "rules.bete-hombree.play.title": {"fr": "Le jeu de la carte", "en": "The play"},
    "rules.bete-hombree.play.text": {
        "fr": "Le premier en cartes entame. Il faut fournir et **monter** sur la plus forte carte "
        "de la couleur, sauf si le pli est déjà coupé. Sans la couleur, il faut couper, "
        "**surcouper** si possible, sinon pisser (atout plus faible). Sinon, n'importe quelle "
        "carte.",
        "en": "First hand leads. Follow suit and **beat** the highest card of the suit, unless "
        "the trick is already trumped. Void: trump, **overtrump** if you can, or play a lower "
        "trump. Otherwise any card. The buttons only let you play legal cards.",
    },
    "rules.bete-hombree.settlement.title": {"fr": "Le paiement", "en": "The settlement"},
    "rules.bete-hombree.settlement.text": {
        "fr": "Enjeu par adversaire : (niveau + matadors) × 2 en belle, 5 plis comptant 10. "
        "Gagné : chacun paie l'enjeu, et le demandeur encaisse la bête en jeu. Perdu : il paie "
        "l'enjeu à chacun et fait une bête de 4 × l'enjeu + la bête en jeu. "
        "Un contrat de 2 se gagne avec 3 plis, ou 2 pris avant qu'un adversaire en ait 2.",
        "en": "Stake per opponent: (level + matadors) × 2 en belle, 5 tricks counting 10. "
        "Made: each pays the stake, and the declarer collects the bête in play. Failed: he pays "
        "each the stake and makes a bête of 4 × stake + the bête in play. "
        "A contract of 2 is made with 3 tricks, or 2 taken before any opponent has 2.",
    },
    "rules.bete-hombree.register.title": {
        "fr": "Le tableau des bêtes",
        "en": "The register of bêtes",
    },
    "rules.bete-hombree.register.text": {
        "fr": "Les bêtes impayées appartiennent au serveur et survivent aux tables : la plus "
        "ancienne dont le propriétaire est assis est en jeu. `/table stop` lance le tour des "
        "gueux ; avec l'accord de tous, on s'arrête tout de suite et les bêtes sont reportées. "
        "`/betes` montre le tableau, `/scoreboard` le classement.",
        "en": "Unpaid bêtes belong to the server and outlive tables: the oldest one whose owner "
        "is seated is in play. `/table stop` starts the tour des gueux; with everyone's "
        "agreement the game stops at once and the bêtes carry over. `/betes` shows the register, "
        "`/scoreboard` the standings.",
    },
    "rules.bete.overview.title": {"fr": "La Bête en bref", "en": "La Bête in short"},
    "rules.bete.overview.text": {
        "fr": "L'ancêtre (1792) : 2 à 5 joueurs, 32 cartes, R > D > V > A > 10 > 9 > 8 > 7 dans "
        "chaque couleur. Chacun reçoit 5 cartes ; la suivante est retournée : sa couleur est la "
        "**triomphe**. Pas d'enchères : on passe ou l'on joue. Qui joue doit faire 3 plis, ou "
        "exactement les 2 premiers si personne n'en fait 3 ; sinon il fait la **bête**. "
        "On compte en jetons : 1 fiche = 10 jetons.",
        "en": "The ancestor (1792): 2 to 5 players, 32 cards, K > Q > J > A > 10 > 9 > 8 > 7 in "
        "every suit. Each gets 5 cards; the next is turned up: its suit is **trump** "
        "(triomphe). No auction: you pass or play. Who plays must take 3 tricks, or exactly the "
        "first two if nobody takes 3; otherwise he makes a **bête**. "
        "Money is in jetons: 1 fiche = 10 jetons.",
    },
    "rules.bete.auction.title": {"fr": "La parole", "en": "Speaking"},
    "rules.bete.auction.text": {
        "fr": "On parle à partir de la droite du donneur : *je passe* ou *je joue* ; le premier "
        "qui joue a la main et les paroles sont définitives. Ceux qui n'ont pas passé peuvent "
        "ensuite **contrer** : le contreur joue contre lui et vise lui aussi 3 plis (un seul "
        "contreur). Si tous passent, chacun peut aller **en curieuse** pour 1 jeton : la carte "
        "retournée est mise de côté, la suivante fait la triomphe, et seuls les curieux reparlent. "
        "Si personne ne joue, le coup est nul : l'enjeu reste.",
        "en": "Speaking starts on the dealer's right: *pass* or *je joue* (I play); the first to "
        "play is the declarer and words are final. Those who did not pass may then **contrer**: "
        "the contreur plays against him and aims at 3 tricks too (one contreur at most). If all "
        "pass, each may go **en curieuse** for 1 jeton: the turned card is set aside, the next "
        "one makes trump, and only the curieux speak again. If nobody plays the deal is void: "
        "the stake stays.",
    },
    "rules.bete.play.title": {"fr": "Le jeu de la carte", "en": "The play"},
    "rules.bete.play.text": {
        "fr": "La droite du donneur entame. Il faut fournir et **monter** sur la plus forte carte "
        "de la couleur, sauf si le pli est déjà coupé (alors n'importe quelle carte de la "
        "couleur). Sans la couleur, il faut couper, et **surcouper** si possible ; qui ne peut "
        "surcouper un pli déjà coupé joue ce qu'il veut (option : sous-couper). Les boutons ne "
        "proposent que les cartes permises.",
        "en": "The dealer's right leads. Follow suit and **beat** the highest card of the suit, "
        "unless the trick is already trumped (then any card of the suit). Void: trump, and "
        "**overtrump** if you can; unable to overtrump a trumped trick, play any card (option: "
        "a lower trump). The buttons offer only legal cards.",
    },
    "rules.bete.settlement.title": {"fr": "Le pot et le paiement", "en": "The pot and payments"},
    "rules.bete.settlement.text": {
        "fr": "Le pot a trois parts. **Réserve** : 1 fiche de chacun au début de chaque tour. "
        "**Enjeu** : à chaque coup, 1 fiche de la réserve, 1 jeton du jeu de chacun (sauf "
        "quand une bête est en jeu) et 1 du donneur. **Rois** : 1 jeton de chacun ; le détenteur "
        "du roi d'atout les prend, sauf s'il a joué et perdu, ou si le roi est au talon. "
        "Qui gagne prend l'enjeu ; qui perd fait une bête égale à l'enjeu ; un contreur perdant "
        "fait une double bête. **Vole** (5 plis) : l'enjeu, toutes les bêtes et 1 jeton de "
        "chacun. **Dévole** (aucun pli) : il double l'enjeu, fait une bête de l'enjeu et une par "
        "bête en attente, et donne 1 jeton à chacun.",
        "en": "The pot has three parts. **Reserve**: 1 fiche from each at the start of each "
        "round. **Stake**: at each deal, 1 fiche from the reserve, 1 game jeton from each "
        "(except while a bête is in play) and 1 from the dealer. **Kings**: 1 jeton from each; "
        "the holder of the king of trump takes them, unless he played and lost, or the king is "
        "in the talon. The winner takes the stake; a loser makes a bête equal to the stake; a "
        "losing contreur a double bête. **Vole** (5 tricks): the stake, every bête and 1 jeton "
        "from each. **Dévole** (no trick): he doubles the stake, makes a bête of the stake and "
        "one per waiting bête, and gives 1 jeton to each.",
    },
    "rules.bete.register.title": {"fr": "Les bêtes", "en": "The bêtes"},
    "rules.bete.register.text": {
        "fr": "Une bête est une dette au tableau du serveur. Quand aucune bête n'est en jeu, la "
        "**plus grosse** des bêtes en attente des joueurs assis entre en jeu : son propriétaire "
        "la paie dans l'enjeu, et les jetons du jeu s'arrêtent jusqu'à ce qu'un coup soit gagné. "
        "`/table stop` finit le tour de donnes en cours ; le pot et les bêtes sont reportés à la "
        "partie suivante. `/betes game:La Bête` montre le tableau et le pot.",
        "en": "A bête is a debt in the server's register. When no bête is in play, the "
        "**largest** waiting bête of the seated players enters: its owner pays it into the "
        "stake, and the game jetons stop until a deal is won. `/table stop` finishes the round "
        "of deals in progress; the pot and the bêtes carry over to the next game. "
        "`/betes game:La Bête` shows the register and the pot.",
    },
}

# ---- command names and descriptions: English in code, French through the translator

COMMANDS_FR: Final[dict[str, str]] = {
    # names (lowercase, no spaces)
    "table": "table",
    "new": "nouvelle",
    "stop": "arreter",
    "bid": "annonce",
    "pass": "passe",
    "discard": "ecart",
    "declare": "declarer",
    "play": "jouer",
    "hand": "main",
    "betes": "betes",
    "scoreboard": "classement",
    "rules": "regles",
    # parameter names
    "game": "jeu",
    "turn_time": "temps",
    "call": "annonce",
    "cards": "cartes",
    "contract": "contrat",
    "card": "carte",
    "period": "periode",
    "topic": "sujet",
    "pass_reentry": "reparler",
    "premier_in_belle": "premier_en_belle",
    "cagnote_discard": "ecart_cagnote",
    "stop_when_decided": "arret_des_joue",
    "stake_rule": "enjeu",
    "pinandele": "pinandele",
    "bete_order": "ordre_des_betes",
    "belle_on_announce": "belle_a_l_annonce",
    "deal_pattern": "distribution",
    # descriptions
    "Open, stop and manage card tables": "Ouvrir, arrêter et gérer les tables",
    "Open a table in this channel": "Ouvrir une table dans ce salon",
    "Stop: the tour des gueux, or at once with everyone's agreement": (
        "Arrêter : tour des gueux, ou tout de suite avec l'accord de tous"
    ),
    "Make a call in the auction": "Faire une annonce aux enchères",
    "Pass in the auction": "Passer aux enchères",
    "Discard cards (dealer after cagnote or tout)": "Écarter des cartes (donneur)",
    "Declare trump, level and matadors": "Annoncer l'atout, le niveau et les matadors",
    "Play a card": "Jouer une carte",
    "See your hand privately": "Voir votre main en privé",
    "Show the server's register of bêtes": "Montrer le tableau des bêtes du serveur",
    "Rank the server's players by sous won": "Classer les joueurs du serveur par sous gagnés",
    "The rules in short": "Les règles en bref",
    "The game": "Le jeu",
    "Seconds per move (0: no limit)": "Secondes par coup (0 : sans limite)",
    "A call, e.g. 3, 3 belle, cagnote": "Une annonce, par ex. 3, 3 belle, cagnote",
    "Cards, e.g. QS QD 10C": "Cartes, par ex. QS QD 10C",
    "Contract, e.g. 4 S matadors 3": "Contrat, par ex. 4 S matadors 3",
    "The card, e.g. 10S or KH": "La carte, par ex. 10S ou KH",
    "Period": "Période",
    "Topic": "Sujet",
    "Passed players may bid again": "Qui a passé peut reparler",
    "An earlier seat may equal a belle bid": "Un joueur antérieur peut égaler une demande en belle",
    "Cards the cagnoteur discards": "Cartes écartées par le cagnoteur",
    "End the hand once decided": "Finir le coup dès qu'il est joué",
    "How stakes are counted": "Calcul de l'enjeu",
    "Where pinandèles go": "Où vont les pinandèles",
    "Which bête is in play": "Quelle bête est en jeu",
    "Belle changes as soon as matadors are announced": "La belle change dès l'annonce des matadors",
    "Packets of the deal": "Paquets de la distribution",
    "language": "langue",
    "computers": "ordinateurs",
    "level": "niveau",
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
    "Overview": "En bref",
    "Auction": "Enchères",
    "Declaration": "Annonce",
    "Play": "Jeu de la carte",
    "Settlement": "Paiement",
    "Register of bêtes": "Tableau des bêtes",
    "Exactly 3": "Exactement 3",
    "1 to 3": "1 à 3",
    "In the register": "Au tableau",
    "With the next bête": "Avec la bête suivante",
    "Oldest first": "La plus ancienne",
    "Largest first": "La plus grosse",
    "2 then 3": "2 puis 3",
    "3 then 2": "3 puis 2",
}


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
