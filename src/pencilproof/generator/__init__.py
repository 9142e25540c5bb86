"""Minimizing clue sets and generating new unique puzzles, on switchable encodings."""
from ..checker.switchboard import Switch, SwitchBoard
from .minimize import ORDERS, MinimizeResult, NotUnique, minimize

__all__ = ["ORDERS", "MinimizeResult", "NotUnique", "minimize", "Switch", "SwitchBoard"]
