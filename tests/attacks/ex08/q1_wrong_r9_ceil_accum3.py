# INTENT: fewest micro-batches by ceil(64/24)=3 ignoring that 64 does not split into 3 equal micro-batches
predicted = (195, 3)
