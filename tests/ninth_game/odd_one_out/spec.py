from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import OddOneOut

SPEC = GameSpec(game=OddOneOut, bots=BOTS, default_bot="contrarian", app=Ref(f"{__package__}.app", "OddOneOutApp"),
                short_options={"rounds": 3}, questions=Ref(f"{__package__}.questions", "QUESTIONS"),
                facts=Ref(f"{__package__}.facts", "FACTS"),
                notebook=None)  # its lesson is its questions: no page among the kit's notebooks
