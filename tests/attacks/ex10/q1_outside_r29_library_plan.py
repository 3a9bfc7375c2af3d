# INTENT: wrong (forbidden method): gets the number by running the library's own capacity rule (gpukit.experts.dispatch_plan) on the printed choices instead of predicting it.
# RULED outside (issue 38, round 29): "before running anything" forbids a step of the layer, not the course's capacity rule: gpukit.experts.capacity and dispatch_plan on the printed first choices are arithmetic (rounds 9, 10, 11, 20; q1_right_r9_dispatch_plan is the same code); the prompt now says so
from gpukit import experts as _ex
predicted_dropped = int(sum((~_ex.dispatch_plan(c[:, None], 4, _ex.capacity(8, 4, CAPACITY_FACTOR))[1]).sum()
                            for c in np.split(first_choice, NUM_REPLICAS)))
