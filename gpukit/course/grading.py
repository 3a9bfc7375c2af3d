"""Graded exercises, the instructor's side: generate them from solutions, grade a folder.

One source per exercise: ``solutions/NN_name.ipynb`` is an otter-grader master notebook (the
format is in ``docs/exercises.md``). What runs *in* the notebook (the ``grader``, ``Report``,
``require`` and each exercise's checks) is in ``gpukit.course.exercises``. Two jobs here, top to
bottom:

1. **Generation** (``make exercises``): ``generate()`` runs ``otter assign`` on each solution
   (which fails if the solution does not pass its own tests), copies the student notebook to
   ``exercises/`` with volatile metadata removed, and keeps the autograder zip in ``build/``.
2. **Batch grading** (``python -m gpukit grade DIR --exercise NN``): ``grade()`` runs
   ``otter run`` on each submission in its own process group with a timeout, kills the group
   on timeout, error or Ctrl-C, and writes one CSV row per submission.

otter-grader is an optional dependency (``pip install "gpukit[grading]"``); it is imported
only when a function needs it.
"""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from . import colab
from .sandbox import GRADING_PATH

from ..runtime import ROOT  # the checkout: solutions/, exercises/, build/
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
BUILD = ROOT / "build" / "autograder"
DEFAULT_TIMEOUT_S = 300.0
# Notebook metadata that changes from one generation to the next (or between machines);
# ``normalize()`` drops it so a committed exercise can be compared with a fresh one.
VOLATILE_METADATA = ("widgets", "toc", "varInspector", "vscode", "colab", "execution")
INSTALL_HINT = 'otter-grader is not installed; run `pip install "gpukit[grading]"` (or `make test`, which installs it)'


def _require_otter():
    """Import otter-grader, or raise the install hint (used here and by ``exercises.notebook_grader``)."""
    try:
        import otter  # noqa: F401
    except ImportError:
        raise RuntimeError(INSTALL_HINT) from None
    return otter


# --------------------------------------------------------------------------- 1. generation


def _otter(args: list[str], cwd, timeout: float, token: str | None = None, wrap=None) -> subprocess.CompletedProcess:
    """Run ``python -m otter ARGS`` in its own process group; kill its whole tree on timeout,
    error or Ctrl-C (otter's Jupyter kernel runs in a session of its own, so killing the group
    is not enough: every process carrying our token in its environment is killed too).
    ``wrap(argv, token) -> argv`` puts the command in a sandbox (``gpukit.course.sandbox``)."""
    token = token or _new_token()
    env = dict(os.environ, GPUKIT_GRADE_TOKEN=token, PYTHONUNBUFFERED="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(GRADING_PATH), env.get("PYTHONPATH")) if p)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    argv = [sys.executable, "-m", "otter", *args]
    argv = wrap(argv, token) if wrap else argv
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen(argv, cwd=cwd, env=env,
                                stdout=out, stderr=subprocess.STDOUT, text=True,
                                start_new_session=True)
        with _LIVE_LOCK:
            _LIVE[token] = proc
        try:
            returncode = proc.wait(timeout=timeout)
        finally:
            kill_tree(proc, token)
            with _LIVE_LOCK:
                _LIVE.pop(token, None)
        out.seek(0)
        return subprocess.CompletedProcess(proc.args, returncode, out.read(), "")


_LIVE: dict = {}  # token -> Popen of every otter process running now (for Ctrl-C with --jobs > 1)
_LIVE_LOCK = threading.Lock()


def _new_token() -> str:
    return f"gpukit-{os.getpid()}-{threading.get_ident()}-{time.time_ns()}"


def stop_all() -> None:
    """Kill every otter process this interpreter started and that still runs."""
    with _LIVE_LOCK:
        running = list(_LIVE.items())
    for token, proc in running:
        kill_tree(proc, token)


def tagged_processes(token: str, prefix: bool = False) -> list:
    """Live processes whose environment carries ``GPUKIT_GRADE_TOKEN=token`` (ours, started
    for one generation or one submission, including otter's kernel). ``prefix=True`` matches
    every token that starts with ``token`` (``f"gpukit-{pid}-"``: all of one grader's)."""
    import psutil

    found = []
    for p in psutil.process_iter(["pid"]):
        try:
            value = p.environ().get("GPUKIT_GRADE_TOKEN", "")
            if p.pid != os.getpid() and value and (value.startswith(token) if prefix else value == token):
                found.append(p)
        except (psutil.Error, OSError):  # gone, or not ours to read
            continue
    return found


def kill_tree(proc: subprocess.Popen, token: str) -> None:
    """Kill ``proc``'s process group, its descendants and every process tagged with ``token``;
    wait (with a timeout) until they are gone."""
    import psutil

    victims = []
    if proc.poll() is None:  # still running: its group id is still ours to kill
        try:
            victims = psutil.Process(proc.pid).children(recursive=True)
        except psutil.Error:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    victims += tagged_processes(token)  # e.g. otter's kernel, in a session of its own
    for p in victims:
        try:
            p.kill()
        except psutil.Error:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not wait for anything
        pass
    psutil.wait_procs(victims, timeout=10)


def solution_paths(selected=None, solutions_dir=SOLUTIONS) -> list[pathlib.Path]:
    """The master notebooks, all or those named by number (``"01"``, ``1``) or stem."""
    paths = sorted(pathlib.Path(solutions_dir).glob("[0-9][0-9]_*.ipynb"))
    if not selected:
        if not paths:
            raise ValueError(f"no solutions/NN_name.ipynb found in {solutions_dir}")
        return paths
    chosen = []
    for want in selected:
        want = str(want)
        key = want.zfill(2) if want.isdigit() else want.removesuffix(".ipynb")
        match = [p for p in paths if p.stem == key or p.stem.split("_", 1)[0] == key]
        if len(match) != 1:
            known = ", ".join(p.stem for p in paths) or "none"
            raise ValueError(f"exercise {want!r} matches {len(match)} solutions (have: {known}); "
                             f"pass the number (01) or the file stem (01_mirrored_strategy)")
        chosen += match
    return chosen


def normalize(nb: dict) -> dict:
    """The notebook without outputs, volatile metadata or random cell ids (ids become
    ``cell-000``, ``cell-001``, ...), so two generations of one solution are byte-identical."""
    import copy

    nb = copy.deepcopy(nb)
    for key in VOLATILE_METADATA:
        nb.get("metadata", {}).pop(key, None)
    for i, cell in enumerate(nb["cells"]):
        if "id" in cell:
            cell["id"] = f"cell-{i:03d}"
        for key in VOLATILE_METADATA:
            cell.get("metadata", {}).pop(key, None)
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return nb


def release(nb: dict) -> str:
    """An exercise notebook's release: gpukit's version and a digest of its questions (the public
    checks otter keeps in its metadata: names, points, code). Stamped into the notebook's metadata by
    ``generate`` (``metadata.gpukit.exercise_release``), so that grading tells a notebook handed out
    before the questions changed from a current one."""
    import hashlib

    from .. import __version__

    tests = nb.get("metadata", {}).get("otter", {}).get("tests", {})
    return f"{__version__}+{hashlib.sha256(json.dumps(tests, sort_keys=True).encode()).hexdigest()[:10]}"


def dumps(nb: dict) -> str:
    """How generated notebooks are written (what ``nbformat.write`` writes, plus a newline)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _short(path) -> str:
    path = pathlib.Path(path).resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def autograder_zip(solution: pathlib.Path, build_dir=BUILD) -> pathlib.Path:
    return pathlib.Path(build_dir) / f"{solution.stem}.zip"


def generate(selected=None, *, solutions_dir=SOLUTIONS, exercises_dir=EXERCISES, build_dir=BUILD,
             run_tests: bool = True, timeout: float = 900, log=print) -> list[pathlib.Path]:
    """Run ``otter assign`` on each selected solution: write ``exercises/NN_name.ipynb`` and
    ``build/autograder/NN_name.zip``. Raises ``RuntimeError`` (and writes nothing for that
    exercise) when otter fails, e.g. because the solution does not pass its own tests.

    ``run_tests=False`` skips executing the solution (the transformation alone takes seconds):
    the sync test uses it, since nbval already runs every solution with its hidden tests."""
    _require_otter()
    written = []
    for solution in solution_paths(selected, solutions_dir):
        start = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="gpukit-assign-") as tmp:
            dist = pathlib.Path(tmp) / "dist"
            try:
                flags = [] if run_tests else ["--no-run-tests"]
                result = _otter(["assign", *flags, solution.name, str(dist)], solution.parent, timeout)
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"otter assign {solution.name} did not finish in {timeout:g} s") from None
            student = dist / "student" / solution.name
            zips = sorted((dist / "autograder").glob("*.zip"))
            if result.returncode != 0 or not student.is_file() or len(zips) != 1:
                tail = "\n".join(result.stdout.strip().splitlines()[-25:])
                raise RuntimeError(
                    f"otter assign failed for {solution.name} (exit {result.returncode}): the solution "
                    f"must pass its own public and hidden tests, and follow docs/exercises.md.\n{tail}"
                )
            nb = normalize(json.loads(student.read_text()))
            nb["metadata"].setdefault("gpukit", {})["exercise_release"] = release(nb)
            colab.retarget(nb, f"{pathlib.Path(exercises_dir).name}/{solution.name}")  # its own Colab badge
            pathlib.Path(exercises_dir).mkdir(parents=True, exist_ok=True)
            target = pathlib.Path(exercises_dir) / solution.name
            target.write_text(dumps(nb))
            pathlib.Path(build_dir).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(zips[0], autograder_zip(solution, build_dir))
        log(f"{solution.name} -> {_short(target)} and {_short(autograder_zip(solution, build_dir))} "
            f"({time.perf_counter() - start:.0f} s)")
        written.append(target)
    return written


# --------------------------------------------------------------------------- 2. batch grading


@dataclasses.dataclass
class Grade:
    """One row of the grades CSV."""

    file: str
    score: float
    max: float
    questions: dict  # question name -> points scored
    status: str  # "ok", "not_attempted", "cell_error", "timeout", "over_cap" (memory or process cap hit) or "error"
    reason: str = ""
    seconds: float = 0.0


def table(rows) -> str:
    """The terminal table ``python -m gpukit grade`` prints: one line per submission with its
    score, each question's points, status and time (the reason, if any, after it)."""
    questions = sorted({q for r in rows for q in r.questions})
    width = max([len("file")] + [len(r.file) for r in rows])
    head = f"{'file':<{width}}  {'score':>9}  " + "".join(f"{q:>6}" for q in questions) + "  status     time"
    lines = [head]
    for r in rows:
        marks = "".join(f"{r.questions[q]:>6g}" if q in r.questions else f"{'-':>6}" for q in questions)
        extra = f"  ({r.reason})" if r.reason else ""
        lines.append(f"{r.file:<{width}}  {f'{r.score:g}/{r.max:g}':>9}  {marks}  {r.status:<7}  {r.seconds:5.1f} s{extra}")
    return "\n".join(lines)


def question_points(zip_path) -> dict:
    """``{question: max points}`` from an otter autograder zip (its tests/qN.py files)."""
    import ast
    import zipfile

    points = {}
    with zipfile.ZipFile(zip_path) as z:
        for name in sorted(z.namelist()):
            if name.startswith("tests/") and name.endswith(".py"):
                tree = ast.parse(z.read(name).decode())
                for node in tree.body:
                    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "test":
                        test = ast.literal_eval(node.value)
                        points[test["name"]] = float(test.get("points") or 0)
    return points


def _check_notebook(path: pathlib.Path) -> str | None:
    """None if ``path`` is a readable Jupyter notebook, else the reason it is not."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as err:
        return f"not a notebook: the file is not UTF-8 text ({err.reason})"
    except OSError as err:  # permissions, a file removed while grading: this row fails, the run goes on
        return f"cannot read the file ({err.strerror or err})"
    except json.JSONDecodeError as err:
        return f"not a notebook: invalid JSON at line {err.lineno} column {err.colno} ({err.msg})"
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return "not a notebook: the JSON has no 'cells' list"
    return None


def grade_one(path: pathlib.Path, zip_path: pathlib.Path, points: dict, timeout: float, *,
              sandbox: bool = True, limits=None, current_release: str | None = None,
              handed_out: dict | None = None) -> Grade:
    """Grade one submission with ``otter run`` in a process of its own (see ``_otter``), in a
    bubblewrap sandbox (``sandbox=True``, see ``gpukit.course.sandbox``) under ``limits`` (memory,
    processes); a submission over a cap gets status ``over_cap`` and 0 points."""
    from . import sandbox as sb

    start = time.perf_counter()
    zero = {q: 0.0 for q in points}
    total = sum(points.values())

    def row(status, reason="", questions=None):
        questions = questions or zero
        return Grade(path.name, float(sum(questions.values())), total, questions, status, reason,
                     round(time.perf_counter() - start, 1))

    problem = _check_notebook(path)
    if problem:
        return row("error", problem)
    nb = json.loads(path.read_text(encoding="utf-8"))
    if untouched(nb, handed_out):
        return row("not_attempted", "not attempted: every answer cell is as handed out")
    release_note = ""
    stamped = (nb.get("metadata", {}).get("gpukit", {}) or {}).get("exercise_release")
    has_checks = bool(nb.get("metadata", {}).get("otter", {}).get("tests"))
    made = stamped or (release(nb) if has_checks else None)  # None: no checks, no stamp (e.g. the solution)
    if current_release and made and made != current_release:
        own = set(nb.get("metadata", {}).get("otter", {}).get("tests", {}))
        kept = {q: p for q, p in points.items() if q in own} if own else dict(points)
        left = sorted(set(points) - set(kept))
        release_note = (f"made on release {made} (this exercise is release {current_release}): graded on the "
                        f"questions it was made for ({', '.join(sorted(kept)) or 'none'})"
                        + (f"; not in it: {', '.join(left)}" if left else "")
                        + "; to grade it as it was, regrade with that release's autograder (its git tag), or have "
                          "the learner copy the answers into the current exercise")
        if kept:
            points, zero, total = kept, {q: 0.0 for q in kept}, sum(kept.values())
    limits = limits or sb.Limits()
    token = _new_token()
    with tempfile.TemporaryDirectory(prefix="gpukit-grade-") as tmp:
        work = pathlib.Path(tmp)  # the only folder the sandbox can write (seen inside as /grade)
        shutil.copyfile(path, work / "submission.ipynb")
        shutil.copyfile(zip_path, work / "autograder.zip")
        (work / "out").mkdir()
        startup = work / ".ipython" / "profile_default" / "startup"
        startup.mkdir(parents=True)
        (startup / "00-gpukit-cell-errors.py").write_text(CELL_ERRORS_STARTUP)
        caps = sb.Caps(limits, token)
        if sandbox:  # the sandbox's IPYTHONDIR is its home's .ipython (gpukit.course.sandbox)
            wrap = lambda argv, tok: caps.prefix + sb.command(work, argv, tok)  # noqa: E731
        else:
            wrap = lambda argv, tok: caps.prefix + ["env", f"IPYTHONDIR={work / '.ipython'}"] + argv  # noqa: E731
        try:
            try:
                result = _otter(["run", "-a", "autograder.zip", "-o", "out", "submission.ipynb"], work,
                                timeout, token, wrap)
            except subprocess.TimeoutExpired:
                return row("timeout", f"did not finish in {timeout:g} s (an infinite loop or a very slow cell?)")
            over = caps.over()
        finally:
            caps.close()
        if over:
            return row("over_cap", over)
        results = work / "out" / "results.json"
        if result.returncode != 0 or results.is_symlink() or not results.is_file():
            lines = [ln for ln in result.stdout.strip().splitlines() if ln.strip()]
            last = lines[-1] if lines else "no output"
            return row("error", f"otter run exited with {result.returncode}: {last}"[:300])
        try:
            tests = json.loads(results.read_text()).get("tests", [])
            tests = [t for t in tests if isinstance(t, dict)]
        except (OSError, ValueError, AttributeError, TypeError):
            return row("error", "otter's results.json is not readable JSON (was it overwritten by the submission?)")
        early = _early_cell_error(nb, work / "cell_errors.jsonl")
    scores, reasons = dict(zero), [release_note] if release_note else []
    for test in tests:
        if test.get("name") in scores and test.get("score") is not None:
            scores[test["name"]] = float(test["score"])
            if scores[test["name"]] < points[test["name"]]:  # its first line: the check's message
                reasons.append(f"{test['name']}: {failure_reason(str(test.get('output', '')))}")
    if early:
        return row("cell_error", "; ".join([early, *reasons]), questions=scores)
    return row("ok", "; ".join(reasons), questions=scores)


# An IPython startup file written into each grading run's IPYTHONDIR: it records every cell that raises
# (its source and its error, one JSON line each) in the run's home folder, so that a submission whose
# setup cell (or another cell before the answers) raised is reported with that error, not a silent 0.
CELL_ERRORS_STARTUP = """\
import json as _json, os as _os
def _gpukit_record_error(result):
    error = result.error_in_exec or result.error_before_exec
    if error is None:
        return
    path = _os.path.join(_os.environ.get("IPYTHONDIR", "."), "..", "cell_errors.jsonl")
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(_json.dumps({"cell": result.info.raw_cell if result.info else "",
                                 "error": f"{type(error).__name__}: {error}"}) + "\\n")
    except OSError:
        pass
get_ipython().events.register("post_run_cell", _gpukit_record_error)
del _gpukit_record_error
"""


def _answer_cell_indices(nb: dict) -> list[int]:
    return [i for i, c in enumerate(nb.get("cells", []))
            if "otter_answer_cell" in c.get("metadata", {}).get("tags", [])]


def untouched(nb: dict, handed_out: dict | None = None) -> bool:
    """True when every answer cell of the submission is still as handed out: the same text as the
    answer cells of ``handed_out`` (the exercise), or else a stub (its functions' bodies only ``...``,
    ``pass`` or ``raise NotImplementedError``, its assigned values ``...``)."""
    import ast

    from .exercises import _stub_body

    answers = _answer_cell_indices(nb)
    if not answers:
        return False
    if handed_out is not None:
        text = lambda book: ["".join(book["cells"][i].get("source", "")).strip()  # noqa: E731
                             for i in _answer_cell_indices(book)]
        if text(nb) == text(handed_out):
            return True
    for i in answers:
        try:
            tree = ast.parse("".join(nb["cells"][i].get("source", "")))
        except SyntaxError:
            return False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _stub_body(node.body):
                continue
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant) \
                    and node.value.value is Ellipsis:
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)) or (
                    isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
                continue
            return False
    return True


def _early_cell_error(nb: dict, errors_file: pathlib.Path) -> str | None:
    """The first error of a cell before the first answer cell ("cell 3 (before the answers) raised
    AttributeError: ..."), from the run's recorded cell errors; None if there was none."""
    try:
        errors = [json.loads(line) for line in errors_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return None
    answers = _answer_cell_indices(nb)
    first_answer = answers[0] if answers else len(nb.get("cells", []))
    for error in errors:
        ran = str(error.get("cell", "")).strip()
        for i, cell in enumerate(nb["cells"][:first_answer]):
            source = "".join(cell.get("source", "")).strip()
            if cell.get("cell_type") == "code" and source and ran and (
                    source == ran or source.splitlines()[-1] in ran.splitlines()):
                what = "the setup cell" if "notebook_grader" in source else "a cell before the answers"
                return f"{what} (cell {i + 1}) raised {str(error.get('error', ''))[:200]}"
    return None


def failure_reason(output: str) -> str:
    """The first line of the message a failing test raised, from otter's report of a question
    (``AssertionError: <the check's problem>`` -> the problem); otherwise a short fallback."""
    import re

    led = [line for line in re.findall(r"^\s*❌ (.+)$", output, flags=re.M) if line != "Test case failed"]
    if led:  # already led by its reason (the notebook's grader.check ran: exercises.lead_with_reason)
        return led[0].strip()
    found = re.findall(r"^\s*(?:[\w.]+\.)?(\w*(?:Error|Exception|Exit))(?:: (.*))?$", output, flags=re.M)
    if not found:
        return "failed (no message)"
    kind, message = found[-1]
    message = (message or "").strip()
    if kind == "AssertionError" and message:
        return message
    return f"{kind}: {message}" if message else kind


def default_jobs() -> int:
    """Submissions graded at once by default: half the CPU cores (each kernel uses several), 1..4."""
    return max(1, min(4, (os.cpu_count() or 2) // 2))


def grade(submissions_dir, exercise, *, timeout: float = DEFAULT_TIMEOUT_S, out=None, jobs: int | None = None,
          progress: bool = True, build_dir=BUILD, solutions_dir=SOLUTIONS, sandbox: bool = True,
          memory=None, max_processes: int | None = None, force: bool = False) -> list[Grade]:
    """Grade every ``*.ipynb`` in ``submissions_dir`` against exercise ``exercise``'s hidden
    tests; write ``out`` (default ``SUBMISSIONS_DIR/grades.csv``) and return the rows.

    Each submission runs in its own process with ``timeout`` seconds; a hanging, crashing or
    unreadable submission gets a row with status ``timeout`` / ``error`` and the run goes on.
    Everything is checked before any grading starts, including that ``out`` does not exist yet
    (a previous run's grades), unless ``force``.

    Untrusted code: every submission runs in its own bubblewrap sandbox (``sandbox=True``; the
    run refuses, naming the choices, where none can be made) under a memory cap (``memory``,
    bytes or "2G") and a cap on processes + threads (``max_processes``); over a cap -> status
    ``over_cap``, 0 points. Originals are snapshotted (copy + SHA-256) first and only the copies
    are graded; an original changed during grading is restored and the change reported on its
    row and on the rows of the submissions that were running (``gpukit.course.sandbox``).
    """
    from . import sandbox as sb

    folder = pathlib.Path(submissions_dir)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder; pass the folder that holds the submitted .ipynb files")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise ValueError(f"timeout={timeout!r} must be a positive number of seconds (default {DEFAULT_TIMEOUT_S:g})")
    jobs = default_jobs() if jobs is None else jobs
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs={jobs!r} must be an int >= 1 (submissions graded at the same time)")
    (solution,) = solution_paths([exercise], solutions_dir)
    submissions = sorted(p for p in folder.glob("*.ipynb") if p.is_file())
    if not submissions:
        raise ValueError(f"no .ipynb files in {folder}: put the submitted notebooks there "
                         f"(one file per learner, e.g. alice.ipynb), then run again")
    out = pathlib.Path(out) if out else folder / "grades.csv"
    if out.is_dir():
        raise ValueError(f"out={str(out)!r} is a folder; pass a file name for the grades, e.g. {out / 'grades.csv'}")
    if out.exists() and not force:
        raise ValueError(f"{out} exists (an earlier run's grades); pass --force (force=True) to overwrite it, "
                         f"or --out another file")
    try:  # fail now, not after every submission has been graded
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("a"):
            pass
    except OSError as err:
        raise ValueError(f"cannot write the grades to out={str(out)!r} ({err.strerror}); pass a writable path") from None
    limits = sb.Limits(sb.DEFAULT_MEMORY if memory is None else memory,
                       sb.DEFAULT_PROCESSES if max_processes is None else max_processes)
    if sandbox and sb.check():
        raise RuntimeError(sb.refusal(sb.check()))
    zip_path = autograder_zip(solution, build_dir)
    if not zip_path.is_file() or zip_path.stat().st_mtime < solution.stat().st_mtime:
        log = (lambda msg: print(msg, file=sys.stderr)) if progress else (lambda msg: None)
        log(f"{zip_path} is missing or older than solutions/{solution.name}: generating it (about a minute)")
        generate([solution.stem], solutions_dir=solutions_dir, build_dir=build_dir,
                 exercises_dir=pathlib.Path(build_dir) / "exercises", log=log)
    points = question_points(zip_path)
    current = exercise = None
    for handed_out in (EXERCISES / solution.name, pathlib.Path(build_dir) / "exercises" / solution.name):
        if handed_out.is_file():  # the exercise this autograder belongs to (committed, or regenerated above)
            exercise = json.loads(handed_out.read_text(encoding="utf-8"))
            current = release(exercise)
            break
    from tqdm.auto import tqdm

    from concurrent.futures import ThreadPoolExecutor, as_completed

    rows = []
    snapshot = sb.Snapshot(submissions)
    running, notes, lock = set(), {}, threading.Lock()

    def note(changed, suspects):
        for name in changed:
            who = f" while {', '.join(suspects)} ran" if suspects else ""
            notes.setdefault(name, []).append(f"the original was changed during grading{who}; restored "
                                              f"from the snapshot (graded from the snapshot)")
        for name in suspects:
            others = [c for c in changed if c != name]
            if others:
                notes.setdefault(name, []).append(f"changed other submissions while it ran: {', '.join(others)}")

    def one(path):
        with lock:
            running.add(path.name)
        try:
            return grade_one(snapshot.copy(path), zip_path, points, timeout, sandbox=sandbox, limits=limits,
                             current_release=current, handed_out=exercise)
        finally:
            with lock:
                suspects = sorted(running)
                running.discard(path.name)
                changed = snapshot.verify()
                note(changed, suspects)

    bar = tqdm(total=len(submissions), desc=f"grading {solution.stem}", unit="notebook",
               disable=not progress, file=sys.stderr)
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(one, path) for path in submissions]
        for future in as_completed(futures):
            row = future.result()
            rows.append(row)
            bar.set_postfix_str(f"{row.file}: {row.status}")
            bar.update()
    except BaseException:  # Ctrl-C included: stop what runs, keep the rows done so far
        pool.shutdown(wait=False, cancel_futures=True)
        stop_all()
        raise
    finally:
        pool.shutdown(wait=True)
        bar.close()
        with lock:
            note(snapshot.verify(), [])
        snapshot.close()
        for r in rows:
            if r.file in notes:
                r.reason = "; ".join([r.reason, *notes[r.file]] if r.reason else notes[r.file])
        rows.sort(key=lambda r: r.file)
        write_csv(rows, out, list(points))
    return rows


def grading_seconds(exercise: str) -> dict:
    """Seconds ``gpukit grade`` takes per submission of ``exercise`` (one at a time, sandboxed
    where the machine allows): the solution, which must score full marks, and the untouched
    exercise, which must score zero -- a benchmark that also says when grading is broken."""
    from .._scratch import temporary_folder
    from . import sandbox

    (solution,) = solution_paths([exercise])
    folder = pathlib.Path(temporary_folder("gpukit-bench-grade-"))
    try:
        shutil.copyfile(solution, folder / "solution.ipynb")
        shutil.copyfile(EXERCISES / solution.name, folder / "untouched.ipynb")
        sandboxed = not sandbox.check()
        rows = {r.file: r for r in grade(folder, exercise, jobs=1, progress=False, sandbox=sandboxed,
                                                 out=folder / "grades.csv")}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    sol, untouched = rows["solution.ipynb"], rows["untouched.ipynb"]
    return {"exercise": solution.stem, "sandboxed": sandboxed, "solution_s": sol.seconds,
            "untouched_s": untouched.seconds,
            "as_expected": sol.status == "ok" and untouched.status == "not_attempted" and sol.score == sol.max
                           and untouched.score == 0}


def bench(out="bench-results") -> list:
    """``make bench``'s grading part: ``grading_seconds`` for every exercise, written to
    ``OUT/grading.json`` and ``OUT/grading.md``."""
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for solution in solution_paths():
        rows.append(grading_seconds(solution.stem))
        print(rows[-1], flush=True)
    (out / "grading.json").write_text(json.dumps(rows, indent=2))
    lines = ["| exercise | sandboxed | s per submission (solution) | s (untouched) | marks as expected |",
             "|---|---|---|---|---|"]
    lines += [f"| {r['exercise']} | {r['sandboxed']} | {r['solution_s']} | {r['untouched_s']} | {r['as_expected']} |"
              for r in rows]
    (out / "grading.md").write_text("\n".join(lines) + "\n")
    return rows


def write_csv(rows: list[Grade], out, questions: list[str]) -> pathlib.Path:
    """One row per submission: file, score, max, one column per question, status, reason, seconds."""
    out = pathlib.Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "score", "max", *questions, "status", "reason", "seconds"])
        for r in rows:
            writer.writerow([r.file, f"{r.score:g}", f"{r.max:g}", *(f"{r.questions.get(q, 0):g}" for q in questions),
                             r.status, r.reason, f"{r.seconds:.1f}"])
    return out
