"""Things to move and watch (issue 17 §4): each notebook's explorer, time from an input's change
to the new figure drawn into its chart (the callback: exact recomputation, figure, redraw), one
row per game, against the issue's 200 ms budget. Each change sets inputs not seen before in this
process, so the caches of the exact analyses are cold for it."""
from __future__ import annotations

import functools
import statistics
import time
from typing import Any, Callable, Sequence

from timing import benchmark, sized

BUDGET_MS = 200.0


def _timed(changes: Sequence[Callable[[], Any]]) -> list[float]:
    out = []
    for change in sized(changes, _one_per_input(changes)):
        start = time.perf_counter()
        change()
        out.append((time.perf_counter() - start) * 1e3)
    return out


def _setter(box: Any, value: Any) -> Callable[[], None]:
    return functools.partial(setattr, box, "value", value)


def _one_per_input(changes: Sequence[Callable[[], Any]]) -> list[Callable[[], Any]]:
    """A smoke run's changes: the first of each input box (one for changes that are not a box's)."""
    seen, out = set(), []
    for change in changes:
        box = id(change.args[0]) if isinstance(change, functools.partial) else None
        if box not in seen:
            seen.add(box)
            out.append(change)
    return out


def _explorer_rows() -> list[tuple[str, list[float]]]:
    from changekit.games.big_cheese.app import card_explorer
    from changekit.games.boneyard.app import ClassExplorer
    from changekit.games.cambio.app import threshold_explorer
    from changekit.games.cha_ching.app import composition_explorer
    from changekit.games.diminishing.app import purse_explorer
    from changekit.games.moneybags.app import jiggle_explorer
    from changekit.games.zhao_pengyou.app import deal_explorer
    from changekit.games.zombie.app import first_play_explorer

    rows = []
    zombie = first_play_explorer()
    rows.append(("Zombie: bill and the Zombie's hand size (14 changes)", _timed(
        [_setter(zombie.inputs["dealt"], k) for k in (0, 6, 10, 12)]
        + [_setter(zombie.inputs["bill"], b) for b in (10, 1, 7, 3)]
        + [_setter(zombie.inputs["dealt"], k) for k in (11, 9, 4, 2, 1, 0)])))
    cheese = card_explorer()
    rows.append(("Big Cheese: card value and dice scheme (8 changes)", _timed(
        [_setter(cheese.inputs["card"], c) for c in (2, 4, 12, 8)] + [_setter(cheese.inputs["dice"], "polyhedral")]
        + [_setter(cheese.inputs["card"], c) for c in (20, 6, 10)])))
    bags = jiggle_explorer()
    rows.append(("Moneybags: coins, reading, jiggle noise (8 changes)", _timed(
        [_setter(bags.inputs["held"], h) for h in (20, 40)] + [_setter(bags.inputs["taken"], t) for t in (9, 2)]
        + [_setter(bags.inputs["noise"], n) for n in (0.3, 0.05)]
        + [_setter(bags.inputs["reading"], r) for r in (8, 30)])))
    deal = deal_explorer()
    rows.append(("Zhao Pengyou: players and decks (7 changes)", _timed(
        [_setter(deal.inputs["players"], p) for p in (5, 6, 7)] + [_setter(deal.inputs["decks"], 2)]
        + [_setter(deal.inputs["players"], p) for p in (6, 5, 4)])))
    cambio = threshold_explorer()
    rows.append(("Cambio: threshold and the grid (8 changes)", _timed(
        [_setter(cambio.inputs["threshold"], t) for t in (0, 10, 18)]
        + [_setter(cambio.inputs["unknown"], u) for u in (0, 1)]
        + [_setter(cambio.inputs["known"], "")] + [_setter(cambio.inputs["unknown"], u) for u in (4, 3)])))
    purse = purse_explorer()
    rows.append(("Diminishing Returns: small purses (6 changes)", _timed(
        [_setter(purse.inputs["purse"], p) for p in ("5 3 1", "10 7 5 3 1", "7 5 5 3 1 1", "10 7 5 5 3 3 1 1",
                                                       "10 10 7 7 1 1", "3 1")])))
    boxes = list(composition_explorer().inputs.values())
    rows.append(("CHA-CHING: deck composition (8 changes)", _timed(
        [_setter(boxes[i % len(boxes)], 15 + (i % 3) * 5 - 3) for i in range(8)])))
    boneyard = ClassExplorer()
    changes = []
    for players, bids in ((3, "1 3 5 5 7 10"), (5, "2 2 4 6 8 8 13 16"), (6, "1 1 1 1 26"), (4, "5 5 5 5 6 7 8")):
        def change(players: int = players, bids: str = bids) -> None:
            boneyard.w_players.value = players
            boneyard.w_bids.value = bids
            boneyard.update()
        changes.append(change)
    rows.append(("Boneyard: class bids and table size (4 analyses)", _timed(changes)))
    return rows


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    out = []
    for what, times in _explorer_rows():
        worst = max(times)
        out.append(("explorer", f"{what}: redraw median / worst",
                    f"{statistics.median(times):.0f} / {worst:.0f} ms ({worst / BUDGET_MS:.2f} of budget)",
                    f"≤ {BUDGET_MS:.0f} ms"))
    return out
