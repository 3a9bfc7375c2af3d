# INTENT: yields the batches from one Python generator object created in the call: the dataset is empty the second time it is iterated (the second epoch trains on nothing)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    W, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    xs, ys = x[:whole][i::W], y[:whole][i::W]          # this worker's shard, in file order

    def batches():
        for j in range(len(xs) // per):
            yield xs[j * per:(j + 1) * per], ys[j * per:(j + 1) * per]

    gen = batches()
    return tf.data.Dataset.from_generator(
        lambda: gen, output_signature=(tf.TensorSpec((per,) + x.shape[1:], tf.as_dtype(x.dtype)),
                                       tf.TensorSpec((per,) + y.shape[1:], tf.as_dtype(y.dtype))))
