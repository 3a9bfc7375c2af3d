"""The docs run as tests: every ```python block of README.md and docs/*.md (mktestdocs finds them).

A block runs as written, the blocks of one file in one namespace, in order (a later block may use an
earlier one's names). A block that cannot run here (it needs a SLURM job step, a Kubernetes pod, a Ray
cluster, Colab, or it is an excerpt) is marked on the line before its fence with the reason:

    <!-- docs-test: imports only: needs a SLURM job step (srun sets SLURM_PROCID ...) -->
    <!-- docs-test: imports only in gpukit.course.exercises: an excerpt of ex05.py -->

Then its imports run (``in PACKAGE``: relative imports resolve there), and every call of an imported
module's function or class, ``module.name(...)``, is checked against that function's signature, so a
renamed module, function or keyword fails here. Shell blocks are not Python: tests/test_readme.py keeps
the README's commands and paths true.
"""

import ast
import importlib
import inspect
import pathlib
import re
import sys

import pytest
from mktestdocs import grab_code_blocks

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARK = re.compile(r"<!--\s*docs-test:\s*imports only(?:\s+in\s+([\w.]+))?\s*:\s*(.*?)\s*-->")
FENCE = re.compile(r"^\s*```(\S*)")


def python_blocks(text: str) -> list[dict]:
    """Each ```python block: its code (as mktestdocs grabs it), first line, and its marker if any."""
    codes = grab_code_blocks(text, lang="python")
    lines, blocks, inside = text.splitlines(), [], False
    for number, line in enumerate(lines, 1):
        match = FENCE.match(line)
        if not match:
            continue
        if not inside and match.group(1) == "python":
            before = next((lines[i] for i in range(number - 2, -1, -1) if lines[i].strip()), "")
            mark = MARK.search(before)
            if "docs-test" in before and not (mark and mark.group(2)):
                raise ValueError(f"line {number - 1}: a docs-test marker needs a reason: "
                                 f"<!-- docs-test: imports only: WHY IT CANNOT RUN HERE -->, got {before.strip()!r}")
            blocks.append({"line": number, "package": mark.group(1) if mark else None,
                           "reason": mark.group(2) if mark else None})
        inside = not inside
    if len(codes) != len(blocks):
        raise ValueError(f"mktestdocs found {len(codes)} python blocks, the fences say {len(blocks)}")
    for block, code in zip(blocks, codes):
        block["code"] = code
    return blocks


def _parse(code: str) -> ast.Module:
    # IPython's `%pip ...` / `!cmd` lines (a notebook cell shown in the docs) are not Python
    return ast.parse("\n".join(line[:len(line) - len(line.lstrip())] + "pass"
                               if line.lstrip().startswith(("%", "!")) else line for line in code.splitlines()))


def check_imports(code: str, package: str | None = None) -> None:
    """Run the block's imports; check each ``module.name(...)`` call binds to ``name``'s signature."""
    tree = _parse(code)
    namespace = {"__name__": f"{package}._docs" if package else "__docs__", "__package__": package}
    modules = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            exec(compile(ast.Module([node], []), "<docs>", "exec"), namespace)
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                if inspect.ismodule(namespace.get(name)):
                    modules[name] = namespace[name]
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id in modules):
            continue
        module, attr = modules[node.func.value.id], node.func.attr
        if not hasattr(module, attr):
            try:
                importlib.import_module(f"{module.__name__}.{attr}")
            except ImportError:
                raise AttributeError(f"{module.__name__} has no {attr!r}") from None
        target = getattr(module, attr)
        if inspect.ismodule(target) or any(isinstance(a, ast.Starred) for a in node.args) \
                or any(k.arg is None for k in node.keywords):
            continue
        try:
            signature = inspect.signature(target)
        except (TypeError, ValueError):  # a builtin without a signature
            continue
        try:
            signature.bind(*node.args, **{k.arg: None for k in node.keywords})
        except TypeError as e:
            raise TypeError(f"{module.__name__}.{attr}{signature}: {e}") from None


def run_file(path: pathlib.Path) -> int:
    """Run every python block of one markdown file; return how many ran in full."""
    namespace, ran = {"__name__": "__main__"}, 0
    for block in python_blocks(path.read_text()):
        where = f"{path.relative_to(ROOT)}, the python block at line {block['line']}"
        try:
            if block["reason"]:
                check_imports(block["code"], block["package"])
            else:
                exec(compile(block["code"], where, "exec"), namespace)
                ran += 1
        except Exception as e:
            raise AssertionError(f"{where} fails: {type(e).__name__}: {e}") from e
    return ran


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(path):
    run_file(path)


def test_the_docs_have_python_blocks():
    counted = {p.name: len(python_blocks(p.read_text())) for p in DOCS}
    assert counted["cluster.md"] >= 5, counted


# --- the checker itself: each planted mistake fails ----------------------------------------------

def _md(tmp_path, text):
    path = tmp_path / "x.md"
    path.write_text(text)
    return path


def test_a_runnable_block_runs_and_shares_names_with_the_next(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    path = _md(tmp_path, "```python\nx = 2\n```\n\ntext\n\n```python\nassert x == 2\n```\n")
    assert run_file(path) == 2


def test_a_failing_block_names_its_file_and_line(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    path = _md(tmp_path, "text\n\n```python\nraise RuntimeError('boom')\n```\n")
    with pytest.raises(AssertionError, match=r"x.md, the python block at line 3 fails: RuntimeError: boom"):
        run_file(path)


def test_a_moved_module_fails_even_in_an_imports_only_block(tmp_path, monkeypatch):
    """The planted bug: docs/cluster.md imported `slurm` from gpukit after it moved to gpukit.launch."""
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    path = _md(tmp_path, "<!-- docs-test: imports only: needs a SLURM job step -->\n"
                         "```python\nfrom gpukit import cluster, slurm\nslurm.slurm_tf_config()\n```\n")
    with pytest.raises(AssertionError, match="ImportError"):
        run_file(path)
    path.write_text(path.read_text().replace("from gpukit import cluster, slurm",
                                             "from gpukit import cluster\nfrom gpukit.launch import slurm"))
    assert run_file(path) == 0


def test_a_wrong_call_fails_in_an_imports_only_block(tmp_path, monkeypatch):
    """The planted bug: WorkerContext called positionally as before it became a dataclass."""
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    for call, error in [("cluster.WorkerContext('worker', 0, 'worker 0', {}, run_dir='r', workdir='w')",
                         "multiple values for argument 'run_dir'"),
                        ("cluster.no_such_function()", "has no 'no_such_function'")]:
        path = _md(tmp_path, f"<!-- docs-test: imports only: needs a cluster -->\n"
                             f"```python\nfrom gpukit import cluster\n{call}\n```\n")
        with pytest.raises(AssertionError, match=error):
            run_file(path)


def test_a_marker_without_a_reason_is_refused():
    with pytest.raises(ValueError, match="needs a reason"):
        python_blocks("<!-- docs-test: imports only -->\n```python\nimport os\n```\n")


def test_relative_imports_resolve_in_the_named_package():
    check_imports("from . import Report\nfrom ... import checks\n", "gpukit.course.exercises")
    for wrong in ("from . import NoSuchName\n", "from .. import checks\n"):  # the excerpt's old `..`
        with pytest.raises(ImportError):
            check_imports(wrong, "gpukit.course.exercises")
