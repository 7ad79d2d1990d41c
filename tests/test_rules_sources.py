"""The shipped rule text against its source documents: each seed page's text in its rules file,
the scraping artefacts left out, and every sentence of the quick edition's seed in order.

The source documents live outside the repository, in ``../shared/seeds/`` (see
``shared/RULES-SPEC.md``), as they do in CI; where they are not beside the project, this module
is skipped and says where it looked.
"""

from __future__ import annotations

import re

import pytest

from tests.test_rules_text import (
    CLASSIC_ANCHORS,
    QUICK_ANCHORS,
    ROOT,
    Page,
    Part,
    anchors,
    norm,
    parse_markdown,
    rules_text,
)

SEEDS = ROOT.parent / "shared" / "seeds"
if not SEEDS.is_dir():
    pytest.skip(
        f"the rule text's source documents are not beside the project (looked for {SEEDS})",
        allow_module_level=True,
    )

CLASSIC_SEEDS = {
    "de": "000_b8f2acc4768a18fa.txt",
    "nl": "001_77b09c05416b88b8.txt",
    "it": "003_836e29805cc507e0.txt",
    "pt": "004_de4b8c3094d21434.txt",
}
QUICK_SEED = "002_e3fcba3d5aac253e.txt"
STRAY = "A♠K♠3♠2♠"  # scraping artefact at the end of the ascending-value variant

# Our headings for the quick edition's German text (the seed has none).
QUICK_DE_HEADINGS = (
    "Ziel",
    "Spieler und Karten",
    "Spielablauf",
    "Der angesagte Wert",
    "Letzte Karten",
    "Platzierung",
    "Zuglimit",
    "Tipps",
    "So spielt dieser Tisch",
)


def seed_text(name: str) -> str:
    path = SEEDS / name
    assert path.is_file(), f"seed {path} is missing (the project expects ../shared/seeds/)"
    return path.read_text(encoding="utf-8")


def _is_seed_title(block: str) -> bool:
    """A section title: a short line of its own, not a sentence, step or bullet."""
    return (
        "\n" not in block
        and len(block) <= 40
        and not block.endswith((".", "!", "?", ":", ";"))
        and not re.match(r"\d+\. |• ", block)
    )


def parse_seed(text: str) -> Page:
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text) if b.strip()]
    page = Page(title=blocks[0], intro=Part(""), sections=[])
    for block in blocks[1:]:
        if _is_seed_title(block):
            page.sections.append(Part(block))
            continue
        part = page.sections[-1] if page.sections else page.intro
        for line in block.splitlines():
            if step := re.match(r"\d+\. (.*)", line):
                part.steps.append(norm(step[1]))
            elif bullet := re.match(r"• (.*)", line):
                part.bullets.append(norm(bullet[1]))
            else:
                part.paragraphs.append(norm(line))
    return page


def classic_problems(markdown: str, seed: str) -> list[str]:
    """How a classic rules file differs from its seed page (artefacts left out)."""
    problems: list[str] = []
    want = parse_seed(seed)
    have = parse_markdown(markdown)
    if STRAY in markdown:
        problems.append(f"the stray {STRAY} is in the file")
    if have.title != want.title:
        problems.append(f"title {have.title!r}, seed {want.title!r}")
    intros = sorted(want.intro.paragraphs, key=len)
    if len(intros) != 2 or not norm(intros[1]).startswith(norm(intros[0])[:40]):
        problems.append("the seed's doubled introduction was not found")
    if have.intro.paragraphs != intros[-1:]:
        problems.append(f"introduction {have.intro.paragraphs!r} is not the seed's longer one")
    flat = norm(markdown)
    if norm(intros[0]) in flat or flat.count(norm(intros[-1])[:60]) > 1:
        problems.append("the introduction is doubled")
    if outside := have.intro.steps + have.intro.bullets:
        problems.append(f"list items before the first section: {outside}")
    sections = [s for s in have.sections if s.anchor != "table-readings"]
    if [s.title for s in sections] != [s.title for s in want.sections]:
        problems.append(
            f"headings {[s.title for s in sections]} differ from the seed's "
            f"{[s.title for s in want.sections]}"
        )
    for mine, theirs in zip(sections, want.sections, strict=False):
        for kind in ("paragraphs", "steps", "bullets"):
            expected = [norm(x.replace(STRAY, "")) for x in getattr(theirs, kind)]
            got = getattr(mine, kind)
            for number, line in enumerate(expected, 1):
                if line not in got:
                    problems.append(f"{theirs.title}: {kind} {number} of the seed is missing")
            if got != expected:
                problems.append(f"{theirs.title}: {kind} differ from the seed's (order or extras)")
    if anchors(have) != CLASSIC_ANCHORS:
        problems.append(f"anchors {anchors(have)}, expected {CLASSIC_ANCHORS}")
    return problems


def sentences(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        out += [s for s in re.split(r"(?<=[.!?…])\s+", line.strip()) if s]
    return out


def quick_de_problems(markdown: str, seed: str) -> list[str]:
    """Every sentence of seed 002 in order, nothing else of ours but headings, note, readings."""
    problems: list[str] = []
    have = parse_markdown(markdown)
    blocks = have.intro.paragraphs + have.intro.bullets
    for section in have.sections:
        if section.anchor != "table-readings":
            blocks += section.paragraphs + section.steps + section.bullets
    text = "\n".join(blocks)
    position = 0
    for sentence in sentences(seed):
        found = text.find(norm(sentence), position)
        if found < 0:
            where = "out of order" if norm(sentence) in text else "missing"
            problems.append(f"sentence {where}: {sentence!r}")
        else:
            position = found + len(norm(sentence))
    flat_seed = norm(seed)
    problems += [f"not from the seed: {b!r}" for b in blocks if b not in flat_seed]
    headings = tuple(s.title for s in have.sections)
    if headings != QUICK_DE_HEADINGS:
        problems.append(f"headings {headings}, expected {QUICK_DE_HEADINGS}")
    if anchors(have) != QUICK_ANCHORS:
        problems.append(f"anchors {anchors(have)}, expected {QUICK_ANCHORS}")
    if not any("Überschriften" in note for note in have.notes):
        problems.append("no note saying that the headings are ours")
    return problems


# --- tests: faithfulness ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", sorted(CLASSIC_SEEDS))
def test_seed_pages_hold_the_artefacts_the_checks_look_for(lang: str) -> None:
    seed = seed_text(CLASSIC_SEEDS[lang])
    page = parse_seed(seed)
    assert seed.count(STRAY) == 1
    assert len(page.intro.paragraphs) == 2
    assert [len(s.steps) for s in page.sections] == [0, 0, 0, 4, 8, 0, 0, 0, 0]
    assert [len(s.bullets) for s in page.sections] == [0, 0, 0, 0, 0, 3, 5, 5, 7]


@pytest.mark.parametrize("lang", sorted(CLASSIC_SEEDS))
def test_classic_rules_file_is_its_seed_page(lang: str) -> None:
    assert classic_problems(rules_text("classic", lang), seed_text(CLASSIC_SEEDS[lang])) == []


def test_quick_de_holds_every_sentence_of_seed_002() -> None:
    assert quick_de_problems(rules_text("quick", "de"), seed_text(QUICK_SEED)) == []


def _step(text: str, heading: str, number: int) -> str:
    """The Markdown line of a numbered step in a section."""
    start = text.index(f"## {heading}")
    return re.compile(rf"^{number}\. .*$", re.MULTILINE).search(text, start)[0]  # type: ignore[index]


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda t: t.replace("Ähnlicher dem englischsprachigen Cheat.", f"Cheat.{STRAY}"), "stray"),
        (lambda t: t.replace("Cheat.\n", f"Cheat.{STRAY}\n"), "stray"),
        (
            lambda t: t.replace(
                "\n{#players}",
                "\n"
                + parse_seed(seed_text(CLASSIC_SEEDS["de"])).intro.paragraphs[0]
                + "\n\n{#players}",
            ),
            "introduction",
        ),
        (
            lambda t: t.replace("\n{#players}", "\n" + t.split("\n\n")[1] + "\n\n{#players}"),
            "intro",
        ),
        (lambda t: t.replace(_step(t, "Spielablauf", 7) + "\n", ""), "steps 7 of the seed"),
        (lambda t: t.replace("den Stapel auf, als wäre", "den Stapel, als wäre"), "steps"),
        (lambda t: t.replace("## Häufige Varianten", "## Varianten"), "headings"),
        (lambda t: t.replace("{#variants}", "{#variations}"), "anchors"),
        (lambda t: t.replace("- **Keine Asse:**", "1. **Keine Asse:**"), "bullets"),
    ],
)
def test_classic_check_fails_on_a_damaged_file(damage: object, expected: str) -> None:
    damaged = damage(rules_text("classic", "de"))  # type: ignore[operator]
    assert damaged != rules_text("classic", "de")
    problems = classic_problems(damaged, seed_text(CLASSIC_SEEDS["de"]))
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda t: t.replace("Glaub ihnen nicht!", ""), "missing"),
        (lambda t: t.replace("Spiele echte Karten", "Spiele immer echte Karten"), "missing"),
        (lambda t: t.replace("## Zuglimit\n", "## Zuglimit\n\nEin Satz von uns.\n"), "not from"),
        (lambda t: t.replace("## Tipps", "## Tipps und Tricks"), "headings"),
        (lambda t: t.replace("{.source-note}\n*Text", "*Text"), "headings are ours"),
    ],
)
def test_quick_de_check_fails_on_a_damaged_file(damage: object, expected: str) -> None:
    damaged = damage(rules_text("quick", "de"))  # type: ignore[operator]
    assert damaged != rules_text("quick", "de")
    problems = quick_de_problems(damaged, seed_text(QUICK_SEED))
    assert any(expected in p for p in problems), problems
