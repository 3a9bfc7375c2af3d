"""Batch grading (issue 5): every bad submission gets its row, nothing hangs, nothing is left behind.

The submissions are made here from the committed exercise and the solution's answers. One
module fixture runs the CLI three times at once: the main folder (untouched, solved, partly
wrong with raising cells, hard-coded numbers with edited public checks, invalid JSON, JSON
that is not a notebook) with ``--jobs 2``; a hanging notebook with ``--timeout 15``; and a hanging
notebook interrupted with Ctrl-C.
"""

from __future__ import annotations

import csv
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time

import pytest

from gpukit.course import grading
from gpukit.course.exercises import ex01

ROOT = pathlib.Path(__file__).resolve().parents[1]
EXERCISE = ROOT / "exercises" / "01_mirrored_strategy.ipynb"
SOLUTION = ROOT / "solutions" / "01_mirrored_strategy.ipynb"
HANG_TIMEOUT_S = 15
MAIN_TIMEOUT_S = 240
QUESTIONS = ["q1", "q2", "q3", "q4", "q5"]
POINTS = [2, 2, 1, 1, 2]
MAX = sum(POINTS)


# ----------------------------------------------------------------------------- submissions


def _solution_answers() -> list[str]:
    """The solution's answer cells with the BEGIN/END SOLUTION marker lines removed."""
    answers = []
    for cell in json.loads(SOLUTION.read_text())["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and "# BEGIN SOLUTION" in src:
            answers.append("\n".join(line for line in src.split("\n") if "# BEGIN SOLUTION" not in line
                                     and "# END SOLUTION" not in line))
    return answers


def _exercise() -> dict:
    return json.loads(EXERCISE.read_text())


def _answer_cells(nb) -> list[dict]:
    return [c for c in nb["cells"] if "otter_answer_cell" in c.get("metadata", {}).get("tags", [])]


def _fill(nb, answers) -> dict:
    nb = json.loads(json.dumps(nb))
    cells = _answer_cells(nb)
    answers = list(answers) + [None] * (len(QUESTIONS) - len(answers))  # the rest stays untouched
    assert len(cells) == len(answers) == len(QUESTIONS), "exercise 01 has one answer cell per question"
    for cell, answer in zip(cells, answers):
        if answer is not None:
            cell["source"] = answer
    return nb


def _insert_after_setup(nb, source) -> dict:
    nb = json.loads(json.dumps(nb))
    setup = next(i for i, c in enumerate(nb["cells"]) if "notebook_grader" in "".join(c["source"]))
    nb["cells"].insert(setup + 1, {"cell_type": "code", "metadata": {}, "execution_count": None,
                                   "outputs": [], "source": source, "id": "learner-extra"})
    return nb


def _public_numbers():
    """The numbers the public checks of q1 and q3 expect (what a cheater would copy)."""
    from gpukit import strategies

    loss = ex01.compare_loss(lambda *a: None, seed=0, n=8, global_batch_size=32).details["expected"]
    acc = ex01.compare_accuracy(lambda *a: None, strategies.mirrored(), seed=0).details["expected"]
    return loss, acc


def make_submissions(folder: pathlib.Path) -> dict:
    """Write the bad (and good) submissions; return {file: expected scores per question}."""
    folder.mkdir(parents=True)
    ex, answers = _exercise(), _solution_answers()
    write = lambda name, nb: (folder / name).write_text(json.dumps(nb))  # noqa: E731
    expected = {}

    write("untouched.ipynb", ex)
    expected["untouched.ipynb"] = [0] * len(QUESTIONS)

    write("solved.ipynb", _fill(ex, answers))
    expected["solved.ipynb"] = POINTS

    # Partly wrong and raising: the classic mistake in the step (the mean over the per-replica
    # batch: q2 wrong), a q3 answer that raises, and a learner cell that raises right after the
    # setup. q1 still scores: grading goes on past every error.
    wrong_step = answers[1].replace("loss = compute_loss(model, x, y, global_batch_size)",
                                    "loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))")
    assert wrong_step != answers[1]
    partly = _fill(ex, [answers[0], wrong_step, 'raise ValueError("half-written")'])
    write("partly_wrong_and_raising.ipynb", _insert_after_setup(partly, 'raise RuntimeError("a learner cell that raises")'))
    expected["partly_wrong_and_raising.ipynb"] = [2, 0, 0, 0, 0]

    # The planted mistakes of the predict and debug questions (issue 13), in one submission (one grading
    # run less: issue 37's test time): zero for those two questions only, each named in the reason.
    # q4: "the gradients shrink" (1/N); q5: the bug left in train_buggy.
    one_over_n = answers[3].replace("return num_replicas", "return 1 / num_replicas")
    assert one_over_n != answers[3]
    bug_left = answers[4].replace(
        "loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)",
        "loss = tf.reduce_sum(per_example) / tf.cast(tf.shape(y_batch)[0], tf.float32)")
    assert bug_left != answers[4]
    write("q4_one_over_n_q5_bug_left.ipynb", _fill(ex, [*answers[:3], one_over_n, bug_left]))
    expected["q4_one_over_n_q5_bug_left.ipynb"] = [2, 2, 1, 0, 0]

    # Issue 38. A blind wrong answer (tests/attacks: the learning rate divided by the replicas, the bug
    # kept): q5 loses its points and the CSV says why. A notebook of an earlier release: the setup cell of
    # the names before gpukit.course (gpukit.colab, gpukit.exercises) and no question 5: graded on its
    # four questions, the release named. A setup cell that raises: reported with its error.
    # Round 6, in the same submission: q3's answer cell starts by seeding TensorFlow globally, at the top of
    # the cell: q3 loses its points naming the setting, and q4 after it keeps them (otter runs the check
    # cells in order; the check put the seed back).
    blind = (ROOT / "tests" / "attacks" / "ex01" / "q5_wrong_lr_divided.py").read_text()
    seeded_q3 = "tf.random.set_seed(0)  # at the top of the cell, not in a function\n" + answers[2]
    write("blind_q5_lr_divided.ipynb", _fill(ex, [answers[0], answers[1], seeded_q3, answers[3], blind]))
    expected["blind_q5_lr_divided.ipynb"] = [2, 2, 0, 1, 0]
    old = _fill(ex, answers)
    for cell in old["cells"]:
        src = "".join(cell["source"])
        if "notebook_grader(" in src:
            cell["source"] = (src.replace("gpukit.course.colab.setup(", "gpukit.colab.setup(")
                              .replace("from gpukit.course.exercises import", "from gpukit.exercises import"))
            assert "gpukit.colab.setup(" in cell["source"] and "from gpukit.exercises import" in cell["source"]
    del old["metadata"]["otter"]["tests"]["q5"]
    old["metadata"]["gpukit"]["exercise_release"] = "0.0.9+earlier"
    write("old_release.ipynb", old)
    expected["old_release.ipynb"] = [2, 2, 1, 1, 0]
    broken = _fill(ex, answers)
    for cell in broken["cells"]:
        if "notebook_grader(" in "".join(cell["source"]):
            cell["source"] = "".join(cell["source"]).replace("import gpukit ", "import gpukit.not_a_module ", 1)
    write("setup_raises.ipynb", broken)
    expected["setup_raises.ipynb"] = [0] * len(QUESTIONS)

    # Hard-coded public numbers, a fake step, and public checks edited to always pass.
    loss, acc = _public_numbers()
    cheat = _fill(ex, [
        f"def compute_loss(model, x, y, global_batch_size):\n    return tf.constant({loss!r})",
        "def make_train_step(strategy, model, optimizer, global_batch_size):\n"
        "    return lambda batch: tf.constant(2.3)",
        f"def evaluate(strategy, model, dist_dataset):\n    return {acc!r}",
    ])
    for name, test in cheat["metadata"]["otter"]["tests"].items():
        for suite in test["suites"]:
            suite["cases"] = [{"code": ">>> assert True\n", "hidden": False, "locked": False}]
    for cell in cheat["cells"]:
        if "grader.check(" in "".join(cell["source"]):
            cell["source"] = 'print("passed")'
    write("hard_coded.ipynb", cheat)
    expected["hard_coded.ipynb"] = [0] * len(QUESTIONS)

    (folder / "not_json.ipynb").write_text('{"cells": [ this is not JSON')
    expected["not_json.ipynb"] = None
    (folder / "not_a_notebook.ipynb").write_text(json.dumps({"hello": "world"}))
    expected["not_a_notebook.ipynb"] = None
    (folder / "notes.txt").write_text("not a notebook: ignored")
    return expected


def _hanging(folder: pathlib.Path) -> pathlib.Path:
    folder.mkdir(parents=True)
    # a loop that never ends; it sleeps rather than spins, so that the 15 s it is given do not take a core
    # from the other tests (the kill does not depend on what the kernel is doing)
    nb = _insert_after_setup(_fill(_exercise(), _solution_answers()), "import time\nwhile True:\n    time.sleep(0.1)")
    (folder / "infinite_loop.ipynb").write_text(json.dumps(nb))
    return folder


def _cli(*args) -> list[str]:
    return [sys.executable, "-m", "gpukit", "grade", *map(str, args)]


def _popen(args, log: pathlib.Path) -> subprocess.Popen:
    """The CLI with its own empty TMPDIR (``<log>.tmp``), to show it leaves nothing there."""
    tmpdir = log.with_suffix(".tmp")
    tmpdir.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmpdir))
    return subprocess.Popen(args, stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=ROOT, env=env,
                            start_new_session=True)


def _finish(proc: subprocess.Popen, timeout: float) -> int:
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        raise


def _read_csv(path) -> dict:
    with open(path, newline="") as f:
        return {row["file"]: row for row in csv.DictReader(f)}


@pytest.fixture(scope="module")
def graded(tmp_path_factory, generated):
    base = tmp_path_factory.mktemp("grading")
    expected = make_submissions(base / "main")
    hang = _hanging(base / "hang")
    interrupted = _hanging(base / "interrupted")
    # The CLI reads build/autograder/: put the run's one generation there when it is missing or
    # stale, so the three CLI runs below do not all regenerate it at the same time.
    solution = grading.solution_paths(["01"])[0]
    zip_path = grading.autograder_zip(solution)
    if not zip_path.is_file() or zip_path.stat().st_mtime < solution.stat().st_mtime:
        zip_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(grading.autograder_zip(solution, generated[1]), zip_path)

    main = _popen(_cli(base / "main", "--exercise", "01", "--jobs", "2", "--timeout", MAIN_TIMEOUT_S,
                       "--out", base / "grades.csv"), base / "main.log")
    start = time.monotonic()
    hang_proc = _popen(_cli(hang, "--exercise", "01", "--timeout", HANG_TIMEOUT_S), base / "hang.log")
    intr = _popen(_cli(interrupted, "--exercise", "1", "--timeout", 600, "--no-progress"), base / "intr.log")

    # Ctrl-C once otter is running for the interrupted run (its processes carry our token).
    prefix = f"gpukit-{intr.pid}-"
    deadline = time.monotonic() + 120
    while not grading.tagged_processes(prefix, prefix=True) and time.monotonic() < deadline and intr.poll() is None:
        time.sleep(0.5)
    started = bool(grading.tagged_processes(prefix, prefix=True))
    os.kill(intr.pid, signal.SIGINT)
    intr_code = _finish(intr, 180)   # a wait, not a timing: generous on a loaded machine

    hang_code = _finish(hang_proc, HANG_TIMEOUT_S + 120)
    hang_wall = time.monotonic() - start
    main_code = _finish(main, 8 * MAIN_TIMEOUT_S)
    return {
        "base": base, "expected": expected,
        "main": (main_code, _read_csv(base / "grades.csv"), (base / "main.log").read_text(), main.pid),
        "hang": (hang_code, _read_csv(hang / "grades.csv"), hang_wall, hang_proc.pid),
        "intr": (intr_code, started, (base / "intr.log").read_text(), intr.pid),
    }


# ----------------------------------------------------------------------------- the main run


def test_main_run_has_one_row_per_notebook(graded):
    code, rows, log, _ = graded["main"]
    assert code == 0, log
    assert sorted(rows) == sorted(graded["expected"]), "one row per .ipynb, other files ignored"
    header = list(next(iter(rows.values())))
    assert header == ["file", "score", "max", *QUESTIONS, "status", "reason", "seconds"]
    assert "grading 01_mirrored_strategy" in log, "progress bar shown"


STATUS = {"untouched.ipynb": "not_attempted", "partly_wrong_and_raising.ipynb": "cell_error",
          "setup_raises.ipynb": "cell_error"}


@pytest.mark.parametrize("name", ["untouched.ipynb", "solved.ipynb", "partly_wrong_and_raising.ipynb",
                                  "hard_coded.ipynb", "q4_one_over_n_q5_bug_left.ipynb",
                                  "blind_q5_lr_divided.ipynb", "setup_raises.ipynb"])
def test_scores(graded, name):
    _, rows, log, _ = graded["main"]
    row, want = rows[name], graded["expected"][name]
    assert row["status"] == STATUS.get(name, "ok"), f"{name}: {row}"
    assert [float(row[q]) for q in QUESTIONS] == want, f"{name}: {row}"
    assert float(row["score"]) == sum(want) and float(row["max"]) == MAX


@pytest.mark.parametrize("name, words", [
    ("untouched.ipynb", ["not attempted"]),
    ("solved.ipynb", []),
    ("q4_one_over_n_q5_bug_left.ipynb", ["q4: predicted_update_scale gave", "q5: still wrong: after"]),
    ("blind_q5_lr_divided.ipynb", ["q5: train_mirrored trained with learning rate", "the bug is in the loss",
                                   "q3: the cells run since the last check changed TensorFlow's global seed"]),
    ("partly_wrong_and_raising.ipynb", ["a cell before the answers (cell ", "RuntimeError: a learner cell that raises",
                                        "q3: NameError"]),
    ("setup_raises.ipynb", ["the setup cell (cell ", "ModuleNotFoundError", "q1: NameError"]),
])
def test_the_reason_says_why_per_question(graded, name, words):
    """Issue 38: the CSV's reason names, per question that lost points, the first line of its check's
    message; an untouched notebook is "not attempted"; a cell before the answers that raised is named."""
    row = graded["main"][1][name]
    for word in words:
        assert word in row["reason"], f"{name}: {word!r} not in {row['reason']!r}"
    if not words:
        assert row["reason"] == "", row


def test_a_notebook_of_an_earlier_release_is_graded_on_its_questions(graded):
    """Its setup cell calls gpukit.colab and gpukit.exercises (the names before gpukit.course: aliases
    keep them working), and it has no question 5: it scores its four questions out of their 6 points,
    and the reason names the release it was made on and what to do."""
    row = graded["main"][1]["old_release.ipynb"]
    assert row["status"] == "ok", row
    assert [float(row[q]) for q in QUESTIONS] == [2, 2, 1, 1, 0] and float(row["max"]) == 6, row
    assert "made on release 0.0.9+earlier" in row["reason"] and "not in it: q5" in row["reason"], row
    assert "regrade with that release's autograder" in row["reason"], row


@pytest.mark.parametrize("name, words", [("not_json.ipynb", "invalid JSON"),
                                         ("not_a_notebook.ipynb", "no 'cells'")])
def test_unreadable_notebooks_are_errors_with_a_reason(graded, name, words):
    row = graded["main"][1][name]
    assert row["status"] == "error" and words in row["reason"], row
    assert float(row["score"]) == 0 and float(row["max"]) == MAX


def test_main_run_leaves_no_process(graded):
    assert grading.tagged_processes(f"gpukit-{graded['main'][3]}-", prefix=True) == []


@pytest.mark.parametrize("run", ["main", "hang", "intr"])
def test_no_temporary_file_is_left_after_a_finished_a_timed_out_or_an_interrupted_run(graded, run):
    """Each run had an empty TMPDIR of its own; after it (Ctrl-C included) nothing is left there."""
    left = sorted(p.name for p in (graded["base"] / f"{run}.tmp").iterdir())
    assert left == [], f"the {run} grading run left {left} in its TMPDIR"


# ----------------------------------------------------------------------------- hang and Ctrl-C


def test_infinite_loop_times_out_and_is_killed(graded):
    code, rows, wall, pid = graded["hang"]
    assert code == 0
    row = rows["infinite_loop.ipynb"]
    assert row["status"] == "timeout" and float(row["score"]) == 0, row
    assert f"{HANG_TIMEOUT_S:g} s" in row["reason"]
    # Not a speed test: the bound checks that the timeout fired (otter never stops by itself).
    assert float(row["seconds"]) < HANG_TIMEOUT_S + 10, row
    assert wall < HANG_TIMEOUT_S + 60
    assert grading.tagged_processes(f"gpukit-{pid}-", prefix=True) == []


def test_ctrl_c_stops_grading_and_its_processes(graded):
    code, started, log, pid = graded["intr"]
    assert started, "otter never started for the interrupted run"
    assert code == 130, log
    assert "interrupted" in log
    assert grading.tagged_processes(f"gpukit-{pid}-", prefix=True) == []


# ----------------------------------------------------------------------------- bad input (fast)


def _run(*args, timeout=120):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(_cli(*args), capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_empty_folder_is_a_clear_error(tmp_path):
    result = _run(tmp_path, "--exercise", "01")
    assert result.returncode != 0
    assert "no .ipynb files" in result.stderr and str(tmp_path) in result.stderr
    assert not (tmp_path / "grades.csv").exists()


@pytest.mark.parametrize("args, words", [
    (["--exercise", "99"], "matches 0 solutions"),
    (["--exercise", "01", "--timeout", "0"], "positive number of seconds"),
    (["--exercise", "01", "--jobs", "0"], "jobs=0"),
])
def test_bad_arguments(tmp_path, args, words):
    (tmp_path / "a.ipynb").write_text("{}")
    result = _run(tmp_path, *args)
    assert result.returncode == 2 and words in result.stderr, result.stderr


def test_missing_folder(tmp_path):
    with pytest.raises(ValueError, match="is not a folder"):
        grading.grade(tmp_path / "nope", "01")


def test_an_unwritable_out_is_refused_before_grading(tmp_path):
    (tmp_path / "a.ipynb").write_text("{}")
    (tmp_path / "taken").mkdir()
    with pytest.raises(ValueError, match="is a folder"):
        grading.grade(tmp_path, "01", out=tmp_path / "taken")
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match="cannot write the grades"):
        grading.grade(tmp_path, "01", out=tmp_path / "file" / "grades.csv")
    (tmp_path / "grades.csv").write_text("file,score\nalice.ipynb,3\n")     # an earlier run's grades
    with pytest.raises(ValueError, match=r"grades\.csv exists .*--force"):
        grading.grade(tmp_path, "01")
    assert (tmp_path / "grades.csv").read_text() == "file,score\nalice.ipynb,3\n"


def test_the_terminal_table_shows_each_questions_points():
    rows = [grading.Grade("alice.ipynb", 3, 5, {"q1": 1, "q2": 2, "q3": 0}, "ok", seconds=4.2),
            grading.Grade("bob.ipynb", 0, 5, {}, "timeout", "ran over 300 s", 300.0)]
    lines = grading.table(rows).splitlines()
    assert lines[0].split()[:5] == ["file", "score", "q1", "q2", "q3"]
    assert lines[1].split()[:6] == ["alice.ipynb", "3/5", "1", "2", "0", "ok"]
    assert lines[2].split()[:6] == ["bob.ipynb", "0/5", "-", "-", "-", "timeout"] and "(ran over 300 s)" in lines[2]


def test_doctor_still_works():
    result = subprocess.run([sys.executable, "-m", "gpukit", "--help"], capture_output=True, text=True,
                            timeout=60, cwd=ROOT)
    assert result.returncode == 0 and "doctor" in result.stdout and "grade" in result.stdout


def test_question_points_from_the_autograder(graded):
    solution = grading.solution_paths(["01_mirrored_strategy"])[0]
    zip_path = grading.autograder_zip(solution)
    assert grading.question_points(zip_path) == dict(zip(QUESTIONS, map(float, POINTS)))


def test_a_submission_that_cannot_be_read_gets_an_error_row_not_a_crash(tmp_path, monkeypatch):
    path = tmp_path / "locked.ipynb"
    path.write_text("{}")
    real = pathlib.Path.read_text

    def no_permission(self, *args, **kwargs):
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "read_text", no_permission)
    row = grading.grade_one(path, tmp_path / "unused.zip", {"q1": 1.0}, timeout=10)
    assert row.status == "error" and "cannot read the file (Permission denied)" in row.reason
    assert row.score == 0 and row.max == 1


# --------------------------------------------------------------------------- grading
@pytest.mark.parametrize("untouched_score, expected", [(0.0, True), (2.0, False)])
def test_grading_seconds_grades_the_solution_and_the_untouched_exercise(monkeypatch, untouched_score, expected):
    """The wiring only (the real grading of every exercise is tests/test_exercise_grading.py):
    both notebooks handed to ``grade`` one at a time, their seconds reported, a wrong mark flagged."""
    seen = {}

    def fake_grade(folder, exercise, **kwargs):
        seen.update(files=sorted(p.name for p in folder.glob("*.ipynb")), exercise=exercise, jobs=kwargs["jobs"])
        return [grading.Grade("solution.ipynb", 8.0, 8.0, {}, "ok", seconds=12.5),
                grading.Grade("untouched.ipynb", untouched_score, 8.0, {}, "not_attempted", seconds=9.0)]

    monkeypatch.setattr(grading, "grade", fake_grade)
    row = grading.grading_seconds("01")
    assert seen == {"files": ["solution.ipynb", "untouched.ipynb"], "exercise": "01", "jobs": 1}
    assert row["exercise"] == "01_mirrored_strategy" and row["solution_s"] == 12.5 and row["untouched_s"] == 9.0
    assert row["as_expected"] is expected


def test_otter_runs_leave_rfc3987_syntax_out(tmp_path):
    """jsonschema imports rfc3987_syntax (it builds Lark grammars: about a second) for two formats no notebook
    uses; every otter run, sandboxed or not, puts the stand-in that refuses it first on PYTHONPATH. When
    jsonschema stops importing it (python-jsonschema/jsonschema#1428), the last assert says so: drop it."""
    from gpukit.course import sandbox

    stand_in = str(sandbox.GRADING_PATH)
    assert sandbox.environment("token")["PYTHONPATH"].split(os.pathsep)[0] == stand_in
    shown = grading._otter([], tmp_path, 60, wrap=lambda argv, token: [
        sys.executable, "-c", "import os; print(os.environ['PYTHONPATH'])"])
    assert shown.stdout.strip().split(os.pathsep)[0] == stand_in
    code = ("import sys, nbformat; nbformat.validate(nbformat.v4.new_notebook()); "
            "print('rfc3987_syntax' in sys.modules)")
    runs = {where: subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                                  env=dict(os.environ, PYTHONPATH=where))
            for where in (stand_in, "")}
    assert runs[stand_in].returncode == 0 and runs[stand_in].stdout.strip() == "False", runs[stand_in].stderr
    assert runs[""].stdout.strip() == "True", "jsonschema no longer imports rfc3987_syntax: remove the stand-in"
