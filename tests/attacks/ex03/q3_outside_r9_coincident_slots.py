# INTENT: forgets the gradients but counts Adam with 3 slots (m, v, v_hat as amsgrad): wrong reasoning, same 16 B per weight, so the same number (a number-only question cannot tell)
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 4 * (1 + 3)) // (ACTIVATIONS_PER_EXAMPLE * 4))
