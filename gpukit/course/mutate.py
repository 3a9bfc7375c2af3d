"""``make mutate``: how many small planted bugs the fast tests of the arithmetic modules catch.

A mutant is one small change planted in one function (``ast``): a comparison flipped (``<`` and
``<=``, ``>`` and ``>=``, ``==`` and ``!=``), an integer constant off by one (``n`` -> ``n + 1``),
``+`` and ``-`` swapped, ``min`` and ``max`` swapped. Error messages are left alone (an f-string's
parts and a ``raise``'s arguments are not mutated): a changed number in a message is a bug no
behaviour shows. Each mutant is run against the module's fast tests, in this process: the
module's functions are replaced by the mutant's, the tests that took under ``FAST_S`` unmutated run
with pytest, every test under a ``TIMEOUT_S`` alarm (a mutant that loops forever is caught). A
mutant is *caught* when a test fails. The score goes to ``bench-results/mutation.txt`` with every
survivor (function, line, change): each one is a behaviour no test pins.

Why our own and not mutmut: mutmut 3.8 ran on batching at 4.6 mutants per second but cannot see
tests that run in a child process, and its mutants that reach TensorFlow-forked tests time out
(docs/decisions.md, issue 40). Not part of ``make test``.

``python -m gpukit.course.mutate [--out bench-results] [--module gpukit.batching ...]``
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import dataclasses
import importlib
import io
import pathlib
import signal
import sys
import time
import types

from ..runtime import ROOT

# Module -> (its fast test file, the functions to mutate: None = every top-level function).
TARGETS = {
    "gpukit.batching": ("tests/test_batching.py", None),
    "gpukit.zero": ("tests/test_zero.py", ("plan", "state_bytes", "comm_bytes")),
    "gpukit.experts": ("tests/test_experts.py", ("capacity", "place_experts", "dispatch_plan", "load_balancing_loss",
                                                  "all_to_all_bytes", "_check_k")),
    "gpukit.ring_attention": ("tests/test_ring_attention.py", ("split_sequence", "score_bytes", "devices_for_scores",
                                                  "require_unsplit_fits", "ring_schedule")),
    "gpukit.plan": ("tests/test_plan.py", ("check", "layer_parameters", "parameter_count", "parameters_per_device",
                                           "activation_bytes_per_layer", "in_flight", "memory", "flops_per_step",
                                           "communication", "bubble_fraction")),
}
FAST_S = 0.25     # a test that took longer unmutated is not run against the mutants (TensorFlow, processes)
TIMEOUT_S = 10.0  # per test: a mutant that loops is caught by this alarm

FLIPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add}
NAMES = {"min": "max", "max": "min"}


@dataclasses.dataclass
class Mutant:
    module: str
    function: str
    line: int
    change: str
    caught: bool | None = None


def _skipped(function: ast.FunctionDef) -> set[int]:
    """ids of the nodes inside messages: f-strings and the arguments of ``raise``."""
    out = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.JoinedStr, ast.Raise)):
            out.update(id(n) for n in ast.walk(node))
    return out


def sites(tree: ast.Module, functions) -> list[tuple]:
    """Every place a mutant can be planted, in a fixed order: ``(function, node, what, change)``."""
    out = []
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef) or (functions is not None and fn.name not in functions):
            continue
        skip = _skipped(fn)
        body = fn.body[1:] if (fn.body and isinstance(fn.body[0], ast.Expr)
                               and isinstance(fn.body[0].value, ast.Constant)) else fn.body  # docstring
        for stmt in body:
            for node in ast.walk(stmt):
                if id(node) in skip:
                    continue
                if isinstance(node, ast.Compare):
                    for i, op in enumerate(node.ops):
                        if type(op) in FLIPS:
                            out.append((fn.name, node, ("op", i), f"{type(op).__name__} -> {FLIPS[type(op)].__name__}"))
                elif isinstance(node, ast.BinOp) and type(node.op) in SWAPS:
                    out.append((fn.name, node, ("binop",), f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"))
                elif (isinstance(node, ast.Constant) and isinstance(node.value, int)
                      and not isinstance(node.value, bool)):
                    out.append((fn.name, node, ("const",), f"{node.value} -> {node.value + 1}"))
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in NAMES:
                    out.append((fn.name, node, ("name",), f"{node.func.id} -> {NAMES[node.func.id]}"))
    return out


def plant(source: str, functions, index: int) -> tuple[ast.Module, tuple]:
    """The module's tree with mutant ``index`` planted, and its site."""
    tree = ast.parse(source)
    site = sites(tree, functions)[index]
    _, node, what, _ = site
    if what[0] == "op":
        node.ops[what[1]] = FLIPS[type(node.ops[what[1]])]()
    elif what[0] == "binop":
        node.op = SWAPS[type(node.op)]()
    elif what[0] == "const":
        node.value += 1
    else:
        node.func.id = NAMES[node.func.id]
    return tree, site


class _Timeout(Exception):
    pass


class _Collect:
    """A pytest plugin: each test's outcome and duration; every test under an alarm."""

    def __init__(self, alarm: float | None = None):
        self.alarm, self.durations, self.failed = alarm, {}, []

    def pytest_runtest_call(self, item):
        if self.alarm:
            def ring(*_):
                raise _Timeout(f"{item.nodeid} took longer than {self.alarm} s")
            signal.signal(signal.SIGALRM, ring)
            signal.setitimer(signal.ITIMER_REAL, self.alarm)

    def pytest_runtest_logreport(self, report):
        if report.when == "call":
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.durations[report.nodeid] = report.duration
        if report.failed:
            self.failed.append(report.nodeid)


def _pytest(args: list, plugin) -> int:
    import pytest

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--no-header",
                            "-o", "addopts=", *args], plugins=[plugin])


def fast_tests(test_file: str) -> list[str]:
    """The tests of ``test_file`` that pass unmutated in under ``FAST_S`` seconds each."""
    plugin = _Collect()
    _pytest([str(ROOT / test_file)], plugin)
    return [n for n, d in plugin.durations.items() if d < FAST_S and n not in plugin.failed]


def run_module(name: str, test_file: str, functions) -> list[Mutant]:
    module = importlib.import_module(name)
    path = pathlib.Path(module.__file__)
    source = path.read_text()
    tests = fast_tests(test_file)
    if not tests:
        raise RuntimeError(f"no fast test of {test_file} passes unmutated: fix the tests first")
    if _pytest([str(ROOT / n.split("::")[0]) + "::" + n.split("::", 1)[1] for n in tests], _Collect(TIMEOUT_S)):
        raise RuntimeError(f"the fast tests of {test_file} fail unmutated when run again: no score")
    count = len(sites(ast.parse(source), functions))
    saved = dict(vars(module))
    mutants = []
    for index in range(count):
        tree, (function, node, _, change) = plant(source, functions, index)
        namespace = {"__name__": name, "__package__": module.__package__, "__file__": str(path)}
        exec(compile(tree, str(path), "exec"), namespace)  # noqa: S102 - our own module, one change planted
        mutant = Mutant(name, function, node.lineno, change)
        try:
            for key, value in namespace.items():  # the mutant's functions and classes, in place
                if isinstance(value, types.FunctionType) and value.__module__ == name:
                    setattr(module, key, value)
            plugin = _Collect(alarm=TIMEOUT_S)
            code = _pytest(["-x", *[str(ROOT / n.split("::")[0]) + "::" + n.split("::", 1)[1] for n in tests]],
                           plugin)
            mutant.caught = code != 0
        finally:
            for key, value in saved.items():
                setattr(module, key, value)
        mutants.append(mutant)
    return mutants


def report(results: dict, seconds: float) -> str:
    lines = ["# Mutation score (python -m gpukit.course.mutate; docs/decisions.md, issue 40)", ""]
    total = caught = 0
    for name, mutants in results.items():
        c = sum(m.caught for m in mutants)
        total, caught = total + len(mutants), caught + c
        lines.append(f"{name}: {c} of {len(mutants)} mutants caught ({TARGETS[name][0]}, fast tests only)")
    lines += [f"all: {caught} of {total} caught ({caught / max(total, 1):.0%}) in {seconds:.0f} s", "", "survivors:"]
    for mutants in results.values():
        lines += [f"  {m.module}.{m.function} line {m.line}: {m.change}" for m in mutants if not m.caught]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpukit.course.mutate", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench-results", help="folder for mutation.txt")
    parser.add_argument("--module", action="append", choices=sorted(TARGETS), help="only these modules")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = {name: run_module(name, *TARGETS[name]) for name in (args.module or TARGETS)}
    text = report(results, time.perf_counter() - start)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "mutation.txt").write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
