# INTENT: ceil everywhere (the last partial batch still trains): 19 micro-steps, 5 updates.
import math
predicted_epoch = (math.ceil(EPOCH_EXAMPLES / 16), math.ceil(EPOCH_EXAMPLES / GLOBAL_BATCH_SIZE))
