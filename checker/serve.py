"""``mentat serve``: the page for the table and the API it uses, on the standard library's threaded HTTP server.

The API answers what the CLI answers, in its words: ``POST /api/check``, ``/api/compare``, ``/api/apply`` and
``/api/replay`` take a position or a record (JSON, or YAML with any other content type) and return exactly the JSON
of ``mentat check --json``, ``compare --json``, ``apply --json`` and ``replay --json``; bad input gets the CLI's
``{"error": ...}`` object (400: the body is not JSON or YAML; 422: a position ``check`` rejects; 413: over the size
limit). ``GET /api/schema``, ``/api/new``, ``/api/names``, ``/api/game`` and ``POST /api/render`` (the position's
YAML and drawing) serve the page. Questions are answered by worker processes, each with its own z3 context (z3's
is not thread-safe; ``workers=0``: this process, one question at a time), each solver call bounded by the solver
time-out, so a slow question answers ``unresolved``, never a hung request; an answer is kept for the same question
asked again.

This module knows no game: the families give the schema, the starting positions, the names offered and the board.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import mimetypes
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from checker.errors import InputError, nearest

WEB = Path(__file__).resolve().parent / "web"  # the page: plain HTML, CSS and JavaScript, no build step
BOOK = Path(__file__).resolve().parent.parent / "docs" / "_build" / "html"  # `mentat docs` builds here
MAX_BODY = 256 * 1024  # bytes a request may send: a position is a few KB, a long game record a few hundred
SOLVER_MS = 2000  # the solver's time per call: a table waits a second or two, not the CLI's five
KEEP = 4096  # answers kept for a question asked again (a page re-asks on every edit)


@dataclass
class Reply:
    status: int
    body: bytes
    type: str = "application/json; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)


def _json(status: int, value: Any) -> Reply:
    return Reply(status, json.dumps(value, ensure_ascii=False).encode("utf-8"))


def _error(status: int, err: InputError) -> Reply:
    return _json(status, {"error": err.as_json()})


class BadBody(Exception):
    """The request body is not JSON or YAML (status 400)."""

    def __init__(self, err: InputError) -> None:
        super().__init__(err.message)
        self.err = err


def read_body(body: bytes, content_type: str) -> Any:
    """The request's JSON or YAML (safe loader) as data; BadBody when it is neither."""
    from checker.yamlio import parse_yaml, yaml_error

    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadBody(InputError("", "a position as UTF-8 text (JSON or YAML)", f"bytes ({err.reason})")) from None
    if "json" in content_type:
        try:
            return json.loads(text)
        except ValueError as err:
            raise BadBody(InputError("", "a position as JSON", str(err))) from None
    try:
        return parse_yaml(text)
    except Exception as err:
        raise BadBody(yaml_error(err, "a position as YAML or JSON")) from None


def _mapping(data: Any, what: str = "a position (a mapping of keys such as ruleset, factions, move)") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InputError("", what, data)
    return data


def _one(query: dict[str, list[str]], key: str) -> str | None:
    got = query.get(key)
    return got[-1] if got else None


# -- the endpoints: each (query, data) -> JSON-able value; InputError -> 422 --------------------------------------


def check(query: dict[str, list[str]], data: Any) -> Any:
    """``mentat check --json`` (``?ruleset=R``: ``--ruleset R``); ``?words=1`` adds ``words``: what ``mentat check``
    prints of it (the verdict's word, the question, the outcome as a player reads it, the rules marked ``=``)."""
    from checker.api import check_data

    verdict = check_data(_mapping(data), ruleset=_one(query, "ruleset"))
    out = verdict.as_json()
    if _one(query, "words") in ("1", "true", "yes"):
        out["words"] = words(verdict)
    return out


def words(verdict: Any) -> dict[str, Any]:
    """The CLI's words for a verdict, for the page to print as ``mentat check`` does."""
    from checker.cli import fixing_findings, outcome_text, verdict_word

    return {
        "verdict": verdict_word(verdict),
        "question": verdict.question,
        "outcome": outcome_text(verdict),
        "fixing": [f.rule.id for f in fixing_findings(verdict)],
    }


def compare(query: dict[str, list[str]], data: Any) -> Any:
    """``mentat compare --json`` (``?rulesets=a,b``: ``--rulesets a,b``)."""
    from checker.compare import compare_data

    chosen = _one(query, "rulesets")
    rulesets = [r.strip().lower() for r in chosen.split(",") if r.strip()] if chosen else None
    return [row.as_json() for row in compare_data(_mapping(data), rulesets)]


def apply(query: dict[str, list[str]], data: Any) -> Any:
    """``mentat apply --json``: the position after the move, or the ruling that kept it from being applied."""
    from checker.game import apply_json

    return apply_json(_mapping(data))


def replay(query: dict[str, list[str]], data: Any) -> Any:
    """``mentat replay --json [--to N]`` of a record whose start is inline or ``mentat new``'s parameters (a
    request names no file of the server's); ``?moves=1`` adds ``record_moves``, the record's moves as read, and
    ``last_ruling``, the ruling on the last move applied."""
    from checker.game import Replayed, record_from_data
    from checker.game import replay as replay_record

    to = _one(query, "to")
    if to is not None and not to.isdigit():
        raise InputError("to", "a move number (0 or more)", to)
    game = record_from_data(_mapping(data, "a game record: a mapping with record, start and moves"))
    steps = list(replay_record(game, int(to) if to is not None else None))
    out = Replayed(game, steps).as_json()
    if _one(query, "moves") in ("1", "true", "yes"):  # the page lists the record's moves, and rules on the last
        out["record_moves"] = game.moves
        if steps and not out["stopped"]:
            verdict = steps[-1].result.verdict
            out["last_ruling"] = {**verdict.as_json(), "words": words(verdict)}
    return out


def render(query: dict[str, list[str]], data: Any) -> Any:
    """The page's view of a position: its data as JSON, as YAML (``mentat apply`` writes it so) and drawn."""
    from checker.family import family_of
    from checker.game import position_yaml
    from checker.positions import load_position

    data = _mapping(data)
    out: dict[str, Any] = {}
    try:
        pos = load_position(data)  # the page shows nothing `check` rejects
    except InputError as err:
        if not err.key.startswith("move") or "move" not in data:
            raise
        # a move being filled in (a key still missing or mistyped): the position is drawn without it, and the
        # move's error said (the ruling, from /api/check, is that error)
        pos = load_position({k: v for k, v in data.items() if k != "move"})
        out["move_error"] = err.as_json()
    family = family_of(pos.ruleset)
    svg = family.draw(pos) if family is not None and family.draw is not None else ""
    return {"position": data, "yaml": position_yaml(data), "svg": svg, **out}


def _ruleset(query: dict[str, list[str]]) -> tuple[str, Any]:
    from checker.family import family_of
    from checker.positions import ruleset_name

    name = ruleset_name(_one(query, "ruleset") or "", "ruleset")
    family = family_of(name)
    if family is None:
        raise InputError("ruleset", "a ruleset whose positions are modelled", name)
    return name, family


def schema(query: dict[str, list[str]], data: Any) -> Any:
    """``mentat schema [--ruleset R]``."""
    if _one(query, "ruleset") is None:
        from checker.cli import every_schema

        return every_schema()
    return _ruleset(query)[1].schema()


def new(query: dict[str, list[str]], data: Any) -> Any:
    """``mentat new R --factions a,b [--advanced]``, as data (``format=yaml``: the text the CLI writes)."""
    from checker.yamlio import parse_yaml

    name, family = _ruleset(query)
    factions = [f for f in (_one(query, "factions") or "").split(",") if f.strip()]
    advanced = (_one(query, "advanced") or "").lower() in ("1", "true", "yes", "on")
    text = family.new(name, factions, advanced)
    if _one(query, "format") == "yaml":
        return Reply(200, text.encode("utf-8"), "text/yaml; charset=utf-8")
    return parse_yaml(text)


def names(query: dict[str, list[str]], data: Any) -> Any:
    """The names the page offers for a key (factions, territories, leaders, cards), as the family lists them."""
    name, family = _ruleset(query)
    return family.offered(name) if family.offered is not None else {}


def game(query: dict[str, list[str]], data: Any) -> Any:
    """What the page needs of a ruleset's game: its family, the rulesets it has, the names offered, where board clicks
    write (``Family.board_keys``); without ``ruleset``, only the rulesets Mentat models."""
    from checker.family import family_of, family_rulesets, rulesets

    known = [r for r in rulesets() if family_of(r) is not None]
    if _one(query, "ruleset") is None:
        return {"rulesets": known}
    name, family = _ruleset(query)
    return {
        "ruleset": name,
        "family": family.name,
        "title": family.title,
        "rulesets": known,
        "same_game": list(family_rulesets(name)),
        "board": dict(family.board_keys),
        "names": family.offered(name) if family.offered is not None else {},
    }


Endpoint = Callable[[dict[str, list[str]], Any], Any]
POSTS: dict[str, Endpoint] = {"check": check, "compare": compare, "apply": apply, "replay": replay, "render": render}
GETS: dict[str, Endpoint] = {"schema": schema, "new": new, "names": names, "game": game}
SOLVED = ("check", "compare", "apply", "replay", "render")  # endpoints that load positions and call the solver


# -- the server ---------------------------------------------------------------------------------------------------


class Api:
    """Requests to replies, without sockets (the tests call it directly too)."""

    def __init__(
        self,
        book: Path | None = BOOK,
        max_body: int = MAX_BODY,
        log: Callable[[str], None] | None = None,
        workers: int = 0,
        start: dict[str, str] | None = None,
    ) -> None:
        self.book = book
        self.start = start or {}  # the file the page opens on (``mentat serve FILE``): its name, text and a token
        self.max_body = max_body
        self.log = log  # where each request is logged (None: nowhere)
        self.solver = threading.Lock()  # in this process, one question at a time in z3's context
        # ``workers`` > 0: the questions go to that many processes, each with its own z3 context (a table's phones
        # ask at once, and every core answers); 0: in this process, one at a time
        self.pool = Workers(workers) if workers > 0 else None
        self.kept: OrderedDict[bytes, Reply] = OrderedDict()
        self.kept_lock = threading.Lock()

    def handle(self, method: str, target: str, body: bytes = b"", content_type: str = "") -> Reply:
        parts = urlsplit(target)
        path, query = unquote(parts.path), parse_qs(parts.query)
        try:
            if path.startswith("/api/"):
                return self._api(method, path[5:], query, body, content_type)
            if method not in ("GET", "HEAD"):
                return _json(405, {"error": {"kind": "input", "message": f"{method} {path}: only GET here"}})
            if path.startswith("/book"):
                return self._book(path[5:])
            return self._static(path)
        except Exception as err:  # a bug in Mentat: one line, never a traceback, never a dropped connection
            from checker.cli import internal_message

            return _json(500, {"error": {"kind": "internal", "message": internal_message(err)}})

    def _api(self, method: str, name: str, query: dict[str, list[str]], body: bytes, content_type: str) -> Reply:
        if name == "start" and method in ("GET", "HEAD"):
            return _json(200, self.start)
        table = POSTS if method == "POST" else GETS if method in ("GET", "HEAD") else {}
        endpoint = table.get(name)
        if endpoint is None:
            for other in (POSTS, GETS):  # a PUT or DELETE too: the endpoint is there, the method is wrong
                if other is not table and name in other:
                    return _json(405, {"error": {"kind": "input", "message": f"/api/{name} takes {_verb(other)}"}})
            known = [*POSTS, *GETS, "start"]
            err = InputError("path", "an endpoint among /api/" + ", /api/".join(known), name, nearest(name, known))
            return _error(404, err)
        if len(body) > self.max_body:
            return self.too_large(len(body))
        key = hashlib.blake2b(repr((name, sorted(query.items()), content_type, body)).encode("utf-8")).digest()
        with self.kept_lock:
            kept = self.kept.get(key)
            if kept is not None:
                self.kept.move_to_end(key)
                return kept
        if name in SOLVED and self.pool is not None:
            reply, keep = self.pool.ask(name, query, body, content_type)
        elif name in SOLVED:
            with self.solver:
                reply, keep = answer(name, method, query, body, content_type)
        else:
            reply, keep = answer(name, method, query, body, content_type)
        if keep:  # a timeout is this moment's answer, not the position's
            with self.kept_lock:
                self.kept[key] = reply
                while len(self.kept) > KEEP:
                    self.kept.popitem(last=False)
        return reply

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    def too_large(self, size: int) -> Reply:
        err = InputError("", f"a request of at most {self.max_body} bytes", f"{size} bytes")
        return _error(413, err)

    def _static(self, path: str) -> Reply:
        name = "index.html" if path in ("", "/") else path.lstrip("/")
        return _file(WEB, name) or _json(404, {"error": {"kind": "input", "message": f"no page {path}"}})

    def _book(self, path: str) -> Reply:
        """The built rulebook (``mentat docs``), and links from a ruling into it: ``/book/line/gf9/99`` (a source
        line's anchor), ``/book/rule/<id>`` (a rule's entry)."""
        book = self.book
        if book is None or not (book / "index.html").is_file():
            message = "the rulebook is not built here: run `mentat docs`, then reload"
            return Reply(404, f"<p>{message}</p>".encode(), "text/html; charset=utf-8")
        link = _book_link(path)
        if link is not None:
            return Reply(302, b"", "text/plain", {"Location": "/book/" + quote(link, safe="/#.-_")})
        name = path.lstrip("/") or "index.html"
        if name.endswith("/"):
            name += "index.html"
        return _file(book, name) or Reply(404, b"<p>no such page in the rulebook</p>", "text/html; charset=utf-8")


def answer(name: str, method: str, query: dict[str, list[str]], body: bytes, content_type: str) -> tuple[Reply, bool]:
    """An endpoint's reply to a request's body, and whether it may be kept for the same request (not a solver
    timeout). Where the question is answered (this process or a worker), the body is read and the reply encoded."""
    from checker.yamlio import no_files

    endpoint = (POSTS if method == "POST" else GETS)[name]
    try:
        with no_files():  # a request names no file of the server's: a board path is refused, never opened
            value = endpoint(query, read_body(body, content_type) if method == "POST" else None)
    except BadBody as bad:
        bad.err.file = "the request"
        return _error(400, bad.err), True
    except InputError as err:
        err.file = err.file or "the request"
        return _error(422, err), True
    return (value if isinstance(value, Reply) else _json(200, value)), not _timed_out(value)


class Workers:
    """Processes answering the solver's questions, each with its own z3 context, started and warmed at once (a
    process started from a threaded server by ``fork`` could inherit a lock held by another thread: they are
    spawned)."""

    def __init__(self, n: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        from checker import engine

        context = multiprocessing.get_context("spawn")
        self.executor = ProcessPoolExecutor(n, context, initializer=_worker_start, initargs=(engine.SOLVER_TIMEOUT_MS,))
        for done in [self.executor.submit(_worker_ready) for _ in range(n)]:
            done.result()
        # a question's whole time, the solver's limit on each of its calls aside: a worker that never answers
        # (a bug) costs its request an error, never a hung page
        self.limit = max(30.0, 10 * engine.SOLVER_TIMEOUT_MS / 1000)

    def ask(self, name: str, query: dict[str, list[str]], body: bytes, content_type: str) -> tuple[Reply, bool]:
        from concurrent.futures import TimeoutError as Late

        from checker.engine import InternalError

        try:
            return self.executor.submit(_worker_answer, name, query, body, content_type).result(self.limit)
        except Late:
            raise InternalError(f"no answer from a worker within {self.limit:.0f} s") from None

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


def _worker_start(solver_ms: int) -> None:
    from checker import engine

    engine.SOLVER_TIMEOUT_MS = solver_ms
    warm()


def _worker_ready() -> bool:
    return True


def _worker_answer(name: str, query: dict[str, list[str]], body: bytes, content_type: str) -> tuple[Reply, bool]:
    """One question answered in a worker, as :func:`answer` answers it; a bug in Mentat is its 500 reply."""
    try:
        return answer(name, "POST", query, body, content_type)
    except Exception as err:
        from checker.cli import internal_message

        return _json(500, {"error": {"kind": "internal", "message": internal_message(err)}}), False


def _verb(table: dict[str, Endpoint]) -> str:
    return "POST" if table is POSTS else "GET"


def _timed_out(value: Any) -> bool:
    """An answer holding a verdict the solver ran out of time on: a check's, each compared ruleset's, an apply's
    ``verdict``, a replay's ``ruling`` or ``last_ruling``."""
    from checker import engine

    rows = value if isinstance(value, list) else [value]
    verdicts = [r for r in rows if isinstance(r, dict)]
    verdicts += [v for r in verdicts for v in r.values() if isinstance(v, dict)]
    return any(v.get("reason") == engine.TIMEOUT for v in verdicts)


def _book_link(path: str) -> str | None:
    """``/line/<doc>/<n>`` and ``/rule/<id>`` as the page and anchor of the built book, else None."""
    from checker import docs

    bits = path.strip("/").split("/")
    if len(bits) == 3 and bits[0] == "line" and bits[2].isdigit():
        doc, n = bits[1], int(bits[2])
        try:
            return f"{docs.chapter_of(doc, n).docname}.html#{docs.line_id(doc, n)}"
        except (KeyError, ValueError):
            return None
    if len(bits) == 2 and bits[0] == "rule":
        from checker.rules import load_all

        if bits[1] in load_all():
            return f"{docs.rule_docname(bits[1])}.html#rule-{bits[1]}"
    return None


def _file(root: Path, name: str) -> Reply | None:
    """A file under ``root`` (never outside it), with its content type."""
    try:
        target = (root / name).resolve()
        target.relative_to(root.resolve())
    except (ValueError, OSError):
        return None
    if not target.is_file():
        return None
    kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/javascript", "image/svg+xml"):
        kind += "; charset=utf-8"
    return Reply(200, target.read_bytes(), kind)


HEADERS = {
    # the page runs only its own script: nothing from elsewhere, nothing inline
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def handler(api: Api) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        server_version = "mentat"
        protocol_version = "HTTP/1.1"  # keep-alive: a page asks on every edit
        timeout = 30  # seconds a client may take to send its request
        # TCP_NODELAY: the headers and the body go in two writes, and on a kept-alive connection Nagle's algorithm
        # held the body until the client's delayed ACK of the headers: 40 ms on every answer (measured)
        disable_nagle_algorithm = True

        def _answer(self, method: str) -> None:
            size = self.headers.get("Content-Length")
            body = b""
            if size is not None:
                try:
                    n = int(size)
                except ValueError:
                    n = -1
                if n < 0:
                    self._send(_json(400, {"error": {"kind": "input", "message": "a bad Content-Length"}}))
                    return
                if n > api.max_body:  # refused unread: the connection closes
                    self.close_connection = True
                    self._send(api.too_large(n))
                    return
                body = self.rfile.read(n)
            elif method == "POST" and self.headers.get("Transfer-Encoding"):
                self.close_connection = True
                self._send(_json(411, {"error": {"kind": "input", "message": "send a Content-Length"}}))
                return
            self._send(api.handle(method, self.path, body, self.headers.get("Content-Type", "")), method == "HEAD")

        def _send(self, reply: Reply, head: bool = False) -> None:
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.type)
            self.send_header("Content-Length", str(len(reply.body)))
            self.send_header("Cache-Control", "no-store" if "json" in reply.type else "no-cache")
            for k, v in {**HEADERS, **reply.headers}.items():
                self.send_header(k, v)
            self.end_headers()
            if not head:
                self.wfile.write(reply.body)

        def do_GET(self) -> None:
            self._answer("GET")

        def do_HEAD(self) -> None:
            self._answer("HEAD")

        def do_POST(self) -> None:
            self._answer("POST")

        def do_PUT(self) -> None:
            self._answer("PUT")

        def do_DELETE(self) -> None:
            self._answer("DELETE")

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
            if api.log is not None:
                api.log(f"{self.address_string()} {format % args}")

    return Handler


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # a table's phones and a load test's clients

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone mid-answer is no error of the server's; anything else is one line on stderr, never a
        traceback."""
        import sys

        err = sys.exc_info()[1]
        if isinstance(err, (ConnectionError, TimeoutError)):
            return
        from checker.cli import internal_message

        print(
            f"mentat serve: {client_address[0]}: {internal_message(err) if err else 'unknown error'}", file=sys.stderr
        )


def network_address() -> str | None:
    """This machine's address on its network, where the table's phones reach a server bound to every address (a
    UDP socket's local end: nothing is sent); None when only the loopback is known."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def make_server(host: str = "127.0.0.1", port: int = 0, api: Api | None = None) -> Server:
    """A server bound to ``host``:``port`` (0: a free port), not yet serving."""
    api = api or Api()
    return Server((host, port), handler(api))


def warm() -> None:
    """Import the kinds and load the rules before the first request, so the first edit is answered warm."""
    from checker.family import load_kinds
    from checker.rules import load_all

    load_all()
    load_kinds()
