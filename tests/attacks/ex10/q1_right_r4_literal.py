# replica 0: expert 0 has 4 tokens, capacity ceil(1.25*8/4)=3 -> 1; replica 1: expert 2 has 6 -> 3
predicted_dropped = 4
