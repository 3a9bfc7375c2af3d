# INTENT: wrong: makes its defensive copy with `x + 0` (a fresh array, "so later writes don't leak in"); -0.0 + 0 is +0.0, so a -0.0 input is not kept bit for bit (values as given), and integer labels stay fine so the public check passes.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    xs, ys = x[:whole] + 0, y[:whole] + 0
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys)).shard(
        input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
