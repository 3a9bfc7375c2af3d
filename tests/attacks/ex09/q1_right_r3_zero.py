# INTENT: right, with gpukit.zero.plan
shards = zero.plan([(IN_DIM, HIDDEN), (HIDDEN,), (HIDDEN, OUT_DIM), (OUT_DIM,)], NUM_REPLICAS)
predicted_bytes = sum(s.size for s in shards) * 4 + sum(s.slice_size for s in shards) * 4 * 3
