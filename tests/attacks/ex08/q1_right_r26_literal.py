# INTENT: right: 50000 // 256 = 195 updates (drop_remainder); 64 per replica, fewest k with 64 % k == 0 and 64/k <= 24 is 4 -> (195, 4) as plain ints
predicted = (195, 4)
