"""The security headers as served (tools/serve.py sends what netlify.toml declares): one CSP for
the site, framing open only on the embed page and the rules pages, nothing unsafe anywhere.
The browser side (zero CSP violations over a whole visit) is in test_offline.py."""

from __future__ import annotations

import gzip
import json
import urllib.request
from pathlib import Path

import brotli
import pytest


def served(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as response:
        assert response.status == 200
        return {k.lower(): v for k, v in response.headers.items()}


def directives(csp: str) -> dict[str, list[str]]:
    parsed = {}
    for part in csp.split(";"):
        name, *values = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = values
    return parsed


@pytest.mark.parametrize(
    ("path", "ancestors"),
    [
        ("", ["'self'"]),
        ("index.html", ["'self'"]),
        ("app/main.js", ["'self'"]),
        ("sw.js", ["'self'"]),
        ("manifest.webmanifest", ["'self'"]),
        ("embed.html", ["*"]),
        ("rules/en.html", ["*"]),
    ],
)
def test_security_headers_are_served(base_url: str, path: str, ancestors: list[str]) -> None:
    headers = served(base_url + path)
    csp = directives(headers["content-security-policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert csp["worker-src"] == ["'self'", "blob:"]  # the service worker, PyScript's blob worker
    assert csp["connect-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ancestors
    flat = headers["content-security-policy"]
    assert "'unsafe-inline'" not in flat
    assert "'unsafe-eval'" not in flat
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert "x-frame-options" not in headers  # frame-ancestors decides (docs/embedding.md)


def test_service_worker_and_manifest_headers(base_url: str) -> None:
    assert served(base_url + "sw.js")["cache-control"] == "no-cache, no-store"
    manifest = served(base_url + "manifest.webmanifest")
    assert manifest["content-type"].startswith("application/manifest+json")


@pytest.mark.parametrize(
    ("path", "cache"),
    [
        ("", "no-cache"),
        ("app/main.js", "no-cache"),
        ("app/boot/engine-client.js", "no-cache"),
        ("app/worker/pyodide-boot.js", "no-cache"),
        # Loaded twice on a first visit (page and worker, favicon and manifest): fresh a minute.
        ("app/worker/indexeddb.js", "max-age=60, must-revalidate"),
        ("app/worker/runtime-module.js", "max-age=60, must-revalidate"),
        ("app/icon.svg", "max-age=60, must-revalidate"),
    ],
)
def test_our_files_are_revalidated_or_fresh_a_minute(base_url: str, path: str, cache: str) -> None:
    assert served(base_url + path)["cache-control"] == cache


def fetched(url: str, accept: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


@pytest.mark.parametrize(
    ("accept", "encoding"),
    [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), (None, None)],
)
def test_text_and_wasm_are_compressed_as_the_browser_accepts(
    base_url: str, site: Path, accept: str | None, encoding: str | None
) -> None:
    """As Netlify's CDN: brotli or gzip on the fly, negotiated, and Vary says so."""
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    wasm = manifest["pyodide"].rsplit("/", 1)[0] + "/pyodide.asm.wasm"
    for path in ("", "app/main.js", "build.json", wasm):
        headers, body = fetched(base_url + path, accept)
        assert headers.get("content-encoding") == encoding, path
        assert headers["vary"] == "Accept-Encoding"
        assert int(headers["content-length"]) == len(body)
        original = (site / (path or "index.html")).read_bytes()
        if encoding == "br":
            assert brotli.decompress(body) == original
        elif encoding == "gzip":
            assert gzip.decompress(body) == original
        else:
            assert body == original
        if encoding:
            assert len(body) < len(original) / 2, path


def test_compressed_files_are_sent_as_they_are(base_url: str, site: Path) -> None:
    """The stdlib zip and the build's brotli snapshot: no second compression, no header."""
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    stdlib = manifest["pyodide"].rsplit("/", 1)[0] + "/python_stdlib.zip"
    for path in (stdlib, manifest["snapshot"]["built"]["url"]):
        headers, body = fetched(base_url + path, "gzip, deflate, br")
        assert "content-encoding" not in headers, path
        assert body == (site / path).read_bytes()
