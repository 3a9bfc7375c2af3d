# INTENT: the prompt asks for a pair (micro_steps, updates); this adds a third item (accum_steps), breaking the promised shape
predicted_epoch = (18, 4, 4)
