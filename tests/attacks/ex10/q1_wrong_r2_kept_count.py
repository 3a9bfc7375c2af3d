# INTENT: wrong - gives the number of tokens the experts process (kept), not the dropped ones (public check: caught)
predicted_dropped = 12
