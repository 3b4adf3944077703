"""The API answers a logged-in client (a first check that the fixtures work on each database)."""


def test_rulesets_listed(api):
    response = api.get("/rulesets")
    assert response.status_code == 200
    listed = [rs["id"] for rs in response.get_json()]
    assert listed == ["classic", "samba", "canaston", "francaise", "american"]
