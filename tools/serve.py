"""Serve the built site on localhost as Netlify would: its headers and its compression.

``netlify.toml`` is the one source of truth for headers: its ``[[headers]]`` rules are read with
``tomllib`` and applied the way Netlify applies them (every rule whose ``for`` pattern matches the
path, in order, a later rule's value for the same header overriding an earlier one). A header a
rule declares replaces the one ``http.server`` would send (``Content-Type`` for ``.wasm``, say).

Compression: Netlify's CDN compresses text, JavaScript, JSON, SVG and WebAssembly on the fly,
brotli or gzip as the browser's ``Accept-Encoding`` allows, and sends ``Vary: Accept-Encoding``;
it leaves already-compressed types alone (``.zip``, images, ``application/octet-stream``: the
build's brotli-compressed snapshot, which the page decodes itself, docs/snapshot.md). This server
does the same (brotli quality :data:`BROTLI_QUALITY`, gzip level :data:`GZIP_LEVEL`: Netlify does
not publish its levels), keeping each compressed file in memory; :func:`warm` compresses every
file up front so that no timed request pays for it (tools/bench_web.py).

Run: ``python3 tools/serve.py [--dir dist] [--port 8000]`` (``--port 0`` picks a free port).
Tests import :func:`make_server` and run it in a thread.
"""

from __future__ import annotations

import argparse
import gzip
import io
import mimetypes
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

import brotli

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


MEDIA_TYPES = {
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
BROTLI_QUALITY = 5
GZIP_LEVEL = 6
# The media types a CDN compresses on the fly (by the Content-Type it sends).
COMPRESSIBLE = re.compile(
    r"^(text/|application/(javascript|json|manifest\+json|wasm|xml)|image/svg\+xml)"
)


def accepted_encoding(header: str | None) -> str | None:
    """The encoding to answer ``Accept-Encoding`` with: ``br`` before ``gzip``, or none."""
    offered: dict[str, float] = {}
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        offered[name.strip().lower()] = quality
    for encoding in ("br", "gzip"):
        if offered.get(encoding, offered.get("*", 0.0)) > 0:
            return encoding
    return None


class Compressed:
    """Compressed copies of the site's files, made once per file, encoding and version."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._copies: dict[tuple[str, str, int, int], bytes] = {}

    def get(self, path: Path, encoding: str) -> bytes:
        stat = path.stat()
        key = (str(path), encoding, stat.st_mtime_ns, stat.st_size)
        with self._lock:
            found = self._copies.get(key)
        if found is None:
            data = path.read_bytes()
            if encoding == "br":
                found = brotli.compress(data, quality=BROTLI_QUALITY)
            else:
                found = gzip.compress(data, GZIP_LEVEL, mtime=0)
            with self._lock:
                self._copies[key] = found
        return found


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~50 requests
    rules: ClassVar[list[HeaderRule]] = []
    compressed: ClassVar[Compressed] = Compressed()
    quiet = True
    extensions_map = {  # noqa: RUF012 - the base class declares it the same way
        **SimpleHTTPRequestHandler.extensions_map,
        **MEDIA_TYPES,
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._declared: dict[str, str] = {}
        self._variant: tuple[str, bytes] | None = None  # (encoding, body) of this answer
        self._negotiated = False  # the answer depends on Accept-Encoding: Vary says so
        super().__init__(*args, **kwargs)

    def media_type(self, path: str) -> str:
        """The Content-Type the answer carries: netlify.toml's if it declares one."""
        url_path = unquote(urlsplit(self.path).path)
        for name, value in headers_for(self.rules, url_path).items():
            if name.lower() == "content-type":
                return value
        return self.guess_type(path)

    def send_head(self) -> Any:
        """The file, or its brotli/gzip copy when its type is one a CDN compresses."""
        self._variant, self._negotiated = None, False
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.is_file() and COMPRESSIBLE.match(self.media_type(str(path))):
            self._negotiated = True
            encoding = accepted_encoding(self.headers.get("Accept-Encoding"))
            if encoding is not None:
                self._variant = (encoding, self.compressed.get(path, encoding))
        variant = self._variant
        f = super().send_head()  # headers sent: a 304 or an error has dropped the variant
        if f is not None and variant is not None and self._variant is not None:
            f.close()
            return io.BytesIO(variant[1])
        return f

    def send_response(self, code: int, message: str | None = None) -> None:
        path = unquote(urlsplit(self.path).path)
        self._declared = headers_for(self.rules, path)
        if code != HTTPStatus.OK:
            self._variant = None  # a 304, redirect or error carries no encoded body
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() in {k.lower() for k in self._declared}:
            return  # the declared value is sent instead, in end_headers
        if keyword.lower() == "content-length" and self._variant is not None:
            value = str(len(self._variant[1]))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        declared, self._declared = self._declared, {}
        for name, value in declared.items():
            super().send_header(name, value)
        if self._negotiated:
            super().send_header("Vary", "Accept-Encoding")
        if self._variant is not None:
            super().send_header("Content-Encoding", self._variant[0])
        super().end_headers()

    def list_directory(self, path: str | Any) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def warm(directory: Path) -> int:
    """Compress every compressible file of ``directory`` now, both encodings; the count."""
    count = 0
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        media = MEDIA_TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or ""
        if COMPRESSIBLE.match(media):
            for encoding in ("br", "gzip"):
                Handler.compressed.get(path, encoding)
            count += 1
    return count


class SiteServer(ThreadingHTTPServer):
    # A page's first visit opens many connections at once (modules, preloads, the service
    # worker's precache, each on its own HTTP/1.0 connection): socketserver's backlog of 5 let
    # a loaded machine drop connection requests, which the browser retries only after seconds.
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Say nothing when the browser went away mid-response (a reload while Pyodide's files
        load, a closed tab): that is no fault of the server, and ``http.server`` would print a
        traceback for each one into the console of ``make play``.  Any other error still
        prints."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = True
) -> ThreadingHTTPServer:
    """A server for ``directory`` (not yet serving: call ``serve_forever``)."""
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: build first (make build)")
    handler = type("SiteHandler", (Handler,), {"rules": load_rules(), "quiet": quiet})
    server = SiteServer((host, port), partial(handler, directory=str(directory)))
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
