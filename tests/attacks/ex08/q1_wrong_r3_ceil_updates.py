# INTENT: ceil(50000/256) = 196: forgets drop_remainder=True
predicted = (196, 4)
