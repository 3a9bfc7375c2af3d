# INTENT: rounds the epoch up (last partial batch counted) though the pipeline drops the remainder
predicted = (196, 4)
