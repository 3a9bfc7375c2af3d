# INTENT: wrong: runs the trainer via zero.measure_memory-like path: builds trainer, steps, reads its bytes on device 0
_m = keras.Sequential([keras.Input((IN_DIM,)), keras.layers.Dense(HIDDEN, activation="relu"), keras.layers.Dense(OUT_DIM)])
_tr = zero.ZeroTrainer(strategies.mirrored(), _m, 2)
_tr.step(np.random.default_rng(1).normal(size=(4, IN_DIM)).astype(np.float32), np.arange(4) % OUT_DIM)
predicted_bytes = sorted(r["total"] for r in _tr.resident_bytes().values())[0]
