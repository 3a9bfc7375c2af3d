# INTENT: wrong: float closed form ceil((P-1)(1-T)/T) with no care for rounding: right at 0.18 but one too many at exact boundaries (P=4, T=0.2 gives 13, not 12), so not the *fewest* m.
# RULED outside (issue 38, round 27): gives 14, the fewest m for the notebook's P = 4 and TARGET_BUBBLE = 0.18; q1 is one prediction for that set-up, graded by its number (rounds 25-26's ruling; the prompt now says the grader uses no other values)
import math
predicted_micro_batches = math.ceil((P - 1) * (1 - TARGET_BUBBLE) / TARGET_BUBBLE)
