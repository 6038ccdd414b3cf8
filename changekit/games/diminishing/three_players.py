"""The three-player game, for small purses (the lesson's Question 7).

With three players there is no single "perfect play" result: what is best for one player depends
on what the other two want, and they want different things. What the kit computes is one exact
question a class can predict: **can a seat make sure of winning, whatever the other two do?**
That is a two-sided game, that seat against the other two playing as one team (the team wins when
either of its players is the last with money), solved by backward induction over every position:

* a position where only one player has money left is won by that player;
* the seat's own turn is a win for it when some move leads to a win; a turn of either other player
  is a win for the seat only when every move leads to one.

A player who ends a turn with no money is out and skipped; every turn costs the mover at least $1,
so the game is finite. At most one seat can make sure of winning in a position (two such seats,
each playing its own way, would both win one game). When none can, who wins depends on how the
players play. A *kingmaker* position shows it: whatever the player to move does, one of the other
two can then make sure of winning, and the move decides which one.

Seats are numbered in the order of play from the (random) first player: 0 plays first. Pure
Python, no numpy: small purses only (a purse of three bills: about a thousand positions).

>>> forcing_seats((3, 1)), forcing_seats((5, 3, 1))  # the third seat, and no seat
((2,), ())
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Sequence

from changekit.core.checks import checked, is_whole
from changekit.core.errors import InvalidArgument
from changekit.core.money import is_change_bills
from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.core.words import dollars
from changekit.games.variant_tools import choice_answer, choice_variant, rng_for

from .rules import describe_move, legal_moves
from .solver import DENOMS, Counts, bills_of, counts_of, successors
from .variants import dollars as question_dollars

#: The seats, in the order they play from the first player.
SEAT_NAMES: tuple[str, ...] = ("first", "second", "third")
#: The most bills in a purse this solver takes: four bills each solve in about a second.
MAX_PURSE_BILLS = 4
#: Question 7's purse: each player holds a $5, a $3 and a $1.
LESSON_PURSE: tuple[int, ...] = (5, 3, 1)

#: A position: the three purses in seat order, and the seat to move (the pot holds the rest).
Purses = tuple[Counts, Counts, Counts]


def _is_small_purse(value: Any, name: str) -> tuple[int, ...]:
    purse = is_change_bills(MAX_PURSE_BILLS)(value, name)
    if not purse:
        raise InvalidArgument(f"{name} holds at least one bill")
    return tuple(sorted(purse, reverse=True))


def _next_seat(purses: Purses, mover: int) -> int:
    """Who plays after ``mover``: turns go round, skipping players who are out (the mover itself
    when nobody else has money: the game is over)."""
    seat = (mover + 1) % 3
    while not any(purses[seat]):
        seat = (seat + 1) % 3
    return seat


def _after(purses: Purses, mover: int, purse: Counts) -> Purses:
    return tuple(purse if seat == mover else purses[seat] for seat in range(3))  # type: ignore[return-value]


class ThreePlayerGame:
    """The three-player game from three equal ``purse``s and an empty pot, solved on demand."""

    def __init__(self, purse: Sequence[int]) -> None:
        self.purse = tuple(sorted(purse, reverse=True))
        start = counts_of(self.purse)
        self.universe: Counts = tuple(3 * c for c in start)
        self.start: Purses = (start, start, start)
        self._can_force = lru_cache(maxsize=None)(self._solve)

    def pot(self, purses: Purses) -> Counts:
        return tuple(u - a - b - c for u, a, b, c in zip(self.universe, *purses, strict=True))

    def can_force(self, seat: int, purses: Purses, mover: int) -> bool:
        """Can ``seat`` make sure of winning from here, against any play of the other two?"""
        return self._can_force(seat, purses, mover)

    def _solve(self, seat: int, purses: Purses, mover: int) -> bool:
        alive = [s for s in range(3) if any(purses[s])]
        if len(alive) == 1:
            return alive[0] == seat
        for purse in successors(purses[mover], self.pot(purses)):
            after = _after(purses, mover, purse)
            wins = self._can_force(seat, after, _next_seat(after, mover))
            if mover == seat and wins:
                return True  # one winning move is enough for the seat
            if mover != seat and not wins:
                return False  # one move of the team that stops the seat is enough
        return mover != seat

    def forcer(self, purses: Purses, mover: int) -> int | None:
        """The seat that can make sure of winning from here (at most one can), or None."""
        alive = [s for s in range(3) if any(purses[s])]
        if len(alive) == 1:
            return alive[0]
        return next((seat for seat in range(3) if self.can_force(seat, purses, mover)), None)

    def moves(self, purses: Purses, mover: int) -> list[tuple[str, Purses, int]]:
        """Each legal move of ``mover``: the move in words, the purses after it and who plays next."""
        out = []
        pot = bills_of(self.pot(purses))
        for move in legal_moves(bills_of(purses[mover]), pot):
            held = list(bills_of(purses[mover]))
            held.remove(move.bill)
            after = _after(purses, mover, counts_of([*held, *move.take]))
            out.append((describe_move(move), after, _next_seat(after, mover)))
        return out


@lru_cache(maxsize=64)
def _game(purse: tuple[int, ...]) -> ThreePlayerGame:
    return ThreePlayerGame(purse)


@checked(purse=_is_small_purse)
def forcing_seats(purse: Sequence[int] = LESSON_PURSE) -> tuple[int, ...]:
    """The seats (0: the first to play) that can make sure of winning from the start, whatever the
    other two do: at most one, often none."""
    game = _game(tuple(purse))
    return tuple(seat for seat in range(3) if game.can_force(seat, game.start, 0))


@dataclass(frozen=True)
class Kingmaker:
    """A play-through from the start to a kingmaker position: ``turns`` are (seat, move in words,
    the three purses after it); then ``mover`` is to play with ``purses`` and ``pot``, and
    ``choices`` gives each of its moves with the seat that can then make sure of winning.
    ``missed`` names the turns of the play-through that gave up a sure win: (turn number from 1,
    the seat, a move that would have made sure of it). The play-through is the shortest way to a
    kingmaker position, not good play."""

    purse: tuple[int, ...]
    turns: list[tuple[int, str, tuple[tuple[int, ...], ...]]]
    mover: int
    purses: tuple[tuple[int, ...], ...]
    pot: tuple[int, ...]
    choices: list[tuple[str, int]]
    missed: list[tuple[int, int, str]]


@checked(purse=_is_small_purse)
def kingmaker(purse: Sequence[int] = LESSON_PURSE) -> Kingmaker | None:
    """The first kingmaker position reached from the start (fewest turns, then the order of the
    moves): all three players still in, and every move of the player to move leaves one of the
    *other* two able to make sure of winning, not always the same one. None if the game has none."""
    game = _game(tuple(purse))
    start = (game.start, 0)
    came_from: dict[tuple[Purses, int], tuple[tuple[Purses, int], str] | None] = {start: None}
    queue = deque([start])
    while queue:
        purses, mover = queue.popleft()
        if sum(map(any, purses)) < 3:
            continue  # a kingmaker needs two others to choose between
        moves = game.moves(purses, mover)
        found = [game.forcer(after, nxt) for _, after, nxt in moves]
        forcers = [seat for seat in found if seat is not None]
        if len(forcers) == len(found) and mover not in forcers and len(set(forcers)) > 1:
            turns, missed = [], []
            at: tuple[Purses, int] = (purses, mover)
            while (step := came_from[at]) is not None:
                (before, seat), words = step
                turns.append((seat, words, tuple(bills_of(p) for p in at[0])))
                if game.can_force(seat, before, seat) and not game.can_force(seat, *at):
                    sure = next(w for w, a, n in game.moves(before, seat) if game.can_force(seat, a, n))
                    missed.append((seat, sure))
                at = (before, seat)
            turns.reverse()
            numbered = [(len(turns) - i, seat, sure) for i, (seat, sure) in enumerate(missed)][::-1]
            return Kingmaker(game.purse, turns, mover, tuple(bills_of(p) for p in purses),
                             bills_of(game.pot(purses)),
                             [(words, seat) for (words, _, _), seat in zip(moves, forcers, strict=True)], numbered)
        for words, after, nxt in moves:
            if (after, nxt) not in came_from:
                came_from[after, nxt] = ((purses, mover), words)
                queue.append((after, nxt))
    return None


@checked(most=is_whole(1, 3))
def seats_by_purse(most: int = 3) -> dict[int, dict[str, int]]:
    """For every purse of 1 to ``most`` bills: per number of bills, how many purses let each seat
    make sure of winning, and how many let no seat."""
    out: dict[int, dict[str, int]] = {}
    for size in range(1, most + 1):
        row = {name: 0 for name in (*SEAT_NAMES, "no seat")}
        for purse in combinations_with_replacement(sorted(DENOMS, reverse=True), size):
            seats = forcing_seats(purse)
            row[SEAT_NAMES[seats[0]] if seats else "no seat"] += 1
        out[size] = row
    return out


def seats_figure(rows: dict[int, dict[str, int]]) -> Any:
    """Stacked bars: per number of bills in each purse, how many purses let which seat make sure of
    winning."""
    import plotly.graph_objects as go  # heavy: only the chart needs plotly
    from changekit.ui.theme import PALETTE, style, text_on  # the ui's chart look: only the figure half draws

    sizes = sorted(rows)
    fig = go.Figure()
    for name, fill in zip((*SEAT_NAMES, "no seat"), PALETTE, strict=False):
        label = "no seat can" if name == "no seat" else f"the {name} seat can"
        fig.add_bar(x=[f"{n} bill{'s' if n > 1 else ''} each" for n in sizes], y=[rows[n][name] for n in sizes],
                    name=label, text=[rows[n][name] or "" for n in sizes], textposition="inside",
                    marker_color=fill, insidetextfont={"color": text_on(fill)})
    fig.update_layout(barmode="stack")
    return style(fig, title="Three players, equal small purses: can a seat make sure of winning?",
                 x="every purse of this many bills", y="purses")


def _purse_words(bills: Sequence[int]) -> str:
    return dollars(bills, sep=" ", empty="nothing")


@checked(purse=_is_small_purse)
def kingmaker_html(purse: Sequence[int] = LESSON_PURSE) -> str:
    """Who can make sure of winning from the start, and the play-through to a kingmaker position."""
    seats = forcing_seats(purse)
    verdict = (f"the <b>{SEAT_NAMES[seats[0]]}</b> seat can make sure of winning" if seats
               else "<b>no seat</b> can make sure of winning: against each seat, the other two have a way to stop it")
    head = f"<p>Three purses of {_purse_words(purse)}: {verdict}.</p>"
    king = kingmaker(purse)
    if king is None:
        return head + "<p>No position of this game lets a player choose the winner.</p>"
    rows = "".join(f"<tr><td>{SEAT_NAMES[seat]}</td><td>{words}</td>"
                   + "".join(f"<td>{_purse_words(p)}</td>" for p in after) + "</tr>"
                   for seat, words, after in king.turns)
    choices = "".join(f"<li><i>{words}</i>: then the <b>{SEAT_NAMES[seat]}</b> player can make sure of winning</li>"
                      for words, seat in king.choices)
    return (head + "<p>One way the first turns can go:</p><table><tr><th>player</th><th>move</th><th>first holds</th>"
            "<th>second holds</th><th>third holds</th></tr>" + rows + "</table>"
            + "".join(f"<p>Not good play: at turn {turn} the <b>{SEAT_NAMES[seat]}</b> player could have made "
                      f"sure of winning (<i>{sure}</i>) and gave that up.</p>" for turn, seat, sure in king.missed)
            + f"<p>Now the <b>{SEAT_NAMES[king.mover]}</b> player is to play, holding "
            f"{_purse_words(king.purses[king.mover])}, with {_purse_words(king.pot)} in the pot. Every move "
            "leaves one of the other two able to make sure of winning; the move decides which:</p>"
            f"<ul>{choices}</ul>")


THREE_CHOICES = ["yes, the first to play", "yes, the second", "yes, the third", "no seat can"]


def _seats_answer(purse: Sequence[int]) -> tuple[str, str]:
    """The right choice for three equal ``purse``s, and the exact answer in a sentence."""
    seats = forcing_seats(purse)
    if seats:
        return THREE_CHOICES[seats[0]], f"The {SEAT_NAMES[seats[0]]} seat can make sure of winning."
    return THREE_CHOICES[3], "No seat can: against each seat, the other two have a way of playing that stops it."


def lesson_answer() -> KitAnswer:
    """Question 7's right answer, computed (the lesson's purse: no seat can)."""
    return choice_answer(*_seats_answer(LESSON_PURSE))


def three_player_variant(seed: int) -> QuestionInstance:
    """Question 7 with another purse of three bills (not the lesson's), solved exactly. Among such
    purses "no seat can" is the usual answer; the variant draws the answer's kind first, half and
    half, so that answering the lesson's answer again is no sure way to be right."""
    rng = rng_for("diminishing.q7", seed)
    purses = [purse for purse in combinations_with_replacement(sorted(DENOMS, reverse=True), 3)
              if purse != LESSON_PURSE]
    some_seat = rng.random() < 0.5
    purse = rng.choice([purse for purse in purses if bool(forcing_seats(purse)) == some_seat])
    right, exact = _seats_answer(purse)
    text = (f"**Question 7, your own numbers.** Three players each start with {question_dollars(purse)}; the pot "
            "is empty. Can one seat make sure of winning, whatever the other two do?")
    return choice_variant("diminishing.q7", seed, text, THREE_CHOICES, right, exact)
