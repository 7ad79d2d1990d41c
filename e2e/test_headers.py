"""The security headers as served (tools/serve.py sends what netlify.toml declares): one CSP for
the site, framing open only on the embed page and the rules pages, nothing unsafe anywhere.
The browser side (zero CSP violations over a whole visit) is in test_offline.py."""

from __future__ import annotations

import urllib.request

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
