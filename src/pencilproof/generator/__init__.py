"""Minimizing clue sets and generating new unique puzzles, on switchable encodings."""
from .minimize import ORDERS, MinimizeResult, NotUnique, minimize
from .switchboard import Switch, SwitchBoard

__all__ = ["ORDERS", "MinimizeResult", "NotUnique", "minimize", "Switch", "SwitchBoard"]
