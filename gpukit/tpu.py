"""TPUs (lesson 06): connect or fall back with a reason, and check on a CPU that a step will run on one.

``connect(tpu=None, *, timeout=5.0, fallback=False)`` returns a ``Choice`` (``strategy, reason``,
as ``gpukit.strategies.pick``):

1. Work out the address: ``tpu='local'`` (a TPU VM, which is what Colab's TPU runtimes are now),
   ``tpu='grpc://10.0.0.2:8470'`` or ``'10.0.0.2:8470'`` (an older Colab TPU node, whose runtime
   sets ``COLAB_TPU_ADDR``), or a Cloud TPU name. ``tpu=None`` reads the runtime's environment.
2. A network address is **probed with a socket and a timeout first**: TensorFlow's
   ``experimental_connect_to_cluster`` on an address nobody answers does not fail, it hangs for
   many minutes. A closed port fails within ``timeout`` seconds with ``TPUUnavailable``.
3. ``TPUClusterResolver`` → ``experimental_connect_to_cluster`` → ``initialize_tpu_system`` →
   ``TPUStrategy``. Without ``initialize_tpu_system`` TensorFlow fails later with an unhelpful
   ``IndexError``; with it, a machine without TPU says ``NotFoundError: TPUs not found``.
4. Anything failing raises ``TPUUnavailable`` naming the cause and the fix, or, with
   ``fallback=True``, returns the best strategy this machine has (``strategies.pick()``) and a
   reason that says why there is no TPU.

``readiness(step, dataset, *, cores=8)`` checks on a CPU what a TPU will refuse, and returns one
``Problem`` per finding with the line to change, plus ``notes`` on what would only run slowly:

* shapes (a problem): every dimension in ``dataset.element_spec`` must be known (TPUs compile one
  program per shape; a ``None`` batch dimension comes from ``batch(n)`` without ``drop_remainder=True``);
* batch split (a problem): the global batch must split evenly over the cores, so every core runs the
  same static shape;
* batch size (a note, performance only): a per-core batch that is not a multiple of 8 is padded up
  by XLA, and 128 per core fills the matrix units (the Cloud TPU performance guide: each core works
  on 8 x 128 vector registers; "batch size should be evenly divisible by 8 or 128");
* ops (a problem): the step is compiled with ``tf.function(jit_compile=True)`` *on the CPU* and run
  once on one batch (weights restored afterwards). That is a proxy, not the TPU compiler: it catches
  what no XLA backend compiles (``py_function``/``numpy_function``, string and iterator ops, all
  kernels that run Python or host code), naming the op and its line. It cannot prove the TPU will
  accept the rest: the CPU and TPU backends support different op sets and dtypes (e.g. float64
  works on a CPU, not on a TPU), and ``TPUStrategy`` can move some unsupported ops to the host
  (outside compilation) instead of failing. The real test is the first step on a TPU.
"""

from __future__ import annotations

import dataclasses
import linecache
import os
import re
import socket
import time

from . import strategies
from ._tf import tf

DEFAULT_PORT = 8470  # the gRPC port of a TPU node
TILE = 8  # per-core batch rows XLA pads up to on a TPU (8 x 128 vector registers): a performance rule
EFFICIENT_PER_CORE = 128  # the per-core batch the Cloud TPU performance guide names as efficient


class TPUUnavailable(RuntimeError):
    """No TPU could be reached; the message says why and what to do."""


# --------------------------------------------------------------------------- connecting


def parse_address(tpu: str):
    """``(host, port)`` for ``'grpc://host:port'`` / ``'host:port'``; ``None`` for ``'local'`` or a name."""
    if not isinstance(tpu, str):
        raise TypeError(f"tpu={tpu!r} must be a string: 'local', 'grpc://HOST:PORT' or a Cloud TPU name")
    if not tpu.strip():
        raise ValueError(
            "tpu='' : TPUClusterResolver needs a TPU to connect to (TensorFlow says 'Please provide a TPU "
            "Name to connect to.'). Fix: on a Colab TPU runtime or TPU VM pass tpu='local'; for a TPU node "
            "pass tpu='grpc://HOST:8470'; or leave tpu=None to read the runtime's environment")
    rest = tpu[len("grpc://"):] if tpu.startswith("grpc://") else tpu
    if tpu == "local" or (":" not in rest and not tpu.startswith("grpc://")):
        return None
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"tpu={tpu!r} is not an address; expected 'grpc://HOST:PORT', e.g. 'grpc://10.0.0.2:{DEFAULT_PORT}'")
    return host, int(port)


def probe(host: str, port: int, timeout: float = 5.0) -> float:
    """Open (and close) a TCP connection to ``host:port`` within ``timeout`` seconds; return the
    seconds it took, or raise ``TPUUnavailable`` (refused, unreachable or no answer)."""
    if not (isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and timeout > 0):
        raise ValueError(f"timeout={timeout!r} must be a positive number of seconds, e.g. 5.0")
    start = time.perf_counter()
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as e:  # ConnectionRefusedError, socket.timeout, gaierror, ...
        took = time.perf_counter() - start
        raise TPUUnavailable(
            f"no TPU answers at {host}:{port} ({type(e).__name__}: {e} after {took:.2f} s; "
            f"timeout {timeout} s). Connecting anyway would hang experimental_connect_to_cluster for minutes. "
            f"Fix: on Colab choose Runtime > Change runtime type > TPU and pass tpu='local'; "
            f"check the address, or pass fallback=True to train on what this machine has") from None
    return time.perf_counter() - start


def _from_environment():
    """The TPU the runtime advertises: COLAB_TPU_ADDR (TPU node), TPU_NAME, or a TPU VM -> 'local'."""
    from .runtime import accelerator

    if os.environ.get("COLAB_TPU_ADDR"):
        return "grpc://" + os.environ["COLAB_TPU_ADDR"]
    if os.environ.get("TPU_NAME"):
        return os.environ["TPU_NAME"]
    if accelerator() == "tpu":
        return "local"
    return None


def _tpu_strategy(tpu: str):
    resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu=tpu)
    tf.config.experimental_connect_to_cluster(resolver)
    tf.tpu.experimental.initialize_tpu_system(resolver)
    return tf.distribute.TPUStrategy(resolver)


def connect(tpu: str | None = None, *, timeout: float = 5.0, fallback: bool = False) -> strategies.Choice:
    """``TPUStrategy`` for ``tpu`` (see the module docstring), or with ``fallback=True`` the best
    strategy this machine has, with a one-line reason saying why there is no TPU."""
    try:
        target = tpu if tpu is not None else _from_environment()
        if target is None:
            raise TPUUnavailable(
                "this runtime has no TPU (no COLAB_TPU_ADDR, TPU_NAME or TPU device). Fix: on Colab choose "
                "Runtime > Change runtime type > TPU; or pass tpu='grpc://HOST:8470' / fallback=True")
        address = parse_address(target)
        if address is not None:
            probe(*address, timeout=timeout)
        try:
            strategy = _tpu_strategy(target)
        except (tf.errors.NotFoundError, tf.errors.UnavailableError, ValueError, RuntimeError, IndexError) as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise TPUUnavailable(
                f"TPU {target!r} did not start ({type(e).__name__}: {first}). Fix: run on a TPU runtime "
                f"(Colab: Runtime > Change runtime type > TPU) with tensorflow-tpu installed, or pass fallback=True") from None
    except TPUUnavailable as e:
        if not fallback:
            raise
        choice = strategies.pick()
        why = str(e).split(". Fix:")[0].split(". Connecting")[0]
        return strategies.Choice(choice.strategy, f"no TPU ({why}); fell back to {choice.reason}")
    return strategies.Choice(strategy, f"TPU {target!r}: TPUStrategy over {strategy.num_replicas_in_sync} TPU cores")


# --------------------------------------------------------------------------- readiness


@dataclasses.dataclass
class Problem:
    """One thing a TPU will refuse or run badly: what, and the line to change."""

    kind: str  # "shape", "batch" or "op"
    message: str
    fix: str  # the line to change (or write), as code
    where: str = ""  # "file:line" when known

    def __str__(self):
        at = f" [{self.where}]" if self.where else ""
        return f"{self.kind}: {self.message}{at}\n    change to: {self.fix}"


@dataclasses.dataclass
class Readiness:
    problems: list
    global_batch_size: int | None
    cores: int
    notes: list = dataclasses.field(default_factory=list)  # performance only: it runs, slower

    @property
    def ready(self) -> bool:
        return not self.problems

    def __str__(self):
        notes = "".join(f"\n  note: {n}" for n in self.notes)
        if self.ready:
            return (f"TPU-ready as far as a CPU can tell: static shapes, global batch {self.global_batch_size} "
                    f"splits evenly over {self.cores} core{'s' if self.cores != 1 else ''}, no op that no XLA backend "
                    f"compiles{notes}")
        return f"{len(self.problems)} problem(s) for a TPU:\n" + "\n".join(f"- {p}" for p in self.problems) + notes


def _static_problems(dataset, cores):
    problems, notes, batch = [], [], None
    specs = tf.nest.flatten(dataset.element_spec)
    batch_dims = {s.shape[0] if s.shape.rank else None for s in specs}
    if any(s.shape.rank is None or None in s.shape.as_list() for s in specs):
        unknown = [str(s.shape) for s in specs if s.shape.rank is None or None in s.shape.as_list()]
        if None in batch_dims:
            problems.append(Problem(
                "shape", f"the batch dimension is unknown ({', '.join(unknown)}): the last batch is smaller, "
                "so a TPU recompiles the step for it (or fails)",
                "dataset = dataset.batch(global_batch_size, drop_remainder=True)"))
        else:
            problems.append(Problem(
                "shape", f"a feature dimension is unknown ({', '.join(unknown)}): every new length is a new compilation",
                "dataset = dataset.padded_batch(global_batch_size, padded_shapes=FIXED_SHAPES, drop_remainder=True)"))
    known = {b for b in batch_dims if b is not None}
    if len(known) == 1:
        batch = known.pop()
        unit = TILE * cores
        if batch % cores:
            good = max(cores, round(batch / cores) * cores)
            problems.append(Problem(
                "batch", f"global batch {batch} does not split evenly over {cores} cores ({batch / cores:g} "
                f"rows each): every core must run the same static shape",
                f"global_batch_size = {good}  # {good // cores} per core"))
        elif batch % unit:
            good = max(unit, round(batch / unit) * unit)
            notes.append(f"{batch // cores} rows per core is not a multiple of {TILE}: XLA pads each core's batch "
                         f"up to one (wasted work); global_batch_size = {good} avoids it")
        elif batch // cores < EFFICIENT_PER_CORE:
            notes.append(f"{batch // cores} rows per core: fine, but the matrix units are fullest from "
                         f"{EFFICIENT_PER_CORE} per core (global batch {EFFICIENT_PER_CORE * cores}), memory allowing")
    return problems, notes, batch


_NODE = re.compile(r"\{\{node ([^}]+)\}\}")
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def _op_problem(error: Exception, step) -> Problem:
    text = str(error)
    nodes = sorted(set(_NODE.findall(text)))
    code = getattr(step, "__code__", None)
    where, line = "", ""
    for path, lineno, _func in _FRAME.findall(text):
        if code is not None and os.path.basename(path) == os.path.basename(code.co_filename):
            where = f"{os.path.basename(path)}:{lineno}"
            line = linecache.getline(code.co_filename, int(lineno)).strip()
    op = ", ".join(nodes) or "an op"
    hint = ("py_function/numpy_function run Python on the host: rewrite with TensorFlow ops"
            if any("PyFunc" in n for n in nodes) else "replace it with TensorFlow ops XLA supports, or move it into the input pipeline")
    message = f"XLA cannot compile {op}" + (f": `{line}`" if line else "")
    return Problem("op", message, f"# {hint}" if not line else f"{line}  ->  {hint}", where)


def readiness(step, dataset, *, cores: int = 8) -> Readiness:
    """Check ``step(*batch)`` (or ``step(batch)`` for a single tensor) on ``dataset`` for a TPU
    with ``cores`` cores (1 on the v5e-1 Colab lends since 2025, 8 on a v5e-8). Runs the step once,
    XLA-compiled, on the CPU,
    and restores every variable it changed. Returns a ``Readiness`` (``.ready``, ``.problems``)."""
    from ._args import whole

    whole("cores", cores, what="TPU cores: 1 on Colab's v5e-1, 8 on a v5e-8")
    if not isinstance(dataset, tf.data.Dataset):
        raise TypeError(f"dataset must be a batched tf.data.Dataset, got {type(dataset).__name__}")
    problems, notes, batch = _static_problems(dataset, cores)
    python_step = getattr(step, "python_function", step)
    compiled = tf.function(python_step, jit_compile=True)
    element = next(iter(dataset))
    args = tuple(element) if isinstance(element, (tuple, list)) else (element,)
    concrete = compiled.get_concrete_function(*args)
    saved = [(v, v.numpy()) for v in concrete.variables]
    try:
        compiled(*args)
    except (tf.errors.InvalidArgumentError, tf.errors.UnimplementedError) as e:
        problems.append(_op_problem(e, python_step))
    finally:
        for v, value in saved:
            v.assign(value)
    return Readiness(problems=problems, global_batch_size=batch, cores=cores, notes=notes)
