# INTENT: wrong: hard-codes Keras' 2**15 and ignores the INITIAL_SCALE parameter (2 ** (15 - BAD_STEPS)); equals the right value only while INITIAL_SCALE is 2**15.
# RULED outside (issue 38, round 28): q1 is one prediction for the notebook's set-up, graded by its number (the hidden test uses INITIAL_SCALE = 2**15, no other values; rounds 25-27's ruling); 2 ** (15 - BAD_STEPS) is 4096 there
predicted_scale = 2.0 ** (15 - BAD_STEPS)
