# INTENT: float arithmetic that is not whole: 18 micro-steps but updates worked as 18/4 rounded to 4.5 -> written 4.5.
predicted_epoch = (18.0, 18 / 4)
