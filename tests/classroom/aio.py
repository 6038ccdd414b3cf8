"""Run a coroutine to the end from a test, whatever loop the test session already runs.

pytest-playwright's sync API keeps an event loop running in the main thread once a browser test
has run, and asyncio.run() refuses to start inside it; a fresh thread has no loop."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run(coroutine, timeout: float = 120):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=timeout)
