# INTENT: wrong - rounds the capacity down (floor(2.5) = 2) instead of up (public check: caught)
predicted_dropped = 6
