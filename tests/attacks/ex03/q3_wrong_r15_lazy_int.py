# INTENT: wrong: the planner runs lazily when the value is first used (an int subclass computed on first comparison): gpukit.memory call
class _Lazy(int):
    def __new__(cls):
        return int.__new__(cls, 554)
    def __eq__(self, other):
        est = memory.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
        return memory.max_batch_sizes([DEVICE_MIB * memory.MiB], est, headroom=HEADROOM)[0] == other
    __hash__ = int.__hash__
predicted_max_batch = _Lazy()
