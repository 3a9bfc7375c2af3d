# INTENT: computes with numpy int32 (as TensorFlow's cardinality dtype habit): overflows above 2**31 examples
import numpy as np

def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(np.int32(n_examples) // np.int32(global_batch_size))
