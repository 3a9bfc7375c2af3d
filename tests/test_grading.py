"""Batch grading (issue 5): every bad submission gets its row, nothing hangs, nothing is left behind.

The submissions are made here from the committed exercise 11 (plan a run: arithmetic with
gpukit.plan, no training; issue 37: grading its solution takes a fifth of exercise 01's, and the
subject here is the grading CLI, not an exercise) and the solution's answers. One module fixture
runs the CLI three times at once: the main folder (untouched, solved, partly wrong with raising
cells, the planted mistakes, a blind wrong answer after a cell that seeds TensorFlow globally, an
earlier release, a setup cell that raises, hard-coded numbers with edited public checks, invalid
JSON, JSON that is not a notebook) with ``--jobs 2``; a hanging notebook with ``--timeout 15``;
and a hanging notebook interrupted with Ctrl-C.
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
from gpukit.course.exercises import ex11

ROOT = pathlib.Path(__file__).resolve().parents[1]
EXERCISE = ROOT / "exercises" / "11_plan_a_run.ipynb"
SOLUTION = ROOT / "solutions" / "11_plan_a_run.ipynb"
HANG_TIMEOUT_S = 15
MAIN_TIMEOUT_S = 240
QUESTIONS = ["q1", "q2", "q3"]   # q1 predict (the state bytes), q2 debug (the plan), q3 build (the fewest GPUs)
POINTS = [1, 2, 2]
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
    assert len(cells) == len(answers) == len(QUESTIONS), "exercise 11 has one answer cell per question"
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


PUBLIC_STATE_CASES = [(7e9, 1, 1, 8, 1), (70e9, 8, 4, 2, 1)]       # q1's check cell
PUBLIC_FEWEST_CASE = (ex11.llama_like("7B", 32, 4096, 32, 11008), "A100 80GB", 64)   # q3's check cell


def _public_numbers():
    """What the public checks of q1, q2 and q3 expect (what a cheater would copy), from exercise 11's own
    checks: q1's bytes per public case, q2's parts per public (model, layout), q3's count and a layout."""
    state = {case: ex11.check_state_bytes(lambda *a: 0, [case]).details[case]["expected"]
             for case in PUBLIC_STATE_CASES}
    parts = {(model.name, layout.tp, layout.pp): ex11.check_plan_bytes(
                 lambda m, l: dict.fromkeys(ex11.PARTS, 0.0), [(model, layout)]).details[str(layout)]["expected"]
             for model, layout in ex11.buggy_cases()}
    count = ex11.check_fewest_gpus(lambda *a: (0, None), [PUBLIC_FEWEST_CASE]).details["7B"]["expected"]
    _, best = ex11.reference_fewest(*PUBLIC_FEWEST_CASE)
    assert best.cluster.count == count
    return state, parts, (count, best.layout)


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

    # Partly wrong and raising: a classic mistake in the plan (ZeRO's group taken as dp alone, the
    # context-parallel ranks forgotten: right on the public cases, cp=1; wrong on a hidden one, cp=2: q2
    # wrong), a q3 answer that raises, and a learner cell that raises right after the setup. q1 still
    # scores: grading goes on past every error.
    wrong_plan = answers[1].replace("zero.state_bytes(params, layout.dp * layout.cp,",
                                    "zero.state_bytes(params, layout.dp,")
    assert wrong_plan != answers[1]
    partly = _fill(ex, [answers[0], wrong_plan, 'raise ValueError("half-written")'])
    write("partly_wrong_and_raising.ipynb", _insert_after_setup(partly, 'raise RuntimeError("a learner cell that raises")'))
    expected["partly_wrong_and_raising.ipynb"] = [1, 0, 0]

    # The planted mistakes of the predict and debug questions (issue 13), in one submission (one grading
    # run less: issue 37's test time): zero for those two questions only, each named in the reason.
    # q1: Adam's two moments without the fp32 master copy (8 bytes a parameter, not 12); q2: the bug left
    # in plan_bytes_buggy (no optimizer state).
    moments_only = answers[0].replace("optimizer = 12 * share", "optimizer = 8 * share")
    assert moments_only != answers[0]
    bug_left = answers[1].replace('"optimizer": state["optimizer"]', '"optimizer": 0.0')
    assert bug_left != answers[1]
    write("q1_moments_only_q2_bug_left.ipynb", _fill(ex, [moments_only, bug_left, answers[2]]))
    expected["q1_moments_only_q2_bug_left.ipynb"] = [0, 0, 2]

    # Issue 38. A blind wrong answer (tests/attacks: the count after the fewest, twice it): q3 loses its
    # points and the CSV says why. A notebook of an earlier release: the setup cell of the names before
    # gpukit.course (gpukit.colab, gpukit.exercises) and no question 3: graded on its two questions, the
    # release named. A setup cell that raises: reported with its error.
    # Round 6, in the same submission: q1's answer cell starts by seeding TensorFlow globally, at the top of
    # the cell (after importing it: exercise 11's setup has no `tf`): q1 loses its points naming the setting,
    # and q2 after it keeps them (otter runs the check cells in order; the check put the seed back).
    blind = (ROOT / "tests" / "attacks" / "ex11" / "q3_wrong_double.py").read_text()
    seeded_q1 = ("import tensorflow as tf\ntf.random.set_seed(0)  # at the top of the cell, not in a function\n"
                 + answers[0])
    write("blind_q3_double.ipynb", _fill(ex, [seeded_q1, answers[1], blind]))
    expected["blind_q3_double.ipynb"] = [0, 2, 0]
    old = _fill(ex, answers)
    for cell in old["cells"]:
        src = "".join(cell["source"])
        if "notebook_grader(" in src:
            cell["source"] = (src.replace("gpukit.course.colab.setup(", "gpukit.colab.setup(")
                              .replace("from gpukit.course.exercises import", "from gpukit.exercises import"))
            assert "gpukit.colab.setup(" in cell["source"] and "from gpukit.exercises import" in cell["source"]
    del old["metadata"]["otter"]["tests"]["q3"]
    old["metadata"]["gpukit"]["exercise_release"] = "0.0.9+earlier"
    write("old_release.ipynb", old)
    expected["old_release.ipynb"] = [1, 2, 0]
    broken = _fill(ex, answers)
    for cell in broken["cells"]:
        if "notebook_grader(" in "".join(cell["source"]):
            cell["source"] = "".join(cell["source"]).replace("import gpukit ", "import gpukit.not_a_module ", 1)
            assert "import gpukit.not_a_module " in cell["source"]
    write("setup_raises.ipynb", broken)
    expected["setup_raises.ipynb"] = [0] * len(QUESTIONS)

    # Hard-coded public numbers (each answer looks its public cases up), and public checks edited to always pass.
    state, parts, (count, layout) = _public_numbers()
    hard_coded = [
        f"def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):\n"
        f"    return {state!r}.get((num_params, tp, pp, dp, zero_stage))",
        f"def plan_bytes(model, layout):\n    return {parts!r}[(model.name, layout.tp, layout.pp)]",
        f"def fewest_gpus(model, accelerator, global_batch):\n    return {count!r}, plan.{layout!r}",
    ]
    from gpukit import plan

    answer = {}   # q3's passes its public check (edited or not): only the hidden tests can tell
    for source in hard_coded:
        exec(source, {"plan": plan}, answer)
    # q1's public check asks more than its cases since round 13 (each case again with dp, then tp, doubled: a memo
    # keyed without them), and q2's since round 22 (the same model object again with another vocabulary: a memo
    # keyed by name or id), so those lookups fail them unedited; edited to always pass, only the hidden tests can tell
    assert not ex11.check_state_bytes(answer["predicted_state_bytes"], PUBLIC_STATE_CASES).passed
    assert not ex11.check_plan_bytes(answer["plan_bytes"], ex11.buggy_cases()).passed
    assert ex11.check_fewest_gpus(answer["fewest_gpus"], [PUBLIC_FEWEST_CASE]).passed
    cheat = _fill(ex, hard_coded)
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
    solution = grading.solution_paths(["11"])[0]
    zip_path = grading.autograder_zip(solution)
    if not zip_path.is_file() or zip_path.stat().st_mtime < solution.stat().st_mtime:
        zip_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(grading.autograder_zip(solution, generated[1]), zip_path)

    main = _popen(_cli(base / "main", "--exercise", "11", "--jobs", "2", "--timeout", MAIN_TIMEOUT_S,
                       "--out", base / "grades.csv"), base / "main.log")
    start = time.monotonic()
    hang_proc = _popen(_cli(hang, "--exercise", "11", "--timeout", HANG_TIMEOUT_S), base / "hang.log")
    intr = _popen(_cli(interrupted, "--exercise", "11_plan_a_run", "--timeout", 600, "--no-progress"),
                  base / "intr.log")

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
    assert "grading 11_plan_a_run" in log, "progress bar shown"


STATUS = {"untouched.ipynb": "not_attempted", "partly_wrong_and_raising.ipynb": "cell_error",
          "setup_raises.ipynb": "cell_error"}


@pytest.mark.parametrize("name", ["untouched.ipynb", "solved.ipynb", "partly_wrong_and_raising.ipynb",
                                  "hard_coded.ipynb", "q1_moments_only_q2_bug_left.ipynb",
                                  "blind_q3_double.ipynb", "setup_raises.ipynb"])
def test_scores(graded, name):
    _, rows, log, _ = graded["main"]
    row, want = rows[name], graded["expected"][name]
    assert row["status"] == STATUS.get(name, "ok"), f"{name}: {row}"
    assert [float(row[q]) for q in QUESTIONS] == want, f"{name}: {row}"
    assert float(row["score"]) == sum(want) and float(row["max"]) == MAX


@pytest.mark.parametrize("name, words", [
    ("untouched.ipynb", ["not attempted"]),
    ("solved.ipynb", []),
    ("q1_moments_only_q2_bug_left.ipynb", [
        "q1: predicted_state_bytes(7000000000.0, 1, 1, 8, 1) = 3.5e+10 bytes is not what one device holds",
        "that is Adam's two moments without the fp32 master copy",
        "q2: it says 7B with", "the part(s) ['optimizer'] are off",
        "no optimizer state: Adam's state exists at the peak of every step"]),
    ("blind_q3_double.ipynb", ["q3: fewest_gpus(7B, A100 ", "is not the fewest:", "the rule: the fewest power of two",
                               "q1: the cells run since the last check changed TensorFlow's global seed"]),
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
    keep them working), and it has no question 3: it scores its two questions out of their 3 points,
    and the reason names the release it was made on and what to do."""
    row = graded["main"][1]["old_release.ipynb"]
    assert row["status"] == "ok", row
    assert [float(row[q]) for q in QUESTIONS] == [1, 2, 0] and float(row["max"]) == 3, row
    assert "made on release 0.0.9+earlier" in row["reason"] and "not in it: q3" in row["reason"], row
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


@pytest.mark.parametrize("exercise", ["1", "11"])
def test_empty_folder_is_a_clear_error(tmp_path, exercise):
    """Also: the CLI finds the exercise by its number without the leading zero ("1": exercise 01; nothing
    is graded) as by its number (the graded runs above pass "11" and the stem "11_plan_a_run"): the error
    is the empty folder, not the exercise."""
    result = _run(tmp_path, "--exercise", exercise)
    assert result.returncode != 0
    assert "no .ipynb files" in result.stderr and str(tmp_path) in result.stderr
    assert not (tmp_path / "grades.csv").exists()


@pytest.mark.parametrize("args, words", [
    (["--exercise", "99"], "matches 0 solutions"),
    (["--exercise", "11", "--timeout", "0"], "positive number of seconds"),
    (["--exercise", "11", "--jobs", "0"], "jobs=0"),
])
def test_bad_arguments(tmp_path, args, words):
    (tmp_path / "a.ipynb").write_text("{}")
    result = _run(tmp_path, *args)
    assert result.returncode == 2 and words in result.stderr, result.stderr


def test_missing_folder(tmp_path):
    with pytest.raises(ValueError, match="is not a folder"):
        grading.grade(tmp_path / "nope", "11")


def test_an_unwritable_out_is_refused_before_grading(tmp_path):
    (tmp_path / "a.ipynb").write_text("{}")
    (tmp_path / "taken").mkdir()
    with pytest.raises(ValueError, match="is a folder"):
        grading.grade(tmp_path, "11", out=tmp_path / "taken")
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match="cannot write the grades"):
        grading.grade(tmp_path, "11", out=tmp_path / "file" / "grades.csv")
    (tmp_path / "grades.csv").write_text("file,score\nalice.ipynb,3\n")     # an earlier run's grades
    with pytest.raises(ValueError, match=r"grades\.csv exists .*--force"):
        grading.grade(tmp_path, "11")
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
    solution = grading.solution_paths(["11_plan_a_run"])[0]
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
        return [grading.Grade("solution.ipynb", 5.0, 5.0, {}, "ok", seconds=12.5),
                grading.Grade("untouched.ipynb", untouched_score, 5.0, {}, "not_attempted", seconds=9.0)]

    monkeypatch.setattr(grading, "grade", fake_grade)
    row = grading.grading_seconds("11")
    assert seen == {"files": ["solution.ipynb", "untouched.ipynb"], "exercise": "11", "jobs": 1}
    assert row["exercise"] == "11_plan_a_run" and row["solution_s"] == 12.5 and row["untouched_s"] == 9.0
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
