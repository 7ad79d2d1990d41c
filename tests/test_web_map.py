"""docs/web.md's module map names every JavaScript module of the page, and only modules that exist.

The map is the section "The page's modules": each module is written there as its path under
web/app/ in backticks (`game/loop.js`). A module added, moved or removed without the map is a
failure here, so the map cannot drift from the folders.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "web" / "app"
DOC = ROOT / "docs" / "web.md"
SECTION = "## The page's modules"


def module_map() -> str:
    """The text of the map's section: from its heading to the next heading of its level."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION) + len(SECTION)
    end = text.find("\n## ", start)
    return text[start : end if end != -1 else len(text)]


def listed() -> set[str]:
    """Every module the map's table names in its first column."""
    rows = (line for line in module_map().splitlines() if line.startswith("| `"))
    return {name for row in rows for name in re.findall(r"`([\w./-]+\.js)`", row.split(" | ")[0])}


def modules() -> set[str]:
    return {path.relative_to(APP).as_posix() for path in APP.rglob("*.js")}


def test_every_module_is_in_the_map() -> None:
    missing = modules() - listed()
    assert not missing, f"docs/web.md's module map leaves out {sorted(missing)}"


def test_every_module_in_the_map_exists() -> None:
    stale = listed() - modules()
    assert not stale, f"docs/web.md's module map names modules that do not exist: {sorted(stale)}"


def test_the_map_is_read_whole() -> None:
    """The map's table is found at all, and holds the modules of each folder: a map the reader
    above could not parse would otherwise pass both tests only while web/app/ were empty."""
    assert len(listed()) >= 40
    folders = {name.split("/")[0] for name in listed() if "/" in name}
    assert folders == {path.name for path in APP.iterdir() if path.is_dir()}
