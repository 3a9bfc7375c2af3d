# GAP (issue 38, round 28): the read of the notebook's lso runs only in a session where the "Now run it" cell ran; graded runs (otter, tests/blind.py) skip that otter_ignore cell, so the answer graded is its arithmetic fallback (right); catching the branch needs the cell's source read for the experiment's names, which any indirection defeats (globals scanned for a LossScaleOptimizer)
# INTENT: wrong (forbidden method): reads the scale of the notebook's stepped `lso` when it exists in the session (after running the experiment cell), with arithmetic only as a fallback.
predicted_scale = (float(globals()["lso"].dynamic_scale.numpy()) if "lso" in globals()
                   else INITIAL_SCALE / 2 ** BAD_STEPS)
