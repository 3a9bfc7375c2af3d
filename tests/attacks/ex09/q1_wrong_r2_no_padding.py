# INTENT: wrong - divides the gradient/moment count by N without padding each variable (fractional, 16870) (public check: caught)
_p = IN_DIM * HIDDEN + HIDDEN + HIDDEN * OUT_DIM + OUT_DIM
predicted_bytes = int(4 * (_p + 3 * _p / NUM_REPLICAS))
