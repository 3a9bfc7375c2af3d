# INTENT: accum = ceil(64 / 24) = 3, forgetting that the 64 examples per replica must split into equal whole micro-batches.
predicted = (195, 3)
