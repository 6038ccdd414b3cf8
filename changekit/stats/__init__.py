"""Exact distributions, the Monte Carlo runner and equilibrium dynamics shared by the games."""
