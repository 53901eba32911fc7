"""La Bête's texts at the table, in French (the game's own language) and English."""

from __future__ import annotations

from typing import Final

from bot.game import GameTexts

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "option.bete_must_underruff": {
        "fr": "qui ne peut surcouper doit sous-couper",
        "en": "unable to overtrump, trump lower",
    },
    "log.bete.start": {
        "fr": "Le sort désigne {name} pour donner le premier.",
        "en": "Chance picks {name} to deal first.",
    },
    "reason.ante": {"fr": "mise", "en": "ante"},
    "reason.reserve": {"fr": "fiche de la réserve", "en": "reserve fiche"},
    "reason.game": {"fr": "jeton du jeu", "en": "game jeton"},
    "reason.dealer": {"fr": "jeton du donneur", "en": "dealer's jeton"},
    "reason.kings": {"fr": "jetons des rois", "en": "king jetons"},
    "reason.curieuse": {"fr": "curieuse", "en": "curieuse"},
    "reason.stake": {"fr": "enjeu", "en": "stake"},
    "reason.vole": {"fr": "vole", "en": "vole"},
    "reason.devole": {"fr": "dévole", "en": "dévole"},
    "bete.call.play": {"fr": "Je joue", "en": "Je joue (I play)"},
    "bete.call.contre": {"fr": "Je contre", "en": "Je contre (against him)"},
    "bete.call.curieuse": {"fr": "En curieuse (1 jeton)", "en": "En curieuse (1 jeton, new trump)"},
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
        "fr": "{name} fait la dévole : il double l'enjeu, fait la bête et une bête par bête en attente, et donne 1 jeton à chacun.",
        "en": "{name} takes no trick (dévole): he doubles the stake, makes the bête and one per waiting bête, and gives 1 jeton to each.",
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
    "score.net.bete": {"fr": "{net}", "en": "{net}"},
    "rules.bete.overview.title": {"fr": "La Bête en bref", "en": "La Bête in short"},
    "rules.bete.overview.text": {
        "fr": "L'ancêtre (1792) : 2 à 5 joueurs, 32 cartes, R > D > V > A > 10 > 9 > 8 > 7 dans chaque couleur. Chacun reçoit 5 cartes ; la suivante est retournée : sa couleur est la **triomphe**. Pas d'enchères : on passe ou l'on joue. Qui joue doit faire 3 plis, ou exactement les 2 premiers si personne n'en fait 3 ; sinon il fait la **bête**. On compte en jetons : 1 fiche = 10 jetons.",
        "en": "The ancestor (1792): 2 to 5 players, 32 cards, K > Q > J > A > 10 > 9 > 8 > 7 in every suit. Each gets 5 cards; the next is turned up: its suit is **trump** (triomphe). No auction: you pass or play. Who plays must take 3 tricks, or exactly the first two if nobody takes 3; otherwise he makes a **bête**. Money is in jetons: 1 fiche = 10 jetons.",
    },
    "rules.bete.auction.title": {"fr": "La parole", "en": "Speaking"},
    "rules.bete.auction.text": {
        "fr": "On parle à partir de la droite du donneur : *je passe* ou *je joue* ; le premier qui joue a la main et les paroles sont définitives. Ceux qui n'ont pas passé peuvent ensuite **contrer** : le contreur joue contre lui et vise lui aussi 3 plis (un seul contreur). Si tous passent, chacun peut aller **en curieuse** pour 1 jeton : la carte retournée est mise de côté, la suivante fait la triomphe, et seuls les curieux reparlent. Si personne ne joue, le coup est nul : l'enjeu reste.",
        "en": "Speaking starts on the dealer's right: *pass* or *je joue* (I play); the first to play is the declarer and words are final. Those who did not pass may then **contrer**: the contreur plays against him and aims at 3 tricks too (one contreur at most). If all pass, each may go **en curieuse** for 1 jeton: the turned card is set aside, the next one makes trump, and only the curieux speak again. If nobody plays the deal is void: the stake stays.",
    },
    "rules.bete.play.title": {"fr": "Le jeu de la carte", "en": "The play"},
    "rules.bete.play.text": {
        "fr": "La droite du donneur entame. Il faut fournir et **monter** sur la plus forte carte de la couleur, sauf si le pli est déjà coupé (alors n'importe quelle carte de la couleur). Sans la couleur, il faut couper, et **surcouper** si possible ; qui ne peut surcouper un pli déjà coupé joue ce qu'il veut (option : sous-couper). Les boutons ne proposent que les cartes permises.",
        "en": "The dealer's right leads. Follow suit and **beat** the highest card of the suit, unless the trick is already trumped (then any card of the suit). Void: trump, and **overtrump** if you can; unable to overtrump a trumped trick, play any card (option: a lower trump). The buttons offer only legal cards.",
    },
    "rules.bete.settlement.title": {"fr": "Le pot et le paiement", "en": "The pot and payments"},
    "rules.bete.settlement.text": {
        "fr": "Le pot a trois parts. **Réserve** : 1 fiche de chacun au début de chaque tour. **Enjeu** : à chaque coup, 1 fiche de la réserve, 1 jeton du jeu de chacun (sauf quand une bête est en jeu) et 1 du donneur. **Rois** : 1 jeton de chacun ; le détenteur du roi d'atout les prend, sauf s'il a joué et perdu, ou si le roi est au talon. Qui gagne prend l'enjeu ; qui perd fait une bête égale à l'enjeu ; un contreur perdant fait une double bête. **Vole** (5 plis) : l'enjeu, toutes les bêtes et 1 jeton de chacun. **Dévole** (aucun pli) : il double l'enjeu, fait une bête de l'enjeu et une par bête en attente, et donne 1 jeton à chacun.",
        "en": "The pot has three parts. **Reserve**: 1 fiche from each at the start of each round. **Stake**: at each deal, 1 fiche from the reserve, 1 game jeton from each (except while a bête is in play) and 1 from the dealer. **Kings**: 1 jeton from each; the holder of the king of trump takes them, unless he played and lost, or the king is in the talon. The winner takes the stake; a loser makes a bête equal to the stake; a losing contreur a double bête. **Vole** (5 tricks): the stake, every bête and 1 jeton from each. **Dévole** (no trick): he doubles the stake, makes a bête of the stake and one per waiting bête, and gives 1 jeton to each.",
    },
    "rules.bete.register.title": {"fr": "Les bêtes", "en": "The bêtes"},
    "rules.bete.register.text": {
        "fr": "Une bête est une dette au tableau du serveur. Quand aucune bête n'est en jeu, la **plus grosse** des bêtes en attente des joueurs assis entre en jeu : son propriétaire la paie dans l'enjeu, et les jetons du jeu s'arrêtent jusqu'à ce qu'un coup soit gagné. `/table stop` finit le tour de donnes en cours ; le pot et les bêtes sont reportés à la partie suivante. `/betes game:La Bête` montre le tableau et le pot.",
        "en": "A bête is a debt in the server's register. When no bête is in play, the **largest** waiting bête of the seated players enters: its owner pays it into the stake, and the game jetons stop until a deal is won. `/table stop` finishes the round of deals in progress; the pot and the bêtes carry over to the next game. `/betes game:La Bête` shows the register and the pot.",
    },
    "reason.bete": {"fr": "bête", "en": "bête"},
}

# the French words of its command options, for the command translator
COMMAND_WORDS: Final = {
    "bete": "bete",
    "La Bête (1792): two to five players, contre and curieuse": (
        "La Bête (1792) : deux à cinq joueurs, contre et curieuse"
    ),
    "underruff": "sous_couper",
    "A player who cannot overtrump must still trump lower": (
        "Qui ne peut surcouper doit tout de même couper plus bas"
    ),
    "2, 1 then 2": "2, 1 puis 2",
}

TEXTS: Final = GameTexts(MESSAGES, COMMAND_WORDS)
