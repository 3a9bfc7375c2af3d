"""Data for the lessons, and batching by the *global* batch size (lesson 01).

* ``digits()``: scikit-learn's 8x8 handwritten digits (1,797 images, shipped inside the
  scikit-learn package, so it works offline).
* ``synthetic()``: random inputs of any shape with labels from a fixed random teacher,
  so a model can learn something; reproducible from ``seed``.
* ``load(name)``: ``"digits"``, or ``"mnist"`` / ``"cifar10"`` through ``keras.datasets``
  when ``allow_download=True``; offline it falls back to digits and says so.
* ``batch_sizes()`` (from ``gpukit.batching``) / ``distribute()``: the batch arithmetic every lesson prints,
  ``global_batch_size = per_replica_batch_size x num_replicas``, checked with errors that
  propose valid sizes, then a distributed dataset batched by the global size.
* ``check_batched()``: refuse a dataset that is unbatched or shaped unlike the model.
"""

from __future__ import annotations

import warnings

import numpy as np

from ._args import whole
from .batching import BatchSizes, batch_sizes  # noqa: F401  (the batch arithmetic lives there)


def digits(image: bool = False, test_fraction: float = 0.25, seed: int = 0):
    """scikit-learn's digits as ``(x_train, y_train), (x_test, y_test)``, float32 in [0, 1].

    ``image=False`` gives flat vectors of 64 pixels; ``image=True`` gives 8x8x1 images.
    """
    from sklearn.datasets import load_digits

    bunch = load_digits()
    x = (bunch.data / 16.0).astype("float32")
    y = bunch.target.astype("int32")
    if image:
        x = x.reshape(-1, 8, 8, 1)
    order = np.random.default_rng(seed).permutation(len(x))
    x, y = x[order], y[order]
    n_test = int(round(len(x) * test_fraction))
    return (x[n_test:], y[n_test:]), (x[:n_test], y[:n_test])


def synthetic(n: int = 1024, shape=(32,), num_classes: int = 10, seed: int = 0):
    """``n`` random float32 inputs of ``shape`` and int32 labels from a random linear teacher."""
    whole("n", n, what="number of examples")
    shape = tuple(int(s) for s in shape)
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, *shape)).astype("float32")
    teacher = rng.standard_normal((int(np.prod(shape)), num_classes)).astype("float32")
    y = np.argmax(x.reshape(n, -1) @ teacher, axis=1).astype("int32")
    return x, y


def load(name: str = "digits", allow_download: bool = False):
    """A named dataset as ``(x_train, y_train), (x_test, y_test)``; offline-safe.

    ``mnist`` and ``cifar10`` need the internet and ``allow_download=True`` (the files are
    cached in ``~/.keras/datasets`` after the first download). Without them this returns
    the digits and warns, so a lesson still runs on a machine with no network.
    """
    known = ("digits", "mnist", "cifar10")
    if name not in known:
        raise ValueError(f"unknown dataset {name!r}; choose one of {known}")
    if name == "digits":
        return digits(image=True)
    if not allow_download:
        warnings.warn(
            f"{name} needs a download; using the bundled digits instead. "
            f"Pass allow_download=True on a machine with internet access.",
            stacklevel=2,
        )
        return digits(image=True)
    import keras

    try:
        (xt, yt), (xv, yv) = getattr(keras.datasets, name).load_data()
    except Exception as err:  # noqa: BLE001 - any network failure means: fall back
        warnings.warn(f"could not download {name} ({err}); using the bundled digits instead", stacklevel=2)
        return digits(image=True)
    if xt.ndim == 3:
        xt, xv = xt[..., None], xv[..., None]
    scale = np.float32(255.0)
    return (xt.astype("float32") / scale, yt.reshape(-1).astype("int32")), (
        xv.astype("float32") / scale,
        yv.reshape(-1).astype("int32"),
    )


def distribute(strategy, x, y=None, *, global_batch_size: int, drop_remainder: bool = True,
               shuffle: bool = False, seed: int = 0, repeat: bool = False):
    """Batch ``(x, y)`` (arrays, or an *unbatched* ``tf.data.Dataset``) by the global batch
    size and distribute it: each replica gets ``global_batch_size / num_replicas`` examples.

    ``drop_remainder=True`` (the default) drops a last partial batch: with it, every step
    has the same shape and distributed results equal single-device results exactly.
    Returns ``(distributed_dataset, BatchSizes)``.
    """
    from ._tf import tf

    sizes = batch_sizes(strategy.num_replicas_in_sync, global_batch_size=global_batch_size)
    if isinstance(x, tf.data.Dataset):
        if y is not None:
            raise ValueError("pass either a dataset or arrays (x, y), not a dataset and y")
        dataset = x
    else:
        if y is None:
            raise ValueError("y is missing: pass distribute(strategy, x, y, global_batch_size=...)")
        if len(x) != len(y):
            raise ValueError(f"x has {len(x)} examples but y has {len(y)}; they must match")
        dataset = tf.data.Dataset.from_tensor_slices((x, y))
    n = dataset.cardinality().numpy()
    if n >= 0 and n < sizes.global_batch_size and drop_remainder:
        raise ValueError(
            f"only {n} examples but global_batch_size={sizes.global_batch_size} with "
            f"drop_remainder=True: no batch would be left; use a smaller batch"
        )
    if shuffle:
        dataset = dataset.shuffle(max(int(n), 1024), seed=seed, reshuffle_each_iteration=True)
    if repeat:
        dataset = dataset.repeat()
    dataset = dataset.batch(sizes.global_batch_size, drop_remainder=drop_remainder)
    dataset = dataset.prefetch(tf.data.AUTOTUNE)
    return strategy.experimental_distribute_dataset(dataset), sizes


def check_batched(dataset, input_shape, global_batch_size: int | None = None) -> None:
    """Raise ``ValueError`` unless ``dataset`` yields ``(x, y)`` batches that fit the model.

    ``input_shape`` is the model's input shape without the batch axis, e.g. ``(64,)``.
    """
    from ._tf import tf

    spec = getattr(dataset, "element_spec", None)
    if spec is None:
        raise ValueError(f"expected a tf.data.Dataset of (x, y) batches, got {type(dataset).__name__}")
    if not isinstance(spec, tuple) or len(spec) != 2:
        raise ValueError(f"the dataset must yield (x, y) pairs; it yields {spec}")
    x_shape = spec[0].shape
    input_shape = tuple(input_shape)
    if x_shape.rank == len(input_shape) and tuple(x_shape) == input_shape:
        raise ValueError(
            f"the dataset is not batched: it yields single examples of shape {tuple(x_shape)}. "
            f"Call dataset.batch(global_batch_size, drop_remainder=True) or use gpukit.data.distribute"
        )
    if x_shape.rank != len(input_shape) + 1 or not tf.TensorShape(x_shape[1:]).is_compatible_with(input_shape):
        raise ValueError(
            f"the dataset yields x of shape {tuple(x_shape)} but the model takes (batch, *{input_shape}); "
            f"reshape the inputs or build the model for this input shape"
        )
    if global_batch_size is not None and x_shape[0] not in (None, global_batch_size):
        raise ValueError(
            f"the dataset is batched by {x_shape[0]} but global_batch_size={global_batch_size}; "
            f"batch by the global batch size"
        )
