"""Haitian Bésigue said in words, in the Haitian players' own where they have them
(*marque*, *anbatab*, *donner cent points*, *quinte*, *carré*): the marque and
the parties toward a hundred, trump fixed or not and by whose marriage, the
combinations with the jokers standing in, the cards laid, and the count.

Everything is said from one seat's view (``HaitiView``) or the session (the
match between parties), so no hidden card reaches a message."""

from __future__ import annotations

from collections.abc import Sequence

from bot.drawing.render import card_text, cards_text, suit_text
from bot.games.besigue.shared_drawing import laid_cards, players_of, scores_text
from bot.games.besigue.shared_port import sides_text
from bot.texts.i18n import t
from games.besigue.flow import Phase
from games.besigue.haiti.deal import TURNED, HaitiView
from games.besigue.haiti.match import Match
from games.besigue.haiti.session import HaitiSession
from games.besigue.melds import Meld, MeldKind
from games.besigue.session import SettledDeal


def kind_text(kind: MeldKind, lang: str) -> str:
    return t(lang, f"haiti.kind.{kind.value}")


def meld_text(meld: Meld, lang: str, laid: int = 0) -> str:
    """ "carré d'as A♠ A♥ A♦ + joker (100)": the cards, the jokers standing in said as
    such, and with ``laid`` (a bit set) the cards already on the table apart."""
    real = [c.face for c in meld.cards if not c.is_joker and not laid & c.bit]
    reused = [c.face for c in meld.cards if not c.is_joker and laid & c.bit]
    jokers = sum(c.is_joker for c in meld.cards)
    parts = [kind_text(meld.kind, lang)]
    if meld.kind is MeldKind.JOKERS:
        parts.append(t(lang, "haiti.jokers", count=jokers))
    else:
        if real:
            parts.append(cards_text(real, lang))
        if reused:
            said = cards_text(reused, lang)
            parts.append(t(lang, "haiti.reused", cards=said, count=len(reused)))
        if jokers:
            parts.append(t(lang, "haiti.stand_in", count=jokers))
    return " ".join(parts) + f" ({meld.points})"


def melds_text(melds: Sequence[Meld], lang: str) -> str:
    return ", ".join(meld_text(m, lang) for m in melds)


def without_trump(view: HaitiView) -> bool:
    """The deal is played without trump: no marriage was laid before the stock ran out,
    and none can be laid now (RULES.md §4.1)."""
    return view.trump is None and view.phase in (Phase.PLAY2, Phase.DONE)


def trump_text(view: HaitiView, names: Sequence[str], lang: str) -> str:
    """Trump, and what fixed it; or that the first marriage will; or that none did."""
    if without_trump(view):
        return t(lang, "haiti.no_trump_deal")
    if view.trump is None:
        return t(lang, "haiti.no_trump")
    suit = suit_text(view.trump, lang)
    if view.trump_by == TURNED:
        return t(lang, "haiti.trump_turned", suit=suit)
    return t(lang, "haiti.trump_by", suit=suit, name=names[view.trump_by])


def stock_text(view: HaitiView, names: Sequence[str], lang: str) -> str:
    """Trump (or none yet), the turned card under the stock, and the stock left."""
    parts = [trump_text(view, names, lang)]
    if view.phase is Phase.DONE:  # the deal is over: no rule of play left to say
        return parts[0]
    if view.phase is Phase.PLAY2 or (view.stock == 0 and view.turned is None):
        parts.append(t(lang, "haiti.phase2_line" + (".no_trump" if without_trump(view) else "")))
        return " — ".join(parts)
    if view.turned is not None:
        parts.append(t(lang, "haiti.turned", card=card_text(view.turned, lang)))
    parts.append(t(lang, "haiti.stock", count=view.stock))
    return " — ".join(parts)


def marque_text(
    names: list[str], teams: tuple[int, ...], scores: Sequence[int], target: int, lang: str
) -> str:
    return t(lang, "haiti.marque", scores=scores_text(names, teams, tuple(scores)), target=target)


def match_text(names: list[str], session: HaitiSession, lang: str) -> str | None:
    """The parties counted toward a hundred and who starts with 100 (two sides only)."""
    match: Match = session.match
    if not match.counted:
        return None
    teams = session.teams
    counters = " · ".join(
        f"{sides_text(names, teams, side)} {count}" for side, count in enumerate(match.parties)
    )
    line = t(lang, "haiti.parties", counters=counters)
    for side, start in enumerate(match.head_start):
        if start:
            name, players = sides_text(names, teams, side), players_of(teams, side)
            line += " — " + t(lang, "haiti.head_start", name=name, players=players)
    return line


def table_text(view: HaitiView, names: list[str], lang: str) -> str | None:
    """What lies face up: each seat's combinations of the deal, its cards still laid,
    and the 7s of trump that scored."""
    lines = []
    for seat, name in enumerate(names):
        melds = melds_text(view.melds[seat], lang)
        if melds:
            lines.append(t(lang, "haiti.seat_melds", name=name, melds=melds))
        laid = laid_cards(view, seat)
        if laid and view.phase in (Phase.PLAY1, Phase.DECLARE):
            lines.append(t(lang, "haiti.laid_now", cards=cards_text(laid, lang)))
    for seat, number in view.sevens:
        lines.append(t(lang, "haiti.seven_scored", name=names[seat], trick=number))
    return "\n".join(lines) or None


def partie_lines(
    settled: SettledDeal, names: list[str], lang: str, counters: bool = True
) -> list[str]:
    """A partie won: by whom, *anbatab* or not, a hundred given, or else the counters
    after it (unless ``counters`` is False: the table shows them already); a tie past
    the target: what the deal after it decides."""
    outcome = settled.outcome
    if not outcome.over and max(outcome.scores) >= outcome.target:  # tied past it
        return [t(lang, "haiti.tie")]
    if not outcome.over or outcome.winner is None:
        return []
    teams = outcome.teams
    winner, players = sides_text(names, teams, outcome.winner), players_of(teams, outcome.winner)
    key = "haiti.won_anbatab" if outcome.en_bas_table else "haiti.won"
    lines = [t(lang, key, name=winner, players=players)]
    match = settled.match
    if match is not None and match.counted:
        if settled.cent_points is not None:
            giver, taker = settled.cent_points, 1 - settled.cent_points
            lines.append(
                t(
                    lang,
                    "haiti.cent_points",
                    name=sides_text(names, teams, giver),
                    players=players_of(teams, giver),
                    other=sides_text(names, teams, taker),
                    others=players_of(teams, taker),
                )
            )
        elif counters:
            counted = " · ".join(
                f"{sides_text(names, teams, side)} {n}" for side, n in enumerate(match.parties)
            )
            lines.append(t(lang, "haiti.parties", counters=counted))
    return lines
