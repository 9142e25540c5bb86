"""Issue 22, found by the stress benchmark: a one-puzzle analysis whose work runs long
between two of its deadline checks (a 1000x1000 Canal View's backbone: 1.7 s past its
deadline on the million cells of its first answer) is stopped at its limit, and its
outcome is ``unknown``, exit 3."""
from __future__ import annotations

import time

import pytest

SMALL = "lightup 2x2\n. .\n. 0\n"


def _busy(*args: object, **kwargs: object) -> None:
    """Work that asks no deadline for 8 s."""
    end = time.monotonic() + 8
    while time.monotonic() < end:
        pass


@pytest.mark.parametrize("command, target", [
    ("backbone", "backbone"), ("explain", "explain"), ("repair", "repair"),
    ("conflict", "find_conflict")])
def test_an_analysis_that_overruns_its_deadline_is_stopped_at_its_limit(
        command, target, run_cli, tmp_path, monkeypatch):
    monkeypatch.setattr(f"pencilproof.cli.analysis.{target}", _busy)
    path = tmp_path / "p.txt"
    path.write_text(SMALL)
    t = time.monotonic()
    code, out, err = run_cli(command, "-q", "--time-limit", "0.5", str(path))
    assert time.monotonic() - t < 1.0
    assert (code, out, err) == (3, f"{path}: unknown: time limit of 0.5 s reached\n", "")


def test_the_json_form_of_that_outcome(run_cli, tmp_path, monkeypatch):
    monkeypatch.setattr("pencilproof.cli.analysis.backbone", _busy)
    path = tmp_path / "p.txt"
    path.write_text(SMALL)
    code, out, err = run_cli("backbone", "--json", "--time-limit", "0.5", str(path))
    assert (code, out, err) == (3, '{"source": "%s", "verdict": "unknown", "error": '
                                   '"time limit of 0.5 s reached"}\n' % path, "")


def test_a_deadline_alarm_that_lands_in_a_destructor_prints_nothing(run_cli, tmp_path,
                                                                    monkeypatch):
    """The alarm's TimeUp raised inside a ``__del__`` (a solver freed by the collector)
    was printed as "Exception ignored in: ... Solver.__del__" beside the verdict, and
    dropped: work that asked no deadline after it ran on. The alarm now fires again."""
    import sys

    ignored = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)

    class Slow:
        def __del__(self) -> None:  # the alarm lands here
            end = time.monotonic() + 0.8
            while time.monotonic() < end:
                pass

    def work(*args: object, **kwargs: object) -> None:
        Slow()  # freed at once: its __del__ runs past the limit
        _busy()
    monkeypatch.setattr("pencilproof.cli.analysis.backbone", work)
    path = tmp_path / "p.txt"
    path.write_text(SMALL)
    t = time.monotonic()
    code, out, err = run_cli("backbone", "-q", "--time-limit", "0.5", str(path))
    assert ignored == []  # nothing printed
    assert time.monotonic() - t < 1.5  # 0.8 s in the destructor, then the alarm again
    assert (code, out, err) == (3, f"{path}: unknown: time limit of 0.5 s reached\n", "")


def test_an_alarm_on_the_edge_of_its_block_is_the_limit_reached_not_a_traceback(
        run_cli, tmp_path, monkeypatch):
    """The stress run's backbone of a 1000x1000 Canal View gave a TimeUp traceback once in
    four: the alarm fired in contextlib's __exit__, after the work and before the alarm
    was disarmed, outside the block that turns it into the outcome. Here the alarm's
    exception is raised just outside that block."""
    from pencilproof.solvers.deadline import TimeUp

    def late_alarm(*args: object) -> None:
        raise TimeUp("the time limit was reached")

    monkeypatch.setattr("pencilproof.cli.analysis._picture_fits", late_alarm)
    path = tmp_path / "p.txt"
    path.write_text(SMALL)
    code, out, err = run_cli("backbone", "--time-limit", "5", str(path))
    assert (code, out, err) == (3, f"{path}: unknown: time limit of 5.0 s reached\n", "")
