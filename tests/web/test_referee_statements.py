"""The referee's statements per rule set (issue 11) and the penalty search by the players' own words
(issue 12, item 7), through the test client in Spanish, English and French.

Expected texts are the data's English msgids, translated with the committed catalogs; the book's own
words are checked literally, and against the seed files themselves when they are on this machine.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.referee.books import RULE_BOOKS, cite
from scorekeeper.referee.entries import facts
from scorekeeper.referee.penalty_words import PENALTY_WORDS
from scorekeeper.referee.search import edits, fold, matches
from scorekeeper.referee.statements import STATEMENTS, TOPICS
from scorekeeper.rules import RULESET_IDS, get_ruleset
from scorekeeper.vocabulary import MIN_GROUPING_DIGITS
from tests.web.helpers import logged_in, new_match, text

LANGUAGES = ("es", "en", "fr")
TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
ITEM = re.compile(r'<li id="(penalty|rule)-(\w+)" class="ref-item[^"]*" data-search="[^"]*"([^>]*)>')
#: A seed's number or file name ("004", "004_c6a2....txt"), not the end of a number such as 5.000 or 5 000.
FILE_NAME = re.compile(r"(?<![\d.,\u00a0\u202f])(?<!\d )\b00\d(_[0-9a-f]+)?\b|\.txt\b|RULES\.md")


def no_file_name(page: str) -> None:
    """No rule-book file name (or its number) in the page's text."""
    found = FILE_NAME.search(page)
    assert not found, page[max(found.start() - 80, 0) : found.end() + 40]


def seeds_dir() -> Path | None:
    """The rule books' text files, if this machine has them (``SCOREKEEPER_SEEDS`` or ../shared/seeds)."""
    here = Path(__file__).resolve()
    candidates = [os.environ.get("SCOREKEEPER_SEEDS", ""), "/work/shared/seeds"]
    candidates += [str(parent / "shared" / "seeds") for parent in here.parents]
    return next((Path(c) for c in candidates if c and (Path(c) / RULE_BOOKS["004"].file).exists()), None)


def catalog(lang: str) -> NullTranslations:
    return NullTranslations() if lang == "en" else Translations.load(str(TRANSLATIONS), [lang])


def written(lang: str, value: int) -> str:
    """``value`` as the pages write it in ``lang`` (vocabulary.number: Spanish groups from 10.000)."""
    grouped = abs(value) >= 10 ** (2 + MIN_GROUPING_DIGITS.get(lang, 1))
    return str(format_decimal(value, locale=lang, group_separator=grouped))


def said(lang: str, ruleset_id: str, key: str) -> str:
    """The text of statement ``key`` of the rule set as the page shows it in ``lang``."""
    statement = next(s for s in STATEMENTS[ruleset_id] if s.key == key)
    numbers = {name: written(lang, value) for name, value in facts(get_ruleset(ruleset_id)).items()}
    shown = catalog(lang).gettext(statement.text) % numbers
    return " ".join(shown.split())  # as text() reads the page: spaces (no-break ones too) collapsed


def client_in(app: Flask, lang: str) -> FlaskClient:
    return logged_in(app, "ana", lang)


def page_text(client: FlaskClient, match_id: int, page: str, **query: str) -> str:
    response = client.get(f"/matches/{match_id}/{page}", query_string=query)
    assert response.status_code == 200
    return text(response)


def shown_items(response: Any) -> set[str]:
    """``penalty-<code>`` and ``rule-<key>`` of the visible lines of the penalty page."""
    page = response.get_data(as_text=True)
    return {f"{kind}-{key}" for kind, key, attrs in ITEM.findall(page) if " hidden" not in attrs}


@pytest.fixture
def matches_by_ruleset(app: Flask, user_client: FlaskClient) -> dict[str, int]:
    """One match of ``ana`` per rule set."""
    return {ruleset_id: new_match(app, ruleset_id) for ruleset_id in RULESET_IDS}


# The data


def test_every_quote_is_the_books_own_words_at_its_lines():
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the rule books' text files are not on this machine")
    for ruleset_id, statements in STATEMENTS.items():
        for s in statements:
            if s.book is None or RULE_BOOKS[s.book].url:  # a web page: no seed file to read
                continue
            assert s.lines is not None and s.section, (ruleset_id, s.key)
            first, last = s.lines
            lines = (seeds / RULE_BOOKS[s.book].file).read_text(encoding="utf-8").splitlines()
            at = " ".join(" ".join(lines[first - 1 : last]).split())
            for piece in s.quote.split("…"):
                assert " ".join(piece.split()) in at, (ruleset_id, s.key, piece)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_statements_are_well_formed(ruleset_id):
    statements = STATEMENTS[ruleset_id]
    assert len({s.key for s in statements}) == len(statements)
    for s in statements:
        assert s.topic in TOPICS
        # a book's own words, unless the page is known only second-hand (and its section says so)
        assert (s.book is None) == (s.quote == "") or (s.second_hand and s.book and "read" in s.section), (
            s.key
        )
        assert s.book is None or s.book in RULE_BOOKS
        web = s.book is not None and bool(RULE_BOOKS[s.book].url)
        assert (s.lines is None) == (s.book is None or web), s.key
        assert not web or s.section, s.key
    topics = {s.topic for s in statements}
    assert {"opening", "taking", "pile", "penalty_cards", "deal", "ties"} <= topics


def test_every_penalty_has_the_players_words():
    for ruleset_id in RULESET_IDS:
        for penalty in get_ruleset(ruleset_id).penalties:
            assert len(PENALTY_WORDS.get(penalty.code, ())) >= 5, penalty.code


def test_sources_are_cited_by_title_edition_and_section():
    assert cite("004_c6a2eff7a226bedd.txt, PENALIDADES").striptags() == (
        "La Canasta (Uruguayan-Argentine rules, typed copy), PENALIDADES"
    )
    both = cite("000/001/004, TANTEO DEL JUEGO; RULES.md Discrepancies").striptags()
    assert both == (
        "La Canasta (Uruguayan-Argentine rules, scanned copy) / La Samba (rule book) / "
        "La Canasta (Uruguayan-Argentine rules, typed copy), TANTEO DEL JUEGO"
    )
    french = cite("002_28aea2b109987c47.txt, La marque")
    assert french.striptags() == "Jeu de la canasta (French rules, 1951 code), La marque"
    # The title and the section stay in the book's language, marked for screen readers.
    assert french == (
        '<span lang="fr">Jeu de la canasta</span> (French rules, 1951 code), <span lang="fr">La marque</span>'
    )


# The rules page, topic by topic, in three languages


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_statement_is_on_the_rules_page_with_its_quote_and_book(
    app, matches_by_ruleset, lang, ruleset_id
):
    client = client_in(app, lang)
    page = page_text(client, matches_by_ruleset[ruleset_id], "rules")
    for s in STATEMENTS[ruleset_id]:
        assert said(lang, ruleset_id, s.key) in page
        if s.book:
            assert s.quote in page and RULE_BOOKS[s.book].title in page
    no_file_name(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_opening_exemptions_differ_by_rule_set(app, matches_by_ruleset, lang):
    client = client_in(app, lang)
    classic = page_text(client, matches_by_ruleset["classic"], "rules")
    canaston = page_text(client, matches_by_ruleset["canaston"], "rules")
    french = page_text(client, matches_by_ruleset["francaise"], "rules")
    abatir = said(lang, "classic", "abatir")
    assert abatir in classic and "se “abate”" in classic
    assert said(lang, "canaston", "concealed_opens") in canaston and '"canasta oculta"' in canaston
    assert abatir not in canaston and abatir not in french
    assert said(lang, "francaise", "no_exemption") in french and "cartes de pénalisation" in french
    checker = page_text(client, matches_by_ruleset["canaston"], "opening")
    assert said(lang, "canaston", "concealed_opens") in checker and abatir not in checker


@pytest.mark.parametrize("lang", LANGUAGES)
def test_penalty_cards_what_first_when_and_unused(app, matches_by_ruleset, lang):
    client = client_in(app, lang)
    classic = page_text(client, matches_by_ruleset["classic"], "rules")
    title = catalog(lang).gettext(TOPICS["penalty_cards"])
    assert title in classic
    for key in ("penalty_cards_what", "penalty_cards_which", "penalty_cards_going_out", "penalty_cards_use"):
        assert said(lang, "classic", key) in classic
    assert "Si hubiera cartas penalizadas sin utilizar, se contarán como negativas." in classic
    samba = page_text(client, matches_by_ruleset["samba"], "penalties")
    assert said(lang, "samba", "penalty_cards_what") in samba  # on the penalty page before any search
    raw = client.get(f"/matches/{matches_by_ruleset['francaise']}/rules").get_data(as_text=True)
    assert 'lang="fr">les cartes indûment exposées restent devant lui (cartes de pénalisation)' in raw


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pile_and_the_turn(app, matches_by_ruleset, lang):
    client = client_in(app, lang)
    classic = page_text(client, matches_by_ruleset["classic"], "rules")
    for key in ("pumba", "pile_obliges_opening", "red_three_in_pile", "stock_out", "last_card_red_three"):
        assert said(lang, "classic", key) in classic
    assert "“Pumba”" in classic and "premiada" in classic
    samba = page_text(client, matches_by_ruleset["samba"], "rules")
    assert said(lang, "samba", "pile_top_card_at_once") in samba and "“Pumba”" in samba
    french = page_text(client, matches_by_ruleset["francaise"], "rules")
    assert said(lang, "francaise", "one_card_pile") in french and "« épuisé »" in french
    assert "Pumba" not in french
    canaston = page_text(client, matches_by_ruleset["canaston"], "rules")
    assert said(lang, "canaston", "pote") in canaston and said(lang, "canaston", "six_honours") in canaston


@pytest.mark.parametrize("lang", LANGUAGES)
def test_melds(app, matches_by_ruleset, lang):
    client = client_in(app, lang)
    assert said(lang, "classic", "black_threes_meld") in page_text(
        client, matches_by_ruleset["classic"], "rules"
    )
    samba = page_text(client, matches_by_ruleset["samba"], "rules")
    assert said(lang, "samba", "no_wild_on_canasta") in samba
    canaston = page_text(client, matches_by_ruleset["canaston"], "rules")
    for key in ("close_after_clean", "wilds_by_five", "wild_canasta_variant"):
        assert said(lang, "canaston", key) in canaston
    assert "de 5 en 5" in canaston


@pytest.mark.parametrize("lang", LANGUAGES)
def test_players_and_dealing(app, matches_by_ruleset, lang):
    client = client_in(app, lang)
    classic = page_text(client, matches_by_ruleset["classic"], "rules")
    note = said(lang, "classic", "individual_cards")
    assert note in classic and "Pagat" in note and "13" in note
    assert "se reparten 13 cartas" in classic and "hasta un mdximo de seis" in classic
    canaston = page_text(client, matches_by_ruleset["canaston"], "rules")
    assert said(lang, "canaston", "cutter_keeps") in canaston


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_ties_on_every_rule_set(app, matches_by_ruleset, lang, ruleset_id):
    page = page_text(client_in(app, lang), matches_by_ruleset[ruleset_id], "rules")
    tie = said(lang, ruleset_id, "ties")
    assert tie in page and " ".join(written(lang, get_ruleset(ruleset_id).target).split()) in tie
    assert catalog(lang).gettext("No book says it: the app's reading.") in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_samba_lapse_and_whose_melds_count(app, matches_by_ruleset, lang):
    client = client_in(app, lang)
    rules = page_text(client, matches_by_ruleset["samba"], "rules")
    assert said(lang, "samba", "lapse") in rules and "prescriben" in rules
    assert said(lang, "samba", "whose_melds_count") in rules and "pareja ganadora" in rules
    penalties = page_text(client, matches_by_ruleset["samba"], "penalties")
    assert said(lang, "samba", "lapse") in penalties
    assert said(lang, "samba", "whose_melds_count") not in penalties  # disagreements: rules page only


@pytest.mark.parametrize("lang", LANGUAGES)
def test_canaston_red_threes_beyond_four_are_the_apps_reading(app, matches_by_ruleset, lang):
    page = page_text(client_in(app, lang), matches_by_ruleset["canaston"], "rules")
    reading = said(lang, "canaston", "red_threes_beyond_four")
    assert reading in page and "800" in reading and "100" in reading
    if lang == "en":
        assert "the book is silent; this is the app's reading: 800 for the first 4, plus 100" in page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_no_file_name_or_code_on_the_referee_pages(app, matches_by_ruleset, lang, ruleset_id):
    client = client_in(app, lang)
    rs = get_ruleset(ruleset_id)
    codes = [p.code for p in rs.penalties] + [k.code for k in rs.canasta_kinds + rs.going_out_kinds]
    codes += list(rs.flag_codes) + [o.key for o in rs.house_options]
    for page in ("penalties", "rules", "opening"):
        shown = page_text(client, matches_by_ruleset[ruleset_id], page)
        no_file_name(shown)
        assert not [code for code in codes if "_" in code and code in shown], page


def test_house_rule_of_a_penalty_names_no_book_number(app, user_client):
    match_id = new_match(app, house_rules={"penalties.drew_two_cards": 100})
    for lang in LANGUAGES:
        page = page_text(client_in(app, lang), match_id, "rules")
        no_file_name(page)


# The search, by the players' words


@pytest.mark.parametrize(
    ("ruleset_id", "query", "wanted"),
    [
        # Spanish, as players say it
        ("classic", "robar dos", {"penalty-drew_two_cards"}),
        (
            "classic",
            "levantar el pozo",
            {"penalty-took_pile_out_of_turn", "penalty-took_pile_before_showing"},
        ),
        ("classic", "levantar", {"penalty-drew_stock_out_of_turn", "penalty-took_pile_out_of_turn"}),
        ("classic", "mostrar", {"penalty-took_pile_before_showing", "rule-penalty_cards_which"}),
        ("classic", "pumba", {"rule-pumba"}),
        ("classic", "empate", {"rule-ties"}),
        ("canaston", "tapon en la mano", {"penalty-black_three_in_hand"}),
        # English
        ("classic", "drew two", {"penalty-drew_two_cards"}),
        ("classic", "picked up the pile out of turn", {"penalty-took_pile_out_of_turn"}),
        ("samba", "too many wilds", {"penalty-three_wilds_in_canasta"}),
        ("classic", "tie", {"rule-ties"}),
        # French
        ("classic", "piocher deux", {"penalty-drew_two_cards"}),
        ("classic", "ramasser la pile", {"penalty-took_pile_out_of_turn"}),
        ("classic", "trop tard", {"rule-lapse"}),
        (
            "francaise",
            "cartes de pénalisation",
            {"rule-penalty_cards_opening", "rule-penalty_cards_going_out"},
        ),
        ("classic", "égalité", {"rule-ties"}),
        # American Canasta, as US tables and their Spanish- and French-speaking players say it
        ("american", "stuck with sevens", {"penalty-sevens_in_hand"}),
        ("american", "tres ases en mano", {"penalty-aces_in_hand"}),
        ("american", "unfinished wild", {"penalty-unfinished_wild", "penalty-unfinished_wild_jokers"}),
        ("american", "sept non terminés", {"penalty-unfinished_sevens"}),
    ],
)
def test_search_by_the_players_words(app, user_client, ruleset_id, query, wanted):
    response = user_client.get(f"/matches/{new_match(app, ruleset_id)}/penalties", query_string={"q": query})
    shown = shown_items(response)
    assert wanted <= shown
    every = get_ruleset(ruleset_id).penalties
    if len(every) > 1:  # the words pick penalties out, not the whole list
        assert len([item for item in shown if item.startswith("penalty-")]) < len(every)


@pytest.mark.parametrize(
    ("ruleset_id", "query", "same_as"),
    [
        ("classic", "compañero", "companero"),
        ("classic", "TRES ROJO", "trés rojo"),
        ("francaise", "penalisation", "pénalisation"),
        ("francaise", "etalement", "Étalement"),
        ("samba", "turno", "túrno"),
    ],
)
def test_search_ignores_accents_and_case(app, user_client, ruleset_id, query, same_as):
    url = f"/matches/{new_match(app, ruleset_id)}/penalties"
    first = shown_items(user_client.get(url, query_string={"q": query}))
    assert first and first == shown_items(user_client.get(url, query_string={"q": same_as}))


@pytest.mark.parametrize(
    ("ruleset_id", "typo", "wanted"),
    [
        ("classic", "robr dos", "penalty-drew_two_cards"),  # a letter dropped
        ("classic", "levnatar pozo", "penalty-took_pile_out_of_turn"),  # two letters swapped
        ("classic", "mostarr", "penalty-took_pile_before_showing"),
        ("classic", "drwe two", "penalty-drew_two_cards"),
        ("samba", "comodinnes", "penalty-three_wilds_in_canasta"),  # a letter added
        ("classic", "piocehr deux", "penalty-drew_two_cards"),
        ("francaise", "ouverture insufisante", "penalty-opening_below_minimum"),
    ],
)
def test_search_forgives_a_typo(app, user_client, ruleset_id, typo, wanted):
    response = user_client.get(f"/matches/{new_match(app, ruleset_id)}/penalties", query_string={"q": typo})
    assert wanted in shown_items(response)


def test_without_a_search_the_page_lists_every_penalty_and_the_penalty_card_rules(app, user_client):
    shown = shown_items(user_client.get(f"/matches/{new_match(app)}/penalties"))
    rs = get_ruleset("classic")
    assert {f"penalty-{p.code}" for p in rs.penalties} <= shown
    rules = {item for item in shown if item.startswith("rule-")}
    assert "rule-penalty_cards_what" in rules and "rule-lapse" in rules and "rule-pumba" not in rules


def test_fuzzy_matching_rules():
    assert edits("levantar", "levnatar", 1) == 1 and edits("robr", "robar", 1) == 1
    assert edits("mesa", "pozo", 1) == 2  # more than allowed: most + 1
    assert matches("robra dos", fold("robar dos cartas"))
    assert not matches("dos", fold("los treses"))  # short words must occur as typed
    assert matches("penalizdas", fold("cartas penalizadas")) and matches("pnalizdas", fold("penalizadas"))
    assert not matches("pnlizdas", fold("penalizadas"))  # three edits
    assert not matches("pozo mazo", fold("el pozo"))
