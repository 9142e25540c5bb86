"""One deadline for every piece of work that can run long, and Ctrl-C as one clean outcome.

:class:`Deadline` is a point on the monotonic clock (or none). It is made once, where a
limit is given (``--time-limit``, ``--max-time``, a web request's limit), and passed
down to whatever runs long: reading, encoding, bounds and searches, solving, generation
attempts, minimization, analysis. Every loop asks it (:meth:`Deadline.check` raises
:class:`TimeUp`, which the callers turn into verdict ``unknown``); a solver gets its
:attr:`Deadline.at`. The monotonic clock is shared by the processes of one machine, so a
worker process can be handed the same deadline.

Interrupts: no signal handler here ever raises. A handler that raises lands wherever
the main thread happens to be, and that can be the middle of a native call's Python
wrapper (python-sat's ``Solver.__del__`` between freeing CaDiCaL and forgetting its
pointer: "double free or corruption" in a web worker; z3's terms between their making
and their reference count). Instead:

* the command line's SIGINT/SIGTERM handler (:func:`install`) and a deadline's SIGALRM
  (:func:`alarm`) only *remember* what is due, and a web worker's cancel calls
  :func:`request`;
* a solve under way hears it through its solver's own interrupt: :func:`watch` arms a
  watchdog thread that calls CaDiCaL's ``terminate()`` or z3's ``interrupt()`` at the
  solve's deadline or as soon as a signal arrives (it reads the signal wakeup fd, so it
  hears one while the main thread is inside C);
* what is due is raised by the checks between solver calls (:func:`poll`,
  :meth:`Deadline.check`, every backend's checkpoint), and, for a genre's own Python
  that asks no deadline, at the next line of the package's own pure-Python code (a
  trace function, armed by the handler, never in ``solvers/``, a ``__del__`` or a
  :func:`deferred` block): never inside python-sat, z3 or ctypes code.

So no Ctrl-C is lost and none lands inside native code; :func:`deferred` still holds one
back while a solver is created or freed.
"""
from __future__ import annotations

import contextlib
import math
import os
import select
import signal
import sys
import sysconfig
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

# -- what is due -------------------------------------------------------------------------------
#: The signal that arrived (SIGINT or SIGTERM) and has not yet stopped the program, or 0.
_pending = 0
#: Inside :func:`deferred`: nothing is raised until the block ends.
_depth = 0
#: Alarms that fired (by block, innermost last): raised once each, inside their block.
_due: dict[object, Callable[[], BaseException]] = {}
#: A stop asked for with :func:`request` (a web job's cancel): raised until cleared.
_requested: Optional[Callable[[], BaseException]] = None


def _raise(signum: int) -> None:
    if signum == signal.SIGTERM:
        raise Terminated()
    raise KeyboardInterrupt()


def due() -> bool:
    """Whether anything is due to be raised (an interrupt, an alarm, a request)."""
    return bool(_pending or _due or _requested is not None)


def poll() -> None:
    """Raise what is due: an interrupt that arrived, a request, an alarm that fired. The
    one place (with :meth:`Deadline.check` and the trace below) they are raised: at a
    check between solver calls, never inside one."""
    if _depth:
        return
    if _pending:
        _disarm_trace()
        _raise(_pending)
    if _requested is not None:
        _disarm_trace()
        raise _requested()
    if _due:
        key = next(reversed(_due))
        make = _due.pop(key)
        if not due():
            _disarm_trace()
        raise make()


def request(make: Callable[[], BaseException]) -> None:
    """Ask the work under way to stop with ``make()`` (a web job's cancel). Safe in a
    signal handler: it raises nothing; the next check does, and a solve under way is
    interrupted by the watchdog (a signal wakes it; see :func:`watch`)."""
    global _requested
    _requested = make
    _arm_trace(sys._getframe(1))
    _interrupt_now()


def clear_request() -> None:
    """The requested stop is over (its job ended)."""
    global _requested
    _requested = None
    if not due():
        _disarm_trace()


@contextlib.contextmanager
def alarm(deadline: Deadline, make: Callable[[], BaseException]) -> Iterator[None]:
    """Stop Python code that asks no deadline (a genre's own loops building a big grid's
    rules) when ``deadline`` passes: its SIGALRM makes ``make()`` due, raised inside the
    block at the next check or the next line of the package's own Python (see the
    module), never inside a native call. A backstop under the checks of
    :meth:`Deadline.check`; main thread only (elsewhere, and without a limit, it does
    nothing). An alarm set by someone else (a test's hang alarm) is kept: whichever is
    due first fires, and theirs is re-armed with what is left of it afterwards."""
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
    token = object()

    def on_alarm(signum: int, frame: Any) -> None:
        nonlocal outer_due
        if outer_due is not None and time.monotonic() >= outer_due - 1e-3:
            outer_due = None  # theirs has fired: not re-armed afterwards
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, t0 + left - time.monotonic()))
            if callable(old_handler):
                old_handler(signum, frame)  # theirs first (a test's: it may raise)
            return
        _due[token] = make  # raised by the next check, never here
        _arm_trace(frame)
    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    prev_delay, prev_interval = signal.setitimer(signal.ITIMER_REAL, left)
    outer_due = t0 + prev_delay if prev_delay > 0 else None
    if outer_due is not None and prev_delay < left:
        signal.setitimer(signal.ITIMER_REAL, prev_delay)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        _due.pop(token, None)  # fired just as the work ended: the work is done
        if not due():
            _disarm_trace()
        if outer_due is not None:  # theirs, with what is left of it
            signal.setitimer(signal.ITIMER_REAL, max(1e-6, outer_due - time.monotonic()),
                             prev_interval)


def rearm() -> None:
    """Kept for callers of the old alarms (an alarm's exception swallowed in a
    ``__del__``): none is raised there any more, so there is nothing to fire again."""


# -- raising at a safe line --------------------------------------------------------------------
_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
#: Package files whose lines are never interrupted: they hold native objects between
#: statements (a solver's pointer, a z3 term's reference, the C A* core's thread, a
#: worker's slot); they raise only at their own checks.
_NATIVE_FILES = tuple(os.path.join(_PKG, *p) for p in (
    ("solvers", ""), ("web", "pool.py"), ("encodings", "floodit", "astar.py"),
    ("encodings", "floodit", "portfolio.py")))
_safe_codes: dict[Any, bool] = {}
_traced: list[tuple[Any, Any]] = []   # (frame, its trace function before ours)
_trace_saved: list[Any] = []          # sys.gettrace() before ours (one entry while armed)


def _libraries() -> tuple[str, ...]:
    """Where installed code lives (the standard library, site-packages): python-sat's and
    z3's wrappers, Dask's, threading's locks. Lines there are never interrupted."""
    paths = sysconfig.get_paths()
    dirs = {os.path.abspath(paths[k]) + os.sep
            for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    return tuple(sorted(dirs))


_LIBRARIES = _libraries()


def _safe_code(code: Any) -> bool:
    """Whether a line of this code may be where a stop is raised: the package's own
    Python (or the application's: a script, a test) outside the native-holding files,
    never a finalizer, never installed libraries' code."""
    ok = _safe_codes.get(code)
    if ok is None:
        name = code.co_filename
        if name.startswith("<"):  # <frozen ...>, <string>
            ok = False
        else:
            name = os.path.abspath(name)
            ok = ((name.startswith(_PKG) or not name.startswith(_LIBRARIES))
                  and not name.startswith(_NATIVE_FILES) and code.co_name != "__del__")
        _safe_codes[code] = ok
    return ok


def _line_safe(frame: Any) -> bool:
    """A line of the package's own Python, not inside a finalizer, outside deferred()."""
    if _depth or not _safe_code(frame.f_code):
        return False
    f = frame.f_back
    while f is not None:
        if f.f_code.co_name == "__del__":
            return False
        f = f.f_back
    return True


def _line_stop(frame: Any, event: str, arg: Any) -> Any:
    if not _trace_saved:
        return None
    if event == "line" and due() and _line_safe(frame):
        poll()  # raises (and disarms)
    return _line_stop


def _call_stop(frame: Any, event: str, arg: Any) -> Any:
    if not _trace_saved:
        return None
    return _line_stop if _safe_code(frame.f_code) else None


def _arm_trace(frame: Any) -> None:
    """Trace the main thread's package lines until what is due is raised (see above)."""
    if _trace_saved or threading.current_thread() is not threading.main_thread():
        return
    _trace_saved.append(sys.gettrace())
    f = frame
    while f is not None:
        if _safe_code(f.f_code):
            _traced.append((f, f.f_trace))
            f.f_trace = _line_stop
        f = f.f_back
    sys.settrace(_call_stop)


def _disarm_trace() -> None:
    if not _trace_saved or threading.current_thread() is not threading.main_thread():
        return
    sys.settrace(_trace_saved.pop())
    for f, old in _traced:
        f.f_trace = old
    _traced.clear()


# -- the watchdog: a solver's own interrupt ----------------------------------------------------
class _Armed:
    """One solve the watchdog looks after (see :func:`watch`)."""
    __slots__ = ("interrupt", "at", "fired")

    def __init__(self, interrupt: Callable[[], None], at: float) -> None:
        self.interrupt, self.at, self.fired = interrupt, at, ""

    def fire(self, why: str) -> None:  # (under the watchdog's lock)
        if self.fired:
            return
        self.fired, self.at = why, math.inf
        try:
            self.interrupt()
        except Exception:  # pragma: no cover - an interrupt that failed: the deadline stands
            pass


class _Watchdog:
    """One thread per process that calls the interrupt of each solve under way when its
    deadline passes or a signal arrives (a solve releases the GIL: the thread runs
    meanwhile; a Dask worker's threads may solve at once). ``lock`` is held while it
    calls an interrupt, so once :func:`watch`'s block is left that solver is never
    touched again (it may be freed)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.armed: dict[int, _Armed] = {}
        self.early = False  # a signal came while nothing was armed: the next solve hears it
        self.thread: Optional[threading.Thread] = None
        self.ctl: Optional[tuple[int, int]] = None
        self.sig: Optional[tuple[int, int]] = None  # the signal wakeup pipe, if ours

    def start(self) -> None:
        if self.ctl is None:
            self.ctl = _pipe()
        if self.thread is None:
            self.thread = threading.Thread(target=self._loop, name="pencilproof-watchdog",
                                           daemon=True)
            self.thread.start()

    def wake(self) -> None:
        if self.ctl is not None:
            try:
                os.write(self.ctl[1], b"\0")
            except OSError:  # full (it is awake) or closed
                pass

    def fire_all(self, why: str) -> None:  # (under the lock)
        for armed in self.armed.values():
            armed.fire(why)

    def _loop(self) -> None:
        while True:
            with self.lock:
                at = min((a.at for a in self.armed.values()), default=math.inf)
            ctl, sig = self.ctl, self.sig
            if ctl is None:  # pragma: no cover - reset under us
                return
            fds = [ctl[0]] + ([sig[0]] if sig is not None else [])
            wait = None if at == math.inf else max(0.0, at - time.monotonic())
            try:
                ready, _, _ = select.select(fds, [], [], wait)
            except (OSError, ValueError):
                time.sleep(0.01)
                continue
            signalled = False
            for fd in ready:
                data = _drain(fd)
                if sig is not None and fd == sig[0]:
                    signalled = signalled or any(b in _STOPS for b in data)
            with self.lock:
                if signalled:
                    if self.armed:
                        self.fire_all("signal")
                    else:
                        self.early = True
                now = time.monotonic()
                for armed in self.armed.values():
                    if now >= armed.at:
                        armed.fire("deadline")


_STOPS = {int(signal.SIGINT), int(signal.SIGTERM), int(getattr(signal, "SIGALRM", 14))}
_dog = _Watchdog()


def _pipe() -> tuple[int, int]:
    r, w = os.pipe()
    for fd in (r, w):
        os.set_blocking(fd, False)
        os.set_inheritable(fd, False)
    return r, w


def _drain(fd: int) -> bytes:
    out = b""
    while True:
        try:
            data = os.read(fd, 512)
        except (BlockingIOError, InterruptedError):
            return out
        except OSError:
            return out
        if not data:
            return out
        out += data


def _interrupt_now() -> None:
    """A stop was asked for in this thread (not while a solve runs in it): the solves
    under way elsewhere hear it now, the next one as it starts."""
    if _dog.lock.acquire(blocking=False):  # (a handler may run inside watch()'s lock)
        try:
            if _dog.armed:
                _dog.fire_all("request")
            else:
                _dog.early = True
        finally:
            _dog.lock.release()
    else:
        _dog.early = True


class Watch:
    """What :func:`watch` tells afterwards: ``fired`` is "" (the solve ended by itself),
    "deadline", "signal" or "request"."""
    fired = ""


@contextlib.contextmanager
def watch(interrupt: Callable[[], None], at: Optional[float] = None) -> Iterator[Watch]:
    """Arm the watchdog for one native solve: ``interrupt`` (the solver's own: thread-safe,
    returns at once) is called at ``at`` (a ``time.monotonic()`` value; None: no
    deadline), on a signal (Ctrl-C, SIGTERM, a web cancel's SIGINT, an alarm), or at
    once if one came since the last solve or a stop is due. Never called after the
    block: the solver may be freed then."""
    w = _dog
    result = Watch()
    if w.thread is None or w.ctl is None:
        w.start()
    if threading.current_thread() is threading.main_thread():
        # a library user's process (or one whose command line ran in-process and ended:
        # uninstall() stopped listening): its Ctrl-C stops a solve too
        _listen_if_free()
    armed = _Armed(interrupt, math.inf if at is None else at)
    key = id(armed)
    with w.lock:
        w.armed[key] = armed
        early, w.early = w.early, False
        if early or due():
            armed.fire("signal")
    if at is not None:
        w.wake()  # to look at the new deadline
    try:
        yield result
    finally:
        with w.lock:
            del w.armed[key]
        result.fired = armed.fired


def watch_signals() -> None:
    """Let the watchdog hear this process's signals (the main thread only: the wakeup fd
    is the process's one; asyncio's loop, where one runs, takes it over)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if _dog.sig is None:
        _dog.sig = _pipe()
    _dog.start()
    _dog.wake()  # (it may be waiting without the new pipe)
    try:
        old = signal.set_wakeup_fd(_dog.sig[1], warn_on_full_buffer=False)
    except (ValueError, OSError):  # pragma: no cover - not the main interpreter
        return
    if old not in (-1, _dog.sig[1]):
        _wakeup_saved.append(old)
    else:
        _wakeup_saved.append(-1)


_wakeup_saved: list[int] = []


def _listen_if_free() -> None:
    """:func:`watch_signals` unless the wakeup fd is someone else's (asyncio's)."""
    try:
        old = signal.set_wakeup_fd(-1)
    except (ValueError, OSError):  # pragma: no cover - not the main interpreter
        return
    if old != -1:
        signal.set_wakeup_fd(old)  # theirs: left alone
        return
    watch_signals()


def unwatch_signals() -> None:
    if _wakeup_saved and threading.current_thread() is threading.main_thread():
        try:
            signal.set_wakeup_fd(_wakeup_saved.pop())
        except (ValueError, OSError):  # pragma: no cover
            pass


def _before_fork() -> None:
    _dog.lock.acquire()  # never fork while the watchdog is inside a solver's interrupt


def _after_fork_parent() -> None:
    _dog.lock.release()


def _after_fork_child() -> None:
    """A forked child has no watchdog thread and must not share the parent's pipes (a
    signal to one would wake the other): fresh ones, made when first needed."""
    global _dog
    ours = _dog.sig is not None
    _dog = _Watchdog()
    _trace_saved.clear()
    _traced.clear()
    if ours:
        try:
            signal.set_wakeup_fd(-1)
        except (ValueError, OSError):  # pragma: no cover
            pass
        watch_signals()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_parent,
                        after_in_child=_after_fork_child)


# -- interrupts ------------------------------------------------------------------------------
def _handler(signum: int, frame: Any) -> None:
    """SIGINT/SIGTERM of the command line: remembered, never raised here (see the module)."""
    global _pending
    _pending = signum
    _arm_trace(frame)


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
    watch_signals()


def uninstall() -> None:
    """The handlers from before :func:`install` again (a command run in-process)."""
    global _pending, _depth
    if threading.current_thread() is threading.main_thread():
        for sig, old in list(_saved.items()):
            if signal.getsignal(sig) is _handler:
                signal.signal(sig, old)
            del _saved[sig]
        unwatch_signals()
    _pending, _depth = 0, 0
    _disarm_trace()


def installed() -> bool:
    """Whether :func:`install`'s handler has SIGINT (the command line is running)."""
    return signal.getsignal(signal.SIGINT) is _handler


def pending() -> int:
    """The signal number of an interrupt that arrived (0: none)."""
    return _pending


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold what is due back for the block (a solver being created or freed); it is
    raised when the block ends."""
    global _depth
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
    poll()
