# INTENT: right — halving k times is a shift of the binary exponent: math.ldexp(2**15, -3) = 2**12 = 4096.0, exact, no optimizer touched.
import math
predicted_scale = math.ldexp(INITIAL_SCALE, -BAD_STEPS)
