# RULED outside (issue 38, round 14; filed wrong): a float equal to the whole number is that number (the lead's ruling; kept once for 09 q1 float_bytes, 10 q1 float, 11 q3 float_count)
# INTENT: wrong: bytes as a float from a per-parameter average (16876.0), not a whole number of bytes
predicted_bytes = (4 * 2410 + 12 * 603) / 2410 * 2410
