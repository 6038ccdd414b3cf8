"""Errors: every one is a ``ValueError`` whose message names the rule that was broken."""
from __future__ import annotations

#: Longest message an error keeps: a huge bad input is never echoed back whole.
MESSAGE_LIMIT = 600


class ChangekitError(ValueError):
    """Base class of every error changekit raises on bad input."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            text = args[0]
            args = (f"{text[:MESSAGE_LIMIT - 120]} … ({len(text)} characters in all) … {text[-80:]}",)
        super().__init__(*args)


class IllegalAction(ChangekitError):
    """An action the rules do not allow here; the state is left exactly as it was.

    ``rule`` is a short name of the broken rule (for tests and apps), and the
    message says it in words with the offending value.

    >>> err = IllegalAction("own-bill", "you can only pay with a bill you hold: 7 is not in 1, 3")
    >>> err.rule, str(err)
    ('own-bill', 'you can only pay with a bill you hold: 7 is not in 1, 3')
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class InvalidMove(IllegalAction):
    """Something that is no move of the game at all (a wrong type or shape, an unknown word), as
    opposed to a well-formed move the position does not allow (a plain :class:`IllegalAction`);
    python-chess makes the same split. Its rule is ``"move-shape"``."""

    def __init__(self, message: str) -> None:
        super().__init__("move-shape", message)


class InvalidSave(ChangekitError):
    """A saved game (JSON) that cannot be loaded; nothing is half-loaded."""


class ClassroomError(ChangekitError):
    """A class-session request the store refuses (unknown code, wrong key, closed question, ...);
    nothing is written. ``reason`` is a short name of the refusal, the message says it in words.

    >>> err = ClassroomError("unknown-session", "no class session has the code 'ABC234'")
    >>> err.reason
    'unknown-session'
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class InvalidArgument(ChangekitError):
    """An argument of the wrong type, size or value; the message names the argument.

    >>> str(InvalidArgument("hand: a hand is a collection of cards, not the string '15'"))
    "hand: a hand is a collection of cards, not the string '15'"
    """
