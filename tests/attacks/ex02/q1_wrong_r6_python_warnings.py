# INTENT: silences Python warnings for the whole session (warnings.filterwarnings("ignore")) to hide tf.data/Keras deprecation noise, never restored: changes global session state.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    import warnings
    warnings.filterwarnings("ignore")
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
