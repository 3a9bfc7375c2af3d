# INTENT: "predicts" by running gpukit.experts.dispatch_plan on the real first choices: runs the capacity rule's code instead of working it out (the prompt says before running anything; arithmetic only)
# RULED right (issue 38, round 10; filed wrong): gpukit.experts.dispatch_plan on the printed first choices is the capacity rule's arithmetic, not a run of the layer (round 9's q1_right_r9_dispatch_plan is the same)
from gpukit import experts as _experts
_cap = _experts.capacity(8, 4, CAPACITY_FACTOR)
predicted_dropped = int(sum((~_experts.dispatch_plan(c[:, None], 4, _cap)[1]).sum()
                            for c in np.split(first_choice, NUM_REPLICAS)))
