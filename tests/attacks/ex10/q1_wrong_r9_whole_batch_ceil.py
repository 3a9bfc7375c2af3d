# INTENT: capacity from the whole batch of 16 (ceil(1.25*16/4)=5) applied to the whole batch
_cap = 5
predicted_dropped = sum(max(0, int(np.sum(first_choice == e)) - _cap) for e in range(4))
