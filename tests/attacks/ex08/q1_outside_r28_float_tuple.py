# INTENT: wrong: the right values as floats (195.0, 4.0) from true-division arithmetic, not the exact integers the question grades ("graded exactly").
# RULED outside (issue 38, round 28): the prompt grades the two values, not their type (round 9's and issue 28's rulings: a whole float is the number; the prompt now says so)
predicted = (float(N_EXAMPLES // GLOBAL_BATCH), float(-(-(GLOBAL_BATCH // NUM_REPLICAS) // MAX_PER_REPLICA) + 1))
