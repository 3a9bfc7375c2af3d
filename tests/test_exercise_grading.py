"""Every exercise goes through the whole grading pipeline: the solution, submitted as it is,
scores full marks with the hidden tests; the untouched exercise scores 0 and still runs.

tests/test_grading.py covers the bad submissions on exercise 01; this file makes sure the hidden
tests of the later exercises (which nbval never runs: they live only in the autograder) are
right, so a lesson change that breaks them fails the build instead of an instructor's grading.
The autograders come from the run's one generation (the ``generated`` fixture, tests/conftest.py).
"""

from __future__ import annotations

import pathlib
import shutil

import pytest

from gpukit.course import grading

ROOT = pathlib.Path(__file__).resolve().parents[1]
STEMS = sorted(p.stem for p in (ROOT / "solutions").glob("*.ipynb") if not p.stem.startswith("01_"))


@pytest.mark.parametrize("stem", STEMS)
def test_solution_scores_full_marks_and_the_untouched_exercise_zero(stem, tmp_path, generated):
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    shutil.copyfile(ROOT / "solutions" / f"{stem}.ipynb", submissions / "solved.ipynb")
    shutil.copyfile(ROOT / "exercises" / f"{stem}.ipynb", submissions / "untouched.ipynb")
    rows = {r.file: r for r in grading.grade(submissions, stem, jobs=1, progress=False, timeout=300,
                                             build_dir=generated[1])}
    solved, untouched = rows["solved.ipynb"], rows["untouched.ipynb"]
    assert solved.status == untouched.status == "ok", (solved, untouched)
    assert solved.max > 0 and solved.score == solved.max, solved
    assert untouched.score == 0 and untouched.max == solved.max, untouched
    assert (submissions / "grades.csv").is_file()
