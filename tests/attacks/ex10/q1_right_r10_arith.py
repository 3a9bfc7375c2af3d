# capacity per replica: ceil(1.25 * 8 / 4) = 3. replica 0: expert 0 has 4 -> 1 dropped; replica 1: expert 2 has 6 -> 3 dropped
predicted_dropped = (4 - 3) + (6 - 3)
