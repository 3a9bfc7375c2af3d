"""Exercise checks: what a graded exercise notebook calls, and nothing else.

One module per exercise (``ex01`` … ``ex04``, then ``ex05`` …), each with ``compare_*`` /
``check_*`` functions: they run the learner's function and a reference computed independently
(with the technique modules: ``gpukit.training``, ``gpukit.cluster``, ...) on the same data and
return a ``Report``. This file holds what every exercise shares:

* ``Report``: what was checked, and ``problem`` (``None`` when right, else one sentence naming
  the symptom);
* ``is_stub`` / ``try_answer`` / ``not_solved``: tell an untouched exercise (``...``, ``pass``,
  ``raise NotImplementedError``) from an answer, so an unsolved notebook still runs to the end
  and says "not solved yet";
* ``require(report)``: the public check cell's one statement;
* ``notebook_grader(notebook)``: the otter ``grader`` whose ``grader.check("q1")`` runs a
  question's checks;
* ``hint(module, "q1")``: the next unseen hint of a question, from the module's ``HINTS``;
* ``TapesWatched``: the tf.GradientTapes a call enters, as weak references (which still hold a recording).
* ``Recorder``: stands in for a model or a pipeline stage and writes down the number of examples
  of every call, so a check can observe a contract about *how* (one micro-batch per pass), not
  only the numbers that come out.

A solution notebook and its hidden tests import only from here, e.g.
``from gpukit.course.exercises import ex01, require``. Technique modules never import this package
(tests/test_layout.py enforces it). Generation and batch grading are in ``gpukit.course.grading``.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import gc
import functools
import inspect
import json
import os
import pathlib
import sys
import textwrap
import threading
import weakref

__all__ = [
    "Report",
    "is_stub",
    "try_answer",
    "not_solved",
    "number_problem",
    "result_kept_problem",
    "require",
    "notebook_grader",
    "hint",
    "hint_all",
    "reset_hints",
    "Recorder",
    "watch_first_layer",
    "pipeline_datasets",
    "nondeterministic_stage",
    "session_kept",
    "mark_session",
    "checking",
    "processes_started",
    "child_process_problem",
    "closing",
    "summary",
    "lead_with_reason",
]


@dataclasses.dataclass
class Report:
    """The result of one exercise check.

    ``problem`` is ``None`` when the answer is right, otherwise ONE sentence that says what is
    wrong (the symptom; ``not_solved(name)`` for an untouched stub). ``details`` holds the
    numbers behind it, for the instructor and the tests.
    """

    name: str
    problem: str | None = None
    details: dict = dataclasses.field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.problem is None


def _stub_body(body) -> bool:
    """A function body that is only a docstring and ``...`` / ``pass`` / ``raise NotImplementedError``."""

    def empty(node) -> bool:
        if isinstance(node, ast.Pass):
            return True
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return node.value.value is Ellipsis or isinstance(node.value.value, str)
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
        return False

    return bool(body) and all(empty(node) for node in body)


def is_stub(value_or_fn) -> bool:
    """True for what an untouched exercise gives: ``None``, ``...``, or a function whose body is
    only ``...``, ``pass`` or ``raise NotImplementedError`` (a docstring allowed)."""
    if value_or_fn is None or value_or_fn is Ellipsis:
        return True
    if not (inspect.isfunction(value_or_fn) or inspect.ismethod(value_or_fn)):
        return False
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(value_or_fn)))
    except (OSError, TypeError, SyntaxError):  # no source to read (e.g. built at run time)
        return False
    node = tree.body[0] if tree.body else None
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _stub_body(node.body)


def try_answer(fn, *args, **kwargs):
    """Call a learner's function; a stub (returns ``None`` / ``...``, raises
    ``NotImplementedError``) gives ``None``. Any other error is the learner's to see. A function
    that changes a setting of the whole session (``session_kept``) raises ``AssertionError`` naming
    it, after the setting is put back."""
    with session_kept(getattr(fn, "__name__", "your function")):
        try:
            value = fn(*args, **kwargs)
        except NotImplementedError:
            return None
        except Exception as err:  # noqa: BLE001  the learner's error, re-raised (its first line made to say it)
            _last_line_first(err)
            raise
    return None if value is None or value is Ellipsis else value


def _last_line_first(err: BaseException) -> None:
    """An error raised inside a ``tf.function`` says first only "in user code:", the traceback follows and the real
    error comes last; a grader showing the first line showed only "TypeError: in user code:" (issue 38, round 11).
    Such an error (a plain one, whose message is its only argument) gets that last line put first, the rest kept."""
    text = str(err)
    if not text.startswith("in user code:") or err.args != (text,):
        return
    import re

    lines = [line.strip() for line in text.splitlines() if line.strip()]
    # the real error is the last line that names one ("TypeError: ..."); Keras adds lines after it ("Arguments
    # received by ...", "• mask=None"), which must not be put first
    named = [i for i, line in enumerate(lines) if re.match(r"[A-Za-z_][\w.]*(Error|Exception): ", line)]
    if len(lines) > 1 and named:
        last = lines[named[-1]].removeprefix(f"{type(err).__name__}: ")
        err.args = (f"{last} ({lines[0]} the traceback follows)\n{text}",)


def _session_settings() -> dict:
    """``{what: (value, put_back)}``: the settings of the whole session an answer must leave as it found them
    (issue 38, round 4: blind answers turned the garbage collector off, set Keras' global policy or
    TensorFlow's global seed, ran every tf.function eagerly, turned soft placement off, silenced NumPy's
    errors, left a ``strategy.scope()`` open). Each is cheap to read; TensorFlow and Keras only once imported."""
    import gc

    import numpy as np

    settings = {
        "the garbage collector (gc.disable)": (gc.isenabled(), lambda on: gc.enable() if on else gc.disable()),
        "NumPy's error handling (np.seterr)": (np.geterr(), lambda old: np.seterr(**old)),
        "NumPy's print options (np.set_printoptions)": (np.get_printoptions(), lambda old: np.set_printoptions(**old)),
        "the environment variables (os.environ)": (dict(os.environ), _put_back_environ),
        # round 6: a blanket "ignore"; round 7: any filter for a whole category of every module
        # (filterwarnings("ignore", category=UserWarning)); a filter narrowed to a message or a module does not count:
        # libraries add their own when first imported (gpukit._tf's np.object FutureWarning)
        "Python's warning filters (warnings.simplefilter / filterwarnings for a whole category, or any a cell adds)":
            (_WarningFilters(), _put_back_warning_filters),
        "Python's decimal context (decimal.getcontext())": (_decimal_context(), _put_back_decimal_context),
        # round 7: Python's root logger (absl and TensorFlow log through it) and the recursion limit
        "Python's root logger (logging.getLogger().setLevel / addHandler, logging.basicConfig, logging.disable)":
            (_root_logger(), _put_back_root_logger),
        "Python's recursion limit (sys.setrecursionlimit)": (sys.getrecursionlimit(), sys.setrecursionlimit),
        # round 15 (10 q2, 11 q1: settings of the interpreter a cell can change in one line)
        "Python's thread switch interval (sys.setswitchinterval)": (sys.getswitchinterval(), sys.setswitchinterval),
        "Python's exception hook (sys.excepthook)": (sys.excepthook, _put_back_excepthook),
        "Python's bytecode writing (sys.dont_write_bytecode)": (sys.dont_write_bytecode, _put_back_bytecode),
        "the file-creation mask (os.umask)": (_umask(), os.umask),
        # round 16 (07 q3_wrong_r16_chdir: os.chdir(tempfile.gettempdir()), never changed back)
        "the working directory (os.chdir)": (_cwd(), _put_back_cwd),
        # round 18 (05 q1-q4, a blind attacker: one line of an answer cell each, never put back)
        "the locale (locale.setlocale)": _locale(),
        # round 26 (09 q3_wrong_r26_thread_excepthook: threading.excepthook replaced by a step that runs a thread per
        # replica; q3_wrong_r26_tempdir_shm: tempfile.tempdir pointed at /dev/shm past 2**15 weights, left so)
        "Python's hooks (sys.displayhook, sys.unraisablehook, warnings.showwarning, threading.excepthook)":
            (_hooks(), _put_back_hooks),
        "the temporary-file folder (tempfile.tempdir)": (_tempdir(), _put_back_tempdir),
        "Python's module search path (sys.path)": (list(sys.path), _put_back_sys_path),
        "NumPy's error callback (np.seterrcall)": (np.geterrcall(), np.seterrcall),
        # round 25 (09 q3_wrong_bufsize_big_models: np.setbufsize(2**20) on large models, never put back)
        "NumPy's ufunc buffer size (np.setbufsize)": (np.getbufsize(), np.setbufsize),
        "the garbage collector's frozen objects (gc.freeze)": (_gc_freezes(), None),
        # round 23 (09 q1_wrong_r23_gc_threshold: gc.set_threshold(100000, 50, 50) at the top of an answer cell, the
        # collector left enabled): its thresholds, a tuple of three ints
        "the garbage collector's thresholds (gc.set_threshold)": (gc.get_threshold(), lambda old: gc.set_threshold(*old)),
        # round 19 (10 q3, q4; 11 q1-q3: gpukit.experts.dispatch_plan, gpukit.plan.plan... replaced by the answer cell)
        "gpukit's own functions and constants (a gpukit module's function, class or constant such as memory.MiB "
        "replaced: the answer must not change the library it is graded against)": (_library(), _put_back_library),
        # round 28 (07 q2_wrong_r28_patch_statistics: statistics.median rebound to a NumPy median by an answer cell)
        "Python's standard library (a function or constant of statistics, math, functools, itertools, operator, "
        "copy, json... replaced, such as statistics.median = ...)": (_stdlib(), _put_back_library),
        # round 28 (07 q1_wrong_r28_rcparams_in_function, q2_wrong_r28_rcparams_only: matplotlib.rcParams[...] = ...)
        "matplotlib's settings (matplotlib.rcParams[...] = ..., matplotlib.rc, plt.style.use; use "
        "plt.rc_context or a figure's own arguments)": (_rc_params(), _put_back_rc_params),
    }
    if hasattr(sys, "get_int_max_str_digits"):
        settings["Python's int-to-string digit limit (sys.set_int_max_str_digits)"] = (
            sys.get_int_max_str_digits(), sys.set_int_max_str_digits)
    socket = sys.modules.get("socket")
    if socket is not None:
        settings["the default socket timeout (socket.setdefaulttimeout)"] = (socket.getdefaulttimeout(),
                                                                             socket.setdefaulttimeout)
    tf = sys.modules.get("tensorflow")
    if tf is not None and hasattr(tf, "config"):
        from tensorflow.python.eager import context

        settings.update({
            "eager execution of every tf.function (tf.config.run_functions_eagerly)":
                (tf.config.functions_run_eagerly(), tf.config.run_functions_eagerly),
            "soft device placement (tf.config.set_soft_device_placement)":
                (tf.config.get_soft_device_placement(), tf.config.set_soft_device_placement),
            "TensorFlow's global seed (tf.random.set_seed, keras.utils.set_random_seed)": _tf_global_seed(),
            "the distribution strategy in scope (a strategy.scope() entered and not left)":
                (_strategy_stacks(), _put_back_strategy_stacks),
            "TensorFlow's XLA auto-clustering (tf.config.optimizer.set_jit)":
                (tf.config.optimizer.get_jit(), lambda old: tf.config.optimizer.set_jit(old or False)),
            "TensorFlow's device placement log (tf.debugging.set_log_device_placement)":
                (context.context().log_device_placement, tf.debugging.set_log_device_placement),
            # round 6
            "TensorFlow's logger level (tf.get_logger().setLevel)":
                (tf.get_logger().level, tf.get_logger().setLevel),
            # round 17 (01 q2_wrong_r17_tf_logger_filter, q5_wrong_r17_absl_verbosity): a filter or handler added to
            # TensorFlow's logger, absl's verbosity lowered
            "TensorFlow's logger filters and handlers (tf.get_logger().addFilter / addHandler)":
                (_tf_logger_parts(tf.get_logger()), lambda old: _put_back_tf_logger_parts(tf.get_logger(), old)),
            "absl's logging verbosity (absl.logging.set_verbosity)": _absl_verbosity(),
            "TensorFlow's traceback filtering (tf.debugging.disable_traceback_filtering)":
                (tf.debugging.is_traceback_filtering_enabled(),
                 lambda on: tf.debugging.enable_traceback_filtering() if on else tf.debugging.disable_traceback_filtering()),
            "tf.data's debug mode (tf.data.experimental.enable_debug_mode)": _tf_data_debug_mode(),
            "TensorFlow's global random generator (tf.random.set_global_generator)": _tf_global_generator(),
            "AutoGraph's verbosity (tf.autograph.set_verbosity)": _autograph_verbosity(),
            "TensorFlow's NumPy behaviour (tf.experimental.numpy.experimental_enable_numpy_behavior)":
                _numpy_behavior(),
        })
        # round 15 (11 q1 async_eager): operations dispatched asynchronously
        ctx = context.context()
        # round 18 (05 q4_wrong_r18_{device_policy,summary_step,default_summary_writer})
        settings["TensorFlow's device policy (tf.config.experimental.set_device_policy)"] = (
            tf.config.experimental.get_device_policy(), tf.config.experimental.set_device_policy)
        settings.update(_tf_summary_state())
        # round 17 (05 q4_wrong_r17_mlir_bridge): a read of one C flag (0 unspecified, 1 on, 2 off), as whether it was
        # switched off (TensorFlow has no call back to unspecified: switched off is put back as on)
        settings["TensorFlow's MLIR bridge (tf.config.experimental.disable_mlir_bridge)"] = (
            ctx.enable_mlir_bridge == 2, lambda off: setattr(ctx, "enable_mlir_bridge", not off))
        # round 16 (04 q3/q4_wrong_r16_check_numerics_left_on): a callback run on every op, left registered
        settings["TensorFlow's op callbacks (tf.debugging.enable_check_numerics, enable_dump_debug_info)"] = (
            tuple(ctx.op_callbacks), _put_back_op_callbacks)
        settings["TensorFlow's asynchronous execution (tf.config.experimental.set_synchronous_execution)"] = (
            ctx.execution_mode, lambda old: setattr(ctx, "execution_mode", old))
        # round 14: grappler's options, TensorFloat-32 (cheap reads: a dict copy, a flag)
        settings["TensorFlow's grappler options (tf.config.optimizer.set_experimental_options)"] = _grappler_options()
        settings["TensorFloat-32 execution (tf.config.experimental.enable_tensor_float_32_execution)"] = (
            tf.config.experimental.tensor_float_32_execution_enabled(),
            tf.config.experimental.enable_tensor_float_32_execution)
        from tensorflow.python.framework import config as _config

        if hasattr(_config, "is_op_determinism_enabled"):
            settings["TensorFlow's op determinism (tf.config.experimental.enable_op_determinism)"] = (
                _config.is_op_determinism_enabled(),
                lambda on: _config.enable_op_determinism() if on else _config.disable_op_determinism())
    keras = sys.modules.get("keras")
    if keras is not None and hasattr(keras, "mixed_precision"):
        settings.update({
            "Keras' global dtype policy (keras.mixed_precision.set_global_policy)":
                (keras.mixed_precision.global_policy().name, keras.mixed_precision.set_global_policy),
            "Keras' float type (keras.backend.set_floatx)": (keras.backend.floatx(), keras.backend.set_floatx),
            "Keras' epsilon (keras.config.set_epsilon)": (keras.config.epsilon(), keras.config.set_epsilon),
            # round 15 (10 q2, 11 q1 keras_image_format)
            "Keras' image data format (keras.config.set_image_data_format)":
                (keras.config.image_data_format(), keras.config.set_image_data_format),
        })
        config = getattr(keras, "config", None)
        if hasattr(config, "max_steps_per_epoch"):  # round 17 (06 q3_wrong_r17_max_steps_setting)
            settings["Keras' max steps per epoch (keras.config.set_max_steps_per_epoch)"] = (
                config.max_steps_per_epoch(), config.set_max_steps_per_epoch)
        trackers = _keras_global_state()
        if trackers is not None:  # round 16 (04 q3_wrong_r16_clear_session)
            settings["Keras' global state (keras.backend.clear_session)"] = (trackers, _put_back_keras_global_state)
        utils = getattr(keras, "utils", None)
        if hasattr(utils, "is_interactive_logging_enabled"):  # round 14
            settings["Keras' interactive logging (keras.utils.disable_interactive_logging)"] = (
                utils.is_interactive_logging_enabled(),
                lambda on: utils.enable_interactive_logging() if on else utils.disable_interactive_logging())
    return settings


def _cwd():
    try:
        return os.getcwd()
    except OSError:  # the working directory was removed: nothing to compare or put back
        return None


def _put_back_cwd(old) -> None:
    if old is not None:
        os.chdir(old)


def _put_back_op_callbacks(old: tuple) -> None:
    """The op callbacks as they were: one added since is removed (check numerics' through its own switch, which
    also forgets it was on), one removed since is added back."""
    from tensorflow.python.eager import context

    ctx = context.context()
    for callback in [c for c in ctx.op_callbacks if c not in old]:
        owner = getattr(callback, "__self__", None)
        if type(owner).__name__ == "CheckNumericsCallback":
            import tensorflow as tf

            tf.debugging.disable_check_numerics()
        if callback in ctx.op_callbacks:
            ctx.remove_op_callback(callback)
    for callback in old:
        if callback not in ctx.op_callbacks:
            ctx.add_op_callback(callback)


class _Same(tuple):
    """A tuple of objects compared by identity (Keras' global state trackers: ``threading.local`` objects)."""

    def __eq__(self, other):
        return isinstance(other, tuple) and len(self) == len(other) and all(a is b for a, b in zip(self, other))

    __hash__ = None


def _keras_global_state():
    """The objects Keras 3 keeps its global state in (layer name counters, the dtype policy...): ``clear_session``
    replaces both. None on a Keras that keeps them elsewhere."""
    module = sys.modules.get("keras.src.backend.common.global_state")
    if module is None or not hasattr(module, "GLOBAL_STATE_TRACKER"):
        return None
    return _Same((module.GLOBAL_STATE_TRACKER, getattr(module, "GLOBAL_SETTINGS_TRACKER", None)))


def _put_back_keras_global_state(old) -> None:
    module = sys.modules["keras.src.backend.common.global_state"]
    module.GLOBAL_STATE_TRACKER = old[0]
    if old[1] is not None:
        module.GLOBAL_SETTINGS_TRACKER = old[1]


# issue 38, round 17 (05 q4_wrong_r17_message_filter, 06 q2_wrong_r17_message_warning_filter): a filter narrowed to a
# MESSAGE for every module, added by notebook code and left behind. A library adds such filters when first imported
# (gpukit._tf's np.object FutureWarning), so a message filter counts only when notebook code added it: one wrapper of
# ``warnings.filterwarnings`` (installed once, a call goes through unchanged) notes the filters a call made from code
# whose module is ``__main__`` (a cell, or code exec'd without a module name) added; kept on ``sys`` across reloads
_NOTEBOOK_FILTERS: list = sys.__dict__.setdefault("__gpukit_notebook_filters__", [])


def _watch_filterwarnings() -> None:
    import warnings

    original = warnings.filterwarnings
    if getattr(original, "__gpukit_filter_watch__", False):
        return

    def watched(*args, **kwargs):
        old = list(warnings.filters)
        out = original(*args, **kwargs)
        if sys._getframe(1).f_globals.get("__name__", "__main__") == "__main__":
            ids = {id(f) for f in old}
            _NOTEBOOK_FILTERS[:] = _NOTEBOOK_FILTERS[-63:] + [f for f in warnings.filters if id(f) not in ids]
        return out

    watched.__gpukit_filter_watch__ = True
    watched.__doc__, watched.__name__ = original.__doc__, original.__name__
    warnings.filterwarnings = watched


def _added_by_notebook_code(entry) -> bool:
    """A filter notebook code added (``_watch_filterwarnings``), whatever it is narrowed to: a message, or (round 17,
    01 q2_wrong_r17_keras_warning_filter: ``filterwarnings("ignore", category=UserWarning, module="keras")``) a
    module."""
    return any(entry is f for f in _NOTEBOOK_FILTERS)


def _tf_logger_parts(logger) -> tuple:
    return tuple(logger.filters), tuple(logger.handlers)


def _put_back_tf_logger_parts(logger, old: tuple) -> None:
    logger.filters[:], logger.handlers[:] = list(old[0]), list(old[1])


def _absl_verbosity():
    """``(verbosity, put_back)`` of absl's logging (TensorFlow imports absl), or None without absl."""
    try:
        from absl import logging as absl_logging
    except ImportError:
        return None, None
    return absl_logging.get_verbosity(), absl_logging.set_verbosity


def _whole_category(entry) -> bool:
    """A warning filter for a whole category (``Warning``: all of them) in every module: no message or module pattern."""
    action, message, category, module, lineno = entry
    return not getattr(message, "pattern", message) and not getattr(module, "pattern", module) and not lineno


class _WarningFilters:
    """``warnings.filters`` at one moment. Two are equal when their filters for a whole category (``_whole_category``)
    are, in order: one added (``filterwarnings("ignore", category=RuntimeWarning)``, round 7) or removed
    (``warnings.resetwarnings()``) differs; a library's filter narrowed to its message or module does not."""

    def __init__(self):
        import warnings

        _watch_filterwarnings()
        self.full = list(warnings.filters)
        self.wide = tuple(f for f in self.full if _whole_category(f) or (_NOTEBOOK_FILTERS and _added_by_notebook_code(f)))

    def __eq__(self, other):
        return isinstance(other, _WarningFilters) and self.wide == other.wide

    __hash__ = None


def _put_back_warning_filters(old: _WarningFilters) -> None:
    """The filters as they were, and before them the narrow ones added since (a library's, imported meanwhile)."""
    import warnings

    warnings.filters[:] = [f for f in warnings.filters if f not in old.full and not _whole_category(f)
                           and not _added_by_notebook_code(f)] + old.full
    warnings._filters_mutated()


def _root_logger() -> tuple:
    import logging

    root = logging.getLogger()
    return root.level, tuple(root.handlers), logging.root.manager.disable


def _put_back_root_logger(old: tuple) -> None:
    import logging

    root = logging.getLogger()
    root.setLevel(old[0])
    root.handlers[:] = list(old[1])
    logging.disable(old[2])


def _decimal_context() -> tuple:
    import decimal

    c = decimal.getcontext()
    return (c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp,
            tuple(sorted(t.__name__ for t, on in c.traps.items() if on)))


def _put_back_decimal_context(old: tuple) -> None:
    import decimal

    prec, rounding, emin, emax, capitals, clamp, traps = old
    decimal.setcontext(decimal.Context(prec=prec, rounding=rounding, Emin=emin, Emax=emax, capitals=capitals,
                                       clamp=clamp, traps=[getattr(decimal, t) for t in traps]))


def _grappler_options() -> tuple:
    """The options set by ``tf.config.optimizer.set_experimental_options`` (the context's own dict, copied: the
    public getter builds a config proto, 30 x slower), and how to put them back whole (a key added is removed)."""
    from tensorflow.python.eager import context

    ctx = context.context()

    def put_back(old):
        ctx._optimizer_experimental_options = dict(old)
        ctx._thread_local_data.function_call_options = None  # what set_experimental_options resets

    return dict(getattr(ctx, "_optimizer_experimental_options", None) or {}), put_back


_TF_SEEDINGS = [0]  # how many times TensorFlow's global seed was set (``_tf_global_seed``'s watch)


def _tf_global_seed() -> tuple:
    """TensorFlow's global seed and how many times it was set, and how to put both the seed and its stream of op seeds
    back. The count, not the value (issue 38, round 14, 03 q2_wrong_r4_eager_global, kept its points in one CI run):
    ``tf.random.set_seed(0)`` in a session whose seed already is 0 leaves the value as it was, yet restarts the
    stream every later unseeded op draws from; which seed the session has depends on what ran before. Every eager
    route (``tf.random.set_seed``, ``tf.compat.v1.set_random_seed``, ``keras.utils.set_random_seed``) ends in
    ``Context._set_global_seed``, watched once here; a call goes through unchanged."""
    from tensorflow.python.eager import context

    cls = context.Context
    if not getattr(cls._set_global_seed, "__gpukit_seed_watch__", False):
        original = cls._set_global_seed

        def watched(self, seed, _original=original):
            _TF_SEEDINGS[0] += 1
            return _original(self, seed)

        watched.__gpukit_seed_watch__, watched.__wrapped__, watched.__doc__ = True, original, original.__doc__
        cls._set_global_seed = watched
    ctx = context.context()
    rng = getattr(ctx, "_rng", None)
    stream = rng.getstate() if rng is not None else None

    def put_back(old):
        cls._set_global_seed.__wrapped__(ctx, old[0])
        _TF_SEEDINGS[0] = old[1]  # as it was: the session reads as if the answer had not been there
        if stream is not None and getattr(ctx, "_rng", None) is not None:
            ctx._rng.setstate(stream)

    return (context.global_seed(), _TF_SEEDINGS[0]), put_back


def checks_own_seed(seed) -> None:
    """Set TensorFlow's global seed for a check's own run (exercise 02's q4 probe), not counted as a setting the
    learner's cells changed (``_tf_global_seed``): the check puts its seed back itself."""
    from tensorflow.python.eager import context

    method = context.Context._set_global_seed
    getattr(method, "__wrapped__", method)(context.context(), seed)


def _tf_data_debug_mode() -> tuple:
    from tensorflow.python.data.ops import debug_mode

    return debug_mode.DEBUG_MODE, debug_mode.toggle_debug_mode


def _tf_global_generator() -> tuple:
    """The generator object itself (round 7: replaced by an answer), read without creating one."""
    from tensorflow.python.ops import stateful_random_ops as ops

    def put_back(old):
        ops.global_generator = old

    return getattr(ops, "global_generator", None), put_back


def _autograph_verbosity() -> tuple:
    from tensorflow.python.autograph.utils import ag_logging

    def put_back(old):
        ag_logging.verbosity_level, ag_logging.echo_log_to_stdout = old

    return (ag_logging.verbosity_level, ag_logging.echo_log_to_stdout), put_back


def _numpy_behavior() -> tuple:
    """The type promotion mode and NumPy-style slicing it turns on (put back; the NumPy methods it adds to
    tensors, such as ``.T``, stay: TensorFlow has no call that removes them)."""
    from tensorflow.python.framework import ops

    def put_back(old):
        ops.set_dtype_conversion_mode(old[0])
        ops._numpy_style_slicing = old[1]

    mode = ops.get_dtype_conversion_mode()
    return (getattr(mode, "name", str(mode)).lower(), ops._numpy_style_slicing), put_back


# Round 18: settings of the interpreter one line changes. The hooks: an answer that replaces one silences or reroutes
# what every later cell shows (a no-op showwarning hides every warning without touching the filters).
def _hooks() -> tuple:
    import warnings

    return sys.displayhook, sys.unraisablehook, warnings.showwarning, threading.excepthook


def _put_back_hooks(old: tuple) -> None:
    import warnings

    sys.displayhook, sys.unraisablehook, warnings.showwarning, threading.excepthook = old


def _tempdir() -> str:
    """The folder ``tempfile`` makes its files in. Read through ``gettempdir()``, which fills ``tempfile.tempdir`` on
    its first call: a right answer's first ``mkstemp`` then changes nothing (issue 38, round 26)."""
    import tempfile

    return tempfile.gettempdir()


def _put_back_tempdir(old: str) -> None:
    import tempfile

    tempfile.tempdir = old


def _put_back_sys_path(old: list) -> None:
    sys.path[:] = old


def _locale() -> tuple:
    """The process's locale, all categories (a query: ``setlocale`` without a value changes nothing)."""
    import locale

    def put_back(old):
        try:
            locale.setlocale(locale.LC_ALL, old)
        except locale.Error:  # a composite the C library will not take back as one string
            for part in old.split(";"):
                name, _, value = part.partition("=")
                category = getattr(locale, name, None)
                if value and category is not None:
                    locale.setlocale(category, value)

    return locale.setlocale(locale.LC_ALL), put_back


# Round 18 (05 q3_wrong_r18_gc_freeze: ``gc.freeze()`` in an answer, never undone): the calls of gc.freeze, counted by a
# wrapper installed once. Not gc.get_freeze_count(), which walks every frozen object: 7 ms a read with the 600 000 a test
# process freezes, and the session is read thousands of times per graded answer (a CI run took three times as long).
# Not put back (gc.unfreeze would also thaw what the session froze on purpose); reported, so the answer loses its points.
_FREEZES = [0, None]


def _gc_freezes() -> int:
    import gc

    if _FREEZES[1] is None:
        original = gc.freeze

        def freeze():
            _FREEZES[0] += 1
            return original()

        freeze.__doc__ = original.__doc__
        _FREEZES[1] = original
        gc.freeze = freeze
    return _FREEZES[0]


# Round 19 (10 q3_wrong_r19_patch_dispatch_plan, q4_wrong_r19_patch_unscaled_reference; 11 q1_wrong_r19_patch_zero_formula,
# q2_wrong_r19_patch_planner, q3_wrong_r19_patch_headroom): an answer cell replaced the gpukit function its check compares
# with (``gpukit.experts.dispatch_plan = mine``), so the check's reference agreed with the wrong answer. The functions,
# classes and modules each imported ``gpukit.*`` module holds at module level (not ``gpukit.course.*``: the checks' own),
# read by identity. Which names a module holds is read once, at its first sight (the grader's first mark, before any
# answer); which gpukit modules are imported, again only when ``sys.modules`` grew or shrank. A module first seen
# between two reads is not compared. A check's watch (``watch_calls``: the original under ``__gpukit_original__``) counts
# as its original, so that a watch installed between two reads (an exercise module imported later) is not a change.
_LIBRARY: dict = {}     # {module name: (module, the names read, vars(module).get, (_ABSENT,) * len(names))}
_LIBRARY_SEEN = [-1]    # len(sys.modules) at the last look for gpukit modules
_ABSENT = object()      # a name read once, deleted since


def _library_names(module) -> tuple:
    import types

    names = []
    for name, value in list(vars(module).items()):
        if name.startswith("__"):
            continue
        # round 25 (03 q3_wrong_mib_constant: gpukit.memory.MiB = 10**6 so the planner agrees with a wrong prediction):
        # a public module-level number or string (a constant: memory.MiB) is read too; _private ones are the module's
        # own state (devices' last request, why the launcher was interrupted), changed by gpukit itself
        if not name.startswith("_") and type(value) in (int, float, str, bytes, bool, complex):
            names.append(name)
            continue
        # ALL_CAPS: the module's own state and constants (devices' last request, the launcher's server), not functions
        if name.isupper() or name.lstrip("_").isupper():
            continue
        if isinstance(value, types.ModuleType) or callable(value):
            names.append(name)
    return tuple(names)


def _unwrapped(value):
    for _ in range(8):  # a check's watch of a watch at most
        original = getattr(value, "__gpukit_original__", None) if callable(value) else None
        if original is None:
            return value
        value = original
    return value


class _Library(dict):
    """``{module name: (module, names, values)}``; two reads are equal when every module both hold has the same values
    (by identity, a check's watch as its original)."""

    def __eq__(self, other):
        if not isinstance(other, _Library):
            return False
        for name, (_, _, values) in self.items():
            theirs = other.get(name)
            try:
                if theirs is None or values == theirs[2]:  # a tuple compares its items by identity first: C speed
                    continue
            except Exception:  # noqa: BLE001  an item's own == that does not give a bool: compared one by one below
                pass
            if any(_unwrapped(a) is not _unwrapped(b) for a, b in zip(values, theirs[2])):
                return False
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None


def _library() -> _Library:
    modules = sys.modules
    if len(modules) != _LIBRARY_SEEN[0]:
        import types

        for name, module in list(modules.items()):
            if (name == "gpukit" or name.startswith("gpukit.")) and not name.startswith("gpukit.course") \
                    and name not in _LIBRARY and isinstance(module, types.ModuleType):
                names = _library_names(module)
                _LIBRARY[name] = (module, names, vars(module).get, (_ABSENT,) * len(names))
        _LIBRARY_SEEN[0] = len(modules)
    found = _Library()
    for name, (module, names, get, absents) in _LIBRARY.items():
        found[name] = (module, names, tuple(map(get, names, absents)))  # vars(module).get(name, _ABSENT), at C speed
    return found


def _put_back_library(old: _Library) -> None:
    for name, (module, names, values) in old.items():
        space = vars(module)
        for attr, value in zip(names, values):
            now = space.get(attr, _ABSENT)
            if now is value or _unwrapped(now) is _unwrapped(value):
                continue
            if value is _ABSENT:
                delattr(module, attr)
            else:
                setattr(module, attr, value)


# Round 28 (07 q2_wrong_r28_patch_statistics: ``statistics.median = lambda data: ...`` at the top of an answer cell): a
# function of the standard library replaced for the whole session, read as gpukit's own are (``_library``: the names a
# module holds at its first sight, by identity; compared and put back by ``_Library`` and ``_put_back_library``). Only
# modules no check or watch of the grader rebinds (not time: 07's clock watch; not random, os, subprocess, warnings, gc:
# the seeding, process, filter and freeze watches).
_STDLIB_MODULES = ("statistics", "math", "cmath", "functools", "itertools", "operator", "heapq", "bisect", "copy",
                   "fractions", "decimal", "json", "collections")
_STDLIB: dict = {}      # {module name: (module, the names read, vars(module).get, (_ABSENT,) * len(names))}


def _stdlib() -> _Library:
    found, modules = _Library(), sys.modules
    if not _STDLIB:   # imported at the first read (a few ms, once), so that one an answer cell imports and patches is seen
        import importlib

        for name in _STDLIB_MODULES:
            importlib.import_module(name)
    for name in _STDLIB_MODULES:
        module = modules.get(name)
        if module is None:
            continue
        seen = _STDLIB.get(name)
        if seen is None or seen[0] is not module:
            names = _library_names(module)
            seen = _STDLIB[name] = (module, names, vars(module).get, (_ABSENT,) * len(names))
        found[name] = (module, seen[1], tuple(map(seen[2], seen[1], seen[3])))
    return found


# Round 28 (07 q1_wrong_r28_rcparams_in_function: ``matplotlib.rcParams["axes.grid"] = True`` inside the function;
# q2_wrong_r28_rcparams_only: figure.dpi and figure.figsize set at the top of the cell): matplotlib's rcParams, a plain
# dict of their items (``dict(dict.items(rc))``: 8 us for ~340 keys, no validation; ``dict.copy`` of the subclass goes
# through its Python ``__getitem__``: 110 us). Before matplotlib is imported the value stands for
# the rcParams as matplotlib loads them (``rcParamsOrig``), so a cell that imports matplotlib and sets one is seen too.
# Not the backend (pyplot's first import, ``matplotlib.use``, IPython's inline backend set it) nor interactive mode.
_RC_NOT_SETTINGS = ("backend", "backend_fallback", "interactive")


def _rc_items(rc) -> dict:
    items = dict(dict.items(rc))
    for key in _RC_NOT_SETTINGS:
        items.pop(key, None)
    return items


class _RcParams:
    """matplotlib's rcParams (a dict), or None: as matplotlib loads them (it was not imported yet)."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = items

    def resolved(self):
        if self.items is not None:
            return self.items
        original = getattr(sys.modules.get("matplotlib"), "rcParamsOrig", None)
        return None if original is None else _rc_items(original)

    def __eq__(self, other):
        if not isinstance(other, _RcParams):
            return False
        if self.items is None and other.items is None:
            return True
        mine, theirs = self.resolved(), other.resolved()
        if mine is None or theirs is None:
            return True
        try:
            return bool(mine == theirs)   # the same value objects when nothing changed: compared by identity first
        except Exception:  # noqa: BLE001  a value whose == does not give a bool: changed
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None


def _rc_params() -> _RcParams:
    rc = getattr(sys.modules.get("matplotlib"), "rcParams", None)
    return _RcParams(None if rc is None else _rc_items(rc))


def _put_back_rc_params(old: _RcParams) -> None:
    rc = getattr(sys.modules.get("matplotlib"), "rcParams", None)
    want = old.resolved()
    if rc is None or want is None:
        return
    for key in set(dict.keys(rc)) - set(want) - set(_RC_NOT_SETTINGS):
        dict.__delitem__(rc, key)
    dict.update(rc, want)


def _tf_summary_state() -> dict:
    """tf.summary's step and default writer (round 18): both global, both read by every later ``tf.summary`` call."""
    import tensorflow as tf

    found = {"tf.summary's step (tf.summary.experimental.set_step)": (tf.summary.experimental.get_step(),
                                                                     tf.summary.experimental.set_step)}
    try:
        from tensorflow.python.ops import summary_ops_v2 as ops

        state = ops._summary_state
    except (ImportError, AttributeError):  # another TensorFlow: the step alone
        return found

    def put_back(old):
        state.writer = old

    found["tf.summary's default writer (a writer's .set_as_default())"] = (getattr(state, "writer", None), put_back)
    return found


def _put_back_excepthook(old) -> None:
    sys.excepthook = old


def _put_back_bytecode(old: bool) -> None:
    sys.dont_write_bytecode = old


def _umask() -> int:
    """The process's file-creation mask: only setting it reads it (set back at once)."""
    old = os.umask(0o022)
    os.umask(old)
    return old


def _put_back_environ(old: dict) -> None:
    for key in set(os.environ) - set(old):
        del os.environ[key]
    for key, value in old.items():
        if os.environ.get(key) != value:
            os.environ[key] = value


def _strategy_stacks() -> tuple:
    """The default graph's stacks a ``strategy.scope()`` pushes (TensorFlow-private; read and put back whole)."""
    from tensorflow.python.framework import ops

    graph = ops.get_default_graph()
    return tuple(graph._distribution_strategy_stack), tuple(graph._variable_creator_stack)


def _put_back_strategy_stacks(old: tuple) -> None:
    from tensorflow.python.framework import ops

    graph = ops.get_default_graph()
    graph._distribution_strategy_stack[:] = list(old[0])
    if tuple(graph._variable_creator_stack) != old[1]:  # set only when changed: a scope being left checks it is its own
        graph._variable_creator_stack = list(old[1])


class session_kept:
    """``with session_kept("make_dataset"):`` around a learner's code: afterwards every setting of
    ``_session_settings`` that changed is put back, and NumPy's and Python's global random generators
    are put back if the code seeded them (``np.random.seed`` / ``random.seed`` / ``set_state``: the record of
    ``_watch_seeding``, read for this block);
    then ``AssertionError`` names what was changed, before any error the code raised (which a changed setting
    may have caused; it follows in the message). ``strict=False``: only put back, e.g. tests/blind.py around
    each answer it grades, so that one answer cannot change the next one's grade."""

    def __init__(self, name: str = "your function", strict: bool = True):
        self.name, self.strict, self.changed = name, strict, []

    def __enter__(self):
        import random

        import numpy as np

        _watch_seeding()  # its record, made empty here and given back on exit: what this block seeded
        self._outer_seeded, self._marks = list(_SEEDED), _MARKS[0]
        _SEEDED.clear()
        self._before = _session_settings()
        self._np_state, self._py_state = np.random.get_state(), random.getstate()
        return self

    def __exit__(self, kind, error, tb):
        import random

        import numpy as np

        after = _session_settings()
        for what, (old, put_back) in self._before.items():
            new = after.get(what, (old, None))[0]
            if new is not old and new != old:
                self.changed.append(what)
                if put_back is not None:
                    put_back(old)
        seeded = sorted(set(_SEEDED))
        if seeded:
            np.random.set_state(self._np_state)
            random.setstate(self._py_state)
            self.changed += seeded
        # what this block seeded is named here (and put back), not again by the next check; a mark made inside the block
        # (tests/blind.py marks inside its own) starts a record of its own
        _SEEDED[:] = self._outer_seeded if _MARKS[0] == self._marks else []
        if self.changed and self.strict and (kind is None or issubclass(kind, Exception)):
            then = f" (and then it raised {kind.__name__}: {error})" if kind is not None else ""
            raise AssertionError(f"{self.name} changed {'; '.join(self.changed)}: a setting of the whole session. The "
                                 f"rule: what you write leaves the session as it found it (use a local generator, "
                                 f"a seed argument, a `with` block; the check has put the setting back){then}") from error
        return False


# Settings changed at the top level of a cell (round 6: `keras.utils.set_random_seed(0)` or a global policy as
# the first line of an answer cell, not inside a function, so that no `session_kept` sees it). The grader
# notes the settings when it is made (the setup cell) and after each check; a check finds what the cells
# run since then changed, puts it back, and every `require` of that check fails naming it. Otter runs the
# check cells in order while it grades, so the question whose cells changed it is the one that loses points.
_MARK: list = []        # [{what: value}] once a grader exists
_PENDING: list = []     # [message] while a check runs after cells that changed the session


_SEEDED: list = []      # the global generators seeded since the mark (``_watch_seeding``)
_GENERATORS: list = []  # their states at the mark
_MARKS = [0]            # how many marks were made (``session_kept`` tells a mark inside its block)
_STARTED: list = []     # [(command, names the starting cell assigns)]: processes notebook code started since the mark
_CHILD_CPU = [0.0]      # the CPU time of this process's waited-for children at the mark (``child_cpu_since_mark``)
_MARK_OWNER = [None]    # the token put in the namespace of the notebook the mark was made for (``mark_session``)
_OWNER_KEY = "_gpukit_session_mark"


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def child_cpu_since_mark() -> float:
    """The CPU seconds that child processes, waited for since the last mark, used (issue 38, round 19, 10
    q1_wrong_r19_run_via_libc_system: the layer run in a child started by libc's ``system()`` through ctypes, which no
    Python-level watch of ``_watch_processes`` sees; the kernel counts the child's CPU time in this process's
    ``os.times()`` once it is waited for). Zero when no child ran; a child that imported Python and TensorFlow used
    seconds. Read as "a child ran", never compared with a time. Without a mark (no grader): 0."""
    return max(0.0, _children_cpu() - _CHILD_CPU[0]) if _MARKS[0] else 0.0


def _watch_seeding() -> None:
    """From the first mark on, ``np.random.seed`` / ``set_state`` and ``random.seed`` / ``setstate`` note that
    they were called (round 7: `np.random.seed(0)` at the top of an answer cell; a value cannot show it, since
    drawing numbers changes the same state). Installed once; a call goes through unchanged."""
    import random

    import numpy as np

    for owner, attr, what in ((np.random, "seed", "NumPy's global random generator (np.random.seed)"),
                              (np.random, "set_state", "NumPy's global random generator (np.random.set_state)"),
                              (random, "seed", "Python's global random generator (random.seed)"),
                              (random, "setstate", "Python's global random generator (random.setstate)")):
        original = getattr(owner, attr)
        if getattr(original, "__gpukit_seed_watch__", False):
            continue

        def watched(*args, _original=original, _what=what, **kwargs):
            _SEEDED.append(_what)
            return _original(*args, **kwargs)

        watched.__gpukit_seed_watch__ = True
        watched.__doc__ = original.__doc__
        setattr(owner, attr, watched)


def _command(args) -> str:
    """A started process's command line, short (for a message)."""
    if isinstance(args, (list, tuple)):
        args = " ".join(os.fspath(a) if isinstance(a, os.PathLike) else str(a) for a in args)
    text = str(args)
    return text if len(text) <= 80 else text[:77] + "..."


def _watch_processes() -> None:
    """From the first mark on, every way Python starts a process notes it in ``_STARTED`` when notebook code (a
    cell, ``notebook_globals``) started it, with the names the starting cell assigns (round 7: the forbidden gpukit
    call made in a child process, ``subprocess.run([sys.executable, "-c", ...])``, which a watch of this process's
    calls cannot see). Watched: ``subprocess.Popen`` (``run``, ``check_output``, ``os.popen``, asyncio),
    ``os.system``, ``os.posix_spawn(p)``, ``os.fork`` / ``os.forkpty`` (``multiprocessing``'s fork, ``os.spawn*``,
    ``pty``) and ``_posixsubprocess.fork_exec`` (``multiprocessing``'s spawn and forkserver). Installed once; a call
    goes through unchanged. Only the questions that ask for it read the record (``child_process_problem``): exercise
    02's clusters and ``gpukit launch`` start processes as they should."""
    import subprocess

    try:
        import _posixsubprocess
    except ImportError:  # not POSIX: subprocess and os cover it
        _posixsubprocess = None

    def note(what, args):
        try:
            frame = sys._getframe(2)
            notebook = notebook_globals(frame)
            if notebook is not None:
                _STARTED[:] = _STARTED[-63:] + [(f"{what}({_command(args)})", _cell_names(frame, notebook))]
        except Exception:  # noqa: BLE001 - noting never stops a process from starting
            pass

    def make(what, original, command):
        def watched(*args, **kwargs):
            note(what, command(args, kwargs))
            return original(*args, **kwargs)

        watched.__gpukit_process_watch__ = True
        watched.__doc__, watched.__name__ = original.__doc__, getattr(original, "__name__", what)
        return watched

    first = lambda args, kwargs: args[0] if args else kwargs.get("args", kwargs.get("command", ""))  # noqa: E731
    targets = [(subprocess.Popen, "__init__", "subprocess.Popen", lambda a, k: a[1] if len(a) > 1 else k.get("args", ""))]
    if _posixsubprocess is not None:
        targets.append((_posixsubprocess, "fork_exec", "_posixsubprocess.fork_exec", first))
    targets += [(os, name, f"os.{name}", first) for name in ("system", "posix_spawn", "posix_spawnp", "fork", "forkpty")
                if hasattr(os, name)]
    for owner, attr, what, command in targets:
        original = getattr(owner, attr)
        if not getattr(original, "__gpukit_process_watch__", False):
            setattr(owner, attr, make(what, original, command))


def processes_started(assigns: str) -> list[str]:
    """The commands of the processes that notebook code started since the last mark from a cell assigning ``assigns``
    (``_watch_processes``; the answer cell, not a given cell that starts a cluster)."""
    return [what for what, names in _STARTED if assigns in names]


def child_process_problem(name: str) -> str | None:
    """None unless the cell that sets ``name`` started a process (``processes_started``), else the sentence naming
    the rule: a value the prompt asks to work out here, without a gpukit call, is not computed in a child process
    either (round 7: 03 q3, 06 q1 and 07 q2 asked gpukit through ``subprocess.run([sys.executable, "-c", ...])``)."""
    started = processes_started(name)
    if started:
        return (f"the cell that sets {name} started a child process ({started[0]}): the rule is {name} must be computed "
                f"in this notebook, by hand, not in a child process (a gpukit call there is still a gpukit call). If "
                f"that was only a try, restart the kernel and run all")
    # issue 38, round 26 (06 q1_wrong_r26_libc_system: the optimizer stepped in a child started by libc's system()
    # through ctypes, as 10 q1's round 19 did, which no Python-level watch sees); stop 64: only in the notebook the
    # mark was made for (``child_ran_unseen``)
    if child_ran_unseen(name):
        return (f"a child process ran (it used CPU time) since the last check, where {name} was set (one started "
                f"outside Python's process functions, e.g. libc's system() through ctypes): the rule is {name} must "
                f"be computed in this notebook, by hand, not in a child process (a gpukit call there is still a gpukit "
                f"call). If that was only a try, restart the kernel and run all")
    return None


def child_ran_unseen(name: str) -> bool:
    """Whether a child process ran since the last mark (``child_cpu_since_mark``: seen however it was started) in the
    notebook the mark was made for, which set ``name``. Issue 38, round 19 (10 q1). Stop 64: the mark knows its
    notebook (``mark_session(namespace)`` puts a token in it): round 26 read this in every question that forbids a
    child and two tests failed in a fresh-clone run, each running a check from a namespace of its own, with no mark,
    after earlier tests of the same process had waited for children; a namespace without the mark's token is not
    judged by it."""
    notebook = notebook_globals(sys._getframe(1))
    return (notebook is not None and name in notebook and _MARK_OWNER[0] is not None
            and notebook.get(_OWNER_KEY) is _MARK_OWNER[0] and child_cpu_since_mark() > 0)


def mark_session(namespace: dict | None = None) -> None:
    """Note the session's settings now (``notebook_grader`` when it is made; ``checking`` after each check), and
    forget the processes started and the generators seeded before. ``namespace``: the notebook's globals the mark is
    made for (``notebook_grader``, tests/blind.py): a new token is put in it, which ``child_ran_unseen`` asks for;
    without it (``checking``'s marks after each check) the mark stays the same notebook's."""
    if namespace is not None:
        _MARK_OWNER[0] = object()
        namespace[_OWNER_KEY] = _MARK_OWNER[0]
    import random

    import numpy as np

    _watch_seeding()
    _watch_processes()
    _MARKS[0] += 1
    _MARK[:] = [{what: value for what, (value, _) in _session_settings().items()}]
    _SEEDED.clear()
    _STARTED.clear()
    _CHILD_CPU[0] = _children_cpu()
    _GENERATORS[:] = [np.random.get_state(), random.getstate()]


def _cells_changed_session() -> str | None:
    if not _MARK:
        return None
    changed = []
    for what, (value, put_back) in _session_settings().items():
        if what in _MARK[0]:
            old = _MARK[0][what]
            if value is not old and value != old:
                changed.append(what)
                if put_back is not None:
                    put_back(old)
    if _SEEDED:
        import random

        import numpy as np

        changed += sorted(set(_SEEDED))
        np.random.set_state(_GENERATORS[0])
        random.setstate(_GENERATORS[1])
        _SEEDED.clear()
    if not changed:
        return None
    return (f"the cells run since the last check changed {'; '.join(changed)}: a setting of the whole session. The "
            f"rule: what you write leaves the session as it found it, at the top of a cell too (use a `with` block "
            f"or put it back in the same cell; the check has put the setting back)")


@contextlib.contextmanager
def checking(question: str = ""):
    """Around one question's checks (the grader's ``check``; tests/blind.py around a blind answer's tests):
    a setting the cells since the last check changed is put back, and each ``require`` inside fails naming
    it; afterwards the session is noted again. Without a grader (``mark_session`` never called): nothing."""
    problem = _cells_changed_session()
    _PENDING[:] = [problem] if problem else []
    try:
        yield
    finally:
        _PENDING.clear()
        if _MARK:
            mark_session()


def number_problem(name: str, value, what: str = "") -> str | None:
    """For a predicted number: "not solved yet" while it is ``...`` (or None), a sentence when it is
    not one real number (``what`` says which, e.g. "a batch size"), else None."""
    import numbers

    if value is None or value is Ellipsis:
        return f"not solved yet: {name} is ...; replace the ... with your number"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return f"{name} must be one number{f' ({what})' if what else ''}, got {type(value).__name__}"
    # issue 38 (round 15: 03 q3 lazy_int, an int subclass that runs gpukit.memory when compared; round 19: 10 q1
    # equals_anything; round 22: 09 q1 eq_int, an int whose == says yes within 8 bytes): a predicted number is a plain
    # int, float, Fraction or NumPy scalar, never an object of a class that decides what it equals
    import fractions

    import numpy as np

    kind = type(value)
    if not (kind in (int, float, fractions.Fraction)
            or (isinstance(value, (np.integer, np.floating)) and kind.__module__ == "numpy")):
        base = next(t.__name__ for t in kind.__mro__[1:] if t.__module__ in ("builtins", "numpy", "fractions", "numbers"))
        return (f"{name} is a {kind.__name__}, a subclass of {base}: the rule is a plain number (an int or a float) "
                f"whose comparison runs no code of its own (a prediction is a value worked out by hand, not an object "
                f"that decides what it equals or what runs when the check reads it)")
    return None


def _numbers_of(value) -> list | None:
    """The numbers a result holds, flat (a list, a tuple, an array, a tensor, a dict's values), or None."""
    import numpy as np

    if isinstance(value, dict):
        value = list(value.values())
    try:
        return np.asarray(value.numpy() if hasattr(value, "numpy") else value, dtype=np.float64).ravel().tolist()
    except (TypeError, ValueError):
        return None


def changed_since(got, before) -> list | None:
    """The numbers a result the caller holds has now (``_numbers_of``), when they differ from ``before`` (its numbers
    when it was returned, NaN equal to NaN), else None. The rule it serves: each call returns a new result of its own,
    which no later call changes. Planted: a module-level list rewritten in place by every call (03 q4, issue 38,
    round 6); a view of one module-level array (03 q1, round 16); an output buffer every call refills (10 q3 and q4,
    round 16). One comparison for all three (they were written three times)."""
    import numpy as np

    if before is None:
        return None
    after = _numbers_of(got)
    if after is not None and len(after) == len(before) and np.array_equal(np.asarray(after), np.asarray(before),
                                                                          equal_nan=True):
        return None
    return after


@functools.cache
def _write_watched_class():
    """The ndarray subclass behind ``write_watched`` (made on first use: this module imports numpy lazily)."""
    import numpy as np

    class WriteWatched(np.ndarray):
        """An ordinary numpy array that notes each write into the memory of the caller's array it stands for. Noted,
        then done as asked: an in-place ufunc or one with ``out=`` (``g += x``, ``np.add(a, b, out=g)``,
        ``np.add.at``), an item assignment (``g[...] = x``), ``np.copyto`` / ``put`` / ``putmask`` / ``place`` into
        it, and its ``fill`` / ``sort`` / ``put`` methods, through any view of it; a copy is the answer's own
        (``copy``/``astype`` keep the class, but only a write into the caller's memory is noted). Ufuncs give
        ordinary arrays. The record is read after the call: no race, no timing."""

        def __array_finalize__(self, obj):
            self._watch = getattr(obj, "_watch", None)

        def _note(self, how):
            watch = self._watch
            if watch is not None and np.may_share_memory(self.view(np.ndarray), watch[2]):
                watch[1].append((watch[0], how.replace("{g}", watch[3])))

        def __setitem__(self, key, value):
            self._note("an item assignment, {g}[...] = ...")
            super().__setitem__(key, value)

        def fill(self, value):
            self._note("{g}.fill(...)")
            super().fill(value)

        def sort(self, *args, **kwargs):
            self._note("{g}.sort()")
            super().sort(*args, **kwargs)

        def put(self, *args, **kwargs):
            self._note("{g}.put(...)")
            super().put(*args, **kwargs)

        def __array_ufunc__(self, ufunc, method, *inputs, out=None, **kwargs):
            def plain(x):
                return x.view(np.ndarray) if isinstance(x, WriteWatched) else x

            if method == "at" and isinstance(inputs[0], WriteWatched):
                inputs[0]._note(f"np.{ufunc.__name__}.at({{g}}, ...)")
            if out is not None:
                for o in out:
                    if isinstance(o, WriteWatched):
                        op = "+" if ufunc is np.add else ufunc.__name__
                        o._note(f"np.{ufunc.__name__} into it ({{g}} {op}= ..., or out={{g}})")
                kwargs["out"] = tuple(plain(o) for o in out)
            result = getattr(ufunc, method)(*(plain(x) for x in inputs), **kwargs)
            if out is not None:  # the very arrays written (``g += x`` rebinds g to what this returns)
                return out[0] if len(out) == 1 else out
            return result

        def __array_function__(self, func, types, args, kwargs):
            if func in (np.copyto, np.put, np.putmask, np.place) and args and isinstance(args[0], WriteWatched):
                args[0]._note(f"np.{func.__name__}({{g}}, ...)")
            return super().__array_function__(func, types, args, kwargs)

    return WriteWatched


def write_watched(a, label: str, writes: list, short: str = "g"):
    """A copy of ``a`` to hand an answer in the place of a caller's array, which appends ``(label, how)`` to
    ``writes`` for each write made into its memory (``short``: the array's name in ``how``, e.g. ``x[...] = ...``).
    Issue 38, round 23 (09 q3_wrong_r23_borrow_{always,grad0}: the gradients summed into the caller's writable
    grads[0], its bytes put back before returning) and round 24 (10 q3_wrong_r24_scatter_into_x: the expert outputs
    added into a big writable x, y copied out, x's rows put back): a write undone before the call returns shows in no
    value and needs a writable array, so a read-only one does not show it either. ``written_problem`` names it."""
    import numpy as np

    out = np.array(a, copy=True).view(_write_watched_class())
    out._watch = (label, writes, out.view(np.ndarray), short)
    return out


def threads_started_since(before: set) -> list:
    """The threads started since ``before`` (``set(threading.enumerate())`` read before a learner's call) and still
    running after it. Each check names its own rule with them (issue 38: 05 q4 round 19, a thread per stage; 10 q3
    round 20 and 09 q3 round 23, a thread pool never shut down)."""
    return [t for t in threading.enumerate() if t not in before and t.is_alive()]


@contextlib.contextmanager
def joins_watched():
    """While entered, ``threading.Thread.start`` and ``.join`` note the threads started and the threads a join returned
    from finished; yields ``(started, joined)``, two lists, for ``unjoined``. Issue 38, round 26 (09
    q3_wrong_r26_pool_nowait: a ThreadPoolExecutor shut down with ``wait=False`` after every result is in: its idle
    workers exit on their own, so whether one is still running at return is a race that ``threads_started_since`` alone
    cannot assert). No timing: a thread started and never joined shows whether or not it has ended. A ``with
    ThreadPoolExecutor()`` block (or ``shutdown()``, ``wait=True``) joins each of its threads. Used by 05 q4, 09 q3 and
    10 q3 (stop 64: the two others had only the race-prone read). Cost: two attribute swaps."""
    started, joined = [], []
    start, join = threading.Thread.start, threading.Thread.join

    def watched_start(self, *args, **kwargs):
        started.append(self)
        return start(self, *args, **kwargs)

    def watched_join(self, *args, **kwargs):
        out = join(self, *args, **kwargs)
        if not self.is_alive():
            joined.append(self)
        return out

    threading.Thread.start, threading.Thread.join = watched_start, watched_join
    try:
        yield started, joined
    finally:
        threading.Thread.start, threading.Thread.join = start, join


def unjoined(joins) -> list:
    """The threads ``joins_watched`` saw started and never joined (ended or not)."""
    started, joined = joins
    return [t for t in started if not any(t is j for j in joined)]


def written_problem(name: str, writes: list, where: str, rule: str) -> str | None:
    """The rule "only read, not even written for a while and put back": the first write into the caller's memory
    that ``write_watched`` noted during the call (its bytes may be as they were after it), else None."""
    if not writes:
        return None
    label, how = writes[0]
    return (f"{name} wrote into the caller's {label} during the call ({how}; {where}), even if its values came back "
            f"as they were: the rule: {rule}")


def result_kept_problem(name: str, got, call_again) -> str | None:
    """None unless a mutable result is kept between calls, else the sentence naming the rule. Planted (issue 38,
    round 7, 03 q1 and q4 ``cached_array`` / ``cached_same_list``): a memo that hands every call the same stored list
    or array, so a caller's edit of one result shows in the next call's. The check adds 1000 to each number of
    ``got`` (the first call's result) in place, calls ``call_again()`` (the same arguments), puts ``got`` back,
    and compares. A list of tuples or strings (pairs, names) is edited by appending a marker, which the second call's list
    must not hold (planted, issue 38, round 10, 09 q2: a memo handing its list of ranges to the first caller). An
    immutable result (a tuple, a tensor) cannot be edited: nothing to see, as it should be."""
    import numbers

    import numpy as np

    if isinstance(got, list) and got and all(isinstance(v, (tuple, str)) for v in got):
        sizes = {len(v) if isinstance(v, tuple) else None for v in got}
        # pairs get a pair (-1, -1), which a copy (even a deep one) keeps and code that unpacks pairs still reads
        marker = (-1,) * sizes.pop() if len(sizes) == 1 and None not in sizes else object()
        items = list(got)
        got.append(marker)
        try:
            second = call_again()
        finally:
            held = [i for i, v in enumerate(got) if v is marker]  # by identity: no item's == is called
            if held:
                del got[held[-1]]
        if second is got or (isinstance(second, list)
                             and any(v is marker or (type(v) is tuple and v == marker) for v in second)):
            return (f"{name}: the caller appended to a first call's list, and a second call with the same arguments "
                    f"returned that list, edited: the list of the first call is kept (a cache). The rule is each call "
                    f"returns a new list of its own: a caller's edit of one result changes no later result")
        # issue 38, round 13 (planted, 09 q2 refilled_buffer: one module-level list cleared and refilled by every
        # call, the check crashed on the marker gone): a second call that changes the first call's list
        if len(got) != len(items) or any(a is not b for a, b in zip(got, items)):
            got[:] = items
            return (f"{name}: a second call with the same arguments changed the list the first call returned (the "
                    f"caller's): one list is kept and refilled between calls. The rule is each call returns a new "
                    f"list of its own: no later call changes an earlier result")
        return None
    if isinstance(got, list):
        keys = [i for i, v in enumerate(got) if isinstance(v, numbers.Real) and not isinstance(v, bool)]
    elif isinstance(got, dict):
        keys = [k for k, v in got.items() if isinstance(v, numbers.Real) and not isinstance(v, bool)]
    elif isinstance(got, np.ndarray) and got.flags.writeable and got.dtype.kind in "iuf" and got.size:
        keys = None
    else:
        return None
    if keys is None:
        before = got.copy()
        got += 1000
    elif keys:
        before = {k: got[k] for k in keys}
        for k in keys:
            got[k] = got[k] + 1000
    else:
        return None
    edited = _numbers_of(got)
    try:
        second = call_again()
        seen = None if second is None else _numbers_of(second)  # before got is put back: it may be the same object
    finally:
        if keys is None:
            got[...] = before
        else:
            for k, v in before.items():
                got[k] = v
    if seen == edited:
        return (f"{name}: the caller added 1000 to each number of a first call's result, and a second call with the same "
                f"arguments returned {edited}: the result kept from the first call. The rule is each call returns a new "
                f"list (or array) of its own: a caller's edit of one result changes no later result")
    return None


def not_solved(name: str) -> str:
    """The message for an exercise function that still returns ``None``."""
    return f"not solved yet: {name} returns None; replace the ... with your code"


def require(report) -> None:
    """Raise ``AssertionError(report.problem)`` unless the report passed.

    A public check is one statement, ``require(ex01.compare_...(...))``: the check cell then
    shows exactly one message ("not solved yet", or what is wrong), and a re-run never reuses a
    report left over from an earlier run. A hidden test with several cases passes an iterable of
    reports, ``_require(_check(f, n) for n in (2, 3))``: they run in order and the first failure
    raises, so the grade's reason names the broken rule (a bare ``assert report.passed`` has none).
    """
    if _PENDING:  # the cells before this check changed the session (``checking``)
        raise AssertionError(_PENDING[0])
    for one in ([report] if isinstance(report, Report) else report):
        if one.problem is not None:
            raise AssertionError(one.problem)


def summary(checks: dict) -> list[str]:
    """The closing cell's account, question by question: ``checks`` maps each question (``"q1"``) to
    a function returning its ``Report`` (the public check). Prints one line per question, ``q1:
    passed`` or ``q3: FAILS: <the reason's first line>``, and returns the failing questions, so the
    closing cell says "passed" only when every question does (issue 38: it used to print "passed"
    while q3 failed, its numbers being right and its contract broken)."""
    failing = []
    for question, check in checks.items():
        try:
            report = check()
            problem = report.problem
        except Exception as err:  # noqa: BLE001 - the learner's code may raise anything
            problem = f"{type(err).__name__}: {err}"
        if problem is None:
            print(f"{question}: passed")
        else:
            failing.append(question)
            print(f"{question}: FAILS: {(str(problem).splitlines() or [''])[0]}")
    return failing


STRICT_ENV = "GPUKIT_STRICT_CLOSING"


class closing:
    """The closing check of an exercise: ``with closing("your training equals one device"):``
    around its asserts. A failed assert is *reported* ("not passed yet: ...") instead of raised,
    so Run All (and ``jupyter nbconvert --execute``) goes to the end of an exercise that is not
    finished yet; each question's own check cell says what is wrong. With ``GPUKIT_STRICT_CLOSING=1``
    (the test suite sets it, so a solution whose closing check fails still fails its test) the
    error is raised."""

    def __init__(self, what: str):
        self.what = what
        self.passed = None

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if kind is None:
            self.passed = True
            return False
        if not issubclass(kind, AssertionError) or os.environ.get(STRICT_ENV) == "1":
            return False
        self.passed = False
        print(f"not passed yet: {self.what}: {error}" if str(error) else f"not passed yet: {self.what}")
        print("(each question's check cell above says what is wrong; fix it, then run all cells again)")
        return True


def pipeline_datasets(ds):
    """Every dataset of the tf.data pipeline ``ds`` is built from, ``ds`` first (tf.data keeps each one's input as
    ``_input_dataset``, several as ``_datasets``; TensorFlow-private, read only)."""
    todo, seen = [ds], set()
    while todo:
        d = todo.pop()
        if d is None or id(d) in seen:
            continue
        seen.add(id(d))
        yield d
        todo.append(getattr(d, "_input_dataset", None))
        todo.extend(getattr(d, "_datasets", None) or ())


def nondeterministic_stage(ds) -> str | None:
    """None, or which stage of the pipeline ``ds`` lets tf.data hand out elements in the order they finish
    (``"a ParallelMapDataset of the pipeline runs with deterministic=False"``). Planted (issue 38: 08 q3 round 9, a
    parallel map with ``deterministic=False``; 02 q1/q4 round 11, ``Options.deterministic = False``): on a check's
    small data the order hardly ever changes, so the pipeline is read, not run (no iteration, no race). A parallel
    map, batch or interleave records ``deterministic`` as ``_deterministic``: "false", or "default" (then the
    dataset's options decide)."""
    try:
        options_say = ds.options().deterministic
    except Exception:  # noqa: BLE001 - not a tf.data dataset: the caller's other checks say so
        options_say = None
    for d in pipeline_datasets(ds):
        flag = getattr(d, "_deterministic", None)
        if flag == "false" or (flag == "default" and options_say is False):
            how = "deterministic=False" if flag == "false" else "the dataset's options.deterministic = False"
            return f"a {type(d).__name__.strip('_')} of the pipeline runs with {how}"
    return None


def watch_first_layer(model, max_passes: int = 128):
    """Planted (issue 38, round 12: q3_wrong_r12_{two_passes,predict_on_batch_whole,layers_whole_batch,
    predict_each_micro,first_forward_all,predict_step_loss}): a forward that goes around the watched model call
    (``model.predict``, ``predict_on_batch``, the layers run by hand, an extra pass per micro-batch "to log the loss"):
    the ``Recorder`` only sees calls of the model object it wraps. Every forward, however made, runs the model's first
    layer: its ``call`` is wrapped (on this instance only) to write the examples of each run to a variable log (eager,
    traced or compiled alike, as ``_Passes.run_sizes``). Returns ``sizes()`` (the log) and ``undo()``."""
    from ..._tf import tf

    layer = model.layers[0]
    original = layer.call
    log = tf.Variable(tf.zeros(max_passes, tf.int64), trainable=False)
    count = tf.Variable(tf.constant(0, tf.int64), trainable=False)

    def call(inputs, *args, **kwargs):
        log.scatter_nd_update([[tf.minimum(count, max_passes - 1)]], [tf.shape(inputs, out_type=tf.int64)[0]])
        count.assign_add(1)
        return original(inputs, *args, **kwargs)

    object.__setattr__(layer, "call", call)
    # the log lives as long as the layer: a learner's tf.function traced through the wrapped call keeps only weak
    # references to the variables it writes, and is reused by a later call after undo() (a module-level step)
    object.__setattr__(layer, "_gpukit_first_layer_log", (log, count))

    def sizes():
        return [int(v) for v in log.numpy()[:min(int(count.numpy()), max_passes)]]

    def undo():
        vars(layer).pop("call", None)

    return sizes, undo


_NUMPY_DOMAIN = 389047  # the tracemalloc domain NumPy registers its data buffers in (NPY_TRACE_DOMAIN)


class numpy_kept:
    """``with numpy_kept() as kept:`` around a learner's call; then ``kept.bytes(returned)``: the bytes of NumPy data
    allocated inside the block and still allocated after it (garbage collected first), less the arrays in ``returned``
    (what the call hands back is the caller's). Issue 38, round 13 (04 q3: q3_wrong_r13_{numpy_logits_kept,
    loss_numpy_list}; 05 q4: q4_wrong_r13_{numpy_activations_kept,grads_numpy_global}): every micro-batch's logits,
    losses or activations kept as NumPy copies in a module-level list or dict: TensorFlow's weak references (the
    watched outputs, the tapes) cannot see a copy. NumPy registers its buffers with tracemalloc in a domain of their
    own, so TensorFlow's and Python's own allocations (caches, logs: kilobytes per call) do not count. Traced only
    while the block runs (when nothing else traces: otherwise ``bytes`` is 0)."""

    def __enter__(self):
        import tracemalloc

        self._mine = not tracemalloc.is_tracing()
        self._after = 0
        if self._mine:  # only what is allocated from here on is traced: no garbage collection first
            tracemalloc.start()
        return self

    def __exit__(self, *exc):
        import tracemalloc

        def numpy_bytes():
            snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.DomainFilter(True, _NUMPY_DOMAIN)])
            return sum(trace.size for trace in snapshot.traces)

        if self._mine:
            self._after = numpy_bytes()
            if self._after:  # garbage collected only then (test time): an array in a reference cycle is kept by no one
                gc.collect()
                self._after = numpy_bytes()
            tracemalloc.stop()
        return False

    def bytes(self, returned=()) -> int:
        """The NumPy bytes the block left allocated, less those of the arrays (and their bases) in ``returned``."""
        import numpy as np

        seen, given = set(), 0
        stack = list(returned) if isinstance(returned, (list, tuple)) else [returned]
        while stack:
            value = stack.pop()
            if isinstance(value, (list, tuple)):
                stack.extend(value)
            elif isinstance(value, np.ndarray):
                while isinstance(value.base, np.ndarray):
                    value = value.base
                if id(value) not in seen:
                    seen.add(id(value))
                    given += value.nbytes
        return max(0, self._after - given)


class _Attributes:
    """An object's public attributes at one moment (``kept_state(..., objects=True)``): equal to another reading when
    every one is the same object; ``put_back`` sets them as they were. Private ones (``_...``) are the object's own
    bookkeeping (a tf.function's traces, a Keras layer's call state) and are not compared."""

    def __init__(self, obj):
        self.obj = obj
        self.attrs = {k: v for k, v in vars(obj).items() if not k.startswith("_")}

    def __eq__(self, other):
        return (isinstance(other, _Attributes) and other.attrs.keys() == self.attrs.keys()
                and all(v is other.attrs[k] for k, v in self.attrs.items()))

    __hash__ = None

    def put_back(self):
        for k in [k for k in vars(self.obj) if not k.startswith("_") and k not in self.attrs]:
            del vars(self.obj)[k]
        vars(self.obj).update(self.attrs)


def _code_tree(code):
    """``code`` and every code object among its constants, at any depth (the functions, lambdas and comprehensions
    it defines): the one walk of a code tree (``kept_state``, ``_holds_code``, ``_bytecodes``)."""
    stack = [code]
    while stack:
        c = stack.pop()
        yield c
        stack.extend(k for k in c.co_consts if isinstance(k, type(code)))


def _code_names(code) -> set:
    """The global and attribute names ``code`` and the code it defines read, at any depth."""
    return {name for c in _code_tree(code) for name in c.co_names}


def _keeps(v) -> bool:
    """Whether ``v`` is a container a callable can keep things in between calls: a dict, list or set (their
    subclasses: OrderedDict, defaultdict, Counter), and (issue 38, round 16: 04 q3_wrong_r16_weakkey_accumulators,
    05 q4_wrong_r16_threadlocal_boundary_grads) a deque, a bytearray, the weakref containers and a
    ``threading.local``."""
    import collections
    import threading
    import weakref

    return isinstance(v, (dict, list, set, collections.deque, bytearray, weakref.WeakKeyDictionary,
                          weakref.WeakValueDictionary, weakref.WeakSet, threading.local))


def _container_state(v, contents: bool = False):
    """``(id, len)`` of a value a callable can keep between calls (``len`` None where it has none; a
    ``threading.local``'s: its attributes in this thread), and with ``contents`` the items of a container of at most
    16, by identity (a replaced item shows)."""
    import threading

    if isinstance(v, threading.local):
        v = vars(v)
    if contents and _keeps(v) and not isinstance(v, bytearray):
        try:
            items = list(v.items()) if hasattr(v, "items") else list(v)
        except RuntimeError:  # a weak container changed size while read (an item collected)
            items = None
        if items is not None and len(items) <= 16:
            items = [(id(k), id(x)) for k, x in items] if hasattr(v, "items") else [id(x) for x in items]
            return id(v), len(v), tuple(items)
    try:
        return id(v), len(v)
    except TypeError:  # a 0-d tensor or array has __len__ but no length
        return id(v), None


def modules_state(modules, contents: bool = False) -> dict:
    """Issue 38 (09 q2 round 17, ``np.__dict__.setdefault("_memo", {})``; 09 q3 and 06 q2/q3 round 27, a step-size memo
    on numpy, a compiled step or a loss scale in a dict hung on a gpukit module): what ``modules`` hold that a cache
    kept on one of them changes, ``{(module, None): names, (module, attribute): state}``: the names of each module's
    values that are not modules (a name added shows), and each container among them, dunder names aside
    (``_container_state``, with ``contents`` its items by identity: an item rebound shows). A check reads it before
    an answer's calls and after (``module_changes``); a submodule imported meanwhile is no cache."""
    import types

    state = {}
    for module in {id(m): m for m in modules}.values():
        space = list(vars(module).items())
        state[(module.__name__, None)] = frozenset(k for k, v in space if not isinstance(v, types.ModuleType))
        for k, v in space:
            if _keeps(v) and not k.startswith("__"):
                state[(module.__name__, k)] = _container_state(v, contents)
    return state


def module_changes(before: dict, after: dict) -> tuple[list, list]:
    """What changed between two reads of ``modules_state`` (the same modules): the names added (``module.name``) and
    the containers changed, each sorted."""
    added = sorted(f"{m}.{n}" for (m, a), v in after.items() if a is None for n in v - before.get((m, a), v))
    changed = sorted(f"{m}.{a}" for (m, a), v in after.items() if a is not None and (m, a) in before
                     and before[(m, a)] != v)
    return added, changed

def code_modules_state(fn) -> dict:
    """``modules_state`` of the modules ``fn``'s code names (``np``, ``math``, ``sys``, at any depth), read from its
    globals: where a cache hung on an imported module lives (09 q2 round 17, ``np.__dict__.setdefault(...)``; 09 q3
    round 27; 03 q1 and q4 round 29, ``sys.__dict__.setdefault(...)``): ``kept_state`` reads the function's own
    globals, defaults and closure, not another module's namespace."""
    import types

    code, space = getattr(fn, "__code__", None), getattr(fn, "__globals__", {})
    names = _code_names(code) if code is not None else set()
    return modules_state([m for m in (space.get(n) for n in names) if isinstance(m, types.ModuleType)])


def code_modules_problem(call: str, before: dict, fn, when: str, rule: str) -> str | None:
    """The first name added to, or container changed on, a module ``fn``'s code names since ``before``
    (``code_modules_state``), said with ``when`` ("during the call") and the question's ``rule``, else None."""
    added, changed = module_changes(before, code_modules_state(fn))
    if not added and not changed:
        return None
    return (f"{call} {'added ' + added[0] if added else 'changed ' + changed[0]} {when} (state kept on an imported "
            f"module: a cache): {rule}")

def _array_state(a) -> tuple:
    """What a numpy array held by a module global or a closure shows of its use between calls (issue 38, round 23, 09
    q2_wrong_r23_ndarray_cache, q3_wrong_r23_bias_table: a cache in a module-level object-dtype array, bias corrections
    kept by t in a module-level float array): its id, shape, dtype and a CRC-32 of its bytes (an object array's bytes
    are its items' addresses: an item stored shows). Cheap: up to 1 MiB read whole (about 0.3 ms); a larger array by
    4096 values spread over it (contiguous ones; else its id, shape and dtype only)."""
    import zlib

    try:
        if a.nbytes <= 1 << 20:
            data = a.tobytes()
        elif a.flags.c_contiguous or a.flags.f_contiguous:
            flat = a.reshape(-1, order="K")
            data = flat[::max(1, flat.size // 4096)].tobytes()
        else:
            data = b""
    except (ValueError, TypeError):  # an array whose bytes cannot be read: its form only
        data = b""
    return id(a), a.shape, a.dtype.str, zlib.crc32(data)


def _is_array(v) -> bool:
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(v, numpy.ndarray)


def _generator_state(g, label: str, contents: bool = False, arrays: bool = False) -> dict:
    """Issue 38, round 26 (09 q2_wrong_r26_generator_memo, q3_wrong_r26_generator_memo: a cache in a dict local to a
    paused generator kept at module level, fed by ``send``): the locals of a paused generator or coroutine (``g``,
    named ``label``) that can keep things, read as ``kept_state`` reads a global (a container's id and length, an
    array's bytes with ``arrays``). A generator not paused (not started is paused too; finished: no frame) keeps
    nothing. Cost: one ``f_locals`` read per generator the code names."""
    frame = getattr(g, "gi_frame", None) or getattr(g, "cr_frame", None) or getattr(g, "ag_frame", None)
    if frame is None:
        return {}
    state = {}
    for k, v in frame.f_locals.items():
        if _keeps(v):
            state[f"the local {k!r} of the paused generator {label}"] = _container_state(v, contents)
        elif arrays and _is_array(v):
            state[f"the local {k!r} of the paused generator {label} (an array's shape or values)"] = _array_state(v)
    return state


def _is_generator(v) -> bool:
    import types

    return isinstance(v, (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType))


def kept_state(fn, *, objects: bool = False, defaults: bool = False, helpers: bool = False, contents: bool = False,
               given: tuple = (), arrays: bool = False, _seen=None) -> dict:
    """``{where: (id, len)}``: what a learner's callable can keep between calls, read cheaply: its attributes (a
    function's ``__dict__``; a callable object's or a bound method's instance ``__dict__``), the variables of its
    closure, and the module globals its code names (a dict, list or set there). A check compares two readings (before
    and after a call: ``kept_state_problem``). Issue 38, round 11 (the function's attributes) and round 13
    (q3_wrong_r13_{closure_history,callable_object,global_cache,reused_accumulators}: a closure's list, ``self.last``,
    a module-level cache or accumulators). ``defaults=True`` adds the function's mutable default arguments (a dict,
    list or set: issue 38, round 14, 09 q2_wrong_r14_default_memo: ``def f(size, n, _memo={})``); ``objects=True`` the
    public attributes of the notebook objects its code names (round 14, 04 q3_wrong_r14_mutates_loss_fn). ``given``:
    ``(label, object)`` pairs, the objects handed to the call, whose attribute NAMES (``vars(obj)``'s keys, private
    ones too) are compared (round 15, 01 q2_wrong_r15_cache_on_{model,optimizer}: a step cached in
    ``model.__dict__``); with ``fn`` None, only those.
    ``helpers=True`` reads the same, with ``defaults``, in the helpers the code names that the notebook defined (issue
    38, round 15, 09 q2_wrong_r15_{lru_helper,helper_default_memo,class_cache}: the cache moved into a helper): a
    function's (through a ``functools`` cache too: its size), an object's attributes (a dict, list or set) and its
    class's; a helper is one whose code runs with the function's own globals.
    ``contents=True`` (issue 38, round 15: 03 q4_wrong_r15_lru_cache, 04 q3_wrong_r15_{default_arg_len,call_counter})
    adds what no length shows: the items (by identity) of a dict, list or set of at most 16, a ``functools`` cache's
    hits and size (the function itself or a helper its code names) and an ``itertools.count``'s next value.
    ``arrays=True`` (issue 38, round 23, 09 q2/q3) adds the numpy arrays held by the module globals and the closure
    variables its code names (and its helpers', with ``helpers``): their shape and bytes (``_array_state``).
    Always (issue 38, round 26, 09 q2/q3): the containers local to a paused generator held by a module global or a
    closure variable its code names (``_generator_state``: a cache kept in a generator fed by ``send``)."""
    import functools
    import types

    def seen(v):
        return _container_state(v, contents)

    def hidden(v):  # with ``contents``: a functools cache's (hits, size), an itertools.count's repr
        import itertools

        if not contents or isinstance(v, (types.ModuleType, type)):
            return None
        if isinstance(v, itertools.count):
            return repr(v)
        try:
            info = getattr(v, "cache_info", None)
            if callable(info) and hasattr(v, "cache_clear"):
                got = info()
                return got.hits, got.currsize
        except Exception:  # noqa: BLE001 - an object whose attributes raise keeps no functools cache
            pass
        return None

    state = {f"the attribute names of the {label} it was given": frozenset(vars(obj)) for label, obj in given
             if hasattr(obj, "__dict__")}
    if fn is None:  # the given objects alone
        return state
    if hidden(fn) is not None:
        state["the function's cache"] = hidden(fn)
    owner = getattr(fn, "__self__", None) if isinstance(fn, types.MethodType) else None
    func = fn.__func__ if isinstance(fn, types.MethodType) else fn
    if not isinstance(func, types.FunctionType):  # a callable object: its __call__ and its attributes
        owner, func = func, getattr(type(func), "__call__", None)
    if owner is not None and hasattr(owner, "__dict__"):
        state.update({f"attribute {k!r} of the {type(owner).__name__} object": _container_state(v)
                      for k, v in vars(owner).items()})
    if not isinstance(func, types.FunctionType):
        return state
    if owner is None:
        state.update({f"attribute {k!r} of the function": _container_state(v) for k, v in vars(func).items()})
    for name, cell in zip(func.__code__.co_freevars, func.__closure__ or ()):
        try:
            value = cell.cell_contents
        except ValueError:  # not set yet
            continue
        if arrays and _is_array(value):
            state[f"closure variable {name!r} (an array's shape or values)"] = _array_state(value)
            continue
        if _is_generator(value):  # round 26: a cache in a paused generator's locals
            state.update(_generator_state(value, f"{name!r} (a closure variable)", contents, arrays))
            continue
        state[f"closure variable {name!r}"] = hidden(value) if hidden(value) is not None else seen(value)
    for name in _code_names(func.__code__):
        value = func.__globals__.get(name)
        if not name.startswith("__") and value is not None:
            state.update(_class_state(value, func.__globals__.get("__name__"), contents))
        if _keeps(value) and not name.startswith("__"):
            state[f"module-level {name!r}"] = seen(value)
        elif arrays and not name.startswith("__") and _is_array(value):
            state[f"module-level {name!r} (an array's shape or values)"] = _array_state(value)
        elif _is_generator(value) and not name.startswith("__"):  # round 26: a cache in a paused generator's locals
            state.update(_generator_state(value, f"{name!r} (a module global)", contents, arrays))
        elif not name.startswith("__") and hidden(value) is not None:
            state[f"module-level {name!r}"] = hidden(value)
        elif (objects and not name.startswith("__") and hasattr(value, "__dict__")
              and not isinstance(value, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType,
                                         types.MethodType, functools.partial))):
            # round 14 (04 q3_wrong_r14_mutates_loss_fn): a notebook object the code names (loss_fn) changed by the call
            state[f"the attributes of the notebook's {name!r}"] = _Attributes(value)
    if defaults:
        code = func.__code__
        given = dict(zip(code.co_varnames[code.co_argcount - len(func.__defaults__ or ()):code.co_argcount],
                         func.__defaults__ or ()))
        for name, value in {**given, **(func.__kwdefaults__ or {})}.items():
            if _keeps(value):
                state[f"default argument {name!r}"] = seen(value)
    if helpers:
        state.update(_helpers_state(func, set() if _seen is None else _seen, objects, contents, arrays))
    return state


def _class_state(value, module, contents: bool = False) -> dict:
    """Issue 38, round 17 (05 q2_wrong_r17_{class_attr_history,recycle_previous_result}, q3_wrong_r17_shape_keyed_cache,
    q4_wrong_r17_class_attr_{tensor_copies,bytes}, 06 q3_wrong_r17_history_class_attr): state kept on a CLASS ATTRIBUTE
    of a class the notebook defined (``class _Log: returned = []``, then ``_Log.returned.append(...)`` or
    ``_Debug.last = [tensors or bytes]``), a class with no method, which ``helpers`` does not read. For ``value`` (a
    global the code names) a class whose ``__module__`` is the answer's (``module``: the notebook's ``__main__``), or an
    object of one: each class attribute of it and of its notebook bases, methods and descriptors aside, as ``(id,
    len)`` (``_container_state``): a list grown, any value rebound (a tensor, bytes, a counter) shows. Cost: a
    ``vars()`` read per notebook class the code names."""
    import types

    cls = value if isinstance(value, type) else type(value)
    if module is None or getattr(cls, "__module__", None) != module:
        return {}
    state = {}
    for c in cls.__mro__:
        if getattr(c, "__module__", None) != module:
            continue
        for k, v in vars(c).items():
            if k.startswith("__") or isinstance(v, (types.FunctionType, staticmethod, classmethod, property)):
                continue
            state[f"attribute {k!r} of the notebook's class {c.__name__!r}"] = _container_state(v, contents)
    return state


def _helpers_state(func, seen: set, objects: bool, contents: bool = False, arrays: bool = False) -> dict:
    """``kept_state(..., helpers=True)``'s part: the state of the notebook's helpers that ``func``'s code names."""
    import types

    def notebook(f):
        return isinstance(f, types.FunctionType) and f.__globals__ is func.__globals__

    def held(owner, what):
        return {f"attribute {k!r} of {what}": _container_state(v, contents) for k, v in vars(owner).items()
                if _keeps(v) and not k.startswith("__")}

    def inside(f, name):
        return {f"{k} (in helper {name!r})": v
                for k, v in kept_state(f, objects=objects, defaults=True, helpers=True, contents=contents,
                                       arrays=arrays, _seen=seen).items()}

    seen.add(id(func))
    state = {}
    for name in sorted(_code_names(func.__code__)):
        value = func.__globals__.get(name)
        if (value is None or id(value) in seen or name.startswith("__")
                or isinstance(value, (types.ModuleType, types.BuiltinFunctionType))):
            continue
        if isinstance(value, types.FunctionType):
            if notebook(value):
                state.update(inside(value, name))
            continue
        wrapped = getattr(value, "__wrapped__", None)
        if callable(getattr(value, "cache_info", None)) and notebook(wrapped):  # functools.lru_cache / cache
            seen.add(id(value))
            state[f"the functools cache of {name!r}"] = (id(value), value.cache_info().currsize)
            if id(wrapped) not in seen:
                state.update(inside(wrapped, name))
            continue
        cls = value if isinstance(value, type) else type(value)
        if any(notebook(f) for f in vars(cls).values()):  # a class the notebook defined, or an object of one
            seen.add(id(value))
            state.update(held(cls, f"the notebook's class {cls.__name__!r}"))
            if not isinstance(value, type) and hasattr(value, "__dict__"):
                state.update(held(value, f"the notebook's {name!r}"))
            for f in vars(cls).values():
                if notebook(f) and id(f) not in seen:
                    state.update(inside(f, name))
    return state


def kept_state_problem(name: str, before: dict, fn, only_objects: bool = False, *, defaults: bool = False,
                       helpers: bool = False, contents: bool = False, given: tuple = (),
                       arrays: bool = False) -> str | None:
    """What ``kept_state(fn)`` shows changed by a call (added, rebound or grown), named by the rule, else None.
    ``only_objects``: only the notebook objects' attributes (``kept_state(..., objects=True)``; put back). ``given``:
    as handed to ``kept_state`` (round 15: an attribute added to a model or optimizer handed in is named)."""
    objects = any(isinstance(v, _Attributes) for v in before.values())
    after = kept_state(fn, objects=objects, defaults=defaults, helpers=helpers, contents=contents, given=given,
                       arrays=arrays)
    added = [f"{sorted(after[k] - before[k])[0]!r} on the {k[len('the attribute names of the '):-len(' it was given')]}"
             for k in after if isinstance(after[k], frozenset) and after[k] - before.get(k, after[k])]
    if added:
        return (f"{name} set the attribute {', '.join(added[:2])} it was given (state stored on the caller's object, "
                f"e.g. a cache in its __dict__): the contract is it keeps nothing between calls and leaves the objects "
                f"it is given as it found them")
    edited = [k for k, v in before.items() if isinstance(v, _Attributes) and after.get(k) != v]
    changed = [k for k in after if before.get(k) != after[k]] + [k for k in before if k not in after]
    if only_objects and not edited or not changed:
        return None
    if edited:  # round 14: put back, then named by the rule
        for k in edited:
            before[k].put_back()
        return (f"{name} changed {', '.join(edited[:3])} (an attribute set or rebound during the call): the rule is it "
                f"leaves the notebook's objects as it found them (the loss function, the model: the caller's; make a "
                f"new object of your own if you need another setting)")
    return (f"{name} changed {', '.join(changed[:3])} during the call (state kept outside the call: a list of "
            f"losses, a cache, accumulators, the last result): the contract is it keeps nothing between calls")


@contextlib.contextmanager
def tf_random_watched():
    """While entered: ``drawn`` (the list it yields) notes each TensorFlow random op made from the session's stream
    (issue 38, round 14, 04 q3_wrong_r14_tf_global_shuffle: ``tf.random.shuffle``): every stateful ``tf.random.*`` op
    asks ``random_seed.get_seed`` for its seeds (patched for the block: a dict lookup), and
    ``tf.random.get_global_generator()``'s state, if one exists, is compared after. Stateless ops and a local
    ``tf.random.Generator`` draw from neither. Hand ``drawn`` to ``global_rng_problem(..., tf_drawn=drawn)``."""
    tf = sys.modules.get("tensorflow")
    if tf is None:
        yield []
        return
    from tensorflow.python.framework import random_seed
    from tensorflow.python.ops import stateful_random_ops

    drawn, original = [], random_seed.get_seed

    def get_seed(op_seed):
        drawn.append("op")
        return original(op_seed)

    generator = getattr(stateful_random_ops, "global_generator", None)
    state = generator.state.numpy().copy() if generator is not None else None
    random_seed.get_seed = get_seed
    try:
        yield drawn
    finally:
        random_seed.get_seed = original
        if generator is not None and not (generator.state.numpy() == state).all():
            generator.state.assign(state)
            drawn.append("generator")


def global_rng_problem(name: str, before, tf_drawn=None) -> str | None:
    """``before``: ``(np.random.get_state(), random.getstate())`` read before a learner's call. If either global
    generator moved (numbers drawn from it: ``np.random.permutation``, ``random.shuffle``; issue 38, round 13,
    04 q3_wrong_r13_global_rng_consumed), it is put back and the rule named, else None. ``tf_drawn``: the list
    ``tf_random_watched`` filled during the call (round 14: TensorFlow's global random generator)."""
    import random

    import numpy as np

    np_state, py_state = before
    now = np.random.get_state()
    moved = []
    if tf_drawn:
        moved.append("TensorFlow's global random generator (tf.random.shuffle, tf.random.uniform, ... with no "
                     "generator of their own)")
    if not (np.array_equal(np_state[1], now[1]) and tuple(np_state[2:]) == tuple(now[2:])):
        np.random.set_state(np_state)
        moved.append("NumPy's global random generator (np.random.permutation, np.random.shuffle, ...)")
    if random.getstate() != py_state:
        random.setstate(py_state)
        moved.append("Python's global random generator (random.shuffle, random.random, ...)")
    if not moved:
        return None
    return (f"{name} drew numbers from {' and '.join(moved)}: that changes the session's random state for everything "
            f"after it. The rule: what you write leaves the session as it found it (use a local generator, "
            f"np.random.default_rng(seed); the check has put the state back)")


class Recorder:
    """A learner's model or stage, watched: calling it calls the wrapped object and appends the
    number of examples it was given (the leading dimension of the first argument; None when it is not known while
    tracing, issue 38 round 11) to ``sizes``;
    every other attribute (``trainable_variables``, ``layers``, ...) is the wrapped object's.

    ``backward=True`` also watches the backward passes: the output passes through an identity whose
    gradient appends ``("backward", call, device)`` to ``events`` (beside ``("forward", call)``), with
    the device the backward of that call runs under (TensorFlow places gradient ops by the device scope
    around ``tape.gradient``, not by where the forward ran), and ``("output", call, device)``: the device
    the forward's output was computed on. ``flags`` holds the ``training`` argument of every call
    (``None`` when not given), so a check can hold a learner to ``training=True``.

    Issue 38, round 11: ``outputs`` holds, per call run eagerly, ``(call, weak references)`` to the tensors handed
    back to the learner, so a check can ask which calls' outputs (activations) are still alive (``alive``), and a
    subclass's ``_backward_seen(call)`` runs as each backward pass goes through (a no-op here)."""

    # issue 38, round 27 (01 q3 in_top_k in a notebook: "tf___passthrough() got an unexpected keyword argument
    # 'training'"): called inside a tf.function, AutoGraph converted this class's methods from their source, read again
    # from the file by line number, so the call of a learner's right call style (model(x, training=False)) could fail
    # on the check's own code. AutoGraph runs the watch as it is, as it does its own artifacts (the mark
    # tf.autograph.experimental.do_not_convert sets): the watch has no tensor-dependent Python control flow
    autograph_info__ = frozenset()

    def __init__(self, target, *, backward: bool = False):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "attributes_set", [])  # names the answer set on the watched object (not Keras' own)
        object.__setattr__(self, "sizes", [])
        object.__setattr__(self, "events", [])
        object.__setattr__(self, "flags", [])
        object.__setattr__(self, "_backward", backward)
        object.__setattr__(self, "outputs", [])
        # issue 38, round 15 (05 q4_wrong_r15_loss_outside_device): per backward, (call, the device of the gradient
        # that reached the output: where the op that made it ran, e.g. a loss's gradient made off the stage's device)
        object.__setattr__(self, "incoming", [])

    def _record(self, x, args=(), kwargs=None):
        shape = getattr(x, "shape", None)  # a batch of a dataset iterated inside a tf.function: size unknown, None
        self.sizes.append((None if shape[0] is None else int(shape[0])) if shape is not None and len(shape) else len(x))
        self.flags.append(args[0] if args else (kwargs or {}).get("training"))
        self.events.append(("forward", len(self.sizes) - 1))

    def _watch(self, out):
        return self._note_outputs(self._passthrough(out) if self._backward else out)

    def _note_outputs(self, out):
        from ..._tf import tf

        if tf.executing_eagerly():  # a traced call's tensors belong to its graph: nothing to let go of
            refs = [weakref.ref(t) for t in tf.nest.flatten(out) if isinstance(t, tf.Tensor)]
            if refs:
                self.outputs.append((len(self.sizes) - 1, refs))
        return out

    def _backward_seen(self, call):
        """Run as call ``call``'s backward pass goes through the watched output (for subclasses)."""

    def alive(self, calls=None) -> list:
        """The calls (of ``calls``, default every one) whose outputs are still alive (garbage collected first if
        any seems to be: a tensor in a reference cycle is kept by no one)."""
        def held():
            return sorted({call for call, refs in self.outputs
                           if (calls is None or call in calls) and any(ref() is not None for ref in refs)})

        if held():
            gc.collect()
        return held()

    def _passthrough(self, out):
        from ..._tf import tf

        call = len(self.sizes) - 1
        first = next((t for t in tf.nest.flatten(out) if isinstance(t, tf.Tensor)), None)
        if first is not None:
            self.events.append(("output", call, first.device))

        @tf.custom_gradient
        def passthrough(t):
            def grad(dy):
                self.events.append(("backward", call, tf.identity(dy).device))
                self.incoming.append((call, getattr(dy, "device", None) if tf.executing_eagerly() else None))
                self._backward_seen(call)
                return dy
            return tf.identity(t), grad

        return tf.nest.map_structure(lambda t: passthrough(t) if isinstance(t, (tf.Tensor, tf.Variable)) else t, out)

    def __call__(self, x, *args, **kwargs):
        self._record(x, args, kwargs)
        return self._watch(self._target(x, *args, **kwargs))

    def __setattr__(self, name, value):  # model.trainable = False on the watched model sets the model's (issue 38, r4)
        setattr(self._target, name, value)
        object.__getattribute__(self, "attributes_set").append(name)  # round 17 (01 q3 step_cached_on_model)

    def __getattr__(self, name):
        attr = getattr(self._target, name)
        if name == "call":  # model.call(x) directly: watched too
            def call(x, *args, **kwargs):
                self._record(x, args, kwargs)
                return self._watch(attr(x, *args, **kwargs))
            call.autograph_info__ = frozenset()  # round 27: run as it is inside a tf.function (see the class's mark)
            return call
        return attr


def interleaving_problem(name: str, events) -> str | None:
    """None when each micro-batch's backward ran before the next micro-batch's forward (``Recorder``
    events, ``backward=True``), else the sentence naming the broken contract: while one forward's
    backward is still to come, another forward ran, so both micro-batches' activations were held."""
    pending = None  # the call whose forward ran and whose backward has not yet
    backed = {e[1] for e in events if e[0] == "backward"}
    for event in events:
        if event[0] == "forward" and event[1] in backed:
            if pending is not None:
                return (f"the forward pass of micro-batch {event[1] + 1} ran before the backward pass of micro-batch "
                        f"{pending + 1}, so both micro-batches' activations were in memory at once (one tape over "
                        f"all micro-batches?). The contract is each micro-batch's forward and backward, then the next")
            pending = event[1]
        elif event[0] == "backward" and event[1] == pending:
            pending = None
    return None


def device_problem(name: str, events, device: str, what: str) -> str | None:
    """None when every forward output and every backward of a ``Recorder(..., backward=True)`` ran on
    ``device``, else the sentence naming the broken contract (a forward left on the default device was
    issue 38's third-round gap: only the backward was watched)."""
    from ..._tf import tf

    want = tf.DeviceSpec.from_string(device)
    for event in events:
        if event[0] not in ("backward", "output"):
            continue
        got = tf.DeviceSpec.from_string(event[2] or "")
        if (got.device_type, got.device_index) != (want.device_type, want.device_index):
            where = f"{got.device_type}:{got.device_index}" if got.device_type else "no device given"
            if event[0] == "output":
                return (f"{what}'s forward pass ran on {where}, not on its own device {device}: run each stage "
                        f"under `with tf.device(...)` of that stage")
            return (f"{what}'s backward ran on {where}, not on its own device {device}: either its "
                    f"tape.gradient was not called under `with tf.device(...)` of that stage, or its backward "
                    f"was run as part of another stage's tape.gradient (one gradient from the loss back "
                    f"through several stages); each stage's backward is its own tape.gradient under its own device")
    return None


def training_problem(name: str, flags, what: str = "the model") -> str | None:
    """None when every call of a ``Recorder`` passed ``training=True``, else the sentence naming the rule
    (a training step: Dropout and BatchNormalization act as in training; a small MLP has neither, so
    the numbers alone cannot tell)."""
    wrong = [flag for flag in flags if flag is not True]
    if wrong:
        return (f"{name} called {what} with training={wrong[0]!r}: the rule is training=True (a training step: "
                f"Dropout and BatchNormalization act as in training; this model has neither, so the numbers "
                f"alone cannot tell)")
    return None


def unwatched_backward_problem(name: str, events) -> str | None:
    """None when every forward pass of a ``Recorder(..., backward=True)`` had its backward, else the
    sentence: the gradient came from somewhere else than the passes the check watched (e.g. the layers
    run by hand on the whole batch beside per-micro-batch calls of the model)."""
    backed = {e[1] for e in events if e[0] == "backward"}
    forwards = [e[1] for e in events if e[0] == "forward"]
    missing = [call for call in forwards if call not in backed]
    if forwards and missing:
        return (f"{len(missing)} of the {len(forwards)} forward passes {name} ran had no backward pass: the "
                f"gradient was taken from another computation than the per-micro-batch passes; the contract is "
                f"each micro-batch's forward and backward through the model")
    return None


def micro_batch_problem(name: str, sizes, n: int, micro: int, what: str = "a forward pass") -> str | None:
    """None when every call saw at most ``micro`` examples and all ``n`` were seen, else the
    sentence naming the broken contract ("one micro-batch at a time")."""
    if not sizes:
        return f"{name} never called the model: the contract is one forward and backward pass per micro-batch"
    sizes = [s for s in sizes if s is not None]  # a size unknown while tracing (Recorder): its run is counted elsewhere
    if not sizes:
        return None
    if max(sizes) > micro:
        return (f"{what} in {name} saw {max(sizes)} examples at once; the contract is one micro-batch "
                f"({micro} examples) per pass, so that only a micro-batch is in memory")
    if sum(sizes) < n:
        return f"{name}'s passes saw {sum(sizes)} of the {n} examples; every example must go through once"
    return None


# --------------------------------------------------------------------------- the notebook's grader


# --------------------------------------------------------------------------- watched gpukit calls


def notebook_globals(frame):
    """The globals of the innermost frame that runs notebook code (``__name__ == "__main__"``: a kernel's
    cells, ``otter run``'s, tests/blind.py's), or None."""
    while frame is not None:
        if frame.f_globals.get("__name__") == "__main__":
            return frame.f_globals
        frame = frame.f_back
    return None


def _cell_assigns(frame, notebook: dict, name: str) -> bool:
    """Whether the notebook cell that made this call assigns ``name`` (``_cell_names``)."""
    return name in _cell_names(frame, notebook)


def _cell_names(frame, notebook: dict) -> set:
    """The names the notebook cell that made this call assigns (or declares ``global``). The outermost frame that
    runs the notebook's code is one top-level statement of the cell (IPython compiles each apart); the whole cell's
    source is in ``linecache`` under that statement's file name (ipykernel, ``otter run`` and tests/blind.py
    all put it there), and is parsed."""
    import linecache

    outer = None
    while frame is not None:
        if frame.f_globals is notebook:
            outer = frame
        frame = frame.f_back
    if outer is None:
        return set()
    return set(_names_assigned("".join(linecache.getlines(outer.f_code.co_filename))))


@functools.lru_cache(maxsize=256)
def _names_assigned(source: str) -> frozenset:
    """The names a cell's source assigns or declares ``global``, parsed once per source (issue 37's test time: a
    watched gpukit function called 12 000 times by a check, ``gpukit.plan.plan`` under exercise 11's search, parsed
    the calling cell's source each time: exercise 11's grading took ten times as long in a process that had imported
    exercise 05's watches)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython syntax (%magics) left in: read it the way IPython does
        from IPython.core.inputtransformer2 import TransformerManager

        try:
            tree = ast.parse(TransformerManager().transform_cell(source))
        except SyntaxError:
            return frozenset()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Global):
            names.update(node.names)
    return frozenset(names)


class TapesWatched:
    """While entered: every ``tf.GradientTape`` entered (its class's ``__enter__`` wrapped, put back on exit), kept
    as weak references, so a check can ask which tapes were recording at a moment (``recording``) and which of them
    still hold what they recorded later (``holding``: alive and not released; a non-persistent tape lets its
    recording go in its ``gradient``, a persistent one only when it is deleted). Issue 38, round 10: the memory
    contract of gradient accumulation (ex04 q3: a persistent tape kept across micro-batches holds every micro-batch's
    activations) and of a pipeline (ex05 q4: tapes kept after the call returns). Eager tapes only matter: a tape
    traced into a tf.function holds nothing once the function has run."""

    def __init__(self):
        self.entered = []

    def __enter__(self):
        from ..._tf import tf

        cls = tf.GradientTape
        enter, entered = cls.__dict__["__enter__"], self.entered

        def watched_enter(tape):
            if not any(ref() is tape for ref in entered):
                entered.append(weakref.ref(tape))
            return enter(tape)

        self._cls, self._enter = cls, enter
        cls.__enter__ = watched_enter
        return self

    def __exit__(self, *exc):
        self._cls.__enter__ = self._enter
        return False

    def recording(self) -> list:
        """Weak references to the tapes recording now."""
        return [ref for ref in self.entered if ref() is not None and getattr(ref(), "_recording", False)]

    @staticmethod
    def holding(refs) -> list:
        """The tapes of ``refs`` still alive and holding a recording (garbage collected first if any seems to)."""
        def held():
            return [ref() for ref in refs if ref() is not None and getattr(ref(), "_tape", None) is not None]

        if held():
            gc.collect()  # only then: a tape in a reference cycle is not kept by anyone
        return held()


# TensorFlow's clip functions, watched for calls from notebook code (issue 38, round 15: exercise 04's q4 and 06's q2
# and q3 forbid clipping; no right answer calls them; Keras' clipnorm does not go through them). One key for every
# exercise: ``watch_calls`` installs once per function, and the first key is the one that records.
CLIP_CALLS = "__gpukit_ex06_clip_calls__"


def watch_clips() -> str:
    """Watches ``tf.clip_by_global_norm``, ``clip_by_norm`` and ``clip_by_value`` (and ``tf.math``'s); returns the key
    of the record (``watched_calls(CLIP_CALLS, frame)``)."""
    from ..._tf import tf

    for owner in (tf, tf.math):
        watch_calls(owner, [f for f in ("clip_by_global_norm", "clip_by_norm", "clip_by_value")
                            if hasattr(owner, f)], CLIP_CALLS)
    return CLIP_CALLS


def watch_calls(owner, names, key: str, *, cell_assigns: str | None = None, any_thread: bool = False,
                static: bool = False) -> dict:
    """Make each ``owner.<name>`` (a module's function) a transparent wrapper that notes ``(name, value)``,
    for each call made from notebook code, in that notebook's own globals under ``key`` (the last 64
    calls): each notebook, and each answer tests/blind.py grades, has its own record, and checking does not
    clear it (``otter run`` runs the public check in the notebook before the hidden tests). With
    ``cell_assigns``, only calls from a cell that assigns that name are noted (an answer cell, not a
    given cell that calls the same function later). A prediction check reads the record to see the rule
    "work it out by hand, no gpukit call" broken (issue 38). Installed once (a reload keeps the first
    wrapper); returns ``{name: the original function}``, which a check's own reference calls. With
    ``any_thread``, a call made on another thread (a strategy's replica thread) is noted against the cell the main
    thread is running. With ``static``, ``owner`` is a class and each name one of its static methods (round 14:
    ``tf.data.Dataset.from_tensor_slices``), put back as a static method."""
    import functools

    originals = {}
    for fname in names:
        current = getattr(owner, fname)
        if hasattr(current, "__gpukit_watched__"):
            originals[fname] = current.__gpukit_original__
            continue

        def make(fname, current):
            @functools.wraps(current)
            def watched(*args, **kwargs):
                value = current(*args, **kwargs)
                caller = sys._getframe(1)
                notebook = notebook_globals(caller)
                if any_thread and (notebook is None or (
                        cell_assigns is not None and not _cell_assigns(caller, notebook, cell_assigns))):
                    import threading

                    # round 17 (05 q1_wrong_r17_py_function_thread): notebook code run by tf.py_function on
                    # TensorFlow's own thread, whose outermost notebook frame is AutoGraph's generated file, not the cell
                    if threading.current_thread() is not threading.main_thread():
                        caller = sys._current_frames().get(threading.main_thread().ident)
                        notebook = notebook_globals(caller)
                if notebook is not None and (cell_assigns is None or _cell_assigns(caller, notebook, cell_assigns)):
                    notebook[key] = list(notebook.get(key, ()))[-63:] + [(fname, value)]  # a new list: copies of
                return value                                                               # a namespace stay apart

            watched.__gpukit_watched__ = True
            # called inside a tf.function's trace (a replica thread's step): AutoGraph runs it as it is, as it does its
            # own artifacts (the mark tf.autograph.experimental.do_not_convert sets), instead of converting what it
            # calls. Under otter's doctest runner linecache.getlines is doctest's __patched_linecache_getlines, whose
            # mangled name AutoGraph cannot convert: its printed warning failed exercise 10's q1 public check
            watched.autograph_info__ = frozenset()
            # no __wrapped__ (issue 38, round 5, 06 q1_wrong_r5_unwrap): inspect.unwrap would hand the original out
            # past the watch, and inspect.getsource (which unwraps) its source to exec under another name
            del watched.__wrapped__
            watched.__gpukit_original__ = current
            return watched

        setattr(owner, fname, staticmethod(make(fname, current)) if static else make(fname, current))
        originals[fname] = current
    return originals


def _line_free(code) -> tuple:
    """What a code object is whatever file and line it was compiled at: its bytecode, names and constants, the code
    objects among them read the same way (a code object's own equality compares its line table too, so a function
    whose source was pasted or compiled afresh elsewhere differed in its nested code). Issue 38, round 16: found by
    two fixers at once (03 q3_wrong_r16_pasted_planner_copy, 06 q1_wrong_r16_exec_copy_lso); one function serves both
    and the shared copy watch."""
    return (code.co_code, code.co_names, tuple(_line_free(k) if isinstance(k, type(code)) else (type(k), k)
                                               for k in code.co_consts))


def _holds_code(code, original) -> bool:
    """Whether ``code`` is, or defines (its constants, at any depth), a function compiled from ``original``'s source
    (the same bytecode, constants and names, under any name, at any file and line: ``_line_free``)."""
    key = None
    for c in _code_tree(code):
        if c.co_code == original.co_code and c.co_names == original.co_names:
            key = _line_free(original) if key is None else key
            if _line_free(c) == key:
                return True
    return False


def _bytecodes(code) -> set:
    """The bytecode of ``code`` and of every code object among its constants, at any depth (``_copies_hook``'s
    first sieve: ``_holds_code`` then compares constants and names only where the bytecode matched)."""
    return {c.co_code for c in _code_tree(code)}


# (the original code, key, cell_assigns, what, the functions whose code a clone reads) of each function whose copies
# are watched, and the callables the one audit hook hands every event to (ex06: tf_keras' import); kept on ``sys`` so
# that a reload of this module shares them with the hook already installed
_COPIES: list = sys.__dict__.setdefault("__gpukit_copies__", [])
_AUDIT_HOOKS: list = sys.__dict__.setdefault("__gpukit_audit_hooks__", [])


def _copies_hook(event, args):
    if _COPIES:
        hits = ()
        if event == "exec" and args and hasattr(args[0], "co_code"):
            codes = _bytecodes(args[0])  # the tree walked once per event, not once per watched function
            hits = [c for c in _COPIES if c[0].co_code in codes and _holds_code(args[0], c[0])]
        elif event == "object.__getattr__" and args[1] == "__code__":
            hits = [c for c in _COPIES if any(args[0] is f for f in c[4])]
        elif event == "code.__new__" and args:
            hits = [c for c in _COPIES if c[4] and args[0] == c[0].co_code]
        for _, key, cell_assigns, what, _ in hits:
            frame = sys._getframe(1)
            notebook = notebook_globals(frame)
            if notebook is not None and _cell_assigns(frame, notebook, cell_assigns):
                notebook[key] = list(notebook.get(key, ()))[-63:] + [(what, None)]
    for other in _AUDIT_HOOKS or ():  # None at interpreter exit, once this module's globals are cleared
        other(event, args)


def watch_copies(owner, name: str, key: str, *, cell_assigns: str, what: str, clones: bool = False) -> None:
    """A prediction's ban on a gpukit function "by any method" observed where ``watch_calls`` does not reach (issue 38,
    rounds 10 and 14: 06 q1, 07 q2, 08 q1, 03 q3): a second copy of its module loaded with importlib, its definition
    pulled out of the file with ast (or its source with inspect) and exec'd, under any name. What the answer runs is
    observed, not its text: one Python audit hook (installed once per process: a hook cannot be removed; it returns at
    once for every other event) sees every code object handed to ``exec`` (an import's module code, exec of a string
    or of compiled ast) and notes ``(what, None)`` under ``key`` in the notebook's globals, as ``watch_calls`` does,
    when the code is or defines ``owner.<name>``'s own code and the cell that runs it assigns ``cell_assigns``. With
    ``clones`` (round 14, 03 q3_wrong_r14_code_clone: the function's code re-wrapped with ``types.FunctionType``), a
    read of the function's (or its watch's) ``__code__`` and a code object built with its bytecode (``code.replace``,
    ``types.CodeType``) are noted too. The watched function's code object names its original's file and line, so that
    ``inspect.getsource`` of the watch hands out the function's own source (a copy then runs and is named by the rule
    instead of crashing on the watch's source: round 10's exec_source, "NameError: functools"). Call it after
    ``watch_calls`` on the same function."""
    watched = getattr(owner, name)
    function = getattr(watched, "__gpukit_original__", watched)
    original = function.__code__
    if any(o is original and k == key for o, k, *_ in _COPIES):
        return
    if watched.__code__ is not original:
        watched.__code__ = watched.__code__.replace(co_filename=original.co_filename,
                                                    co_firstlineno=original.co_firstlineno)
    _COPIES.append((original, key, cell_assigns, what, (watched, function) if clones else ()))
    _install_audit_hook()


def _install_audit_hook() -> None:
    """The process's one audit hook (``_copies_hook``), installed at the first need: a Python audit hook cannot be
    removed, so there is one, and the watches that need events hand it callables (``add_audit_hook``)."""
    if not getattr(sys, "__gpukit_copies_hook__", False):
        sys.addaudithook(_copies_hook)
        sys.__gpukit_copies_hook__ = True


def audit_hook_added(flag: str) -> bool:
    """Whether a callable marked ``flag`` is among those the one audit hook hands every event to."""
    return any(getattr(h, flag, False) for h in _AUDIT_HOOKS)


def add_audit_hook(hook, flag: str) -> None:
    """``hook(event, args)`` handed every audit event of the process from now on (06 q1: a copy of Keras' loss-scale
    code exec'd, tf_keras imported; 09 q2/q3: files a call opens), once per ``flag`` (a reloaded module does not add
    it twice). It must return at once for the events it does not read and never raise."""
    if audit_hook_added(flag):
        return
    setattr(hook, flag, True)
    _AUDIT_HOOKS.append(hook)
    _install_audit_hook()


def watched_calls(key: str, frame=None) -> list:
    """``[(name, value), ...]`` that ``watch_calls`` noted under ``key`` in the notebook that calls the check
    (``frame``: the check's caller)."""
    notebook = notebook_globals(frame or sys._getframe(1)) or {}
    return list(notebook.get(key, ()))


def notebook_grader(notebook: str):
    """The ``grader`` of an exercise notebook: ``grader.check("q1")`` runs question 1's checks.

    In JupyterLab the public checks are read from the notebook file's metadata. The file is the
    one JupyterLab says is running (``JPY_SESSION_NAME``), else ``notebook`` (the exercise's
    name), else the only notebook with checks in the working directory, so a renamed copy
    (``alice.ipynb``) still works. On Colab the notebook is not a local file: the checks are
    taken from the running notebook (``google.colab`` returns its JSON) and written to
    ``tests_<stem>/``, which otter needs on Colab. While ``otter run`` grades, otter supplies
    the tests itself.
    """
    from ..grading import _require_otter

    otter = _require_otter()

    class Grader(otter.Notebook):
        """otter's Notebook without its ``.OTTER_LOG`` file (only ``grader.export`` reads it,
        and we do not use export: learners hand in the .ipynb itself)."""

        def _log_event(self, *args, **kwargs):
            pass

        def check(self, question, global_env=None):
            """otter's check, its failures led by their one-line reason (see ``lead_with_reason``)."""
            if global_env is None:
                global_env = inspect.currentframe().f_back.f_globals
            with checking(question):
                result = super().check(question, global_env)
            for case in getattr(result, "test_case_results", []):
                if not case.passed:
                    case.message = lead_with_reason(case.message or "")
            return result

    mark_session(notebook_globals(sys._getframe(1)))
    if getattr(otter.Notebook, "_grading_mode", False):
        return Grader(None)
    if "google.colab" in sys.modules:
        return _colab_grader(Grader, notebook)
    return Grader(_find_notebook(notebook))


def lead_with_reason(message: str) -> str:
    """otter's report of a failed check, its reason first: for an ``AssertionError`` (a check's
    ``require``: the message already names the broken rule) the reason alone, otter's doctest
    traceback hidden; for any other error (the learner's code raised) the error's line first, then
    the traceback, which says where."""
    import re

    found = re.findall(r"^\s*(?:[\w.]+\.)?(\w*(?:Error|Exception|Exit))(?:: (.*))?$", message, flags=re.M)
    if not found:
        return message
    kind, text = found[-1]
    if kind == "AssertionError" and text:
        return f"❌ {text}"
    return f"❌ {kind}: {text}\n\n(where it was raised:)\n{message}"


def _has_checks(path: pathlib.Path) -> bool:
    try:
        return bool(json.loads(path.read_text(encoding="utf-8"))["metadata"]["otter"]["tests"])
    except (OSError, ValueError, KeyError, TypeError):
        return False


def _find_notebook(notebook: str) -> str:
    running = os.environ.get("JPY_SESSION_NAME", "")
    for candidate in (running, notebook):
        if candidate and os.path.isfile(candidate) and _has_checks(pathlib.Path(candidate)):
            return candidate
    found = sorted(p.name for p in pathlib.Path.cwd().glob("*.ipynb") if _has_checks(p))
    if len(found) == 1:
        return found[0]
    if os.path.isfile(notebook):  # the solution (master) notebook: it has no checks to run
        return notebook
    raise RuntimeError(
        f"cannot tell which notebook holds the checks: {notebook!r} is not in {os.getcwd()} and "
        f"{len(found)} other notebooks with checks are ({', '.join(found) or 'none'}). Run the "
        f"exercise from exercises/ (not the solution), or name your copy: "
        f"grader = notebook_grader('alice.ipynb')"
    )


def _colab_grader(Grader, notebook: str):
    from google.colab import _message  # type: ignore[import-not-found]  # only on Colab

    nb = _message.blocking_request("get_ipynb", timeout_sec=30)["ipynb"]
    tests = nb.get("metadata", {}).get("otter", {}).get("tests", {})
    if not tests:
        raise RuntimeError(
            "this notebook carries no checks in its metadata; open the exercise from exercises/ "
            "(not the solution) and run the setup cell again"
        )
    tests_dir = pathlib.Path(f"tests_{pathlib.Path(notebook).stem}")
    tests_dir.mkdir(exist_ok=True)
    for name, test in tests.items():
        (tests_dir / f"{name}.py").write_text(f"OK_FORMAT = True\n\ntest = {test!r}\n")
    return Grader(tests_dir=str(tests_dir))


# --------------------------------------------------------------------------- hints, one at a time

_hints_seen: dict[tuple[str, str], int] = {}


def hint(module, question: str) -> str:
    """Print (and return) the next hint of ``question`` in an exercise module.

    Each exercise module defines ``HINTS = {"q1": ["first hint", "second", ...], ...}``.
    ``hint(ex01, "q1")`` shows hint 1 of 3, the next call hint 2 of 3, and so on; after the last
    one it says there are no more. The counter lives in this Python process (one per kernel:
    restarting the kernel starts the hints over). An unknown question raises ``KeyError`` naming
    the questions that have hints.
    """
    hints = getattr(module, "HINTS", None)
    name = getattr(module, "__name__", repr(module)).rsplit(".", 1)[-1]
    if not isinstance(hints, dict):
        raise TypeError(
            f"{name} has no HINTS: pass an exercise module (e.g. `from gpukit.course.exercises import "
            f"ex01` then hint(ex01, 'q1')), not {type(module).__name__}"
        )
    if question not in hints:
        known = ", ".join(repr(q) for q in hints) or "none"
        raise KeyError(
            f"{name} has no hints for question {question!r}; questions with hints: {known}"
        )
    items = list(hints[question])
    key = (getattr(module, "__name__", name), question)
    seen = _hints_seen.get(key, 0)
    if seen >= len(items):
        text = (
            f"{name} {question}: no more hints (you have seen all {len(items)}); "
            f"re-read them with hint_all({name}, {question!r})"
        )
    else:
        _hints_seen[key] = seen + 1
        text = f"{name} {question}, hint {seen + 1} of {len(items)}: {items[seen]}"
    print(text)
    return text


def hint_all(module, question: str) -> list[str]:
    """The hints of ``question`` seen so far (printed again, in order), without revealing more."""
    hints = getattr(module, "HINTS", None)
    name = getattr(module, "__name__", repr(module)).rsplit(".", 1)[-1]
    if not isinstance(hints, dict) or question not in hints:
        hint(module, question)  # raises the same clear error
    seen = _hints_seen.get((getattr(module, "__name__", name), question), 0)
    shown = list(hints[question])[:seen]
    for i, text in enumerate(shown, 1):
        print(f"{name} {question}, hint {i} of {len(hints[question])}: {text}")
    if not shown:
        print(f"{name} {question}: no hints seen yet; call hint({name}, {question!r})")
    return shown


def reset_hints() -> None:
    """Forget which hints were shown (as a kernel restart does)."""
    _hints_seen.clear()


def attribute_names(fn, objects: tuple = ()) -> dict:
    """``{id: (label, object, frozenset of its attribute names)}``, ``vars()``'s keys (private ones too; a tf.function's
    public ones only: its private ones are its traces, set on its first call), of what a learner's
    ``fn`` can put state on without a container of its own: the ``objects`` handed to it (``(label, object)`` pairs: the
    model, its variables), the notebook objects its code names (the set-up's ``loss_fn``) and their classes, and the
    classes and objects its code reads from a module (``tf.GradientTape``). ``attributes_added_problem`` compares them
    after the call. Issue 38, round 17 (03 q1/q4_wrong_r17_cache_on_loss_fn, 04 q3_wrong_r17_buffers_on_{loss_fn,
    variable,tape_class}, 04 q4_wrong_r17_pooled_accumulators_on_loss_fn: a cache or accumulators in
    ``loss_fn.__dict__``, a variable's or a TensorFlow class's). Names only: a few frozensets, microseconds."""
    import builtins
    import types

    found: dict = {}

    def add(label, value):
        if (value is None or value is fn or isinstance(value, types.ModuleType) or id(value) in found
                or getattr(value, "__module__", None) == builtins.__name__):
            return
        names = getattr(value, "__dict__", None)
        if isinstance(names, (dict, types.MappingProxyType)):
            found[id(value)] = (label, value, frozenset(names))

    for label, value in objects:
        add(label, value)
    func = getattr(fn, "__func__", fn)
    code = getattr(func, "__code__", None)
    if code is not None:
        names = _code_names(code)
        for name in sorted(names):
            value = func.__globals__.get(name)
            if name.startswith("__") or value is None:
                continue
            if isinstance(value, types.ModuleType):  # tf.GradientTape: one level, from the module's own namespace
                for attr in sorted(names):
                    inner = vars(value).get(attr)
                    if isinstance(inner, type) or (inner is not None and not callable(inner)):
                        add(f"{name}.{attr}", inner)
                continue
            add(f"the notebook's {name!r}", value)
            if not isinstance(value, type):
                add(f"the class of the notebook's {name!r}", type(value))
    return found


def attributes_added_problem(name: str, before: dict) -> str | None:
    """None unless an object ``attribute_names`` read has an attribute it had not then, else the sentence naming the
    rule (the attributes added are deleted: the object is put back as it was)."""
    added = []
    for label, value, names in before.values():
        traced = not isinstance(value, type) and callable(getattr(value, "get_concrete_function", None))
        new = sorted(k for k in set(vars(value)) - names if not (traced and k.startswith("_")))
        for k in new:
            try:
                delattr(value, k)
            except Exception:  # noqa: BLE001 - an attribute that cannot be deleted stays
                pass
        added += [f"{k!r} on {label}" for k in new]
    if not added:
        return None
    return (f"{name} added the attribute {', '.join(added[:2])} (state kept on an object the notebook gives it, e.g. a "
            f"cache or accumulators in its __dict__): the contract is it keeps nothing between calls and leaves the "
            f"objects it reads as it found them")
