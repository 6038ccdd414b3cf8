"""Charts of a lab run (plotly, imported only when a chart is drawn): results stay data."""
from __future__ import annotations

from typing import Any, Sequence

from changekit.stats.tournaments import win_rate_figure


def standings_figure(rows: Sequence[dict[str, Any]], *, title: str) -> Any:
    """Win rate of every entry with its 95 % interval (over deals, as the standings give it), best first, the
    fair share dotted."""
    shown = [{"bot": row["entry"], "win_rate": row["win_rate"], "low": row["low"], "high": row["high"],
              "mean_points": row.get("mean_score")} for row in rows]
    return win_rate_figure(shown, title=title)


def payoff_figure(matrix: Sequence[Sequence[float | None]], names: Sequence[str], *, title: str) -> Any:
    """The payoff matrix as a heat map: row entry's mean score in games with the column entry."""
    import plotly.graph_objects as go  # plotly only for the chart

    from changekit.ui.theme import style

    fig = go.Figure(go.Heatmap(z=[list(row) for row in matrix], x=list(names), y=list(names), colorscale="RdBu",
                               hovertemplate="%{y} with %{x} at the table: mean score %{z:.2f}<extra></extra>",
                               colorbar={"title": "mean score"}))
    style(fig, title=title, x="at the table with", y="entry", height=max(380, 24 * len(names) + 160))
    fig.update_yaxes(autorange="reversed")
    return fig
