# INTENT: wrong-ish: right count but as a float computed from fractional over-capacity (4.0), not an integer count of tokens.
# RULED outside (issue 38, round 29): a whole float equal to the count is that count (round 14's standing ruling: 10 q1 accepts whole floats; kept in 09 q1 rounds 14 and 28, 08 q1 round 28); 4.0 is the measured 4, and the prompt now says an int, a numpy int or a whole float alike
predicted_dropped = 4.0
