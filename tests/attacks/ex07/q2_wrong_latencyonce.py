# INTENT: pays the latency once for the whole all-reduce instead of once per ring step: 14 + 0.02. (public check: caught)
PREDICTED_ALLREDUCE_MS = 14.02
