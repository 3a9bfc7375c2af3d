# GAP (issue 38, round 28): the round-15 gap again (q2_gap_r15_numpy_split): slicing x into a Python list calls no function a watch can see (ndarray indexing is a C slot), and watching it would mean handing out x and y as an ndarray subclass that every later cell pays for (x_train sliced instead escapes it); the answer cell's source is not available to the check in every grader
# INTENT: wrong: counts the micro-batches by actually cutting the data into micro-batches of 16 in Python and keeping the full ones, a data split the prompt forbids ("before running anything, work out"; arithmetic only).
_k = choose_accum_steps(GLOBAL_BATCH_SIZE, num_replicas, MAX_PER_REPLICA_BATCH_SIZE)
_size = GLOBAL_BATCH_SIZE // _k
_micro_batches = [(x[i:i + _size], y[i:i + _size]) for i in range(0, len(x), _size)]
_micro_batches = [b for b in _micro_batches if len(b[0]) == _size]      # the pipeline drops the partial one
predicted_epoch = (len(_micro_batches), len(_micro_batches) // _k)
del _micro_batches
