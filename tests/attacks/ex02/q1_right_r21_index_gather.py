# INTENT: right (other style): computes this worker's example indices for each step in NumPy (global batch k, replica r of this worker gets [k*G + (w*R_w + r)*b, ...)), gathers copies in that order, batches by one replica's share.
import numpy as np


def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    workers = input_context.num_input_pipelines
    worker = input_context.input_pipeline_id
    b = input_context.get_per_replica_batch_size(global_batch_size)
    replicas_here = global_batch_size // b // workers            # replicas fed by this pipeline per step
    steps = len(x) // global_batch_size
    order = [k * global_batch_size + (j * workers + worker) * b + i
             for k in range(steps) for j in range(replicas_here) for i in range(b)]
    idx = np.asarray(order, dtype=np.int64)
    xs = np.take(x, idx, axis=0)                                 # fresh copies, bits kept
    ys = np.take(y, idx, axis=0)
    return tf.data.Dataset.from_tensor_slices((xs, ys)).batch(b, drop_remainder=True)
