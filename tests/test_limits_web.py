"""Issue 22, defect 11: the workbench API's errors are one JSON line (deep nesting, huge
numbers, no command-line option names), and a request's time limit counts from when a
worker starts it, not while it waits in the queue."""
from __future__ import annotations

import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")  # the 'web' extra; make test installs it
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pencilproof.web import app as web_app  # noqa: E402
from pencilproof.web.app import create_app  # noqa: E402

UNIQUE = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, test_hooks=True)) as c:
        yield c


def test_deeply_nested_json_is_a_400_json_error(client):
    r = client.post("/api/check", content=b"[" * 100_000)
    assert r.status_code == 400
    assert r.json() == {"error": "the body is not JSON: body: JSON nested too deeply"}


def test_a_huge_number_is_named_without_python_internals(client):
    r = client.post("/api/check", content=b'{"puzzle": "x", "time_limit": ' + b"9" * 5000 + b"}")
    assert r.status_code == 400
    assert r.json() == {"error": "the body is not JSON: body:1:31: number too large (5000 digits)"}
    r = client.post("/api/verify", json={"puzzle": UNIQUE, "answer": "[" * 50_000})
    assert r.status_code == 400 and r.json() == {"error": "answer: JSON nested too deeply"}


def test_errors_name_the_payload_key_not_a_command_line_option(client):
    r = client.post("/api/minimize", json={"puzzle": UNIQUE, "order": "sideways"})
    assert r.status_code == 400
    assert r.json() == {"error": "'order': unknown order 'sideways' (choose from given, reverse, "
                                 "random, high-first, low-first)"}


def test_time_waiting_in_the_queue_does_not_count_against_the_limit(monkeypatch):
    monkeypatch.setattr(web_app, "GRACE", 0.3)  # a job may run 1 + 0.3 s
    with TestClient(create_app(workers=1, test_hooks=True)) as c:
        slow = threading.Thread(target=lambda: c.post("/api/sleep", json={"seconds": 3}))
        slow.start()
        time.sleep(0.5)
        t = time.monotonic()
        r = c.post("/api/check", json={"puzzle": UNIQUE, "time_limit": 1})
        waited = time.monotonic() - t
        slow.join(30)
    assert r.status_code == 200 and r.json()["verdict"] == "unique"
    assert waited > 1.3  # it waited behind the sleeping job longer than its own limit


def test_a_big_floodit_board_answers_with_its_bounds_at_the_time_limit(client):
    import random
    rng = random.Random(1)
    rows = ["".join(str(rng.randrange(6)) for _ in range(60)) for _ in range(60)]
    t = time.monotonic()
    r = client.post("/api/check", json={"puzzle": "\n".join(rows), "time_limit": 1})
    assert time.monotonic() - t < 4
    body = r.json()
    assert r.status_code == 504 and body["verdict"] == "unknown" and not body["proven"]
    assert body["lower_bound"] > 0 and body["error"] == "time limit of 1 s reached"
