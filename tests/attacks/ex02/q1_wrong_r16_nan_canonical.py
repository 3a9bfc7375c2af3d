# INTENT: wrong: inputs passed through np.where(isnan, nan, x) copy: NaN payload/sign canonicalised (not byte-for-byte as given) -- values otherwise same
def shard_dataset(input_context, x, y, global_batch_size):
    import numpy as _np
    whole = len(x) // global_batch_size * global_batch_size
    W, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    xs = x[:whole][i::W]
    if _np.issubdtype(xs.dtype, _np.floating):
        xs = _np.where(_np.isnan(xs), _np.array(_np.nan, xs.dtype), xs)
    ys = _np.array(y[:whole][i::W], copy=True)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(per_replica, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
