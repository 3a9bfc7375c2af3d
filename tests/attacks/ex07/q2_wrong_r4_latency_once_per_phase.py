# INTENT: latency paid once per phase (2 phases) not once per ring step: 14 + 2*0.02
PREDICTED_ALLREDUCE_MS = 14.04
