"""Sentences that name a player, rendered as the page renders them, in all six languages.

The page words a sentence about a seat by who the seat is (``web/app/core/events.js``:
``seatPerson``, ``personKey``, ``aboutSeat``; docs/i18n.md, "Players in sentences"): the human
in the second person (``key_you``), an unnamed bot by the grammatical gender of its default name
(``bot.gender_<n>``; ``key_female`` / ``key_male`` where a language needs its own form), any
other name in a neutral wording.  This module does the same with the catalogs, and compares key
messages of the log, the review, the explanations of a position and the coach with sentences
written out by hand; ``e2e/test_i18n.py`` has the page render the same cases and compares them
with the same table, so this renderer and the page's cannot drift apart.
"""

# ruff: noqa: E501, RUF001, RUF002 (the table's sentences are written out whole, one a line, in their own scripts)

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.test_catalogs import (
    LANGS,
    PLACEHOLDER,
    SECOND_PERSON,
    flatten,
    load,
    second_person_faults,
)

ROOT = Path(__file__).resolve().parent.parent
PERSONS = ("you", "female", "male", "neutral")

# The table every case is told at: the human at seat 0 ("You"), Anna and Boris with their
# default names (a female and a male bot), and a seat the player named "Sam".
SEATS: list[dict[str, str]] = [
    {"name": "", "level": "human"},
    {"name": "", "level": "easy"},
    {"name": "", "level": "easy"},
    {"name": "Sam", "level": "easy"},
]
HUMAN = 0
SEAT_OF = {"you": 0, "female": 1, "male": 2, "neutral": 3}


def plural(lang: str, n: int) -> str:
    """The CLDR cardinal category of a whole number, as ``Intl.PluralRules`` picks it."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if lang in ("it", "pt") and n != 0 and n % 1_000_000 == 0:
        return "many"
    if lang == "pt":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


class Page:
    """The page's ``t``/``has`` (core/i18n.js) and seat grammar (core/events.js) over one catalog."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.flat: dict[str, Any] = flatten(load(lang))

    def has(self, key: str) -> bool:
        return key in self.flat or f"{key}_other" in self.flat

    def t(self, key: str, **vars: Any) -> str:
        text = None
        if isinstance(vars.get("count"), int):
            cat = plural(self.lang, vars["count"])
            text = self.flat.get(f"{key}_{cat}", self.flat.get(f"{key}_other"))
        text = text or self.flat.get(key) or self.flat.get(f"{key}_other")
        assert text is not None, f"{self.lang}: no {key}"
        return PLACEHOLDER.sub(lambda m: str(vars.get(m[1], "")), text)

    def seat_name(self, seat: int) -> str:
        if SEATS[seat]["name"]:
            return SEATS[seat]["name"]
        if seat == HUMAN:
            return self.t("setup.default_name")
        return self.t(f"bot.name_{seat if seat > HUMAN else seat + 1}")

    def person(self, seat: int) -> str:
        if seat == HUMAN:
            return "you"
        if SEATS[seat]["name"]:
            return "neutral"
        gender = self.flat.get(f"bot.gender_{seat if seat > HUMAN else seat + 1}")
        return gender if gender in ("female", "male") else "neutral"

    def person_key(self, key: str, person: str) -> str:
        variant = f"{key}_{person}"
        return variant if person != "neutral" and self.has(variant) else key

    def about(self, key: str, seat: int, as_: str = "name", **vars: Any) -> str:
        return self.t(
            self.person_key(key, self.person(seat)), **{**vars, as_: self.seat_name(seat)}
        )

    def event(self, key: str, seat: int, **vars: Any) -> str:
        """A log line (describeEvent): the subject's form, the rank's names filled in."""
        rank = vars.pop("rank", "7")
        count = vars.get("count")
        filled = {
            "rank_group": self.t(f"rank_group.{rank}"),
            "ranks": self.t(f"rank_plural.{rank}", count=count) if count else "",
            **vars,
        }
        return self.about(key, seat, **filled)


def card(page: Page, card: str) -> str:
    return page.t(f"rank.{card[:-1]}") + page.t(f"suit.{card[-1]}")


# Each case: (message, persons it is said of, how the page renders it).
def render(page: Page, message: str, person: str) -> str:
    seat = SEAT_OF[person]
    if message == "took":  # the review's cost of a call
        return page.about("review.took", seat, count=5)
    if message == "took_one":
        return page.about("review.took", seat, count=1)
    if message == "plays":  # the log
        cards = page.t("card.list_sep").join(card(page, c) for c in ("7H", "7D", "KS"))
        return page.event("event.played", seat, count=3, cards=cards)
    if message == "honest":
        return page.event("event.revealed_honest", seat, cards=card(page, "7H"))
    if message == "bluffed":
        return page.event("event.revealed_bluff", seat, cards=card(page, "KS"))
    if message == "bluffed_why":  # a position's explanation
        group = page.t("rank_group.7")
        return page.about("position.why.challenge_bluff", seat, "author", rank_group=group)
    if message == "wins":
        return page.about("position.win", seat)
    if message == "sure_bluff":  # the coach
        return page.about("coach.sure_bluff", seat, n=3, rank=page.t("rank.7"), limit=1)
    raise AssertionError(message)


EVERYONE = PERSONS
OTHERS = ("female", "male", "neutral")
MESSAGES: dict[str, tuple[str, ...]] = {
    "took": EVERYONE,
    "took_one": EVERYONE,
    "plays": EVERYONE,
    "honest": EVERYONE,
    "bluffed": EVERYONE,
    "bluffed_why": OTHERS,  # the reader decides on another seat's play
    "wins": EVERYONE,
    "sure_bluff": OTHERS,  # the coach weighs another seat's claim
}

# What each case must read, written out by hand: "<lang> <message> <person>: <sentence>".
TABLE = """
de took you: Du hast 5 Karten genommen
de took female: Anna hat 5 Karten genommen
de took male: Boris hat 5 Karten genommen
de took neutral: Sam hat 5 Karten genommen
de took_one you: Du hast 1 Karte genommen
de took_one female: Anna hat 1 Karte genommen
de took_one male: Boris hat 1 Karte genommen
de took_one neutral: Sam hat 1 Karte genommen
de plays you: Du legst 7♥, 7♦, K♠ als 3 Siebenen.
de plays female: Anna legt 3 Siebenen.
de plays male: Boris legt 3 Siebenen.
de plays neutral: Sam legt 3 Siebenen.
de honest you: Du zeigst 7♥: ehrlich, alles Siebenen.
de honest female: Anna zeigt 7♥: ehrlich, alles Siebenen.
de honest male: Boris zeigt 7♥: ehrlich, alles Siebenen.
de honest neutral: Sam zeigt 7♥: ehrlich, alles Siebenen.
de bluffed you: Du zeigst K♠: ein Bluff, nicht alles Siebenen!
de bluffed female: Anna zeigt K♠: ein Bluff, nicht alles Siebenen!
de bluffed male: Boris zeigt K♠: ein Bluff, nicht alles Siebenen!
de bluffed neutral: Sam zeigt K♠: ein Bluff, nicht alles Siebenen!
de bluffed_why female: Anna hat geblufft, nicht alles Siebenen: dein „Ne veryu“ war richtig, also nimmt Anna den gesamten Stapel.
de bluffed_why male: Boris hat geblufft, nicht alles Siebenen: dein „Ne veryu“ war richtig, also nimmt Boris den gesamten Stapel.
de bluffed_why neutral: Sam hat geblufft, nicht alles Siebenen: dein „Ne veryu“ war richtig, also nimmt Sam den gesamten Stapel.
de wins you: Das Spiel ist aus: du gewinnst.
de wins female: Das Spiel ist aus: Anna gewinnt.
de wins male: Das Spiel ist aus: Boris gewinnt.
de wins neutral: Das Spiel ist aus: Sam gewinnt.
de sure_bluff female: Anna sagt 3 × 7 an, kann aber höchstens 1 gehabt haben: ein sicherer Bluff.
de sure_bluff male: Boris sagt 3 × 7 an, kann aber höchstens 1 gehabt haben: ein sicherer Bluff.
de sure_bluff neutral: Sam sagt 3 × 7 an, kann aber höchstens 1 gehabt haben: ein sicherer Bluff.

nl took you: Jij pakte 5 kaarten
nl took female: Anna pakte 5 kaarten
nl took male: Boris pakte 5 kaarten
nl took neutral: Sam pakte 5 kaarten
nl took_one you: Jij pakte 1 kaart
nl took_one female: Anna pakte 1 kaart
nl took_one male: Boris pakte 1 kaart
nl took_one neutral: Sam pakte 1 kaart
nl plays you: Jij legt 7♥, 7♦, H♠ als 3 zevens.
nl plays female: Anna legt 3 zevens.
nl plays male: Boris legt 3 zevens.
nl plays neutral: Sam legt 3 zevens.
nl honest you: Jij laat 7♥ zien: eerlijk, allemaal zevens.
nl honest female: Anna laat 7♥ zien: eerlijk, allemaal zevens.
nl honest male: Boris laat 7♥ zien: eerlijk, allemaal zevens.
nl honest neutral: Sam laat 7♥ zien: eerlijk, allemaal zevens.
nl bluffed you: Jij laat H♠ zien: bluf, niet allemaal zevens!
nl bluffed female: Anna laat H♠ zien: bluf, niet allemaal zevens!
nl bluffed male: Boris laat H♠ zien: bluf, niet allemaal zevens!
nl bluffed neutral: Sam laat H♠ zien: bluf, niet allemaal zevens!
nl bluffed_why female: Anna heeft gebluft, niet allemaal zevens: je „Ne veryu” klopte, dus Anna pakt de hele stapel.
nl bluffed_why male: Boris heeft gebluft, niet allemaal zevens: je „Ne veryu” klopte, dus Boris pakt de hele stapel.
nl bluffed_why neutral: Sam heeft gebluft, niet allemaal zevens: je „Ne veryu” klopte, dus Sam pakt de hele stapel.
nl wins you: Het spel is voorbij: jij wint.
nl wins female: Het spel is voorbij: Anna wint.
nl wins male: Het spel is voorbij: Boris wint.
nl wins neutral: Het spel is voorbij: Sam wint.
nl sure_bluff female: Anna beweert 3 × 7 maar kan er hoogstens 1 gehad hebben: zeker een bluf.
nl sure_bluff male: Boris beweert 3 × 7 maar kan er hoogstens 1 gehad hebben: zeker een bluf.
nl sure_bluff neutral: Sam beweert 3 × 7 maar kan er hoogstens 1 gehad hebben: zeker een bluf.

it took you: Hai preso 5 carte
it took female: Anna ha preso 5 carte
it took male: Boris ha preso 5 carte
it took neutral: Sam ha preso 5 carte
it took_one you: Hai preso 1 carta
it took_one female: Anna ha preso 1 carta
it took_one male: Boris ha preso 1 carta
it took_one neutral: Sam ha preso 1 carta
it plays you: Giochi 7♥, 7♦, K♠ come 3 sette.
it plays female: Anna gioca 3 sette.
it plays male: Boris gioca 3 sette.
it plays neutral: Sam gioca 3 sette.
it honest you: Hai mostrato 7♥: onesto, tutti sette.
it honest female: Anna ha mostrato 7♥: onesto, tutti sette.
it honest male: Boris ha mostrato 7♥: onesto, tutti sette.
it honest neutral: Sam ha mostrato 7♥: onesto, tutti sette.
it bluffed you: Hai mostrato K♠: un bluff, non sono tutti sette!
it bluffed female: Anna ha mostrato K♠: un bluff, non sono tutti sette!
it bluffed male: Boris ha mostrato K♠: un bluff, non sono tutti sette!
it bluffed neutral: Sam ha mostrato K♠: un bluff, non sono tutti sette!
it bluffed_why female: Anna ha bluffato, non tutti sette: il tuo «Ne veryu» era giusto, quindi Anna prende tutto il mazzo.
it bluffed_why male: Boris ha bluffato, non tutti sette: il tuo «Ne veryu» era giusto, quindi Boris prende tutto il mazzo.
it bluffed_why neutral: Sam ha bluffato, non tutti sette: il tuo «Ne veryu» era giusto, quindi Sam prende tutto il mazzo.
it wins you: La partita è finita: hai vinto.
it wins female: La partita è finita: vince Anna.
it wins male: La partita è finita: vince Boris.
it wins neutral: La partita è finita: vince Sam.
it sure_bluff female: Anna dichiara 3 × 7 ma può averne avute al massimo 1: un bluff sicuro.
it sure_bluff male: Boris dichiara 3 × 7 ma può averne avute al massimo 1: un bluff sicuro.
it sure_bluff neutral: Sam dichiara 3 × 7 ma può averne avute al massimo 1: un bluff sicuro.

pt took you: Você levou 5 cartas
pt took female: Anna levou 5 cartas
pt took male: Boris levou 5 cartas
pt took neutral: Sam levou 5 cartas
pt took_one you: Você levou 1 carta
pt took_one female: Anna levou 1 carta
pt took_one male: Boris levou 1 carta
pt took_one neutral: Sam levou 1 carta
pt plays you: Você joga 7♥, 7♦, K♠ como 3 setes.
pt plays female: Anna joga 3 setes.
pt plays male: Boris joga 3 setes.
pt plays neutral: Sam joga 3 setes.
pt honest you: Você mostrou 7♥: honesto, todos setes.
pt honest female: Anna mostrou 7♥: honesto, todos setes.
pt honest male: Boris mostrou 7♥: honesto, todos setes.
pt honest neutral: Sam mostrou 7♥: honesto, todos setes.
pt bluffed you: Você mostrou K♠: um blefe, nem todos são setes!
pt bluffed female: Anna mostrou K♠: um blefe, nem todos são setes!
pt bluffed male: Boris mostrou K♠: um blefe, nem todos são setes!
pt bluffed neutral: Sam mostrou K♠: um blefe, nem todos são setes!
pt bluffed_why female: Anna fez bluff, nem todos setes: o seu «Ne veryu» estava certo, por isso Anna leva a pilha toda.
pt bluffed_why male: Boris fez bluff, nem todos setes: o seu «Ne veryu» estava certo, por isso Boris leva a pilha toda.
pt bluffed_why neutral: Sam fez bluff, nem todos setes: o seu «Ne veryu» estava certo, por isso Sam leva a pilha toda.
pt wins you: O jogo acabou: você ganhou.
pt wins female: O jogo acabou: Anna ganha.
pt wins male: O jogo acabou: Boris ganha.
pt wins neutral: O jogo acabou: Sam ganha.
pt sure_bluff female: Anna declara 3 × 7 mas pode ter tido no máximo 1: um blefe certo.
pt sure_bluff male: Boris declara 3 × 7 mas pode ter tido no máximo 1: um blefe certo.
pt sure_bluff neutral: Sam declara 3 × 7 mas pode ter tido no máximo 1: um blefe certo.

en took you: You took 5 cards
en took female: Anna took 5 cards
en took male: Boris took 5 cards
en took neutral: Sam took 5 cards
en took_one you: You took 1 card
en took_one female: Anna took 1 card
en took_one male: Boris took 1 card
en took_one neutral: Sam took 1 card
en plays you: You play 7♥, 7♦, K♠ as 3 sevens.
en plays female: Anna plays 3 sevens.
en plays male: Boris plays 3 sevens.
en plays neutral: Sam plays 3 sevens.
en honest you: You showed 7♥: honest, all sevens.
en honest female: Anna showed 7♥: honest, all sevens.
en honest male: Boris showed 7♥: honest, all sevens.
en honest neutral: Sam showed 7♥: honest, all sevens.
en bluffed you: You showed K♠: a bluff, not all sevens!
en bluffed female: Anna showed K♠: a bluff, not all sevens!
en bluffed male: Boris showed K♠: a bluff, not all sevens!
en bluffed neutral: Sam showed K♠: a bluff, not all sevens!
en bluffed_why female: Anna bluffed, not all sevens: your Ne veryu was right, so Anna takes the whole pile.
en bluffed_why male: Boris bluffed, not all sevens: your Ne veryu was right, so Boris takes the whole pile.
en bluffed_why neutral: Sam bluffed, not all sevens: your Ne veryu was right, so Sam takes the whole pile.
en wins you: The game is over: you win.
en wins female: The game is over: Anna wins.
en wins male: The game is over: Boris wins.
en wins neutral: The game is over: Sam wins.
en sure_bluff female: Anna claims 3 × 7 but can have held at most 1: a sure bluff.
en sure_bluff male: Boris claims 3 × 7 but can have held at most 1: a sure bluff.
en sure_bluff neutral: Sam claims 3 × 7 but can have held at most 1: a sure bluff.

ru took you: Вы забрали 5 карт
ru took female: Анна забрала 5 карт
ru took male: Борис забрал 5 карт
ru took neutral: Sam: взято 5 карт
ru took_one you: Вы забрали 1 карту
ru took_one female: Анна забрала 1 карту
ru took_one male: Борис забрал 1 карту
ru took_one neutral: Sam: взята 1 карта
ru plays you: Вы кладёте 7♥, 7♦, К♠ и объявляете: 3 семёрки.
ru plays female: Анна объявляет: 3 семёрки.
ru plays male: Борис объявляет: 3 семёрки.
ru plays neutral: Sam объявляет: 3 семёрки.
ru honest you: Вы открываете 7♥: честно, все — семёрки.
ru honest female: Анна открывает 7♥: честно, все — семёрки.
ru honest male: Борис открывает 7♥: честно, все — семёрки.
ru honest neutral: Sam открывает 7♥: честно, все — семёрки.
ru bluffed you: Вы открываете К♠: блеф, не все — семёрки!
ru bluffed female: Анна открывает К♠: блеф, не все — семёрки!
ru bluffed male: Борис открывает К♠: блеф, не все — семёрки!
ru bluffed neutral: Sam открывает К♠: блеф, не все — семёрки!
ru bluffed_why female: Анна блефовала, не все карты — семёрки: ваше «не верю» верно, и всю стопку забирает Анна.
ru bluffed_why male: Борис блефовал, не все карты — семёрки: ваше «не верю» верно, и всю стопку забирает Борис.
ru bluffed_why neutral: Ход игрока Sam — блеф, не все карты — семёрки: ваше «не верю» верно, и всю стопку забирает Sam.
ru wins you: Игра окончена: вы победили.
ru wins female: Игра окончена: побеждает Анна.
ru wins male: Игра окончена: побеждает Борис.
ru wins neutral: Игра окончена: побеждает Sam.
ru sure_bluff female: Анна заявляет 3 × 7, но их могло быть не больше 1: верный блеф.
ru sure_bluff male: Борис заявляет 3 × 7, но их могло быть не больше 1: верный блеф.
ru sure_bluff neutral: Sam заявляет 3 × 7, но их могло быть не больше 1: верный блеф.
"""


def expected() -> dict[tuple[str, str, str], str]:
    """The table as (language, message, person) -> sentence."""
    out = {}
    for line in TABLE.strip().splitlines():
        if line.strip():
            head, sentence = line.split(": ", 1)
            lang, message, person = head.split()
            out[lang, message, person] = sentence
    return out


EXPECTED = expected()


def cases() -> list[tuple[str, str, str]]:
    return [(lang, m, p) for lang in LANGS for m, persons in MESSAGES.items() for p in persons]


def test_the_table_has_every_case_once() -> None:
    assert sorted(EXPECTED) == sorted(cases())
    assert len(TABLE.strip().replace("\n\n", "\n").splitlines()) == len(EXPECTED)


@pytest.mark.parametrize(("lang", "message", "person"), cases())
def test_a_sentence_about_a_player_reads_right(lang: str, message: str, person: str) -> None:
    assert render(Page(lang), message, person) == EXPECTED[lang, message, person]


def catalog_keys(lang: str) -> dict[str, Any]:
    return flatten(load(lang))


def test_every_default_bot_name_has_a_gender() -> None:
    """``bot.gender_<n>`` beside every ``bot.name_<n>``: the gender a default name has (Anna,
    Vera, Dasha female; Boris, Grisha male), the same in every language."""
    english = catalog_keys("en")
    names = sorted(k for k in english if k.startswith("bot.name_"))
    assert len(names) == 5
    for lang in LANGS:
        flat = catalog_keys(lang)
        for key in names:
            gender = flat[key.replace("name_", "gender_")]
            assert gender in ("female", "male"), f"{lang}: {key}"
            assert gender == english[key.replace("name_", "gender_")], f"{lang}: {key}"


GENDERED = re.compile(r"^(?P<base>.+)_(?P<gender>female|male)(?:_(?:one|few|many|other))?$")


def test_gender_forms_come_in_pairs_beside_a_neutral_one() -> None:
    """A language that words a sentence by gender words it for both, and keeps the neutral form
    (for a name whose gender the page cannot know) and the human's ``_you`` form beside them."""
    seen = 0
    for lang in LANGS:
        flat = catalog_keys(lang)
        for key in flat:
            match = GENDERED.match(key)
            if not match:
                continue
            seen += 1
            other = "male" if match["gender"] == "female" else "female"
            assert key.replace(f"_{match['gender']}", f"_{other}", 1) in flat, f"{lang}: {key}"
            base = match["base"]
            assert base in flat or f"{base}_other" in flat, f"{lang}: {key} has no neutral form"
    assert seen, "no language words any sentence by gender: the check is stale"


def test_russian_past_tense_agrees_with_the_gender() -> None:
    """A bot is named with its own gender ("Анна забрала", never "Анна забрал"), and no sentence
    hedges with "блефовал(а)"."""
    page = Page("ru")
    assert page.about("review.took", 1, count=12) == "Анна забрала 12 карт"
    assert page.about("review.took", 2, count=12) == "Борис забрал 12 карт"
    for lang in LANGS:
        for text in catalog_keys(lang).values():
            assert "(а)" not in text, f"{lang}: {text}"
            assert "(a)" not in text, f"{lang}: {text}"


def test_sentences_about_the_human_are_said_to_them_everywhere() -> None:
    """Beyond the log: every sentence of the review and the explanations about a seat that may be
    the human's has the human's own form, and renders in the second person."""
    subjects = [
        "review.took",
        "position.out",
        "position.drew",
        "position.win",
        "position.next",
        "position.opens",
    ]
    for lang in LANGS:
        page = Page(lang)
        for key in subjects:
            assert page.has(f"{key}_you"), f"{lang}: {key}_you"
            said = page.about(key, HUMAN, count=2)
            assert not second_person_faults(lang, said), f"{lang}: {key}: {said!r}"


def test_the_stored_reviews_default_names_are_the_catalogs() -> None:
    """``learn/history.js`` reads a name stored by an older page back as a default name when it
    is one in any language: its list is the catalogs' names."""
    text = (ROOT / "web" / "app" / "learn" / "history.js").read_text(encoding="utf-8")
    you = re.search(r"DEFAULT_YOU = \[(.*?)\];", text, re.S)
    bots = re.search(r"DEFAULT_BOTS = \[(.*?)\];", text, re.S)
    assert you
    assert bots
    listed_you = set(re.findall(r'"([^"]+)"', you[1]))
    listed_bots = [
        set(re.findall(r'"([^"]+)"', row)) for row in re.findall(r"\[([^\]]*)\]", bots[1])
    ]
    flats = [catalog_keys(lang) for lang in LANGS]
    assert listed_you == {flat["setup.default_name"] for flat in flats}
    assert listed_bots == [{flat[f"bot.name_{n}"] for flat in flats} for n in range(1, 6)]


def test_one_word_for_a_hand() -> None:
    """The log, the summary, the table and the review call a deal by the same word ("Hand 1" in
    the log and "Runde 1" in the review was two words for one thing)."""
    for lang in LANGS:
        flat = catalog_keys(lang)
        # The word's stem: Russian declines it ("Раздача 1", "Разбор раздачи").
        word = flat["review.hand"].replace("{{hand}}", "").strip().lower()[:5]
        for key in (
            "event.dealt",
            "event.hand_over",
            "table.hand_summary",
            "table.hand_of",
            "review.title",
        ):
            assert word in flat[key].lower(), f"{lang}: {key} does not say {word!r}: {flat[key]!r}"


def test_no_sentence_carries_the_engines_own_words() -> None:
    """The engine's message is English: no catalog sentence has a place for it (the page sends it
    to the console or folds it away under "Details")."""
    for lang in LANGS:
        for key, text in catalog_keys(lang).items():
            assert "{{message}}" not in text, f"{lang}: {key}"


# Beyond the log: what the coach, the explanations, the tracker and the statistics say to the
# player addresses them in the second person too, a pronoun or a possessive ("your Ne veryu",
# "dein „Ne veryu“", "ваше «не верю»"; Italian may drop the pronoun before a second-person verb),
# and never with a third-person verb beside it.
ADDRESSED: dict[str, str] = {
    "en": r"\b[Yy]ou(?:rs?)?\b",
    "de": r"\b[Dd](?:u|ir|ich|ein\w*)\b",
    "nl": r"\b[Jj](?:ij|e|ou|ouw)\b",
    "it": r"\b[Tt](?:u|i|e|uo|ua|ue|uoi)\b|\b(?:[Hh]ai|[Ss]ei|[Pp]uoi)\b|(?:^|[.:;!] )\w+i\b",
    "pt": r"\b[Vv]ocê\b|\b[Ss](?:eu|ua|eus|uas)\b",
    "ru": r"\b[Вв](?:ы|ас|ам|ами|аш\w*)\b",
}
SAID_TO_THE_PLAYER = [
    "coach.bound",
    "coach.why_last_cards",
    "tracker.caption",
    "tracker.mine",
    "tracker.pile",
    "stats.title",
    "stats.bluffs_caught",
    "stats.assisted_hint",
    "table.your_turn",
    "table.undo_hint",
    "action.finish_hand_hint",
    "position.why.challenge_honest",
    "position.why.challenge_bluff",
    "position.why.believe_bluff",
    "position.why.played_on",
    "position.why.passed",
]


def test_what_the_coach_explanations_and_statistics_say_to_the_player_addresses_them() -> None:
    for lang in LANGS:
        flat = catalog_keys(lang)
        third_person = SECOND_PERSON[lang][1]
        for key in SAID_TO_THE_PLAYER:
            forms = [k for k in flat if k == key or (GENDERED.match(k) and k.startswith(f"{key}_"))]
            for form in forms:
                text = flat[form]
                assert re.search(ADDRESSED[lang], text), f"{lang}: {form}: {text!r}"
                assert not re.search(third_person, text), f"{lang}: {form}: {text!r}"


def test_german_says_du_to_the_player_everywhere() -> None:
    """One form of address in a language: the log says "du", so nothing says "Sie"."""
    formal = re.compile(r"\b(?:Sie|Ihnen|Ihr\w*)\b")
    for key, text in catalog_keys("de").items():
        assert not formal.search(text), f"de: {key}: {text!r}"
