# INTENT: fewest micro-batches as ceil(64 / 24) = 3, forgetting that 64 must split into equal whole micro-batches
predicted = (195, 3)
