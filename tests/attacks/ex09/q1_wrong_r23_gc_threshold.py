# INTENT: wrong: the number is right, but the cell's top line raises the garbage collector's thresholds "so no collection disturbs the measured bytes" and never puts them back (a session setting changed; the collector stays enabled, so a gc.isenabled() check misses it).
import gc; gc.set_threshold(100000, 50, 50)
predicted_bytes = 4 * (IN_DIM * HIDDEN + HIDDEN + HIDDEN * OUT_DIM + OUT_DIM) + 12 * (512 + 8 + 80 + 3)
