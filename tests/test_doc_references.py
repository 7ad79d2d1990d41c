"""Every pointer from the code into the docs lands on a section that exists.

Code and tests send readers to a doc's section by name (``docs/bots.md, "Openings"``). When a doc
is rewritten its headings change, and a pointer to a section that no longer exists sends the
reader nowhere; this test finds them all (this file's own example aside).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = re.compile(r'docs/([a-z-]+\.md),? \(?"([^"]+)"')
HEADING = re.compile(r"^#+\s+(.+?)\s*(?:\{#[^}]*\})?$")
LABEL = re.compile(r"\*\*([^*]+?)[.:]?\*\*")
CODE_SUFFIXES = {".py", ".js", ".mjs"}
# A comment or docstring going on onto the next line: the markers between the words go.
CONTINUATION = re.compile(r"\n\s*(?:#+|//+|\*)?[ \t]*")


def section_names(doc: Path) -> set[str]:
    """A doc's headings, and the bold labels that open its paragraphs and bullets."""
    names: set[str] = set()
    for line in doc.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        if heading:
            names.add(heading.group(1).strip("`"))
        names.update(label.strip() for label in LABEL.findall(line))
    return names


def code_files() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout.split("\0")
    return [
        ROOT / n
        for n in names
        if n
        and Path(n).suffix in CODE_SUFFIXES
        and (ROOT / n).is_file()
        and ROOT / n != Path(__file__).resolve()
    ]


def test_every_reference_from_the_code_names_a_section_of_its_doc() -> None:
    sections: dict[str, set[str]] = {}
    broken = []
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        for doc, name in REFERENCE.findall(" ".join(CONTINUATION.sub(" ", text).split())):
            if doc not in sections:
                target = ROOT / "docs" / doc
                sections[doc] = section_names(target) if target.is_file() else set()
            if name not in sections[doc]:
                broken.append(f"{path.relative_to(ROOT)}: docs/{doc}, {name!r}")
    assert not broken, "references to sections that do not exist:\n" + "\n".join(broken)


PAGE_PATH = re.compile(r"\b(?:web/)?app/([A-Za-z0-9_./-]+\.(?:js|py|css|json|ts))\b")


def test_every_page_module_a_doc_names_exists() -> None:
    """The docs name the page's modules by path (``app/game/loop.js``); after a move they must
    follow, or a reader looks for a file that is not there."""
    missing = [
        f"{doc.relative_to(ROOT)}: app/{name}"
        for doc in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
        for name in PAGE_PATH.findall(doc.read_text(encoding="utf-8"))
        if not (ROOT / "web" / "app" / name).is_file()
    ]
    assert not missing, "docs name modules that do not exist:\n" + "\n".join(missing)
