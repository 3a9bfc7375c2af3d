# INTENT: right: derives both numbers by hand-written arithmetic from the parameters (no advisor, no gpukit helper).
_per_replica = GLOBAL_BATCH // NUM_REPLICAS
_k = -(-_per_replica // MAX_PER_REPLICA)
while GLOBAL_BATCH % (NUM_REPLICAS * _k):
    _k += 1
predicted = (N_EXAMPLES // GLOBAL_BATCH, _k)
