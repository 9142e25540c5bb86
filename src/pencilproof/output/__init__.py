"""Renderers: turn puzzles, solutions and verdicts into text for people. Never calls a solver."""
from .unicode import render_grid, render_pair, cell_names

__all__ = ["render_grid", "render_pair", "cell_names"]
