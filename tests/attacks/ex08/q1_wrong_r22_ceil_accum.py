# INTENT: wrong: ceil(64/24)=3 micro-batches, but 64 does not split into 3 equal whole micro-batches; fewest valid is 4.
import math
predicted = (N_EXAMPLES // GLOBAL_BATCH, math.ceil(GLOBAL_BATCH / NUM_REPLICAS / MAX_PER_REPLICA))
