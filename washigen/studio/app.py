"""The studio's web server: a Starlette app with a small JSON API over the functions the command line calls, and
the static page. Thin: it parses a request, calls washigen.api (through studio/api.py) or the loader, and answers;
no game logic.

Safe by default: only Host localhost or 127.0.0.1 is answered (a page elsewhere cannot reach it by DNS rebinding),
request bodies are capped at 2 MB and parsed by the CLI's bounded loaders, every error is a JSON message (never a
traceback), and everything written goes into one temporary folder that is removed when the server stops."""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import math
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.exceptions import HTTPException
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..api import message
from ..errors import InputError, WashigenError
from ..i18n import NONE, SOURCE_LANGUAGE, languages, translator
from ..inputs import NOT_TEXT, json_syntax
from ..words import N_, Says
from . import api, balancing, jobs
from .board import NotOnBoard

MAX_BODY_BYTES = api.MAX_UPLOAD_BYTES
TOO_LARGE = N_("{field}: larger than {size} MB")
ALLOWED_HOSTS = ("localhost", "127.0.0.1")
STATIC = Path(__file__).parent / "static"
log = logging.getLogger("washigen.studio")


class HttpError(Exception):
    """A refusal of the request itself (its size, its JSON), with its HTTP status; `says` as InputError's."""

    def __init__(self, status: int, message: Says | str):
        super().__init__(str(message))
        self.status, self.says = status, message


def host_allowed(host: str) -> bool:
    """localhost or 127.0.0.1, with or without a port; nothing else (no other name that resolves here)."""
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return name.lower() in ALLOWED_HOSTS


def origin_allowed(origin: str, host: str) -> bool:
    """A page's Origin (browsers send it with every POST): only the studio's own, the same scheme, host and port
    as the address the request came to (a page on another port of this computer is another site)."""
    return origin.lower() == f"http://{host}".lower()


class LocalHostOnly:
    """ASGI middleware: refuses, with a JSON message, any HTTP request whose Host header is not local (DNS
    rebinding), or that a page from another origin sends (a web site, or another server on this computer, posting
    to the studio)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            host = headers.get(b"host", b"").decode("latin-1")
            origin = headers.get(b"origin", b"").decode("latin-1")
            refusal: tuple[int, Says] | None = None
            if not host_allowed(host):
                refusal = (400, Says(N_("{header} {host!r} is not served; open {address} or {name}"), header="Host",
                                     host=host, address="http://127.0.0.1", name="http://localhost"))
            elif origin and not origin_allowed(origin, host):
                refusal = (403, Says(N_("requests from pages at {origin!r} are refused; only the studio's own page "
                                        "may use this server"), origin=origin))
            if refusal is not None:
                said = translator(_named_language(headers.get(b"accept-language", b"").decode("latin-1"))
                                  or SOURCE_LANGUAGE)
                await JSONAnswer({"error": said.says(refusal[1])}, status_code=refusal[0])(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def read_body(request: Request) -> bytes:
    """The request body, refused past MAX_BODY_BYTES whatever Content-Length claims."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise HttpError(413, Says(TOO_LARGE, field="upload", size=MAX_BODY_BYTES // 2**20))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise HttpError(413, Says(TOO_LARGE, field="upload", size=MAX_BODY_BYTES // 2**20))
        chunks.append(chunk)
    return b"".join(chunks)


def _bad_request(problem: Says | str) -> HttpError:
    """A body the studio cannot read as JSON: 400, saying what is wrong with it."""
    return HttpError(400, Says(N_("{field}: {problem}"), field="request", problem=problem))


async def read_json(request: Request) -> dict[str, Any]:
    body = await read_body(request)
    try:
        value = strict_json(body.decode("utf-8-sig") or "{}")     # a leading BOM dropped, as a design file's
    except api.FieldError:              # JSON, with a number refused where it stands: said as a field's refusal
        raise
    except json.JSONDecodeError as error:
        raise _bad_request(json_syntax(error)) from None
    except UnicodeDecodeError as error:
        raise _bad_request(Says(NOT_TEXT, encoding="UTF-8", byte=error.start)) from None
    except RecursionError:
        raise HttpError(400, Says(N_("{field}: JSON nested too deeply"), field="request")) from None
    except ValueError as error:         # none known: json's own words
        raise _bad_request(str(error)) from None
    if not isinstance(value, dict):
        raise HttpError(400, Says(N_("{field}: must be a JSON object"), field="request"))
    return value


# No seed, count or size the studio takes is longer (seeds reach 2^63 - 1, 19 digits); a longer whole number is
# refused as it is read, before a float() overflows on it deep in a game.
MAX_NUMBER_DIGITS = 20


class Unread:
    """A number the studio does not read (NaN, Infinity, one past a float's range, too many digits), left where it
    stood while the body is parsed, so that the refusal can name the field."""

    def __init__(self, reason: Says):
        self.reason = reason


def strict_json(text: str) -> Any:
    """JSON as the standard has it: Python's json takes NaN and Infinity (and 1e400 as infinity), which no field
    of the studio can use and no answer could echo; refused naming where they stand."""
    unread: list[Unread] = []

    def refused(reason: Says) -> Unread:
        unread.append(Unread(reason))
        return unread[-1]

    def constant(word: str) -> Unread:
        return refused(Says(N_("{word} is not a number JSON allows; give a finite number"), word=word))

    def real(digits: str) -> Any:
        number = float(digits)
        return number if math.isfinite(number) else refused(Says(N_("{digits} is too large a number"),
                                                                  digits=digits))

    def whole(digits: str) -> Any:
        if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
            return refused(Says(N_("a number of {count} digits is too large (at most {most})"),
                                count=len(digits.lstrip("-")), most=MAX_NUMBER_DIGITS))
        return int(digits)

    value = json.loads(text, parse_constant=constant, parse_float=real, parse_int=whole)
    if unread:
        where = path_to(value, unread[0])
        raise api.FieldError(field_named(where), unread[0].reason, where=".".join(where) or "request")
    return value


def path_to(value: Any, target: Any) -> list[str]:
    """The keys (and [indexes]) that lead to `target` inside `value`, found without recursion (a body may nest as
    deep as json reads)."""
    pending: list[tuple[Any, list[str]]] = [(value, [])]
    while pending:
        item, path = pending.pop()
        if item is target:
            return path
        if isinstance(item, dict):
            pending += [(child, [*path, str(key)]) for key, child in item.items()]
        elif isinstance(item, list):
            pending += [(child, [*path[:-1], f"{path[-1] if path else ''}[{k}]"]) for k, child in enumerate(item)]
    return []


def field_named(path: list[str]) -> str:
    """The field the page marks: a parameter or print option by its own name (as a refused value names it), any
    other place by its whole path."""
    if len(path) == 2 and path[0] in ("params", "options"):
        return path[1]
    return ".".join(path) or "request"


def error_answer(error: BaseException, label: str = "studio", lang: str = "en") -> tuple[int, dict[str, Any]]:
    """(status, JSON body) for an error: WashigenError -> 400/404/409 with the CLI's message in the page's language
    `lang` (and, for a bad option, the field it names and why, so the page can say it in its own words); anything
    unforeseen -> 500 with one line, the traceback going to the server's log only."""
    if isinstance(error, HttpError):
        return error.status, {"error": message(error, lang)}
    if isinstance(error, WashigenError):
        conflict = isinstance(error, (api.Conflict, NotOnBoard))
        status = 404 if isinstance(error, api.NotFound) else 409 if conflict else 400
        body: dict[str, Any] = {"error": message(error, lang)}
        for key in ("field", "reason", "value"):
            if getattr(error, key, None) is not None:
                body[key] = json_ready(getattr(error, key))
        if isinstance(error, api.FieldError):
            body.update(error=error.message_in(lang), reason=error.reason_in(lang),
                        range=api.about_range(error.reason_in(SOURCE_LANGUAGE)))
        return status, body
    if isinstance(error, OSError):    # the machine's fault (a full disk), told as the CLI tells it, without a path
        return 500, {"error": f"{Path(error.filename).name if error.filename else 'studio'}: {error.strerror}"}
    log.error("studio: %s failed", label, exc_info=error)
    return 500, {"error": translator(lang)(N_("internal error; the server's log has the details"))}


def query(request: Request, *taken: str) -> Any:
    """The request's query parameters, refusing one the endpoint does not read (a typo such as "fromat"), as
    request_fields refuses a body's: dropped without a word, the answer would be something other than what was
    asked."""
    params = request.query_params
    for name in params:
        if name not in taken:
            raise api.FieldError(name, Says(N_("{request} takes no such query parameter; it takes {names}"),
                                            request=f"{request.method} {request.url.path}",
                                            names=", ".join(taken) or Says(NONE)), params[name])
    return params


def page_language(request: Request) -> str:
    """The language the page speaks, as its requests name it (Accept-Language, which the page sets to its own):
    the first one with a catalog, English otherwise."""
    return spoken(request) or SOURCE_LANGUAGE


def spoken(request: Request) -> str | None:
    """The first language the request names that has a catalog (English included), None where it names none (a
    script, curl): the report is then said in the language the design is printed in."""
    return _named_language(request.headers.get("accept-language", ""))


def _named_language(accept_language: str) -> str | None:
    """The first language an Accept-Language header names that has a catalog (English included), or None."""
    known = languages()
    for tag in accept_language.split(","):
        code = tag.split(";")[0].strip().lower().split("-")[0]
        if code == SOURCE_LANGUAGE or code in known:
            return code
    return None


class JSONAnswer(JSONResponse):
    """Starlette's JSON answer, but a lone surrogate in a string (a request may hold "\\ud800", and refusals echo what
    they refuse) is written as its JSON escape: UTF-8 cannot encode it, and the answer was a bare 500."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None,
                          separators=(",", ":")).encode("utf-8", "backslashreplace")


def json_ready(value: Any) -> Any:
    """A value an error echoes, as strict JSON can say it: itself, or its text (a value JSON cannot hold must not
    turn the answer about it into a failure of its own)."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return repr(value)[:200]
    return value


def endpoint(handler):
    """Wraps a handler: every error is a JSON answer (error_answer). A client that goes away before its body has
    come is no bug: one line in the log, not a traceback (a client could otherwise flood the log with them)."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except ClientGone:              # no one to answer, and nothing went wrong: the page moved on
            return JSONAnswer({"error": "request: the client went away; its work was stopped"}, status_code=400)
        except ClientDisconnect:
            log.warning("studio: %s %s: the client went away before sending its whole request", request.method,
                        request.url.path)
            return JSONAnswer({"error": "request: the connection closed before the whole body came"},
                                status_code=400)
        except Exception as error:
            status, body = error_answer(error, f"{request.method} {request.url.path}", page_language(request))
            return JSONAnswer(scrubbed(body, request.app.state.workdir), status_code=status)

    wrapped.__name__ = handler.__name__
    return wrapped


def scrubbed(value: Any, root: Path) -> Any:
    """An answer with the studio's own folders taken out of its words: messages name a file, never a server path."""
    prefix = re.compile(re.escape(str(root)) + r"(/[^/\s'\"]+)*/")
    if isinstance(value, str):
        return prefix.sub("", value)
    if isinstance(value, dict):
        return {key: scrubbed(item, root) for key, item in value.items()}
    if isinstance(value, list):
        return [scrubbed(item, root) for item in value]
    return value


def in_folder(root: Path, work, args: tuple) -> Callable[[], Any]:
    """work(*args, folder) as a call of no arguments, with a fresh folder under `root` removed afterwards."""
    def run():
        folder = Path(tempfile.mkdtemp(dir=root))
        try:
            return work(*args, folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return run


def streamed(request: Request, work, *args) -> Response:
    """The work as a stream of JSON lines, {"done", "total"} while bot games are played and at last {"result"} (or
    {"error", "status"}); the work stops when the page closes the stream (cancel, or a newer request)."""
    root = request.app.state.workdir
    label = f"{request.method} {request.url.path}"
    lang = page_language(request)
    job = jobs.Job(in_folder(root, work, args), lambda error: error_answer(error, label, lang))

    async def lines():
        async for event in job.events():
            yield json_line(scrubbed(event, root), label, lang)

    return StreamingResponse(lines(), media_type="application/x-ndjson", headers={"Cache-Control": "no-store"})


def json_line(event: dict[str, Any], label: str, lang: str = SOURCE_LANGUAGE) -> str:
    """One line of a stream, strict JSON as every other answer (JSONResponse refuses NaN too): what JSON cannot say
    is told as the non-streamed answer would fail, a 500 with one line."""
    try:
        return json.dumps(event, allow_nan=False) + "\n"
    except ValueError as error:
        status, body = error_answer(error, label, lang)
        return json.dumps({**body, "status": status}) + "\n"


class ClientGone(Exception):
    """The client closed the connection before its answer was ready; the work for it has been stopped."""


async def stoppable(request: Request, work, *args) -> Any:
    """work(*args, folder) as `in_scratch` runs it (its value, or its error raised here), but as a job: when the
    client goes away first, the work stops at its next game as a streamed one does, instead of playing on for no
    one (ClientGone)."""
    failed: list[BaseException] = []

    def keep(error: BaseException) -> tuple[int, dict]:
        failed.append(error)
        return 500, {}

    job = jobs.Job(in_folder(request.app.state.workdir, work, args), keep)
    final = await job_or_disconnect(request, job)
    if failed:
        raise failed[0]
    if final is None:
        raise ClientGone()
    if "result" not in final:                   # cancelled from outside: the studio is stopping (jobs.stop_all)
        raise HttpError(503, Says(N_("{field}: stopping; the work was stopped"), field="studio"))
    return final["result"]


async def job_or_disconnect(request: Request, job: jobs.Job) -> dict[str, Any] | None:
    """The job's last event, or None when the client disconnects first (leaving job.events() cancels the job)."""
    final = None
    async with anyio.create_task_group() as group:
        async def run():
            nonlocal final
            async for event in job.events():
                final = None if "done" in event else event
            group.cancel_scope.cancel()

        async def watch():
            while (await request.receive())["type"] != "http.disconnect":
                pass                            # the body has been read: nothing else comes but the disconnect
            group.cancel_scope.cancel()

        group.start_soon(run)
        group.start_soon(watch)
    return final


def answer(request: Request, value: Any) -> Response:
    return JSONAnswer(scrubbed(value, request.app.state.workdir))


def attachment(content: bytes, media_type: str, filename: str) -> Response:
    """A file to download, under its name."""
    return Response(content, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def wants_stream(request: Request) -> bool:
    return switch(request, "stream", False)


def switch(request: Request, name: str, default: bool) -> bool:
    """A query parameter that turns something on or off: 1 or 0 (`svg=7` was taken as on, `stream=yes` as off)."""
    value = request.query_params.get(name)
    if value is None:
        return default
    if value not in ("0", "1"):
        raise api.refused(name, Says(N_("{field}: must be 0 or 1, got {value!r}"), field=name, value=value), value)
    return value == "1"


FOLDER_PREFIX = "washigen-studio-"


def sweep_abandoned(parent: Path) -> None:
    """Removes the temporary folders of studios that were killed (their process is gone) before they could."""
    for folder in parent.glob(f"{FOLDER_PREFIX}*-*"):
        pid = folder.name[len(FOLDER_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and not process_alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                  # another user's process (permission refused): alive, not ours to sweep
        return True
    return True


def create_app(workdir: Path | None = None) -> Starlette:
    """The studio app. Its temporary folder (under `workdir`, or the system's) is removed on shutdown."""
    sweep_abandoned(Path(workdir or tempfile.gettempdir()))
    root = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-", dir=workdir))

    async def in_scratch(work, *args):
        """work(*args, folder) in a worker thread, with a fresh folder of its own removed afterwards."""
        return await run_in_threadpool(in_folder(root, work, args))

    @endpoint
    async def games(request: Request) -> Response:
        lang = api.language(query(request, "lang").get("lang"))
        return JSONAnswer(await run_in_threadpool(api.games_listing, lang))

    @endpoint
    async def design(request: Request) -> Response:
        query(request, "stream")
        body = await read_json(request)
        make = functools.partial(api.make_design, words=spoken(request))      # the report in the page's language
        if wants_stream(request):
            return streamed(request, make, body)
        return answer(request, await stoppable(request, make, body))

    @endpoint
    async def validate(request: Request) -> Response:
        params = query(request, "name", "page", "svg", "lang")
        data = await read_body(request)
        name = params.get("name", "upload")
        page = params.get("page", 0) if switch(request, "svg", True) else None
        lang = params.get("lang")
        check = functools.partial(api.validate_upload, words=spoken(request))
        return answer(request, await in_scratch(check, data, name, page, lang))

    @endpoint
    async def render(request: Request) -> Response:
        fmt = query(request, "format").get("format", "pdf").lower()
        body = await read_json(request)
        named = functools.partial(api.render, names_in=page_language(request))     # named as the page speaks
        return attachment(*await in_scratch(named, body, fmt))

    runs = balancing.BalanceRuns()

    @endpoint
    async def balance(request: Request) -> Response:
        query(request, "stream")
        body = await read_json(request)
        if wants_stream(request):
            return streamed(request, lambda folder: balancing.balance(body, runs))
        return JSONAnswer(await stoppable(request, lambda folder: balancing.balance(body, runs)))

    @endpoint
    async def balance_chart(request: Request) -> Response:
        fmt = query(request, "format").get("format", "svg").lower()
        body = await read_json(request)
        named = functools.partial(balancing.balance_chart, names_in=page_language(request))
        return attachment(*await stoppable(request, named, body, fmt, runs))

    @endpoint
    async def play(request: Request) -> Response:
        query(request)
        said = functools.partial(api.play, lang=page_language(request))      # the lines in the page's language
        return answer(request, await in_scratch(said, await read_json(request)))

    @endpoint
    async def board(request: Request) -> Response:
        query(request)
        return answer(request, await in_scratch(api.board_step, await read_json(request)))

    @endpoint
    async def game(request: Request) -> Response:
        fmt = query(request, "format").get("format", "pdf").lower()
        body = await read_json(request)
        named = functools.partial(api.game_file, names_in=page_language(request))
        return attachment(*await in_scratch(named, body, fmt))

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def http_error(request: Request, error: Exception) -> Response:
        """404 and 405 as JSON, like every other answer (405 names the methods the endpoint takes)."""
        assert isinstance(error, HTTPException)          # the only exception it is registered for
        if error.status_code == 405:
            allowed: Says | str = (error.headers or {}).get("Allow") or Says(N_("another method"))
            said: Says | str = Says(N_("{path}: {method} is not answered here; use {allowed}"), path=request.url.path,
                                    method=request.method, allowed=allowed)
        elif error.status_code == 404:
            said = Says(N_("{path}: no such endpoint; see {list}"), path=request.url.path, list="GET /api/games")
        else:
            said = str(error.detail)
        return JSONAnswer({"error": translator(page_language(request)).says(said)}, status_code=error.status_code,
                            headers=error.headers)

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/design", design, methods=["POST"]),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/render", render, methods=["POST"]),
        Route("/api/balance", balance, methods=["POST"]),
        Route("/api/balance/chart", balance_chart, methods=["POST"]),
        Route("/api/play", play, methods=["POST"]),
        Route("/api/board", board, methods=["POST"]),
        Route("/api/game", game, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        try:
            yield
        finally:
            shutil.rmtree(root, ignore_errors=True)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error})
    app.state.workdir = root
    app.add_middleware(LocalHostOnly)
    return app


__all__ = ["create_app", "MAX_BODY_BYTES", "host_allowed", "InputError"]
