# INTENT: wrong: returns the factor as a number of Keras' float type (floatx, float32 here) "so it compares with the measured gradients"; 4 is exact, but 16 777 217 replicas rounds to 16 777 216 (past 2**24): not exact for any number of replicas.
import numpy as np


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = np.asarray(num_replicas * per_replica_batch_size, dtype=keras.backend.floatx())
    return (global_batch / np.asarray(per_replica_batch_size, dtype=keras.backend.floatx())).item()
