# INTENT: (right in round 3; wrong since round 6, whose prompt states question 1's contract for any number of examples) no cut to whole global batches: with one example short of another global batch, worker 0 runs a step the others lack
import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    order = np.random.default_rng(seed).permutation(len(x))   # same on every worker; x, y untouched
    xs, ys = np.asarray(x)[order], np.asarray(y)[order]
    per_worker = global_batch_size // input_context.num_input_pipelines
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
