"""Functions that break the input contract on purpose, to show the fuzzer notices (test_fuzz.py)."""
from __future__ import annotations

from changekit.core import ChangekitError


def plain_type_error(hand):
    raise TypeError("not a ChangekitError")


def refuses_after_changing(hand):
    if isinstance(hand, list):
        hand.append(0)
    raise ChangekitError("refused, but the list was changed first")


def never_ends(hand):
    while True:
        pass
