"""A ninth game that lives outside the kit (issue 45): its folder is all it brings."""

#: packages of games to register for a test run, comma-separated (tests/conftest.py registers them
#: before any test module reads the registry)
EXTRA_GAMES_VARIABLE = "CHANGEKIT_EXTRA_GAMES"
