"""The UI catalogs (``i18n/<lang>.json``): complete, consistent, with each language's plurals.

The catalogs are i18next-style nested JSON: a key is the dotted path to a string, ``{{name}}``
interpolates, and a key that depends on a count has one entry per CLDR plural category
(``table.cards_one``, ``table.cards_other``, ...), chosen in the page by ``Intl.PluralRules``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.config import describe
from tests.helpers import ACTION_ERROR_CODES

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "i18n"
LANGS = ("de", "nl", "it", "pt", "en", "ru")

# CLDR cardinal plural categories for integers, the part of the CLDR rules the UI needs
# (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html):
# it and pt also have "many" (1000000 and compact exponents), pt's "one" covers 0 and 1.
PLURALS: dict[str, tuple[str, ...]] = {
    "de": ("one", "other"),
    "nl": ("one", "other"),
    "en": ("one", "other"),
    "it": ("one", "many", "other"),
    "pt": ("one", "many", "other"),
    "ru": ("one", "few", "many", "other"),
}
SUFFIX = re.compile(r"^(?P<base>.+)_(?P<cat>zero|one|two|few|many|other)$")
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")

# Every code an error answer of the worker may carry, the engine's and the worker's own: the
# worker protocol's one list of them (docs/worker-protocol.md).
PROTOCOL = json.loads((ROOT / "web" / "app" / "protocol.schema.json").read_text(encoding="utf-8"))
ERROR_CODES: list[str] = PROTOCOL["$defs"]["ErrorCode"]["enum"]
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NATIVE = {
    "de": "Deutsch",
    "nl": "Nederlands",
    "it": "Italiano",
    "pt": "Português",
    "en": "English",
    "ru": "Русский",
}


def load(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def flatten(node: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in node.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def fold(flat: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Base key -> {plural category or "": text}; a key without a plural suffix maps from "".

    A suffix is a plural form only when the base has an ``_other`` form: ``reason.select_cards_one``
    ("Select one card.") is a key of its own beside ``reason.select_cards``.
    """
    out: dict[str, dict[str, str]] = {}
    for key, value in flat.items():
        match = SUFFIX.match(key)
        plural = match is not None and f"{match['base']}_other" in flat
        base, cat = (match["base"], match["cat"]) if match and plural else (key, "")
        out.setdefault(base, {})[cat] = value
    return out


# A language whose sentence about a player agrees with the player's gender (a Russian past tense:
# "Анна забрала", "Борис забрал") words it once more per gender, ``<key>_female`` and
# ``<key>_male`` beside the neutral ``<key>`` (docs/i18n.md, "Players in sentences"); other
# languages need no such forms. They are checked against the neutral key.
GENDER_FORM = re.compile(r"^(?P<base>.+)_(?:female|male)$")


def neutral(base: str) -> str:
    """The key a gender form words again: ``review.took_female`` -> ``review.took``."""
    match = GENDER_FORM.match(base)
    return match["base"] if match else base


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, dict[str, str]]]:
    return {lang: fold(flatten(load(lang))) for lang in LANGS}


def test_every_language_has_a_catalog_of_strings() -> None:
    assert sorted(p.stem for p in I18N.glob("*.json")) == sorted(LANGS)
    for lang in LANGS:
        flat = flatten(load(lang))
        bad = [k for k, v in flat.items() if not isinstance(v, str)]
        assert not bad, f"{lang}: not strings: {bad}"
        empty = [k for k, v in flat.items() if not v.strip()]
        assert not empty, f"{lang}: empty strings: {empty}"


def test_same_keys_in_every_language(catalogs: dict[str, dict[str, dict[str, str]]]) -> None:
    reference = set(catalogs["en"])
    for lang in LANGS:
        keys = set(catalogs[lang])
        assert not reference - keys, f"{lang} lacks {sorted(reference - keys)}"
        extra = {key for key in keys - reference if neutral(key) not in reference}
        assert not extra, f"{lang} has keys en.json lacks: {sorted(extra)}"


def test_plural_forms_are_the_ones_each_language_needs(
    catalogs: dict[str, dict[str, dict[str, str]]],
) -> None:
    plural_keys = {base for base, forms in catalogs["en"].items() if "" not in forms}
    assert "table.cards" in plural_keys
    assert "event.played" in plural_keys
    for lang in LANGS:
        needed = set(PLURALS[lang])
        for base, forms in catalogs[lang].items():
            if neutral(base) not in plural_keys:
                assert set(forms) == {""}, f"{lang}: {base} has plural forms, en.json has none"
                continue
            assert set(forms) == needed, (
                f"{lang}: {base} has forms {sorted(forms)}, the language needs {sorted(needed)}"
            )


def placeholders(forms: dict[str, str]) -> set[str]:
    return {name for text in forms.values() for name in PLACEHOLDER.findall(text)}


def test_placeholders_match_english(catalogs: dict[str, dict[str, dict[str, str]]]) -> None:
    for lang in LANGS:
        for base, forms in catalogs[lang].items():
            english = placeholders(catalogs["en"][neutral(base)])
            assert placeholders(forms) == english, f"{lang}: {base}"
            # A plural form may say "one" in words, but every other variable is in every form.
            for cat, text in forms.items():
                missing = english - {"count"} - set(PLACEHOLDER.findall(text))
                assert not missing, f"{lang}: {base}_{cat} lacks {missing}"
            # Only the {{name}} syntax: a stray brace is a typo that would show on screen.
            for text in forms.values():
                assert text.count("{{") == text.count("}}") == len(PLACEHOLDER.findall(text)), (
                    f"{lang}: {base}: {text!r}"
                )


def test_every_error_code_has_a_message(catalogs: dict[str, dict[str, dict[str, str]]]) -> None:
    for lang in LANGS:
        for code in (*ERROR_CODES, "generic"):
            assert f"error.{code}" in catalogs[lang], f"{lang}: error.{code}"


def test_engine_error_codes_are_the_ones_the_engine_raises() -> None:
    """The protocol's list follows the code: every code raised in engine/ or answered by the
    worker itself is in it."""
    raised = set()
    for path in [*(ROOT / "engine").rglob("*.py"), ROOT / "web" / "app" / "worker.py"]:
        text = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r'(?:EngineError|_error)\(\s*"([a-z_]+)"', text))
    assert {"game_over", "no_game", "bad_json"} <= raised, "the pattern is stale"
    known = {*raised, *ACTION_ERROR_CODES}  # and those the stateful test may see
    assert known <= set(ERROR_CODES), sorted(known - set(ERROR_CODES))


def test_ranks_suits_options_and_languages(catalogs: dict[str, dict[str, dict[str, str]]]) -> None:
    options = describe()["options"]
    for lang in LANGS:
        c = catalogs[lang]
        for rank in RANKS:
            for section in ("rank", "rank_name", "rank_plural", "rank_group"):
                assert f"{section}.{rank}" in c, f"{lang}: {section}.{rank}"
        for suit in "CDHS":
            assert f"suit.{suit}" in c
            assert f"suit_name.{suit}" in c
        for spec in options:
            for part in ("label", "hint"):
                assert f"option.{spec['name']}.{part}" in c, f"{lang}: {spec['name']}.{part}"
        for code, native in NATIVE.items():
            assert c[f"language.name.{code}"] == {"": native}, f"{lang}: language.name.{code}"


def test_rank_names_are_localized() -> None:
    expected = {
        "de": "Siebenen",
        "nl": "zevens",
        "it": "sette",
        "pt": "setes",
        "en": "sevens",
        "ru": "семёрки",
    }
    for lang, word in expected.items():
        assert load(lang)["rank_group"]["7"] == word, lang


def test_calls_keep_their_russian_names() -> None:
    for lang in LANGS:
        action = load(lang)["action"]
        text = action["challenge"] + " " + action["challenge_hint"]
        believe = action["believe"] + " " + action["believe_hint"]
        if lang == "ru":
            assert "\u041d\u0435 \u0432\u0435\u0440\u044e" in text  # ne veryu, in Cyrillic
            assert "\u0412\u0435\u0440\u044e" in believe  # veryu
        else:
            assert "Ne veryu" in text, lang
            assert "Veryu" in believe, lang
        if lang != "ru":
            # The local meaning beside the Russian name, on the button itself.
            assert "(" in action["challenge"], lang
            assert "(" in action["believe"], lang


def test_the_checks_catch_damage() -> None:
    """The helpers see a missing plural form, a lone plural form and a renamed placeholder."""
    ru_like_de = fold(
        flatten({"t": {"cards_one": "{{count}} карта", "cards_other": "{{count}} карты"}})
    )
    assert set(ru_like_de["t.cards"]) != set(PLURALS["ru"])
    lone = fold(flatten({"t": {"cards_one": "{{count}} Karte"}}))
    assert "t.cards" not in lone  # so the same-keys check fails on it
    renamed = fold(flatten({"t": {"x": "{{nam}}"}}))
    assert placeholders(renamed["t.x"]) != placeholders({"": "{{name}}"})


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_cldr_table_agrees_with_intl_plural_rules() -> None:
    """The page picks forms with Intl.PluralRules: its categories are the table's (Node's ICU)."""
    script = (
        "const out = {};"
        f"for (const l of {list(LANGS)!r})"
        " out[l] = new Intl.PluralRules(l).resolvedOptions().pluralCategories;"
        "console.log(JSON.stringify(out));"
    )
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    for lang, categories in json.loads(done.stdout).items():
        assert set(categories) == set(PLURALS[lang]), lang


# The human's own actions are said to them, in the second person: a sentence whose subject is a
# seat ({{name}} acting, {{dealer}} dealing) has a "_you" twin for when that seat is the human's.
# Without one the page would fill in the human's name ("You", "Вы", "Tu") and conjugate for a
# third person: "You deals", "Вы открывает", "Tu ha mostrato".
SEAT_SUBJECT = re.compile(r"\{\{\s*(name|dealer)\s*\}\}")
# Per language: what a sentence to the human must contain (the pronoun or, in Italian, where the
# pronoun is dropped, a second-person verb opening a clause), and third-person verb forms next to
# the pronoun that must not appear.
SECOND_PERSON: dict[str, tuple[str, str]] = {
    "en": (r"\b[Yy]ou\b", r"\b[Yy]ou (?:is|has|was|\w+[^s]s)\b"),
    "de": (r"\b[Dd]u\b", r"\b[Dd]u (?:ist|hat|\w+[^s]t)\b"),
    "nl": (r"\b[Jj]ij\b", r"\b[Jj]ij (?:is|heeft|zal)\b"),
    "it": (r"\btu\b|(?:^|[.:;!] )\w+i\b", r"(?:^|[.:;!] )Tu (?:ha|è|fa|\w{3,}[ae])\b"),
    "pt": (r"\b[Vv]ocê\b", r"\b[Vv]ocê (?:és|\w+[ae]s)\b"),
    "ru": (r"\b[Вв]ы\b|\bваш", r"\b[Вв]ы \w+(?:ет|ёт|ит)\b|\b\w+(?:ет|ёт|ит) [Вв]ы\b"),  # noqa: RUF001 (Cyrillic on purpose)
}


def human_subject_keys(english: dict[str, dict[str, str]]) -> list[str]:
    """Every message whose subject is the human: the "_you" twins (the log's, the review's, the
    explanations'), "You won" and the log's line for an undo."""
    return [
        *sorted(base for base in english if base.endswith("_you")),
        "end.you_won",
        "event.undone",
    ]


def second_person_faults(lang: str, text: str) -> list[str]:
    """Why ``text`` does not read as said to the human in ``lang`` (empty: it does)."""
    needed, wrong = SECOND_PERSON[lang]
    faults = []
    if not re.search(needed, text):
        faults.append("no second person")
    if bad := re.search(wrong, text):
        faults.append(f"third-person verb: {bad.group(0)!r}")
    return faults


def test_every_seat_subject_has_a_second_person_twin(
    catalogs: dict[str, dict[str, dict[str, str]]],
) -> None:
    subjects = [
        base
        for base, forms in catalogs["en"].items()
        if base.startswith(("event.", "review.", "position."))
        and not base.endswith("_you")
        and any(SEAT_SUBJECT.search(text) for text in forms.values())
    ]
    assert "event.revealed_honest" in subjects
    assert "event.dealt" in subjects
    assert "review.took" in subjects  # the review's cost of a call
    assert "position.drew" in subjects  # a position's explanation
    for lang in LANGS:
        for base in subjects:
            assert f"{base}_you" in catalogs[lang], f"{lang}: {base} has no {base}_you"
            for text in catalogs[lang][f"{base}_you"].values():
                assert not SEAT_SUBJECT.search(text), f"{lang}: {base}_you names a seat: {text!r}"


def test_messages_to_the_human_are_in_the_second_person(
    catalogs: dict[str, dict[str, dict[str, str]]],
) -> None:
    keys = human_subject_keys(catalogs["en"])
    assert "event.revealed_bluff_you" in keys
    assert "event.played_you" in keys
    assert "review.took_you" in keys
    assert "position.win_you" in keys
    for lang in LANGS:
        for key in keys:
            for cat, text in catalogs[lang][key].items():
                faults = second_person_faults(lang, text)
                assert not faults, f"{lang}: {key}{'_' + cat if cat else ''}: {text!r}: {faults}"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ru", "Вы открывает 7♥: честно."),
        ("ru", "Раздача 2; сдаёт Вы."),
        ("it", "Tu ha mostrato 7♥: onesto."),
        ("en", "Hand 2 dealt; You deals."),
        ("de", "Du zeigt 7♥: ehrlich."),
        ("nl", "Jij is uit: plaats 1."),
        ("pt", "Anna mostrou 7♥."),
    ],
)
def test_the_second_person_check_catches_a_third_person_sentence(lang: str, text: str) -> None:
    assert second_person_faults(lang, text)
