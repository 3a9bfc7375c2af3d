# 50_000 // 256 = 195 updates (drop_remainder); 256 / 4 = 64 per replica; fewest k with 64 % k == 0 and 64 / k <= 24: k = 4 (16 each)
predicted = (195, 4)
