# INTENT (right, round 9 ruling: a whole float, a numpy number, an array for the pair are right for counts): counts written as floats (true division then rounding by hand): 50000/256 floored as float and 64/16; a count of updates is a whole number, not 195.0
predicted = (float(N_EXAMPLES // GLOBAL_BATCH), GLOBAL_BATCH / NUM_REPLICAS / 16)
