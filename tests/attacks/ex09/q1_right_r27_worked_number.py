# INTENT: right: the number worked out by hand for 64->32->10 on 4 replicas, written as arithmetic that follows the parameters (whole weights, padded slices of gradients, m and v).
import math
_sizes = (IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM)
weights_bytes = 4 * math.fsum(_sizes)
slice_values = sum(math.ceil(s / NUM_REPLICAS) for s in _sizes)          # 512 + 8 + 80 + 3 = 603 at 64/32/10/4
predicted_bytes = int(weights_bytes) + 3 * 4 * slice_values              # 9,640 + 7,236 = 16,876
