# INTENT: fewest k that fits (ceil(64/24)=3) without requiring equal whole micro-batches
predicted = (195, 3)
