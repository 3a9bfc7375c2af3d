# INTENT: counts updates as ceil(300/64)=5 (a last partial update applied).
import math
predicted_epoch = (18, math.ceil(EPOCH_EXAMPLES / GLOBAL_BATCH_SIZE))
