"""The rule text in ``i18n/rules/``: translations marked, every file's table readings, renderer
output.  Its faithfulness to the source documents is checked in ``test_rules_sources.py``.

Each check is a function that returns the list of problems it found, so that the tests below can
also show it failing on a damaged copy of a rules file.
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "i18n" / "rules"

CLASSIC_ANCHORS = (
    "players",
    "deck",
    "object",
    "setup",
    "play",
    "winning",
    "variants",
    "tips",
    "glossary",
    "table-readings",
)
QUICK_ANCHORS = (
    "object",
    "players",
    "play",
    "claim",
    "last-cards",
    "winning",
    "move-limit",
    "tips",
    "table-readings",
)
READINGS_HEADINGS = {
    "de": "So spielt dieser Tisch",
    "nl": "Zo speelt deze tafel",
    "it": "Come gioca questo tavolo",
    "pt": "Como esta mesa joga",
    "en": "How this table plays it",
    "ru": "Как играют за этим столом",
}
# Words that must be in the italic note of a translated file, per language.
TRANSLATION_WORDS = {
    "nl": "eigen vertaling",
    "it": "nostra traduzione",
    "pt": "tradução própria",
    "en": "own translation",
    "ru": "собственный перевод",
}


def _load_renderer() -> ModuleType:
    if "render_rules" in sys.modules:  # e2e/conftest.py may have imported it from tools/
        return sys.modules["render_rules"]
    spec = importlib.util.spec_from_file_location(
        "render_rules", ROOT / "tools" / "render_rules.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["render_rules"] = module
    spec.loader.exec_module(module)
    return module


render_rules = _load_renderer()


def norm(text: str) -> str:
    return " ".join(text.split())


def rules_text(rule_set: str, lang: str) -> str:
    return (RULES / f"{rule_set}.{lang}.md").read_text(encoding="utf-8")


# --- the seed page ---------------------------------------------------------------------------


@dataclass
class Part:
    """A section (or the introduction): its title and its blocks, by kind."""

    title: str
    anchor: str | None = None
    paragraphs: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)  # numbered
    bullets: list[str] = field(default_factory=list)


@dataclass
class Page:
    title: str
    intro: Part
    sections: list[Part]
    notes: list[str] = field(default_factory=list)  # italic note paragraphs (translation, source)
    anchors_raw: list[str] = field(default_factory=list)


# --- the Markdown ----------------------------------------------------------------------------


def _plain(inline: object) -> str:
    parts = []
    for child in getattr(inline, "children", None) or ():
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type in {"softbreak", "hardbreak"}:
            parts.append(" ")
    return norm("".join(parts))


def parse_markdown(text: str) -> Page:
    """Headings, paragraphs and list items of a rules file, as plain text (markup dropped)."""
    tokens = render_rules.markdown().parse(text)
    page = Page(title="", intro=Part(""), sections=[])
    part = page.intro
    lists: list[str] = []  # kinds of the open lists, innermost last
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            title = _plain(tokens[index + 1])
            if token.tag == "h1":
                page.title = title
            else:
                anchor = token.attrGet("id")
                part = Part(title, anchor=None if anchor is None else str(anchor))
                page.sections.append(part)
        elif token.type in {"ordered_list_open", "bullet_list_open"}:
            lists.append(token.type)
        elif token.type in {"ordered_list_close", "bullet_list_close"}:
            lists.pop()
        elif token.type == "paragraph_open":
            content = _plain(tokens[index + 1])
            classes = str(token.attrGet("class") or "").split()
            if lists:
                items = part.steps if lists[-1] == "ordered_list_open" else part.bullets
                items.append(content)
            elif {"translation-note", "source-note"} & set(classes):
                page.notes.append(content)
                emphasised = [c.type for c in tokens[index + 1].children or ()]
                if emphasised[:1] != ["em_open"] or emphasised[-1:] != ["em_close"]:
                    page.notes.append("(note is not wholly in italics)")
            else:
                part.paragraphs.append(content)
    page.anchors_raw = re.findall(r"^\{#([^}]*)\}\s*$", text, flags=re.MULTILINE)
    return page


def anchors(page: Page) -> tuple[str | None, ...]:
    return tuple(s.anchor for s in page.sections)


# --- checks ----------------------------------------------------------------------------------


def translation_problems(markdown: str, rule_set: str, lang: str) -> list[str]:
    """A translated file: marked as ours, same anchors and same shape as the German file."""
    problems: list[str] = []
    have = parse_markdown(markdown)
    german = parse_markdown(rules_text(rule_set, "de"))
    tokens = render_rules.markdown().parse(markdown)
    first = next((i for i, t in enumerate(tokens) if t.type == "heading_close"), 0) + 1
    note = tokens[first] if first < len(tokens) else None
    if note is None or "translation-note" not in str(note.attrGet("class") or ""):
        problems.append("the block after the title is not the translation note")
    if not any(TRANSLATION_WORDS[lang] in n for n in have.notes):
        problems.append(f"no italic note with {TRANSLATION_WORDS[lang]!r}")
    problems += [n for n in have.notes if n.startswith("(note is not")]
    if anchors(have) != anchors(german):
        problems.append(f"anchors {anchors(have)} differ from German {anchors(german)}")
    for mine, theirs in zip(have.sections, german.sections, strict=False):
        for kind in ("steps", "bullets"):
            if len(getattr(mine, kind)) != len(getattr(theirs, kind)):
                problems.append(f"section {mine.anchor}: {kind} count differs from German")
    lowered = markdown.lower()
    if "ne veryu" not in lowered or not re.search(r"(?<!ne )veryu", lowered):
        problems.append("the calls' Russian names (veryu / ne veryu) are missing")
    return problems


def readings_problems(markdown: str, rule_set: str, lang: str) -> list[str]:
    """The 'How this table plays it' section: there, titled, same facts (count, numbers)."""
    problems: list[str] = []
    have = parse_markdown(markdown)
    german = parse_markdown(rules_text(rule_set, "de"))
    mine = [s for s in have.sections if s.anchor == "table-readings"]
    theirs = [s for s in german.sections if s.anchor == "table-readings"]
    if len(mine) != 1 or len(theirs) != 1:
        return ["no single 'table-readings' section"]
    if mine[0].title != READINGS_HEADINGS[lang]:
        problems.append(f"readings heading {mine[0].title!r}, expected {READINGS_HEADINGS[lang]!r}")
    if len(mine[0].bullets) != len(theirs[0].bullets) or not mine[0].bullets:
        problems.append("the readings do not list the same number of points as the German ones")
    for number, (a, b) in enumerate(zip(mine[0].bullets, theirs[0].bullets, strict=False), 1):
        if sorted(re.findall(r"\d+", a)) != sorted(re.findall(r"\d+", b)):
            problems.append(f"reading {number}: its numbers differ from the German reading's")
    return problems


# --- tests: translations and readings --------------------------------------------------------

TRANSLATED = [
    (rule_set, lang)
    for rule_set in render_rules.RULE_SETS
    for lang in render_rules.LANGUAGES
    if lang not in render_rules.FROM_SEED[rule_set]
]
ALL_FILES = [(r, lang) for r in render_rules.RULE_SETS for lang in render_rules.LANGUAGES]


def test_every_rule_set_and_language_has_a_file() -> None:
    expected = {f"{r}.{lang}.md" for r, lang in ALL_FILES}
    assert {p.name for p in RULES.glob("*.md")} == expected
    assert TRANSLATED == [
        ("classic", "en"),
        ("classic", "ru"),
        ("quick", "nl"),
        ("quick", "it"),
        ("quick", "pt"),
        ("quick", "en"),
        ("quick", "ru"),
    ]


@pytest.mark.parametrize(("rule_set", "lang"), TRANSLATED)
def test_translation_is_marked_and_has_the_german_anchors(rule_set: str, lang: str) -> None:
    assert translation_problems(rules_text(rule_set, lang), rule_set, lang) == []


@pytest.mark.parametrize(("rule_set", "lang"), [x for x in ALL_FILES if x not in TRANSLATED])
def test_seed_files_carry_no_translation_note(rule_set: str, lang: str) -> None:
    assert "translation-note" not in rules_text(rule_set, lang)


@pytest.mark.parametrize(("rule_set", "lang"), ALL_FILES)
def test_every_file_says_how_this_table_plays_it(rule_set: str, lang: str) -> None:
    assert readings_problems(rules_text(rule_set, lang), rule_set, lang) == []


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda t: t.replace("{.translation-note}\n", ""), "translation note"),
        (lambda t: t.replace("own translation", "translation"), "own translation"),
        (lambda t: t.replace("{#move-limit}", "{#limit}"), "anchors"),
        (lambda t: t.replace("*This is the project's", "This is the project's*"), "italics"),
    ],
)
def test_translation_check_fails_on_a_damaged_file(damage: object, expected: str) -> None:
    damaged = damage(rules_text("quick", "en"))  # type: ignore[operator]
    assert damaged != rules_text("quick", "en")
    problems = translation_problems(damaged, "quick", "en")
    assert any(expected in p for p in problems), problems


def test_readings_check_fails_when_a_point_or_a_number_is_missing() -> None:
    text = rules_text("quick", "en")
    fewer = re.sub(r"^- \*\*Move limit:\*\*.*\n", "", text, flags=re.MULTILINE)
    assert "numbers" not in " ".join(readings_problems(fewer, "quick", "en"))
    assert readings_problems(fewer, "quick", "en") != []
    other = text.replace("after 300 moves", "after 200 moves")
    assert any("numbers differ" in p for p in readings_problems(other, "quick", "en"))


# --- tests: the renderer ---------------------------------------------------------------------


class _Html(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _tags(text: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Html()
    parser.feed(text)
    parser.close()
    return parser.tags


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("site")
    return out, render_rules.render_all(out)


def test_render_all_writes_pages_fragments_stylesheet_and_index(
    rendered: tuple[Path, list[Path]],
) -> None:
    out, written = rendered
    names = {p.relative_to(out).as_posix() for p in written}
    assert names == (
        {f"rules/{lang}.html" for lang in render_rules.LANGUAGES}
        | {f"rules/panel/{r}.{lang}.html" for r, lang in ALL_FILES}
        | {"rules/rules.css", "rules/index.json"}
    )
    assert all(p.is_file() for p in written)
    index = json.loads((out / "rules" / "index.json").read_text(encoding="utf-8"))
    assert index["languages"]["ru"] == "Русский"
    entry = index["rule_sets"]["classic"]["pt"]
    assert entry["fragment"] == "rules/panel/classic.pt.html"
    assert entry["translation"] is False
    assert [s["id"] for s in entry["sections"]] == [f"classic-{a}" for a in CLASSIC_ANCHORS]
    assert index["rule_sets"]["quick"]["ru"]["translation"] is True


@pytest.mark.parametrize("lang", list(render_rules.LANGUAGES))
def test_rules_page_has_lang_anchors_switcher_and_nothing_inline(
    rendered: tuple[Path, list[Path]], lang: str
) -> None:
    out, _ = rendered
    text = (out / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    tags = _tags(text)
    assert tags[0] == ("html", {"lang": lang})
    ids = [a["id"] for _, a in tags if a.get("id")]
    assert len(ids) == len(set(ids)), "duplicate ids on the page"
    expected = {"classic", "quick"} | {f"classic-{a}" for a in CLASSIC_ANCHORS}
    expected |= {f"quick-{a}" for a in QUICK_ANCHORS}
    assert expected <= set(ids)
    links = [a for tag, a in tags if tag == "a"]
    for target in (a["href"] for a in links if (a.get("href") or "").startswith("#")):
        assert target is not None
        assert target[1:] in ids, f"dangling link {target}"
    switcher = {a["href"]: a.get("lang") for a in links if a.get("hreflang")}
    assert switcher == {f"{other}.html": other for other in render_rules.LANGUAGES}
    current = [a for a in links if a.get("aria-current") == "page"]
    assert [a["href"] for a in current] == [f"{lang}.html"]
    for name in render_rules.LANGUAGES.values():
        assert f">{name}</a>" in text
    assert [a["href"] for tag, a in tags if tag == "link" and a.get("rel") == "stylesheet"] == [
        "rules.css"
    ]
    # The site's icon, so the browser does not ask for /favicon.ico (a 404 on the site).
    icons = [a for tag, a in tags if tag == "link" and a.get("rel") == "icon"]
    assert icons == [{"rel": "icon", "href": "../app/icon.svg", "type": "image/svg+xml"}]
    assert not [tag for tag, _ in tags if tag in {"script", "style"}]
    assert not [tag for tag, a in tags if "style" in a or any(k.startswith("on") for k in a)]
    csp = [a["content"] for tag, a in tags if a.get("http-equiv") == "Content-Security-Policy"]
    assert csp
    assert "script-src 'self'" in csp[0]
    assert "style-src 'self'" in csp[0]
    articles = [a for tag, a in tags if tag == "article"]
    assert [(a["id"], a["lang"]) for a in articles] == [("classic", lang), ("quick", lang)]
    # Each rule set links its guided first hand ("Learn by playing"), in the page's language.
    guides = [a["href"] for a in links if "?guide=" in (a.get("href") or "")]
    assert guides == [f"../?guide={rule_set}&lang={lang}" for rule_set in ("classic", "quick")]
    catalog = json.loads((ROOT / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert text.count(f">{html.escape(catalog['guide']['link'])}</a>") == 2


def test_panel_fragment_is_one_article_with_namespaced_ids(
    rendered: tuple[Path, list[Path]],
) -> None:
    out, _ = rendered
    text = (out / "rules" / "panel" / "quick.nl.html").read_text(encoding="utf-8")
    tags = _tags(text)
    assert tags[0] == (
        "article",
        {"class": "rules", "id": "quick", "lang": "nl", "data-rule-set": "quick"},
    )
    assert [a["id"] for tag, a in tags if tag == "h3"] == [f"quick-{a}" for a in QUICK_ANCHORS]
    assert next(tag for tag, _ in tags if tag.startswith("h")) == "h2"
    de = (out / "rules" / "panel" / "quick.de.html").read_text(encoding="utf-8")
    assert 'href="#quick-claim"' in de  # the in-text link to "Der angesagte Wert"
    assert "{#" not in text
    assert "{#" not in de


def test_renderer_refuses_a_section_without_anchor_or_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(render_rules.RulesError, match="no \\{#anchor\\}"):
        render_rules.render_doc("quick", "de", "# T\n\n## Ohne Anker\n\nText.\n")
    with pytest.raises(render_rules.RulesError, match="used twice"):
        render_rules.render_doc("quick", "de", "# T\n\n{#a}\n## A\n\n{#a}\n## B\n")
    for path in RULES.glob("*.md"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "quick.it.md").write_text(
        rules_text("quick", "it").replace("{#tips}", "{#consigli}"), encoding="utf-8"
    )
    with pytest.raises(render_rules.RulesError, match="differ"):
        render_rules.render_all(tmp_path / "out", rules_dir=tmp_path)
    (tmp_path / "quick.it.md").unlink()
    with pytest.raises(render_rules.RulesError, match="missing"):
        render_rules.render_all(tmp_path / "out", rules_dir=tmp_path)


def test_command_line_renders_into_the_given_folder(tmp_path: Path) -> None:
    assert render_rules.main(["--out", str(tmp_path / "dist")]) == 0
    assert (tmp_path / "dist" / "rules" / "ru.html").is_file()
