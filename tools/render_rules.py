"""Render the rule text (``i18n/rules/<rule set>.<lang>.md``) to HTML.

Two outputs, both under ``<out>/rules/``:

* ``panel/<rule set>.<lang>.html`` — one ``<article>`` per rule set and language, for the game's
  rules panel (the page fetches it and inserts it; it holds no script and no style);
* ``<lang>.html`` — a standalone rules page per language holding both rule sets, with
  ``<html lang>``, a language switcher (native names) and a contents list, styled only by the
  linked ``rules.css``; nothing inline, so it works under ``script-src 'self'; style-src 'self'``;
* ``rules.css`` and ``index.json`` (languages, rule sets, files and every section's id and title,
  for the panel's "open at section" links).

Anchors: a section heading in the Markdown carries a block attribute on the line above it,
``{#variants}`` (mdit-py-plugins ``attrs_block_plugin``), the same word in every language. In the
HTML every id is namespaced by its rule set — ``classic-variants``, ``quick-last-cards`` — so both
rule sets fit on one page, and in-page links ``(#claim)`` are rewritten the same way. Headings
move down one level (``#`` → ``<h2>``, ``##`` → ``<h3>``): the page's ``<h1>`` is the game's name
and the panel has its own title.

Run: ``python tools/render_rules.py --out dist``; the site build calls ``render_all(out_dir)``.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_block_plugin

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "i18n" / "rules"

RULE_SETS = ("classic", "quick")
# Native names, in the switcher's order. The first language is the reference for the anchors.
LANGUAGES = {
    "de": "Deutsch",
    "nl": "Nederlands",
    "it": "Italiano",
    "pt": "Português",
    "en": "English",
    "ru": "Русский",
}
# Which files are the seed text itself; every other file is our own translation and says so.
FROM_SEED = {
    "classic": frozenset({"de", "nl", "it", "pt"}),
    "quick": frozenset({"de"}),
}
TRANSLATION_NOTE_CLASS = "translation-note"

# The standalone page's own words (everything else on it comes from the Markdown).
PAGE_TEXT: dict[str, dict[str, str]] = {
    "de": {
        "title": "Spielregeln",
        "languages": "Sprache",
        "contents": "Inhalt",
        "classic": "Klassische Regeln",
        "quick": "Schnellspiel",
        "game": "Zum Spiel",
    },
    "nl": {
        "title": "Spelregels",
        "languages": "Taal",
        "contents": "Inhoud",
        "classic": "Klassieke regels",
        "quick": "Snel spel",
        "game": "Naar het spel",
    },
    "it": {
        "title": "Regole del gioco",
        "languages": "Lingua",
        "contents": "Indice",
        "classic": "Regole classiche",
        "quick": "Partita rapida",
        "game": "Vai al gioco",
    },
    "pt": {
        "title": "Regras do jogo",
        "languages": "Idioma",
        "contents": "Índice",
        "classic": "Regras clássicas",
        "quick": "Jogo rápido",
        "game": "Ir para o jogo",
    },
    "en": {
        "title": "Rules",
        "languages": "Language",
        "contents": "Contents",
        "classic": "Classic rules",
        "quick": "Quick game",
        "game": "Play the game",
    },
    "ru": {
        "title": "Правила игры",
        "languages": "Язык",
        "contents": "Содержание",
        "classic": "Классические правила",
        "quick": "Быстрая игра",
        "game": "К игре",  # noqa: RUF001 (Cyrillic Ka)
    },
}
GAME_NAME = "Verish' Ne Verish' (Верю — не верю)"
# The page's own policy, for hosts that do not send one; the site's header (netlify.toml) is
# stricter still. frame-ancestors cannot be set from a meta element.
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)
ANCHOR = re.compile(r"[a-z][a-z0-9-]*")
# The game's icon (web/app/icon.svg, built to app/icon.svg), seen from rules/<lang>.html.
ICON = "../app/icon.svg"
CATALOGS = ROOT / "i18n"


def guide_link(rule_set: str, lang: str, catalogs: Path = CATALOGS) -> str:
    """The link to the rule set's guided first hand ("Learn by playing", docs/guide.md) in the
    page's language, its words from the game's catalog: a reader of the rules plays them next."""
    catalog = json.loads((catalogs / f"{lang}.json").read_text(encoding="utf-8"))
    text = catalog["guide"]["link"]
    href = f"../?guide={rule_set}&lang={lang}"
    return f'<p class="guide-link"><a href="{_attr(href)}">{html.escape(text)}</a></p>\n'


class RulesError(ValueError):
    """A rules file is missing or malformed (a heading without an anchor, a duplicate id ...)."""


@dataclass(frozen=True)
class Section:
    anchor: str  # as written in the Markdown: "variants"
    id: str  # as in the HTML: "classic-variants"
    title: str


@dataclass(frozen=True)
class RulesDoc:
    rule_set: str
    lang: str
    title: str
    sections: tuple[Section, ...]
    translation: bool  # marked as our own translation
    body: str  # HTML of the Markdown, headings shifted, ids namespaced

    @property
    def anchors(self) -> tuple[str, ...]:
        return tuple(s.anchor for s in self.sections)

    def article(self) -> str:
        """The rules panel's fragment: the whole document as one ``<article>``."""
        return (
            f'<article class="rules" id="{self.rule_set}" lang="{self.lang}" '
            f'data-rule-set="{self.rule_set}">\n{self.body}</article>\n'
        )


def markdown() -> MarkdownIt:
    """CommonMark, raw HTML off, block attributes limited to ``id`` and ``class``."""
    return MarkdownIt("commonmark", {"html": False}).use(
        attrs_block_plugin, allowed=("id", "class")
    )


def source_path(rule_set: str, lang: str, rules_dir: Path = RULES_DIR) -> Path:
    return rules_dir / f"{rule_set}.{lang}.md"


def _inline_text(token: Token) -> str:
    return "".join(
        child.content for child in token.children or () if child.type in {"text", "code_inline"}
    )


def render_doc(rule_set: str, lang: str, text: str) -> RulesDoc:
    """Parse one rules file and render its body; raise ``RulesError`` on a malformed file."""
    where = f"{rule_set}.{lang}.md"
    md = markdown()
    tokens = md.parse(text)
    title = ""
    sections: list[Section] = []
    translation = False
    seen: set[str] = set()
    for index, token in enumerate(tokens):
        anchor = token.attrGet("id")
        if anchor is not None:
            anchor = str(anchor)
            if not ANCHOR.fullmatch(anchor):
                raise RulesError(f"{where}: anchor {anchor!r} is not lower-case-with-dashes")
            if anchor in seen:
                raise RulesError(f"{where}: anchor {anchor!r} is used twice")
            seen.add(anchor)
            token.attrSet("id", f"{rule_set}-{anchor}")
        if token.type == "paragraph_open" and TRANSLATION_NOTE_CLASS in str(
            token.attrGet("class") or ""
        ):
            translation = True
        if token.type in {"heading_open", "heading_close"}:
            level = int(token.tag[1])
            if token.type == "heading_open":
                heading = _inline_text(tokens[index + 1])
                if level == 1:
                    if title:
                        raise RulesError(f"{where}: more than one '#' title")
                    title = heading
                elif level == 2:
                    if anchor is None:
                        raise RulesError(f"{where}: section {heading!r} has no {{#anchor}} line")
                    sections.append(Section(anchor, f"{rule_set}-{anchor}", heading))
            token.tag = f"h{min(level + 1, 6)}"
        for child in token.children or ():
            href = child.attrGet("href") if child.type == "link_open" else None
            if isinstance(href, str) and href.startswith("#"):
                child.attrSet("href", f"#{rule_set}-{href[1:]}")
    if not title:
        raise RulesError(f"{where}: no '#' title")
    body = md.renderer.render(tokens, md.options, {})
    return RulesDoc(rule_set, lang, title, tuple(sections), translation, body)


def load_all(rules_dir: Path = RULES_DIR) -> dict[tuple[str, str], RulesDoc]:
    """Every rule set in every language, checked for the same anchors as the first language."""
    docs: dict[tuple[str, str], RulesDoc] = {}
    reference = next(iter(LANGUAGES))
    for rule_set in RULE_SETS:
        for lang in LANGUAGES:
            path = source_path(rule_set, lang, rules_dir)
            if not path.is_file():
                raise RulesError(f"{path} is missing")
            doc = render_doc(rule_set, lang, path.read_text(encoding="utf-8"))
            if doc.translation == (lang in FROM_SEED[rule_set]):
                state = "is marked" if doc.translation else "is not marked"
                raise RulesError(f"{path.name} {state} as our own translation")
            if doc.anchors != docs.get((rule_set, reference), doc).anchors:
                raise RulesError(
                    f"{path.name}: anchors {doc.anchors} differ from "
                    f"{rule_set}.{reference}.md {docs[rule_set, reference].anchors}"
                )
            docs[rule_set, lang] = doc
    return docs


def _attr(value: str) -> str:
    """Escape for a double-quoted attribute (apostrophes may stay as they are)."""
    return html.escape(value, quote=False).replace('"', "&quot;")


def _with_guide(article: str, rule_set: str, lang: str) -> str:
    """An article of the standalone page with its guided hand's link after its title."""
    title = article.find("</h2>\n")
    if title < 0:
        raise RulesError(f"{rule_set}.{lang}: no title to put the guided hand's link after")
    end = title + len("</h2>\n")
    return article[:end] + guide_link(rule_set, lang) + article[end:]


def page(
    lang: str, docs: dict[tuple[str, str], RulesDoc], after: dict[str, str] | None = None
) -> str:
    """The standalone rules page of one language; ``after`` maps a section's id to HTML that
    follows its heading (the links to its rule examples, tools/render_examples.py)."""
    words = PAGE_TEXT[lang]
    alternates = "".join(
        f'<link rel="alternate" hreflang="{other}" href="{other}.html">\n'
        for other in LANGUAGES
        if other != lang
    )
    switcher = "".join(
        f'<li><a href="{other}.html" hreflang="{other}" lang="{other}"'
        + (' aria-current="page"' if other == lang else "")
        + f">{html.escape(name)}</a></li>"
        for other, name in LANGUAGES.items()
    )
    contents = []
    for rule_set in RULE_SETS:
        doc = docs[rule_set, lang]
        items = "".join(
            f'<li><a href="#{s.id}">{html.escape(s.title)}</a></li>' for s in doc.sections
        )
        contents.append(
            f'<li><a href="#{rule_set}">{html.escape(words[rule_set])}</a>'
            f'<ul class="sections">{items}</ul></li>'
        )
    articles = "".join(
        _with_guide(docs[rule_set, lang].article(), rule_set, lang) for rule_set in RULE_SETS
    )
    for section, extra in (after or {}).items():
        heading = re.search(rf'<h3 id="{re.escape(section)}">.*?</h3>\n', articles)
        if heading is None:
            raise RulesError(f"{lang}: no section {section!r} to link its examples from")
        articles = articles[: heading.end()] + extra + articles[heading.end() :]
    languages = _attr(words["languages"])
    title = html.escape(words["title"])
    return (
        "<!doctype html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_attr(PAGE_CSP)}">\n'
        f"<title>{html.escape(GAME_NAME)} — {title}</title>\n"
        '<link rel="stylesheet" href="rules.css">\n'
        # The site's icon, as the game page has it: without it the browser asks /favicon.ico (404).
        f'<link rel="icon" href="{ICON}" type="image/svg+xml">\n'
        f"{alternates}</head>\n<body>\n<header>\n"
        f'<nav class="languages" aria-label="{languages}"><ul>{switcher}</ul></nav>\n'
        f'<h1>{html.escape(GAME_NAME)}<span class="subtitle">{title}</span></h1>\n'
        f'<p class="game-link"><a href="../">{html.escape(words["game"])}</a></p>\n'
        f'<nav class="contents" aria-label="{_attr(words["contents"])}">'
        f"<ul>{''.join(contents)}</ul></nav>\n"
        f"</header>\n<main>\n{articles}</main>\n</body>\n</html>\n"
    )


STYLESHEET = """\
/* Rules pages (tools/render_rules.py). No inline styles anywhere: style-src 'self'. */
:root {
  color-scheme: light dark;
  --ink: #1d1b18;
  --paper: #fbf8f1;
  --muted: #5d574d;
  --accent: #8c1d18;
  --rule: #d9d1c1;
}
@media (prefers-color-scheme: dark) {
  :root {
    --ink: #ece6da;
    --paper: #1b1a18;
    --muted: #b3aa9a;
    --accent: #f08a7e;
    --rule: #45413a;
  }
}
* { box-sizing: border-box; }
html { background: var(--paper); color: var(--ink); }
body {
  margin: 0 auto;
  max-width: 46rem;
  padding: 1rem 1.25rem 4rem;
  font: 1.0625rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
}
a { color: var(--accent); }
a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 1rem 0 0.5rem; }
h1 .subtitle { display: block; font-size: 1.1rem; font-weight: normal; color: var(--muted); }
h2 {
  font-size: 1.5rem;
  margin: 2.5rem 0 0.75rem;
  padding-top: 1rem;
  border-top: 2px solid var(--rule);
}
h3 { font-size: 1.2rem; margin: 2rem 0 0.5rem; }
h2, h3 { scroll-margin-top: 1rem; }
li { margin: 0.35rem 0; }
nav ul { list-style: none; padding: 0; margin: 0; }
nav.languages ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
nav.languages a[aria-current="page"] {
  color: var(--ink);
  font-weight: bold;
  text-decoration: none;
}
nav.contents > ul > li { margin: 0.75rem 0; }
nav.contents ul.sections { display: flex; flex-wrap: wrap; gap: 0.1rem 1rem; padding-left: 1rem; }
nav.contents ul.sections li { margin: 0; }
.game-link { margin: 0.25rem 0 1rem; }
.guide-link { font-weight: bold; }
.translation-note, .source-note { color: var(--muted); }
#classic-table-readings, #quick-table-readings { color: var(--accent); }
"""


def render_all(
    out_dir: Path,
    rules_dir: Path = RULES_DIR,
    links: dict[str, dict[str, str]] | None = None,
) -> list[Path]:
    """Write ``<out_dir>/rules/``: the pages, the panel fragments, the stylesheet and index.json.

    ``links``: per language, the HTML after a section's heading on the standalone page (its
    examples); the panel fragments stay as they are.

    Returns the paths written. Raises ``RulesError`` when a rules file is missing or malformed.
    """
    docs = load_all(rules_dir)
    base = out_dir / "rules"
    (base / "panel").mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(path: Path, text: str) -> None:
        path.write_text(text, encoding="utf-8")
        written.append(path)

    write(base / "rules.css", STYLESHEET)
    index: dict[str, object] = {"languages": LANGUAGES, "rule_sets": {}}
    for (rule_set, lang), doc in docs.items():
        fragment = f"rules/panel/{rule_set}.{lang}.html"
        write(out_dir / fragment, doc.article())
        entry = index["rule_sets"]
        assert isinstance(entry, dict)
        entry.setdefault(rule_set, {})[lang] = {
            "title": doc.title,
            "translation": doc.translation,
            "fragment": fragment,
            "page": f"rules/{lang}.html#{rule_set}",
            "sections": [{"anchor": s.anchor, "id": s.id, "title": s.title} for s in doc.sections],
        }
    for lang in LANGUAGES:
        write(base / f"{lang}.html", page(lang, docs, (links or {}).get(lang)))
    write(base / "index.json", json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    try:
        written = render_all(args.out.resolve())
    except RulesError as error:
        print(f"rules failed: {error}", file=sys.stderr)
        return 1
    print(f"rendered {len(written)} files into {args.out / 'rules'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
