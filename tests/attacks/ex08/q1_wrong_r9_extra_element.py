# INTENT: returns a triple (updates, accum, micro-batch size) where the prompt asks for the pair (updates_per_epoch, accum_steps)
predicted = (195, 4, 16)
