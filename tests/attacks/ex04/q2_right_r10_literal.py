predicted_epoch = (18, 4)   # 300 // 16 = 18 micro-batches of 16; 18 // 4 = 4 updates (2 leftover micro-steps add up, no update)
