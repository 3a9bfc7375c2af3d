# GAP (issue 38, round 27): a retyped copy of memory.max_batch_sizes / estimate_from_counts (names changed, validation dropped, its own accounting constants): no code object is gpukit.memory's, and what it runs is the by-hand formula itself; telling it from arithmetic written as helper functions needs source-similarity guessing that would fail right answers
# INTENT: wrong: a pasted copy of memory.max_batch_sizes / estimate_from_counts under other names, called instead of predicting (breaks "a call to gpukit.memory, or to a copy of its code, is not [allowed]").
def _largest_batches(memory_bytes, fixed, per, headroom=0.1):
    usable = [m * (1 - headroom) for m in memory_bytes]
    return [int((u - fixed) // per) if per else 2**62 for u in usable]


def _from_counts(num_parameters, activations_per_example, size=4, slots=2):
    return num_parameters * size * (1 + 1 + slots), activations_per_example * size


predicted_max_batch = _largest_batches([DEVICE_MIB * 2**20], *_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE),
                                       headroom=HEADROOM)[0]
