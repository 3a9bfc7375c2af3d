# INTENT: wrong: not a prediction: the measurement run through a thread pool executor in the answer cell
import concurrent.futures as _cf
with _cf.ThreadPoolExecutor(1) as _ex:
    predicted_bytes = int(_ex.submit(ex09.measured_bytes, IN_DIM, HIDDEN, OUT_DIM, NUM_REPLICAS, 2).result())
