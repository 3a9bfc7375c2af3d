# INTENT (right, round 9 ruling: a whole float, a numpy number, an array for the pair are right for counts): accum_steps as the float ratio 64/16 from a formula with true division, updates as 50000/256 rounded to 0 decimals by round(x, 0): floats throughout
predicted = (round(N_EXAMPLES / GLOBAL_BATCH - 0.5, 0), (GLOBAL_BATCH / NUM_REPLICAS) / 16)
