# INTENT: two cancelling mistakes: forgets the gradients but counts 3 Adam slots per weight (m, v and a "step" copy): same total here, wrong reasoning
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 4 * (1 + 3)) // (ACTIVATIONS_PER_EXAMPLE * 4))
