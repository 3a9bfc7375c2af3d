# INTENT: wrong: keeps every dataset it built in a module-level cache keyed by a SHA-256 of the arrays' bytes (plus dtype, shape, sizes) and hands back an earlier call's dataset: state kept between calls ("nothing kept from an earlier call"), memory never released
import hashlib as _hashlib
import numpy as _np
_SHARD_CACHE = {}
def shard_dataset(input_context, x, y, global_batch_size):
    x = _np.asarray(x); y = _np.asarray(y)
    key = (x.dtype.str, x.shape, _hashlib.sha256(_np.ascontiguousarray(x).tobytes()).hexdigest(),
           y.dtype.str, y.shape, _hashlib.sha256(_np.ascontiguousarray(y).tobytes()).hexdigest(),
           int(global_batch_size), input_context.num_input_pipelines, input_context.input_pipeline_id,
           input_context.num_replicas_in_sync)
    if key not in _SHARD_CACHE:
        whole = len(x) // global_batch_size * global_batch_size
        xs = _np.array(x[:whole], copy=True)
        ys = _np.array(y[:whole], copy=True)
        per_replica = input_context.get_per_replica_batch_size(global_batch_size)
        ds = tf.data.Dataset.from_tensor_slices((xs, ys))
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        _SHARD_CACHE[key] = ds.batch(per_replica, drop_remainder=True)
    return _SHARD_CACHE[key]
