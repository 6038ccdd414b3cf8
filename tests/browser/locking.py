"""Locking in a prediction from the browser, without Check: what opens an explorer that waits for
its questions (changekit.ui.explorer.AfterPredictions, issue 43)."""
from __future__ import annotations


def lock_in(page, qid: str, *, timeout_ms: int = 60_000) -> None:
    """Lock in Question ``qid``'s first choice (or the lowest number it takes), and wait until the
    page says the prediction is locked."""
    question = page.locator(".ck-question-box").filter(has=page.locator(f'[id="{qid}"]'))
    question.wait_for(state="visible", timeout=timeout_ms)
    choices = question.locator(".widget-toggle-button")
    if choices.count():
        choices.first.click()
    numbers = question.locator("input[placeholder*=' to ']")
    if not choices.count() and numbers.count() and not numbers.first.input_value():
        numbers.first.fill(numbers.first.get_attribute("placeholder").split(" to ")[0])
        numbers.first.press("Enter")
    lock = question.get_by_role("button", name="Lock in my prediction")
    lock.click(timeout=timeout_ms)
    question.get_by_role("button", name="Check").wait_for(state="visible", timeout=timeout_ms)
    page.wait_for_function("box => !box.querySelector('button[title*=\"lock in a prediction first\"]:disabled')",
                           arg=question.element_handle(), timeout=timeout_ms)
