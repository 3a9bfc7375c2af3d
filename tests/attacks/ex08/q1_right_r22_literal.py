# INTENT: right: 50000//256 = 195 full batches (drop_remainder); 64 per replica, fewest k with 64%k==0 and 64/k<=24 is 4.
predicted = (195, 4)
