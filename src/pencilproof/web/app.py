"""The setter's workbench: one page and a JSON API over :mod:`.jobs`, on Starlette.

Every API call is ``POST /api/NAME`` with a JSON object; the work runs in the
:class:`~.pool.SolverPool`'s processes, never on the event loop. Bodies over
``max_body`` bytes are refused (413) before they are parsed; a ``client`` string in the
body ties requests of one page together, so a newer one cancels the older (409), and
``POST /api/cancel`` with that ``client`` cancels its job outright. A ``version`` integer
in the body comes back in the answer's JSON, so the page can tell which edit an answer
belongs to and drop the stale ones.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
from importlib import resources
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..numerals import is_digits
from ..errors import InputError
from ..formats.jsondoc import loads
from . import jobs
from .pool import Busy, SolverPool

MAX_BODY = 4 * 1024 * 1024  # a dropped .jsonl batch of a thousand 30x30 puzzles fits
#: Seconds a job may run past its own time limit (encoding, pictures) before the server
#: cancels it and answers 504 itself.
GRACE = 5.0
API = ("check", "solve", "count", "minimize", "verify", "render", "convert", "suggest",
       "backbone", "explain", "grade", "repair", "redundant", "generate", "conflict")


#: The page's own files under /static/, by name (nothing else is served from there).
STATIC = {"workbench.css": "text/css; charset=utf-8",
          "workbench.js": "text/javascript; charset=utf-8"}


#: Work that follows a verdict (the forced cells, a conflict search) runs in at most all
#: but one of the solver processes, so an edit's verdict never queues behind it: under
#: load the forced cells come later, the verdict as soon as a process is free.
AFTER_VERDICT = ("backbone", "conflict")


def page() -> str:
    return resources.files("pencilproof.web").joinpath("static/index.html").read_text("utf-8")


def static_file(name: str) -> str:
    return resources.files("pencilproof.web").joinpath("static").joinpath(name).read_text("utf-8")


class TooLarge(Exception):
    pass


async def _body(request: Request, limit: int) -> bytes:
    """The request body, refused as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and is_digits(declared) and int(declared) > limit:
        raise TooLarge()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge()
        chunks.append(chunk)
    return b"".join(chunks)


def _respond(result: jobs.Result) -> Response:
    status, body, media_type = result
    if isinstance(body, dict):
        return JSONResponse(body, status_code=status)
    return Response(body, status_code=status, media_type=media_type)


def create_app(workers: int = 2, queue: int = 64, max_body: int = MAX_BODY,
               test_hooks: bool = False) -> Starlette:
    """The application; its solver pool starts with it and stops with it."""
    state: dict[str, SolverPool] = {}
    later = asyncio.Semaphore(max(1, workers - 1))
    newest: dict[str, int] = {}  # client -> its newest after-verdict request
    numbers = itertools.count(1)
    waiting = [0]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool = SolverPool(workers, queue)
        pool.start_warming()  # a Ctrl-C while the workers import stops at once
        state["pool"] = pool
        try:
            yield
        finally:
            pool.close()

    async def index(request: Request) -> Response:
        return HTMLResponse(page())

    async def api(request: Request) -> Response:
        op = request.path_params["op"]
        if op not in API and op != "cancel" and not (test_hooks and op == "sleep"):
            return JSONResponse({"error": f"no such API call: /api/{op}"}, status_code=404)
        try:
            raw = await _body(request, max_body)
        except TooLarge:
            return JSONResponse({"error": f"request body over {max_body} bytes"},
                                status_code=413)
        try:
            payload: Any = loads(raw.decode("utf-8") or "null", "body")
        except UnicodeDecodeError as e:
            return JSONResponse({"error": f"the body is not JSON: not UTF-8 ({e.reason})"},
                                status_code=400)
        except InputError as e:  # malformed, nested too deeply, a number past 4300 digits
            return JSONResponse({"error": f"the body is not JSON: {e}"}, status_code=400)
        if not isinstance(payload, dict):
            return JSONResponse({"error": "the request body must be a JSON object"},
                                status_code=400)
        client = payload.get("client")
        if client is not None and not isinstance(client, str):
            return JSONResponse({"error": "'client' must be a string"}, status_code=400)
        version = payload.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            return JSONResponse({"error": "'version' must be an integer"}, status_code=400)
        if op == "cancel":
            if client is None:
                return JSONResponse({"error": "'client' must name the requests to cancel"},
                                    status_code=400)
            queued = client in newest
            if queued:
                newest[client] = 0  # one waiting for its turn gives up when it comes
            return JSONResponse({"cancelled": state["pool"].cancel_client(client) or queued,
                                 "version": version})
        try:
            limit = jobs.time_limit(payload)
        except InputError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        try:
            if op in AFTER_VERDICT:
                result = await after_verdict(op, payload, client, limit)
            else:
                result = await state["pool"].run(op, payload, client, timeout=limit + GRACE)
        except Busy:
            return JSONResponse({"error": "the server is busy: too many puzzles waiting"},
                                status_code=503)
        if version is not None and isinstance(result[1], dict):
            result = (result[0], {**result[1], "version": version}, result[2])
        return _respond(result)

    async def after_verdict(op: str, payload: Any, client: str | None, limit: float
                            ) -> jobs.Result:
        """Run in the share of the pool left to after-verdict work; a newer request of the
        same client cancels this one, running or still waiting for its turn."""
        mine = next(numbers)
        if client is not None:
            newest[client] = mine
            state["pool"].cancel_client(client)
        if waiting[0] >= queue:
            raise Busy()
        waiting[0] += 1
        try:
            async with later:
                if client is not None and newest.get(client) != mine:
                    return 409, {"error": "cancelled by a newer request"}, jobs.JSON
                return await state["pool"].run(op, payload, client, timeout=limit + GRACE)
        finally:
            waiting[0] -= 1
            if client is not None and newest.get(client) == mine:
                del newest[client]

    async def genres(request: Request) -> Response:
        return _respond(jobs.op_genres({}))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return JSONResponse({"error": f"no such file: /static/{name}"}, status_code=404)
        return Response(static_file(name), media_type=STATIC[name],
                        headers={"Cache-Control": "no-cache"})

    routes = [Route("/", index), Route("/static/{name}", static), Route("/api/genres", genres),
              Route("/api/{op}", api, methods=["POST"])]
    return Starlette(routes=routes, lifespan=lifespan)
