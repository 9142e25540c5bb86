"""A bounded pool of solver processes whose jobs can be cancelled, even while running.

Why processes: python-sat holds the GIL while CaDiCaL searches (measured: a thread that
should wake every millisecond stalls for tens of milliseconds), so solver threads would
freeze the event loop and use one core. Worker processes keep the page responsive and
use every core.

Why cancellable: a setter edits faster than a hard puzzle is checked. A newer edit from
the same page cancels the stale check: a job still queued never starts (its id goes into
a shared ring the worker reads first), and a running one is interrupted: its worker gets
SIGINT. Its handler never raises (a raise lands wherever the worker is, once inside
python-sat's ``Solver.__del__``: "double free or corruption"): it asks for
:class:`~.jobs.Cancelled` (:func:`~..solvers.deadline.request`) only while that very job
runs, the solver's own interrupt stops the solve under way (the watchdog hears the signal),
and the cancel is raised at the next check after it.

A worker that dies anyway (a crash in native code, the OOM killer) fails no request for
good: the pool is restarted and each request it held runs once more on a fresh worker;
the answer says so (``retried``). A second death is reported (500).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import multiprocessing
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Optional

from . import jobs
from ..solvers import deadline as interrupts

RING = 256            # recently cancelled job ids the workers can see
QUEUE_POLL = 0.05     # seconds between looks at whether a queued job has started
_STRIDE = 3           # per worker slot: pid, running job id, job to interrupt

# -- in the worker processes -----------------------------------------------------------------
_slots: Any = None
_ring: Any = None
_slot = -1
_current = 0


def _interrupt(signum: int, frame: Any) -> None:
    """SIGINT in a worker: cancel the running job if it is the one meant, else ignore.
    Nothing is raised here: the cancel is due, and raised at the next check."""
    if _current and _slots[_slot * _STRIDE + 2] == _current:
        interrupts.request(jobs.Cancelled)


def _init(slots: Any, ring: Any, lock: Any) -> None:
    global _slots, _ring, _slot
    _slots, _ring = slots, ring
    with lock:
        for i in range(len(slots) // _STRIDE):
            if slots[i * _STRIDE] == 0:
                slots[i * _STRIDE] = os.getpid()
                _slot = i
                break
    signal.signal(signal.SIGINT, _interrupt)
    interrupts.watch_signals()  # the watchdog hears a cancel while a solve runs
    os.environ["PENCILPROOF_THREADS"] = "1"  # one of the pool's processes: one thread each
    if hasattr(signal, "pthread_sigmask"):  # born with SIGINT blocked (see _submit)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _run(job: int, op: str, payload: Any) -> jobs.Result:
    global _current
    if job in _ring[:]:
        return 409, {"error": "cancelled by a newer request"}, jobs.JSON
    _current = job
    _slots[_slot * _STRIDE + 1] = job
    try:
        return jobs.run(op, payload)
    except (jobs.Cancelled, KeyboardInterrupt):  # z3 turns SIGINT into KeyboardInterrupt
        return 409, {"error": "cancelled by a newer request"}, jobs.JSON
    finally:
        _current = 0
        _slots[_slot * _STRIDE + 1] = 0
        interrupts.clear_request()


def _warm() -> int:
    return os.getpid()


# -- in the server -----------------------------------------------------------------------------
#: What :meth:`SolverPool._run_once` returns when the worker running the job died.
_DIED: jobs.Result = (500, {"error": "a solver process died"}, jobs.JSON)

class Busy(Exception):
    """More jobs are waiting than the pool accepts: the server answers 503."""


class SolverPool:
    """``workers`` solver processes and at most ``queue`` jobs waiting for them."""

    def __init__(self, workers: int = 2, queue: int = 64):
        self.workers = max(1, workers)
        self.queue = queue
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._ids = itertools.count(1)
        self._futures: dict[int, concurrent.futures.Future[jobs.Result]] = {}
        self._latest: dict[str, int] = {}
        self._cancelled = 0
        self._doomed: set[int] = set()  # cancelled, not yet finished
        self._executor: Optional[concurrent.futures.ProcessPoolExecutor] = None
        self._warming: Optional[asyncio.Future[None]] = None
        self._executor_of: dict[int, Any] = {}  # job -> the executor it was sent to
        #: Workers seen to die (each request on one counts) and requests run again.
        self.deaths = 0
        self.retries = 0
        self._start()

    def _start(self) -> None:
        self._slots = self._ctx.Array("q", self.workers * _STRIDE, lock=False)
        self._ring = self._ctx.Array("q", RING, lock=False)
        self._executor = concurrent.futures.ProcessPoolExecutor(
            self.workers, mp_context=self._ctx, initializer=_init,
            initargs=(self._slots, self._ring, self._ctx.Lock()))

    async def warm(self) -> None:
        """Start every worker now (each imports the solvers once) rather than on the first
        request."""
        assert self._executor is not None
        await asyncio.gather(*(asyncio.wrap_future(self._submit(_warm))
                               for _ in range(self.workers)))

    def start_warming(self) -> None:
        """:meth:`warm` without waiting for it: the server's startup is over at once, so a
        Ctrl-C while the workers still import (2-4 s on a busy machine) stops it at once."""
        self._warming = asyncio.ensure_future(self.warm())
        self._warming.add_done_callback(
            lambda task: None if task.cancelled() else task.exception())  # no log noise

    @property
    def pending(self) -> int:
        """Jobs accepted and not finished (a cancelled one no longer counts)."""
        return sum(1 for job, f in self._futures.items()
                   if not f.done() and job not in self._doomed)

    def cancel(self, job: int) -> None:
        """Cancel a job: it never starts if queued; if running, its worker interrupts it."""
        future = self._futures.get(job)
        if future is None or future.done():
            return
        self._doomed.add(job)
        self._ring[self._cancelled % RING] = job
        self._cancelled += 1
        if future.cancel():
            return
        for i in range(self.workers):
            if self._slots[i * _STRIDE + 1] == job:
                self._slots[i * _STRIDE + 2] = job
                try:
                    os.kill(self._slots[i * _STRIDE], signal.SIGINT)
                except ProcessLookupError:
                    pass

    def cancel_client(self, client: str) -> bool:
        """Cancel ``client``'s job (the setter pressed Cancel); False if it has none."""
        job = self._latest.get(client)
        if job is None:
            return False
        self.cancel(job)
        return True

    #: What a request run again after its worker died says (``retried`` in a JSON answer).
    RETRIED = "a solver process died; the request was run again on a fresh one"
    DIED = {"error": "a solver process died twice on this request; the pool was restarted"}

    async def run(self, op: str, payload: Any, client: str | None = None,
                  timeout: float | None = None) -> jobs.Result:
        """Run one job off the event loop. A job from ``client`` cancels that client's
        previous job; ``timeout`` (seconds) cancels this one and answers 504. A worker
        that dies under it: the job runs once more on a fresh worker (a newer job of the
        same client meanwhile makes it cancelled instead)."""
        result = await self._run_once(op, payload, client, timeout)
        if result is not _DIED:
            return result
        if client is not None and client in self._latest:  # a newer job of its client came
            return 409, {"error": "cancelled by a newer request"}, jobs.JSON
        self.retries += 1
        result = await self._run_once(op, payload, client, timeout)
        if result is _DIED:
            return 500, dict(self.DIED), jobs.JSON
        status, body, media = result
        if isinstance(body, dict):
            body = {**body, "retried": self.RETRIED}
        return status, body, media

    async def _run_once(self, op: str, payload: Any, client: str | None,
                        timeout: float | None) -> jobs.Result:
        assert self._executor is not None
        older = self._latest.get(client) if client is not None else None
        if older is not None:
            self.cancel(older)
        if self.pending >= self.queue:
            raise Busy()
        job = next(self._ids)
        if client is not None:
            self._latest[client] = job
        try:
            future = self._submit(_run, job, op, payload)
        except BrokenProcessPool:
            self._restart()
            future = self._submit(_run, job, op, payload)
        self._futures[job] = future
        self._executor_of[job] = self._executor
        try:
            return await self._result(job, asyncio.wrap_future(future), timeout)
        except asyncio.TimeoutError:
            self.cancel(job)
            return 504, {"error": f"time limit of {timeout:g} s reached"}, jobs.JSON
        except asyncio.CancelledError:
            if future.cancelled():
                return 409, {"error": "cancelled by a newer request"}, jobs.JSON
            self.cancel(job)  # the request itself went away (the client disconnected)
            raise
        except BrokenProcessPool:
            self.deaths += 1
            if self._executor_of.get(job) is self._executor:
                self._restart()  # (the first of its requests to hear of it restarts it)
            return _DIED
        finally:
            self._executor_of.pop(job, None)
            self._futures.pop(job, None)
            self._doomed.discard(job)
            if client is not None and self._latest.get(client) == job:
                del self._latest[client]

    def _running(self, job: int) -> bool:
        return any(self._slots[i * _STRIDE + 1] == job for i in range(self.workers))

    async def _result(self, job: int, result: "asyncio.Future[jobs.Result]",
                      timeout: float | None) -> jobs.Result:
        """The job's result; ``timeout`` counts from when a worker starts it, not from
        when it was queued (a quick check behind two long ones keeps its whole limit)."""
        started: float | None = None
        while True:
            if started is None and self._running(job):
                started = time.monotonic()
            if started is None or timeout is None:
                wait: float | None = QUEUE_POLL if timeout is not None else None
            else:
                wait = started + timeout - time.monotonic()
                if wait <= 0:
                    raise asyncio.TimeoutError()
            try:
                return await asyncio.wait_for(asyncio.shield(result), wait)
            except asyncio.TimeoutError:
                if started is not None:
                    raise

    def _restart(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self._futures.clear()
        self._start()

    def _submit(self, fn: Any, *args: Any) -> "concurrent.futures.Future[Any]":
        """Submit a call; a worker it starts is born with SIGINT blocked (the mask goes
        through exec), so a Ctrl-C to the whole terminal group while it imports is no
        traceback of its own: its initializer installs its handler, then unblocks."""
        assert self._executor is not None
        if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
            return self._executor.submit(fn, *args)
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return self._executor.submit(fn, *args)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def close(self) -> None:
        """Stop at once: queued jobs are dropped and the workers are ended, even one
        still starting (waiting for its imports took a second and more after Ctrl-C)."""
        executor, self._executor = self._executor, None
        if self._warming is not None:
            self._warming.cancel()
        if executor is None:
            return
        procs = list((getattr(executor, "_processes", None) or {}).values())
        # The manager thread frees the queues' semaphores as it ends; the fast exit after a
        # Ctrl-C once cut such a free in half (unlinked, not yet unregistered: 1 run in 20),
        # and the resource tracker warned of a leak on the setter's screen. So it is joined,
        # and held until then: shutdown() drops the executor's own reference to it.
        manager = getattr(executor, "_executor_manager_thread", None)
        executor.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join(2)
        if manager is not None:
            manager.join(2)
