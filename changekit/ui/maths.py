"""Closed forms shown as mathematics beside the number they produce (issue 17 §5).

Each game's ``analysis`` derives a closed form with sympy and returns a :class:`ClosedForm`; this
module renders it with ``ipywidgets.HTMLMath`` (MathJax, ``$$ … $$``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.markup import escape

if TYPE_CHECKING:
    import ipywidgets


@dataclass(frozen=True)
class ClosedForm:
    """``name = general = substituted = value``: a formula in symbols, the same with the numbers
    put in, and the exact value (a sympy number); ``text`` says in words what it is."""

    text: str
    name: str
    general: Any
    substituted: Any
    value: Any
    steps: tuple[tuple[str, Any], ...] = field(default=())
    #: for an equation: the unknown it is solved for (then the value follows "⇒ unknown =")
    solves: str = ""

    def latex(self) -> str:
        import sympy  # sympy is heavy (0.2 s): only when a closed form is drawn

        value = sympy.nsimplify(self.value) if not isinstance(self.value, sympy.Basic) else self.value
        decimal = f" \\approx {float(value):.4g}" if not value.is_Integer else ""
        parts = [self.name, sympy.latex(self.general)] if self.name else [sympy.latex(self.general)]
        if self.substituted is not None:
            parts.append(sympy.latex(self.substituted, mul_symbol="times"))
        if self.solves:
            return " = ".join(parts) + rf" \quad\Rightarrow\quad {self.solves} = " + sympy.latex(value) + decimal
        parts.append(sympy.latex(value) + decimal)
        return " = ".join(parts)

    def html(self) -> str:
        import sympy  # sympy is heavy (0.2 s): only when a closed form is drawn

        def words(text: str) -> str:  # a dollar in the words is money, not mathematics
            return escape(text).replace("$", r"\$")

        steps = "".join(f"<p>{words(label)}: $${sympy.latex(expr)}$$</p>" for label, expr in self.steps)
        return f"<div class='ck-closed-form'><p>{words(self.text)}</p>{steps}$${self.latex()}$$</div>"

    def widget(self) -> ipywidgets.HTMLMath:
        import ipywidgets as w  # widgets only for the notebook: the analyses build ClosedForms without them

        return w.HTMLMath(self.html())

    def _ipython_display_(self) -> None:
        from IPython.display import display  # IPython only when a notebook displays it

        display(self.widget())
