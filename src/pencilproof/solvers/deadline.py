"""One deadline for every piece of work that can run long, and Ctrl-C as one clean outcome.

:class:`Deadline` is a point on the monotonic clock (or none). It is made once, where a
limit is given (``--time-limit``, ``--max-time``, a web request's limit), and passed
down to whatever runs long: reading, encoding, bounds and searches, solving, generation
attempts, minimization, analysis. Every loop asks it (:meth:`Deadline.check` raises
:class:`TimeUp`, which the callers turn into verdict ``unknown``); a solver gets its
:attr:`Deadline.at`. The monotonic clock is shared by the processes of one machine, so a
worker process can be handed the same deadline.

Interrupts: the command line installs :func:`install`, whose SIGINT handler raises
KeyboardInterrupt (SIGTERM: :class:`Terminated`) and also *remembers* it. An interrupt
that lands where Python cannot raise it (inside a ``__del__``, which only prints
"Exception ignored") is raised again at the next :meth:`Deadline.check` or
:func:`poll`, so no Ctrl-C is ever lost; :func:`deferred` holds one back while a solver
is created or freed (a C object half made or half freed would be freed twice).
"""
from __future__ import annotations

import contextlib
import math
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Union


class TimeUp(Exception):
    """The deadline passed while work was running: its result is ``unknown``. ``found``
    is what was known by then, if the work says (Flood-It: a proven lower bound)."""

    def __init__(self, message: str = "the time limit was reached", found: Any = None) -> None:
        super().__init__(message)
        self.found = found


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, a batch system's time limit): stop as Ctrl-C does."""


@dataclass(frozen=True)
class Deadline:
    """``at``: the ``time.monotonic()`` value by which work must stop; None: no limit."""

    at: Optional[float] = None

    @classmethod
    def after(cls, seconds: Optional[float]) -> "Deadline":
        """``seconds`` from now (None: no limit)."""
        return cls(None if seconds is None else time.monotonic() + seconds)

    @classmethod
    def of(cls, value: Union["Deadline", float, None]) -> "Deadline":
        """A Deadline from one, from a ``time.monotonic()`` value, or from None."""
        return value if isinstance(value, Deadline) else cls(value)

    @property
    def limited(self) -> bool:
        return self.at is not None

    def remaining(self) -> float:
        """Seconds left (``math.inf`` without a limit; negative once it has passed)."""
        return math.inf if self.at is None else self.at - time.monotonic()

    def seconds(self) -> Optional[float]:
        """Seconds left, at least 0, or None without a limit (for a ``time_limit``)."""
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def passed(self) -> bool:
        """Whether the time is up. Raises a remembered interrupt first (see :func:`poll`)."""
        poll()
        return self.at is not None and time.monotonic() > self.at

    def check(self) -> None:
        """Raise :class:`TimeUp` once the time is up (and a remembered interrupt first)."""
        if self.passed():
            raise TimeUp()

    def within(self, seconds: Optional[float]) -> "Deadline":
        """The sooner of this deadline and ``seconds`` from now."""
        return self.sooner(Deadline.after(seconds))

    def sooner(self, other: "Deadline") -> "Deadline":
        if self.at is None:
            return other
        if other.at is None:
            return self
        return self if self.at <= other.at else other


NEVER = Deadline()


#: Deadlines further away than this (seconds) set no alarm.
ALARM_MOST = 1e6
#: An alarm that came inside :func:`deferred`: raised when the block ends.
_late: list[BaseException] = []


@contextlib.contextmanager
def alarm(deadline: Deadline, make: Callable[[], BaseException]) -> Iterator[None]:
    """Stop Python code that asks no deadline (a genre's own loops building a big grid's
    rules) when ``deadline`` passes: a SIGALRM then raises ``make()`` in the main thread,
    at the next bytecode. A backstop under the checks of :meth:`Deadline.check`; main
    thread only (elsewhere, and without a limit, it does nothing). An alarm set by
    someone else (a test's hang alarm) is kept: whichever is due first fires, and theirs
    is re-armed with what is left of it afterwards."""
    if (deadline.at is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    left = deadline.remaining()
    if left <= 0:
        raise make()
    if not left <= ALARM_MOST:  # (setitimer takes no such time, nor a NaN)
        yield
        return
    t0 = time.monotonic()
    outer_due: Optional[float] = None

    def on_alarm(signum: int, frame: Any) -> None:
        nonlocal outer_due
        if outer_due is not None and time.monotonic() >= outer_due - 1e-3:
            outer_due = None  # theirs has fired: not re-armed afterwards
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, t0 + left - time.monotonic()))
            if callable(old_handler):
                old_handler(signum, frame)  # theirs first (it may raise)
            return
        if _depth:  # a solver is being made or freed: after that
            _late.append(make())
            return
        raise make()
    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    prev_delay, prev_interval = signal.setitimer(signal.ITIMER_REAL, left)
    outer_due = t0 + prev_delay if prev_delay > 0 else None
    if outer_due is not None and prev_delay < left:
        signal.setitimer(signal.ITIMER_REAL, prev_delay)
    global _alarms
    _alarms += 1
    try:
        yield
    finally:
        _alarms -= 1
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        _late.clear()
        if outer_due is not None:  # theirs, with what is left of it
            signal.setitimer(signal.ITIMER_REAL, max(1e-6, outer_due - time.monotonic()),
                             prev_interval)


#: How many :func:`alarm` blocks are running (nested ones count each).
_alarms = 0


def rearm() -> None:
    """An alarm's exception was raised where Python drops it (inside a ``__del__``): fire
    the alarm again in 10 ms, so that the work it stops still stops (the command line's
    unraisable hook calls this). Outside an :func:`alarm` block it does nothing."""
    if _alarms and hasattr(signal, "setitimer") \
            and threading.current_thread() is threading.main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0.01)


# -- interrupts ------------------------------------------------------------------------------
#: The signal that arrived (SIGINT or SIGTERM) and has not yet stopped the program, or 0.
_pending = 0
#: Inside :func:`deferred`: an interrupt waits until the block ends.
_depth = 0


def _raise(signum: int) -> None:
    if signum == signal.SIGTERM:
        raise Terminated()
    raise KeyboardInterrupt()


def _handler(signum: int, frame: Any) -> None:
    global _pending
    _pending = signum
    if _depth == 0:
        _raise(signum)


#: The handlers :func:`install` replaced, put back by :func:`uninstall`.
_saved: dict[int, Any] = {}


def install() -> None:
    """Remembered interrupts for this process (the command line calls it; main thread
    only). A SIGINT that is ignored (a background job) stays ignored."""
    global _pending, _depth
    _pending, _depth = 0, 0
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGINT, signal.SIGTERM):
        old = signal.getsignal(sig)
        if old is _handler or (sig == signal.SIGINT and old is signal.SIG_IGN):
            continue
        _saved[sig] = old
        signal.signal(sig, _handler)


def uninstall() -> None:
    """The handlers from before :func:`install` again (a command run in-process)."""
    global _pending, _depth
    if threading.current_thread() is threading.main_thread():
        for sig, old in list(_saved.items()):
            if signal.getsignal(sig) is _handler:
                signal.signal(sig, old)
            del _saved[sig]
    _pending, _depth = 0, 0


def installed() -> bool:
    """Whether :func:`install`'s handler has SIGINT (the command line is running)."""
    return signal.getsignal(signal.SIGINT) is _handler


def pending() -> int:
    """The signal number of an interrupt that arrived (0: none)."""
    return _pending


def poll() -> None:
    """Raise an interrupt that arrived and was swallowed somewhere (see the module)."""
    if _pending and _depth == 0:
        _raise(_pending)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold an interrupt back for the block (a solver being created or freed); it is
    raised when the block ends. Without :func:`install` this changes nothing."""
    global _depth
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
    poll()
    if _late and not _depth:
        raise _late.pop()

