"""Batch arithmetic, pure Python (no TensorFlow): how a global batch splits over replicas
and micro-batches. Every lesson prints these; planning code uses them anywhere.

* ``BatchSizes`` / ``batch_sizes``: ``global_batch_size = per_replica_batch_size x num_replicas``
  (lesson 01; re-exported by ``gpukit.data``).
* ``AccumSizes`` / ``accum_sizes`` / ``smallest_accum_steps``: the same with ``accum_steps``
  micro-batches per update (lesson 04; re-exported by ``gpukit.accumulation``).
* ``even`` / ``apportion`` / ``largest_remainder`` / ``check_capacities``: equal and
  capacity-proportional integer splits (lesson 03; ``gpukit.memory.plan`` builds on them).

Each check raises ``ValueError`` naming sizes that work.
"""

from __future__ import annotations

import dataclasses
import math
import numbers

from ._args import whole


@dataclasses.dataclass(frozen=True)
class BatchSizes:
    """The batch arithmetic of data parallelism: ``global = per_replica x num_replicas``."""

    global_batch_size: int
    per_replica_batch_size: int
    num_replicas: int

    def __str__(self) -> str:
        return (
            f"global_batch_size = per_replica_batch_size x num_replicas = "
            f"{self.per_replica_batch_size} x {self.num_replicas} = {self.global_batch_size}"
        )


def batch_sizes(num_replicas: int, global_batch_size=None, per_replica_batch_size=None) -> BatchSizes:
    """Work out and check the batch arithmetic from either batch size.

    Raises ``ValueError`` when the global batch does not split evenly over the replicas,
    naming the nearest sizes that do.
    """
    num_replicas = whole("num_replicas", num_replicas)
    if (global_batch_size is None) == (per_replica_batch_size is None):
        raise ValueError("give exactly one of global_batch_size or per_replica_batch_size")
    if per_replica_batch_size is not None:
        per = whole("per_replica_batch_size", per_replica_batch_size)
        return BatchSizes(per * num_replicas, per, num_replicas)
    gb = whole("global_batch_size", global_batch_size)
    if gb < num_replicas:
        raise ValueError(
            f"global_batch_size={gb} is smaller than num_replicas={num_replicas}: some replicas "
            f"would get no examples; use at least {num_replicas}"
        )
    if gb % num_replicas:
        lower = gb - gb % num_replicas
        upper = lower + num_replicas
        raise ValueError(
            f"global_batch_size={gb} is not divisible by num_replicas={num_replicas}; "
            f"use {lower} or {upper} (or pass capacities=... for uneven shards, lesson 03)"
        )
    return BatchSizes(gb, gb // num_replicas, num_replicas)


@dataclasses.dataclass(frozen=True)
class AccumSizes:
    """The batch arithmetic of accumulation under data parallelism."""

    global_batch_size: int  # examples per weight update
    micro_batch_size: int  # examples per micro-step, all replicas together
    per_replica_batch_size: int  # examples per micro-step on one replica
    num_replicas: int
    accum_steps: int

    def __str__(self) -> str:
        return (
            f"global_batch_size = per_replica_batch_size x num_replicas x accum_steps = "
            f"{self.per_replica_batch_size} x {self.num_replicas} x {self.accum_steps} = "
            f"{self.global_batch_size}"
        )


def check_accum_steps(accum_steps) -> int:
    """Return ``accum_steps`` as an int, or raise ``ValueError`` naming the fix."""
    whole_number = not isinstance(accum_steps, bool) and isinstance(accum_steps, numbers.Integral)
    if not whole_number or accum_steps < 1:
        what = ("must be >= 1 (the number of micro-batches added up per update)" if whole_number else
                "must be a whole number of micro-batches per update (an int >= 1, e.g. accum_steps=4)")
        raise ValueError(f"accum_steps={accum_steps!r} {what}; use 1 for plain training")
    return int(accum_steps)


def accum_sizes(num_replicas: int, global_batch_size: int, accum_steps: int) -> AccumSizes:
    """Split ``global_batch_size`` into ``accum_steps`` micro-batches over ``num_replicas``.

    Raises ``ValueError`` (naming nearby sizes that work) unless
    ``global_batch_size = per_replica_batch_size x num_replicas x accum_steps`` exactly.
    """
    k = check_accum_steps(accum_steps)
    whole("num_replicas", num_replicas)
    gb = whole("global_batch_size", global_batch_size)
    if gb % k:
        lower = gb - gb % k
        raise ValueError(
            f"global_batch_size={gb} cannot be split into accum_steps={k} equal micro-batches; "
            f"use global_batch_size={lower or k} or {lower + k}, or another accum_steps"
        )
    try:
        micro = batch_sizes(num_replicas, global_batch_size=gb // k)
    except ValueError as err:
        step = num_replicas * k
        lower = gb - gb % step
        raise ValueError(
            f"global_batch_size={gb} with accum_steps={k} gives micro-batches of {gb // k}, "
            f"which do not split over num_replicas={num_replicas} ({err}); use "
            f"global_batch_size={lower or step} or {lower + step} (a multiple of "
            f"num_replicas x accum_steps = {step})"
        ) from None
    return AccumSizes(gb, micro.global_batch_size, micro.per_replica_batch_size, micro.num_replicas, k)


def smallest_accum_steps(global_batch_size: int, num_replicas: int, max_per_replica_batch_size: int) -> int:
    """The fewest ``accum_steps`` whose micro-batches fit a device that holds at most
    ``max_per_replica_batch_size`` examples (a memory limit), with the global batch split
    exactly. Raises ``ValueError`` when no split exists. Exercise 04, question 1.

    >>> smallest_accum_steps(256, num_replicas=4, max_per_replica_batch_size=24)  # 16 per replica
    4
    """
    gb = whole("global_batch_size", global_batch_size)
    r = whole("num_replicas", num_replicas)
    most = whole("max_per_replica_batch_size", max_per_replica_batch_size)
    if gb % r == 0:  # k = gb / r (one example per replica) always works; start at the least that could fit
        for k in range(max(1, -(-gb // (r * most))), gb // r + 1):
            if gb % (r * k) == 0:
                return k
    raise ValueError(
        f"global_batch_size={gb} cannot be split over num_replicas={r} into micro-batches of at most "
        f"{most} per replica; use a global batch that is a multiple of num_replicas={r}"
    )


def check_global_batch(global_batch_size, num_replicas: int) -> int:
    """``global_batch_size`` as an int, or ``ValueError`` if it is not one or smaller than ``num_replicas``."""
    whole("global_batch_size", global_batch_size)
    if global_batch_size < num_replicas:
        raise ValueError(
            f"global_batch_size={global_batch_size} is smaller than the {num_replicas} replicas: some replica "
            f"would get no example; use global_batch_size >= {num_replicas} or fewer devices"
        )
    return int(global_batch_size)


def even(global_batch_size: int, num_replicas: int) -> list[int]:
    """The usual split: equal shares (the first ``global % replicas`` get one more)."""
    gb = check_global_batch(global_batch_size, num_replicas)
    base, extra = divmod(gb, num_replicas)
    return [base + (r < extra) for r in range(num_replicas)]


def contiguous(sizes) -> list[tuple[int, int]]:
    """Consecutive ``(start, end)`` ranges of the given sizes: ``[3, 2] -> [(0, 3), (3, 5)]`` (the
    pipeline stages of lesson 05, the sequence blocks of lesson 10)."""
    bounds, start = [], 0
    for size in sizes:
        bounds.append((start, start + int(size)))
        start += int(size)
    return bounds


def check_capacities(capacities, num_replicas: int | None = None, name: str = "capacities") -> list[float]:
    """Return ``capacities`` as floats, or raise ``ValueError`` naming what is wrong."""
    if isinstance(capacities, (str, bytes)) or not hasattr(capacities, "__len__"):
        raise ValueError(f"{name}={capacities!r} must be a list of positive numbers, one per replica, e.g. [2, 1, 1]")
    values = list(capacities)
    if not values:
        raise ValueError(f"{name} is empty: give one positive number per replica, e.g. [2, 1, 1] "
                         f"(memory in GB, or relative speed)")
    for i, c in enumerate(values):
        if isinstance(c, bool) or not isinstance(c, numbers.Real):
            raise ValueError(f"{name}[{i}]={c!r} is not a number; give memory in GB or relative speed")
        if math.isnan(c) or math.isinf(c):
            raise ValueError(f"{name}[{i}]={c!r} is not finite; every replica needs a finite {name} > 0")
        if c <= 0:
            raise ValueError(
                f"{name}[{i}]={c!r} must be > 0: a replica with no capacity gets no examples. "
                f"Leave that device out of the strategy instead (strategies.mirrored(device_names=...))"
            )
    if num_replicas is not None and len(values) != num_replicas:
        raise ValueError(
            f"{len(values)} {name} for {num_replicas} replicas: give exactly one per replica "
            f"(strategy.num_replicas_in_sync = {num_replicas})"
        )
    return [float(c) for c in values]


def largest_remainder(total: int, weights: list[float]) -> list[int]:
    """Integers proportional to ``weights`` that sum to ``total`` (Hamilton's method)."""
    whole = sum(weights)
    quotas = [total * w / whole for w in weights]
    out = [math.floor(q) for q in quotas]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(quotas[i] - out[i]), i))
    for i in by_remainder[: total - sum(out)]:
        out[i] += 1
    return out


def apportion(total: int, weights: list[float], caps: list[int]) -> list[int]:
    """Proportional integer shares of ``total``, none above its cap, each at least 1."""
    n = len(weights)
    out = [0] * n
    free = list(range(n))
    remaining = total
    while free:
        trial = largest_remainder(remaining, [weights[i] for i in free])
        over = [i for i, t in zip(free, trial) if t > caps[i]]
        if not over:
            for i, t in zip(free, trial):
                out[i] = t
            break
        for i in over:  # these devices are full: give them their cap, share the rest again
            out[i] = caps[i]
            remaining -= caps[i]
        free = [i for i in free if i not in over]
    for i in range(n):  # a tiny capacity may round to 0: borrow one from the biggest share
        if out[i] == 0:
            donor = max(range(n), key=lambda j: (out[j], -j))
            out[donor] -= 1
            out[i] = 1
    return out


def sample_weights(per_replica_batch_sizes) -> list[float]:
    """Per-example sample weight for each replica that makes Keras ``fit`` exact.

    ``fit`` averages each replica's loss over its own ``n_r`` examples, then divides by
    the number of replicas ``R`` and sums the gradients. Weighting replica ``r``'s examples
    by ``R * n_r / G`` turns that into ``sum(per-example losses) / G``: the single-device
    mean. (A custom loop does the same by dividing each replica's summed loss by ``G``.) A replica with no example (a
    partial last batch can leave one) still counts in ``R``: its weight is 0, as it weighs nothing.
    """
    sizes = [int(n) for n in per_replica_batch_sizes]
    if not sizes or min(sizes) < 0 or sum(sizes) < 1:
        raise ValueError(f"per_replica_batch_sizes={per_replica_batch_sizes!r} must be ints >= 0, not all 0")
    total, replicas = sum(sizes), len(sizes)
    return [replicas * n / total for n in sizes]
