# INTENT: wrong: pastes a copy of gpukit.memory.max_batch_sizes (verbatim source) into the cell and runs it: "a call ... to a copy of its code, is not" fine
import types as _types
MemoryEstimate = object
MiB = 2**20
def max_batch_sizes(memory, estimate: MemoryEstimate, headroom: float = 0.1) -> list[int]:
    """The largest batch each device can hold, or ``ValueError`` if one cannot hold the model.

    ``memory`` is bytes per device; ``headroom`` is the fraction left free (allocator
    fragmentation, framework workspace, cuDNN buffers).
    """
    if not 0 <= headroom < 1:
        raise ValueError(f"headroom={headroom!r} must be in [0, 1), e.g. 0.1 keeps 10% of each device free")
    usable = [m * (1 - headroom) for m in memory]
    fits_one = [estimate.bytes_for(1) for _ in usable]
    short = [(i, need - u) for i, (u, need) in enumerate(zip(usable, fits_one)) if u < need]
    if short:
        i, by = max(short, key=lambda t: t[1])
        raise ValueError(
            f"the model does not fit on device {i}: one replica needs {fits_one[i] / MiB:.1f} MiB "
            f"(weights + gradients + optimizer slots = {estimate.fixed / MiB:.1f} MiB, plus one example) but only "
            f"{usable[i] / MiB:.1f} MiB is usable ({memory[i] / MiB:.1f} MiB minus {headroom:.0%} headroom): "
            f"short by {by / MiB:.1f} MiB. Data parallelism copies the whole training state to every device; "
            f"shard it over the replicas instead (ZeRO, lesson 09), split the model (model parallelism, lesson "
            f"05), shrink it (mixed precision, lesson 06; an optimizer with fewer slots such as SGD), or leave "
            f"that device out."
        )
    per = estimate.activations_per_example
    return [int((u - estimate.fixed) // per) if per else 2**62 for u in usable]
_estimate = _types.SimpleNamespace(fixed=NUM_PARAMETERS * 4 * 4, activations_per_example=ACTIVATIONS_PER_EXAMPLE * 4)
_estimate.bytes_for = lambda b: _estimate.fixed + int(b) * _estimate.activations_per_example
predicted_max_batch = max_batch_sizes([DEVICE_MIB * MiB], _estimate, headroom=HEADROOM)[0]
