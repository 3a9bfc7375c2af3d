# INTENT: (gap, round 15: ruled wrong; slicing x into a list runs no function a watch can see, and a watch of ndarray indexing would cost every cell) the micro-batches counted by slicing x by hand
_batches = [x[i:i + 16] for i in range(0, len(x), 16) if len(x[i:i + 16]) == 16]
predicted_epoch = (len(_batches), len(_batches) // 4)
