"""A pytest plugin (loaded with ``-p nbraises`` from pyproject.toml): a notebook cell that is
meant to fail must fail, with the error it declares.

nbval's ``raises-exception`` tag only *tolerates* an error: a tagged cell that stops raising
still passes. Yet those cells carry the course's central claims ("the older loop crashes on
Keras 3", "batch-then-shard is wrong", ...), and a TensorFlow or Keras upgrade can make them
stale without a sound. So every tagged cell declares what it must raise in its metadata::

    "metadata": {"tags": ["raises-exception"],
                 "gpukit": {"raises": "InvalidArgumentError", "match": "placeholder"}}

``raises`` is an exception class name (a built-in, a ``tf.errors`` class, or a dotted path such
as ``keras.src.x.SomeError``) compared with the class name the kernel reports; ``match`` is an
optional regular expression searched in the error message. This plugin fails the cell's test
when the cell raised nothing, raised another error or a message that does not match; and before
the cell runs when the declaration is missing, names no exception class, or is given on a cell
that is not tagged.
"""

from __future__ import annotations

import builtins
import importlib
import re

import pytest

TAG = "raises-exception"


class DeclarationError(AssertionError):
    """A cell's expected-error declaration is missing or malformed."""


def exception_class(name: str) -> type:
    """Resolve a declared exception name to its class, or raise DeclarationError naming the fix."""
    if not isinstance(name, str) or not name:
        raise DeclarationError(f"'raises' must be an exception class name, got {name!r}")
    candidates = []
    if "." in name:
        module, _, attr = name.rpartition(".")
        try:
            candidates.append(getattr(importlib.import_module(module), attr, None))
        except ImportError:
            pass
    else:
        candidates.append(getattr(builtins, name, None))
        try:
            from gpukit import tf  # imported only when a declaration needs it

            candidates.append(getattr(tf.errors, name, None))
        except Exception:  # pragma: no cover - gpukit always imports here
            pass
    for cls in candidates:
        if isinstance(cls, type) and issubclass(cls, BaseException):
            return cls
    raise DeclarationError(
        f"'raises': {name!r} is not an exception class (looked in builtins and tf.errors, or import "
        f"the dotted path); write the class name the traceback shows, e.g. 'ValueError' or "
        f"'InvalidArgumentError'")


def declaration(cell, tagged: bool) -> dict | None:
    """The cell's ``{"raises": ..., "match": ...}`` if it must raise, checked; None otherwise."""
    meta = (cell.get("metadata") or {}).get("gpukit") or {}
    declared = meta.get("raises")
    if not tagged:
        if declared is not None:
            raise DeclarationError(
                f"cell declares gpukit.raises={declared!r} but is not tagged {TAG!r}: add the tag "
                f"(or remove the declaration if the cell should run cleanly)")
        return None
    if declared is None:
        raise DeclarationError(
            f"cell is tagged {TAG!r} but declares no error: add cell metadata "
            f'"gpukit": {{"raises": "ErrorClassName", "match": "words of the message"}}')
    exception_class(declared)
    match = meta.get("match")
    if match is not None:
        try:
            re.compile(match)
        except (re.error, TypeError) as err:
            raise DeclarationError(f"'match' {match!r} is not a regular expression: {err}") from None
    return {"raises": declared, "match": match}


def verdict(outputs, expected: dict) -> str | None:
    """None when the outputs hold the declared error; otherwise what went wrong."""
    errors = [o for o in outputs or () if o.get("output_type") == "error"]
    want = expected["raises"].rpartition(".")[2]
    if not errors:
        return (f"expected {want} but the cell raised nothing: the failure this cell demonstrates "
                f"no longer happens (a library upgrade?); update the lesson's claim and the cell")
    err = errors[0]
    if err.get("ename") != want:
        return f"expected {want} but the cell raised {err.get('ename')}: {str(err.get('evalue'))[:300]}"
    if expected["match"] and not re.search(expected["match"], str(err.get("evalue", ""))):
        return (f"the cell raised {want} as declared, but its message does not match "
                f"{expected['match']!r}: {str(err.get('evalue'))[:300]}")
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    cell = getattr(item, "cell", None)
    options = getattr(item, "options", None)
    if cell is None or options is None:  # not an nbval cell
        return (yield)
    tags = (cell.get("metadata") or {}).get("tags") or []
    tagged = TAG in tags or bool(options.get("check_exception"))  # the tag or NBVAL_RAISES_EXCEPTION
    expected = declaration(cell, tagged)  # raises before the cell runs
    result = yield
    if expected is not None:
        problem = verdict(getattr(item, "test_outputs", None), expected)
        if problem:
            raise AssertionError(f"{item.nodeid}: {problem}")
    return result
