# INTENT: wrong: the forbidden route — GPipe's bubble from gpukit's simulator (make_schedule(...).bubble()) searched over m inside a tf.py_function run by a tf.function (on TensorFlow's own thread)
def _search():
    return next(m for m in range(1, 10_000) if parallel.make_schedule("gpipe", P, m).bubble() <= TARGET_BUBBLE)
@tf.function
def _run():
    return tf.py_function(lambda: tf.constant(_search(), tf.int64), [], tf.int64)
predicted_micro_batches = int(_run().numpy())
