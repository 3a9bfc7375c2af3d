# INTENT: capacity per replica ceil(1.25 * 8 / 4) = 3; replica 0 loads [4,1,2,1] drop 1, replica 1 loads [1,0,6,1] drop 3: 4 in all.
predicted_dropped = 4
