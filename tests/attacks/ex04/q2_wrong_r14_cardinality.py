# INTENT: wrong (forbidden route): counts micro-batches by building the tf.data pipeline and asking its cardinality instead of working it out
_k = choose_accum_steps(GLOBAL_BATCH_SIZE, num_replicas, MAX_PER_REPLICA_BATCH_SIZE)
_ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(GLOBAL_BATCH_SIZE // _k, drop_remainder=True)
_n = int(_ds.cardinality())
predicted_epoch = (_n, _n // _k)
