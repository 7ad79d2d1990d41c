"""The play server (tools/serve.py) when a browser drops a download half-way, as a reload while
Pyodide's files still load does: the console stays clean for what ``make play`` prints, the
next request is served, and a real fault in a request still shows its traceback."""

from __future__ import annotations

import os
import socket
import struct
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402

sys.path.pop(0)

BIG = 32 * 1024 * 1024  # far more than the loopback socket buffers hold


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "big.bin").write_bytes(os.urandom(BIG))
    return tmp_path


def test_a_dropped_download_prints_no_traceback(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server, url = serve.serve_in_thread(site)
    server.daemon_threads = False  # so that server_close waits for every request's thread
    server.block_on_close = True
    port = server.server_address[1]
    try:
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert client.recv(4096).startswith(b"HTTP/1.1 200 OK")
            # close at once with a reset, as a browser tab that goes away does
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        with urllib.request.urlopen(f"{url}index.html") as response:
            assert response.status == 200
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capsys.readouterr().err


def test_a_fault_in_a_request_still_shows(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = serve.make_server(site)
    try:
        try:
            raise ValueError("a bug in the handler")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))  # type: ignore[arg-type]
    finally:
        server.server_close()
    err = capsys.readouterr().err
    assert "Traceback" in err
    assert "a bug in the handler" in err
