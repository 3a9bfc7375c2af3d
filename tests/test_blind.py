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


def test_a_hinted_test_runs_first_and_a_stale_hint_costs_time_not_a_verdict(monkeypatch):
    """RULED_BY's hint (issue 37): the hinted test first; when it fails, its message is the verdict. Planted bugs it
    catches: a hint that passes and skips the other tests (a wrong answer the public test alone rules would keep its
    points), and a hint run after the others (no time saved)."""
    ran = []
    tests = ["ran.append(0); assert f(1) == 1, 'public'", "ran.append(1); assert f(2) == 2, 'hidden'"]
    monkeypatch.setattr(blind, "questions", lambda stem_: {"q1": {"answer": None, "tests": tests}, "_given": []})
    monkeypatch.setattr(blind, "namespace", lambda stem_: {"ran": ran})
    monkeypatch.setattr(blind, "stubs", lambda stem_: {})
    assert blind._grade("x", "q1", "def f(n):\n    return n if n == 1 else 0", first=1) == (1, "AssertionError: hidden")
    assert ran == [1]
    ran.clear()  # the hint is stale: the hidden test passes, the public one rules
    assert blind._grade("x", "q1", "def f(n):\n    return 0 if n == 1 else n", first=1) == (0, "AssertionError: public")
    assert ran == [1, 0]
    assert blind.grade("x", "q1", "def f(n):\n    return n", first=1) is None


def test_one_wrong_file_is_kept_per_verdict(tmp_path, monkeypatch):
    """``redundant`` (issue 37's test time): wrong answers the same test rejects with the same message, numbers and
    quoted names aside, are one kind; every file a test or doc names is kept, else the earliest round's.
    Planted bugs it catches: two verdicts with other words (or from another test, or another question) taken for one
    (a kind of mistake no kept file shows any more), a right answer dropped, the named file dropped."""
    assert blind.verdict_kind("q1", 2, "AssertionError: f(3) gave 0.5, expected 1.0 ('cache' kept)") == \
        blind.verdict_kind("q1", 2, "AssertionError: f(40) gave 7, expected -2e-05 ('memo' kept)")
    assert blind.verdict_kind("q1", 2, "AssertionError: f gave 0.5") != blind.verdict_kind("q1", 1, "AssertionError: f gave 0.5")
    assert blind.verdict_kind("q1", 2, "AssertionError: f gave 0.5") != blind.verdict_kind("q1", 2, "AssertionError: g gave 0.5")
    folder = tmp_path / "ex99"
    folder.mkdir()
    sources = {"q1_wrong_a.py": "f = 1", "q1_wrong_r7_named.py": "f = 2", "q1_wrong_r3_c.py": "f = 3",
               "q1_wrong_r4_other.py": "f = 4", "q2_wrong_r2_d.py": "f = 5", "q1_right_e.py": "f = 6",
               "q1_right_r9_f.py": "f = 7"}
    for name, source in sources.items():
        (folder / name).write_text(source + "\n")
    verdicts = {"1": (0, "AssertionError: f gave 1"), "2": (0, "AssertionError: f gave 2"),
                "3": (0, "AssertionError: f gave 3"), "4": (1, "AssertionError: f gave 4"),
                "5": (0, "AssertionError: f gave 5"), "6": None, "7": None}
    monkeypatch.setattr(blind, "ATTACKS", tmp_path)
    monkeypatch.setattr(blind, "stem", lambda number: "99_x")
    monkeypatch.setattr(blind, "ruled_by", lambda: {})
    monkeypatch.setattr(blind, "_grade", lambda stem_, question, source, first=None: verdicts[source.strip()[-1]])
    monkeypatch.setattr(blind, "_named_somewhere", lambda: "see q1_wrong_r7_named in docs")
    assert [p.name for p in blind.redundant("99")] == ["q1_wrong_a.py", "q1_wrong_r3_c.py"]
    monkeypatch.setattr(blind, "_named_somewhere", lambda: "")
    assert [p.name for p in blind.redundant("99")] == ["q1_wrong_r3_c.py", "q1_wrong_r7_named.py"]
    monkeypatch.setattr(blind, "_named_somewhere", lambda: "q1_wrong_r7_named and q1_wrong_r3_c, in a round's table")
    assert [p.name for p in blind.redundant("99")] == ["q1_wrong_a.py"]


def _pretend_check(answer):  # stands for a check: its branches are what check_lines sees
    if answer == "loop":
        total = 0
        for step in range(3):
            total += step
        return None
    return None


def test_one_passing_file_is_kept_per_path_through_the_checks(tmp_path, monkeypatch):
    """``redundant_passing`` (issue 37's test time): passing answers of one question that ran the same lines of the
    checks are one; a file a doc names stays, else the earliest round's. Planted bugs it catches: other branches of a
    check taken for the same path (a style no kept file shows any more), two questions pooled, a wrong answer or a
    passing file that now fails counted, the named file dropped, the latest round's style dropped."""
    monkeypatch.setattr(blind, "_CHECK_CODE", __file__)
    monkeypatch.setattr(blind, "_grade", lambda stem_, question, source, first=None:
                        (0, "AssertionError: no") if "fails" in source else _pretend_check(source.split()[-1]))
    assert blind.check_lines("99_x", "q1", "f = loop")[1] != blind.check_lines("99_x", "q1", "f = formula")[1]
    folder = tmp_path / "ex99"
    folder.mkdir()
    sources = {"q1_right_a.py": "f = formula", "q1_right_r3_b.py": "g = formula", "q1_outside_r2_c.py": "h = formula",
               "q1_right_r4_d.py": "f = loop", "q2_right_r5_e.py": "f = formula", "q1_wrong_r1_f.py": "k = formula",
               "q1_right_r6_g.py": "fails = 1; f = formula", "q1_right_r9_named.py": "k = loop"}
    for name, source in sources.items():
        (folder / name).write_text(source + "\n")
    monkeypatch.setattr(blind, "ATTACKS", tmp_path)
    monkeypatch.setattr(blind, "stem", lambda number: "99_x")
    monkeypatch.setattr(blind, "_named_somewhere", lambda: "")
    assert [p.name for p in blind.redundant_passing("99")] == ["q1_outside_r2_c.py"]  # r3_b: the latest of its set
    monkeypatch.setattr(blind, "_named_somewhere", lambda: "see q1_right_r9_named")
    (folder / "q1_right_r11_late.py").write_text("m = formula\n")
    assert [p.name for p in blind.redundant_passing("99")] == ["q1_outside_r2_c.py", "q1_right_r3_b.py",
                                                               "q1_right_r4_d.py"]

def test_the_maintainers_command_lists_then_deletes_and_forgets_the_redundant_files(tmp_path, monkeypatch, capsys):
    """``python tests/blind.py NN [--delete]`` (``blind.main``). Planted bugs it catches: ``--delete`` ignored (or
    deleting without it), a deleted file left in ``RULED_BY``, no arguments or an unknown flag taken as a run."""
    (tmp_path / "ex99").mkdir()
    kept, extra = tmp_path / "ex99" / "q1_wrong_r1_a.py", tmp_path / "ex99" / "q1_wrong_r2_b.py"
    for path in (kept, extra):
        path.write_text("f = 1\n")
    recorded = {"ex99/q1_wrong_r2_b.py": 3, "ex99/q1_wrong_r1_a.py": 2}
    monkeypatch.setattr(blind, "redundant", lambda number: [extra] if number == "99" else [])
    monkeypatch.setattr(blind, "redundant_passing", lambda number: [])
    monkeypatch.setattr(blind, "_record", lambda key, index: recorded.pop(key) if not index else None)
    assert blind.main(["99"]) == 0
    out = capsys.readouterr().out
    assert "exercise 99: 1 wrong answers" in out and "exercise 99: 0 passing answers" in out and extra.exists()
    assert blind.main(["99", "--delete"]) == 0
    assert not extra.exists() and kept.exists() and recorded == {"ex99/q1_wrong_r1_a.py": 2}
    assert blind.main([]) == 2 and blind.main(["99", "--dry"]) == 2
    assert "usage: python tests/blind.py NN" in capsys.readouterr().err


@pytest.mark.parametrize("number", NUMBERS)
def test_no_test_cell_needs_a_name_an_earlier_one_binds(number):
    """A hinted test runs without the tests before it: that grades alike only if it needs nothing they define."""
    import ast

    from IPython.core.inputtransformer2 import TransformerManager

    for question, found in blind.questions(blind.stem(number)).items():
        if question == "_given":
            continue
        bound = set()
        for i, source in enumerate(found["tests"]):
            tree = ast.parse(TransformerManager().transform_cell(source))
            loads = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            assert not loads & bound, f"{number} {question}: test {i} reads {sorted(loads & bound)} from an earlier test"
            for node in ast.walk(tree):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    bound.add(node.id)
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    bound.update(a.asname or a.name.split(".")[0] for a in node.names)
                elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    bound.add(node.name)


def test_every_hint_names_a_wrong_answer_that_exists():
    for key, index in blind.ruled_by().items():
        path = blind.ATTACKS / key
        assert path.exists() and path.stem.split("_")[1] == "wrong" and isinstance(index, int) and index >= 1, key


def test_each_answer_is_graded_in_the_session_as_it_was_before_any_test(monkeypatch):
    """03 q2_wrong_r4_eager_global kept its points in one CI run: an earlier test of the same process (test_zero.py)
    had left TensorFlow's global seed at the value the answer sets. Here an earlier test leaves Keras' epsilon at 1e-5
    and an answer sets it to 1e-5 on every call (a change a session check sees only from a session that had another
    value). Planted: grading in the session as the earlier tests left it (``_as_at_start`` made a no-op): the answer
    keeps its points."""
    from gpukit import keras

    answer = ("def replica_loss(per_example_losses, global_batch_size):\n"
              "    keras.config.set_epsilon(1e-5)\n"
              "    return tf.reduce_sum(per_example_losses) / global_batch_size\n")
    stem = blind.stem("03")
    before = keras.config.epsilon()
    assert before == 1e-7
    try:
        keras.config.set_epsilon(1e-5)  # what an earlier test left
        said = blind.grade(stem, "q2", answer)
        assert said and "Keras' epsilon" in said, said
        assert keras.config.epsilon() == before  # and the session is left as at the start
        keras.config.set_epsilon(1e-5)
        monkeypatch.setattr(blind, "_as_at_start", lambda: None)
        assert blind.grade(stem, "q2", answer) is None  # the planted bug: the answer keeps its points
    finally:
        keras.config.set_epsilon(before)
