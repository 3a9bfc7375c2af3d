# capacity per replica: ceil(1.25 * 8 / 4) = 3. Replica 0: expert 0 has 4 tokens -> 1 dropped;
# replica 1: expert 2 has 6 -> 3 dropped. 4 in all.
predicted_dropped = 4
