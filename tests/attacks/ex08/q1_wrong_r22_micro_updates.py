# INTENT: wrong: counts micro-batch steps (195*4 = 780) as updates; an accumulated update is one weight update.
predicted = ((N_EXAMPLES // GLOBAL_BATCH) * 4, 4)
