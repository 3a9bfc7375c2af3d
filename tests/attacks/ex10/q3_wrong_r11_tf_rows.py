# INTENT: (TF course habit) hands each expert a tf.Tensor of its kept rows instead of a numpy n x d array
import tensorflow as tf

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice); g = np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            out = np.asarray(expert(tf.gather(tf.constant(x), idx)))
            y[idx] = x[idx] + g[idx, None] * out
    return y
