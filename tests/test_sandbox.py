"""Grading untrusted notebooks (issue 20): a sandbox per submission, capped, originals never changed.

One module fixture runs ``grade()`` ONCE on a folder holding a correct submission
(``solved.ipynb``) beside every hostile one: overwrite / delete the classmate, write outside its
folder (into the grades CSV's folder), connect to a listener this test starts on 127.0.0.1,
fork hundreds of processes, allocate more than a small memory cap, kill its own kernel,
leave a detached child, invalid JSON. The hostile notebooks are one cell each (no TensorFlow),
so they grade in seconds. A hanging submission is
tests/test_grading.py's (sandboxed too, with a 15 s timeout): here it would hold one of the two
jobs for the whole 240 s timeout the correct submission needs on a loaded machine. The rest are fast unit tests of the sandbox command line, the caps
and the snapshot with a tiny Python script instead of otter.
"""

from __future__ import annotations

import csv
import json
import os
import pathlib
import socket
import subprocess
import sys
import textwrap
import threading

import pytest

from gpukit.course import grading
from gpukit.course import sandbox as sb

from test_grading import MAX, _exercise, _fill, _solution_answers  # the exercise-11 submissions (test_grading's)

ROOT = pathlib.Path(__file__).resolve().parents[1]
MEMORY_CAP = "1G"  # above what grading exercise 01 needs (~0.5 GiB measured; 11 needs less), far below the machine
HOG_MIB = 1600
TIMEOUT_S = 240  # as test_grading: a correct submission took > 100 s at load average 20 on 2 cores


def test_a_sandbox_can_be_made_here():
    """`make test` runs with the sandbox on (.ci/run installs bubblewrap): no silent skip."""
    assert sb.check() is None, sb.refusal(sb.check())


class Listener:
    """A TCP server on 127.0.0.1 that records every connection it accepts."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.sock.settimeout(0.2)
        self.port, self.accepted, self._stop = self.sock.getsockname()[1], [], threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self._stop.is_set():
            try:
                conn, addr = self.sock.accept()
            except (socket.timeout, OSError):
                continue
            self.accepted.append(addr)
            conn.close()

    def close(self):
        self._stop.set()
        self.thread.join(timeout=5)
        self.sock.close()


def _one_cell(source: str) -> dict:
    """A notebook of one code cell, with the exercise's metadata (kernel, otter)."""
    return {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": textwrap.dedent(source), "id": "hostile"}],
            "metadata": _exercise()["metadata"], "nbformat": 4, "nbformat_minor": 5}


def hostile(folder: pathlib.Path, csv_folder: pathlib.Path, port: int) -> dict:
    """{file name: source of its one cell}."""
    return {
        "overwrite_sibling.ipynb": f"""
            import pathlib
            for start in (pathlib.Path.cwd(), pathlib.Path({str(folder)!r})):
                for place in (start, *start.parents):
                    try:
                        for victim in place.glob("solved.ipynb"):
                            victim.write_text('{{"cells": "destroyed"}}')
                    except OSError as err:
                        print("refused:", err)
            """,
        "delete_sibling.ipynb": f"""
            import os, shutil
            for path in ({str(folder / 'solved.ipynb')!r}, "../solved.ipynb"):
                try:
                    os.remove(path)
                except OSError as err:
                    print("refused:", err)
            shutil.rmtree({str(folder)!r}, ignore_errors=True)
            """,
        "write_outside.ipynb": f"""
            for path in ({str(csv_folder / 'escaped.txt')!r}, {str(csv_folder / 'grades.csv')!r},
                         "/escaped.txt", "/usr/escaped.txt", {str(ROOT / 'escaped.txt')!r}):
                try:
                    open(path, "w").write("file,score\\nwrite_outside.ipynb,100\\n")
                except OSError as err:
                    print("refused:", err)
            """,
        "network.ipynb": f"""
            import socket
            s = socket.create_connection(("127.0.0.1", {port}), timeout=5)
            s.sendall(b"hidden tests leaked")
            """,
        "fork_bomb.ipynb": """
            import subprocess
            children = []
            for _ in range(800):  # small processes: forking the kernel itself hits the memory cap first
                try:
                    children.append(subprocess.Popen(["sleep", "600"]))
                except OSError:
                    break
            print(len(children), "children")
            """,
        "memory_hog.ipynb": f"""
            import numpy as np
            hog = np.ones({HOG_MIB} * 2**20, dtype=np.uint8)
            """,
        "dying_kernel.ipynb": """
            import os, signal
            os.kill(os.getpid(), signal.SIGKILL)
            """,
        "detached_child.ipynb": """
            import subprocess
            subprocess.Popen(["sleep", "1000"], start_new_session=True)
            subprocess.Popen(["sh", "-c", "(sleep 1000 &) ; exit 0"])
            """,
    }


@pytest.fixture(scope="module")
def graded(tmp_path_factory, generated):
    base = tmp_path_factory.mktemp("sandbox")
    folder, csv_folder = base / "submissions", base / "results"
    folder.mkdir()
    csv_folder.mkdir()
    listener = Listener()
    solved = json.dumps(_fill(_exercise(), _solution_answers()))
    (folder / "solved.ipynb").write_text(solved)
    for name, source in hostile(folder, csv_folder, listener.port).items():
        (folder / name).write_text(json.dumps(_one_cell(source)))
    (folder / "not_json.ipynb").write_text('{"cells": [ this is not JSON')
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    try:
        rows = grading.grade(folder, "11", timeout=TIMEOUT_S, jobs=2, progress=False,
                             out=csv_folder / "grades.csv", memory=MEMORY_CAP, build_dir=generated[1])
    finally:
        listener.close()
    leftovers = grading.tagged_processes(f"gpukit-{os.getpid()}-", prefix=True)
    for r in rows:  # the outcome of every case, for the log (pytest -s)
        print(f"{r.file:<24} {r.score:g}/{r.max:g} {r.status:<8} {r.seconds:6.1f} s  {r.reason}")
    with open(csv_folder / "grades.csv", newline="") as f:
        table = {r["file"]: r for r in csv.DictReader(f)}
    return {"rows": {r.file: r for r in rows}, "table": table, "before": before, "folder": folder,
            "csv_folder": csv_folder, "accepted": listener.accepted, "leftovers": leftovers}


def test_every_original_is_byte_identical_and_nothing_was_restored(graded):
    folder = graded["folder"]
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == graded["before"]
    assert not any("restored" in r.reason for r in graded["rows"].values())


def test_the_classmate_scores_full_marks_beside_every_hostile_submission(graded):
    row = graded["rows"]["solved.ipynb"]
    assert (row.status, row.score, row.max, row.reason) == ("ok", float(MAX), float(MAX), ""), row
    assert graded["table"]["solved.ipynb"]["score"] == f"{MAX:g}"


@pytest.mark.parametrize("name", ["overwrite_sibling.ipynb", "delete_sibling.ipynb", "write_outside.ipynb",
                                  "network.ipynb", "detached_child.ipynb"])
def test_contained_submissions_are_graded_normally(graded, name):
    row = graded["rows"][name]
    # the network attempt raises in a cell before the answers: reported as such (no silent zero, issue 38)
    status = "cell_error" if name == "network.ipynb" else "ok"
    assert row.status == status and row.score == 0 and row.max == MAX, row


def test_nothing_was_written_outside(graded):
    assert sorted(p.name for p in graded["csv_folder"].iterdir()) == ["grades.csv"]
    assert graded["table"]["write_outside.ipynb"]["score"] == "0"
    assert not (ROOT / "escaped.txt").exists() and not pathlib.Path("/escaped.txt").exists()


def test_the_network_is_unreachable(graded):
    assert graded["accepted"] == [], "a submission reached a listener on the grader's 127.0.0.1"


@pytest.mark.parametrize("name, words", [("fork_bomb.ipynb", "over its process cap"),
                                         ("memory_hog.ipynb", "over its memory cap")])
def test_over_a_cap_scores_zero_with_the_reason(graded, name, words):
    row = graded["rows"][name]
    assert row.status == "over_cap" and row.score == 0 and words in row.reason, row


@pytest.mark.parametrize("name, status, words", [("dying_kernel.ipynb", "error", "otter run exited"),
                                                 ("not_json.ipynb", "error", "invalid JSON")])
def test_old_hostile_cases(graded, name, status, words):
    row = graded["rows"][name]
    assert row.status == status and row.score == 0 and words in row.reason, row


def test_no_process_is_left(graded):
    assert graded["leftovers"] == []
    if sb.cgroup_mode():
        ours = f"gpukit-gpukit-{os.getpid()}-"  # Caps folders are named after each run's token
        for controller in (("memory", "pids") if sb.cgroup_mode() == "v1" else ("",)):
            left = [p.name for p in sb._own_cgroup(controller).iterdir() if p.name.startswith(ours)]
            assert left == [], f"cgroups left behind: {left}"


# --------------------------------------------------------------------------- fast: the command line


SCRIPT = """
import json, os, socket, sys
out = {"pid": os.getpid(), "cwd": os.getcwd(), "secret": os.environ.get("GPUKIT_TEST_SECRET"),
       "repo": os.path.exists(sys.argv[2]), "solutions": os.path.exists(sys.argv[3])}
try:
    out["shadow"] = open("/etc/shadow").read()
except OSError:
    out["shadow"] = ""
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3)
    out["net"] = "connected"
except OSError as err:
    out["net"] = type(err).__name__
for name, path in (("usr", "/usr/x"), ("outside", sys.argv[4])):
    try:
        open(path, "w").write("x")
        out[name] = "written"
    except OSError as err:
        out[name] = type(err).__name__
open("/tmp/private", "w").write("x")
open("mine.txt", "w").write("x")
print(json.dumps(out))
"""


def _run(cmd, timeout=60):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def test_sandbox_command_line_isolates_a_script(tmp_path, monkeypatch):
    work, outside = tmp_path / "work", tmp_path / "outside"
    work.mkdir()
    outside.mkdir()
    (work / "t.py").write_text(SCRIPT)
    monkeypatch.setenv("GPUKIT_TEST_SECRET", "instructor token")
    listener = Listener()
    try:
        args = [str(listener.port), str(ROOT / "README.md"), str(ROOT / "solutions"), str(outside / "x")]
        result = _run(sb.command(work, [sys.executable, "t.py", *args], "tok"))
    finally:
        listener.close()
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["cwd"] == sb.INSIDE and out["pid"] < 10, out  # its own PID namespace
    assert out["secret"] is None, "the grader's environment leaked into the sandbox"
    assert not out["repo"] and not out["solutions"], "the repository (hidden tests) is visible"
    assert not out["shadow"], "/etc/shadow is readable in the sandbox"
    assert out["net"] in ("ConnectionRefusedError", "OSError", "TimeoutError") and listener.accepted == []
    assert out["usr"] != "written" and out["outside"] != "written", out
    assert not (outside / "x").exists() and (work / "mine.txt").exists()
    assert not pathlib.Path("/tmp/private").exists(), "/tmp is not private"
    assert ["--unshare-net", "--unshare-pid", "--die-with-parent"] <= sb.command(work, ["true"], "t")


@pytest.mark.skipif(sb.cgroup_mode() is None, reason="no cgroups here: prlimit only")
@pytest.mark.parametrize("code, limits, words", [
    pytest.param("import os, time\nfor _ in range(300):\n    if os.fork() == 0:\n        time.sleep(60); os._exit(0)",
                 sb.Limits(processes=64), "over its process cap (64", id="300-forks"),
    pytest.param("b = bytearray(300 * 2**20)\nfor i in range(0, len(b), 4096): b[i] = 1",
                 sb.Limits(memory="128M"), "over its memory cap (128 MiB)", id="300MiB"),
])
def test_caps_stop_a_script_and_say_which(tmp_path, code, limits, words):
    (tmp_path / "t.py").write_text(code)
    caps = sb.Caps(limits, f"test-{os.getpid()}-{tmp_path.name}")
    try:
        _run(caps.prefix + sb.command(tmp_path, [sys.executable, "t.py"], "tok"), timeout=120)
        reason = caps.over()
    finally:
        caps.close()
    assert reason and words in reason, reason
    assert caps.folders == []


def test_a_script_within_its_caps_is_not_reported(tmp_path):
    (tmp_path / "t.py").write_text("print(sum(range(10**6)))")
    caps = sb.Caps(sb.Limits(), f"test-{os.getpid()}-ok")
    try:
        result = _run(caps.prefix + sb.command(tmp_path, [sys.executable, "t.py"], "tok"))
        assert result.stdout.strip() == str(sum(range(10**6))) and caps.over() is None
    finally:
        caps.close()


# --------------------------------------------------------------------------- fast: snapshot, refusal, bad input


def test_snapshot_restores_changed_and_deleted_originals(tmp_path):
    a, b, c = tmp_path / "a.ipynb", tmp_path / "b.ipynb", tmp_path / "c.ipynb"
    for p in (a, b, c):
        p.write_text(f"original {p.name}")
    snap = sb.Snapshot([a, b, c])
    try:
        assert snap.copy(a).read_text() == "original a.ipynb" and snap.copy(a) != a
        assert oct(snap.folder.stat().st_mode & 0o777) == "0o700"
        a.write_text("destroyed")
        b.unlink()
        assert sorted(snap.verify()) == ["a.ipynb", "b.ipynb"]
        assert [p.read_text() for p in (a, b, c)] == [f"original {p.name}" for p in (a, b, c)]
        assert snap.verify() == []
    finally:
        snap.close()
    assert not snap.folder.exists()


def test_grade_refuses_without_a_sandbox_and_names_the_choices(tmp_path, monkeypatch):
    (tmp_path / "a.ipynb").write_text("{}")
    monkeypatch.setattr(sb, "check", lambda: "bubblewrap is not installed")
    with pytest.raises(RuntimeError) as err:
        grading.grade(tmp_path, "01", progress=False)
    message = str(err.value)
    for words in ("bubblewrap is not installed", "--no-sandbox", "Docker", "install bubblewrap"):
        assert words in message, message
    assert not (tmp_path / "grades.csv").stat().st_size, "nothing was graded"


def test_cli_refusal_is_a_clean_error(tmp_path):
    (tmp_path / "a.ipynb").write_text("{}")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PATH="/nonexistent")  # no bwrap on PATH
    result = subprocess.run([sys.executable, "-m", "gpukit", "grade", str(tmp_path), "--exercise", "01"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert result.returncode == 2 and "cannot grade in a sandbox" in result.stderr, result.stderr
    assert "--no-sandbox" in result.stderr


@pytest.mark.parametrize("kwargs, words", [({"memory": "lots"}, "not a size"), ({"memory": "1K"}, "below 64 MiB"),
                                           ({"max_processes": 4}, "processes=4")])
def test_bad_caps_are_refused_before_grading(tmp_path, kwargs, words):
    (tmp_path / "a.ipynb").write_text("{}")
    with pytest.raises(ValueError, match=words):
        grading.grade(tmp_path, "01", progress=False, **kwargs)


def test_parse_size():
    assert sb.parse_size("2G") == 2 * 1024**3 and sb.parse_size("512M") == 512 * 1024**2
    assert sb.parse_size("1.5GiB") == int(1.5 * 1024**3) and sb.parse_size(2**30) == 2**30


def test_a_changed_original_is_restored_and_reported_on_both_rows(tmp_path, monkeypatch):
    """What --no-sandbox relies on (and any other program writing into the folder): grade()
    verifies the originals after each submission, restores them and says who ran then."""
    import zipfile

    folder = tmp_path / "subs"
    folder.mkdir()
    for name in ("attacker.ipynb", "victim.ipynb"):
        (folder / name).write_text(json.dumps({"cells": [], "who": name}))
    before = (folder / "victim.ipynb").read_bytes()
    build = tmp_path / "build"
    build.mkdir()
    with zipfile.ZipFile(grading.autograder_zip(grading.solution_paths(["01"])[0], build), "w") as z:
        z.writestr("tests/q1.py", "test = {'name': 'q1', 'points': 1}\n")

    def fake_grade_one(path, zip_path, points, timeout, *, sandbox, limits, **_):
        assert path.parent != folder, "grading must read the snapshot copy, not the original"
        if path.name == "attacker.ipynb":
            (folder / "victim.ipynb").write_text('{"cells": "destroyed"}')
        return grading.Grade(path.name, 1.0, 1.0, {"q1": 1.0}, "ok")

    monkeypatch.setattr(grading, "grade_one", fake_grade_one)
    rows = {r.file: r for r in grading.grade(folder, "01", jobs=1, progress=False, build_dir=build,
                                             sandbox=False)}
    assert (folder / "victim.ipynb").read_bytes() == before
    assert "changed during grading while attacker.ipynb ran; restored" in rows["victim.ipynb"].reason
    assert "changed other submissions while it ran: victim.ipynb" in rows["attacker.ipynb"].reason
    with open(folder / "grades.csv", newline="") as f:
        assert "restored" in {r["file"]: r for r in csv.DictReader(f)}["victim.ipynb"]["reason"]


@pytest.mark.parametrize("message", ["cannot grade in a sandbox", "bubblewrap is not installed",
                                     "bwrap cannot create namespaces here", "over its memory cap",
                                     "over its process cap", "the original was changed during grading",
                                     "changed other submissions while it ran"])
def test_sandbox_messages_are_in_troubleshooting(message):
    assert message in (ROOT / "docs" / "troubleshooting.md").read_text(), f"docs/troubleshooting.md lacks: {message}"
    assert message in (ROOT / "gpukit" / "course" / "sandbox.py").read_text() + (ROOT / "gpukit" / "course" / "grading.py").read_text()
