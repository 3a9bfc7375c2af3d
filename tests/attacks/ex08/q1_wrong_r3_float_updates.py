# INTENT: true division: 50000/256 = 195.3125 updates
predicted = (195.3125, 4)
