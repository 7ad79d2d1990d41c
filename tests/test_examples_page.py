"""The rule examples pages (tools/render_examples.py): one per language, every example's frame
holds its position with the caption in that language, and every rules section an example shows
links to it from the rules page."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from engine.position import decode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import render_examples  # noqa: E402
import render_rules  # noqa: E402

sys.path.pop(0)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    links = {lang: render_examples.section_links(lang) for lang in render_examples.LANGUAGES}
    render_rules.render_all(out, links=links)
    render_examples.render_all(out)
    return out


@pytest.mark.parametrize("lang", render_examples.LANGUAGES)
def test_every_example_frame_holds_its_position_in_the_page_language(site: Path, lang: str) -> None:
    text = (site / "examples" / f"{lang}.html").read_text(encoding="utf-8")
    sources = re.findall(r'data-src="([^"]+)"', text)
    examples = render_examples.load()
    assert len(sources) == len(examples)
    for example, source in zip(examples, sources, strict=True):
        link = html.unescape(source)
        assert link.startswith(f"../embed.html?lang={lang}#position=")
        position, game = decode(unquote(link.split("#position=", 1)[1]))
        assert position["caption"] == {lang: example["caption"][lang]}
        assert game.to_move == example["position"]["turn"]
        assert f'id="ex-{example["id"]}"' in text


@pytest.mark.parametrize("lang", render_examples.LANGUAGES)
def test_each_rules_section_an_example_shows_links_to_it(site: Path, lang: str) -> None:
    text = (site / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    for example in render_examples.load():
        for section in example["sections"]:
            heading = re.search(
                rf'<h3 id="{example["rule_set"]}-{section}">.*?</h3>\n<p class="example-links">'
                rf".*?</p>",
                text,
            )
            assert heading, (lang, example["id"], section)
            assert f"../examples/{lang}.html#ex-{example['id']}" in heading.group(0)
