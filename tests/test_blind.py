"""tests/blind.py's own checks: the blind answers graded once per distinct code (issue 37's test time),
and no file of the same code filed as another kind (issue 38)."""

from __future__ import annotations

import pathlib

import pytest

import blind

NUMBERS = sorted(p.name.removeprefix("ex") for p in blind.ATTACKS.glob("ex[0-9][0-9]"))


@pytest.mark.parametrize("number", NUMBERS)
def test_files_of_the_same_code_are_filed_as_the_same_kind(number):
    assert blind.duplicates_disagreeing(number) == []


def test_the_same_code_is_graded_once_and_a_real_difference_twice(tmp_path, monkeypatch):
    """Planted bugs it catches: duplicates told apart by a comment or the layout (graded twice), or two
    answers that differ by one character taken for one (a wrong answer never graded)."""
    folder = tmp_path / "ex99"
    folder.mkdir()
    (folder / "q1_wrong_a.py").write_text("# INTENT: one off\ndef f(n):\n    return n + 1\n")
    (folder / "q1_wrong_r5_b.py").write_text("# INTENT: the same, written again\ndef f(n):  # add one\n\n"
                                             "    return n+1\n")
    (folder / "q1_right_c.py").write_text("# INTENT: right\ndef f(n):\n    return n\n")
    (folder / "q2_wrong_d.py").write_text("def f(n):\n    return n + 1\n")  # another question: its own answer
    monkeypatch.setattr(blind, "ATTACKS", tmp_path)
    assert [p.name for p in blind.answers("99")] == ["q1_right_c.py", "q1_wrong_a.py", "q2_wrong_d.py"]
    assert blind.duplicates_disagreeing("99") == []
    (folder / "q1_right_e.py").write_text("def f(n):\n    return n + 1\n")
    assert blind.duplicates_disagreeing("99") == [["q1_right_e.py", "q1_wrong_a.py", "q1_wrong_r5_b.py"]]
    assert all(isinstance(p, pathlib.Path) for p in blind.answers("99"))
