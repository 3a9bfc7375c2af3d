# INTENT: a list instead of the tuple the prompt writes (predicted = (updates_per_epoch, accum_steps))
predicted = [195, 4]
