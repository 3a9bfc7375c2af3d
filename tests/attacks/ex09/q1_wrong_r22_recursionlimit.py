# INTENT: wrong: right number, but the cell also raises Python's recursion limit (a session-wide setting) "for the deep arithmetic", and never puts it back, which the exercise forbids.
import sys as _sys
_sys.setrecursionlimit(max(_sys.getrecursionlimit(), 20000))
predicted_bytes = 4 * 2410 + 12 * (512 + 8 + 80 + 3)
