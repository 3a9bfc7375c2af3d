# INTENT: wrong type: floats 195.0 and 4.0 (numpy floor gives floats); a count of updates is a whole number
import math
predicted = (math.floor(N_EXAMPLES / GLOBAL_BATCH) * 1.0, 64 / 16)
