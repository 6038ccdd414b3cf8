"""Shared widgets: bill and card pictures, scoreboard, log, plot theme, the app frame."""
