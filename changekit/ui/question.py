"""Predict first, then check: a question whose answer is computed and shown only after the
student has committed a prediction.

In Voila a student cannot hide a cell, so an answer printed at page load is read before anyone
guesses. A :class:`Question` keeps the answer and its reading out of the page (they are not even
computed) until **Check** is pressed, and **Check** stays disabled until a prediction is locked in.

>>> q = Question("demo.q1", "Which is bigger?", choices=["2", "3"],
...              answer=lambda: "<b>3</b>", reading="Three is one more than two.")
>>> q.check_button.disabled, q.prediction
(True, None)
>>> q.predict("3")
>>> q.check_button.disabled, q.prediction
(False, '3')
>>> q.check()
>>> "Three is one more" in q.reading_html.value
True
"""
from __future__ import annotations

import re
import time
import traceback
import weakref
from typing import Any, Callable, ClassVar, Sequence

import ipywidgets as w
from IPython.display import display

from changekit.core.errors import ChangekitError
from changekit.core.questions import QUESTION_ID, KitAnswer, LessonQuestion, answer_parts

__all__ = ["Question", "answer_parts", "judge", "readable_fractions", "reading_to_html", "right_words"]

from .drawn_questions import DRAWN, ON_CREATE
from .app import button, show_figure
from .charts import ChartBox
from .in_order import SentInOrder
from .live_region import LiveRegion
from ..core.markup import escape, exact_html

_INLINE = [  # the little markdown a reading uses: **bold**, *italic*, `code`
    (re.compile(r"\*\*(.+?)\*\*", re.S), r"<b>\1</b>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S), r"<i>\1</i>"),
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
]


#: a fraction too long to read (either part of five digits or more), as analyses print them
_LONG_FRACTION = re.compile(r"(?<![\w./])(-?\d+)/(\d+)(?![\w/])")


def readable_fractions(html: str) -> str:
    """Long fractions (``8016396331585/7697529135296``) as decimals, the exact fraction a click
    away (:func:`~changekit.core.markup.exact_html`); short ones (``37/25``, ``1/3``: often the
    lesson itself) stay as they are.

    >>> shown = readable_fractions("<td>8016396331585/7697529135296</td> and 1/3")
    >>> ">1.04142</summary> (exactly 8016396331585/7697529135296)</details></td> and 1/3" in shown
    True
    """
    def decimal(match: re.Match[str]) -> str:
        top, bottom = int(match.group(1)), int(match.group(2))
        return match.group(0) if bottom == 0 else exact_html(top, bottom, None)

    return _LONG_FRACTION.sub(decimal, html)


def reading_to_html(text: str) -> str:
    """A reading written like the notebook's markdown (paragraphs, ``**bold**``, ``*italic*``,
    backticks) as HTML. HTML tags in the text pass through.

    >>> reading_to_html("A *small* bill.\\n\\nThe `$1` **wins**.")
    '<p>A <i>small</i> bill.</p><p>The <code>$1</code> <b>wins</b>.</p>'
    """
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    html = []
    for paragraph in paragraphs:
        for pattern, replacement in _INLINE:
            paragraph = pattern.sub(replacement, paragraph)
        html.append(f"<p>{' '.join(paragraph.split())}</p>")
    return "".join(html)


#: a question's status line, a live region (as the apps' status line): what it says next is read out
STATUS_LINE = '<div class="ck-question-status">{}</div>'
#: why Lock in and Check are still disabled, said in words on the page (a phone shows no tooltip)
BEFORE_CHOICE = "<i>Pick your prediction, then press <b>Lock in</b>; <b>Check</b> opens after that.</i>"
BEFORE_NUMBER = "<i>Type your prediction, then press <b>Lock in</b>; <b>Check</b> opens after that.</i>"


def judge(right: Any, value: Any) -> bool | None:
    """Whether ``value`` is right by ``right``, a marked right answer as the class store keeps it
    (``{"choices": [...]}``: right if it shows as one of them; ``{"range": [low, high]}``: right
    inside it, ends included), None when nothing is marked. The same rule as the teacher's share
    right (:func:`changekit.classroom.report.is_right`), which this layer cannot import.

    >>> judge({"choices": ["$1"]}, "$1"), judge({"range": [40, 50]}, 51), judge(None, 3)
    (True, False, None)
    """
    if not isinstance(right, dict):
        return None
    if isinstance(right.get("choices"), list):
        return str(value) in {str(c) for c in right["choices"]}
    bounds = right.get("range")
    if isinstance(bounds, list) and len(bounds) == 2:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return False
        try:
            number = float(str(value).replace(",", "."))
        except ValueError:
            return False
        return float(bounds[0]) <= number <= float(bounds[1])
    return None


def right_words(right: Any, unit: str = "") -> str | None:
    """The marked right answer in words (plain text): ``$1``, ``$1 or $3``, ``45``, ``40 to 50 %``;
    None when nothing is marked.

    >>> right_words({"choices": ["$1", "$3"]}), right_words({"range": [40, 50]}, "%"), right_words({"range": [7, 7]})
    ('$1 or $3', '40 to 50 %', '7')
    """
    if not isinstance(right, dict):
        return None
    if isinstance(right.get("choices"), list) and right["choices"]:
        return " or ".join(Question.shown(c) for c in right["choices"])
    bounds = right.get("range")
    if isinstance(bounds, list) and len(bounds) == 2:
        low, high = (Question.shown(float(b)) for b in bounds)
        return (low if low == high else f"{low} to {high}") + (f" {unit}" if unit else "")
    return None


class Question:
    """A predict-then-check question with a stable ``qid`` (e.g. ``"zombie.q1"``).

    The prediction is one of ``choices`` (buttons), a ``number`` in ``(low, high)`` (a box), or a
    ``slider`` ``(low, high, step)``; ``unit`` labels a number. **Lock in my prediction** commits it
    (then it cannot change) and enables **Check**. **Check** calls ``answer()`` and shows what it
    returns: a figure, an HTML string, a widget, or a list of those; then the ``reading`` (markdown-like
    text, see :func:`reading_to_html`). If ``answer`` takes a ``progress`` argument it is passed a
    function to call with the fraction done (0..1), which moves the progress bar.

    Hooks for a class session: ``on_predict`` and ``on_check`` are lists of callables, called with
    the question after a prediction is locked in and after the answer is shown; every new question
    is passed to each callable in ``Question.on_create``. :meth:`show_class_chart` puts the class's
    predictions under the question (empty outside a class).

    A lesson's questions are data (:mod:`changekit.core.questions`): :meth:`of` draws one. A class
    poll steers a question only through :meth:`say`, :meth:`hold_until_reveal`, :meth:`release`,
    :meth:`refuse` and :meth:`vote_only`.
    """

    on_create: ClassVar[list[Callable[["Question"], object]]] = ON_CREATE
    #: The questions drawn on this page (one kernel per page), by id: what must wait for a
    #: prediction (:class:`~changekit.ui.explorer.AfterPredictions`, a game's hint box) finds its
    #: questions here (:mod:`~changekit.ui.drawn_questions`, which the app frame reads too).
    drawn: ClassVar["weakref.WeakValueDictionary[str, Question]"] = DRAWN

    def __init__(self, qid: str, text: str, *, answer: Callable[..., Any], reading: str = "",
                 choices: Sequence[Any] | None = None, number: tuple[float, float] | None = None,
                 slider: tuple[float, float, float] | None = None, unit: str = "") -> None:
        if not isinstance(qid, str) or not QUESTION_ID.fullmatch(qid):
            raise ChangekitError(f"a question id is lower-case words joined by dots, like 'zombie.q1': got {qid!r}")
        kinds = [k for k, v in (("choices", choices), ("number", number), ("slider", slider)) if v is not None]
        if len(kinds) != 1:
            raise ChangekitError(f"question {qid!r} needs exactly one way to predict (choices, number or slider): "
                                 f"got {kinds or 'none'}")
        if not callable(answer):
            raise ChangekitError(f"question {qid!r}: answer must be a function computing the result, got {answer!r}")
        self.qid, self.text, self.reading = qid, text, reading
        self._answer = answer
        self.kind = kinds[0]
        self.prediction: Any = None
        self.checked = False
        self.held: str | None = None  # why Lock in refuses for now (a class poll paused), else None
        # a class poll's Check waits for the teacher's reveal: Lock in does not open it, even for a
        # moment (the page would draw an open Check, then a shut one)
        self.awaits_reveal = False
        self.unit = unit
        self.right: Any = None  # the right answer a teacher marked ({"choices": [...]} or {"range": [...]})
        self.answer_text = ""  # what the answer is, in words, when no right answer is marked (plain text)
        self.exact = ""  # the kit's own right answer in a sentence, where it is what judges (plain text)
        # the lesson's own right answer (a KitAnswer), used by Check where no teacher marked one
        self.kit_answer: Callable[[], KitAnswer | None] | None = None
        self.on_predict: list[Callable[[Question], None]] = []
        self.on_check: list[Callable[[Question], None]] = []
        self.confidence_input: w.ToggleButtons | None = None  # a class poll's "how sure?" (ask_confidence)
        self.input = self._make_input(choices, number, slider, unit)
        self.lock_button = button("Lock in my prediction", self._lock, style="warning")
        self.lock_button.disabled = True  # nothing chosen or typed yet
        self.check_button = button("Check", self.check, style="success",
                                   tooltip="Show the exact answer (lock in a prediction first)")
        self.check_button.disabled = True
        # a region from the start (every change is read out), saying at once why Lock in and Check wait
        self.status = LiveRegion(value=STATUS_LINE.format(BEFORE_CHOICE if choices is not None else BEFORE_NUMBER))
        self.progress = w.FloatProgress(value=0, min=0, max=1, description="Computing…",
                                        bar_style="info", layout=w.Layout(display="none"))
        self.answer_box = w.VBox()  # empty until Check: the answer is not in the page before
        self.reading_html = w.HTML()  # filled on Check, and only then put into the page
        self.class_chart = ChartBox()  # a class poll's chart of the class's predictions, once revealed
        self.class_box = self.class_chart.widget
        # what is typed or tapped reaches the kernel before the Lock in that follows it
        self.in_order = SentInOrder(root=".ck-question-box")
        self.in_order.follow(self.input, "answer")
        self.widget = w.VBox(
            [w.HTML(f'<div class="ck-question" id="{escape(qid)}">{reading_to_html(text)}</div>'),
             w.HBox([self.input, self.lock_button], layout=w.Layout(flex_flow="row wrap", align_items="flex-end")),
             w.HBox([self.check_button, self.status], layout=w.Layout(align_items="center")),
             self.progress, self.answer_box, self.class_box, self.in_order],
            layout=w.Layout(border="1px solid #ccc", padding="6px 10px", margin="8px 0"))
        self.widget.add_class("ck-question-box")
        Question.drawn[qid] = self
        for hook in self.on_create:
            hook(self)

    @classmethod
    def of(cls, question: LessonQuestion) -> "Question":
        """The page's question for a lesson's question (its text, way of answering, answer, reading)."""
        if not isinstance(question, LessonQuestion):
            raise ChangekitError(f"Question.of draws a LessonQuestion, not {question!r}")
        if question.answer is None:
            raise ChangekitError(f"question {question.qid!r} has no answer to check")
        drawn = cls(question.qid, question.text, answer=question.answer, reading=question.reading, **question.how)
        if question.right is not None:
            drawn.kit_answer = question.kit_answer
        return drawn

    def _make_input(self, choices: Sequence[Any] | None, number: tuple[float, float] | None,
                    slider: tuple[float, float, float] | None, unit: str) -> w.Widget:
        if choices is not None:
            choices = list(choices)
            if len(choices) < 2:
                raise ChangekitError(f"question {self.qid!r} needs at least two choices, got {choices!r}")
            widget = w.ToggleButtons(options=[(str(c), c) for c in choices], value=None, description="My guess:",
                                     style={"button_width": "auto"})
            widget.observe(lambda change: setattr(self.lock_button, "disabled",
                                                  change["new"] is None or self.prediction is not None),
                           names="value")
            return widget
        guess = f"My guess{' (' + unit + ')' if unit else ''}"
        # a box that starts empty: a student does not lock in a number they never typed (a box that
        # opened at its lowest value had Lock in ready, and one tap locked in 0); a range with a step
        # is such a box too, because an ipywidgets slider's handle has no accessible name (axe:
        # aria-input-field-name), as elsewhere in the kit
        if number is not None:
            (low, high), step, label, width = number, None, f"{guess}:", "260px"
        else:
            assert slider is not None, "__init__ checked that exactly one way to predict is given"
            (low, high, step), label, width = slider, f"{guess}, {slider[0]:g} to {slider[1]:g}:", "320px"
        self._range = (low, high)
        widget = w.Text(value="", placeholder=f"{low:g} to {high:g}", description=label,
                        style={"description_width": "initial"}, layout=w.Layout(width=width))
        widget.min, widget.max = low, high  # as a bounded box has them (not sent to the browser)
        if step is not None:
            widget.step = step
        widget.observe(lambda change: self._typed(), names="value")
        return widget

    # ---- predicting ----------------------------------------------------------------------
    def _number(self) -> float | None:
        """The number typed in a number question's box (None if empty or not a number in range)."""
        text = str(self.input.value).strip().replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            return None
        low, high = self._range
        return value if low <= value <= high else None

    def _typed(self) -> None:
        if self.prediction is not None:
            return
        typed = str(self.input.value).strip()
        value = self._number()
        self.lock_button.disabled = value is None
        low, high = self._range
        self.say(BEFORE_NUMBER if not typed or value is not None else f"<i>Type a number from {low:g} to {high:g}.</i>")

    def hold(self, reason: str | None) -> None:
        """Refuse Lock in for now, saying ``reason`` (plain text) on the question, or (None) take
        predictions again. A class poll's pause: the refusal is the kernel's, not only a greyed
        button (a click can come over the websocket whatever the browser shows)."""
        if reason == self.held:
            return
        self.held = reason
        if self.prediction is not None:
            return
        self.input.disabled = reason is not None
        if reason is not None:
            self.lock_button.disabled = True
            self.say(f'<i class="ck-held">{escape(reason)}</i>')
            return
        self.say(BEFORE_CHOICE if self.kind == "choices" else BEFORE_NUMBER)
        self.lock_button.disabled = self.input.value is None if self.kind == "choices" else self._number() is None

    def predict(self, value: Any, confidence: str | None = None) -> None:
        """Lock in ``value`` as the prediction (what the Lock button does with the input's value),
        with ``confidence`` where the question asks how sure (:meth:`ask_confidence`)."""
        if self.held is not None:
            raise ChangekitError(f"question {self.qid!r}: {self.held}")
        if self.prediction is not None:
            raise ChangekitError(f"question {self.qid!r}: the prediction is already locked in ({self.prediction!r})")
        if self.confidence_input is not None and confidence is not None:
            try:
                self.confidence_input.value = confidence
            except Exception as exc:  # a traitlets error names the widget, not the question
                raise ChangekitError(f"question {self.qid!r}: {confidence!r} is not one of "
                                     f"{list(self.confidence_input.options)}") from exc
        if self.kind != "choices":  # a number typed into the box
            number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
            low, high = self._range
            if number is None or not low <= number <= high:
                raise ChangekitError(f"question {self.qid!r}: {value!r} is outside the allowed range "
                                     f"{low:g}..{high:g}")
            self.input.value = f"{number:g}" if float(f"{number:g}") == number else repr(float(number))
            self._lock()
            return
        try:
            self.input.value = value
        except Exception as exc:  # a traitlets error names the widget, not the question
            raise ChangekitError(f"question {self.qid!r}: {value!r} is not a possible prediction") from exc
        self._lock()

    def _lock(self) -> None:
        if self.held is not None and self.prediction is None:
            self.say(f'<i class="ck-held">{escape(self.held)}</i>')
            return
        if self.prediction is not None or self.input.value is None or self.input.disabled:
            return  # (a disabled input's value can still come from a script: refused)
        if self.kind != "choices":
            number = self._number()
            if number is None:
                self._typed()
                return
            self.prediction = number
        else:
            self.prediction = self.input.value
        self.input.disabled = self.lock_button.disabled = True
        if self.confidence_input is not None:
            self.confidence_input.disabled = True
        if self.kind == "choices":  # the chosen answer marked clearly, not only by a faint shade
            chosen = self.prediction
            self.input.options = [(f"✔ {label}" if value == chosen else label, value)
                                  for label, value in self.input.options]
            self.input.value = chosen
            self.input.add_class("ck-locked")
        if not self.awaits_reveal:  # else what comes next is the class poll's to say (on_predict)
            self.check_button.disabled = False
            self.say(f"<i>Your prediction: <b>{escape(self.shown(self.prediction))}</b>. Now press Check.</i>")
        for hook in self.on_predict:
            hook(self)

    def ask_confidence(self, levels: Sequence[str], label: str = "How sure are you?") -> None:
        """Ask, with the prediction, how sure the student is (a class poll): one tap on one of
        ``levels``, a row under the answer, locked with the prediction. Asked, not forced: a vote
        locked in without a tap goes in as "not said" (a page must never stop a student voting)."""
        if self.confidence_input is not None:
            return
        row = w.ToggleButtons(options=list(levels), value=None, description=label,
                              style={"button_width": "auto", "description_width": "initial"})
        row.add_class("ck-confidence")
        self.in_order.follow(row, "confidence")
        children = list(self.widget.children)
        children.insert(2, row)  # under the answer's row, above Check
        self.widget.children = children
        self.confidence_input = row

    @property
    def confidence(self) -> str | None:
        """How sure the student said they are (None: not asked, or not yet tapped)."""
        return None if self.confidence_input is None else self.confidence_input.value

    @staticmethod
    def shown(value: Any) -> str:
        """A prediction as the page writes it (``0.5``, not ``0.5000``)."""
        return f"{value:g}" if isinstance(value, float) else str(value)

    # ---- steered by a class poll -------------------------------------------------------------
    def say(self, html: str) -> None:
        """Put ``html`` (the caller escapes what it quotes) on the question's status line, a live
        region: a screen reader says the reveal, the answer and every refusal as they come."""
        self.status.value = STATUS_LINE.format(html)

    @property
    def said(self) -> str:
        """What the status line says now (the HTML given to :meth:`say`)."""
        value = self.status.value
        head, tail = STATUS_LINE.split("{}")
        return value[len(head):-len(tail)] if value.startswith(head) and value.endswith(tail) else value

    def hold_until_reveal(self, html: str | None = None) -> None:
        """Keep Check shut (the class waits for the teacher's reveal), through Lock in too, saying
        ``html`` if given."""
        self.awaits_reveal = True
        self.check_button.disabled = True
        if html is not None:
            self.say(html)

    def release(self, html: str | None = None) -> None:
        """Open Check again (the answer is out), saying ``html`` if given; before a prediction is
        locked in, or once checked, Check stays as it is."""
        self.awaits_reveal = False
        if self.prediction is not None and not self.checked:
            self.check_button.disabled = False
        if html is not None:
            self.say(html)

    def refuse(self, reason: str) -> None:
        """Take no prediction from now on, saying ``reason`` (plain text): a closed poll. A
        prediction already locked in stays."""
        if self.prediction is not None:
            return
        self.input.disabled = self.lock_button.disabled = True
        self.say(f"<i>{escape(reason)}</i>")

    def vote_only(self, lock_label: str) -> None:
        """A vote with no Check of its own (a revote: its answer is the first vote's): Lock in
        says ``lock_label``, Check is hidden."""
        self.lock_button.description = self.lock_button.tooltip = lock_label
        self.check_button.layout.display = "none"
        if self.prediction is None and self.held is None:
            self.say(f"<i>{'Pick' if self.kind == 'choices' else 'Type'} your vote, then press "
                     f"<b>{escape(lock_label)}</b>.</i>")

    # ---- checking ------------------------------------------------------------------------
    def check(self) -> None:
        """Compute the answer and show it with the reading (refused before a prediction)."""
        if self.prediction is None:
            raise ChangekitError(f"question {self.qid!r}: lock in a prediction before checking the answer")
        if self.checked:
            return
        self.check_button.disabled = True
        self.progress.value = 0
        self.progress.layout.display = None
        before, self._started = self.status.value, time.perf_counter()
        try:
            results = self.answer_parts(self._advance)
        except Exception as exc:  # show the failure in the page: a silent button teaches nothing
            self.progress.layout.display = "none"
            self.status.value = before
            last = traceback.extract_tb(exc.__traceback__)[-1]
            self.answer_box.children = [w.HTML(
                f'<div class="ck-error" role="alert" style="color:#b00020">Could not compute the answer: '
                f"<b>{escape(type(exc).__name__)}: {escape(str(exc))}</b> "
                f"(in {escape(last.name)}, line {last.lineno}). Press Check to try again.</div>")]
            self.check_button.disabled = False
            return
        self.progress.layout.display = "none"
        parts = [self.part_widget(r) for r in results]
        if self.reading:
            self.reading_html.value = f'<div class="ck-reading"><b>Reading.</b> {reading_to_html(self.reading)}</div>'
            parts.append(self.reading_html)
        self.answer_box.children = parts
        self.checked = True
        if self.right is None and not self.answer_text and self.kit_answer is not None:
            kit = self.kit_answer()  # no teacher's mark (a student alone): the lesson's own answer judges
            if kit is not None:
                self.right, self.exact = kit.correct, kit.exact
        self.say(self.verdict_html())
        for hook in self.on_check:
            hook(self)

    def mark_right(self, right: Any, answer_text: str = "", *, exact: str = "") -> None:
        """The right answer, once the class may know it (a teacher's reveal): ``right`` as the
        class store keeps it (see :func:`judge`), or None with ``answer_text`` saying what the
        answer is when it has no right or wrong; ``exact``, where the mark is the kit's own answer,
        says that answer in a sentence. A Check already made says it at once."""
        if (right, answer_text, exact) == (self.right, self.answer_text, self.exact):
            return
        self.right, self.answer_text, self.exact = right, answer_text, exact
        if self.checked:
            self.say(self.verdict_html())

    def verdict_html(self, value: Any = None, *, whose: str = "prediction") -> str:
        """What Check says of ``value`` (the prediction by default): right or not and what the
        answer is, where a right answer is marked; else the prediction and what the answer is."""
        value = self.prediction if value is None else value
        mine = escape(self.shown(value))
        verdict, words = judge(self.right, value), self.exact or right_words(self.right, self.unit)
        if verdict is not None:
            said = ('<b class="ck-right">✔ Right.</b>' if verdict else '<b class="ck-wrong">✘ Not right.</b>')
            return f"{said} The answer is <b>{escape(words or '')}</b>; your {whose} was <b>{mine}</b>."
        if self.answer_text:
            return (f"Your {whose} was <b>{mine}</b>. The answer: <b>{escape(self.answer_text)}</b> "
                    "(no single right or wrong here: read why below).")
        return f"Your {whose} was <b>{mine}</b>. The exact answer is below: compare it with yours."

    def answer_parts(self, progress: Callable[[float], None] | None = None) -> list[Any]:
        """Compute what Check shows (see :func:`answer_parts`), without showing it."""
        return answer_parts(self._answer, progress)

    def _advance(self, fraction: float) -> None:
        """Move the bar, and say how long the rest will take (a tournament runs for many seconds:
        an estimate from the pace so far, once there is a pace to go by)."""
        done = self.progress.value = min(max(float(fraction), 0.0), 1.0)
        elapsed = time.perf_counter() - self._started
        if done >= 1 or done < 0.02 or elapsed < 0.5:
            return
        left = round(elapsed * (1 - done) / done)
        text = f"<i>Computing: {done:.0%} done, about {left} s left.</i>"
        if self.said != text:  # sent only when the words change
            self.say(text)

    def show_class_chart(self, figure: Any) -> None:
        """Show (or redraw in place) the class's predictions under the question: a class poll's
        page calls it once the teacher reveals the answer."""
        self.class_chart.show(figure)

    @staticmethod
    def part_widget(result: Any) -> w.Widget:
        """One part of an answer (an HTML string, a figure, a widget) as the widget Check shows."""
        if isinstance(result, str):
            return w.HTML(readable_fractions(result))
        # A plotly FigureWidget is a widget too, but one made in a callback never draws in Voila:
        # figures go through show_figure, like every figure shown from a callback.
        if isinstance(result, w.Widget) and not _is_figure(result):
            return result
        out = w.Output()
        show_figure(out, result)
        return out

    def _ipython_display_(self) -> None:
        display(self.widget)


def _is_figure(result: Any) -> bool:
    from plotly.basedatatypes import BaseFigure  # plotly only once an answer is shown

    return isinstance(result, BaseFigure)
