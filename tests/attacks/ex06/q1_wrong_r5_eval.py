# INTENT: calls the forbidden helper inside eval of a built string
predicted_scale = eval("precision." + "scale_after" + "(BAD_STEPS, INITIAL_SCALE)")
