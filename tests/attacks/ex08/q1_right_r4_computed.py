# 50_000 // 256 = 195 full batches; 64 per replica, at most 24 fit: k >= 3, and 256 must split into 4*k equal parts: k = 4
updates = N_EXAMPLES // GLOBAL_BATCH
k = -(-GLOBAL_BATCH // (NUM_REPLICAS * MAX_PER_REPLICA))
while GLOBAL_BATCH % (NUM_REPLICAS * k):
    k += 1
predicted = (updates, k)
