"""Exercise checks (minimal stand-in written on branch l07; the integrator keeps s1's version).

Implements exactly the API of the layout (issue 11): ``Report``, ``is_stub``, ``try_answer``,
``not_solved``, ``require``, ``notebook_grader``. One module per exercise: ``ex07`` (lesson 07).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap

__all__ = ["Report", "is_stub", "try_answer", "not_solved", "require", "notebook_grader"]


@dataclasses.dataclass
class Report:
    """What was checked; ``problem`` is None when right, else one sentence naming the symptom."""

    name: str
    problem: str | None = None
    details: dict = dataclasses.field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.problem is None


def _empty(node) -> bool:
    if isinstance(node, ast.Pass):
        return True
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return node.value.value is Ellipsis or isinstance(node.value.value, str)
    if isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def is_stub(value_or_fn) -> bool:
    """True for None, ``...``, or a function whose body is only ``...``/``pass``/``raise NotImplementedError``."""
    if value_or_fn is None or value_or_fn is Ellipsis:
        return True
    if not inspect.isfunction(value_or_fn):
        return False
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(value_or_fn)))
    except (OSError, TypeError, SyntaxError):
        return False
    node = tree.body[0] if tree.body else None
    return isinstance(node, ast.FunctionDef) and bool(node.body) and all(_empty(n) for n in node.body)


def try_answer(fn, *args, **kwargs):
    """Call a learner's function; a stub (returns None/..., raises NotImplementedError) gives None."""
    try:
        value = fn(*args, **kwargs)
    except NotImplementedError:
        return None
    return None if value is None or value is Ellipsis else value


def not_solved(name: str) -> str:
    return f"not solved yet: {name} returns None; replace the ... with your code"


def require(report: Report) -> None:
    """Raise ``AssertionError(report.problem)`` unless the report passed."""
    if report.problem is not None:
        raise AssertionError(report.problem)


def notebook_grader(notebook: str):
    """The otter ``grader`` of an exercise notebook (see ``gpukit.grading.notebook_grader``)."""
    from .. import grading

    return grading.notebook_grader(notebook)
