"""Generate many puzzles into a JSON-lines file, fanned out over worker processes.

Candidate ``i`` makes the same puzzle whatever the number of jobs (its seed comes from
the master seed and ``i``), so a run's puzzles depend on ``--seed`` and ``--count``
only. The parent re-checks each finished puzzle with the checker and appends it to the
file at once (flush and fsync), so Ctrl-C, ``--max-time`` or a crashed worker lose no
finished puzzle, and ``--resume`` runs just the candidates missing from the file.

Where candidates run is a :class:`Runner`: in this process (one job) or on worker
processes (:class:`ProcessRunner`) or on a Dask cluster (:class:`DaskRunner`). A runner
hands each finished :class:`~.generate.Generated` puzzle to the parent, which re-checks
the puzzle object and serializes it once, as it writes it (:class:`_Sink`).

Each worker process has its own pipe, so the parent always knows which candidate a
worker holds and notices at once when one dies (EOF on its pipe). Workers never see
SIGINT (the parent handles Ctrl-C) and die with the parent, even a ``kill -9`` of it.

The output file is locked for the whole run, so two runs never write one file. If it
cannot be written (disk full), the run stops: the file holds whole records only.
"""
from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
import traceback
import uuid
from dataclasses import dataclass
from pathlib import Path
from multiprocessing.connection import Connection
from multiprocessing.context import DefaultContext
from typing import Any, Callable, Iterator, Optional, Protocol, Sequence

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: no lock
    fcntl = None  # type: ignore[assignment]

from ..checker import Verdict, check_unique, optimum
from ..cluster import NoWorkers
from ..errors import InputError, InternalError
from ..formats.jsondoc import loads
from ..solvers.deadline import NEVER, Deadline, Terminated, TimeUp, deferred, installed
from .generate import GenerateOptions, Generated, generate_one
from .minimize import clue_count

log = logging.getLogger("pencilproof.generator")


@dataclass(frozen=True)
class RunReport:
    """How a run ended: puzzles in the file, which candidates failed, and the time."""

    path: str
    count: int                 # candidates asked for (indices 0 .. count-1)
    earlier: int               # finished puzzles already in the file (--resume)
    new: int                   # puzzles written by this run
    failed: tuple[int, ...]    # candidates that found no puzzle within --max-attempts
    crashed: tuple[int, ...]   # candidates whose worker died or raised
    interrupted: bool          # Ctrl-C
    timed_out: bool            # --max-time ran out before every candidate finished
    jobs: int
    seconds: float
    write_error: str | None = None  # the output could not be written: the run stopped
    unproven: int = 0          # boards skipped by the written ones: optimum not proven in time
    clues: tuple[int, ...] = ()  # clue counts of the puzzles written by this run
    stopped: str | None = None  # the run could not go on (a cluster without workers)
    terminated: bool = False   # the interrupt was SIGTERM, not Ctrl-C

    @property
    def missing(self) -> int:
        return self.count - self.earlier - self.new - len(self.failed)


#: The most candidates one run makes (its lists of candidates stay a few MB).
MAX_COUNT = 1_000_000


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# -- the output file ---------------------------------------------------------------------
def read_records(path: Path, options: GenerateOptions, seed: int) -> dict[int, dict[str, Any]]:
    """Finished records of an earlier run, by candidate index.

    A half-written last line (the run was killed while writing it) is cut off the file;
    any other bad line, or a record made with other options, is bad input.
    """
    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", str(path)) from None
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        log.warning("%s: dropping a half-written last line (%d bytes)", path, len(data) - keep)
        with open(path, "r+b") as f:
            f.truncate(keep)
        data = data[:keep]
    want = options.to_json()
    out: dict[int, dict[str, Any]] = {}
    first_line: dict[int, int] = {}
    for n, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        rec = loads(line, str(path), n)  # (one line per failure: nesting, huge numbers too)
        if not isinstance(rec, dict) or not isinstance(rec.get("index"), int):
            raise InputError("not a generated puzzle record (no 'index')", where)
        if rec.get("master_seed") != seed:
            raise InputError(f"made with --seed {rec.get('master_seed')}, not {seed}; "
                             "resume with the same options", where)
        if rec.get("options") != want:
            raise InputError(f"made with other options ({_diff(rec.get('options'), want)}); "
                             "resume with the same options", where)
        if rec["index"] in first_line:
            raise InputError(f"candidate {rec['index']} appears twice (first on line "
                             f"{first_line[rec['index']]})", where)
        first_line[rec["index"]] = n
        out[rec["index"]] = rec
    return out


def _diff(old: object, new: dict[str, Any]) -> str:
    if not isinstance(old, dict):
        return "no options recorded"
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return ", ".join(f"{k} {old.get(k)!r}, now {new.get(k)!r}" for k in keys)


@contextlib.contextmanager
def _ctrl_c_deferred() -> Iterator[None]:
    """Hold a Ctrl-C that arrives inside the block until the block is done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if installed():  # the command line's handlers: SIGTERM is held back too
        with deferred():
            yield
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        if callable(previous):
            previous(signal.SIGINT, None)  # Python's default raises KeyboardInterrupt
        elif previous == signal.SIG_DFL:
            raise KeyboardInterrupt


class SinkError(Exception):
    """The output file could not be written (disk full, I/O error); the run stops."""


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _sync(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOTSUP):  # a device that cannot sync
            raise


class _Sink:
    """The output file: each record re-checked by the checker, then written and synced.

    Opened (created) and locked at the start of a run, so that a file that cannot be
    written fails before any work and a second run on the same file fails at once.
    """

    def __init__(self, path: Path, options: GenerateOptions, seed: int):
        self.path = path
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        except OSError as e:
            raise InputError(f"cannot write: {e.strerror}", str(path)) from None
        if fcntl is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(self.fd)
                raise InputError("another pencilproof run is writing this file",
                                 str(path)) from None
            except OSError:  # a file system without locks: go on unlocked
                pass
        self.options = options
        self.seed = seed
        self.written = 0
        self.unproven = 0  # boards skipped before the written ones: optimum not proven
        self.clues: list[int] = []  # clue counts of the puzzles written by this run

    def write(self, got: Generated, until: Deadline = NEVER) -> None:
        """Re-check the puzzle independently, then append its record (serialized here,
        once) and sync it. A re-check that cannot end by the run's end (``until``)
        raises :class:`TimeUp`: the puzzle is not written."""
        if got.optimum is not None:  # an optimisation genre: the optimum proven again
            best = optimum(got.puzzle, backend=self.options.backend, deadline=until)
            if best.verdict is Verdict.UNKNOWN:
                raise TimeUp()
            if best.optimum != got.optimum:
                raise InternalError(f"generated puzzle {got.index} re-checked with optimum "
                                    f"{best.optimum}, not {got.optimum}")
            seconds = best.seconds
        else:
            res = check_unique(got.puzzle, backend=self.options.backend, deadline=until)
            if res.verdict is Verdict.UNKNOWN:
                raise TimeUp()
            if res.verdict is not Verdict.UNIQUE or res.solutions[0] != got.solution:
                raise InternalError(f"generated puzzle {got.index} re-checked as "
                                    f"{res.verdict.value}, not unique with its answer")
            seconds = res.seconds
        rec = got.to_record(self.seed, self.options)
        line = (json.dumps(rec, separators=(",", ":")) + "\n").encode("utf-8")
        with _ctrl_c_deferred():  # a line is written and counted, or neither
            start = os.fstat(self.fd).st_size
            try:
                _write_all(self.fd, line)
                _sync(self.fd)
            except OSError as e:
                with contextlib.suppress(OSError):  # no half line stays behind
                    os.ftruncate(self.fd, start)
                raise SinkError(f"{self.path}: cannot write: {e.strerror or e}") from None
            self.written += 1
            self.unproven += got.unproven
            if "clues" in rec:
                self.clues.append(rec["clues"])
            log.debug("candidate %d: re-checked in %.3f s, written", rec["index"], seconds)

    def close(self) -> None:
        os.close(self.fd)


# -- running candidates -----------------------------------------------------------------
#: What a runner reports for one candidate: ("done", index, Generated or None: no puzzle
#: within --max-attempts), ("error", index, the exception's text) or ("crashed", index,
#: how the process running it ended).
Outcome = tuple[str, int, Any]


class Runner(Protocol):
    """Runs candidates somewhere and reports each outcome as soon as it is known.

    ``run`` calls ``started()`` once its workers are up (the parent starts its progress
    bar then), ``on_done(outcome)`` per finished candidate, and ``idle()`` at least every
    ``idle_every()`` seconds while it waits; it returns True if ``deadline`` cut the run
    short. Tasks carry only the options, the master seed and candidate indices.
    """

    def run(self, todo: Sequence[int], deadline: Deadline, started: Callable[[], None],
            on_done: Callable[[Outcome], None], idle: Callable[[], None],
            idle_every: Callable[[], Optional[float]]) -> bool: ...


def _outcome(options: GenerateOptions, seed: int, index: int,
             until: Deadline = NEVER) -> Outcome:
    """Make one candidate here; an exception is that candidate's failure, not the run's.
    The run's end (``until``) is no failure: :class:`TimeUp` goes on up."""
    try:
        return ("done", index, _make(options, seed, index, until))
    except (TimeUp, InputError):  # the run's end; options no candidate can meet (a size)
        raise
    except Exception as e:
        log.debug("candidate %d failed:\n%s", index, traceback.format_exc())
        return ("error", index, f"{type(e).__name__}: {e}")


class InlineRunner:
    """Candidates one after another in this process (``--jobs 1``)."""

    def __init__(self, options: GenerateOptions, seed: int):
        self.options, self.seed = options, seed

    def run(self, todo: Sequence[int], deadline: Deadline, started: Callable[[], None],
            on_done: Callable[[Outcome], None], idle: Callable[[], None],
            idle_every: Callable[[], Optional[float]]) -> bool:
        started()
        for i in todo:
            try:
                if deadline.passed():
                    return True
                on_done(_outcome(self.options, self.seed, i, deadline))
            except TimeUp:  # the candidate under way is given up at the run's end
                return True
            idle()
        return False


def _make(options: GenerateOptions, seed: int, index: int,
          until: Deadline = NEVER) -> Generated | None:
    t0 = time.perf_counter()
    got = generate_one(options, seed, index, until)
    if got is None:
        log.info("candidate %d: no puzzle in %d attempts", index, options.max_attempts)
        return None
    what = (f"optimum {got.optimum}" if got.optimum is not None
            else f"{clue_count(got.puzzle)} clues")
    log.info("candidate %d: %s, attempt %d, %.3f s", index, what, got.attempt,
             time.perf_counter() - t0)
    log.debug("candidate %d: seed %s, %d solver calls", index, got.seed, got.solver_calls)
    return got


#: prctl(2) option: the signal the kernel sends a process when its parent dies.
_PR_SET_PDEATHSIG = 1
#: Seconds between a waiting worker's checks that its parent is still alive.
_PARENT_POLL = 1.0


def _die_with_parent() -> None:
    """Linux: have the kernel SIGKILL this process when its parent dies, even in the
    middle of a solve (the parent is the thread that started us, which joins us)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0),
                   ctypes.c_ulong(0), ctypes.c_ulong(0))
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        pass


def _block_sigint() -> None:
    """Never see SIGINT: blocked, not just ignored, since python-sat installs its own
    SIGINT handler for the length of each solve (and would fail the candidate)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread for the block (one that arrives is delivered
    after it), so that a process forked inside starts with SIGINT blocked."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _worker_main(conn: Connection, options: GenerateOptions, seed: int, level: int | None,
                 parent_pid: int | None = None) -> None:
    """A worker: candidate indices in, records out, until it is sent None or its
    parent is gone (``parent_pid``: the parent that forked us, if it did)."""
    _block_sigint()  # the parent handles Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's stop(): die quietly
    os.environ["PENCILPROOF_THREADS"] = "1"  # one of as many workers as cores: no more
    _die_with_parent()
    ppid = os.getppid()  # whoever started us; it changes if it dies (we are re-parented)
    if parent_pid is not None and ppid != parent_pid:
        return  # the parent died before we got here
    if level is not None:  # not forked: no inherited handler, log to our own stderr
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("pencilproof: %(message)s"))
        lg = logging.getLogger("pencilproof")
        lg.addHandler(handler)
        lg.setLevel(level)
    while True:
        while not conn.poll(_PARENT_POLL):
            if os.getppid() != ppid:
                return  # the parent is gone: nobody wants our answers
        task = conn.recv()
        if task is None:
            return
        index, at = task  # the candidate and the run's deadline (one clock per machine)
        try:
            outcome = _outcome(options, seed, index, Deadline(at))
        except TimeUp:
            outcome = ("timeout", index, None)
        except InputError as e:  # bad input for the whole run: the parent says so
            outcome = ("input", index, str(e))
        conn.send(outcome)


class _Worker:
    def __init__(self, ctx: DefaultContext, options: GenerateOptions, seed: int,
                 level: int | None):
        parent, child = ctx.Pipe()
        forked = ctx.get_start_method() == "fork"
        self.proc = ctx.Process(target=_worker_main,
                                args=(child, options, seed, level,
                                      os.getpid() if forked else None),
                                daemon=True)
        # Born with SIGINT blocked (no window before the worker blocks it), and without
        # a standard input: workers read none, and multiprocessing closes the one a
        # forked child inherits, which fails on a stand-in without close().
        saved, sys.stdin = sys.stdin, None
        try:
            with _sigint_blocked():
                self.proc.start()
        finally:
            sys.stdin = saved
        child.close()
        self.conn = parent
        self.task: int | None = None
        log.debug("worker %d started", self.proc.pid)

    def give(self, index: int, deadline: Deadline = NEVER) -> None:
        self.task = index
        self.conn.send((index, deadline.at))
        log.debug("candidate %d: to worker %d", index, self.proc.pid)

    def how_it_ended(self) -> str:
        """'exit code N' or 'killed by signal N (SIGX)', once the process is gone."""
        self.proc.join(2)  # its pipe closed as it died; let it finish dying
        code = self.proc.exitcode
        if code is None:
            return "still running after closing its pipe"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = "unknown signal"
            return f"killed by signal {-code} ({name})"
        return f"exit code {code}"

    def stop(self, kill: bool) -> None:
        if kill:
            self.proc.terminate()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def _context() -> tuple[DefaultContext, bool]:
    """The platform's default start method; the logging relay needs 'fork'."""
    ctx = multiprocessing.get_context()
    return ctx, ctx.get_start_method() == "fork"


# -- the run ------------------------------------------------------------------------------
def _duration(seconds: float) -> str:
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class _Progress:
    """Off a terminal (no bar): a line on stderr every ``every`` seconds, printed from
    the run's own loop (no thread: workers are forked while the run goes on)."""

    def __init__(self, every: float, count: int, earlier: int, t0: float, sink: "_Sink",
                 failed: list[int], crashed: list[int]):
        self.every, self.count, self.earlier, self.t0 = every, count, earlier, t0
        self.sink, self.failed, self.crashed = sink, failed, crashed
        self.next = t0 + every

    def timeout(self, now: float) -> float:
        """Seconds until the next line is due."""
        return max(0.0, self.next - now)

    def tick(self) -> None:
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + self.every
        elapsed = now - self.t0
        new, bad = self.sink.written, len(self.failed) + len(self.crashed)
        left = self.count - self.earlier - new - bad
        line = (f"pencilproof: {self.earlier + new} of {self.count} puzzles, "
                f"{new / elapsed * 60 if elapsed > 0 else 0.0:.1f}/min, {bad} failed, "
                f"{_duration(elapsed)} elapsed")
        if new + bad > 0 and left > 0:
            line += f", ETA {_duration(left * elapsed / (new + bad))}"
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


@contextlib.contextmanager
def _keep_ignoring_sigint() -> Iterator[None]:
    """A parent started with SIGINT ignored (a background job in a script) keeps
    ignoring it: blocked for the run, since python-sat installs its own handler while
    it solves. Forked workers inherit the block."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    with _sigint_blocked():  # unblocked, a pending SIGINT meets SIG_IGN: dropped
        yield


def generate_file(options: GenerateOptions, *, count: int, seed: int, out: str,
                  jobs: int | None = None, resume: bool = False,
                  max_time: float | None = None, progress: bool | None = None,
                  progress_every: float | None = None, cluster: str | None = None) -> RunReport:
    """Make candidates ``0 .. count-1`` (those not already in ``out`` with ``resume``).

    Without a progress bar (``progress`` False, or stderr not a terminal), a progress
    line goes to stderr every ``progress_every`` seconds, if given. A file that cannot
    be written is bad input (before any work); if writing fails later, the run stops
    and the report's ``write_error`` says why. ``cluster`` (``tcp://HOST:PORT`` or
    ``local:N``) runs the candidates on a Dask cluster instead of ``jobs`` processes.
    """
    with _keep_ignoring_sigint():
        return _generate_file(options, count=count, seed=seed, out=out, jobs=jobs,
                              resume=resume, max_time=max_time, progress=progress,
                              progress_every=progress_every, cluster=cluster)


def _generate_file(options: GenerateOptions, *, count: int, seed: int, out: str,
                   jobs: int | None, resume: bool, max_time: float | None,
                   progress: bool | None, progress_every: float | None,
                   cluster: str | None = None) -> RunReport:
    t0 = time.monotonic()
    if count < 1:
        raise InputError(f"must be at least 1, got {count}", "--count")
    if count > MAX_COUNT:  # the run keeps a list of its candidates: refuse before any work
        raise InputError(f"at most {MAX_COUNT} candidates per run, got {count} (for more, "
                         "run several, each with its own --seed and --out)", "--count")
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise InputError(f"must be at least 1, got {jobs}", "--jobs")
    if options.fewest and max_time is not None:
        # Each candidate's share of the run: the candidates go in waves of ``jobs``; a
        # tenth is left for the re-check and writing.
        waves = -(-count // jobs)
        options = dataclasses.replace(options, fewest_seconds=0.9 * max_time / waves)
    options = options.validate()
    path = Path(out)
    if path.is_dir():
        raise InputError("is a directory", out)
    created = not path.exists()
    sink = _Sink(path, options, seed)  # created and locked before anything is read or made
    done: dict[int, dict[str, Any]] = {}
    try:
        if os.fstat(sink.fd).st_size > 0:
            if not resume:
                raise InputError("already exists; add --resume to continue that run, or "
                                 "choose another file", out)
            done = read_records(path, options, seed)
    except BaseException:
        sink.close()
        raise
    todo = [i for i in range(count) if i not in done]
    earlier = count - len(todo)
    deadline = Deadline(None if max_time is None else t0 + max_time)
    failed: list[int] = []
    crashed: list[int] = []
    interrupted = timed_out = terminated = False
    write_error = stopped = None
    from tqdm import tqdm
    show = sys.stderr.isatty() if progress is None else progress
    ticker = (None if show or progress_every is None else
              _Progress(progress_every, count, earlier, t0, sink, failed, crashed))
    bar: Any = None

    def started() -> None:  # after any forks: tqdm may start a monitor thread
        nonlocal bar
        bar = tqdm(total=count, initial=earlier, unit="puzzle", disable=not show,
                   file=sys.stderr, dynamic_ncols=True)

    def on_done(outcome: Outcome) -> None:
        kind, index, payload = outcome
        if kind == "done" and payload is not None:
            sink.write(payload, deadline)
        elif kind == "done":
            failed.append(index)
        else:  # a worker that died was logged by the runner; an exception is logged here
            crashed.append(index)
            if kind == "error":
                log.error("candidate %d failed: %s (-vv shows where)", index, payload)
        bar.update(1)

    runner: Runner
    dask = None
    if cluster is not None:
        runner = dask = DaskRunner(options, seed, cluster)
    elif (jobs == 1 or len(todo) <= 1) and max_time is None:
        runner = InlineRunner(options, seed)
    else:
        # With --max-time even one job runs in a worker process: at the deadline the
        # parent stops it wherever it is (a genre's own Python, such as drawing a big
        # random answer, asks no deadline), and what it finished is already written.
        runner = ProcessRunner(options, seed, jobs)
    try:
        timed_out = runner.run(todo, deadline, started, on_done,
                               ticker.tick if ticker is not None else lambda: None,
                               (lambda: ticker.timeout(time.monotonic()))
                               if ticker is not None else lambda: None)
    except KeyboardInterrupt as e:
        interrupted = True
        terminated = isinstance(e, Terminated)
    except TimeUp:  # a re-check cut short by --max-time: that puzzle is not written
        timed_out = True
    except SinkError as e:
        write_error = str(e)
    except NoWorkers as e:
        stopped = str(e)
    except BaseException:
        if created and sink.written == 0:  # e.g. the cluster could not be reached
            with contextlib.suppress(OSError):
                path.unlink()  # no empty file left behind by a run that made nothing
        raise
    finally:
        sink.close()
        if bar is not None:
            bar.close()
    if dask is not None:
        jobs = dask.jobs
    return RunReport(str(path), count, earlier, sink.written, tuple(sorted(failed)),
                     tuple(sorted(crashed)), interrupted, timed_out, jobs,
                     time.monotonic() - t0, write_error, sink.unproven, tuple(sink.clues),
                     stopped, terminated)


class ProcessRunner:
    """Candidates on ``jobs`` worker processes, one pipe each, the next candidate handed
    to a worker before its last one is re-checked and written."""

    def __init__(self, options: GenerateOptions, seed: int, jobs: int):
        self.options, self.seed, self.jobs = options, seed, jobs

    def run(self, todo: Sequence[int], until: Deadline, started: Callable[[], None],
            on_done: Callable[[Outcome], None], idle: Callable[[], None],
            idle_every: Callable[[], Optional[float]]) -> bool:
        deadline = until.at
        ctx, forked = _context()
        logger = logging.getLogger("pencilproof")
        relay = False
        if forked and logger.handlers:
            import multiprocessing_logging
            multiprocessing_logging.install_mp_handler(logger)
            relay = True
        level = None if forked else logger.getEffectiveLevel()
        options, seed = self.options, self.seed
        queue = list(reversed(todo))
        workers: list[_Worker] = []
        timed_out = False
        try:
            workers = [_Worker(ctx, options, seed, level)
                       for _ in range(min(self.jobs, len(todo)))]
            started()
            for w in workers:
                if queue:
                    w.give(queue.pop(), until)
            while any(w.task is not None for w in workers):
                now = time.monotonic()
                wait = None if deadline is None else max(0.0, deadline - now)
                every = idle_every()
                if every is not None:
                    wait = every if wait is None else min(wait, every)
                busy: dict[Any, _Worker] = {w.conn: w for w in workers if w.task is not None}
                ready = multiprocessing.connection.wait(list(busy), timeout=wait)
                idle()
                if not ready:
                    if deadline is not None and time.monotonic() >= deadline:
                        timed_out = True
                        break
                    continue
                for conn in ready:
                    w = busy[conn]
                    task = w.task
                    assert task is not None
                    try:
                        outcome: Outcome = w.conn.recv()
                    except (EOFError, OSError):
                        how = w.how_it_ended()
                        log.error("candidate %d: worker %d died (%s)", task, w.proc.pid, how)
                        w.task = None
                        w.stop(kill=True)
                        workers.remove(w)
                        if queue:
                            workers.append(_Worker(ctx, options, seed, level))
                            workers[-1].give(queue.pop(), until)
                        on_done(("crashed", task, f"worker died ({how})"))
                        continue
                    w.task = None
                    if outcome[0] == "timeout":  # given up at the run's end
                        timed_out = True
                        continue
                    if outcome[0] == "input":  # e.g. a size the genre cannot solve
                        raise InputError(outcome[2])
                    # The next candidate first: the worker computes while we re-check.
                    if queue and (deadline is None or time.monotonic() < deadline):
                        w.give(queue.pop(), until)
                    on_done(outcome)
                if queue and deadline is not None and time.monotonic() >= deadline:
                    timed_out = True
        finally:
            for w in workers:
                w.stop(kill=w.task is not None)
            if relay:
                import multiprocessing_logging
                relays = [h for h in logger.handlers
                          if isinstance(h, multiprocessing_logging.MultiProcessingHandler)]
                multiprocessing_logging.uninstall_mp_handler(logger)
                for h in relays:
                    h.close()  # waits until the records workers sent are written
        return timed_out or bool(queue)


class DaskRunner:
    """Candidates as Dask tasks on a cluster (``--cluster``): :mod:`pencilproof.cluster`
    connects; the tasks are :func:`_outcome` calls, as in the other runners."""

    def __init__(self, options: GenerateOptions, seed: int, address: str):
        self.options, self.seed, self.address = options, seed, address
        self.jobs = 0

    def run(self, todo: Sequence[int], until: Deadline, started: Callable[[], None],
            on_done: Callable[[Outcome], None], idle: Callable[[], None],
            idle_every: Callable[[], Optional[float]]) -> bool:
        deadline = until.at
        # Dask loads only for --cluster
        from ..cluster import (WATCH_EVERY, Watchdog, connect, failure, load_distributed,
                               wait_first, workers)
        distributed = load_distributed()
        with connect(self.address) as client:
            dog = Watchdog(client, self.address)
            self.jobs = workers(client)
            run = uuid.uuid4().hex[:12]
            index: dict[Any, int] = {}
            for i in todo:
                f = client.submit(_outcome, self.options, self.seed, i, pure=False,
                                  key=f"pencilproof-generate-{run}-{i}")
                index[f] = i
            pending = set(index)
            started()
            try:
                while pending:
                    now = time.monotonic()
                    if deadline is not None and now >= deadline:
                        return True
                    wait = WATCH_EVERY if deadline is None else min(deadline - now, WATCH_EVERY)
                    every = idle_every()
                    if every is not None:
                        wait = min(wait, every)
                    done = wait_first(distributed, pending, wait)
                    idle()
                    if not done:
                        dog.check()  # a cluster with no workers left: say so and stop
                    for f in sorted(done, key=index.__getitem__):
                        status = f.status
                        if status in ("error", "cancelled"):
                            pending.discard(f)
                            log.error("candidate %d: task failed on the cluster (%s)",
                                      index[f], failure(f))
                            on_done(("crashed", index[f], failure(f)))
                        elif status == "finished":
                            # (a result lost with its worker is computed again: result()
                            # waits for that)
                            outcome = f.result()
                            pending.discard(f)
                            on_done(outcome)
                        # else: lost with a worker that died, and rescheduled: still pending
                return False
            finally:
                if pending:
                    with contextlib.suppress(Exception):
                        client.cancel(list(pending), force=True)
