# INTENT: builds the x and y datasets separately and rolls y by one (an off-by-one when aligning labels): labels no longer belong to their inputs.
import numpy as np

def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    n = len(x) // global_batch_size * global_batch_size
    w, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    xs = tf.data.Dataset.from_tensor_slices(x[:n]).shard(w, i)
    ys = tf.data.Dataset.from_tensor_slices(np.roll(y[:n], 1)).shard(w, i)
    return tf.data.Dataset.zip((xs, ys)).batch(per_worker, drop_remainder=True)
