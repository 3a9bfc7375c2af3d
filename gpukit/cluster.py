"""A real multi-worker TensorFlow cluster on this machine, and the programs it runs (lesson 02).

Read top to bottom:

1. **TF_CONFIG** (pure, no TensorFlow; written in ``gpukit.launch.tfconfig``, which the launcher
   shares, and re-exported here): ``local_cluster`` picks free ports on 127.0.0.1,
   ``tf_config(cluster, task_type, task_index)`` builds and validates the JSON every process
   needs *in its environment before TensorFlow starts*. The same function builds TF_CONFIG on
   a real cluster from a host list (docs/cluster.md: SLURM, Kubernetes).
2. **Starting the tasks**: ``run(target, num_workers=2, ...)`` gives every task its TF_CONFIG
   and hands the processes to ``gpukit.launch.supervisor`` (streamed output, timeouts, fault injection,
   no process left behind); it returns what each task's ``target`` returned.
3. **Worker programs** that run inside the tasks: ``dataset_fn`` (the sharding policy, checked
   here by ``check_sharding``), ``train_mwms`` (MultiWorkerMirroredStrategy custom loop with
   chief-only checkpoints and resume, built on ``gpukit.training``; ``train_single`` is its
   one-process reference) and ``train_ps`` (ParameterServerStrategy with
   ``ClusterCoordinator.schedule``: staleness, lost updates). They import TensorFlow only
   when they run.

``target`` is called as ``target(ctx, **kwargs)`` in every process; ``ctx`` is a
``WorkerContext`` (task type/index, chief or not, a private directory, ``ctx.report(...)``).
A function from an importable module is imported by name in the worker; any other function
(one defined in a notebook cell) is sent as source code, so it must do its own imports.
"""

from __future__ import annotations

import json
import os
import shutil
import time

import numpy as np

from . import _scratch
from .launch.supervisor import (ClusterError, Fault, Process, RunResult, WorkerError, alive, launch,  # noqa: F401
                                running_pids, started_pids)
from .launch.tfconfig import (EPHEMERAL_RANGE_FILE, HOST, LOWEST_PORT, ROLES, WorkerContext,  # noqa: F401
                              check_port_free, free_ports, is_chief, local_cluster, tf_config, validate_cluster)

# What every task imports before its target runs: on a CPU machine a fork server imports them once
# and forks the tasks from it (gpukit.launch.forkserver), instead of every task importing them again.
WORKER_MODULES = ("gpukit._tf", "keras", "gpukit.cluster", "gpukit.models", "gpukit.training")


# ----------------------------------------------------------------------------------------------
# 1. TF_CONFIG
# ----------------------------------------------------------------------------------------------

# ``HOST``, ``ROLES``, ``free_ports``, ``check_port_free``, ``local_cluster``, ``validate_cluster``,
# ``tf_config``, ``is_chief`` and ``WorkerContext``: gpukit/launch/tfconfig.py (imported above), where the
# launcher (``python -m gpukit launch``, SLURM, Ray) reads them without importing this module back.


# ----------------------------------------------------------------------------------------------
# 2. Starting the tasks
# ----------------------------------------------------------------------------------------------

def _serve(ctx):
    """Parameter servers and PS workers: start a TensorFlow server and wait to be used."""
    import gpukit._tf  # noqa: F401  (quiet import)
    import tensorflow as tf

    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    server = tf.distribute.Server(resolver.cluster_spec(), job_name=ctx.task_type,
                                  task_index=ctx.task_index, protocol="grpc", start=True)
    ctx.report("serving")
    server.join()


def run(target, num_workers: int = 2, *, num_ps: int = 0, kwargs=None, fault: Fault | None = None,
        ports=None, timeout: float = 300.0, start_timeout: float = 120.0, error_timeout: float = 60.0,
        log_dir=None, stream=True, python=None) -> RunResult:
    """Run ``target(ctx, **kwargs)`` on a local cluster and return a ``RunResult``.

    Without ``num_ps``: ``num_workers`` worker processes all run ``target``
    (MultiWorkerMirroredStrategy). With ``num_ps``: the chief runs ``target`` (the
    coordinator), ``num_ps`` parameter servers and ``num_workers`` workers only serve; they
    are stopped when the chief returns. Each task gets its TF_CONFIG in its environment
    before its target runs. On a machine without GPU/TPU the tasks are forked from a server
    that imported ``WORKER_MODULES`` once (``gpukit.launch.forkserver``), elsewhere (or with
    ``python``) each is a new interpreter. Timeouts, ``fault``, ``log_dir``, ``stream`` and
    ``python``: see ``gpukit.launch.supervisor.launch``. Every argument is checked before any
    process starts. Without ``log_dir`` the run's folder is removed when ``run`` returns (after a
    failure that raises, it stays while this process runs: the error names its log); pass
    ``log_dir`` to keep the logs.
    """
    if fault is not None and num_ps:
        raise ValueError("fault injection is for MultiWorkerMirrored runs (num_ps=0)")
    if ports is not None:
        for port in ports:
            check_port_free(HOST, port)
    cluster = local_cluster(num_workers, num_ps, ports=ports)
    processes = []
    for role in ("chief", "ps", "worker"):
        for i in range(len(cluster.get(role, []))):
            main = not num_ps or role == "chief"
            config = tf_config(cluster, role, i)
            processes.append(Process(
                f"{role} {i}", target if main else _serve, kwargs=kwargs if main else {}, main=main,
                env={"TF_CONFIG": json.dumps(config), "TF_CPP_MIN_LOG_LEVEL": "2", "TF_ENABLE_ONEDNN_OPTS": "0"},
                context="gpukit.launch.tfconfig:WorkerContext",
                context_fields={"task_type": role, "task_index": i, "tf_config": config}))
    if ports is None:  # the ports were free a moment ago; make sure nothing grabbed one since
        for address in sum(cluster.values(), []):
            check_port_free(HOST, int(address.rsplit(":", 1)[1]))
    result = launch(processes, fault=fault, timeout=timeout, start_timeout=start_timeout, error_timeout=error_timeout,
                    log_dir=log_dir, stream=stream, python=python, prefix="gpukit-cluster-", preload=WORKER_MODULES)
    if log_dir is None:
        # the run returned: its folder (specs, logs, the workers' TMPDIR) goes now, not at the
        # kernel's exit, which a kernel killed by nbval or a restart never reaches
        _scratch.remove(result.run_dir)
    return result


# ----------------------------------------------------------------------------------------------
# 3. Tasks that run inside the workers
# ----------------------------------------------------------------------------------------------

def training_data(n_examples: int, global_batch_size: int):
    """The first ``n_examples`` digits (float32 x, int32 y), cut to whole global batches."""
    from . import data

    (x, y), _ = data.digits()
    steps = min(n_examples, len(x)) // global_batch_size
    if steps < 1:
        raise ValueError(f"n_examples={n_examples} gives no whole batch of {global_batch_size}")
    n = steps * global_batch_size
    return x[:n].astype("float32"), y[:n].astype("int32")


def dataset_fn(input_context, x, y, global_batch_size: int, naive: bool = False):
    """Worker ``input_context.input_pipeline_id``'s dataset for ``distribute_datasets_from_function``.

    Right (``naive=False``): *cut to whole global batches, shard, then batch by the per-replica
    batch*. The cut comes first: with one example short of a whole global batch left over, worker 0
    would get one step more than the others, and they would wait for it at its all-reduce. Worker i keeps
    examples i, i+W, i+2W, ...; its step-k batch and the other workers' step-k batches together
    are exactly examples ``[k*GB, (k+1)*GB)``: global batch k of single-process training.
    Auto-sharding is switched off because we sharded by hand.

    Naive (the article "How can TensorFlow operations be distributed across GPUs?"): batch by
    the *global* batch, then shard: each worker trains on whole global batches, so one step
    uses W x GB examples and an epoch has W times fewer steps.
    """
    from ._tf import tf

    if not naive:
        whole = len(x) // global_batch_size * global_batch_size  # every worker gets the same steps
        x, y = x[:whole], y[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    if naive:
        ds = ds.batch(global_batch_size).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    else:
        per_replica = input_context.get_per_replica_batch_size(global_batch_size)
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        ds = ds.batch(per_replica, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)


def global_batches(x, y, global_batch_size: int, num_workers: int, naive: bool = False, fn=None) -> list:
    """Simulate the workers' input pipelines here (no cluster): for each step, the sorted ids of
    the examples all workers together train on. ``x`` holds example ids (``np.arange(n)``);
    ``fn(input_context, x, y, global_batch_size)`` defaults to ``dataset_fn``."""
    from ._tf import tf

    fn = fn or (lambda ic, x_, y_, gb: dataset_fn(ic, x_, y_, gb, naive=naive))
    per_worker = []
    for i in range(num_workers):
        ctx = tf.distribute.InputContext(num_input_pipelines=num_workers, input_pipeline_id=i,
                                         num_replicas_in_sync=num_workers)
        ds = fn(ctx, x, y, global_batch_size)
        if ds is None:
            return None
        per_worker.append([np.asarray(b[0]).ravel().astype(int).tolist() for b in ds])
    steps = min(len(p) for p in per_worker)
    if any(len(p) != steps for p in per_worker):  # some worker would wait forever for the others
        raise ValueError(f"the workers have different numbers of steps {[len(p) for p in per_worker]}; "
                         f"use drop_remainder=True and whole global batches")
    return [sorted(sum((p[k] for p in per_worker), [])) for k in range(steps)]


def check_sharding(n_examples: int, global_batch_size: int, num_workers: int, naive: bool = False, fn=None):
    """Raise ``ValueError`` unless the workers' shards of step k are exactly global batch k;
    return the number of steps per epoch."""
    ids = np.arange(n_examples)
    batches = global_batches(ids, ids, global_batch_size, num_workers, naive, fn)
    expected = [list(range(k * global_batch_size, (k + 1) * global_batch_size))
                for k in range(n_examples // global_batch_size)]
    if batches != expected:
        sizes = sorted({len(b) for b in batches})
        raise ValueError(
            f"the workers' shards do not form the global batches: {len(batches)} steps of {sizes} examples "
            f"instead of {len(expected)} steps of {global_batch_size}. Shard first, then batch by "
            f"global_batch_size // num_workers (gpukit.cluster.dataset_fn)")
    return len(batches)


def worker_threads():
    """In a worker process: one intra-op thread (two processes share 2 cores; avoids oversubscription)."""
    from ._tf import tf

    try:
        tf.config.threading.set_intra_op_parallelism_threads(1)
    except RuntimeError:
        pass


def train_mwms(ctx, *, epochs: int = 3, global_batch_size: int = 32, n_examples: int = 512,
               hidden=(32,), learning_rate: float = 1e-2, seed: int = 0, checkpoint_dir=None,
               collective_timeout=None, naive_sharding: bool = False, data=None):
    """MultiWorkerMirroredStrategy custom training loop (runs in every worker; lesson 02).

    Same loss arithmetic as ``gpukit.training`` (per-example loss / global batch, optimizer
    built in scope). Fixed data order (no shuffle), so the result equals single-process training
    on the same global batch. With ``checkpoint_dir``: the chief saves there after every epoch,
    the others save to a private temp dir (all must call save: it is a collective); a relaunch
    restores the latest checkpoint and continues at the saved epoch.
    ``collective_timeout`` (s) turns a hung peer into ``DeadlineExceededError``.
    ``data=(x, y)`` (from ``training_data`` in the launching process) saves each worker loading
    scikit-learn's digits itself: start-up is the expensive part of a small cluster run.
    """
    worker_threads()
    from . import data as data_module
    from . import models, training
    from ._tf import keras, tf

    options = None
    if collective_timeout:
        options = tf.distribute.experimental.CommunicationOptions(timeout_seconds=collective_timeout)
    x, y = data if data is not None else training_data(n_examples, global_batch_size)
    if len(x) % global_batch_size:  # checked before any worker waits for the others
        raise ValueError(f"{len(x)} examples are not whole global batches of {global_batch_size}: every "
                         f"worker must run the same number of steps; use gpukit.cluster.training_data")
    strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=options)
    sizes = data_module.batch_sizes(strategy.num_replicas_in_sync, global_batch_size=global_batch_size)
    dist = strategy.distribute_datasets_from_function(
        lambda ic: dataset_fn(ic, x, y, global_batch_size, naive=naive_sharding))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate)
        epoch_var = tf.Variable(0, dtype=tf.int64, trainable=False)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)

    manager = None
    start_epoch = 0
    if checkpoint_dir:
        ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer, epoch=epoch_var)
        latest = tf.train.latest_checkpoint(checkpoint_dir)
        if latest:
            ckpt.restore(latest).assert_existing_objects_matched()
            start_epoch = int(epoch_var.numpy())
        write_dir = checkpoint_dir if ctx.is_chief else os.path.join(ctx.workdir, "ckpt-tmp")
        manager = tf.train.CheckpointManager(ckpt, write_dir, max_to_keep=2)
    ctx.report("start", start_epoch=start_epoch, per_replica_batch_size=sizes.per_replica_batch_size)
    print(f"{ctx.name}: {sizes.num_replicas} replicas, global batch {global_batch_size} = "
          f"{sizes.per_replica_batch_size} x {sizes.num_replicas}, starting at epoch {start_epoch}")

    def after_step(epoch, step, loss, correct):
        ctx.report("step_end", epoch=epoch, step=step, loss=float(loss))

    def after_epoch(epoch, history):
        if manager is not None:
            epoch_var.assign(epoch + 1)
            manager.save()
            if not ctx.is_chief:
                shutil.rmtree(manager.directory, ignore_errors=True)
        ctx.report("epoch_end", epoch=epoch, loss=history["loss"][-1])
        print(f"{ctx.name}: epoch {epoch + 1}/{epochs} loss {history['loss'][-1]:.4f}")

    run = training.train_epochs(train_step, dist, epochs=epochs, batch_size=global_batch_size,
                                first_epoch=start_epoch, after_step=after_step, after_epoch=after_epoch,
                                before_step=lambda epoch, step: ctx.report("step_begin", epoch=epoch, step=step))
    return {"history": run.history, "weights": model.get_weights(), "start_epoch": start_epoch,
            "steps_per_epoch": run.steps_per_epoch, "global_batch_size": global_batch_size,
            "per_replica_batch_size": sizes.per_replica_batch_size, "num_replicas": sizes.num_replicas}


def train_single(*, epochs=3, global_batch_size=32, n_examples=512, hidden=(32,), learning_rate=1e-2, seed=0,
                 x_scale=1.0):
    """The single-process reference for ``train_mwms``: same data order, model, optimizer, loss.
    ``x_scale`` multiplies the inputs (the reference of a ``shard_dataset`` that scales them)."""
    from . import models, training
    from ._tf import keras, tf

    x, y = training_data(n_examples, global_batch_size)
    x = x * x_scale if x_scale != 1.0 else x
    strategy = tf.distribute.get_strategy()
    model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
    optimizer = keras.optimizers.Adam(learning_rate)
    history = training.train(strategy, model, optimizer, (x, y), global_batch_size=global_batch_size,
                             epochs=epochs)
    return {"history": history.history, "weights": model.get_weights()}


def train_ps(ctx, *, steps: int = 24, batch_size: int = 32, hidden=(64,), learning_rate: float = 0.05,
             seed: int = 0, work: int = 0):
    """ParameterServerStrategy with ``ClusterCoordinator.schedule`` (runs on the chief; lesson 02).

    Variables live on the parameter servers; ``schedule`` queues a step on whichever worker is
    free and returns at once, so updates are asynchronous: a step's gradient comes from weights
    that other workers may have updated meanwhile. To measure that, a ``clock`` variable lives on
    the parameter servers next to the model's weights: each step reads it before its forward
    pass (the forward pass depends on the value read, so TensorFlow cannot postpone the read) and,
    once its update is applied (the increment depends on the updated weights, so TensorFlow cannot
    run it early), advances it with one atomic ``assign_add`` that returns the new value:
    ``staleness = clock_after - clock_read - 1`` = updates by others between read and apply, >= 0.
    (An earlier version took ``clock_after`` from a second counter advanced separately; another
    worker could then sit between the two increments and the difference came out as -1.)
    It also counts steps twice: with ``keras.Variable.assign_add`` (read, add, write: two
    workers can read the same value and one increment is lost) and with the underlying
    ``tf.Variable.assign_add`` (one atomic op on the parameter server).
    """
    worker_threads()
    from . import models
    from ._tf import keras, tf

    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    strategy = tf.distribute.ParameterServerStrategy(resolver)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    x, y = training_data(10 ** 6, batch_size)

    def per_worker_dataset():
        return tf.data.Dataset.from_tensor_slices((x, y)).repeat().batch(batch_size, drop_remainder=True)

    iterator = iter(coordinator.create_per_worker_dataset(per_worker_dataset))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
        optimizer.build(model.trainable_variables)
        clock = tf.Variable(0.0, trainable=False)  # advanced by 1 per update, atomically: the update count
        zero = tf.Variable(0.0, trainable=False)
        keras_count = keras.Variable(0.0, trainable=False, name="keras_count")
        tf_count = keras.Variable(0.0, trainable=False, name="tf_count")
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    @tf.function
    def step(it):
        def replica_step(xb, yb):
            seen = tf.identity(clock)  # read with the model's weights
            # the forward pass depends on `seen` (zero is a variable: no optimizer folds it away),
            # so TensorFlow cannot postpone this read to the end of the step
            xb = xb + zero * seen
            for _ in range(work):  # stands in for a bigger model: a longer step
                xb += zero * tf.reduce_sum(tf.matmul(tf.tile(xb, [1, 8]), tf.tile(xb, [1, 8]), transpose_a=True))
            with tf.GradientTape() as tape:
                per_example = loss_fn(yb, model(xb, training=True))
                loss = tf.nn.compute_average_loss(per_example, global_batch_size=batch_size)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            # A tf.function orders ops per variable only: an increment of `clock` alone would run
            # on the ps right after its read, long before the update. Reading the updated weights
            # (0 x their sum) makes it wait for this step's update; one atomic op, returns the new value.
            updated = tf.add_n([tf.reduce_sum(v) for v in model.trainable_variables])
            after = clock.assign_add(1.0 + zero * updated)
            keras_count.assign_add(1.0)  # the pitfall: read + add + assign
            tf_count.value.assign_add(1.0)  # the fix: one atomic op on the ps
            return loss, after - seen - 1

        return strategy.run(replica_step, args=next(it))

    ctx.report("ready_to_schedule")
    t0 = time.time()
    remote = [coordinator.schedule(step, args=(iterator,)) for _ in range(steps)]
    coordinator.join()
    values = [r.fetch() for r in remote]
    seconds = time.time() - t0
    return {"loss": [float(v[0]) for v in values], "staleness": [int(round(float(v[1]))) for v in values],
            "steps": steps, "version": int(round(float(clock.numpy()))), "keras_count": float(keras_count.numpy()),
            "tf_count": float(tf_count.numpy()), "seconds": seconds}
