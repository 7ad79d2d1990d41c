"""Embedding: a rules site on another origin frames embed.html; the game is set up from the URL,
played to its end inside the iframe, and the parent hears "game started" and "game over" (posted
to its exact origin). A message from a foreign origin is ignored; the main page cannot be framed.

Origins: the game is served on 127.0.0.1:<port>; the host page on localhost:<other port> (another
site: this Chromium then denies the iframe every storage, the case docs/embedding.md,
"Storage", describes); the foreign frame on 127.0.0.1:<other port> (same server as the host,
another origin than both the host and the game).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from driver import BOOT_TIMEOUT_MS, Person, game_frame, wait_turn
from playwright.sync_api import Page, expect

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules site</title></head>
<body>
<h1>The rules, and a game to try them</h1>
<iframe id="game" title="Verish' Ne Verish'" width="980" height="760" src="{game}"></iframe>
<iframe id="main-page" title="the main page" width="300" height="200" src="{main}"></iframe>
<iframe id="foreign" title="someone else" width="300" height="100" src="{foreign}"></iframe>
<script>
  window.received = [];
  addEventListener("message", (e) => received.push({{origin: e.origin, data: e.data}}));
</script>
</body></html>
"""

FOREIGN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>foreign</title></head><body>
<script>
  window.answers = [];
  addEventListener("message", (e) => answers.push(e.data));
  window.poke = () => {
    parent.frames[0].postMessage({type: "vnv:ping"}, "*");
    parent.frames[0].postMessage({type: "vnv:new-game"}, "*");
  };
</script></body></html>
"""


def test_embedded_game_talks_to_its_parent_only(
    page: Page, base_url: str, host_server: tuple[Path, int]
) -> None:
    folder, port = host_server
    game_origin = base_url.rstrip("/")
    assert urlsplit(game_origin).hostname == "127.0.0.1"
    host_origin = f"http://localhost:{port}"
    foreign_origin = f"http://127.0.0.1:{port}"
    query = (
        "lang=en&preset=quick&players=3&levels=random&names=Ada,Bob&seed=5&speed=instant"
        f"&debug=1&parentOrigin={host_origin}"
    )
    (folder / "foreign.html").write_text(FOREIGN_PAGE, encoding="utf-8")
    (folder / "host.html").write_text(
        HOST_PAGE.format(
            game=f"{game_origin}/embed.html?{query}",
            main=f"{game_origin}/index.html",
            foreign=f"{foreign_origin}/foreign.html",
        ),
        encoding="utf-8",
    )
    page.goto(f"{host_origin}/host.html")
    frame = game_frame(page)
    # Set up from the URL and dealt as soon as the engine is ready: no click on the setup.
    expect(frame.locator("#table-screen")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(frame.locator("body")).to_have_attribute("data-mode", "embed")
    expect(frame.locator("#opponents .seat")).to_have_count(2)
    expect(frame.locator("#opponents")).to_contain_text("Ada")
    # Cross-site, the browser keeps nothing for the game: the player is told a reload starts over.
    expect(frame.locator("#storage-note")).to_be_visible()
    expect(frame.locator("#storage-note")).to_contain_text("a reload starts a new game")
    page.wait_for_function("() => received.some((m) => m.data.type === 'vnv:game-started')")
    started = page.evaluate("() => received.find((m) => m.data.type === 'vnv:game-started')")
    assert started["origin"] == game_origin
    assert started["data"]["preset"] == "quick"
    assert started["data"]["players"] == 3
    # The seats by the names the table shows: the human left unnamed is "You", not "".
    assert [seat["name"] for seat in started["data"]["seats"]] == ["You", "Ada", "Bob"]

    final = Person(frame).play_game()  # type: ignore[arg-type]
    assert final["ended"]
    page.wait_for_function("() => received.some((m) => m.data.type === 'vnv:game-over')")
    over = page.evaluate("() => received.find((m) => m.data.type === 'vnv:game-over')")["data"]
    assert over["players"] == 3
    assert over["place"] in (1, 2, 3)
    places = [row["place"] for row in over["ranking"]]
    assert places == sorted(places)  # a shared place is possible (two left holding cards)
    assert len(places) == 3
    assert places[0] == 1
    assert sum(row["you"] for row in over["ranking"]) == 1

    # A foreign origin pokes the game: ignored (no answer, no new game).
    step = frame.locator("#table-screen").get_attribute("data-step")
    foreign = next(f for f in page.frames if f.url.startswith(foreign_origin))
    foreign.evaluate("() => poke()")
    expect(frame.locator("html")).to_have_attribute("data-ignored-messages", "2")
    # The allowed parent gets an answer to the same message.
    page.evaluate(
        "(origin) => document.getElementById('game').contentWindow"
        ".postMessage({type: 'vnv:ping'}, origin)",
        game_origin,
    )
    page.wait_for_function("() => received.some((m) => m.data.type === 'vnv:pong')")
    assert foreign.evaluate("() => answers") == []
    expect(frame.locator("#end-screen")).to_be_visible()
    assert frame.locator("#table-screen").get_attribute("data-step") == step

    # The main page refuses to be framed by another site (frame-ancestors 'self').
    element = page.query_selector("#main-page")
    assert element is not None
    main = element.content_frame()
    assert main is not None
    assert main.query_selector("#setup-form") is None


def test_embed_page_is_built_from_the_main_page(site: Path) -> None:
    page = (site / "embed.html").read_text(encoding="utf-8")
    assert '<body data-mode="embed">' in page
    assert '<script type="module" src="app/embed/frame.js"></script>' in page
    assert 'src="app/main.js"' not in page
    main = (site / "index.html").read_text(encoding="utf-8")
    # The embed deals from its URL: the first screen's ways in hidden, the setup form open.
    for old, new in (
        ('aria-labelledby="welcome-heading"', 'aria-labelledby="setup-heading"'),
        ('<div id="welcome" class="welcome">', '<div id="welcome" class="welcome" hidden>'),
        ('<form id="setup-form" novalidate hidden>', '<form id="setup-form" novalidate>'),
    ):
        main = main.replace(old, new)
    entry = r'<script type="module" src="app/(main|embed/frame)\.js"></script>'
    strip = re.compile(r"<body[^>]*>|" + entry)
    assert strip.sub("", page) == strip.sub("", main)


# Whether the frame scrolls, and where the parts a player needs are (docs/embedding.md).
FIT_JS = """() => {
  const PARTS = [".felt", ".center", "#me", "#hand", ".actions", "#reason"];
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                       return [Math.round(r.top), Math.round(r.bottom)]; };
  return { scroll: document.documentElement.scrollHeight, height: innerHeight,
           parts: Object.fromEntries(PARTS.map((s) => [s, box(s)])) };
}"""


@pytest.mark.parametrize(
    ("width", "height", "players"), [(980, 760, 6), (360, 640, 6), (360, 640, 3)]
)
def test_embed_fits_its_frame_without_scrolling(
    page: Page, base_url: str, width: int, height: int, players: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(
        f"{base_url}embed.html?lang=de&preset=classic&players={players}&seed=7&speed=instant&debug=1"
    )
    expect(page.locator("#table-screen")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    person = Person(page)
    s = wait_turn(page)
    for turn in range(12):  # plays, calls, reveals, pick-ups: the table as it changes
        fit = page.evaluate(FIT_JS)
        assert fit["scroll"] <= fit["height"], (turn, fit)
        for part, (top, bottom) in fit["parts"].items():
            assert top >= 0, (turn, part, fit)
            assert bottom <= height, (turn, part, fit)
        if s["state"] == "over":
            break
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
