"""The kit's test harness, for its tests and benchmarks and for anyone who builds on the kit:
servers on free loopback ports stopped by PID (:mod:`.servers`), a throwaway PostgreSQL
(:mod:`.pgtemp`). Nothing the kit serves imports it."""
from .servers import CHROMIUM, CHROMIUM_ARGS, ERROR_MARKERS, WIDGET_MIME, HubServer, VoilaServer, free_port

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "ERROR_MARKERS", "WIDGET_MIME", "HubServer", "VoilaServer", "free_port"]
