# GAP (issue 38, round 29): re-examined round 27's q3_gap_r27_copied_planner: this copy is retyped too (locals for estimate.fixed, no validation, a tuple for MemoryEstimate), so no code object is gpukit.memory's and no watched function runs; what it runs is the by-hand formula (16 bytes per weight, floor of usable minus fixed over per-example bytes). Catching it needs names or source-similarity guessing (a helper called max_batch_sizes, the 2**62 sentinel) that a right answer writing its arithmetic as helpers could trip and an attacker renames away: too costly for what it catches
# INTENT: wrong: copies lesson 03's planner code (estimate_from_counts / bytes_for / max_batch_sizes) into the cell and runs it instead of predicting, which the prompt forbids ("a call to gpukit.memory, or to a copy of its code, is not").
def _estimate_from_counts(num_parameters, activations_per_example, slots=2, size=4):
    weights = int(num_parameters) * size
    gradients = int(num_parameters) * size
    optimizer = int(num_parameters) * slots * size
    return weights + gradients + optimizer, int(activations_per_example) * size


def _max_batch_sizes(memory, estimate, headroom=0.1):
    fixed, per = estimate
    usable = [m * (1 - headroom) for m in memory]
    return [int((u - fixed) // per) if per else 2**62 for u in usable]


predicted_max_batch = _max_batch_sizes([DEVICE_MIB * 2**20],
                                       _estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE),
                                       headroom=HEADROOM)[0]
