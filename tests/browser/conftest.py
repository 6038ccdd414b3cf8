"""Every browser test's page is watched from its first request: its console and its JavaScript
errors are recorded, and an error the kit does not expect fails the test (helpers.Watch)."""
from __future__ import annotations

import pytest

from .helpers import diagnose, watch


@pytest.fixture
def page(page, request):
    seen = watch(page, request.node.name)
    yield page
    if seen.unexpected:  # an error after the test's last wait (the test's own checks stop at the first)
        raise diagnose(page, "the page reported errors the kit does not expect")
