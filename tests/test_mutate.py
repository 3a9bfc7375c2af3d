"""gpukit.course.mutate (``make mutate``): the planted changes are the ones it names, one at a time."""

from __future__ import annotations

import ast

from gpukit.course import mutate

SOURCE = '''
def f(a, b):
    """doc: 1 < 2"""
    if a < b:
        raise ValueError(f"a={a + 1} must be >= {b}")
    return min(a + 1, b - 2)


def g(x):
    return x == 3
'''


def test_sites_skip_docstrings_and_messages_and_cover_every_operator():
    changes = [(fn, change) for fn, _, _, change in mutate.sites(ast.parse(SOURCE), None)]
    assert changes == [("f", "Lt -> LtE"), ("f", "min -> max"), ("f", "Add -> Sub"), ("f", "Sub -> Add"),
                       ("f", "1 -> 2"), ("f", "2 -> 3"), ("g", "Eq -> NotEq"), ("g", "3 -> 4")]
    assert [c for _, _, _, c in mutate.sites(ast.parse(SOURCE), ("g",))] == ["Eq -> NotEq", "3 -> 4"]


def _run(tree, name, *args):
    namespace = {}
    exec(compile(tree, "<mutant>", "exec"), namespace)
    return namespace[name](*args)


def test_each_mutant_changes_one_place():
    assert _run(ast.parse(SOURCE), "f", 9, 1) == -1          # min(9 + 1, 1 - 2)
    for index, expected in [(1, 10), (3, 3), (5, -2)]:      # max(10, -1); min(10, 1 + 2); min(10, 1 - 3)
        tree, _ = mutate.plant(SOURCE, None, index)
        assert _run(tree, "f", 9, 1) == expected, index
    tree, site = mutate.plant(SOURCE, None, 6)
    assert site[3] == "Eq -> NotEq" and _run(tree, "g", 3) is False and _run(tree, "g", 4) is True
