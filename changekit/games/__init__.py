"""One package per game, each with the same rooms: rules, bots, analysis, app."""
