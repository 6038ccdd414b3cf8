"""Bots for Zhao Pengyou. They see ``view(player)`` and the legal actions, never the state.

* :class:`RandomBot` (from the core): any legal action.
* :class:`HeuristicBot`: declares its longest suit, buries low plain cards (never points),
  calls an ace it does not hold, leads strong combinations and aces, wins tricks that hold
  points when it can, feeds points to a known teammate who is winning, and otherwise throws
  its cheapest card, keeping trumps. When throws are allowed it throws a plain suit's
  combinations that no card it has not seen can beat (:func:`sure_throw`): such a throw
  cannot fail.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from changekit.core.bots import Bot, RandomBot

from .moves import Bury, Call, Declare, Play, Throw
from .rules import PASS, THROW_DONE, call_friend, describe, play, throw
from .tricks import (
    ALL_CODES, CARD_POINTS, RANK_OF, SUIT_OF, TRUMP, Context, beating_combo, context, lead_parts, points_in,
    shape_of, throw_reading, winning_index,
)

__all__ = ["HeuristicBot", "RandomBot", "BOTS", "known_team", "sure_throw"]


def known_team(view: dict[str, Any]) -> set[int]:
    """Seats this player knows to be on their side (themselves included)."""
    me, host = view["you"], view["host"]
    friends = set(view["friends"])
    if host is None:
        return {me}
    if me == host or me in friends:
        return {host} | friends
    all_found = view["calls"] and all(c["found_by"] is not None for c in view["calls"])
    if all_found:
        return {p for p in range(len(view["levels"])) if p != host and p not in friends}
    return {me}


def unseen(view: dict[str, Any]) -> Counter:
    """The cards that may still be in other hands (or the kitty), as far as this player knows:
    every copy, less their own hand (and half-chosen play), the cards played in this deal's
    tricks, and the kitty if they buried it."""
    out = Counter({c: view["decks"] for c in ALL_CODES})
    out -= Counter(view["hand"]) + Counter(view["selection"]) + Counter(view["kitty"] or ())
    log = view["log"]
    start = max((i for i, (kind, _) in enumerate(log) if kind == "deal_start"), default=0)
    for kind, data in log[start:]:
        if kind == "play":
            out -= Counter(data["cards"])
    return out


def sure_throw(view: dict[str, Any]) -> list[str]:
    """The cards of a throw in one plain suit whose every part no unseen card can beat (so it
    cannot fail), the most points then the most cards; ``[]`` if there is none of two parts or more."""
    ctx = _ctx(view)
    mine = list(view["hand"]) + list(view["selection"])
    others = list(unseen(view).elements())
    best: list[str] = []
    for suit in "SHDC":
        held = [c for c in mine if ctx.eff[c] == suit]
        if not held:
            continue
        cards = [c for part in throw_reading(held, ctx) if beating_combo(part, others, ctx) is None for c in part]
        parts = lead_parts(cards, ctx, throws=True) or []
        if len(parts) >= 2 and all(beating_combo(p, others, ctx) is None for p in parts):
            best = max(best, sorted(cards), key=lambda cs: (points_in(cs), len(cs)))
    return best


def _ctx(view: dict[str, Any]) -> Context:
    return context(view["trump_suit"], view["trump_rank"])


def _cheapness(code: str, ctx: Context) -> tuple[int, int, int]:
    """Smaller = happier to throw away: plain before trump, no points before points, low before high."""
    return (ctx.eff[code] == TRUMP, CARD_POINTS[code], ctx.power[code])


class HeuristicBot(Bot):
    """Plays like a careful beginner: see the module docstring."""

    name = "heuristic"
    description = "declares long suits, calls an ace, wins point tricks, feeds its partner, keeps trumps"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase in ("deal", "last_call"):
            return self._declare(view, legal)
        if phase == "bury":
            ctx = _ctx(view)
            return min(legal, key=lambda a: (_cheapness(a.card, ctx), self._suit_length(view, a.card, ctx)))
        if phase == "call":
            return self._call(view, legal)
        if view["trick"] == [] or view["trick"] is None:
            return self._lead(view, legal)
        return self._follow(view, legal)

    # ---- phases -----------------------------------------------------------------------
    @staticmethod
    def _suit_length(view: dict[str, Any], code: str, ctx: Context) -> int:
        return sum(1 for c in view["hand"] if ctx.eff[c] == ctx.eff[code])

    def _declare(self, view: dict[str, Any], legal: list[Any]) -> Any:
        options = [a for a in legal if isinstance(a, Declare)]
        if not options:
            return PASS
        hand = view["hand"]
        length = Counter(SUIT_OF[c] for c in hand if SUIT_OF[c])
        # declare the most copies; among those the suit we hold most of; wait with a lone card
        best = max(options, key=lambda a: (a.copies, length[a.suit]))
        if best.copies == 1 and len(hand) < 12 and view["phase"] == "deal":
            return PASS
        return best

    def _call(self, view: dict[str, Any], legal: list[Any]) -> Any:
        hand = Counter(view["hand"])
        legal_set = set(legal)
        for rank in ("A", "K"):
            for suit in "SHDC":
                code = rank + suit
                k = hand[code] + 1
                if call_friend(k, code) in legal_set:
                    return call_friend(k, code)
        return legal[0]

    def _lead(self, view: dict[str, Any], legal: list[Any]) -> Any:
        ctx = _ctx(view)
        if any(isinstance(a, Throw) for a in legal):
            plan = Counter(sure_throw(view)) - Counter(view["selection"])
            if plan or view["selection"]:  # put the planned cards down one by one, then say done
                return next((throw(c) for c in sorted(plan) if throw(c) in legal), THROW_DONE)
        legal = [a for a in legal if isinstance(a, Play)]

        def strength(action: Play) -> tuple:
            cards = action.cards
            top = max(ctx.power[c] for c in cards)
            plain = ctx.eff[cards[0]] != TRUMP
            big_plain_combo = plain and len(cards) > 1 and top >= 9  # pairs of A/K/Q and tractors
            plain_ace = plain and len(cards) == 1 and RANK_OF[cards[0]] == "A"
            return (big_plain_combo, plain_ace, len(cards) if plain else 0, plain, -CARD_POINTS[cards[0]], -top)

        return max(legal, key=strength)

    def _follow(self, view: dict[str, Any], legal: list[Any]) -> Any:
        ctx = _ctx(view)
        trick = view["trick"]
        plays = [tuple(c) for _, c in trick]
        lead = plays[0]
        best = winning_index(plays, ctx)
        winner_seat = trick[best][0]
        team = known_team(view)
        chosen = list(view["selection"])
        codes = [a.cards[0] for a in legal]  # a follow: each a Play of one card
        points_on_table = sum(CARD_POINTS[c] for p in plays for c in p)
        if winner_seat in team and winner_seat != view["you"]:
            # feed points to the teammate who is winning
            return play(max(codes, key=lambda c: (CARD_POINTS[c], -_cheapness(c, ctx)[0], -ctx.power[c])))
        if len(lead) == 1:
            winners = [c for c in codes if winning_index(plays + [(c,)], ctx) == len(plays)]
            later = len(view["levels"]) - len(trick) - 1
            if winners and (points_on_table or later == 0 or ctx.eff[lead[0]] != TRUMP):
                cheapest_win = min(winners, key=lambda c: (ctx.eff[c] == TRUMP, ctx.power[c]))
                if points_on_table or ctx.eff[cheapest_win] != TRUMP or later == 0:
                    return play(cheapest_win)
        else:
            # try to build a winning copy of the lead's shape: repeat what we started with
            for c in chosen:
                if c in codes:
                    return play(c)
            shape = shape_of(lead, ctx)
            if shape and shape[0] in ("pair", "triple"):
                held = Counter(view["hand"])
                for c in sorted(codes, key=lambda x: -ctx.power[x]):
                    if held[c] >= len(lead) and winning_index(plays + [(c,) * len(lead)], ctx) == len(plays):
                        return play(c)
        return play(min(codes, key=lambda c: _cheapness(c, ctx)))

    def explain(self, view: dict[str, Any], action: Any) -> str:
        if action == PASS:
            return "waits for more cards of its level"
        if isinstance(action, Declare):
            return f"{describe(action)}: the most copies it can show, in its longest suit"
        if isinstance(action, Bury):
            return "buries a low card without points"  # which card stays secret: the kitty is the host's
        if isinstance(action, Call):
            return f"{describe(action)}: an ace (or king) of which it holds fewer copies"
        if isinstance(action, Throw):
            return "throws cards no unseen card can beat"
        return ""


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def planned_follow(state: Any, viewer: int, cards: int) -> list[Any]:
    """The ``cards`` the heuristic bot would still put down, one by one, to finish this follow
    (played out on a copy of the game, with a fixed generator: a hint never moves the game)."""
    sim, bot, rng, planned = state.clone(), HeuristicBot(), random.Random(0), []
    for _ in range(cards):
        if viewer not in sim.current_players():
            break
        action = bot.choose(sim.view(viewer), sim.legal_actions(viewer), rng=rng)
        planned.append(action.cards[0])  # a Play of one card
        sim.apply(action, viewer)
    return planned
