"""Generate many puzzles into a JSON-lines file, fanned out over worker processes.

Candidate ``i`` makes the same puzzle whatever the number of jobs (its seed comes from
the master seed and ``i``), so a run's puzzles depend on ``--seed`` and ``--count``
only. The parent re-checks each finished puzzle with the checker and appends it to the
file at once (flush and fsync), so Ctrl-C, ``--max-time`` or a crashed worker lose no
finished puzzle, and ``--resume`` runs just the candidates missing from the file.

Each worker has its own pipe, so the parent always knows which candidate a worker
holds and notices at once when one dies (EOF on its pipe).
"""
from __future__ import annotations

import contextlib
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
from dataclasses import dataclass
from pathlib import Path

from ..checker import Verdict, check
from ..errors import InputError, InternalError
from ..formats import puzzle_from_doc
from ..puzzle import Solution
from .generate import GenerateOptions, generate_one
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

    @property
    def missing(self) -> int:
        return self.count - self.earlier - self.new - len(self.failed)


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# -- the output file ---------------------------------------------------------------------
def read_records(path: Path, options: GenerateOptions, seed: int) -> dict[int, dict]:
    """Finished records of an earlier run, by candidate index.

    A half-written last line (the run was killed while writing it) is cut off the file;
    any other bad line, or a record made with other options, is bad input.
    """
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        log.warning("%s: dropping a half-written last line (%d bytes)", path, len(data) - keep)
        with open(path, "r+b") as f:
            f.truncate(keep)
        data = data[:keep]
    want = options.to_json()
    out: dict[int, dict] = {}
    for n, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"invalid JSON: {e.msg} (column {e.colno})", where) from None
        if not isinstance(rec, dict) or not isinstance(rec.get("index"), int):
            raise InputError("not a generated puzzle record (no 'index')", where)
        if rec.get("master_seed") != seed:
            raise InputError(f"made with --seed {rec.get('master_seed')}, not {seed}; "
                             "resume with the same options", where)
        if rec.get("options") != want:
            raise InputError(f"made with other options ({_diff(rec.get('options'), want)}); "
                             "resume with the same options", where)
        out[rec["index"]] = rec
    return out


def _diff(old, new: dict) -> str:
    if not isinstance(old, dict):
        return "no options recorded"
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return ", ".join(f"{k} {old.get(k)!r}, now {new.get(k)!r}" for k in keys)


@contextlib.contextmanager
def _ctrl_c_deferred():
    """Hold a Ctrl-C that arrives inside the block until the block is done."""
    if threading.current_thread() is not threading.main_thread():
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


class _Sink:
    """The output file: each record re-checked by the checker, then written and synced."""

    def __init__(self, path: Path, options: GenerateOptions):
        self.f = open(path, "a", encoding="utf-8")
        self.options = options
        self.written = 0

    def write(self, rec: dict) -> None:
        puzzle = puzzle_from_doc(rec, f"candidate {rec['index']}")
        res = check(puzzle, backend=self.options.backend)
        if res.verdict is not Verdict.UNIQUE or res.solutions[0] != Solution(tuple(rec["solution"])):
            raise InternalError(f"generated puzzle {rec['index']} re-checked as "
                                f"{res.verdict.value}, not unique with its answer: {rec['url']}")
        line = json.dumps(rec, separators=(",", ":")) + "\n"
        with _ctrl_c_deferred():  # a line is written and counted, or neither
            self.f.write(line)
            self.f.flush()
            os.fsync(self.f.fileno())
            self.written += 1

    def close(self) -> None:
        self.f.close()


# -- workers ---------------------------------------------------------------------------
def _make(options: GenerateOptions, seed: int, index: int) -> dict | None:
    t0 = time.perf_counter()
    got = generate_one(options, seed, index)
    if got is None:
        log.info("candidate %d: no puzzle in %d attempts", index, options.max_attempts)
        return None
    log.info("candidate %d: %d clues, attempt %d, %.3f s", index, clue_count(got.puzzle),
             got.attempt, time.perf_counter() - t0)
    return got.to_record(seed, options)


def _worker_main(conn, options: GenerateOptions, seed: int, level: int | None) -> None:
    """A worker: candidate indices in, records out, until it is sent None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    if level is not None:  # not forked: no inherited handler, log to our own stderr
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("pencilproof: %(message)s"))
        lg = logging.getLogger("pencilproof")
        lg.addHandler(handler)
        lg.setLevel(level)
    while True:
        index = conn.recv()
        if index is None:
            return
        try:
            conn.send(("done", index, _make(options, seed, index)))
        except Exception:
            conn.send(("error", index, traceback.format_exc()))


class _Worker:
    def __init__(self, ctx, options: GenerateOptions, seed: int, level: int | None):
        parent, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, options, seed, level),
                                daemon=True)
        self.proc.start()
        child.close()
        self.conn = parent
        self.task: int | None = None

    def give(self, index: int) -> None:
        self.task = index
        self.conn.send(index)

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


def _context():
    """The platform's default start method; the logging relay needs 'fork'."""
    ctx = multiprocessing.get_context()
    return ctx, ctx.get_start_method() == "fork"


# -- the run ------------------------------------------------------------------------------
def generate_file(options: GenerateOptions, *, count: int, seed: int, out: str,
                  jobs: int | None = None, resume: bool = False,
                  max_time: float | None = None, progress: bool | None = None) -> RunReport:
    """Make candidates ``0 .. count-1`` (those not already in ``out`` with ``resume``)."""
    t0 = time.monotonic()
    options = options.validate()
    if count < 1:
        raise InputError(f"must be at least 1, got {count}", "--count")
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise InputError(f"must be at least 1, got {jobs}", "--jobs")
    path = Path(out)
    if path.is_dir():
        raise InputError("is a directory", out)
    done: dict[int, dict] = {}
    if path.exists() and path.stat().st_size > 0:
        if not resume:
            raise InputError("already exists; add --resume to continue that run, or choose "
                             "another file", out)
        done = read_records(path, options, seed)
    todo = [i for i in range(count) if i not in done]
    earlier = count - len(todo)
    deadline = None if max_time is None else t0 + max_time
    failed: list[int] = []
    crashed: list[int] = []
    interrupted = timed_out = False
    from tqdm import tqdm
    show = sys.stderr.isatty() if progress is None else progress
    sink = _Sink(path, options)
    bar = None
    try:
        if jobs == 1 or len(todo) <= 1:
            bar = tqdm(total=count, initial=earlier, unit="puzzle", disable=not show,
                       file=sys.stderr, dynamic_ncols=True)
            for i in todo:
                if deadline is not None and time.monotonic() >= deadline:
                    timed_out = True
                    break
                rec = _make(options, seed, i)
                if rec is None:
                    failed.append(i)
                else:
                    sink.write(rec)
                bar.update(1)
        else:
            timed_out = _fan_out(options, seed, todo, jobs, deadline, sink, failed, crashed,
                                 lambda: tqdm(total=count, initial=earlier, unit="puzzle",
                                              disable=not show, file=sys.stderr,
                                              dynamic_ncols=True))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        sink.close()
        if bar is not None:
            bar.close()
    return RunReport(str(path), count, earlier, sink.written, tuple(sorted(failed)),
                     tuple(sorted(crashed)), interrupted, timed_out, jobs,
                     time.monotonic() - t0)


def _fan_out(options, seed, todo, jobs, deadline, sink, failed, crashed, make_bar) -> bool:
    """Run candidates on ``jobs`` worker processes; True if ``deadline`` cut the run short."""
    ctx, forked = _context()
    logger = logging.getLogger("pencilproof")
    relay = False
    if forked and logger.handlers:
        import multiprocessing_logging
        multiprocessing_logging.install_mp_handler(logger)
        relay = True
    level = None if forked else logger.getEffectiveLevel()
    queue = list(reversed(todo))
    workers: list[_Worker] = []
    bar = None
    errors: list[str] = []
    timed_out = False
    try:
        workers = [_Worker(ctx, options, seed, level) for _ in range(min(jobs, len(todo)))]
        bar = make_bar()  # after the forks: tqdm may start a monitor thread
        for w in workers:
            if queue:
                w.give(queue.pop())
        while any(w.task is not None for w in workers):
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            busy = {w.conn: w for w in workers if w.task is not None}
            ready = multiprocessing.connection.wait(list(busy), timeout=wait)
            if not ready:
                timed_out = True
                break
            for conn in ready:
                w = busy[conn]
                try:
                    kind, index, payload = conn.recv()
                except (EOFError, OSError):
                    log.error("candidate %d: worker %d died (exit code %s)", w.task,
                              w.proc.pid, w.proc.exitcode)
                    crashed.append(w.task)
                    w.task = None
                    w.stop(kill=True)
                    workers.remove(w)
                    if queue:
                        workers.append(_Worker(ctx, options, seed, level))
                        workers[-1].give(queue.pop())
                    continue
                w.task = None
                # The next candidate first: the worker computes while we re-check.
                if queue and (deadline is None or time.monotonic() < deadline):
                    w.give(queue.pop())
                if kind == "error":
                    log.error("candidate %d failed:\n%s", index, payload)
                    crashed.append(index)
                    errors.append(f"candidate {index}: {payload.strip().splitlines()[-1]}")
                elif payload is None:
                    failed.append(index)
                else:
                    sink.write(payload)
                bar.update(1)
            if queue and deadline is not None and time.monotonic() >= deadline:
                timed_out = True
    finally:
        for w in workers:
            w.stop(kill=w.task is not None)
        if bar is not None:
            bar.close()
        if relay:
            import multiprocessing_logging
            relays = [h for h in logger.handlers
                      if isinstance(h, multiprocessing_logging.MultiProcessingHandler)]
            multiprocessing_logging.uninstall_mp_handler(logger)
            for h in relays:
                h.close()  # waits until the records workers sent are written
    if errors:
        raise InternalError("; ".join(errors))
    return timed_out or bool(queue)
