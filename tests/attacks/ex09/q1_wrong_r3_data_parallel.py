# INTENT: plain data parallelism 16 bytes/param: forgets that stage 2 shards gradients and moments
params = 64 * 32 + 32 + 32 * 10 + 10
predicted_bytes = 16 * params
