# INTENT: wrong: gives the unrounded quotient 554.97 as a float (a fraction of a batch, not a whole number) (breaks "a whole number").
predicted_max_batch = (DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) / (ACTIVATIONS_PER_EXAMPLE * 4)
