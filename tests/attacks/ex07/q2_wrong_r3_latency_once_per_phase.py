# INTENT: pays the latency n-1 times (once per step of one phase only), not 2(n-1)
PREDICTED_ALLREDUCE_MS = 14.14
