# INTENT: uses gpukit's lesson explorer (which simulates the schedule) to read the bubble, a simulator run the prompt forbids in this cell
_st = None
for _m in range(1, 200):
    _st = parallel.explorer_state(P, _m, "gpipe", backward_cost=1.0)
    _b = _st.get("bubble") if isinstance(_st, dict) else None
    if _b is not None and _b <= TARGET_BUBBLE:
        break
predicted_micro_batches = _m
