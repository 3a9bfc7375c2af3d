"""TF_CONFIG on one machine or many: the ports, the cluster spec, each task's JSON (lesson 02).

Pure Python, no TensorFlow: ``local_cluster`` picks free ports on 127.0.0.1, ``tf_config(cluster,
task_type, task_index)`` builds and validates the JSON every process needs *in its environment
before TensorFlow starts*; the same function builds TF_CONFIG on a real cluster from a host list
(docs/cluster.md: SLURM, Kubernetes). ``WorkerContext`` is what a task's target gets: the
supervisor's context plus its TF task.

Lesson 02's ``gpukit.cluster`` re-exports every name here and runs its worker programs on them;
the launcher (``python -m gpukit launch``, ``slurm``, ``ray_train``) uses this module, so nothing in
``gpukit.launch`` imports ``gpukit.cluster`` back.
"""

from __future__ import annotations

import dataclasses
import random
import re
import socket

from .._args import whole
from .supervisor import Context

HOST = "127.0.0.1"
ROLES = ("chief", "worker", "ps", "evaluator")
EPHEMERAL_RANGE_FILE = "/proc/sys/net/ipv4/ip_local_port_range"
LOWEST_PORT = 10000  # below: well-known and registered services


def _ephemeral_start(path: str = EPHEMERAL_RANGE_FILE) -> int | None:
    """The first port of the kernel's ephemeral range (Linux; None elsewhere or unreadable)."""
    try:
        with open(path) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def free_ports(n: int, host: str = HOST) -> list[int]:
    """``n`` distinct ports that are free on ``host`` right now.

    Between this pick and the servers' bind (seconds: the tasks import TensorFlow first) the
    port is nobody's. A port of the ephemeral range can then be taken as the *source* port of
    any outgoing connection on the machine (gRPC's, a browser's, another cluster's) and the
    server cannot bind it. So on Linux the ports are drawn at random from below that range
    (LOWEST_PORT up to it), where the kernel never hands out ports by itself; each is checked
    free by binding it. Elsewhere, or if no such port is free, the OS picks (port 0).
    """
    start = _ephemeral_start()
    ports: list[int] = []
    if start is not None and start - LOWEST_PORT >= 4 * n:
        for port in random.SystemRandom().sample(range(LOWEST_PORT, start), min(start - LOWEST_PORT, 64 * n)):
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                try:
                    s.bind((host, port))
                except OSError:
                    continue
            ports.append(port)
            if len(ports) == n:
                return ports
    sockets = []  # the rest from the OS: ephemeral ports, so none equals a port drawn above
    try:
        for _ in range(n - len(ports)):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((host, 0))
            sockets.append(s)
        return ports + [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def check_port_free(host: str, port: int) -> None:
    """Raise ``RuntimeError`` if something on this machine already listens on ``host:port``.

    gRPC binds with SO_REUSEPORT, so a second TensorFlow server on a busy port may *not*
    fail: two processes would silently share it. Check before launching instead.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError as e:
            raise RuntimeError(
                f"port {port} on {host} is already in use ({e.strerror}); stop the process "
                f"that holds it (`ss -ltnp | grep {port}`) or pass ports=None to pick free ports"
            ) from None


def local_cluster(num_workers: int, num_ps: int = 0, host: str = HOST, ports=None) -> dict:
    """The ``cluster`` part of TF_CONFIG for a cluster on one machine.

    ``num_ps == 0``: ``num_workers`` workers (MultiWorkerMirroredStrategy; worker 0 is the chief).
    ``num_ps > 0``: one chief (the coordinator), ``num_ps`` parameter servers and ``num_workers``
    workers (ParameterServerStrategy). ``ports`` (one per task, in that order) default to
    free ports.
    """
    whole("num_workers", num_workers)
    whole("num_ps", num_ps, minimum=0)
    n_tasks = num_workers + (1 + num_ps if num_ps else 0)
    if ports is None:
        ports = free_ports(n_tasks, host)
    ports = list(ports)
    if len(ports) != n_tasks:
        raise ValueError(f"got {len(ports)} ports for {n_tasks} tasks; pass one port per task or ports=None")
    addresses = [f"{host}:{p}" for p in ports]
    if not num_ps:
        cluster = {"worker": addresses}
    else:
        cluster = {"chief": addresses[:1], "ps": addresses[1:1 + num_ps], "worker": addresses[1 + num_ps:]}
    validate_cluster(cluster)
    return cluster


def validate_cluster(cluster: dict) -> None:
    """Raise ``ValueError`` naming the problem when ``cluster`` is not a usable cluster spec."""
    if not isinstance(cluster, dict) or not cluster:
        raise ValueError(f"cluster must be a dict like {{'worker': ['host:port', ...]}}, got {cluster!r}")
    unknown = sorted(set(cluster) - set(ROLES))
    if unknown:
        raise ValueError(f"unknown task types {unknown}; use {list(ROLES)}")
    if "worker" not in cluster and "chief" not in cluster:
        raise ValueError("the cluster has no 'worker' (or 'chief') task: add 'worker': ['host:port', ...]")
    if "ps" in cluster and "chief" not in cluster:
        raise ValueError("a parameter-server cluster needs a 'chief' task (the coordinator): "
                         "add 'chief': ['host:port']")
    if "ps" in cluster and "worker" not in cluster:
        raise ValueError("a parameter-server cluster needs 'worker' tasks: add 'worker': ['host:port', ...]")
    seen = {}
    for role, addresses in cluster.items():
        if isinstance(addresses, str) or not isinstance(addresses, (list, tuple)) or not addresses:
            raise ValueError(f"cluster[{role!r}] must be a non-empty list of 'host:port' strings")
        if role in ("chief", "evaluator") and len(addresses) != 1:
            raise ValueError(f"cluster[{role!r}] must have exactly one address, got {len(addresses)}")
        for i, address in enumerate(addresses):
            m = re.fullmatch(r"([^:\s]+):(\d+)", str(address))
            if not m or not 0 < int(m.group(2)) < 65536:
                raise ValueError(f"{role} {i}: {address!r} is not 'host:port' with a port in 1..65535")
            if address in seen:
                raise ValueError(
                    f"duplicate address {address}: used by {seen[address]} and {role} {i}; "
                    f"every task needs its own host:port"
                )
            seen[address] = f"{role} {i}"


def tf_config(cluster: dict, task_type: str, task_index: int) -> dict:
    """The TF_CONFIG dict for one task: ``{"cluster": ..., "task": {"type": ..., "index": ...}}``.

    Put ``json.dumps(...)`` of it in the task's ``TF_CONFIG`` environment variable before the
    process imports TensorFlow. Raises ``ValueError`` for a bad cluster, a task type that is not
    in it, or an index out of range.
    """
    validate_cluster(cluster)
    if task_type not in cluster:
        raise ValueError(f"task type {task_type!r} is not in the cluster (it has {sorted(cluster)})")
    n = len(cluster[task_type])
    if isinstance(task_index, bool) or not isinstance(task_index, int) or not 0 <= task_index < n:
        raise ValueError(f"task index {task_index!r} is out of range for {task_type!r}: "
                         f"the cluster has {n} (indices 0..{n - 1})")
    return {"cluster": {k: list(v) for k, v in cluster.items()}, "task": {"type": task_type, "index": task_index}}


def is_chief(config: dict) -> bool:
    """The chief writes checkpoints: the 'chief' task, or worker 0 when there is no chief."""
    task = config["task"]
    return task["type"] == "chief" or (task["type"] == "worker" and task["index"] == 0
                                       and "chief" not in config["cluster"])


@dataclasses.dataclass
class WorkerContext(Context):
    """What ``target(ctx, ...)`` gets in each task: the launcher's context plus the TF task."""

    task_type: str = "worker"
    task_index: int = 0
    tf_config: dict = dataclasses.field(default_factory=dict)

    @property
    def is_chief(self) -> bool:
        return is_chief(self.tf_config)

    @property
    def num_workers(self) -> int:
        return len(self.tf_config["cluster"].get("worker", []))
