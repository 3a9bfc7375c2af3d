"""TF_CONFIG from a SLURM job step (lesson 02's worker program on an HPC cluster; docs/cluster.md).

``srun`` starts one process per task and tells each, in environment variables, its rank
(``SLURM_PROCID``), the step's nodes in SLURM's compressed form (``SLURM_STEP_NODELIST``, e.g.
``node[01-03]``) and how many tasks run on each (``SLURM_STEP_TASKS_PER_NODE``, e.g. ``2(x3)``).
``slurm_tf_config(environ)`` turns that into the TF_CONFIG of this task with TensorFlow's own
``tf.distribute.cluster_resolver.SlurmClusterResolver`` (it expands the node list itself; no
``scontrol`` needed): every task is a ``worker``, tasks on one node get ports
``port_base, port_base + 1, ...``, worker 0 is the chief. The resolver assumes SLURM's default
block distribution: ranks fill the nodes in sorted order (checked against ``SLURMD_NODENAME``).

GPUs: the resolver can also pick ``CUDA_VISIBLE_DEVICES`` for each task; we leave that to SLURM
(``--gpus-per-task`` / ``--gpu-bind``), so this function changes no environment variable.
"""

from __future__ import annotations

import contextlib
import os

from . import tfconfig
from .._args import whole

# What SlurmClusterResolver reads. SLURM_PROCID is also set in the batch script itself (rank 0 of
# the batch step); SLURM_STEP_NODELIST and SLURM_STEP_TASKS_PER_NODE only inside an srun step.
REQUIRED = ("SLURM_PROCID", "SLURM_STEP_NODELIST", "SLURM_STEP_TASKS_PER_NODE")
OPTIONAL = ("SLURM_STEP_NUM_TASKS",)


@contextlib.contextmanager
def _slurm_environment(environ):
    """Make os.environ's SLURM_* variables those of ``environ`` inside the block (the resolver
    reads os.environ only), then put the old ones back."""
    keys = REQUIRED + OPTIONAL
    saved = {k: os.environ.get(k) for k in keys}
    try:
        for k in keys:
            if environ.get(k) is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = str(environ[k])
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def slurm_tf_config(environ=None, *, port_base: int = 8888) -> dict:
    """This task's TF_CONFIG dict, from the SLURM step environment ``environ`` (default
    ``os.environ``). ``RuntimeError`` outside an ``srun`` step; ``ValueError`` for variables
    SLURM would not write. Put ``json.dumps(...)`` of it in ``TF_CONFIG`` before TensorFlow starts
    in the task (``python -m gpukit launch --slurm`` does that)."""
    environ = os.environ if environ is None else environ
    whole("port_base", port_base)
    missing = [k for k in REQUIRED if not environ.get(k)]
    if missing:
        raise RuntimeError(
            f"not inside a SLURM job step: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not set. "
            f"Start one task per worker with srun inside an sbatch script (srun sets them; the batch "
            f"script alone does not), see docs/cluster.md")
    try:
        rank = int(environ["SLURM_PROCID"])
    except ValueError:
        raise ValueError(f"SLURM_PROCID={environ['SLURM_PROCID']!r} is not a task rank (0, 1, ...)") from None
    from .._tf import tf  # the resolver lives in TensorFlow; this process only builds a string

    with _slurm_environment(environ):
        try:
            resolver = tf.distribute.cluster_resolver.SlurmClusterResolver(
                port_base=port_base, auto_set_gpu=False,
                # one "GPU slot" per task on the fullest node, so the resolver keeps every task
                gpus_per_node=_max_tasks_per_node(environ["SLURM_STEP_TASKS_PER_NODE"]), gpus_per_task=1)
            spec = resolver.cluster_spec().as_dict()
        except (ValueError, RuntimeError) as e:
            raise ValueError(f"SlurmClusterResolver cannot read this step ({e}): SLURM_STEP_NODELIST="
                             f"{environ['SLURM_STEP_NODELIST']!r}, SLURM_STEP_TASKS_PER_NODE="
                             f"{environ['SLURM_STEP_TASKS_PER_NODE']!r}") from None
    workers = spec.get("worker", [])
    if not 0 <= rank < len(workers):
        raise ValueError(f"SLURM_PROCID={rank} but the step has {len(workers)} tasks "
                         f"(SLURM_STEP_TASKS_PER_NODE={environ['SLURM_STEP_TASKS_PER_NODE']!r})")
    if max(int(a.rsplit(":", 1)[1]) for a in workers) > 65535:
        raise ValueError(f"port_base={port_base} leaves no room for every task's port (<= 65535)")
    host = workers[rank].rsplit(":", 1)[0]
    node = environ.get("SLURMD_NODENAME")  # the node this task runs on, when SLURM says
    if node and node != host:
        raise ValueError(f"task {rank} runs on {node} but SlurmClusterResolver placed it on {host}: the resolver "
                         f"assumes SLURM's default block distribution (ranks fill the nodes in sorted order); "
                         f"start the step with srun --distribution=block")
    return tfconfig.tf_config({"worker": workers}, "worker", rank)


def _max_tasks_per_node(tasks_per_node: str) -> int:
    from .._tf import tf  # noqa: F401  (loads the resolver module quietly)
    from tensorflow.python.distribute.cluster_resolver.slurm_cluster_resolver import expand_tasks_per_node

    try:
        return max(expand_tasks_per_node(tasks_per_node))
    except (ValueError, IndexError) as e:
        raise ValueError(f"SLURM_STEP_TASKS_PER_NODE={tasks_per_node!r} is not SLURM's format "
                         f"(e.g. '2(x3),1'): {e}") from None
