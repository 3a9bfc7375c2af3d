# INTENT: wrong: rounds the capacity down (floor(2.5) = 2, the same as leaving out the capacity factor) instead of the ceil the contract's layer uses: predicts 6.
predicted_dropped = 6
