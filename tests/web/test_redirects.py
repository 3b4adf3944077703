"""Every redirect to a URL the user gave (``?next=``) stays on this site: the language switcher and
the login, before and after a correct password. The value is judged after parsing, as a browser
reads it (scorekeeper.security.local_target); anything doubtful goes to a safe page, never a 500."""

import html
import re
from urllib.parse import quote, unquote_plus, urljoin, urlsplit

import pytest

from scorekeeper.security import local_target
from tests.helpers import TEST_PASSWORD
from tests.web.helpers import csrf_token

ORIGIN = "http://localhost"

#: What an attacker writes after ``next=`` (already percent-encoded where it says so).
NASTY = [
    "/%09/evil.example",  # the issue's: a tab the check did not see
    "/%0A/evil.example",  # the 500
    "/%0D/evil.example",
    "/%00/evil.example",
    "%09//evil.example",
    "/%E2%80%83/evil.example",  # an em space
    "/%C2%A0/evil.example",  # a no-break space
    "/%E3%80%80/evil.example",  # an ideographic space
    "/%E2%80%A8/evil.example",  # a line separator
    "/%E2%80%8B/evil.example",  # a zero-width space
    "/%7F/evil.example",  # DEL
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "\\\\evil.example",
    "/%2F/evil.example",  # a slash encoded twice over
    "/%2509/evil.example",
    "http://evil.example/",
    "http:evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt%3Aalert(1)",
    "data:text/html,hi",
    "evil.example",
    "%2F%2Fevil.example",
    "/ /evil.example",
    "/" + "a" * 5000,
    "",
]


def location(response) -> str:
    assert response.status_code in (301, 302, 303), response.status_code
    return response.headers["Location"]


def same_origin(target: str) -> bool:
    """Whether a browser on ``ORIGIN`` following ``Location: target`` stays on it."""
    if any(ord(c) < 0x21 or c == "\\" for c in target):
        return False
    absolute = urlsplit(urljoin(ORIGIN + "/somewhere/", target))
    return (absolute.scheme, absolute.netloc) == ("http", "localhost") and not target.startswith("//")


@pytest.mark.parametrize("nasty", NASTY)
def test_the_language_switcher_never_leaves_the_site(client, nasty):
    answer = client.get(f"/language/en?next={nasty}")
    target = location(answer)
    assert same_origin(target), target
    assert "evil" not in target and target == "/", target
    assert answer.headers.getlist("Set-Cookie")  # the language is still remembered


@pytest.mark.parametrize("nasty", NASTY)
def test_a_login_never_leaves_the_site(client, user_client, nasty):
    url = f"/login?next={nasty}"
    token = csrf_token(client, "/login")
    answer = client.post(url, data={"username": "ana", "password": TEST_PASSWORD, "csrf_token": token})
    target = location(answer)
    assert same_origin(target) and "evil" not in target, target
    assert target == "/matches" or target == "/", target
    assert client.get("/").status_code == 200  # and the user is logged in


@pytest.mark.parametrize("nasty", NASTY[:6])
def test_a_login_form_with_a_nasty_next_shows_and_refuses_as_usual(client, user_client, nasty):
    """The page itself, and a wrong password, answer normally (never a 500)."""
    assert client.get(f"/login?next={nasty}").status_code == 200
    token = csrf_token(client, "/login")
    wrong = {"username": "ana", "password": "x" * 9, "csrf_token": token}
    assert client.post(f"/login?next={nasty}", data=wrong).status_code == 200


GOOD = ["/matches/3", "/referee/penalties?q=rob%C3%B3+dos%20cartas", "/players?page=2", "/", "/matches#x"]


@pytest.mark.parametrize("good", GOOD)
def test_real_pages_are_kept(client, user_client, good):
    assert location(client.get(f"/language/fr?next={quote(good, safe='')}")) == good
    token = csrf_token(client, "/login")
    right = {"username": "ana", "password": TEST_PASSWORD, "csrf_token": token}
    answer = client.post(f"/login?next={quote(good, safe='')}", data=right)
    assert location(answer) == good


def test_the_language_links_come_back_to_the_page_with_its_search(client):
    page = client.get("/referee/penalties?q=rob%C3%B3+dos+cartas", headers={"Accept-Language": "en"})
    link = re.search(r'href="(/language/fr\?next=[^"]+)"', page.get_data(as_text=True)).group(1)
    target = location(client.get(html.unescape(link)))
    assert unquote_plus(target) == "/referee/penalties?q=robó dos cartas", target


@pytest.mark.parametrize("nasty", ["/\t/evil", "/\n/x", "/\r\n/x", "/\x00", "/\u3000/x", "/\u200b/x", "/\\x"])
def test_the_check_refuses_raw_characters_too(nasty):
    assert local_target(nasty, "/home") == "/home"


def test_the_check_never_raises_on_odd_input():
    for odd in ["/[", "http://[::1", "/%", "/%ZZ", "/%FF%FE", "/\ud800", "?x", "#x"]:
        assert local_target(odd, "/home").startswith("/")
