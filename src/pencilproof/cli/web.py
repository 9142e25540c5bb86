"""The ``serve`` subcommand: the setter's workbench page on a local web server.

Registered through :data:`pencilproof.cli.program.COMMANDS`. Starlette and uvicorn are the
optional ``web`` extra and load only here, when ``serve`` runs: without them the
command is one line naming the extra (exit 2) and every other command works as before.
"""
from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
import threading
import webbrowser

from ..errors import InputError, install_hint
from .args import Subparsers, port, positive_int

MISSING = f"serve needs the 'web' extra (Starlette and uvicorn): {install_hint('web')}"


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host`` (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _can_bind(host: str, port: int) -> int:
    """A one-line error now rather than uvicorn's log when the address is taken; the port
    bound (with ``--port 0``, the free port the system chose, so the address shown is one
    that opens)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise InputError(f"cannot resolve host: {e.strerror}", "--host") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            raise InputError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
        return int(s.getsockname()[1])


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn
        from ..web.app import create_app
    except ImportError:
        raise InputError(MISSING) from None
    if not is_loopback(args.host):
        print(f"pencilproof: warning: serving on {args.host}, not loopback: anyone who can "
              "reach this machine can use it (no authentication, no encryption)",
              file=sys.stderr)
    port = _can_bind(args.host, args.port)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    address = f"http://{shown}:{port}/"
    print(f"pencilproof: the setter's workbench at {address} (Ctrl-C stops)", flush=True)
    if args.open:
        threading.Timer(1.5, webbrowser.open, (address,)).start()
    app = create_app(workers=args.workers, queue=args.queue)
    uvicorn.run(app, host=args.host, port=port, log_level="warning")
    return 0


def extend(sub: Subparsers) -> None:
    s = sub.add_parser("serve", help="the setter's workbench: a local page that re-checks "
                                     "the puzzle on every edit (the 'web' extra)")
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; "
                        "another address prints a warning)")
    s.add_argument("--port", type=port, default=8000, help="default 8000")
    s.add_argument("--open", action="store_true", help="open the page in a browser")
    s.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1,
                   help="solver processes (default: one per core)")
    s.add_argument("--queue", type=positive_int, default=64,
                   help="requests that may wait for a solver before the server answers "
                        "503 (default 64)")
    s.set_defaults(func=cmd_serve)
