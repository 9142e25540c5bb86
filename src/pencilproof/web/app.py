"""The setter's workbench: one page and a JSON API over :mod:`.jobs`, on Starlette.

Every API call is ``POST /api/NAME`` with a JSON object; the work runs in the
:class:`~.pool.SolverPool`'s processes, never on the event loop. Bodies over
``max_body`` bytes are refused (413) before they are parsed; a ``client`` string in the
body ties requests of one page together, so a newer one cancels the older (409).
"""
from __future__ import annotations

import contextlib
from importlib import resources
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..errors import InputError
from ..formats.jsondoc import loads
from . import jobs
from .pool import Busy, SolverPool

MAX_BODY = 4 * 1024 * 1024  # a dropped .jsonl batch of a thousand 30x30 puzzles fits
#: Seconds a job may run past its own time limit (encoding, pictures) before the server
#: cancels it and answers 504 itself.
GRACE = 5.0
API = ("check", "solve", "count", "minimize", "verify", "render", "convert", "suggest")


def page() -> str:
    return resources.files("pencilproof.web").joinpath("static/index.html").read_text("utf-8")


class TooLarge(Exception):
    pass


async def _body(request: Request, limit: int) -> bytes:
    """The request body, refused as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
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
        if op not in API and not (test_hooks and op == "sleep"):
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
        try:
            limit = jobs.time_limit(payload)
        except InputError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        try:
            result = await state["pool"].run(op, payload, client, timeout=limit + GRACE)
        except Busy:
            return JSONResponse({"error": "the server is busy: too many puzzles waiting"},
                                status_code=503)
        return _respond(result)

    async def genres(request: Request) -> Response:
        return _respond(jobs.op_genres({}))

    routes = [Route("/", index), Route("/api/genres", genres),
              Route("/api/{op}", api, methods=["POST"])]
    return Starlette(routes=routes, lifespan=lifespan)
