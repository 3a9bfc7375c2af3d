# INTENT: wrong (forbidden route): materializes the micro-batches with np.array_split on the data and counts the full ones
import numpy as np
_k = choose_accum_steps(GLOBAL_BATCH_SIZE, num_replicas, MAX_PER_REPLICA_BATCH_SIZE)
_mb = GLOBAL_BATCH_SIZE // _k
_chunks = [c for c in np.array_split(x, range(_mb, len(x), _mb)) if len(c) == _mb]
predicted_epoch = (len(_chunks), len(_chunks) // _k)
