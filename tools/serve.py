"""Serve the built site on localhost with exactly the headers ``netlify.toml`` declares.

``netlify.toml`` is the one source of truth: its ``[[headers]]`` rules are read with ``tomllib``
and applied the way Netlify applies them (every rule whose ``for`` pattern matches the path, in
order, a later rule's value for the same header overriding an earlier one). A header a rule
declares replaces the one ``http.server`` would send (``Content-Type`` for ``.wasm``, say).

Run: ``python3 tools/serve.py [--dir dist] [--port 8000]`` (``--port 0`` picks a free port).
Tests import :func:`make_server` and run it in a thread.
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
import tomllib
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent

HeaderRule = tuple[re.Pattern[str], dict[str, str]]


def pattern_to_regex(pattern: str) -> re.Pattern[str]:
    """Netlify path pattern -> regex: ``*`` matches anything (slashes too), ``:name`` a segment."""
    parts = []
    for token in re.split(r"(\*|:[A-Za-z_]\w*)", pattern):
        if token == "*":
            parts.append(".*")
        elif token.startswith(":"):
            parts.append("[^/]+")
        else:
            parts.append(re.escape(token))
    return re.compile("^" + "".join(parts) + "$")


def load_rules(config: Path = ROOT / "netlify.toml") -> list[HeaderRule]:
    with config.open("rb") as f:
        data = tomllib.load(f)
    rules = []
    for rule in data.get("headers", []):
        values = {str(k): str(v) for k, v in rule.get("values", {}).items()}
        rules.append((pattern_to_regex(rule["for"]), values))
    return rules


def headers_for(rules: list[HeaderRule], path: str) -> dict[str, str]:
    """The headers Netlify sends for ``path``: matching rules merged in order, later wins."""
    merged: dict[str, str] = {}
    for regex, values in rules:
        if regex.match(path):
            for name, value in values.items():
                for old in [k for k in merged if k.lower() == name.lower()]:
                    del merged[old]
                merged[name] = value
    return merged


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~50 requests
    rules: ClassVar[list[HeaderRule]] = []
    quiet = True
    extensions_map = {  # noqa: RUF012 - the base class declares it the same way
        **SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".py": "text/x-python",
        ".zip": "application/zip",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._declared: dict[str, str] = {}
        super().__init__(*args, **kwargs)

    def send_response(self, code: int, message: str | None = None) -> None:
        path = unquote(urlsplit(self.path).path)
        self._declared = headers_for(self.rules, path)
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() in {k.lower() for k in self._declared}:
            return  # the declared value is sent instead, in end_headers
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        declared, self._declared = self._declared, {}
        for name, value in declared.items():
            super().send_header(name, value)
        super().end_headers()

    def list_directory(self, path: str | Any) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = True
) -> ThreadingHTTPServer:
    """A server for ``directory`` (not yet serving: call ``serve_forever``)."""
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: build first (make build)")
    handler = type("SiteHandler", (Handler,), {"rules": load_rules(), "quiet": quiet})
    server = ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    server = make_server(directory, port=port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="folder to serve")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.dir.resolve(), args.host, args.port, quiet=not args.verbose)
    except (FileNotFoundError, OSError) as error:
        print(f"serve: {error}", file=sys.stderr)
        return 1
    print(f"Serving {args.dir} at http://localhost:{server.server_address[1]}/ (Ctrl+C stops)")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
