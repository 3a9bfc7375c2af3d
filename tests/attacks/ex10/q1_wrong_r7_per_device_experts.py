# INTENT: thinks the capacity is per device (2 experts per device share 2 x 3 = 6 places), so device-level overflow only
predicted_dropped = 2
