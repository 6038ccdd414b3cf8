"""changekit: eight small money and card games for teaching probability and strategy."""
import os as _os

from .registry import all_games, load_game

if _os.environ.get("CHANGEKIT_PLOTLY_JS"):  # a kernel of the kit's own server: see ui/charts.py
    from .ui.charts import install as _install_charts

    _install_charts()

__version__ = "0.1.0"
__all__ = ["all_games", "load_game", "__version__"]
