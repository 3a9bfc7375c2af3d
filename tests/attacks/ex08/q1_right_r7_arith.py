# per replica 256/4 = 64; fewest k dividing 64 with 64/k <= 24 -> 4; updates 50000 // 256 = 195
predicted = (N_EXAMPLES // GLOBAL_BATCH, 4)
