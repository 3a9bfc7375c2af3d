# INTENT: wrong: counts the partial last batch (ceil 50000/256 = 196) although the pipeline uses drop_remainder=True.
import math
predicted = (math.ceil(N_EXAMPLES / GLOBAL_BATCH), 4)
