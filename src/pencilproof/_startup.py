"""The ``pencilproof`` program's first moments: a Ctrl-C while it is still loading (before
the command line installs its own handlers, see ``solvers.deadline.install``) is one
line and exit 130, not a traceback of whatever was being imported. Imported first by
the package, with nothing but the interpreter's own modules, so that the window before
it is as short as can be. A library user's program keeps its own handler."""
import os
import signal
import sys


def _exit(signum: int, frame: object) -> None:
    os.write(2, b"pencilproof: interrupted\n")
    os._exit(130)


def guard() -> None:
    main = sys.modules.get("__main__")
    script = getattr(main, "__file__", None) or ""
    if os.path.basename(script) not in ("pencilproof", "pencilproof.exe") \
            or "--multiprocessing-fork" in sys.argv:
        return
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _exit)
    except ValueError:  # not the main thread: not the program starting
        pass


guard()
