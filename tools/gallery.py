"""The table's gallery: screenshots of the table mid-game at the sizes players use, with 2, 4
and 6 players, light and dark, a call's reveal and the end screen, into docs/gallery/.

Run it after a change to the table's look and compare the pictures (docs/table.md shows them):

    .venv/bin/python tools/gallery.py                 # every picture, from dist/
    .venv/bin/python tools/gallery.py --only 390x844  # the shots of one size

Every game is dealt from a fixed seed and played by the page's own controls (e2e/driver.py's
Person), so the same tree gives the same pictures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from driver import Person, configure, deal, open_page, wait_turn  # noqa: E402

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 800), (1920, 1080)]
PLAYERS = [2, 4, 6]
SEED = 7
OUT = ROOT / "docs" / "gallery"


@dataclass(frozen=True)
class Shot:
    """One picture: the table of `players` at `width` x `height` in one colour scheme."""

    width: int
    height: int
    players: int
    scheme: str
    moment: str  # "mid" (after a few turns), "reveal" (a call's cards face up), "end"

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}-{self.players}p-{self.scheme}-{self.moment}.png"


def shots() -> list[Shot]:
    """Mid-game at every size and player count in light, the phone and laptop also in dark;
    a reveal and the end screen at a phone and a laptop size."""
    out = [Shot(w, h, n, "light", "mid") for w, h in SIZES for n in PLAYERS]
    out += [Shot(w, h, 6, "dark", "mid") for w, h in ((390, 844), (1280, 800))]
    for w, h in ((390, 844), (1280, 800)):
        out.append(Shot(w, h, 4, "light", "reveal"))
        out.append(Shot(w, h, 4, "dark", "end"))
    return out


def play_turns(page: Page, turns: int) -> None:
    """The human plays `turns` of their own decisions, as a person clicks."""
    person = Person(page)
    s = wait_turn(page)
    for _ in range(turns):
        if s["ended"]:
            return
        step = s["step"]
        person.act(s)
        s = wait_turn(page, step)


def until_reveal(page: Page) -> None:
    """Play on, calling every claim, until a reveal lies on the table."""
    person = Person(page)
    for _ in range(60):
        s = wait_turn(page)
        if s["challenge"]:
            page.click("#act-challenge")
            page.locator("#reveal:not([hidden])").wait_for(timeout=30_000)
            return
        step = s["step"]
        person.act(s)
        wait_turn(page, step)
    raise RuntimeError("no reveal within 60 turns")


def take(browser: Browser, base_url: str, shot: Shot, out: Path) -> Path:
    context = browser.new_context(
        viewport={"width": shot.width, "height": shot.height},
        color_scheme="dark" if shot.scheme == "dark" else "light",
        reduced_motion="reduce",
    )
    page = context.new_page()
    speed = "normal" if shot.moment == "reveal" else "instant"
    open_page(page, base_url, f"speed={speed}&debug=1")
    configure(page, "classic", shot.players, seed=SEED)
    deal(page)
    if shot.moment == "mid":
        play_turns(page, 3)
    elif shot.moment == "reveal":
        until_reveal(page)
    else:
        Person(page).play_game()
        page.locator("#end-screen[open]").wait_for()
    path = out / shot.name
    page.screenshot(path=str(path))
    context.close()
    return path


@contextmanager
def site(directory: Path) -> Iterator[str]:
    server, url = serve.serve_in_thread(directory)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the pictures")
    parser.add_argument("--only", default="", help="only the shots whose file name contains this")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with site(args.dir.resolve()) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for shot in shots():
            if args.only in shot.name:
                print(take(browser, url, shot, args.out))
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
