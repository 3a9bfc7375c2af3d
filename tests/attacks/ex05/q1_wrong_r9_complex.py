# INTENT: the count as a complex number (from a quadratic-style solve), not an int / numpy int / whole float
predicted_micro_batches = 14 + 0j
