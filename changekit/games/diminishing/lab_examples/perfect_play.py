# Perfect play with two players, from the kit's exact solution.
#
# Money is face up, so the position is all in the view. table.solve_if_quick says whether the
# player to move wins against any defence, and which moves keep the win (it returns None when
# the position would take too long to solve now). In a won position play a winning move; in a
# lost one keep as much money as you can and hope for a mistake. The lab's exact comparison
# should find that every won position stayed won.
from changekit.games.diminishing.rules import kept
from changekit.games.diminishing.table import solve_if_quick


def choose(view, legal, rng):
    me = view["you"]
    rivals = [p for p in range(len(view["hands"])) if p != me and not view["out"][p]]
    if len(rivals) == 1:
        solved = solve_if_quick(view["hands"][me], view["hands"][rivals[0]], view["pot"])
        if solved is not None and solved.winning_moves:
            return solved.winning_moves[0].action
    return max(legal, key=kept)  # kept(move): money back minus money played (never positive)
