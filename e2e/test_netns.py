"""The harness of the peer-play tests (e2e/netns.py): two browsers in the test's own network
namespace connect a WebRTC data channel with no STUN or TURN server, on the namespace's addresses
only, and nothing outside the namespace can be reached from it."""

from __future__ import annotations

import ipaddress
import json
import re
import socket
import subprocess
import threading
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from netns import SUBNET, Namespace
from playwright.sync_api import Browser, BrowserContext, Page

# A page of the site with no scripts: these tests need only its origin (127.0.0.1 is a secure
# context, which RTCPeerConnection asks for), not the game booting beside them.
PAGE = "rules/en.html"
# Chromium's switch that shows host candidates' addresses instead of random mDNS names.
SHOW_ADDRESSES = "--disable-features=WebRtcHideLocalIpsWithMdns"

# Offer (no description given) or answer (the offer given); resolves with the local description
# once ICE gathering is complete, every candidate in it: no trickle, one exchange each way.
DESCRIBE = """async (offer) => {
  const pc = new RTCPeerConnection();
  window.pc = pc;
  window.inbox = [];
  const hold = (channel) => {
    window.channel = channel;
    channel.onmessage = (event) => window.inbox.push(event.data);
  };
  if (offer) {
    pc.ondatachannel = (event) => hold(event.channel);
    await pc.setRemoteDescription(offer);
    await pc.setLocalDescription(await pc.createAnswer());
  } else {
    hold(pc.createDataChannel("table"));
    await pc.setLocalDescription(await pc.createOffer());
  }
  if (pc.iceGatheringState !== "complete") {
    await new Promise((done) => {
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") done();
      });
    });
  }
  return pc.localDescription.toJSON();
}"""
OPEN = "() => window.channel !== undefined && window.channel.readyState === 'open'"
# The addresses of the connection's chosen candidate pair, as getStats reports them.
CHOSEN = """async () => {
  const stats = await pc.getStats();
  const found = [];
  stats.forEach((pair) => {
    if (pair.type === "candidate-pair" && pair.nominated && pair.state === "succeeded") {
      found.push(stats.get(pair.localCandidateId).address);
      found.push(stats.get(pair.remoteCandidateId).address);
    }
  });
  return found;
}"""


def connect(offerer: Page, answerer: Page) -> tuple[dict[str, str], dict[str, str]]:
    """Connect the two pages' data channel, the descriptions passed through Python; the offer
    and the answer."""
    offer: dict[str, str] = offerer.evaluate(DESCRIBE, None)
    answer: dict[str, str] = answerer.evaluate(DESCRIBE, offer)
    offerer.evaluate("(answer) => pc.setRemoteDescription(answer)", answer)
    offerer.wait_for_function(OPEN, timeout=10_000)
    answerer.wait_for_function(OPEN, timeout=10_000)
    return offer, answer


def candidate_addresses(description: dict[str, str]) -> list[str]:
    """The connection address of every ``a=candidate`` line (RFC 8839: its fifth field)."""
    return [
        line.split()[4]
        for line in description["sdp"].splitlines()
        if line.startswith("a=candidate:")
    ]


def in_namespace(address: str) -> bool:
    return address.startswith(f"{SUBNET}.")


def open_pair(
    ns_context: Callable[..., BrowserContext], ns_base_url: str, browser: Browser | None = None
) -> tuple[Page, Page]:
    """Two pages of the site in two contexts (two players) of the same browser."""
    pages = []
    for _ in range(2):
        page = ns_context(browser=browser).new_page()
        page.goto(ns_base_url + PAGE)
        pages.append(page)
    return pages[0], pages[1]


def test_two_browsers_in_the_namespace_talk_over_a_data_channel(
    ns_context: Callable[..., BrowserContext], ns_base_url: str
) -> None:
    host, guest = open_pair(ns_context, ns_base_url)
    connect(host, guest)
    host.evaluate("() => window.channel.send('deal')")
    guest.evaluate("() => window.channel.send('pass')")
    host.wait_for_function("() => window.inbox.length === 1", timeout=5_000)
    guest.wait_for_function("() => window.inbox.length === 1", timeout=5_000)
    assert host.evaluate("() => window.inbox") == ["pass"]
    assert guest.evaluate("() => window.inbox") == ["deal"]


def test_candidates_are_only_the_namespace_addresses_or_mdns_names(
    ns_context: Callable[..., BrowserContext],
    ns_base_url: str,
    ns_launch: Callable[..., Browser],
) -> None:
    """With Chromium's default switches a host candidate is a random ``.local`` name, resolved
    over mDNS inside the namespace; with them shown, every address is the namespace's."""
    descriptions = connect(*open_pair(ns_context, ns_base_url))
    hidden = [a for d in descriptions for a in candidate_addresses(d)]
    assert hidden, "no candidates gathered"
    assert all(a.endswith(".local") or in_namespace(a) for a in hidden), hidden

    host, guest = open_pair(ns_context, ns_base_url, browser=ns_launch(SHOW_ADDRESSES))
    descriptions = connect(host, guest)
    shown = [a for d in descriptions for a in candidate_addresses(d)]
    assert shown, "no candidates gathered"
    assert all(in_namespace(a) for a in shown), shown
    chosen = host.evaluate(CHOSEN)
    assert chosen, "no chosen candidate pair in getStats"
    assert all(in_namespace(a) for a in chosen), chosen


class Counting(BaseHTTPRequestHandler):
    """Counts the requests that reach it: none may, from inside the namespace."""

    hits: list[str]

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Server6(ThreadingHTTPServer):
    address_family = socket.AF_INET6


def host_addresses() -> list[str]:
    """This machine's own global addresses, as its (the test process's) namespace has them."""
    shown = subprocess.run(
        ["ip", "-j", "addr", "show", "scope", "global"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    links = json.loads(shown)  # addr_info lists an empty entry for each address the scope hides
    return [info["local"] for link in links for info in link["addr_info"] if "local" in info]


@pytest.fixture
def outside(ns_base_url: str) -> Iterator[tuple[list[str], list[str]]]:
    """Servers outside the namespace, on this machine's 127.0.0.1 and on each of its own
    addresses; their URLs, and the requests that reached them. The loopback one is never on the
    port of the site inside the namespace, which would answer in its place."""
    taken = re.search(r":(\d+)/", ns_base_url)
    hits: list[str] = []
    handler = type("Handler", (Counting,), {"hits": hits})
    servers: list[ThreadingHTTPServer] = []
    urls: list[str] = []
    for address in ["127.0.0.1", *host_addresses()]:
        kind = Server6 if ipaddress.ip_address(address).version == 6 else ThreadingHTTPServer
        server = kind((address, 0), handler)
        while taken and server.server_address[1] == int(taken.group(1)):
            server.server_close()
            server = kind((address, 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        host = f"[{address}]" if ":" in address else address
        urls.append(f"http://{host}:{server.server_address[1]}/")
    yield urls, hits
    for server in servers:
        server.shutdown()
        server.server_close()


# Fetches every URL at once with a short timeout; prints what each attempt ended with.
TRY_ALL = """
import json, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
def attempt(url):
    try:
        return f"reached: {urllib.request.urlopen(url, timeout=1).status}"
    except Exception as error:
        return f"failed: {error}"
urls = json.loads(sys.argv[1])
with ThreadPoolExecutor(len(urls)) as pool:
    print(json.dumps(dict(zip(urls, pool.map(attempt, urls)))))
"""


def test_nothing_outside_the_namespace_is_reachable_from_it(
    netns: Namespace,
    ns_context: Callable[..., BrowserContext],
    ns_base_url: str,
    outside: tuple[list[str], list[str]],
) -> None:
    urls, hits = outside
    for url in urls:  # each answers here, outside: the servers work
        with urllib.request.urlopen(url, timeout=5) as response:
            assert response.status == 204
    hits.clear()

    done = netns.python(TRY_ALL, json.dumps(urls))
    assert done.returncode == 0, done.stderr
    results: dict[str, str] = json.loads(done.stdout)
    assert all(result.startswith("failed") for result in results.values()), results

    page = ns_context().new_page()
    page.goto(ns_base_url + PAGE)
    fetched = page.evaluate(
        """async (url) => {
          try {
            await fetch(url, { mode: "no-cors", signal: AbortSignal.timeout(2000) });
            return "reached";
          } catch (error) {
            return String(error);
          }
        }""",
        urls[0],
    )
    assert fetched != "reached"
    assert hits == [], hits
