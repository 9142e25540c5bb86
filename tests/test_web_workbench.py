"""The workbench's second-edition API: forced cells (backbone), explain, grade, repair,
redundant clues, generate in rounds, cancel, versions, the page's static files. Each
answer is checked against one known independently: a published unique puzzle's
solution, the solution count, a re-check of what the endpoint proposes."""
from __future__ import annotations

import json
import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pencilproof.encodings import GENRES
from pencilproof.web.app import create_app

CANAL = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"   # two solutions, differ at r2c3 r2c4
UNIQUE = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"  # unique (the README's example)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, test_hooks=True)) as c:
        yield c


def post(c, op: str, /, **payload):
    return c.post(f"/api/{op}", json=payload)


def solution_of(c, puzzle: str) -> list[str]:
    body = post(c, "check", puzzle=puzzle).json()
    assert body["verdict"] == "unique", body
    return body["solutions"][0]


def clue_cells(c, puzzle: str) -> set[tuple[int, int]]:
    doc = post(c, "check", puzzle=puzzle, view=True).json()["document"]
    return {(r, k) for r, row in enumerate(doc["grid"]) for k, v in enumerate(row)
            if v is not None}


def test_backbone_of_a_unique_puzzle_forces_every_cell_as_its_solution(client):
    r = post(client, "backbone", puzzle=UNIQUE, version=3)
    assert r.status_code == 200
    body = r.json()
    assert body["version"] == 3  # the page's version comes back
    assert body["verdict"] == "unique" and body["solutions"] == 1 and body["complete"]
    assert body["open"] == [] and body["varying"] == []
    rows = solution_of(client, UNIQUE)
    clues = clue_cells(client, UNIQUE)
    assert {(r_, c_) for r_, c_, _ in body["fixed"]} == \
        {(r_, c_) for r_ in range(6) for c_ in range(6)} - clues
    assert all(rows[r_][c_] == ch for r_, c_, ch in body["fixed"])


def test_backbone_of_an_ambiguous_puzzle_opens_the_differing_cells(client):
    count = post(client, "count", puzzle=CANAL).json()
    assert count["count"] == 2 and count["exact"]
    body = post(client, "backbone", puzzle=CANAL, view=True).json()
    assert body["verdict"] == "multiple"
    assert body["solutions"] == count["count"] and body["complete"]
    assert body["open"] == [[1, 2], [1, 3]] and body["varying_names"] == ["r2c3", "r2c4"]
    assert body["differ_names"] == ["r2c3", "r2c4"]
    assert body["pair_svg"].count('class="diff"') == 4  # two cells in both solutions
    first, second = count["solutions"]
    for r_, c_, ch in body["fixed"]:  # a forced cell is the same in both solutions
        assert first[r_][c_] == second[r_][c_] == ch


def test_backbone_of_a_puzzle_without_solution(client):
    doc = post(client, "check", puzzle=CANAL, view=True).json()["document"]
    doc["grid"][0][1] = 0  # a 0 beside a 4 that must see this cell: no solution
    puzzle = json.dumps(doc)
    assert post(client, "check", puzzle=puzzle).json()["verdict"] == "no_solution"
    body = post(client, "backbone", puzzle=puzzle).json()
    assert body["verdict"] == "no_solution" and body["solutions"] == 0
    assert body["fixed"] == [] and body["open"] == []


def test_version_must_be_an_integer(client):
    r = post(client, "check", puzzle=CANAL, version="7")
    assert r.status_code == 400 and r.json()["error"] == "'version' must be an integer"
    assert post(client, "check", puzzle=CANAL, version=7).json()["version"] == 7
    bad = post(client, "check", puzzle="canal 2x2\n. x\n. .", version=8)
    assert bad.status_code == 400 and bad.json()["version"] == 8  # errors carry it too


def test_explain_steps_deduce_every_open_cell_as_the_solution(client):
    body = post(client, "explain", puzzle=UNIQUE).json()
    rows = solution_of(client, UNIQUE)
    clues = clue_cells(client, UNIQUE)
    seen = [(r_, c_) for s in body["steps"] for r_, c_, _ in s["cells"]]
    assert len(seen) == len(set(seen))  # each cell deduced once
    assert set(seen) == {(r_, c_) for r_ in range(6) for c_ in range(6)} - clues
    assert all(rows[r_][c_] == ch for s in body["steps"] for r_, c_, ch in s["cells"])
    assert body["undeduced"] == []
    rounds = [s["round"] for s in body["steps"]]
    assert rounds == sorted(rounds) and rounds[0] == 1
    assert body["grade"] == post(client, "grade", puzzle=UNIQUE).json()["grade"]
    assert 1 <= body["grade"]["grade"] <= 9


def test_grade_of_an_ambiguous_puzzle_is_none(client):
    body = post(client, "grade", puzzle=CANAL).json()
    assert body["grade"] is None and {tuple(c) for c in body["undeduced"]} >= {(1, 2), (1, 3)}


def test_repair_adds_clues_that_make_it_unique_with_the_first_solution(client):
    first = post(client, "count", puzzle=CANAL).json()["solutions"][0]
    body = post(client, "repair", puzzle=CANAL).json()
    assert body["added"] and not body["already_unique"]
    fixed = json.dumps(body["puzzle"])
    assert solution_of(client, fixed) == first
    before = clue_cells(client, CANAL)
    assert clue_cells(client, fixed) - before == {(a["row"], a["col"]) for a in body["added"]}
    assert post(client, "repair", puzzle=UNIQUE).json()["already_unique"]


def test_redundant_clues_each_go_alone_and_no_other_does(client):
    body = post(client, "redundant", puzzle=UNIQUE).json()
    doc = post(client, "check", puzzle=UNIQUE, view=True).json()["document"]
    listed = {(x["row"], x["col"]) for x in body["redundant"]}
    for r_, c_ in clue_cells(client, UNIQUE):
        trial = json.loads(json.dumps(doc))
        trial["grid"][r_][c_] = None
        verdict = post(client, "check", puzzle=json.dumps(trial)).json()["verdict"]
        assert (verdict == "unique") == ((r_, c_) in listed), (r_, c_, verdict)
    r = post(client, "redundant", puzzle=CANAL)
    assert r.status_code == 400 and "unique" in r.json()["error"]


def test_generate_makes_a_unique_symmetric_puzzle_in_rounds(client):
    found = None
    for index in range(20):  # the page asks round after round until one is found
        body = post(client, "generate", genre="canal", rows=6, cols=6, symmetry="half",
                    seed=7, index=index, attempts=4).json()
        assert body["index"] == index
        if body["found"]:
            found = body
            break
        assert body["attempts"] == 4
    assert found is not None
    puzzle = json.dumps(found["puzzle"])
    solution_of(client, puzzle)  # unique
    cells = clue_cells(client, puzzle)
    assert len(cells) == found["clues"]
    assert cells == {(5 - r_, 5 - c_) for r_, c_ in cells}  # half-turn symmetric
    assert found["url"].startswith("https://puzz.link/p?canal/6/6/")
    again = post(client, "generate", genre="canal", rows=6, cols=6, symmetry="half",
                 seed=7, index=found["index"], attempts=4).json()
    assert again["puzzle"] == found["puzzle"]  # the seed alone decides


def test_generate_within_a_grade_range(client):
    for index in range(30):
        body = post(client, "generate", genre="canal", rows=5, cols=5, grade=[1, 2],
                    seed=3, index=index).json()
        if body["found"]:
            break
    assert body["found"] and 1 <= body["grade"]["grade"] <= 2
    assert post(client, "grade", puzzle=json.dumps(body["puzzle"])).json()["grade"] == \
        body["grade"]


def test_generate_bad_options_are_one_line(client):
    for payload, message in (
            ({"genre": "canal", "symmetry": "rot180"},
             "'symmetry': unknown symmetry 'rot180' (choose from half, quarter, mirror)"),
            ({"genre": "nosuch"}, "genre: unknown genre 'nosuch'"),
            ({"genre": "canal", "grade": [5, 2]}, "'grade' must be within 1..9, low first"),
            ({"genre": "canal", "rows": 0}, "'rows' must be an integer 1..60"),
            ({"genre": "canal", "fewest": "yes"}, "'fewest' must be true or false")):
        r = post(client, "generate", **payload)
        assert r.status_code == 400, payload
        assert r.json()["error"].startswith(message.split(":")[0]), r.json()
        assert "\n" not in r.json()["error"]


def test_cancel_stops_the_clients_job(client):
    out = {}
    slow = threading.Thread(target=lambda: out.setdefault(
        "r", post(client, "sleep", seconds=20, client="gen-1")))
    slow.start()
    time.sleep(0.5)
    t0 = time.monotonic()
    r = post(client, "cancel", client="gen-1")
    slow.join(10)
    assert r.status_code == 200 and r.json()["cancelled"] is True
    assert out["r"].status_code == 409 and time.monotonic() - t0 < 5
    assert post(client, "cancel", client="gen-1").json()["cancelled"] is False
    r = post(client, "cancel")
    assert r.status_code == 400 and r.json()["error"] == \
        "'client' must name the requests to cancel"


def test_every_listed_export_format_writes_the_puzzle(client):
    genres = {g["name"]: g for g in client.get("/api/genres").json()["genres"]}
    assert set(genres) == set(GENRES)
    assert genres["canal"]["formats"][:2] == ["url", "pzprv3"]
    assert "taiji" in genres["taiji"]["formats"] and "url" not in genres["taiji"]["formats"]
    assert genres["canal"]["answer_chars"] == {"#": "shade"}
    for name, text in (("canal", CANAL), ("taiji", None), ("lightup", None)):
        if text is None:  # a generated puzzle of the genre
            for index in range(10):
                made = post(client, "generate", genre=name, rows=4, cols=4, seed=1,
                            index=index).json()
                if made["found"]:
                    text = json.dumps(made["puzzle"])
                    break
        assert text is not None
        for fmt in genres[name]["formats"]:
            r = post(client, "convert", puzzle=text, to=fmt)
            assert r.status_code == 200, (name, fmt, r.text[:200])
            if fmt not in ("svg", "png"):  # each written text reads back as the puzzle
                written = r.json()["text"]
                back = post(client, "check", puzzle=written, view=True).json()
                assert back["document"] == post(client, "check", puzzle=text,
                                                view=True).json()["document"], (name, fmt)


def test_the_page_and_its_files(client):
    page = client.get("/").text
    assert 'src="static/workbench.js"' in page and 'href="static/workbench.css"' in page
    js = client.get("/static/workbench.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    css = client.get("/static/workbench.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    for bad in ("/static/index.html", "/static/..%2Fapp.py", "/static/nosuch.css"):
        assert client.get(bad).status_code == 404, bad


def test_conflict_names_the_clues_that_cannot_all_hold(client):
    doc = post(client, "check", puzzle=CANAL, view=True).json()["document"]
    doc["grid"][0][1] = 0  # the wrong clue: a 0 where the 4 at r1c1 must see shaded cells
    puzzle = json.dumps(doc)
    body = post(client, "conflict", puzzle=puzzle).json()
    assert body["verdict"] == "no_solution" and body["minimal"]
    cells = {(c["row"], c["col"]) for c in body["clues"]}
    assert (0, 1) in cells  # the wrong clue is in the set
    # The set alone has no solution; with any one of its clues left out, one exists.
    alone = json.loads(puzzle)
    alone["grid"] = [[v if (r_, c_) in cells else None for c_, v in enumerate(row)]
                     for r_, row in enumerate(alone["grid"])]
    assert post(client, "check", puzzle=json.dumps(alone)).json()["verdict"] == "no_solution"
    for r_, c_ in cells:
        trial = json.loads(json.dumps(alone))
        trial["grid"][r_][c_] = None
        assert post(client, "check", puzzle=json.dumps(trial)).json()["verdict"] != \
            "no_solution", (r_, c_)
    assert body["names"] == [f"r{r_ + 1}c{c_ + 1}" for r_, c_ in
                             [(c["row"], c["col"]) for c in body["clues"]]]
    unique = post(client, "conflict", puzzle=UNIQUE).json()
    assert unique["verdict"] == "unique" and unique["clues"] == []
