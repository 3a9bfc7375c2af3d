"""Every exercise goes through the grading pipeline: its autograder (the run's one generation, the
``generated`` fixture, tests/conftest.py) holds every question with the solution's points, and the
untouched exercise is reported "not attempted" with 0 of them.

The solution submitted as it is, graded end to end by ``otter run``, scores full marks: here for
exercise 02, whose answers start worker processes from inside otter's kernel (in the sandbox, under its
process cap); exercise 01 in tests/test_grading.py and tests/test_sandbox.py, with the bad submissions.
For 03-11 the otter run would repeat a run made already: every solution's hidden tests are code cells
of the master notebook, which nbval runs in a real kernel (``make test``'s solutions/ pass), so a lesson
change that breaks a hidden test fails the build there (docs/decisions.md, "Test time after the fourth
blind round").
"""

from __future__ import annotations

import pathlib
import shutil

import pytest

from gpukit.course import grading
from gpukit.course.exercises import lead_with_reason, summary
from gpukit.course.exercises import Report

ROOT = pathlib.Path(__file__).resolve().parents[1]
STEMS = sorted(p.stem for p in (ROOT / "solutions").glob("*.ipynb") if not p.stem.startswith("01_"))
END_TO_END = ["02_multi_worker"]


def _declared_points(stem) -> dict:
    """``{question: points}`` as the solution declares them (its ``# BEGIN QUESTION`` cells)."""
    import json
    import re

    nb = json.loads((ROOT / "solutions" / f"{stem}.ipynb").read_text())
    found = {}
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "raw" and src.strip().startswith("# BEGIN QUESTION"):
            found[re.search(r"name:\s*(\w+)", src).group(1)] = float(re.search(r"points:\s*([\d.]+)", src).group(1))
    return found


@pytest.mark.parametrize("stem", STEMS)
def test_autograder_has_every_question_and_the_untouched_exercise_scores_zero(stem, tmp_path, generated):
    zip_path = grading.autograder_zip(ROOT / "solutions" / f"{stem}.ipynb", generated[1])
    assert grading.question_points(zip_path) == _declared_points(stem)
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    shutil.copyfile(ROOT / "exercises" / f"{stem}.ipynb", submissions / "untouched.ipynb")
    (untouched,) = grading.grade(submissions, stem, jobs=1, progress=False, timeout=300, build_dir=generated[1])
    assert untouched.status == "not_attempted" and untouched.score == 0, untouched
    assert untouched.reason == "not attempted: every answer cell is as handed out"
    assert untouched.max == sum(_declared_points(stem).values()) > 0, untouched


@pytest.mark.parametrize("stem", END_TO_END)
def test_solution_scores_full_marks_and_the_untouched_exercise_zero(stem, tmp_path, generated):
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    shutil.copyfile(ROOT / "solutions" / f"{stem}.ipynb", submissions / "solved.ipynb")
    shutil.copyfile(ROOT / "exercises" / f"{stem}.ipynb", submissions / "untouched.ipynb")
    rows = {r.file: r for r in grading.grade(submissions, stem, jobs=1, progress=False, timeout=300,
                                             build_dir=generated[1])}
    solved, untouched = rows["solved.ipynb"], rows["untouched.ipynb"]
    assert solved.status == "ok" and untouched.status == "not_attempted", (solved, untouched)
    assert solved.reason == "" and untouched.reason == "not attempted: every answer cell is as handed out"
    assert solved.max > 0 and solved.score == solved.max, solved
    assert untouched.score == 0 and untouched.max == solved.max, untouched
    assert (submissions / "grades.csv").is_file()


# --------------------------------------------------------------------------- issue 38: no silent zero, the reasons


def test_an_earlier_release_setup_cell_still_works(fresh_python):
    """Handed-out notebooks of the release before gpukit.course call gpukit.colab and gpukit.exercises:
    the names keep working (the same modules, not copies), so the class's notebooks run after an update."""
    result = fresh_python(
        "import gpukit\n"
        "gpukit.colab.setup(extras=['grading'])\n"
        "from gpukit.exercises import ex04, require, notebook_grader\n"
        "import gpukit.exercises.ex09 as old\n"
        "import gpukit.course.exercises as new\n"
        "assert old is new.ex09 and ex04 is new.ex04 and gpukit.exercises is new and gpukit.grading is gpukit.course.grading\n"
        "print('ok')\n")
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-2000:]


def test_failure_reason_is_the_first_line_of_the_checks_message():
    report = ("q3 results:\n    q3 - 1 result:\n        Traceback (most recent call last):\n          File x\n"
              "        AssertionError: after step 1 replica 0's first moment is 1/4 of Adam's\n            more\n")
    assert grading.failure_reason(report) == "after step 1 replica 0's first moment is 1/4 of Adam's"
    assert grading.failure_reason("    NameError: name 'ex04' is not defined") == "NameError: name 'ex04' is not defined"
    assert grading.failure_reason("nothing raised") == "failed (no message)"
    led = "q4 results:\n    q4 - 1 result:\n        ❌ predicted_update_scale gave 0.25: BIGGER\n\n    q4 - 2 result:\n"
    assert grading.failure_reason(led) == "predicted_update_scale gave 0.25: BIGGER"  # grader.check led it


def test_lead_with_reason_puts_the_checks_sentence_first():
    doctest_report = ("❌ Test case failed\nTrying:\n    require(x)\nExpecting nothing\n****\nException raised:\n"
                      "    Traceback (most recent call last):\n      File ...\n    AssertionError: the rule: sum, not mean")
    assert lead_with_reason(doctest_report) == "❌ the rule: sum, not mean"
    raised = doctest_report.replace("AssertionError: the rule: sum, not mean", "KeyError: 'w'")
    led = lead_with_reason(raised)
    assert led.startswith("❌ KeyError: 'w'\n") and "Traceback" in led  # the learner's error: where it was raised


def test_untouched_and_release_of_the_committed_exercises():
    import json

    for stem in STEMS + ["01_mirrored_strategy"]:
        handed_out = json.loads((ROOT / "exercises" / f"{stem}.ipynb").read_text())
        assert grading.untouched(handed_out, handed_out), stem
        assert handed_out["metadata"]["gpukit"]["exercise_release"] == grading.release(handed_out), stem
        assert not grading.untouched(json.loads((ROOT / "solutions" / f"{stem}.ipynb").read_text()))


def test_summary_names_each_question_passed_or_failing(capsys):
    failing = summary({"q1": lambda: Report("a"), "q2": lambda: Report("b", "the rule: x\nmore"),
                       "q3": lambda: 1 / 0})
    assert failing == ["q2", "q3"]
    assert capsys.readouterr().out.splitlines() == ["q1: passed", "q2: FAILS: the rule: x",
                                                   "q3: FAILS: ZeroDivisionError: division by zero"]



def _closing_gaps(nb: dict, exempt=()) -> list[str]:
    """The questions a solution's closing cell leaves out of its per-question ``summary``, or
    ``["no summary"]`` when it has none."""
    import re

    asked = {re.search(r"name:\s*(q\d+)", "".join(c["source"])).group(1) for c in nb["cells"]
             if c["cell_type"] == "raw" and "".join(c["source"]).startswith("# BEGIN QUESTION")}
    closing_cell = "".join([c for c in nb["cells"] if c["cell_type"] == "code"][-1]["source"])
    if "summary(" not in closing_cell or "assert not failing" not in closing_cell:
        return ["no summary"]
    return sorted(asked - set(re.findall(r'"(q\d+)"', closing_cell)) - set(exempt))


@pytest.mark.parametrize("number", [f"{n:02d}" for n in range(1, 12)])
def test_every_closing_cell_reports_every_question(number):
    """Issue 38: each exercise's closing cell prints one line per question (``summary``) and says
    "passed" only when none fails (exercise 02's q2 is its cluster run, which the closing cell itself
    compares with one process)."""
    import json

    (path,) = (ROOT / "solutions").glob(f"{number}_*.ipynb")
    assert _closing_gaps(json.loads(path.read_text()), exempt={"q2"} if number == "02" else ()) == [], path.name


def test_a_question_left_out_of_the_closing_summary_is_caught():
    """Planted bugs: exercise 06's closing cell without its q3 line, and without any summary."""
    import json

    nb = json.loads((ROOT / "solutions" / "06_tpu_and_mixed_precision.ipynb").read_text())
    last = [c for c in nb["cells"] if c["cell_type"] == "code"][-1]
    source = "".join(last["source"])
    last["source"] = source.replace('"q3":', '"q3_":')
    assert _closing_gaps(nb) == ["q3"]
    last["source"] = source.replace("summary(", "print(")
    assert _closing_gaps(nb) == ["no summary"]
