"""La Bête Hombrée's texts at the table, in French (the game's own language) and English."""

from __future__ import annotations

from typing import Final

from bot.game import GameTexts

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "belle": {"fr": "belle", "en": "belle"},
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
    "phase.discard": {"fr": "{name} écarte", "en": "{name} discards"},
    "phase.declare": {"fr": "{name} annonce l'atout", "en": "{name} names trump"},
    "btn.look": {"fr": "Regarder ma main", "en": "Look at my hand"},
    "btn.back": {"fr": "Retour", "en": "Back"},
    "table.belle": {"fr": "Belle : {suit}", "en": "Belle: {suit}"},
    "table.stopping": {
        "fr": "Tour des gueux : encore {count} donne(s), puis jusqu'à ce que les bêtes soient payées.",
        "en": "Tour des gueux: {count} more deal(s), then until the bêtes are paid.",
    },
    "table.auction": {"fr": "Enchères", "en": "Auction"},
    "table.contract": {"fr": "Contrat", "en": "Contract"},
    "table.declarer": {"fr": "{name} a la main", "en": "{name} won the auction"},
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
    "log.draw": {
        "fr": "Tirer le roi : {burned} brûlée, puis {turned}.",
        "en": "Drawing for the king: {burned} burned, then {turned}.",
    },
    "log.start": {
        "fr": "{name} donne, la belle est {suit}.",
        "en": "{name} deals, the belle is {suit}.",
    },
    "log.discard": {"fr": "{name} écarte {count} cartes.", "en": "{name} discards {count} cards."},
    "log.declare": {"fr": "{name} annonce {action}.", "en": "{name} declares {action}."},
    "hand.contract": {"fr": "Contrat — {contract}", "en": "Contract — {contract}"},
    "hand.position.0": {"fr": "Vous donnez.", "en": "You are the dealer."},
    "hand.position.1": {"fr": "Vous êtes premier en cartes.", "en": "You are first hand."},
    "hand.position.2": {"fr": "Vous êtes second en cartes.", "en": "You are second hand."},
    "hand.position.3": {"fr": "Vous êtes troisième en cartes.", "en": "You are third hand."},
    "hand.face_down": {
        "fr": "Vos cartes sont face cachée : vous pouvez encore parler sans les voir. Cliquez sur *Regarder ma main* pour les voir.",
        "en": "Your cards are face down: you may still make a blind call. Click *Look at my hand* to see them.",
    },
    "hand.cagnot": {"fr": "Pris du cagnot : {cards}", "en": "From the cagnot: {cards}"},
    "hand.discarded": {"fr": "Votre écart : {cards}", "en": "Your discard: {cards}"},
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
    "hand.discard_placeholder": {
        "fr": "Choisissez {count} carte(s) à écarter",
        "en": "Choose {count} card(s) to discard",
    },
    "declare.level": {"fr": "{level} à {suit}", "en": "{level} in {suit}"},
    "declare.matadors": {"fr": "{count} matadors", "en": "{count} matadors"},
    "declare.no_matadors": {"fr": "Sans matadors", "en": "No matadors"},
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
    "summary.belle": {"fr": "Belle", "en": "Belle"},
    "summary.belle_change": {
        "fr": "La belle passe de {old} à {new}.",
        "en": "The belle changes from {old} to {new}.",
    },
    "reason.contract": {"fr": "contrat", "en": "contract"},
    "reason.pinandele": {"fr": "pinandèle", "en": "pinandèle"},
    "error.looked": {
        "fr": "Vous avez regardé votre main : l'annonce à l'aveugle n'est plus possible.",
        "en": "You have looked at your hand: the blind call is no longer possible.",
    },
    "error.illegal_discard": {
        "fr": "Écart impossible : choisissez {count} carte(s) de votre main.",
        "en": "Impossible discard: choose {count} card(s) of your hand.",
    },
    "error.illegal_declare": {
        "fr": "Annonce impossible. Possibles : {legal}.",
        "en": "Impossible declaration. Possible: {legal}.",
    },
    "score.net.bete-hombree": {"fr": "{net} sous", "en": "{net} sous"},
    "rules.bete-hombree.overview.title": {
        "fr": "La Bête Hombrée en bref",
        "en": "La Bête Hombrée in short",
    },
    "rules.bete-hombree.overview.text": {
        "fr": "4 joueurs, 23 cartes (R D V A 10 9 de chaque couleur, sans le 9 de la belle). Chacun reçoit 5 cartes ; 3 forment le cagnot. Ordre des cartes : R > D > V > A > 10 > 9. La **belle** est une couleur qui prime aux enchères ; on la tire au début (tirer le roi). Le demandeur doit faire au moins autant de plis qu'il a demandé ; sinon il fait la **bête**.",
        "en": "4 players, 23 cards (K Q J A 10 9 of each suit, without the belle's 9). Each gets 5 cards; 3 form the cagnot. Card order: K > Q > J > A > 10 > 9. The **belle** is a suit that outranks the others in the auction; it is drawn at the start. The declarer must take at least the tricks he bid, or he makes a **bête**.",
    },
    "rules.bete-hombree.auction.title": {"fr": "Les enchères", "en": "The auction"},
    "rules.bete-hombree.auction.text": {
        "fr": "On parle à partir du premier en cartes : 2 < 2 en belle < 3 < 3 en belle < 4 < … < 5 en belle. Qui passe est dehors. *Premier* : égaler une demande simple quand on est avant dans le tour. *Sans préjudice* (premier en cartes, sans voir son jeu) vaut 2 ; *je retiens* (second, juste après) vaut 2 en belle. Le donneur peut *cagnoter* (niveau + 1, à l'aveugle) ou *prendre le tout* (5). Si tout le monde passe : pinandèle, 2 chacun au pot.",
        "en": "Bidding starts with first hand: 2 < 2 en belle < 3 < 3 en belle < 4 < … < 5 en belle. Who passes is out. *Premier*: equal a plain bid when sitting earlier in the round. *Sans préjudice* (first hand, blind) stands as 2; *je retiens* (second hand, right after) as 2 en belle. The dealer may *cagnoter* (level + 1, blind) or *prendre le tout* (5). If all pass: pinandèle, 2 each into the pot.",
    },
    "rules.bete-hombree.declaration.title": {"fr": "L'annonce", "en": "The declaration"},
    "rules.bete-hombree.declaration.text": {
        "fr": "Le demandeur nomme l'atout (la belle pour un contrat en belle, une autre couleur sinon), son niveau s'il est encore ouvert, et ses **matadors** : 3 (R D V d'atout), 4 (R D V A) ou 5 (R D V A 10). Les matadors s'ajoutent à l'enjeu.",
        "en": "The declarer names trump (the belle for an en belle contract, another suit otherwise), his level where still open, and his **matadors**: 3 (K Q J of trump), 4 (K Q J A) or 5 (K Q J A 10). Matadors add to the stake.",
    },
    "rules.bete-hombree.play.title": {"fr": "Le jeu de la carte", "en": "The play"},
    "rules.bete-hombree.play.text": {
        "fr": "Le premier en cartes entame. Il faut fournir et **monter** sur la plus forte carte de la couleur, sauf si le pli est déjà coupé. Sans la couleur, il faut couper, **surcouper** si possible, sinon pisser (atout plus faible). Sinon, n'importe quelle carte.",
        "en": "First hand leads. Follow suit and **beat** the highest card of the suit, unless the trick is already trumped. Void: trump, **overtrump** if you can, or play a lower trump. Otherwise any card. The buttons only let you play legal cards.",
    },
    "rules.bete-hombree.settlement.title": {"fr": "Le paiement", "en": "The settlement"},
    "rules.bete-hombree.settlement.text": {
        "fr": "Enjeu par adversaire : (niveau + matadors) × 2 en belle, 5 plis comptant 10. Gagné : chacun paie l'enjeu, et le demandeur encaisse la bête en jeu. Perdu : il paie l'enjeu à chacun et fait une bête de 4 × l'enjeu + la bête en jeu. Un contrat de 2 se gagne avec 3 plis, ou 2 pris avant qu'un adversaire en ait 2.",
        "en": "Stake per opponent: (level + matadors) × 2 en belle, 5 tricks counting 10. Made: each pays the stake, and the declarer collects the bête in play. Failed: he pays each the stake and makes a bête of 4 × stake + the bête in play. A contract of 2 is made with 3 tricks, or 2 taken before any opponent has 2.",
    },
    "rules.bete-hombree.register.title": {
        "fr": "Le tableau des bêtes",
        "en": "The register of bêtes",
    },
    "rules.bete-hombree.register.text": {
        "fr": "Les bêtes impayées appartiennent au serveur et survivent aux tables : la plus ancienne dont le propriétaire est assis est en jeu. `/table stop` lance le tour des gueux ; avec l'accord de tous, on s'arrête tout de suite et les bêtes sont reportées. `/betes` montre le tableau, `/scoreboard` le classement.",
        "en": "Unpaid bêtes belong to the server and outlive tables: the oldest one whose owner is seated is in play. `/table stop` starts the tour des gueux; with everyone's agreement the game stops at once and the bêtes carry over. `/betes` shows the register, `/scoreboard` the standings.",
    },
    "reason.bete": {"fr": "bête", "en": "bête"},
}

# the French words of its command options, for the command translator
COMMAND_WORDS: Final = {
    "hombree": "hombree",
    "La Bête Hombrée: four players, bids, belle and matadors": (
        "La Bête Hombrée : quatre joueurs, enchères, belle et matadors"
    ),
    "pass_reentry": "reparler",
    "premier_in_belle": "premier_en_belle",
    "cagnote_discard": "ecart_cagnote",
    "stop_when_decided": "arret_des_joue",
    "stake_rule": "enjeu",
    "pinandele": "pinandele",
    "bete_order": "ordre_des_betes",
    "belle_on_announce": "belle_a_l_annonce",
    "Passed players may bid again": "Qui a passé peut reparler",
    "An earlier seat may equal a belle bid": "Un joueur antérieur peut égaler une demande en belle",
    "Cards the cagnoteur discards": "Cartes écartées par le cagnoteur",
    "End the hand once decided": "Finir le coup dès qu'il est joué",
    "How stakes are counted": "Calcul de l'enjeu",
    "Where pinandèles go": "Où vont les pinandèles",
    "Which bête is in play": "Quelle bête est en jeu",
    "Belle changes as soon as matadors are announced": "La belle change dès l'annonce des matadors",
    "Exactly 3": "Exactement 3",
    "1 to 3": "1 à 3",
    "In the register": "Au tableau",
    "With the next bête": "Avec la bête suivante",
    "Oldest first": "La plus ancienne",
    "Largest first": "La plus grosse",
}

TEXTS: Final = GameTexts(MESSAGES, COMMAND_WORDS)
