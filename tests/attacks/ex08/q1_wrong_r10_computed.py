# INTENT: (filed right by the attacker; ruled WRONG, round 10, as round 5's advisor_ran: the prediction is worked out by hand, a gpukit.batching call is watched) the fewest micro-batches asked of gpukit.batching.smallest_accum_steps
from gpukit.batching import smallest_accum_steps
predicted = (N_EXAMPLES // GLOBAL_BATCH, smallest_accum_steps(GLOBAL_BATCH, NUM_REPLICAS, MAX_PER_REPLICA))
