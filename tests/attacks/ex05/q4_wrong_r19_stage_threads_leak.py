# INTENT: wrong: one worker thread per stage (its forward and backward run there, under its device), fed by queues; the numbers are right, but the threads are never stopped or joined: every call leaves len(stages) threads blocked forever.
import queue
import threading


def _stage_worker(stage, device, inbox, outbox):
    tapes = {}
    while True:
        kind, i, payload = inbox.get()
        if kind == "F":
            h, loss_of = payload
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if loss_of is not None:
                    out = loss_of(out)
            tapes[i] = (tape, h, out)
            outbox.put(out)
        else:
            tape, h_in, out = tapes.pop(i)
            with tf.device(device):
                grads = tape.gradient(out, stage.trainable_variables + [h_in], output_gradients=payload)
            outbox.put(grads)
        kind = i = payload = h = out = tape = h_in = grads = loss_of = None   # nothing held while waiting


def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    links = []
    for stage, device in zip(stages, devices):
        inbox, outbox = queue.Queue(), queue.Queue()
        threading.Thread(target=_stage_worker, args=(stage, device, inbox, outbox), daemon=True).start()
        links.append((inbox, outbox))
    total_loss, sums = 0.0, [None] * len(stages)
    for i in range(m):
        yi = y[i * size:(i + 1) * size]
        h = tf.constant(x[i * size:(i + 1) * size])
        for s, (inbox, outbox) in enumerate(links):
            last = s == len(stages) - 1
            inbox.put(("F", i, (h, (lambda o, yi=yi: tf.reduce_sum(loss_fn(yi, o)) / n) if last else None)))
            h = outbox.get()
        total_loss += float(h)
        upstream = None
        for s in reversed(range(len(stages))):
            inbox, outbox = links[s]
            inbox.put(("B", i, upstream))
            grads = outbox.get()
            upstream = grads[-1]
            sums[s] = grads[:-1] if sums[s] is None else [a + b for a, b in zip(sums[s], grads[:-1])]
        h = upstream = grads = None
    return total_loss, [g for stage_grads in sums for g in stage_grads]
