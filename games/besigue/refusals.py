"""The rules of Bésigue, classic and as played in Haiti, that an action may break
(``games.refusals``): the declaring after a trick, the sevens, the combinations."""

from __future__ import annotations

from enum import StrEnum


class Refused(StrEnum):
    WINNER_ONLY = "winner-only"  # only the winner of a trick lays, after it
    ONE_MELD = "one-meld"  # one combination per trick won
    DRAWS_BY_THEMSELVES = "draws-by-themselves"  # the draws follow a trick of phase 1
    STOCK_EMPTY = "stock-empty"  # nothing is laid once the stock is empty
    NOT_LAID = "not-laid"  # a card played from the table that is not there
    NO_SUCH_CALL = "no-such-call"  # a call the game does not have
    ONE_SEVEN = "one-seven"  # one seven (shown or exchanged) per trick won
    SEVEN_NOT_HELD = "seven-not-held"  # no seven of trump that has not scored
    ONE_EXCHANGE = "one-exchange"  # one exchange of the seven per deal
    SEVEN_TURNED = "seven-turned"  # the turned card is a seven: nothing to exchange
    MELD_UNKNOWN = "meld-unknown"  # a combination this game does not have
    MELD_SHAPE = "meld-shape"  # cards that do not make that combination
    MELD_NOT_HELD = "meld-not-held"  # the player does not hold the cards
    MELD_SERVED = "meld-served"  # a card has served in that combination already
    TRUMP_UNFIXED = "trump-unfixed"  # a marriage fixes trump before anything else
    JOKER = "joker"  # a joker where it may not stand in
    JOKERS_MANY = "jokers-many"  # more jokers in a carré than the table allows
    JOKER_SERVED = "joker-served"  # a joker laid already serves in another combination
    QUINTE_MARRIAGE = "quinte-marriage"  # a quinte is laid on one's trump marriage
    FROM_HAND = "from-hand"  # a combination takes a card from the hand
