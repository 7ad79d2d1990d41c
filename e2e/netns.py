"""A network namespace of its own for the browser tests of peer-to-peer play.

Players' browsers talk over WebRTC data channels. A test of that must not let peer traffic reach
the machine's interfaces or any other address, so the web server and Chromium run in a network
namespace made for the test and gone with it. Chromium gathers no ICE candidates on loopback
alone, so the namespace also holds a veth pair: two addresses (10.99.0.1 and 10.99.0.2) that
lead nowhere but back into the namespace.

Chromium's default switches hide host candidates behind random ``.local`` names; they resolve
over mDNS inside the namespace, so the data channel connects without turning that off. A test
that must see the addresses themselves launches Chromium with
``--disable-features=WebRtcHideLocalIpsWithMdns``.

The namespace lives as long as a holder process (``unshare --net -- sleep infinity``); every
other process joins it with ``nsenter --net=/proc/PID/ns/net``. Playwright starts Chromium
through a wrapper script that does that ``nsenter`` and then ``exec``\\s Chromium, so the browser
runs inside while Playwright still drives it over its pipe. Making a namespace needs root
(CAP_SYS_ADMIN), which the CI has.

Use :func:`namespace` (a context manager), or :class:`Namespace` and its ``close``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "tools" / "serve.py"

SUBNET = "10.99.0"
ADDRESSES = (f"{SUBNET}.1", f"{SUBNET}.2")
# lo up for the web server; a veth pair so that Chromium has an interface other than loopback to
# gather candidates on; a default route through it, as Chromium's default policy gathers only on
# the interface its default route leaves by (with none, it gathers no candidate at all). The route
# leads back into the namespace: there is nothing else.
# No IPv6: a veth's link-local address would finish its duplicate check a second or two later,
# and Chromium takes that change of addresses for a network change, failing every request in
# flight (net::ERR_NETWORK_CHANGED: a page loading then never starts). For the same reason the
# setup returns only once both ends are up, so that nothing about the network changes after it.
SETUP = f"""set -e
echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6
echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6
ip link set lo up
ip link add veth0 type veth peer name veth1
ip addr add {ADDRESSES[0]}/24 dev veth0
ip addr add {ADDRESSES[1]}/24 dev veth1
ip link set veth0 up
ip link set veth1 up
ip route add default via {ADDRESSES[1]} dev veth0
for _ in $(seq 50); do
  [ "$(ip -o link show up | grep -c 'veth[01]@.*state UP')" = 2 ] && exit 0
  sleep 0.1
done
echo "the veth pair did not come up" >&2
exit 1
"""
# A SIGKILL when the test process dies, however it dies, so that no holder outlives a crashed run
# and keeps its namespace alive (set before exec, kept through the execs down to the process).
DIE_WITH_PARENT = ["setpriv", "--pdeathsig", "KILL", "--"]
# It says "ready" once unshare has made the namespace: before that, its /proc/PID/ns/net is still
# the test process's own namespace.
HOLDER = [*DIE_WITH_PARENT, "unshare", "--net", "--", "sh", "-c", "echo ready; exec sleep infinity"]


class NamespaceError(RuntimeError):
    """The namespace, or something in it, could not be made."""


def _stop(process: subprocess.Popen[Any]) -> None:
    """Terminate ``process`` (by its own id), kill it if it lingers, and reap it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


class Namespace:
    """A network namespace with loopback and the veth pair up, held by a sleeping process."""

    def __init__(self) -> None:
        for tool in ("unshare", "nsenter", "setpriv", "ip"):
            if shutil.which(tool) is None:
                raise NamespaceError(f"{tool} is missing: apt-get install util-linux iproute2")
        self._folder = Path(tempfile.mkdtemp(prefix="netns-"))
        self._servers: list[subprocess.Popen[str]] = []
        self._holder = subprocess.Popen(
            HOLDER, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            assert self._holder.stdout is not None
            if self._holder.stdout.readline().strip() != "ready":
                self._holder.wait(timeout=10)
                error = self._holder.stderr.read() if self._holder.stderr else ""
                raise NamespaceError(f"unshare --net failed (root is needed): {error.strip()}")
            if os.stat(self.net).st_ino == os.stat("/proc/self/ns/net").st_ino:
                raise NamespaceError("the holder is still in this process's network namespace")
            done = self.run(["sh", "-c", SETUP])
            if done.returncode != 0:
                raise NamespaceError(f"setting up the namespace failed: {done.stderr.strip()}")
        except BaseException:
            self.close()
            raise

    @property
    def pid(self) -> int:
        return self._holder.pid

    @property
    def net(self) -> str:
        """The namespace's handle, for ``nsenter --net=``."""
        return f"/proc/{self.pid}/ns/net"

    def command(self, argv: Sequence[str]) -> list[str]:
        """``argv`` as a command that runs inside the namespace."""
        return ["nsenter", f"--net={self.net}", "--", *argv]

    def run(self, argv: Sequence[str], timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
        """Run ``argv`` inside the namespace to its end; its output as text, not checked."""
        return subprocess.run(
            self.command(argv), capture_output=True, text=True, timeout=timeout, check=False
        )

    def python(self, code: str, *args: str) -> subprocess.CompletedProcess[str]:
        """Run Python ``code`` (this interpreter) inside the namespace, ``args`` its argv."""
        return self.run([sys.executable, "-c", code, *args])

    def serve(self, directory: Path) -> str:
        """Serve ``directory`` with tools/serve.py (netlify.toml's headers) on 127.0.0.1 inside
        the namespace, on a free port; its URL once it answers. The server stops with
        :meth:`close`.

        serve.py binds and listens before it prints its address line, so the line alone means
        it accepts connections; one request from inside confirms that it answers.
        """
        serve = [sys.executable, str(SERVE), "--dir", str(directory), "--host", "127.0.0.1"]
        server = subprocess.Popen(
            [*DIE_WITH_PARENT, *self.command([*serve, "--port", "0"])],
            stdout=subprocess.PIPE,
            text=True,
        )
        self._servers.append(server)
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://[^:/]+:(\d+)/", line)
        if found is None:
            raise NamespaceError(f"serve.py did not start (exit {server.poll()}): {line!r}")
        url = f"http://127.0.0.1:{found.group(1)}/"
        probe = self.python(
            f"import urllib.request; urllib.request.urlopen({url!r}, timeout=10).read()"
        )
        if probe.returncode != 0:
            raise NamespaceError(f"{url} does not answer inside the namespace: {probe.stderr}")
        return url

    def wrapper(self, executable: str) -> Path:
        """An executable script that runs ``executable`` inside the namespace with the
        arguments it is given: Playwright's ``executable_path``. ``exec`` all the way down
        keeps one process, so Playwright's pipe and its kill reach the browser itself."""
        path = self._folder / f"{Path(executable).name}-in-netns"
        command = shlex.join(self.command([executable]))
        path.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
        path.chmod(0o755)
        return path

    def close(self) -> None:
        """Stop the servers and the holder; the namespace goes with its last process."""
        for server in self._servers:
            _stop(server)
        self._servers.clear()
        _stop(self._holder)
        shutil.rmtree(self._folder, ignore_errors=True)


@contextlib.contextmanager
def namespace() -> Iterator[Namespace]:
    """A fresh namespace for the ``with`` block, closed after it."""
    made = Namespace()
    try:
        yield made
    finally:
        made.close()
