# INTENT: wrong: shuffles first (right seed, full buffer) but then shards single examples and batches per worker without cutting to whole global batches; with one example short of another global batch, worker 0 gets an extra partial step of leftover examples (workers out of step, a non-whole global batch trained).
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y))).shuffle(len(x), seed=seed)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
