def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    # the colleague let TensorFlow infer the global batch as n_r x R; give it the real one
    return tf.nn.compute_average_loss(per_example_losses, global_batch_size=global_batch_size)
