# INTENT: ceil(50000/256)=196 updates: counts the last partial batch that drop_remainder=True drops
predicted = (196, 4)
