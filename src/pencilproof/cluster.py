"""Generation and batch checking on a Dask cluster (the optional ``cluster`` extra).

pencilproof ships no network layer of its own: ``--cluster tcp://HOST:PORT`` hands the
work to a running Dask scheduler (``dask scheduler`` on one machine, ``dask worker
tcp://HOST:PORT`` on others, or any Dask deployment), and ``--cluster local:N`` starts a
loopback ``LocalCluster`` of N worker processes for one run. This module connects
(:func:`connect`) and checks a batch there (:func:`check_ordered`); generation's runner on
the cluster is :class:`~.generator.pool.DaskRunner`, beside the other runners, and it
uses this module: nothing here imports the generator.

What travels: a task is a module-level function of this package plus plain data (the
generation options, the master seed and one candidate index; or one puzzle and the check
options). Workers import pencilproof themselves, so every worker needs the same version
installed. Results come back as the same frozen dataclasses a local run makes. Solvers
never travel (they cannot be pickled).

Semantics match the local pool (:mod:`.generator.pool`): candidate ``i``'s puzzle depends
on the options, the seed and ``i`` only; each finished puzzle is re-checked and appended
in the parent at once; Ctrl-C cancels what is outstanding and keeps what is written.
Tasks are submitted with explicit keys (Dask would merge identical "pure" submissions).
A worker that dies has its tasks rescheduled by the scheduler; a task whose workers keep
dying (Dask's ``allowed-failures``, 1 here for local clusters) is reported as that
candidate's failure, never lost nor written twice.
"""
from __future__ import annotations

import contextlib
import ipaddress
import logging
import re
import signal
import threading
import time
import uuid
from typing import Any, Iterator, Optional, Sequence

from .checker import check
from .errors import InputError, install_hint
from .solvers import deadline as interrupts

log = logging.getLogger("pencilproof.cluster")

INSTALL = install_hint("cluster")
_LOCAL = re.compile(r"local:([0-9]{1,3})")
#: Log level that silences Dask's own loggers on a loopback cluster (their shutdown
#: chatter, even at CRITICAL, is about Dask's internals, not the user's run).
_SILENT = logging.CRITICAL + 10
#: Seconds to wait for a remote scheduler before giving up.
CONNECT_TIMEOUT = 10.0


#: Seconds a run waits on a cluster that has no workers left before it stops and says
#: so (a nanny restarts a dead worker within a few seconds), and how often it looks.
NO_WORKERS_GRACE = 30.0
WATCH_EVERY = 2.0


class NoWorkers(InputError):
    """The cluster has had no workers for :data:`NO_WORKERS_GRACE` seconds: nothing it
    holds will run, so the run stops (what finished is kept) instead of waiting forever."""


class Watchdog:
    """Notices a cluster whose workers have all died (or whose scheduler went away)."""

    def __init__(self, client: Any, address: str):
        self.client, self.address = client, address
        self.since: Optional[float] = None
        self.next = 0.0

    def check(self) -> None:
        """Raise :class:`NoWorkers` once there have been none for the grace period."""
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + WATCH_EVERY
        try:
            alive = sum(self.client.nthreads().values())
        except Exception:  # the scheduler does not answer: no worker can be reached
            alive = 0
        if alive:
            self.since = None
            return
        if self.since is None:
            self.since = now
        elif now - self.since >= NO_WORKERS_GRACE:
            raise NoWorkers(f"the Dask cluster at {self.address} has had no workers for "
                            f"{NO_WORKERS_GRACE:g} s: nothing it holds can run", "--cluster")


def load_distributed() -> Any:
    """The ``distributed`` module, or a one-line error naming the extra to install."""
    try:
        import distributed
    except ImportError:
        raise InputError(f"needs Dask distributed, which is not installed: {INSTALL}",
                         "--cluster") from None
    return distributed


_TCP = re.compile(r"tcp://(\[[^\]/]*\]|[^:/\[\]]+):([0-9]{1,5})/?")


def check_address(address: str) -> Optional[int]:
    """The worker count of ``local:N`` (None for a scheduler's address); a one-line
    error for anything else, before any work starts: only ``tcp://HOST:PORT`` (an IPv6
    host in brackets) reaches a scheduler, since pencilproof configures no TLS
    certificates and no other transport."""
    if not isinstance(address, str) or not address.strip():
        raise InputError("empty address (expected tcp://HOST:PORT or local:N)", "--cluster")
    address = address.strip()
    m = _LOCAL.fullmatch(address)
    if m and not 1 <= int(m.group(1)) <= 256:
        raise InputError(f"local:{m.group(1)}: the number of workers must be 1..256",
                         "--cluster")
    if not m:
        _check_tcp(address)
    load_distributed()
    return int(m.group(1)) if m else None


def _check_tcp(address: str) -> None:
    """A one-line error unless ``address`` is tcp://HOST:PORT with a usable host and port."""
    scheme = address.split("://", 1)[0].lower() if "://" in address else None
    if scheme is None or not re.fullmatch(r"[a-z][a-z0-9+.-]*", scheme):
        raise InputError(f"{address!r} is not a scheduler address (expected "
                         "tcp://HOST:PORT or local:N)", "--cluster")
    if scheme == "tls":
        raise InputError(f"{address}: tls:// needs certificates, which --cluster does not "
                         "take (use tcp://HOST:PORT, e.g. through an SSH tunnel)", "--cluster")
    if scheme != "tcp":
        raise InputError(f"{address}: {scheme}:// is not supported (expected tcp://HOST:PORT "
                         "or local:N)", "--cluster")
    m = _TCP.fullmatch(address)
    if m is None:
        rest = address.split("://", 1)[1]
        why = ("an IPv6 host needs its closing bracket, e.g. tcp://[::1]:8786"
               if rest.startswith("[") and "]" not in rest else
               "no port (expected tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786)"
               if not re.search(r":[0-9]+/?$", rest) else
               "expected tcp://HOST:PORT")
        raise InputError(f"{address}: {why}", "--cluster")
    host, port = m.group(1), int(m.group(2))
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise InputError(f"{address}: {host} is not an IPv6 address", "--cluster") from None
    if not 1 <= port <= 65535:
        raise InputError(f"{address}: port {port} is not 1..65535", "--cluster")


def _ignore_sigint() -> Any:
    """SIGINT ignored and blocked while the local cluster starts. Ignored: its workers
    inherit that through exec (a disposition is the process's; the mask is only the
    starting thread's, and Dask starts them from its own loop thread) and never print a
    KeyboardInterrupt of their own. Blocked too: a Ctrl-C that arrives meanwhile stays
    pending (Linux keeps a blocked signal even while it is ignored) and reaches this
    process's handler when the block ends, instead of being lost (the batch then ran on
    to its end, exit 0)."""
    if threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "pthread_sigmask"):
        return None
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return mask, signal.signal(signal.SIGINT, signal.SIG_IGN)


def _restore_sigint(previous: Any) -> None:
    if previous is not None:
        mask, handler = previous
        signal.signal(signal.SIGINT, handler)  # the handler first, then what is pending
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


@contextlib.contextmanager
def connect(address: str) -> Iterator[Any]:
    """A Dask client for ``tcp://HOST:PORT`` (a running scheduler) or ``local:N`` (a
    loopback cluster of N single-threaded worker processes, closed afterwards)."""
    local = check_address(address)
    address = address.strip()
    distributed = load_distributed()
    import dask
    cluster = None
    with dask.config.set({"distributed.scheduler.allowed-failures": 1,
                          "distributed.worker.daemon": False,
                          "distributed.admin.tick.limit": "1h",
                          "logging.distributed": "error"}):
        try:
            if local is not None:
                # Workers start with Ctrl-C blocked (inherited through exec): the parent
                # handles it, cancels their tasks and closes them, as the process pool does.
                previous = _ignore_sigint()
                try:
                    cluster = distributed.LocalCluster(
                        n_workers=local, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=_SILENT,
                        host="127.0.0.1")
                finally:
                    _restore_sigint(previous)
                client = distributed.Client(cluster)
            else:
                client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except Exception as e:  # refused, timed out, or an address Dask cannot use
            if cluster is not None:
                with contextlib.suppress(Exception):
                    cluster.close()
            raise InputError(f"cannot reach the Dask scheduler at {address} "
                             f"({type(e).__name__}: {e})", "--cluster") from None
        try:
            yield client
        finally:
            with contextlib.suppress(Exception):
                client.close()
            if cluster is not None:
                with contextlib.suppress(Exception):
                    cluster.close()


def workers(client: Any) -> int:
    """Worker threads the scheduler has now (at least 1: tasks queue until one comes)."""
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # a scheduler that does not answer: reported when tasks fail
        return 1


#: Seconds of one wait on the scheduler between two looks at a Ctrl-C (the handler only
#: remembers it: a wait on Dask's futures is never interrupted from inside, where Dask's
#: own code would catch it or drop it).
POLL_EVERY = 0.2


def wait_first(distributed: Any, pending: set[Any], timeout: Optional[float]) -> set[Any]:
    """The futures that finished within ``timeout`` seconds (empty set: none did). A
    Ctrl-C or SIGTERM that arrives meanwhile is raised here within :data:`POLL_EVERY`."""
    until = None if timeout is None else time.monotonic() + timeout
    futures = list(pending)
    while True:
        interrupts.poll()
        step = POLL_EVERY if until is None else min(POLL_EVERY, until - time.monotonic())
        if step <= 0:
            return set()
        try:
            done, _ = distributed.wait(futures, timeout=step, return_when="FIRST_COMPLETED")
        except (TimeoutError, distributed.TimeoutError):
            continue
        interrupts.poll()
        return set(done)


def failure(future: Any) -> str:
    try:
        exc = future.exception()
    except Exception as e:  # cancelled, or the scheduler went away
        exc = e
    return f"{type(exc).__name__}: {exc}"


def _check_task(puzzle: Any, options: dict[str, Any]) -> tuple[str, Any]:
    """Check one puzzle on a worker: ("ok", result) or ("input", message) for bad input
    (InputError does not pickle with its place; the message does)."""
    if options.get("limit") is None and puzzle.param("limit") is not None:
        options = {**options, "limit": puzzle.param("limit")}  # a board's own move limit
    try:
        return "ok", check(puzzle, **options)
    except InputError as e:
        return "input", str(e)


def check_ordered(items: Sequence[tuple[str, Any]], address: str, **options: Any
                  ) -> Iterator[tuple[str, Any, Any]]:
    """``(label, puzzle, result or InputError)`` for each item, in input order, each as
    soon as it and all before it are done; the checks run on the cluster."""
    distributed = load_distributed()
    with connect(address) as client:
        run = uuid.uuid4().hex[:12]
        futures = [client.submit(_check_task, puzzle, options, pure=False,
                                 key=f"pencilproof-check-{run}-{k}")
                   for k, (_, puzzle) in enumerate(items)]
        dog = Watchdog(client, address)
        try:
            for (label, puzzle), f in zip(items, futures):
                while not f.done():
                    wait_first(distributed, {f}, WATCH_EVERY)
                    dog.check()
                if f.status != "finished":
                    yield label, puzzle, InputError(f"the check failed on the cluster "
                                                    f"({failure(f)})", label)
                    continue
                kind, value = f.result()
                yield label, puzzle, value if kind == "ok" else InputError(value)
        finally:
            with contextlib.suppress(Exception):
                client.cancel([f for f in futures if not f.done()], force=True)
