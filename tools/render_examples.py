"""The rule examples pages (``examples/<lang>.html``) and the rules pages' links to them.

Each example of ``i18n/examples/examples.json`` is a position (engine/position.py) with a title
and a caption in every language. Its page section holds the caption, a link to the rule it shows,
and the position itself, embedded: ``../embed.html?lang=<lang>#position=<link text>`` with the
caption in that language inside the link. The frame is made when the reader asks for it (one
button): every frame runs its own Python, and a page of eleven running at once would cost far
more memory than reading one example needs. The page ends with a small builder
(``app/embed/examples.js``): hands and pile set up with clicks, the embed code to copy.

Like the rules pages, nothing inline: ``examples.css`` and ``app/embed/examples.js`` only, under
the page's own policy (``frame-src 'self'`` for the embedded positions).

Run: ``python tools/render_examples.py --out dist``; the site build calls ``render_all(out_dir)``
and gives :func:`section_links` to the rules pages.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import render_rules  # noqa: E402 - beside this file in tools/

from engine.position import encode  # noqa: E402 - the engine, not a tool, packs a position

EXAMPLES_FILE = ROOT / "i18n" / "examples" / "examples.json"
# The rules pages' languages, their order and native names, and the game's name: one home.
LANGUAGES = tuple(render_rules.LANGUAGES)
NATIVE = render_rules.LANGUAGES
GAME_NAME = render_rules.GAME_NAME
# The rules pages' policy, plus frames of our own origin: each example opens the game beside it.
PAGE_CSP = render_rules.PAGE_CSP + "; frame-src 'self'"
PAGE_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Rule examples",
        "intro": "Each example sets up a moment of a game: you make the next decision, and the "
        "table explains what happened and why.",
        "classic": "Classic rules",
        "quick": "Quick game",
        "try": "Try it",
        "rule": "The rule",
        "code": "Embed code",
        "examples": "Examples",
        "rules": "Rules",
        "game": "Play the game",
        "builder": "Make your own position",
        "builder_intro": "Choose a place (a hand or a play on the pile), then click cards to put "
        "them there; click a card again to take it back. The frame checks the position by the "
        "rules and says why if it cannot happen.",
        "preset": "Rules",
        "players": "Players",
        "deck": "Deck",
        "you": "The reader",
        "turn": "To act",
        "target": "Put cards into",
        "hand": "Hand: {name}",
        "pile_play": "Play {k}",
        "play_by": "Play {k}, by",
        "claims": "claims",
        "add_play": "Add a play to the pile",
        "caption": "Caption",
        "copy": "Copy the embed code",
        "preview": "Open it",
        "copied": "Copied.",
    },
    "ru": {
        "title": "Примеры правил",
        "intro": "Каждый пример расставляет момент игры: вы принимаете следующее решение, а стол "  # noqa: RUF001 (Cyrillic)
        "объясняет, что произошло и почему.",
        "classic": "Классические правила",
        "quick": "Быстрая игра",
        "try": "Попробовать",
        "rule": "Правило",
        "code": "Код для встраивания",
        "examples": "Примеры",
        "rules": "Правила",
        "game": "К игре",  # noqa: RUF001 (Cyrillic Ka)
        "builder": "Своя позиция",
        "builder_intro": "Выберите место (руку или ход в стопке) и щёлкайте карты, чтобы положить "
        "их туда; повторный щелчок забирает карту. Рамка проверит позицию по правилам и скажет, "
        "если так быть не может.",
        "preset": "Правила",
        "players": "Игроки",
        "deck": "Колода",
        "you": "Читатель",
        "turn": "Ходит",
        "target": "Класть карты в",
        "hand": "Рука: {name}",
        "pile_play": "Ход {k}",
        "play_by": "Ход {k}, чей",
        "claims": "заявлено",
        "add_play": "Добавить ход в стопку",
        "caption": "Подпись",
        "copy": "Скопировать код",
        "preview": "Открыть",
        "copied": "Скопировано.",
    },
    "de": {
        "title": "Regelbeispiele",
        "intro": "Jedes Beispiel stellt einen Moment des Spiels auf: du triffst die nächste "
        "Entscheidung, und der Tisch erklärt, was geschah und warum.",
        "classic": "Klassische Regeln",
        "quick": "Schnellspiel",
        "try": "Ausprobieren",
        "rule": "Die Regel",
        "code": "Code zum Einbetten",
        "examples": "Beispiele",
        "rules": "Spielregeln",
        "game": "Zum Spiel",
        "builder": "Eigene Stellung bauen",
        "builder_intro": "Wähle einen Ort (eine Hand oder einen Zug im Stapel) und klicke Karten "
        "an, um sie dorthin zu legen; ein zweiter Klick nimmt sie zurück. Der Rahmen prüft die "
        "Stellung nach den Regeln und sagt, warum sie nicht vorkommen kann.",
        "preset": "Regeln",
        "players": "Spieler",
        "deck": "Deck",
        "you": "Der Leser",
        "turn": "Am Zug",
        "target": "Karten legen in",
        "hand": "Hand: {name}",
        "pile_play": "Zug {k}",
        "play_by": "Zug {k}, von",
        "claims": "behauptet",
        "add_play": "Einen Zug zum Stapel hinzufügen",
        "caption": "Bildunterschrift",
        "copy": "Code kopieren",
        "preview": "Öffnen",
        "copied": "Kopiert.",
    },
    "nl": {
        "title": "Voorbeelden van de regels",
        "intro": "Elk voorbeeld zet een moment van een spel op: jij neemt de volgende beslissing "
        "en de tafel legt uit wat er gebeurde en waarom.",
        "classic": "Klassieke regels",
        "quick": "Snel spel",
        "try": "Probeer het",
        "rule": "De regel",
        "code": "Code om in te sluiten",
        "examples": "Voorbeelden",
        "rules": "Spelregels",
        "game": "Naar het spel",
        "builder": "Maak je eigen stelling",
        "builder_intro": "Kies een plek (een hand of een zet op de stapel) en klik kaarten aan om "
        "ze daar te leggen; nog een klik neemt ze terug. Het frame controleert de stelling volgens "
        "de regels en zegt waarom die niet kan.",
        "preset": "Regels",
        "players": "Spelers",
        "deck": "Deck",
        "you": "De lezer",
        "turn": "Aan zet",
        "target": "Kaarten leggen in",
        "hand": "Hand: {name}",
        "pile_play": "Zet {k}",
        "play_by": "Zet {k}, door",
        "claims": "beweert",
        "add_play": "Een zet aan de stapel toevoegen",
        "caption": "Onderschrift",
        "copy": "Code kopiëren",
        "preview": "Openen",
        "copied": "Gekopieerd.",
    },
    "it": {
        "title": "Esempi delle regole",
        "intro": "Ogni esempio prepara un momento di gioco: tu prendi la decisione successiva e il "
        "tavolo spiega che cosa è successo e perché.",
        "classic": "Regole classiche",
        "quick": "Partita rapida",
        "try": "Prova",
        "rule": "La regola",
        "code": "Codice da incorporare",
        "examples": "Esempi",
        "rules": "Regole del gioco",
        "game": "Vai al gioco",
        "builder": "Crea la tua posizione",
        "builder_intro": "Scegli un posto (una mano o una giocata nel mazzo) e clicca le carte per "
        "metterle lì; un altro clic le riprende. La cornice controlla la posizione secondo le "
        "regole e dice perché non può accadere.",
        "preset": "Regole",
        "players": "Giocatori",
        "deck": "Mazzo",
        "you": "Il lettore",
        "turn": "Di turno",
        "target": "Metti le carte in",
        "hand": "Mano: {name}",
        "pile_play": "Giocata {k}",
        "play_by": "Giocata {k}, di",
        "claims": "dichiara",
        "add_play": "Aggiungi una giocata al mazzo",
        "caption": "Didascalia",
        "copy": "Copia il codice",
        "preview": "Apri",
        "copied": "Copiato.",
    },
    "pt": {
        "title": "Exemplos das regras",
        "intro": "Cada exemplo monta um momento de jogo: você toma a decisão seguinte e a mesa "
        "explica o que aconteceu e porquê.",
        "classic": "Regras clássicas",
        "quick": "Jogo rápido",
        "try": "Experimentar",
        "rule": "A regra",
        "code": "Código para incorporar",
        "examples": "Exemplos",
        "rules": "Regras do jogo",
        "game": "Ir para o jogo",
        "builder": "Monte a sua posição",
        "builder_intro": "Escolha um lugar (uma mão ou uma jogada na pilha) e clique nas cartas "
        "para as pôr lá; outro clique tira-as. A moldura verifica a posição pelas regras e diz "
        "porque não pode acontecer.",
        "preset": "Regras",
        "players": "Jogadores",
        "deck": "Baralho",
        "you": "O leitor",
        "turn": "A jogar",
        "target": "Pôr cartas em",
        "hand": "Mão: {name}",
        "pile_play": "Jogada {k}",
        "play_by": "Jogada {k}, de",
        "claims": "declara",
        "add_play": "Juntar uma jogada à pilha",
        "caption": "Legenda",
        "copy": "Copiar o código",
        "preview": "Abrir",
        "copied": "Copiado.",
    },
}


def load() -> list[dict[str, Any]]:
    examples: list[dict[str, Any]] = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))[
        "examples"
    ]
    return examples


def frame_src(example: dict[str, Any], lang: str) -> str:
    """The embed's address, relative to an examples page, with the caption in ``lang``."""
    position = {**example["position"], "caption": {lang: example["caption"][lang]}}
    return f"../embed.html?lang={lang}#position={encode(position)}"


def section_links(lang: str) -> dict[str, str]:
    """Rules section id (``classic-play``) -> the HTML line that links it to its examples."""
    found: dict[str, list[str]] = {}
    for example in load():
        for section in example["sections"]:
            link = (
                f'<a href="../examples/{lang}.html#ex-{example["id"]}">'
                f"{html.escape(example['title'][lang])}</a>"
            )
            found.setdefault(f"{example['rule_set']}-{section}", []).append(link)
    label = html.escape(PAGE_TEXT[lang]["examples"])
    return {
        section: f'<p class="example-links">{label}: {" · ".join(links)}</p>\n'
        for section, links in found.items()
    }


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def example_section(example: dict[str, Any], lang: str) -> str:
    words = PAGE_TEXT[lang]
    src = frame_src(example, lang)
    rule = f"../rules/{lang}.html#{example['rule_set']}-{example['sections'][0]}"
    return (
        f'<section class="example" id="ex-{example["id"]}">\n'
        f"<h3>{html.escape(example['title'][lang])}</h3>\n"
        f'<p class="caption">{html.escape(example["caption"][lang])}</p>\n'
        f'<p class="rule-link"><a href="{_attr(rule)}">{html.escape(words["rule"])}</a></p>\n'
        f'<div class="frame" data-src="{_attr(src)}" data-title="{_attr(example["title"][lang])}">'
        f'<button type="button" class="try">{html.escape(words["try"])}</button></div>\n'
        f'<details class="code"><summary>{html.escape(words["code"])}</summary>'
        f"<pre><code></code></pre></details>\n"
        "</section>\n"
    )


def table_words(lang: str) -> dict[str, Any]:
    """The game's own words for seats and cards (i18n/<lang>.json), so that the builder calls
    the seats what the frame will call them ("You", "Anna", ...) and draws cards as the table
    does ("Д♠" in Russian), not in codes of its own."""
    catalog = json.loads((ROOT / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    bots = catalog["bot"]
    return {
        "you": catalog["setup"]["default_name"],
        "bots": [bots[f"name_{n}"] for n in range(1, 6)],
        "ranks": catalog["rank"],
        "suits": catalog["suit"],
    }


def page(lang: str) -> str:
    words = PAGE_TEXT[lang]
    examples = load()
    switcher = "".join(
        f'<li><a href="{other}.html" hreflang="{other}" lang="{other}"'
        + (' aria-current="page"' if other == lang else "")
        + f">{html.escape(NATIVE[other])}</a></li>"
        for other in LANGUAGES
    )
    body = []
    for rule_set in ("classic", "quick"):
        body.append(f'<h2 id="{rule_set}">{html.escape(words[rule_set])}</h2>\n')
        body += [example_section(e, lang) for e in examples if e["rule_set"] == rule_set]
    builder_text = json.dumps({**words, "table": table_words(lang)}, ensure_ascii=False)
    builder_text = builder_text.replace("</", "<\\/")
    return (
        "<!doctype html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_attr(PAGE_CSP)}">\n'
        f"<title>{html.escape(GAME_NAME)} — {html.escape(words['title'])}</title>\n"
        '<link rel="stylesheet" href="../rules/rules.css">\n'
        '<link rel="stylesheet" href="examples.css">\n'
        '<link rel="icon" href="../app/icon.svg" type="image/svg+xml">\n'
        '<script type="module" src="../app/embed/examples.js"></script>\n'
        "</head>\n<body>\n<header>\n"
        f'<nav class="languages"><ul>{switcher}</ul></nav>\n'
        f'<h1>{html.escape(GAME_NAME)}<span class="subtitle">{html.escape(words["title"])}'
        "</span></h1>\n"
        f'<p class="game-link"><a href="../rules/{lang}.html">{html.escape(words["rules"])}</a>'
        f' · <a href="../">{html.escape(words["game"])}</a></p>\n'
        f"<p>{html.escape(words['intro'])}</p>\n</header>\n<main>\n{''.join(body)}"
        f'<h2 id="builder-title">{html.escape(words["builder"])}</h2>\n'
        f"<p>{html.escape(words['builder_intro'])}</p>\n"
        f'<section id="builder" class="builder" data-lang="{lang}"></section>\n'
        f'<script type="application/json" id="builder-text">{builder_text}</script>\n'
        "</main>\n</body>\n</html>\n"
    )


STYLESHEET = """\
/* Rule examples pages (tools/render_examples.py); the rules pages' rules.css comes first. */
.example { border-top: 1px solid var(--rule); padding-top: 0.5rem; }
.frame { margin: 0.75rem 0; }
.frame iframe { width: 100%; max-width: 980px; height: 760px; border: 0; }
.try, .builder button { font: inherit; padding: 0.4rem 0.9rem; cursor: pointer; }
.code pre { white-space: pre-wrap; word-break: break-all; font-size: 0.8rem; }
.builder fieldset { border: 1px solid var(--rule); margin: 0.5rem 0; }
.builder .cards { display: flex; flex-wrap: wrap; gap: 0.25rem; }
.builder .cards button { min-width: 3.2rem; padding: 0.2rem; }
.builder .cards button[data-where] { background: var(--accent); color: var(--paper); }
.builder textarea { width: 100%; font: inherit; }
.example-links { color: var(--muted); }
"""


def render_all(out_dir: Path) -> list[Path]:
    """Write ``<out_dir>/examples/``: one page per language and the stylesheet."""
    base = out_dir / "examples"
    base.mkdir(parents=True, exist_ok=True)
    written = []
    (base / "examples.css").write_text(STYLESHEET, encoding="utf-8")
    written.append(base / "examples.css")
    for lang in LANGUAGES:
        path = base / f"{lang}.html"
        path.write_text(page(lang), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    written = render_all(args.out.resolve())
    print(f"rendered {len(written)} files into {args.out / 'examples'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
