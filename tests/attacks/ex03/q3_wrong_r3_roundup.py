# INTENT: rounds the share up (555 examples would not fit).
predicted_max_batch = 555
