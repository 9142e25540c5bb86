"""The setter's workbench API, in-process through Starlette's TestClient (one server, two
solver processes, for the whole module), and the ``serve`` command's own checks."""
from __future__ import annotations

import json
import sys
import threading
import time

import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")  # the 'web' extra; make test installs it
with warnings.catch_warnings():  # Starlette now prefers httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pencilproof.encodings import GENRES
from pencilproof.web.app import create_app

CANAL = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"   # multiple: differ at r2c3 r2c4
UNIQUE = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"  # unique; r1c1 can go
SECOND_ROWS = [".####.", "..#...", ".###..", "#..###", "##.#.#", ".####."]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, test_hooks=True)) as c:
        yield c


def post(c, op: str, /, **payload):
    return c.post(f"/api/{op}", json=payload)


def with_clue(url_doc: dict, row: int, col: int, token) -> str:
    doc = json.loads(json.dumps(url_doc))
    doc["grid"][row][col] = token
    return json.dumps(doc)


def test_check_is_the_cli_json_object(client, run_cli):
    r = post(client, "check", puzzle=CANAL)
    assert r.status_code == 200
    body = r.json()
    assert body["verdict"] == "multiple"
    assert body["differ"] == [[1, 2], [1, 3]]
    assert body["solutions"][1] == SECOND_ROWS
    code, out, _ = run_cli("check", "--json", CANAL)
    assert code == 1
    cli = json.loads(out)
    assert set(body) == set(cli)
    assert {k: body[k] for k in ("source", "verdict", "solutions", "differ", "url")} == \
        {k: cli[k] for k in ("source", "verdict", "solutions", "differ", "url")}


def test_a_clue_at_a_differing_cell_makes_it_unique(client):
    r = post(client, "check", puzzle=CANAL, view=True)
    doc = r.json()["document"]
    assert r.json()["differ_names"] == ["r2c3", "r2c4"]
    assert r.json()["svg"].count('class="diff"') == 4  # two cells, in both solutions
    r = post(client, "check", puzzle=with_clue(doc, 1, 2, "?"), view=True)
    assert r.status_code == 200 and r.json()["verdict"] == "unique"
    assert r.json()["tokens"][1][2] == "?"
    r = post(client, "check", puzzle=with_clue(doc, 1, 1, 2))
    assert r.json()["verdict"] == "unique"
    r = post(client, "check", puzzle=with_clue(doc, 0, 1, 0))  # a 0 next to a shaded 4's view
    assert r.json()["verdict"] == "no_solution"


def test_bad_input_is_400_with_one_line(client):
    for payload in ({"puzzle": "canal 2x2\n. x\n. ."}, {"puzzle": ""}, {},
                    {"puzzle": CANAL, "time_limit": -1}, {"puzzle": CANAL, "time_limit": "x"},
                    {"puzzle": CANAL, "time_limit": 1e9}, {"puzzle": CANAL, "solver": "minisat"},
                    {"puzzle": "https://puzz.link/p?canal/6/6/3i3h2"},
                    {"puzzle": CANAL, "client": 3}, {"puzzle": CANAL, "solver": []},
                    {"puzzle": CANAL, "solver": {}}, {"puzzle": CANAL, "format": ["text"]}):
        r = client.post("/api/check", json=payload)
        assert r.status_code == 400, payload
        message = r.json()["error"]
        assert message and "\n" not in message and "Traceback" not in message
    assert "r1c2: unknown token 'x'" in post(client, "check", puzzle="canal 2x2\n. x\n. .").json()["error"]
    assert post(client, "check", puzzle=CANAL, solver=[]).json()["error"].startswith(
        "'solver' must be one of ")  # (issue 46, item 9: a list was a 500 and a traceback)
    for raw in (b"{not json", b"[1, 2]", "\u00ff".encode("latin-1")):
        r = client.post("/api/check", content=raw)
        assert r.status_code == 400 and "Traceback" not in r.text
    assert client.post("/api/nothing", json={}).status_code == 404
    assert client.post("/api/sleepy", json={}).status_code == 404
    assert client.get("/api/check").status_code == 405


def test_limits_size_and_time(client):
    r = client.post("/api/check", content=b" " * (5 * 1024 * 1024))
    assert r.status_code == 413 and "over" in r.json()["error"]
    big = open("src/pencilproof/examples/canal-course-48.txt").read()
    r = post(client, "check", puzzle=big, time_limit=1e-6)
    assert r.status_code == 504
    assert r.json()["verdict"] == "unknown" and "time limit" in r.json()["error"]


def test_batch_gives_one_result_per_puzzle(client):
    text = open("src/pencilproof/examples/batch.jsonl").read() + "{\"genre\": \"nope\"}\n"
    r = post(client, "check", puzzle=text)
    assert r.status_code == 200
    results = r.json()["results"]
    assert len(results) == len([ln for ln in text.splitlines() if ln.strip()])
    assert [x.get("verdict") for x in results[:-1]].count("multiple") == 1
    assert "missing key 'grid'" in results[-1]["error"]


def test_solve_count_verify(client):
    assert post(client, "solve", puzzle=UNIQUE).json()["solution"][0] == "..##.#"[:0] + \
        post(client, "count", puzzle=UNIQUE).json()["solutions"][0][0]
    r = post(client, "count", puzzle=CANAL, limit=10)
    assert r.json()["count"] == 2 and r.json()["exact"] is True
    r = post(client, "verify", puzzle=CANAL, answer=SECOND_ROWS)
    assert r.json() == {"source": CANAL, "valid": True, "violations": []}
    r = post(client, "verify", puzzle=CANAL, answer="\n".join(["######"] * 6), view=True)
    body = r.json()
    assert body["valid"] is False and {"cs2x2"} <= {v["code"] for v in body["violations"]}
    assert "<svg" in body["svg"]
    assert post(client, "verify", puzzle=CANAL).status_code == 400  # no answer given


def test_minimize_and_suggest(client):
    r = post(client, "minimize", puzzle=UNIQUE)
    body = r.json()
    assert r.status_code == 200
    assert body["removed"] == ["r1c1"] and body["clues_before"] == 6 and body["clues_after"] == 5
    assert body["url"] == "https://puzz.link/p?canal/6/6/j3h2z4h5i2"
    r = post(client, "minimize", puzzle=CANAL)
    assert r.status_code == 400 and "more than one solution" in r.json()["error"]
    r = post(client, "suggest", puzzle=CANAL)
    s = r.json()["suggestion"]
    assert s["solutions"] == 1
    assert post(client, "check", puzzle=r.json()["url"]).json()["verdict"] == "unique"
    assert post(client, "suggest", puzzle=UNIQUE).json()["suggestion"] is None


def test_render_and_convert(client):
    r = post(client, "render", puzzle=CANAL)
    assert r.headers["content-type"].startswith("image/svg+xml") and "<svg" in r.text
    r = post(client, "convert", puzzle=CANAL, to="png")
    assert r.headers["content-type"] == "image/png" and r.content[:4] == b"\x89PNG"
    for to in ("url", "text", "pzprv3", "json"):
        r = post(client, "convert", puzzle=CANAL, to=to)
        assert r.status_code == 200, to
        back = post(client, "convert", puzzle=r.json()["text"], to="url").json()["text"]
        assert back.strip() == CANAL, to
    assert post(client, "convert", puzzle=CANAL, to="nope").status_code == 400


def test_genres_declare_their_editor_tokens(client):
    genres = {g["name"]: g for g in client.get("/api/genres").json()["genres"]}
    assert set(genres) == set(GENRES)
    for name, g in genres.items():
        assert g["tokens"]  # something to put in a cell (Flood-It: colours, no empty cell)
        for token in g["tokens"]:
            GENRES[name].parse_clue(None if token == "." else token, "test")
    assert genres["taiji"]["tokens"][0] == "." and genres["floodit"]["tokens"][0] == "0"
    assert genres["canal"]["tokens"][:3] == [".", "?", "0"]
    assert "#" in genres["lightup"]["tokens"]


def test_a_newer_request_from_the_same_page_cancels_the_running_one(client):
    out = {}
    slow = threading.Thread(target=lambda: out.setdefault(
        "r", post(client, "sleep", seconds=20, client="page-1")))
    slow.start()
    time.sleep(0.5)
    t0 = time.monotonic()
    r = post(client, "check", puzzle=CANAL, client="page-1")
    slow.join(10)
    assert r.status_code == 200 and r.json()["verdict"] == "multiple"
    assert out["r"].status_code == 409 and "cancelled" in out["r"].json()["error"]
    assert time.monotonic() - t0 < 5  # interrupted, not run for its 20 s
    # Another page's requests are left alone.
    assert post(client, "check", puzzle=CANAL, client="page-2").status_code == 200


def test_a_queued_request_is_cancelled_and_a_full_queue_is_503():
    with TestClient(create_app(workers=1, queue=2, test_hooks=True)) as c:
        results = {}

        def call(name, **payload):
            results[name] = post(c, "sleep", **payload)
        running = threading.Thread(target=call, args=("running",), kwargs={"seconds": 3})
        running.start()
        time.sleep(0.5)
        queued = threading.Thread(target=call, args=("queued",),
                                  kwargs={"seconds": 20, "client": "p"})
        queued.start()
        time.sleep(0.3)
        assert post(c, "sleep", seconds=0.1).status_code == 503  # 2 waiting already
        r = post(c, "check", puzzle=CANAL, client="p")  # cancels the queued one
        running.join(10)
        queued.join(10)
        assert r.status_code == 200
        assert results["queued"].status_code == 409
        assert results["running"].status_code == 200


def test_the_page_is_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "pencilproof" in r.text


def test_serve_without_the_web_extra_is_one_line(run_cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    code, out, err = run_cli("serve")
    assert code == 2
    root = Path(__file__).resolve().parents[1]  # run from this checkout
    assert err == ("pencilproof: error: serve needs the 'web' extra (Starlette and uvicorn): "
                   f"pip install -e '.[web]' in {root}\n")


def test_serve_warns_off_loopback(run_cli, monkeypatch):
    import uvicorn
    from pencilproof.cli import web as cli_web
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.setattr(cli_web, "_can_bind", lambda host, port: port)
    code, out, err = run_cli("serve", "--host", "0.0.0.0", "--port", "8123")
    assert code == 0 and calls == [{"host": "0.0.0.0", "port": 8123, "log_level": "warning"}]
    assert "warning: serving on 0.0.0.0, not loopback" in err
    assert "http://0.0.0.0:8123/" in out
    code, out, err = run_cli("serve")
    assert code == 0 and err == "" and "http://127.0.0.1:8000/" in out
    assert cli_web.is_loopback("127.0.0.2") and cli_web.is_loopback("::1")
    assert cli_web.is_loopback("localhost") and not cli_web.is_loopback("192.168.1.5")
    monkeypatch.undo()  # the real _can_bind: port 0 shows the port the system chose
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    code, out, err = run_cli("serve", "--port", "0")
    chosen = calls[-1]["port"]
    assert code == 0 and chosen > 0 and f"http://127.0.0.1:{chosen}/ (Ctrl-C stops)" in out
    code, _, err = run_cli("serve", "--port", "70000")
    assert code == 2 and "argument --port: a port is 0..65535: '70000'" in err
    code, _, err = run_cli("serve", "--port", "http")
    assert code == 2 and "argument --port: not a port number: 'http'" in err
