"""The codes of "play with friends" (web/app/friends/): a WebRTC offer or answer as a short text
and a QR code, in Chromium on a page of the built site.

Real descriptions from two RTCPeerConnections go through the codes and connect; hostile codes
(cut, changed, too long, random, or made with a valid CRC around fields out of range) are refused
with an Error; a QR code drawn by qr.js is read back by its scanning path (jsQR); and the figures
the invites show (characters, QR version) are printed.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from camera import PAINT, camera_args, film
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

# A page of the site with no scripts of its own: the modules are imported into it, under the
# site's headers (CSP, Permissions-Policy), without the game booting beside them.
PAGE = "rules/en.html"
IMPORT = """async () => {
  const load = (name) => import(new URL(`../app/friends/${name}.js`, location.href).href);
  window.friends = { code: await load("code"), rtc: await load("rtc"), qr: await load("qr") };
}"""
# A link as the host's page makes it (hub.js: the page's address, #join=<code>) on a typical host.
LINK = "https://verish-ne-verish.netlify.app/#join="

CONNECT = """async () => {
  const { rtc, code } = window.friends;
  const host = await rtc.hostOffer({ extra: { seat: 2, table: "ab12" } });
  const guest = await rtc.guestAnswer(host.code);
  const taken = await rtc.acceptAnswer(host.pc, guest.code);
  const guestChannel = await guest.channel;
  const hostOpen = host.channel.readyState === "open" ? null :
    new Promise((done) => host.channel.addEventListener("open", done, { once: true }));
  await hostOpen;
  const next = (channel) =>
    new Promise((done) => channel.addEventListener("message", (e) => done(e.data)));
  const heard = next(host.channel);
  guestChannel.send("hello from the guest");
  const back = next(guestChannel);
  host.channel.send("hello from the host");
  const result = {
    offer: host.code, answer: guest.code, offerExtra: guest.extra, answerExtra: taken,
    heard: await heard, back: await back,
    offerSdp: host.pc.localDescription.sdp, answerSdp: guest.pc.localDescription.sdp,
    offerRebuilt: code.decodeDescription(host.code).description,
    answerRebuilt: code.decodeDescription(guest.code).description,
  };
  host.pc.close();
  guest.pc.close();
  return result;
}"""


@pytest.fixture
def friends(ns_context: Callable[..., BrowserContext], ns_base_url: str) -> Page:
    """A page inside the tests' network namespace (e2e/netns.py): the peer connections made
    here gather candidates and connect on its addresses only, never the machine's."""
    page = ns_context().new_page()
    page.goto(ns_base_url + PAGE)
    page.evaluate(IMPORT)
    return page


def attribute(sdp: str, name: str) -> str:
    return next(line.split(":", 1)[1] for line in sdp.splitlines() if line.startswith(f"a={name}:"))


def udp_candidates(sdp: str) -> set[tuple[str, str, str]]:
    """(address, port, type) of each UDP candidate line."""
    found = set()
    for line in sdp.splitlines():
        parts = line.split()
        if line.startswith("a=candidate:") and parts[2].lower() == "udp":
            found.add((parts[4], parts[5], parts[7]))
    return found


def test_a_real_offer_and_answer_go_through_the_codes_and_connect(friends: Page) -> None:
    result = friends.evaluate(CONNECT)
    assert (result["heard"], result["back"]) == ("hello from the guest", "hello from the host")
    # The offer's extra reached the guest, and came back in the answer (guestAnswer's default).
    assert result["offerExtra"] == result["answerExtra"] == {"seat": 2, "table": "ab12"}
    for side in ("offer", "answer"):
        original, rebuilt = result[f"{side}Sdp"], result[f"{side}Rebuilt"]["sdp"]
        assert result[f"{side}Rebuilt"]["type"] == side
        for name in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
            assert attribute(rebuilt, name) == attribute(original, name), (side, name)
        assert udp_candidates(rebuilt) == udp_candidates(original), side
        assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in rebuilt
        print(
            f"\n{side}: {len(result[side])} characters, {len(udp_candidates(original))} candidates"
        )


REFUSALS = """(codes) => {
  const { decodeDescription } = window.friends.code;
  const outcomes = [];
  for (const text of codes) {
    try {
      decodeDescription(text);
      outcomes.push(["accepted", String(text).slice(0, 200)]);
    } catch (error) {
      const plain = error instanceof Error && error.constructor === Error;
      const ours = plain && error.message.startsWith("not a table code: ");
      outcomes.push([ours ? "refused" : "other", String(error)]);
    }
  }
  return outcomes;
}"""

OFFER = """async (extra) => {
  const { rtc } = window.friends;
  const host = await rtc.hostOffer({ extra });
  host.pc.close();
  return host.code;
}"""


def refused(page: Page, codes: list[Any]) -> None:
    outcomes = page.evaluate(REFUSALS, codes)
    wrong = [
        (code, outcome)
        for code, outcome in zip(codes, outcomes, strict=True)
        if outcome[0] != "refused"
    ]
    assert not wrong, wrong[:5]


def test_cut_changed_long_and_random_codes_are_refused(friends: Page) -> None:
    code = friends.evaluate(OFFER, {"seat": 1})
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    rng = random.Random(20240607)
    cut = [code[:i] for i in range(len(code))] + [code[i:] for i in range(1, len(code))]
    changed = [
        code[:i] + rng.choice(alphabet.replace(code[i], "")) + code[i + 1 :]
        for i in range(len(code))
    ]
    longer = [code + tail for tail in ("A", "AA", "AAA", "AAAA", "x", "-_", code)]
    stray = [code + " ", " " + code, code + "=", code[:5] + "+" + code[6:], code + "\n", "é" + code]
    oversized = [code * 5, "A" * 601, "A" * 100_000]
    noise = ["".join(rng.choices(alphabet, k=rng.randrange(0, 300))) for _ in range(3000)]
    noise += ["".join(chr(rng.randrange(0, 0x3000)) for _ in range(100)) for _ in range(100)]
    others: list[Any] = [None, 42, {}, [], "", "#join=" + code]
    codes = cut + changed + longer + stray + oversized + noise + others
    refused(friends, codes)
    # The code itself, and the same with a different extra, are still read.
    assert friends.evaluate("(c) => window.friends.code.decodeDescription(c).extra", code) == {
        "seat": 1
    }


# ---------------------------------------------------------------- codes with a valid CRC


class Bits:
    """The bit writer of code.js, to make codes whose CRC is right around wrong fields."""

    def __init__(self) -> None:
        self.value, self.size = 0, 0

    def put(self, value: int, width: int) -> Bits:
        self.value, self.size = (self.value << width) | value, self.size + width
        return self

    def bytes(self) -> bytes:
        pad = -self.size % 8
        return (self.value << pad).to_bytes((self.size + pad) // 8, "big")


def crc16(data: bytes) -> int:
    crc = 0xFFFF
    for byte in bytes([len(data) & 0xFF]) + data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    return crc


def sealed(body: bytes) -> str:
    data = body + crc16(body).to_bytes(2, "big")
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def offer_bits(*, kind: int = 0, form: int = 0, count: int = 0) -> Bits:
    """An offer's fixed fields (Chromium's credentials form), up to its candidates."""
    bits = Bits().put(kind, 2).put(form, 2).put(count, 3)
    for _ in range(28):
        bits.put(5, 6)  # ufrag and pwd: "FFFF", "FFF...F"
    for _ in range(32):
        bits.put(0xAB, 8)  # the fingerprint
    return bits


def test_crafted_codes_with_a_valid_crc_are_refused_field_by_field(friends: Page) -> None:
    good = sealed(offer_bits(count=1).put(0, 2).put(0x0A000001, 32).put(5000, 16).bytes())
    described = friends.evaluate("(c) => window.friends.code.decodeDescription(c)", good)
    assert (
        "a=candidate:1 1 udp 2130706431 10.0.0.1 5000 typ host" in described["description"]["sdp"]
    )
    assert described["extra"] == {}
    ipv4 = offer_bits(count=1).put(0, 2)
    general = Bits().put(0, 2).put(2, 2).put(0, 3)
    crafted = [
        offer_bits(kind=3).bytes(),  # no such kind
        offer_bits(form=3).bytes(),  # no such form of credentials
        general.put(3, 8).put(22, 8).bytes() + bytes(80),  # a ufrag of 3 characters
        Bits().put(0, 2).put(2, 2).put(0, 3).put(4, 8).put(21, 8).bytes() + bytes(80),  # pwd 21
        offer_bits(count=7).bytes(),  # 7 candidates announced, none there
        offer_bits(count=1).put(0, 2).put(0x0A000001, 32).put(0, 16).bytes(),  # port 0
        ipv4.put(0, 32).put(5000, 16).bytes(),  # 0.0.0.0
        offer_bits(count=1).put(1, 2).put(0xE0000001, 32).put(5000, 16).bytes(),  # multicast
        offer_bits().put(1, 1).bytes(),  # a stray bit before the extra
        offer_bits().bytes() + b"seat",  # an extra that is not JSON
        offer_bits().bytes() + b'"a":1}, {"b":2',  # two objects
        offer_bits().bytes() + b'"a": 1',  # not as the encoder writes it
        offer_bits().bytes() + b'"a":1,"a":2',  # a key twice
        offer_bits().bytes() + b'"a":"\xff"',  # not UTF-8
        offer_bits().bytes() + b'"a":"' + b"x" * 200 + b'"',  # too long an extra
    ]
    refused(friends, [sealed(body) for body in crafted])


# ---------------------------------------------------------------- QR codes and the figures

QR = (
    """async ([text, native]) => {
  const { canvas, drawn } = ("""
    + PAINT
    + """)(window.friends.qr, text, 8);
  const read = await window.friends.qr.scanQR(canvas, { native });
  return { drawn, read, detector: "BarcodeDetector" in window };
}"""
)


def test_a_qr_code_drawn_is_read_back_to_the_same_text(friends: Page) -> None:
    code = friends.evaluate(OFFER, {"seat": 3, "nonce": 51234})
    for text in (LINK + code, code, "x" * 300):
        for native in (False, True):  # jsQR; the browser's detector where it has one (not here)
            result = friends.evaluate(QR, [text, native])
            assert result["read"] == text, (native, result)
            assert result["drawn"]["modules"] == 17 + 4 * result["drawn"]["version"]


LENGTHS = """async (LINK) => {
  const { code, rtc, qr } = window.friends;
  const host = await rtc.hostOffer();
  const guest = await rtc.guestAnswer(host.code);
  const offer = host.pc.localDescription;
  const answer = guest.pc.localDescription;
  host.pc.close();
  guest.pc.close();
  // The same offer with two IPv4 candidates, a host and a server-reflexive one (as with a STUN
  // server, or where the browser shows host addresses instead of mDNS names).
  const lines = offer.sdp.split("\\r\\n").filter((line) => !line.startsWith("a=candidate:"));
  lines.splice(lines.indexOf("c=IN IP4 0.0.0.0") + 1, 0,
    "a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0",
    "a=candidate:2 1 udp 1686052607 203.0.113.9 50001 typ srflx raddr 192.168.1.20 rport 50000");
  const ipv4 = { type: "offer", sdp: lines.join("\\r\\n") };
  const extra = { seat: 2, nonce: 51234 };
  const figures = {};
  const cases = [
    ["offer, its own candidates", offer], ["answer, its own candidates", answer],
    ["offer, 2 IPv4 candidates", ipv4],
  ].flatMap(([name, description]) =>
    [[name, description, {}], [name + ", + extra", description, extra]]);
  for (const [name, description, carried] of cases) {
    const text = code.encodeDescription(description, carried);
    const link = qr.renderQR(text, document.createElement("div"));
    const invite = qr.renderQR(LINK + text, document.createElement("div"));
    figures[name] = {
      chars: text.length,
      sdp: code.decodeDescription(text).description.sdp, extra: JSON.stringify(carried).length - 2,
      version: link.version, modules: link.modules, linkChars: (LINK + text).length,
      linkVersion: invite.version, linkModules: invite.modules,
    };
  }
  return figures;
}"""


def test_a_typical_offer_with_two_candidates_is_short(friends: Page) -> None:
    figures = friends.evaluate(LENGTHS, LINK)
    print()
    for name, figure in figures.items():
        assert figure["chars"] == expected_chars(figure["sdp"], figure["extra"])
        figure["candidates"] = len(udp_candidates(figure["sdp"]))
        print(
            f"{name}: {figure['chars']} characters ({figure['candidates']} candidates), "
            f"QR version {figure['version']} ({figure['modules']} modules); as a link of "
            f"{figure['linkChars']} characters: version {figure['linkVersion']} "
            f"({figure['linkModules']} modules)"
        )
    # Two IPv4 candidates (a host and a srflx one): under 120 characters.
    assert figures["offer, 2 IPv4 candidates"]["candidates"] == 2
    assert figures["offer, 2 IPv4 candidates"]["chars"] < 120
    # Two mDNS names (what Chromium shows where the page has no camera access) hold a random
    # UUID each (122 bits): 122 characters with the CRC; without it, 119 would be the floor.
    if figures["offer, its own candidates"]["candidates"] == 2:
        assert figures["offer, its own candidates"]["chars"] <= 122


def expected_chars(sdp: str, extra_bytes: int) -> int:
    """What the format in code.js takes, from the rebuilt SDP: nothing more is spent."""
    ufrag, pwd = attribute(sdp, "ice-ufrag"), attribute(sdp, "ice-pwd")
    assert (len(ufrag), len(pwd)) == (4, 24)  # Chromium's credentials, 6 bits a character
    bits = 2 + 2 + 3 + 6 * 28 + 256
    for address, _, _ in udp_candidates(sdp):
        bits += 2 + (122 if address.endswith(".local") else 32) + 16
    total = -(-bits // 8) + extra_bytes + 2  # to the byte, the extra, the CRC
    return -(-total * 8 // 6)


# ---------------------------------------------------------------- the camera

CAMERA = """async () => {
  const video = document.createElement("video");
  document.body.append(video);
  let [stop, stream] = [null, null];
  const text = await new Promise((done, fail) => {
    const read = (found) => {
      stream = video.srcObject;
      done(found);
    };
    window.friends.qr.startCamera(video, read).then((s) => (stop = s), fail);
  });
  await new Promise((done) => setTimeout(done, 100));
  const ended = stream.getTracks().every((track) => track.readyState === "ended");
  stop(); // stopped once the code was read: nothing more
  return { text, released: ended && video.srcObject === null };
}"""


def test_the_camera_reads_a_code_under_the_sites_permissions_policy(
    friends: Page,
    base_url: str,
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path: Path,
) -> None:
    """A fake camera films a QR code; startCamera reads it on a page whose Permissions-Policy
    (netlify.toml) lets the page itself use the camera."""
    text = LINK + friends.evaluate(OFFER, {"seat": 2})
    video = tmp_path / "qr.y4m"
    film(friends, text, video)
    args = [*browser_type_launch_args["args"], *camera_args(video)]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        page = browser.new_page()
        page.goto(base_url + PAGE)
        page.evaluate(IMPORT)
        assert page.evaluate(CAMERA) == {"text": text, "released": True}
    finally:
        browser.close()


@pytest.mark.parametrize("tail", ["", "abc.", "x%20y"])
def test_a_damaged_invite_link_says_so_and_starts_no_engine(
    page: Page, base_url: str, tail: str
) -> None:
    """An invite cut short, or copied with the full stop of the sentence around it: the join
    screen says it cannot be read, and the page downloads no engine meanwhile."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{base_url}index.html?lang=en#join={tail}")
    expect(page.locator("#join-status")).to_have_text(
        "This invite cannot be read. Ask the host for a new one."
    )
    assert not [url for url in fetched if "pyodide" in url], fetched
