"""The tree describes the product as it is: no file speaks of how or when it was made.

Work history (which session or round of work changed what, which issue asked for it) lives in
git and in the issue tracker. A reader of the code or the docs has no way to look those up, so
such words only make the tree harder to read, and they come back unless a test keeps them out.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ORDINAL = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    r"|\w+teenth|\w+tieth|(?:twenty|thirty|forty|fifty|sixty)-\w+|\d+(?:st|nd|rd|th))"
)
HISTORY = re.compile(
    rf"\b{ORDINAL}\s+(?:session|round)s?\b"
    r"|\b(?:this|that|last|earlier|previous|next|later|an earlier|a later)\s+sessions?\b"
    r"|\bsessions?\s+(?:ago|before)\b"
    r"|\brounds?\s+of\s+(?:work|tuning)\b"
    r"|\bissues?\s+#?\d+",
    re.IGNORECASE,
)
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".md", ".html", ".css", ".toml", ".json", ".txt", ".yml"}
THIS_FILE = Path(__file__).resolve()


def tracked_text_files() -> list[Path]:
    """The files git tracks (what a clone holds), text only; vendored packages are not tracked."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout.split("\0")
    paths = [ROOT / name for name in names if name]
    return [
        path
        for path in paths
        if path.is_file()
        and path != THIS_FILE
        and (path.suffix in TEXT_SUFFIXES or path.name in {"Makefile", "run"})
    ]


def test_no_file_speaks_of_sessions_rounds_of_work_or_issue_numbers() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}"
        for path in tracked_text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HISTORY.search(line)
    ]
    assert not hits, "history words in the tree:\n" + "\n".join(hits)


def test_the_pattern_catches_history_and_spares_the_game() -> None:
    """Guards the guard: the words it must catch, and game words it must leave alone."""
    caught = [
        "Thirty-third session: filler sheds",
        "fitted in the twenty-eighth session",
        "Tenth round: searched again",
        "measured this session",
        "(issue 14, item 5)",
        "Issue 16, item 4",
    ]
    spared = [
        "the table session holds the bots",
        "a round of the card game ends when the pile is taken",
        'scope="session"',
        "the CDP session sends Network.enable",
    ]
    assert all(HISTORY.search(text) for text in caught)
    assert not any(HISTORY.search(text) for text in spared)
