# INTENT: by hand: 50000 // 256 = 195 updates; 64 examples per replica, 3 micro-batches do not split 64 evenly, 4 give 16 <= 24.
predicted = (195, 4)
