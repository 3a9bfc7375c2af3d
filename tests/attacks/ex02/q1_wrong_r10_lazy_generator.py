# INTENT: reads x and y lazily through a generator (to avoid copying big arrays into the graph): the dataset reads the arrays when iterated, not as they were when shard_dataset was called, so an edit of x after the call changes the batches (and two epochs can differ)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    workers = input_context.num_input_pipelines
    wid = input_context.input_pipeline_id
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size

    def gen():
        for i in range(wid, whole, workers):
            yield x[i], y[i]

    sig = (tf.TensorSpec(shape=x.shape[1:], dtype=tf.as_dtype(x.dtype)),
           tf.TensorSpec(shape=y.shape[1:], dtype=tf.as_dtype(y.dtype)))
    ds = tf.data.Dataset.from_generator(gen, output_signature=sig)
    return ds.batch(per_replica, drop_remainder=True)
