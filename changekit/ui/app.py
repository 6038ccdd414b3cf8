"""The frame every game's app shares: seats and bots, new game / undo, status, scoreboard,
log, hints, hot-seat privacy screen. A game's ``app.py`` subclasses :class:`GameApp`, makes its
widgets once in :meth:`GameApp.build`, draws its table and controls in :meth:`GameApp.draw`,
forgets a half-made choice in :meth:`GameApp.reset_input`, and may put extra settings in the
``w_extra`` slot; it does not override the frame's ``new_game``, ``act`` or ``undo`` (nor ``__init__``,
beyond taking arguments of its own). docs/game-shape.md has the whole shape.
"""
from __future__ import annotations

import functools
import gc
import os
import random
import threading
import time
from typing import Any, Callable, ClassVar, NamedTuple, Sequence
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets
from IPython.display import display

from changekit.core import Bot, ChangekitError, Game, State
from changekit.core.checks import is_flag, shown, whole
from changekit.core.errors import ClassroomError, InvalidArgument
from changekit.core.questions import QUESTION_ID, which_questions
from changekit.core.state import check_player_count
from changekit.core.table import LocalTable, Table
from changekit.core.words import possessive, winners_text
from changekit.core.markup import Html, html, join
from changekit.ui.drawn_questions import DRAWN, ON_CREATE
from changekit.ui.live_region import LiveRegion

HUMAN = "human"
CSS = """
<style>
.ck-app { font-family: system-ui, sans-serif; max-width: 980px; }
.ck-log { max-height: 220px; overflow-y: auto; border: 1px solid #ccc; padding: 4px 8px; background: #fafafa; }
/* numbers inside the line: in the left padding, a number of 100 or more was cut off */
.ck-log ol { margin: 0; padding-left: 0.2em; list-style-position: inside; } .ck-log li { margin: 1px 0; }
.ck-score table { border-collapse: collapse; }
.ck-score td, .ck-score th { padding: 2px 10px; border-bottom: 1px solid #ddd; }
.ck-score tr.ck-turn { background: #fff3cd; font-weight: bold; }
.ck-status { font-size: 1.1em; padding: 4px 0; }
.ck-hint { color: #1d4e89; }
.ck-sr { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
.ck-log:focus-visible { outline: 2px solid #1d4e89; outline-offset: 1px; }
/* JupyterLab's warning/success/info button colours give white text < 4.5:1 contrast (WCAG AA): darken them */
.jupyter-button.ck-btn.mod-warning { background-color: #b45309; color: #fff; }
.jupyter-button.ck-btn.mod-success { background-color: #2e7d32; color: #fff; }
.jupyter-button.ck-btn.mod-info { background-color: #006f7a; color: #fff; }
.jupyter-button.ck-btn.mod-warning:active, .jupyter-button.ck-btn.mod-warning.mod-active { background-color: #92400e; }
.jupyter-button.ck-btn.mod-success:active, .jupyter-button.ck-btn.mod-success.mod-active { background-color: #1b5e20; }
.jupyter-button.ck-btn.mod-info:active, .jupyter-button.ck-btn.mod-info.mod-active { background-color: #00555e; }
/* a disabled button looks it, whatever its colour (a faded colour read as enabled on a phone): hollow, with a
   dashed edge, its words still 6.7:1; the page says in words why it waits (a phone shows no tooltip) */
.jupyter-widgets.jupyter-button.ck-btn:disabled { background-color: #fafafa; color: #595959; opacity: 1;
  border: 1px dashed #6e6e6e; box-shadow: none; cursor: not-allowed; }
/* a choice locked in or refused looks disabled too (faded to 0.6 its words fell to 3.9:1); the chosen one
   stays marked, dark with its tick */
.widget-toggle-buttons .jupyter-button.widget-toggle-button:disabled,
.jupyter-widgets.jupyter-button.widget-toggle-button:disabled { background-color: #ececec; color: #4a4a4a;
  opacity: 1; border: 1px dashed #7a7a7a; box-shadow: none; cursor: not-allowed; }
.widget-toggle-buttons .jupyter-button.widget-toggle-button.mod-active:disabled,
.jupyter-widgets.jupyter-button.widget-toggle-button.mod-active:disabled { background-color: #1d4e89; color: #fff;
  border-style: solid; }
/* the student's way to the strategy lab: a link the size of a button */
a.ck-lab-link { display: inline-flex; align-items: center; min-height: 44px; padding: 0 14px; margin: 2px 0;
  border-radius: 4px; background: #1d4e89; color: #fff; font-weight: bold; text-decoration: none; }
a.ck-lab-link:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
.ck-right { color: #1b5e20; } .ck-wrong { color: #b3261e; }
/* the lab's code box is the box's whole width: its margins ran 2 px past a phone's screen */
.ck-lab .ck-code { margin-left: 0; margin-right: 0; box-sizing: border-box; }
/* set-up row: a "Game settings" button opens it on narrow screens (it filled a phone's first screen) */
.ck-setup-toggle { display: none !important; }
/* a student's rejoin link is one long word: it breaks anywhere rather than run off a phone's screen */
.ck-rejoin-link { overflow-wrap: anywhere; word-break: break-all; }
/* WCAG 1.4.11: a field's edge and every control's focus ring at 3:1 or more against the page (JupyterLab's
   #bdbdbd edge was 1.9:1 and its #64b5f6 ring 2.1:1 on white; the fields had no ring at all) */
.jupyter-widgets input[type=text], .jupyter-widgets input[type=number], .jupyter-widgets textarea,
.jupyter-widgets select { border-color: #767676; }
/* (important: JupyterLab's own rings, .jupyter-button:focus:enabled and the fields' :focus, are more specific) */
.jupyter-widgets button:focus-visible, .jupyter-widgets input:focus-visible, .jupyter-widgets select:focus-visible,
.jupyter-widgets textarea:focus-visible { outline: 3px solid #1d4e89 !important; outline-offset: 1px !important; }
/* a choice that is picked is told from the others by more than a light grey a shade darker */
.jupyter-widgets.jupyter-button.widget-toggle-button.mod-active:not(:disabled) {
  background-color: #1d4e89; color: #fff; }
/* a folded section's title (Earlier, Start a table yourself): JupyterLab's grey on grey was 4.46:1 */
.jupyter-widget-Collapse-header { color: rgba(0, 0, 0, 0.87); }
/* WCAG 1.4.12 (text spaced wider: letters 0.12em, words 0.16em, lines 1.5) and 1.4.4 (zoom): the words
   of a button or a field's label wrap or widen it, never cut (ipywidgets cut them at a fixed 28 px
   height, a squeezed width or the label's set width) */
.jupyter-widgets.jupyter-button, .widget-toggle-buttons .widget-toggle-button { white-space: normal; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); overflow: visible; text-overflow: clip; flex-shrink: 0; }
.jupyter-widgets .widget-inline-hbox > .widget-label, .widget-inline-hbox > .widget-label {
  height: auto; min-height: var(--jp-widgets-inline-height, 28px); min-width: max-content; }
/* phones (390 and 360 px wide), the apps and the class pages (a student's, the teacher's dashboard, the
   projector view: .ck-class-page): no sideways scrolling, touch targets of at least 44 px, labels that wrap */
@media (max-width: 700px) {
  .ck-app, .ck-class-page { max-width: 100%; }
  .ck-app .widget-hbox, .ck-explorer .widget-hbox, .ck-class-page .widget-hbox { flex-wrap: wrap; max-width: 100%; }
  .ck-app .widget-vbox, .ck-explorer .widget-vbox, .ck-class-page .widget-vbox { max-width: 100%; }
  .ck-setup-toggle { display: inline-flex !important; }
  .ck-setup.ck-collapsed > :not(.ck-setup-toggle) { display: none !important; }
  .jupyter-widgets.jupyter-button, .ck-app .jupyter-button, .ck-explorer .jupyter-button,
  .ck-class-page .jupyter-button {
    min-height: 44px; height: auto; max-width: 100%; white-space: normal; overflow: visible;
    text-overflow: clip; line-height: 1.25; padding-top: 6px; padding-bottom: 6px; }
  /* a choice is tapped too: at least as wide as it is tall */
  .ck-app .widget-toggle-button, .ck-explorer .widget-toggle-button, .ck-class-page .widget-toggle-button {
    min-width: 44px; }
  .ck-app input, .ck-app select, .ck-explorer input, .ck-explorer select,
  .ck-class-page input, .ck-class-page select { min-height: 44px; }
  .ck-app .widget-checkbox, .ck-app .widget-checkbox input,
  .ck-class-page .widget-checkbox, .ck-class-page .widget-checkbox input { min-height: 44px; }
  /* a checkbox is tapped on its words too: the label with the box is the 44 px target, and the box is
     24 px wide (it was 13 px: a finger missed it) */
  .ck-app .widget-checkbox .widget-label-basic, .ck-class-page .widget-checkbox .widget-label-basic {
    display: inline-flex; align-items: center; min-height: 44px; }
  .ck-app .widget-checkbox input[type=checkbox], .ck-class-page .widget-checkbox input[type=checkbox] {
    width: 24px; margin: 0 8px 0 0; }
  /* a folded section's header (Earlier, Start a table yourself) is tapped too */
  .ck-app .jupyter-widget-Collapse-header, .ck-class-page .jupyter-widget-Collapse-header {
    min-height: 44px; display: flex; align-items: center; box-sizing: border-box; }
  /* a checkbox's words wrap under it (a long one was cut with an ellipsis) */
  .ck-app .widget-checkbox, .ck-app .widget-checkbox .widget-label-basic,
  .ck-app .widget-checkbox .widget-label-basic span, .ck-class-page .widget-checkbox,
  .ck-class-page .widget-checkbox .widget-label-basic, .ck-class-page .widget-checkbox .widget-label-basic span {
    height: auto; max-width: 100%; white-space: normal; overflow: visible; text-overflow: clip; }
  /* an explorer's boxes one under the other, each label above its input, as wide as the screen */
  .ck-explorer .widget-gridbox { grid-template-columns: minmax(0, 1fr) !important; }
  .ck-app .widget-inline-hbox, .ck-class-page .widget-inline-hbox { max-width: 100%; min-width: 0; height: auto; }
  .ck-explorer .widget-inline-hbox { flex-wrap: wrap; height: auto; width: 100% !important; max-width: 100%;
    margin-left: 0; margin-right: 0; box-sizing: border-box; }
  .ck-app .widget-inline-hbox .widget-label, .ck-explorer .widget-inline-hbox .widget-label,
  .ck-class-page .widget-inline-hbox .widget-label {
    max-width: 100%; white-space: normal; }
  .ck-explorer .widget-inline-hbox .widget-label { width: 100% !important; }
  .ck-explorer .widget-inline-hbox > input, .ck-explorer .widget-inline-hbox > select,
  .ck-explorer .widget-inline-hbox > .widget-dropdown > select { flex: 1 1 auto; min-width: 0; width: 100%; }
  .ck-app svg { max-width: 100%; height: auto; }
  .ck-app .ck-score table { font-size: 0.95em; }
  .ck-app .ck-score td, .ck-app .ck-score th { padding: 2px 5px; }  /* five columns in 320 px */
  .ck-app table, .ck-class-page table { max-width: 100%; }
  /* a widget's HTML keeps the one-line height of a control between its lines: a paragraph read airy */
  .ck-class-page .widget-html-content { line-height: 1.4; }
}
</style>
"""


_VISITOR_ARRIVED = False
#: set once the visitor's request has reached this pool kernel (see :func:`when_visitor_arrives`)
_VISITOR_EVENT = threading.Event()
_VISITOR_WAITER: threading.Thread | None = None
_VISITOR_CALLBACKS: list[Callable[[], object]] = []


def _in_pool_kernel() -> bool:
    return not _VISITOR_ARRIVED and os.environ.get("VOILA_PREHEAT") == "True"


def _wait_for_request() -> None:
    """Block until Voila hands this pre-started kernel to a visitor, then put the visitor's
    request (address, query string) into ``os.environ``: what ``voila.utils.wait_for_request``
    does, over the same websocket (``VOILA_*`` variables name it), without importing Voila, whose
    server stack (jupyter_server, jsonschema, websockets, yaml, ...) cost every pool page 35 MB."""
    import asyncio  # what only a pool kernel waiting for its visitor needs
    import json
    import logging
    from tornado.websocket import websocket_connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID')}")

    async def request_info() -> str | None:
        try:
            socket = await asyncio.wait_for(websocket_connect(url), 5)
        except Exception as exc:  # refused, timed out, or a tornado HTTP error: no request to wait for
            # the route itself is a secret of the server's (it hands out visitors' addresses): not logged
            logging.getLogger("changekit").warning("a pool kernel could not reach its server: %s",
                                                   type(exc).__name__)
            return None
        try:
            message = await socket.read_message()  # waits for the visitor
            return message if isinstance(message, str) else None
        finally:
            socket.close()

    loop = asyncio.new_event_loop()  # in the waiter thread: no loop runs here
    try:
        info = loop.run_until_complete(request_info())
    finally:
        loop.close()
    for key, value in json.loads(info).items() if info else ():
        os.environ[key] = value


def _visitor_arrived(loop: Any) -> None:
    # in the waiter thread: the request is in (os.environ has its address); callbacks touch
    # widgets, so they run on the kernel's event loop
    global _VISITOR_ARRIVED
    _wait_for_request()
    _VISITOR_ARRIVED = True
    _VISITOR_EVENT.set()
    for callback in _VISITOR_CALLBACKS:
        loop.call_soon_threadsafe(callback)
    _VISITOR_CALLBACKS.clear()


def kernel_loop() -> Any:
    """The running event loop when this code runs inside one of its tasks (a button's callback on a
    kernel's loop), else None: in a script or a test, even where another library keeps a loop marked
    running in this thread between its own calls (Playwright's sync API does), work runs at once."""
    import asyncio  # only to ask for the running loop

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop if asyncio.current_task(loop) is not None else None


def _start_waiter() -> None:
    # one waiter per kernel: Voila keeps one request socket per kernel, a second would steal it
    global _VISITOR_WAITER
    if _VISITOR_WAITER is None:
        import asyncio  # the kernel's loop, for the callbacks

        loop = asyncio.get_event_loop()
        _VISITOR_WAITER = threading.Thread(target=_visitor_arrived, args=(loop,), daemon=True,
                                           name="changekit-visitor")
        _VISITOR_WAITER.start()


def when_visitor_arrives(callback: Callable[[], object]) -> bool:
    """In a kernel Voila pre-started for a pool, run ``callback`` on the kernel's loop once the
    page's request has arrived, without blocking the pre-render: returns True. Elsewhere (or once the
    visitor is here) returns False and does nothing: the caller goes on at once."""
    if not _in_pool_kernel():
        return False
    _VISITOR_CALLBACKS.append(callback)
    _start_waiter()
    return True


def wait_for_visitor() -> None:
    """In a kernel Voila pre-started for a pool, block until the page's request arrives (once).
    Everything after it runs when the visitor is here, not before: use only where the page needs
    its address to go on (:func:`when_visitor_arrives` does not block)."""
    if not _in_pool_kernel():
        return
    _start_waiter()
    _VISITOR_EVENT.wait()


def page_number(name: str, default: int, *, low: int, high: int) -> int:
    """A whole number from the Voila page's address (``.../moneybags.ipynb?countdown=10``), so a
    teacher can tune an app by link. Voila hands the query string to the kernel as ``QUERY_STRING``;
    in JupyterLab, or when the value is missing or not a whole number in [low, high], ``default``.

    A page pre-rendered for a class (``changekit serve --class-size``) runs before its visitor
    arrives: it waits here for the visitor's request, so the rest of it runs with the address."""
    value = page_value(name)
    try:
        number = int(value) if value is not None else default
    except ValueError:
        return default
    return number if low <= number <= high else default


def page_value(name: str) -> str | None:
    """The last ``name=...`` of the Voila page's address (None when absent or outside Voila): the
    one place a page reads its address. A page pre-rendered for a pool waits here for its visitor."""
    wait_for_visitor()
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get(name)
    return values[-1] if values else None


_FOCUS_KEEPER_ESM = """
// A move redraws the table: the button that had the focus may be gone (the bill paid), disabled
// (not your turn, a test running) or hidden (a form done with), and the browser then drops the
// focus to the page's top, so a keyboard user would Tab through the rules again. When that happens
// inside the keeper's box (its ``root``), the focus goes to a control with the same name, else the
// first of its ``targets`` that can be pressed, else, once the changes settle, the first shown of
// its ``fallback`` boxes (made focusable for the script only: tabindex -1), and from there back to
// the control it left once that can be pressed again. A box inside it with a keeper of its own
// (``inner``: a game at a student's class page) is left to that one while it is on the page.
function render({ model, el }) {
  el.classList.add("ck-focus-keeper");
  // ``dropped``: the control with the focus was disabled, hidden or removed by a redraw (not left by
  // the person: a click on the page's background leaves the focus on the body, and there it stays)
  let last = null, lastName = "", watcher = null, frame = 0, parked = null, placing = false, dropped = false;
  const root = () => el.closest(model.get("root"));
  const noted = (event) => {
    const box = root();
    if (placing || !box || !box.contains(event.target)) return;
    last = event.target; lastName = (last.innerText || "").trim(); parked = null; dropped = false;
  };
  const shown = (e) => e.getClientRects().length > 0;
  const pressable = (box, where) => where
    ? [...box.querySelectorAll(where)].filter((b) => !b.disabled && shown(b)) : [];
  // A disabled or hidden control keeps the focus until the browser's next rendering step drops it,
  // without an event: so a check at each change of the box, and a last one once the changes settle.
  // While nothing can be pressed (the bots still playing) the focus waits; at the last check it goes
  // to a fallback, never to a button that would act unasked (New game).
  let settle = 0;
  const restore = (final) => {
    const box = root();
    const active = document.activeElement;
    if (!box || !last) return;
    const lastHere = last.isConnected && !last.disabled && shown(last);
    if (parked && active === parked && lastHere) { parked = null; last.focus(); return; }
    const lost = !active || active === document.body || !active.isConnected || active.disabled;
    if (lost && (!lastHere || active === last)) dropped = true;
    if (!lost) return;
    if (lastHere && active !== last) {  // the control is back (a Submit enabled again after its run)
      if (dropped) last.focus();
      return;
    }
    const inner = model.get("inner") && last.isConnected ? last.closest(model.get("inner")) : null;
    if (inner && box.contains(inner) && inner !== box) return;  // its own keeper's to put back
    const targets = pressable(box, model.get("targets"));
    const next = targets.find((b) => (b.innerText || "").trim() === lastName) || targets[0];
    if (next) { next.focus(); return; }
    if (!final) return;
    const fallback = model.get("fallback").split(",").map((s) => s.trim() && box.querySelector(s.trim()))
      .find((e) => e && shown(e));
    if (!fallback) return;
    if (!fallback.matches("a[href], button, input, select, textarea, [tabindex]")) fallback.tabIndex = -1;
    placing = true;
    fallback.focus();
    placing = false;
    parked = fallback;
  };
  const changed = (records) => {
    if (records && records.some((r) => r.target === last && r.attributeName === "disabled" && last.disabled)) {
      dropped = true;
    }
    restore(false);
    clearTimeout(settle);
    settle = setTimeout(() => restore(true), 250);
  };
  const attach = () => {
    const box = root();
    if (!box) { frame = requestAnimationFrame(attach); return; }
    watcher = new MutationObserver(changed);
    watcher.observe(box, { childList: true, subtree: true, attributes: true,
                           attributeFilter: ["disabled", "style", "class"] });
  };
  document.addEventListener("focusin", noted);
  attach();
  return () => { cancelAnimationFrame(frame); clearTimeout(settle); watcher && watcher.disconnect();
                 document.removeEventListener("focusin", noted); };
}
export default { render };
"""


class FocusKeeper(anywidget.AnyWidget):
    """Keeps the keyboard's focus in its box (``root``, a CSS selector of a box it sits in; by
    default its game app) when a redraw removes, disables or hides the focused control: to a
    control of the same name, else the first of ``targets``, else the first shown of ``fallback``
    (CSS selectors, in the box); a box matching ``inner`` that has a keeper of its own is left to it.
    It shows nothing."""

    _esm = _FOCUS_KEEPER_ESM
    root = traitlets.Unicode(".ck-app").tag(sync=True)
    targets = traitlets.Unicode(".ck-controls button, .ck-board button").tag(sync=True)
    fallback = traitlets.Unicode(".ck-log").tag(sync=True)
    inner = traitlets.Unicode("").tag(sync=True)


def button(label: str, on_click, *, tooltip: str = "", style: str = "", width: str | None = None) -> w.Button:
    """A button with a text label (icons alone are not accessible, and offline they vanish)."""
    btn = w.Button(description=label, tooltip=tooltip or label, button_style=style,
                   layout=w.Layout(width=width) if width else w.Layout(width="auto"))
    btn.add_class("ck-btn")  # the frame's CSS gives its coloured styles readable contrast
    # a disabled button refuses on the kernel side too: a click can come over the websocket
    # from a script, whatever the browser shows
    btn.on_click(lambda clicked: None if clicked.disabled else on_click())
    return btn


def picture_button(picture_html: str, label: str, on_click, *, disabled: bool = False, tooltip: str = "") -> w.VBox:
    """A picture (SVG) with a labelled button under it: click target and keyboard stop."""
    btn = button(label, on_click, tooltip=tooltip)
    btn.disabled = disabled
    return w.VBox([w.HTML(picture_html), btn], layout=w.Layout(align_items="center", margin="2px"))


@functools.cache
def _freeze_heap() -> None:
    """Once per kernel, after the first app is built: move everything alive (the kernel, the
    libraries, the app) out of the garbage collector's sight. A full collection otherwise
    re-scans it all and pauses 30-100 ms inside whichever click triggers it (CPython ``gc.freeze``)."""
    freeze_heap()


def freeze_heap() -> None:
    """Collect, then move everything alive out of the garbage collector's sight: later full
    collections scan only what came after. Each explorer does it at its first chart (plotly and
    the notebook's analyses above it are in memory by then: a full collection over them took
    200-340 ms inside a redraw); after a freeze the next one is cheap, it collects only the new."""
    gc.collect()
    gc.freeze()


class Slot(NamedTuple):
    """What one picture button of a :class:`PictureRow` shows."""
    picture: str  # SVG/HTML
    label: str
    tooltip: str = ""
    disabled: bool = False


class PictureRow:
    """A wrapping row of picture buttons made once and refilled in place: creating ipywidgets is
    the slow part of a redraw (milliseconds each), setting an unchanged value sends nothing.
    ``on_click(i)`` gets the position of the clicked slot."""

    def __init__(self, on_click: Callable[[int], None]) -> None:
        self._on_click = on_click
        self._slots: list[w.VBox] = []
        self.box = w.HBox(layout=w.Layout(flex_flow="row wrap"))

    def _slot(self, index: int) -> w.VBox:
        return picture_button("", "", lambda: self._on_click(index))

    def show(self, slots: Sequence[Slot]) -> w.HBox:
        while len(self._slots) < len(slots):
            self._slots.append(self._slot(len(self._slots)))
        for widget, slot in zip(self._slots, slots):  # noqa: B905 - spare slots stay out of the row
            picture, btn = widget.children
            picture.value = slot.picture
            btn.description, btn.tooltip, btn.disabled = slot.label, slot.tooltip or slot.label, slot.disabled
        shown = tuple(self._slots[:len(slots)])
        if self.box.children != shown:
            self.box.children = shown
        return self.box


#: The largest seed the set-up row's number box holds (the engine takes seeds up to 2**64 - 1; a
#: browser's number box loses whole numbers past 2**53, and this one has always stopped here).
SEED_BOX_MAX = 2**31 - 1


def check_settings(app: type[GameApp], *, players: Any = None, bot: Any = None, seed: Any = 1,
                   hot_seat: Any = False, options: dict[str, Any] | None = None) -> None:
    """An app's settings, checked before any widget holds them, in the engine's words: a widget
    answered ``ZombieApp(bot="smart")`` with a raw traitlets error, and its number boxes silently
    clamped ``players=9`` to 6 and ``seed=-3`` to 0. Every app's frame checks here; ``players`` and
    the game's options are checked by the game itself (as a new game would). ``None`` for players
    or bot is the app's default.

    >>> from changekit.games.zombie.app import ZombieApp
    >>> check_settings(ZombieApp, players=9)
    Traceback (most recent call last):
    ...
    changekit.core.errors.ChangekitError: Make Your Own Change Night is for 2 to 6 players, not 9
    """
    game = app.game
    if bot is not None and (not isinstance(bot, str) or bot not in app.bots):
        raise InvalidArgument(f"bot: {game.title} has no bot called {shown(bot)}; it has {sorted(app.bots)}")
    is_flag(hot_seat, "hot_seat")
    whole(seed, "seed", low=0, high=SEED_BOX_MAX)
    options = options or {}
    known = sorted(name for name in getattr(game.Options, "__dataclass_fields__", {}) if name != "players")
    unknown = sorted(set(options) - set(known))
    if unknown:
        own = "".join(f"{name}, " for name in app.own_settings)
        raise InvalidArgument(f"{app.__name__} has no setting called {unknown[0]!r}: it takes players, bot, seed, "
                              f"hot_seat, {own}and the options of {game.title} {known}")
    players = app.default_players if players is None else players
    check_player_count(game, players)  # (first: it names the range, the options' type check does not)
    game(players=players, **options)  # the engine's own checks of each option


class GameApp:
    """Play a whole game against bots (or hot-seat) in a notebook or a Voila page; or, given a
    ``table``, at that table (a networked one: the class store's; see changekit.core.table).

    Every move the app makes goes to ``self.table``; the app draws ``self.table.state``."""

    game: ClassVar[type[Game]]
    bots: ClassVar[dict[str, type[Bot]]]
    default_bot: ClassVar[str]
    default_players: ClassVar[int] = 4
    #: True for a game played face up (nothing hidden): hot-seat then needs no "look away" screen
    face_up: ClassVar[bool] = False
    #: the app's own keyword settings (Moneybags' countdown), named when a setting is unknown
    own_settings: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *, players: int | None = None, bot: str | None = None, seed: int = 1,
                 hot_seat: bool = False, table: Table | None = None, **options: Any) -> None:
        # a shared table brings its own game, players and seed: only what this page picks is checked
        if table is None:
            check_settings(type(self), players=players, bot=bot, seed=seed, hot_seat=hot_seat, options=options)
        else:
            check_settings(type(self), bot=bot, hot_seat=hot_seat)
        self.options = options
        self.table: Table = table  # type: ignore[assignment] # a local one is made by new_game below
        if table is not None:
            players, seed = table.state.players, table.state.seed
        self.rng = random.Random(seed)  # the app's own suggestions (hints): never the bots' generator
        self.timings: list[float] = []  # ms per user action, server side (the benchmark reads it)
        self.notes: list[str] = []  # bots' explanations of their last moves
        self.error = ""
        self._revealed_to: int | None = None
        g = self.game
        self.w_players = w.BoundedIntText(value=players or self.default_players, min=g.min_players,
                                          max=g.max_players, description="Players", layout=w.Layout(width="150px"))
        self.w_bot = w.Dropdown(options=list(self.bots), value=bot or self.default_bot, description="Bots",
                                layout=w.Layout(width="220px"))
        self.w_hot = w.Checkbox(value=hot_seat, description="Hot-seat (all human)", indent=False)
        self.w_seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed",
                                       layout=w.Layout(width="180px"))
        self.w_new = button("New game", self.new_game, style="primary")
        self.w_undo = button("Undo my last move", self.undo)
        self.w_hints = w.Checkbox(value=False, description="Show hints", indent=False)
        self.w_hints.observe(self._hints_ticked, names="value")
        # why the box waits, in words beside it (a phone shows no tooltip); out of the row while it is open
        self.w_hints_note = w.HTML(layout=w.Layout(display="none"))
        self.w_hints_note.add_class("ck-hints-note")
        #: the questions whose answers the hints give away (:meth:`hints_after_predictions`)
        self.hints_wait_for: tuple[str, ...] = ()
        # live regions made with the frame: a screen reader reads out each change of either
        self.w_status = LiveRegion()
        self.w_summary = LiveRegion()
        # what changed on the table since the last redraw, in the log's words, read out once
        # (out of sight: the log shows the same lines)
        self.w_moves = LiveRegion()
        self.w_moves.add_class("ck-sr")
        self._announced = 0  # how many of the viewer's events were read out (or were there before)
        self.w_table = w.VBox()
        self.w_controls = w.VBox()
        self.w_controls.add_class("ck-controls")
        self.w_table.add_class("ck-board")
        self.w_hint_box = w.HTML()
        self.w_score = w.HTML()
        self.w_log = w.HTML()
        self.w_screen = w.VBox()
        self.w_extra = w.VBox()  # a game's own settings (under its controls)
        self.build()
        self.w_setup_toggle = button("Game settings", self.toggle_setup,
                                     tooltip="Show or hide the players, bots and seed of a new game")
        self.w_setup_toggle.add_class("ck-setup-toggle")  # shown on narrow screens only (the CSS)
        self.w_setup = w.HBox([self.w_setup_toggle, self.w_players, self.w_bot, self.w_seed, self.w_hot, self.w_new],
                              layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.w_setup.add_class("ck-setup")
        self.w_setup.add_class("ck-collapsed")  # collapsed: on a phone the settings filled the first screen
        self.widget = w.VBox(
            [w.HTML(CSS), FocusKeeper(), self.w_setup, self.w_status, self.w_summary, self.w_moves, self.w_screen,
             self.w_table,
             self.w_controls, self.w_extra, w.HBox([self.w_hints, self.w_hints_note, self.w_undo]), self.w_hint_box,
             w.HBox([self.w_score, self.w_log], layout=w.Layout(flex_flow="row wrap", grid_gap="16px"))],
        )
        self.widget.add_class("ck-app")
        if table is None:
            self.new_game()
        else:
            # a table the app did not make (a shared one): no new game, seed or seat set-up here
            self.w_setup.layout.display = "" if table.can_restart else "none"
            self.w_undo.layout.display = "" if table.can_undo else "none"
            self.start()
        _freeze_heap()

    def toggle_setup(self) -> None:
        """Open or close the set-up row (on a narrow screen; on a wide one it is always open)."""
        if "ck-collapsed" in self.w_setup._dom_classes:
            self.w_setup.remove_class("ck-collapsed")
        else:
            self.w_setup.add_class("ck-collapsed")

    # ---- hints that wait for predictions ----------------------------------------------------
    def hints_after_predictions(self, *qids: str) -> GameApp:
        """Hold the **Show hints** box back until each question named by ``qids`` (ids like
        ``"cambio.q1"``), whose answer the hints give away, has a locked prediction on this page:
        the rule an explorer keeps (:class:`~changekit.ui.explorer.AfterPredictions`). Until then
        the box is disabled and a line beside it says which predictions it waits for; it opens
        itself when the last is locked in. A lesson's play cell calls it and displays the app it
        returns. The questions may be drawn after the app (a lesson puts its game first): each is
        watched from when it is drawn. An app nobody calls this on keeps its box open."""
        if not qids:
            raise InvalidArgument("name the questions whose answers the hints give away (ids like 'cambio.q1')")
        for qid in qids:
            if not isinstance(qid, str) or not QUESTION_ID.fullmatch(qid):
                raise InvalidArgument(f"a question id is lower-case words joined by dots, like 'cambio.q1', "
                                      f"not {shown(qid)}")
        if not self.hints_wait_for:
            ON_CREATE.append(self._question_drawn)
        self.hints_wait_for = tuple(dict.fromkeys((*self.hints_wait_for, *qids)))
        for qid in qids:
            drawn = DRAWN.get(qid)
            if drawn is not None:
                self._question_drawn(drawn)
        self._gate_hints()
        return self

    @property
    def hints_waiting(self) -> list[str]:
        """The questions the **Show hints** box still waits for: those it waits for that are not
        on this page yet, or are there without a locked prediction."""
        if not self.hints_wait_for:
            return []
        return [qid for qid in self.hints_wait_for
                if (question := DRAWN.get(qid)) is None or question.prediction is None]

    def _question_drawn(self, question: Any) -> None:
        # the page's question by that id is the one drawn last (a cell run again draws a new one)
        if question.qid in self.hints_wait_for and self._gate_hints not in question.on_predict:
            question.on_predict.append(self._gate_hints)
            self._gate_hints()

    def _gate_hints(self, _question: Any = None) -> None:
        waiting = self.hints_waiting
        self.w_hints.disabled = bool(waiting)
        if waiting:
            self.w_hints_note.value = html("<i>Show hints opens once you have locked in your {} for {}.</i>",
                                           "predictions" if len(waiting) > 1 else "prediction",
                                           which_questions(waiting))
            self.w_hints_note.layout.display = ""
            self.w_hints.value = False  # ticked before its question was drawn: hidden again
        else:
            self.w_hints_note.value = ""
            self.w_hints_note.layout.display = "none"

    def _hints_ticked(self, change: dict[str, Any]) -> None:
        if change["new"] and self.hints_waiting:
            # a tick can come over the websocket from a script, whatever the browser shows: refused here too
            self.w_hints.value = False
            return
        self.refresh()

    # ---- the table and its seats -------------------------------------------------------
    @property
    def state(self) -> State:
        """The position now (the table's: it may be a new object after any move)."""
        return self.table.state

    @state.setter
    def state(self, state: State) -> None:
        """Go on from a rigged position (tests, lessons): a local table only."""
        if not isinstance(self.table, LocalTable):
            raise ChangekitError("only a game played here can be set to a position; this table is shared")
        self.table.load(state)

    @property
    def bot_players(self) -> dict[int, Bot]:
        """The bots by seat (empty at a shared table, whose bots the table moves itself)."""
        return self.table.bots if isinstance(self.table, LocalTable) else {}

    @bot_players.setter
    def bot_players(self, bots: dict[int, Bot]) -> None:
        if not isinstance(self.table, LocalTable):
            raise ChangekitError("a shared table's bots are its own")
        self.table.bots.clear()
        self.table.bots.update(bots)

    @property
    def hot_seat(self) -> bool:
        return len(self.table.humans) > 1

    def is_human(self, seat: int) -> bool:
        return seat in self.table.humans

    def names(self) -> list[str]:
        return self.table.names()

    def seat_names(self, players: int, hot_seat: bool) -> list[str]:
        """The names of a new local game's seats."""
        if hot_seat:
            return [f"Player {i + 1}" for i in range(players)]
        return ["You"] + [f"{self.w_bot.value.capitalize()} bot {i}" for i in range(1, players)]

    def possessive(self, seat: int) -> str:
        """The seat's possessive to open a heading: "Your" for the human, "Ann's" for Ann."""
        return possessive(self.names()[seat], capital=True)

    @property
    def viewer(self) -> int:
        """Whose eyes the table is drawn for: this page's one human, or (hot-seat) the human to act."""
        humans = self.table.humans
        if len(humans) <= 1:
            return next(iter(humans), 0)
        acting = [p for p in self.state.current_players() if p in humans]
        return acting[0] if acting else (self._revealed_to if self._revealed_to is not None else 0)

    # ---- actions ---------------------------------------------------------------------
    def new_game(self) -> None:
        """A new game here, with the set-up row's players, bots, seed and hot-seat."""
        start = time.perf_counter()
        if self.table is not None and not self.table.can_restart:
            self.error = "this table plays one game: a new one is opened for the table"
            self.refresh()
            return
        state = self.game(players=self.w_players.value, **self.options).new_state(seed=self.w_seed.value)
        hot = bool(self.w_hot.value)
        humans = range(state.players) if hot else [0]
        bots = {p: self.bots[self.w_bot.value]() for p in range(state.players) if p not in humans}
        self.table = LocalTable(state, names=self.seat_names(state.players, hot), bots=bots, seed=self.w_seed.value,
                                humans=humans)
        self.rng = random.Random(self.w_seed.value)
        self._revealed_to = None
        self.start()
        self.timings.append((time.perf_counter() - start) * 1000)

    def start(self) -> None:
        """Draw the table's game from where it is, after the programs' moves that are due."""
        self.notes, self.error = [], ""
        self._announced = 0  # a new game's first moves (the bots' before yours) are news
        self.reset_input()
        self.table.sync()
        self.run_bots()
        self.refresh()

    def act(self, *actions: Any, player: int | None = None) -> None:
        """A human's move (from a button), the app's one way to move: each action goes to the
        table in order (several make one move: Zhao Pengyou's selected cards), the bots answer,
        the page is redrawn. A refused move is said on the page and changes nothing."""
        start = time.perf_counter()
        who = self.viewer if player is None else player
        self.reset_input()
        try:
            for action in actions:
                self.table.move(action, who)
            self.error = ""
        except ChangekitError as exc:
            self.error = str(exc)
        else:
            self.notes = []
            self.run_bots()
        self.refresh()
        self.timings.append((time.perf_counter() - start) * 1000)

    def run_bots(self) -> None:
        """The bots move, and so do the app's automatic moves for humans (:meth:`auto_move`),
        until a human must choose or the game is over (at a shared table, through the table)."""
        try:
            self.table.play_programs(self.auto_move)
        except ClassroomError as err:  # the class store refused or could not be reached
            self.error = str(err)
        self.notes = (self.notes + self.table.take_notes())[-6:]

    def auto_move(self, state: State, seat: int) -> Any:
        """A move the app makes for the human at ``seat`` without a click (Cambio passes a snap
        window its human knows nothing to snap in), or None. It goes the way a bot's move goes
        (at a networked table, into the store)."""
        return None

    def undo(self) -> None:
        """Take back moves until it is a human's turn again, having undone one human move."""
        start = time.perf_counter()
        humans = self.own_moves()
        if not self.table.can_undo:
            self.error = "moves at a shared table cannot be taken back"
        elif not humans:
            self.error = "nothing of yours to undo yet"
        else:
            self.reset_input()
            self.rewind(humans[-1])
            self.error = ""
            self.notes = []
        self.refresh()
        self.timings.append((time.perf_counter() - start) * 1000)

    def own_moves(self) -> list[int]:
        """The places in the history that Undo may take back: every human move."""
        return [i for i, (p, _) in enumerate(self.state.history) if self.is_human(p)]

    def rewind(self, actions: int) -> None:
        """Go back to the position after the first ``actions`` actions (a game with very long
        histories can keep checkpoints instead of replaying from the start: ``LocalTable.rewind``)."""
        self.table.rewind(actions)

    def reveal(self, seat: int) -> None:
        self._revealed_to = seat
        self.refresh()

    # ---- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        state, names = self.state, self.names()
        viewer = self.viewer
        needs_screen = self.hot_seat and not self.face_up and not state.is_terminal() and self._revealed_to != viewer
        if needs_screen:
            self.w_screen.children = [w.HTML(html("<b>Pass the device to {}.</b> Everyone else, look away.",
                                                  names[viewer])),
                                      button(f"I am {names[viewer]}: show my hand", lambda: self.reveal(viewer),
                                             style="warning")]
            self.w_table.children, self.w_controls.children = [], []
        else:
            self.w_screen.children = []
            self.draw(state.view(viewer), viewer)
        error = html(' <span style="color:#b3261e">— {}</span>', self.error) if self.error else ""
        self.w_status.value = html('<div class="ck-status">{}{}</div>',
                                   self.status(viewer), Html(error))
        # behind the hot-seat screen the summary must not read the next player's hand aloud
        summary = (f"{self.status(viewer)} Pass the device to {names[viewer]}." if needs_screen
                   else self.summary(state.view(viewer), viewer))
        self.w_summary.value = html('<div class="ck-sr">{}</div>', summary)
        self.w_score.value = self.scoreboard_html()
        self.w_log.value = self.log_html(viewer)
        self.w_moves.value = self.announcement(viewer, hidden=needs_screen)
        show_hints = self.w_hints.value and not needs_screen and not state.is_terminal()
        self.w_hint_box.value = (html('<div class="ck-hint">{}</div>', self.hints_html(state.view(viewer), viewer))
                                 if show_hints else "")
        self.w_undo.disabled = not self.own_moves()

    def status(self, viewer: int) -> str:
        state, names = self.state, self.names()
        if state.is_terminal():
            return f"Game over: {winners_text(state.winners(), names)}."
        acting = state.current_players()
        if viewer in acting:
            return f"{names[viewer]}: your move."
        return "Waiting for " + ", ".join(names[p] for p in acting) + "."

    def scoreboard_html(self) -> str:
        state, names = self.state, self.names()
        acting = set(state.current_players())
        rows = join("", (html('<tr class="{}"><td>{}</td><td>{}</td></tr>', "ck-turn" if p in acting else "",
                              names[p], score) for p, score in enumerate(state.scores())))
        head = html("<tr><th>Player</th><th>{}</th></tr>", self.score_label())
        return html('<div class="ck-score"><table aria-label="scores">{}{}</table></div>', head, rows)

    def announcement(self, viewer: int, *, hidden: bool = False) -> str:
        """The log's lines added since the last announcement, oldest first: what the moves region
        reads out. Each line once: a redraw with nothing new (hints ticked, a refused move) says
        nothing; a game taken back (undo) or begun again starts the count from where it is. Behind
        the hot-seat screen nothing is read and nothing counted as read."""
        if hidden:
            return ""
        events = self.state.events_for(viewer)
        if len(events) < self._announced:  # taken back: what is left was read before
            self._announced = len(events)
        news = events[self._announced:]
        self._announced = len(events)
        names = self.names()
        return join("", (html("<p>{}</p>", self.state.narrate(e, names)) for e in news))

    def log_html(self, viewer: int) -> str:
        events = self.state.events_for(viewer)
        names = self.names()
        shown = [self.state.narrate(e, names) for e in events[-60:]]  # narrate only what is shown
        notes = join("", (html("<li><i>{}</i></li>", n) for n in self.notes))
        # newest first, so the latest move is in sight without scrolling
        items = join("", (html("<li>{}</li>", line) for line in reversed(shown)))
        # aria-live off: the log is redrawn whole at each move, and the moves region reads the news once
        return html('<div class="ck-log" role="log" aria-live="off" aria-label="game log, newest first" tabindex="0">{}'
                    '<ol reversed start="{}">{}</ol></div>',
                    html("<b>Bots' reasons</b><ul>{}</ul>", notes) if notes else "", len(events), items)

    # ---- per game --------------------------------------------------------------------
    def build(self) -> None:
        """Make the game's own widgets, once, before the first game (``__init__`` calls it):
        widgets are updated in place afterwards, since creating them is the slow part of a redraw."""

    def reset_input(self) -> None:
        """Forget a half-made choice (picked cards, a chosen bill): the frame calls it on a new
        game, before every action and on undo."""

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        """Fill ``self.w_table`` and ``self.w_controls`` for ``viewer``."""
        raise NotImplementedError

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        """The hint for ``viewer``: plain text (the frame escapes it; names are text too) or
        :class:`~changekit.core.markup.Html` made with :func:`~changekit.core.markup.html`."""
        return ""

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        """The position in one or two sentences, for screen readers."""
        return self.status(viewer)

    def score_label(self) -> str:
        return "Score"

    def _ipython_display_(self) -> None:
        display(self.widget)


def show_figure(out: w.Output, figure) -> None:
    """Draw a plotly figure (or a table, a note) into ``out`` from a callback.

    Under the kit's server a figure becomes a small chart widget (``changekit.ui.charts``);
    elsewhere plotly's own renderer draws it. Only callbacks may use this: writing into an
    Output while the page first renders can hang Voila (STACK_NOTES)."""
    with out:
        out.clear_output()
        display(figure)


def figure_on_click(label: str, make_figure, *, note: str = "") -> w.VBox:
    """A button that computes a figure (or any displayable result) when pressed: slow
    analyses (tournaments) are paid only by whoever asks, not by every visitor at page load."""
    status = w.HTML(f"<i>{note}</i>" if note else "")
    out = w.Output()

    def run() -> None:
        btn.disabled = True
        status.value = "<i>Computing…</i>"
        start = time.perf_counter()
        figure = make_figure()
        show_figure(out, figure)
        status.value = f"<i>Done in {time.perf_counter() - start:.1f} s.</i>"
        btn.disabled = False

    btn = button(label, run, style="info")
    return w.VBox([btn, status, out])
