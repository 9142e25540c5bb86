"""The ``pencilproof`` program's first moments: a Ctrl-C while it is still loading (before
the command line installs its own handlers, see ``solvers.deadline.install``) is one
line and exit 130, not a traceback of whatever was being imported. Imported first by
the package, with nothing but modules the interpreter has already loaded (``os``,
``sys``) and the built-in ``_signal``: importing ``signal`` loads ``enum``, ``functools``
and ``collections`` first, 15-75 ms on a busy machine in which a Ctrl-C was a
``KeyboardInterrupt`` traceback. A library user's program keeps its own handler."""
import os
import sys

try:
    import _signal as _sig  # the C module under ``signal``, without its enums
except ImportError:  # another Python: the public module
    import signal as _sig


def _exit(signum: object, frame: object) -> None:
    os.write(2, b"pencilproof: interrupted\n")
    os._exit(130)


def _is_program() -> bool:
    """Whether this process is the ``pencilproof`` command: its console script, or
    ``python -m pencilproof.cli`` (whose ``sys.argv[0]`` is ``-m`` while it loads)."""
    if "--multiprocessing-fork" in sys.argv:
        return False
    main = sys.modules.get("__main__")
    script = getattr(main, "__file__", None) or ""
    if os.path.basename(script) in ("pencilproof", "pencilproof.exe"):
        return True
    argv = getattr(sys, "orig_argv", [])
    return "-m" in argv[:-1] and argv[argv.index("-m") + 1] == "pencilproof.cli"


def guard() -> None:
    if not _is_program():
        return
    try:
        if _sig.getsignal(_sig.SIGINT) is _sig.default_int_handler:
            _sig.signal(_sig.SIGINT, _exit)
    except ValueError:  # not the main thread: not the program starting
        pass


guard()
