"""Device set-up: virtual CPUs on a laptop, memory growth or logical splits on a GPU.

Lesson 01 (and every lesson after it) starts with ``gpukit.devices.setup(virtual=4)``:

* on a machine with no GPU it turns the one physical CPU into ``virtual`` logical CPUs,
  so ``MirroredStrategy`` has several replicas to mirror over;
* on GPUs it turns on memory growth (TensorFlow then takes memory as it needs it instead
  of grabbing the whole card); with one GPU and ``memory_limits=[...]`` it splits that
  GPU into logical GPUs of the given sizes (lesson 03 uses this for a heterogeneous rig);
* on a TPU runtime it does nothing: the TPU cores are the replicas.

TensorFlow fixes its device layout the first time anything touches a device. After that a
*different* layout cannot be set in the same process, so ``setup`` is safe to call twice
with the same request and raises a ``RuntimeError`` that says "restart the kernel" when
the request changes. ``describe()`` reports what is there.
"""

from __future__ import annotations

import dataclasses
import numbers

from ._tf import silenced_stderr, tf

_last_request: dict | None = None


@dataclasses.dataclass(frozen=True)
class Device:
    """One logical device as TensorFlow will use it."""

    name: str  # e.g. "/device:CPU:1"
    kind: str  # "CPU", "GPU" or "TPU"
    memory_limit_mb: int | None = None  # only logical GPUs carry one

    def __str__(self) -> str:
        memory = f" ({self.memory_limit_mb} MB)" if self.memory_limit_mb else ""
        return f"{self.name}{memory}"


def _check_virtual(virtual) -> int:
    if isinstance(virtual, bool) or not isinstance(virtual, numbers.Integral):
        raise ValueError(
            f"virtual={virtual!r} must be a whole number of devices (an int >= 1), "
            f"e.g. gpukit.devices.setup(virtual=4)"
        )
    if virtual < 1:
        raise ValueError(
            f"virtual={virtual} asks for no devices; use virtual=1 for one device or "
            f"virtual=2..8 to practise distribution on a laptop"
        )
    return int(virtual)


def _check_memory_limits(memory_limits, virtual: int) -> list[int] | None:
    if memory_limits is None:
        return None
    limits = list(memory_limits)
    if not limits or any(
        isinstance(m, bool) or not isinstance(m, numbers.Real) or not m > 0 for m in limits
    ):
        raise ValueError(
            f"memory_limits={memory_limits!r} must be a non-empty list of positive sizes in MB, "
            f"one per logical GPU, e.g. memory_limits=[2048, 1024]"
        )
    if virtual not in (1, len(limits)):
        raise ValueError(
            f"virtual={virtual} but {len(limits)} memory_limits were given; pass one limit "
            f"per logical device (or leave virtual at its default)"
        )
    return [int(m) for m in limits]


def physical() -> dict[str, int]:
    """Count the physical devices by kind, e.g. ``{"CPU": 1, "GPU": 0, "TPU": 0}``."""
    with silenced_stderr():  # the first CUDA probe prints "failed call to cuInit" on CPU-only hosts
        return {kind: len(tf.config.list_physical_devices(kind)) for kind in ("CPU", "GPU", "TPU")}


# One GPU and virtual > 1 (Colab): split it into this many MB per logical GPU so a lesson still
# has replicas to mirror over. Not run here (no GPU): reasoned from TensorFlow's documented
# logical-GPU API; 1 GiB each fits every lesson's default model on a 16 GB card.
SPLIT_MB = 1024


def _request(virtual: int, memory_growth: bool, memory_limits: list[int] | None) -> dict:
    counts = physical()
    if counts["TPU"]:
        return {"kind": "TPU"}
    if counts["GPU"] == 1 and memory_limits:
        return {"kind": "GPU-split", "memory_limits": memory_limits}
    if counts["GPU"] == 1 and virtual > 1:
        return {"kind": "GPU-split", "memory_limits": [SPLIT_MB] * virtual}
    if counts["GPU"]:
        return {"kind": "GPU", "memory_growth": bool(memory_growth)}
    return {"kind": "CPU", "virtual": virtual}


def setup(virtual: int = 4, memory_growth: bool = True, memory_limits=None,
          deterministic: bool = False) -> list[Device]:
    """Configure the devices of this process once; return the logical devices.

    Args:
        virtual: on a machine without GPU, how many logical CPUs to make (>= 1); on a machine
            with exactly one GPU, how many logical GPUs to split it into (``SPLIT_MB`` each), so
            a lesson still mirrors over several replicas there.
        memory_growth: on GPUs, allocate memory as needed instead of all at start.
        memory_limits: on a single GPU, split it into logical GPUs of these sizes (MB),
            e.g. ``[2048, 1024]`` for a 2 GB + 1 GB rig. Ignored on CPU, where TensorFlow
            cannot limit memory (lesson 03 simulates capacities there instead).
        deterministic: also call ``comparison_mode()`` (TF32 off, deterministic ops), what every
            lesson's "equals one device" check needs on a GPU.

    Raises:
        ValueError: a malformed request (``virtual`` not an int >= 1, bad limits).
        RuntimeError: TensorFlow already started with a different layout: restart the kernel.
    """
    global _last_request
    virtual = _check_virtual(virtual)
    limits = _check_memory_limits(memory_limits, virtual)
    request = _request(virtual, memory_growth, limits)
    if deterministic:
        comparison_mode()
    if request == _last_request:
        return describe(verbose=False)
    try:
        with silenced_stderr():
            _apply(request)
    except RuntimeError as err:
        before = _last_request or _current_layout()
        raise RuntimeError(
            f"TensorFlow has already set up its devices ({before}); it cannot change to "
            f"{request} in a running process. Restart the kernel (Kernel > Restart) and run "
            f"the setup cell first, before anything else touches TensorFlow. [{err}]"
        ) from None
    _last_request = request
    return describe(verbose=False)


def _current_layout() -> dict:
    cpu = tf.config.list_physical_devices("CPU")[0]
    configured = tf.config.get_logical_device_configuration(cpu)
    return {"kind": "CPU", "virtual": len(configured) if configured else 1}


def _apply(request: dict) -> None:
    kind = request["kind"]
    if kind == "TPU":
        return
    if kind == "CPU":
        cpu = tf.config.list_physical_devices("CPU")[0]
        wanted = [tf.config.LogicalDeviceConfiguration() for _ in range(request["virtual"])]
        if tf.config.get_logical_device_configuration(cpu) == wanted:
            return
        if request["virtual"] == 1 and tf.config.get_logical_device_configuration(cpu) is None:
            return
        tf.config.set_logical_device_configuration(cpu, wanted)
        return
    gpus = tf.config.list_physical_devices("GPU")
    if kind == "GPU-split":
        tf.config.set_logical_device_configuration(
            gpus[0], [tf.config.LogicalDeviceConfiguration(memory_limit=m) for m in request["memory_limits"]]
        )
        return
    for gpu in gpus:
        if tf.config.experimental.get_memory_growth(gpu) != request["memory_growth"]:
            tf.config.experimental.set_memory_growth(gpu, request["memory_growth"])


def comparison_mode() -> dict:
    """Make a distributed result comparable number by number with a one-device one; return the settings.

    * TF32 off: on Ampere and newer GPUs TensorFlow runs float32 matmuls and convolutions in
      TF32 by default (10-bit mantissa), so two correct runs differ by ~1e-3 instead of ~1e-7.
    * Op determinism on: GPU kernels such as cuDNN convolutions' backward or scatter ops may
      sum in a different order each run.
    On a CPU both are already true; the settings are set here too so the same check cell runs
    unchanged on every machine. The third condition, the same XLA setting on both sides, is the
    caller's: Keras' ``jit_compile="auto"`` turns XLA on for ``fit`` without a strategy on a GPU
    and off under one, so compare with ``jit_compile=False`` on both sides (lessons do).
    Safe to call more than once and after TensorFlow started.
    """
    tf.config.experimental.enable_tensor_float_32_execution(False)
    tf.config.experimental.enable_op_determinism()
    return {"tf32": tf.config.experimental.tensor_float_32_execution_enabled(), "op_determinism": True}


def gpu_memory_mb(timeout: float = 10.0) -> list[int] | None:
    """Total memory (MB) of each physical GPU TensorFlow uses, or ``None`` if it cannot be read.

    TensorFlow reports no total memory per card, so this asks ``nvidia-smi`` (NVIDIA only;
    ``timeout`` seconds at most) and keeps the cards listed in ``CUDA_VISIBLE_DEVICES`` when
    it holds indices. ``None`` (no GPU, no nvidia-smi, another vendor, UUIDs in
    ``CUDA_VISIBLE_DEVICES``, or a count that differs from TensorFlow's) means "use your own
    list" (lesson 03's ``RIG_MB``). nvidia-smi lists cards in PCI bus order; CUDA numbers them
    the same way only with ``CUDA_DEVICE_ORDER=PCI_BUS_ID`` (else fastest first), which
    matters only for cards of different sizes: print the result and compare. Not run on a GPU
    here (the project's machines have none); the parsing is tested with nvidia-smi's output.
    """
    import os
    import shutil

    from .launch.processes import tool_output

    count = physical()["GPU"]
    if not count or shutil.which("nvidia-smi") is None:
        return None
    out = tool_output(["nvidia-smi", "--query-gpu=index,memory.total", "--format=csv,noheader,nounits"], timeout)
    if out is None:
        return None
    return parse_gpu_memory(out, os.environ.get("CUDA_VISIBLE_DEVICES"), count)


def parse_gpu_memory(nvidia_smi_csv: str, visible: str | None, count: int) -> list[int] | None:
    """Sizes (MB) from ``nvidia-smi --query-gpu=index,memory.total --format=csv,noheader,nounits``."""
    try:
        sizes = {int(i): int(float(mb)) for i, mb in (line.split(",") for line in nvidia_smi_csv.strip().splitlines())}
    except ValueError:
        return None
    if visible is not None and visible.strip():
        try:
            order = [int(v) for v in visible.split(",")]
        except ValueError:  # UUIDs or MIG names: cannot map them to rows here
            return None
        chosen = [sizes[i] for i in order if i in sizes]
    else:
        chosen = [sizes[i] for i in sorted(sizes)]
    return chosen if len(chosen) == count else None


def logical() -> list[Device]:
    """The logical devices TensorFlow will place work on (initialises TensorFlow)."""
    with silenced_stderr():
        found = tf.config.list_logical_devices()
    limits = (_last_request or {}).get("memory_limits") or []
    devices = []
    for d in found:
        if d.device_type not in ("CPU", "GPU", "TPU"):
            continue
        index = int(d.name.rsplit(":", 1)[1])
        limit = limits[index] if d.device_type == "GPU" and index < len(limits) else None
        devices.append(Device(d.name, d.device_type, limit))
    return devices


def replica_devices() -> list[str]:
    """The devices a data-parallel strategy should mirror over: accelerators, else CPUs."""
    devices = logical()
    for kind in ("TPU", "GPU", "CPU"):
        chosen = [d.name for d in devices if d.kind == kind]
        if chosen:
            return chosen
    raise RuntimeError("TensorFlow reports no devices at all; run `python -m gpukit doctor`")


def describe(verbose: bool = True) -> list[Device]:
    """List the logical devices; with ``verbose`` print one line per device."""
    devices = logical()
    if verbose:
        counts = physical()
        print(
            f"physical: {counts['CPU']} CPU, {counts['GPU']} GPU, {counts['TPU']} TPU -> "
            f"{len(devices)} logical device(s):"
        )
        for d in devices:
            print(f"  {d}")
    return devices
