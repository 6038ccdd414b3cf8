"""Worked examples of the rules for the lesson (issue 43: ideas of the rule sheet no question taught):
one trick led with a tractor, judged by the kit's own follow and trick rules (Question 5), and a
deal's score with points buried in the kitty, scored by the kit's level table (Question 6).

Exact: both come from the rules engine's functions (:mod:`.tricks`, :func:`.rules.level_change`),
nothing is simulated. Pure Python except the ``*_figure`` builder (plotly, imported when drawn).
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from changekit.core.checks import checked, is_whole
from changekit.core.errors import InvalidArgument
from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.games.variant_tools import choice_answer, choice_variant, rng_for

from .rules import MAX_POINTS, level_change
from .tricks import CARD_POINTS, context, follow_problem, shape_of, show, trick_winner

# ---- Question 5: one trick led with a tractor --------------------------------------------------


@dataclass(frozen=True)
class TrickExample:
    """A trick as the question shows it: the trump suit and rank, each seat's hand before the trick
    and the cards each plays, seat 1 leading."""

    trump_suit: str
    trump_rank: str
    hands: tuple[tuple[str, ...], ...]
    plays: tuple[tuple[str, ...], ...]


#: Hearts are trumps, the trump rank is 2. Seat 1 leads a spade tractor; seat 2 holds five spades
#: with one pair; seats 3 and 4 hold no spades: one plays a low trump tractor, the other two pairs of
#: high trumps that are not on adjacent ranks (K♥ lies between).
TRICK = TrickExample(
    trump_suit="H", trump_rank="2",
    hands=(("7S", "7S", "8S", "8S", "9D", "KC", "4C"),
           ("AS", "AS", "QS", "JS", "6S", "6D", "10C"),
           ("3H", "3H", "4H", "4H", "9C", "9C", "JD"),
           ("AH", "AH", "QH", "QH", "6C", "7D", "8D")),
    plays=(("7S", "7S", "8S", "8S"), ("AS", "AS", "QS", "JS"), ("3H", "3H", "4H", "4H"), ("AH", "AH", "QH", "QH")),
)
#: Question 5's choices: each seat with the cards it plays (page order: seat 1 leads).
TRICK_CHOICES = [f"seat {seat} ({show(play).replace(' ', '')})" for seat, play in enumerate(TRICK.plays, start=1)]


def trick_winner_seat(example: TrickExample = TRICK) -> int:
    """The seat (1 = the leader) whose play wins the trick, by the kit's trick rule."""
    return trick_winner([list(p) for p in example.plays], example.trump_suit, example.trump_rank) + 1


def trick_rows(example: TrickExample = TRICK) -> list[dict[str, Any]]:
    """Each seat's play judged by the engine: whether it is a legal follow (with the rule it would
    break), its shape, and whether it can win (the led shape, all led suit or all trumps)."""
    ctx = context(example.trump_suit, example.trump_rank)
    lead = example.plays[0]
    led_shape, led_suit = shape_of(lead, ctx), ctx.eff[lead[0]]
    winner = trick_winner_seat(example)
    rows = []
    for seat, (hand, play) in enumerate(zip(example.hands, example.plays, strict=True), start=1):
        problem = None if seat == 1 else follow_problem(hand, lead, play, ctx)
        shape = shape_of(play, ctx)
        suits = {ctx.eff[c] for c in play}
        rows.append({"seat": seat, "hand": hand, "play": play, "legal": problem is None,
                     "problem": problem[1] if problem else "", "shape": shape,
                     "can_win": shape == led_shape and len(suits) == 1 and suits <= {led_suit, "T"},
                     "wins": seat == winner})
    return rows


def _shape_words(shape: Any) -> str:
    if shape is None:
        return "no single shape"
    kind, units = shape
    return f"a tractor of {units} pairs" if kind == "tractor" else f"a {kind}"


def trick_html(example: TrickExample = TRICK) -> str:
    """The trick played through as a table: each seat's hand, play, and the engine's verdicts."""
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[example.trump_suit]
    rows = []
    for r in trick_rows(example):
        legal = "leads" if r["seat"] == 1 else ("yes" if r["legal"] else f"no: {escape(r['problem'])}")
        rows.append(f"<tr><td>{r['seat']}</td><td>{escape(show(r['hand']))}</td><td><b>{escape(show(r['play']))}</b>"
                    f"</td><td>{legal}</td><td>{_shape_words(r['shape'])}</td>"
                    f"<td>{'yes' if r['can_win'] else 'no'}</td><td>{'<b>wins</b>' if r['wins'] else ''}</td></tr>")
    return (f"<p>Trumps {suit}, trump rank {escape(example.trump_rank)}. The kit's rules engine judges each play:</p>"
            "<table><tr><th>seat</th><th>hand</th><th>plays</th><th>legal follow?</th><th>shape</th>"
            "<th>can win?</th><th></th></tr>" + "".join(rows) + "</table>"
            f"<p>Winner: <b>seat {trick_winner_seat(example)}</b>.</p>")


def trick_right() -> KitAnswer:
    """Question 5's right answer: the seat the engine says takes the trick."""
    seat = trick_winner_seat()
    return choice_answer(TRICK_CHOICES[seat - 1], f"Seat {seat} takes the trick: against a tractor only a tractor "
                                                  "of the same length, all led suit or all trumps, can win.")


# ---- Question 6: points in the kitty, and levels -------------------------------------------------
#: Question 6's deal: the cards the host buried, the attackers' points from tricks, and who won the
#: last trick.
KITTY = ("KC", "10D", "10S", "5H", "9C", "3D")
KITTY_TRICK_POINTS = 100
#: Who goes up after a deal, as Question 6's choices name it: (side, levels) from level_change.
OUTCOMES = {("host", 3): "the host's team, 3 levels", ("host", 2): "the host's team, 2 levels",
            ("host", 1): "the host's team, 1 level", ("attackers", 1): "the attackers, 1 level",
            ("attackers", 2): "the attackers, 2 levels", ("attackers", 3): "the attackers, 3 levels"}
KITTY_CHOICES = list(OUTCOMES.values())
#: the points of three decks: 5s, 10s and kings of four suits
TOTAL_POINTS = 3 * 4 * (5 + 10 + 10)


def kitty_points(kitty: tuple[str, ...] = KITTY) -> int:
    return sum(CARD_POINTS[c] for c in kitty)


@checked(trick_points=is_whole(0, MAX_POINTS), buried=is_whole(0, MAX_POINTS))
def deal_score(trick_points: int, buried: int, *, attackers_win_last: bool) -> tuple[int, str, int]:
    """The attackers' score and who goes up by how many levels (the sheet's table): the kitty's
    points count, doubled, only when the attackers win the last trick (our rule, docs/rules.md)."""
    if type(attackers_win_last) is not bool:
        raise InvalidArgument(f"attackers_win_last is True or False, not {attackers_win_last!r}")
    total = trick_points + (2 * buried if attackers_win_last else 0)
    side, steps = level_change(total)
    return total, side, steps


def kitty_html(kitty: tuple[str, ...] = KITTY, trick_points: int = KITTY_TRICK_POINTS) -> str:
    buried = kitty_points(kitty)
    won, side, steps = deal_score(trick_points, buried, attackers_win_last=True)
    kept, side2, steps2 = deal_score(trick_points, buried, attackers_win_last=False)
    return (f"<p>Kitty {escape(show(kitty))}: {buried} points.</p><ul>"
            f"<li>Attackers win the last trick: {trick_points} + 2 × {buried} = <b>{won}</b> points: "
            f"<b>{OUTCOMES[(side, steps)]}</b> up.</li>"
            f"<li>The host's team wins the last trick: {kept} points: {OUTCOMES[(side2, steps2)]} up.</li></ul>")


def kitty_right() -> KitAnswer:
    """Question 6's right answer: who goes up, by the kit's score with the kitty doubled."""
    total, side, steps = deal_score(KITTY_TRICK_POINTS, kitty_points(), attackers_win_last=True)
    return choice_answer(OUTCOMES[(side, steps)], f"{KITTY_TRICK_POINTS} + 2 × {kitty_points()} = {total} points: "
                                                  f"{OUTCOMES[(side, steps)]} up.")


def _signed(side: str, steps: int) -> int:
    return steps if side == "attackers" else -steps


def kitty_figure(kitty: tuple[str, ...] = KITTY, trick_points: int = KITTY_TRICK_POINTS):
    """Levels gained against the attackers' points from tricks, with the kitty won by either side
    (attackers up: above zero; the host's team up: below), the question's deal marked."""
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it (and their style)

    from changekit.ui.theme import style

    buried = kitty_points(kitty)
    xs = list(range(0, TOTAL_POINTS - buried + 1, 5))
    fig = go.Figure()
    for name, last in (("the host's team wins the last trick", False),
                       (f"the attackers win it (+2 × {buried})", True)):
        fig.add_scatter(x=xs, y=[_signed(*deal_score(x, buried, attackers_win_last=last)[1:]) for x in xs],
                        mode="lines", line_shape="hv", name=name)
    fig.add_vline(x=trick_points, line_dash="dash", line_color="#888")
    return style(fig, title=f"Levels gained with {buried} points in the kitty (dashed: {trick_points} points)",
                 x="attackers' points from tricks", y="levels up: attackers + / host's team −")


def kitty_variant(seed: int) -> QuestionInstance:
    """Question 6 with another kitty, another score from tricks and either side winning the last trick."""
    rng = rng_for("zhao_pengyou.q6", seed)
    point_cards = [r + s for r in ("5", "10", "K") for s in "SHDC"]
    others = [r + s for r in ("2", "3", "4", "6", "7", "8", "9", "J", "Q", "A") for s in "SHDC"]
    buried_points = rng.randint(1, 4)
    kitty = tuple(rng.sample(point_cards, buried_points) + rng.sample(others, 6 - buried_points))
    buried = kitty_points(kitty)
    trick_points = 5 * rng.randint(0, (TOTAL_POINTS - buried) // 5)
    last = rng.random() < 0.5
    total, side, steps = deal_score(trick_points, buried, attackers_win_last=last)
    who = "the attackers win" if last else "the host's team wins"
    text = (f"**Question 6, your own numbers.** The host buried {show(kitty)} in the kitty. The attackers took "
            f"{trick_points} points in tricks, and {who} the last trick. Who goes up, and by how many levels?")
    how = (f"{trick_points} + 2 × {buried} = {total} points" if last
           else f"{total} points (the kitty does not count)")
    exact = f"The attackers' score is {how}: {OUTCOMES[(side, steps)]} up."
    return choice_variant("zhao_pengyou.q6", seed, text, KITTY_CHOICES, OUTCOMES[(side, steps)], exact)
