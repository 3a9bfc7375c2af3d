"""Small Keras 3 models, built inside a strategy scope with reproducible weights (lesson 01).

Every layer gets a seeded initializer, so ``mlp(seed=0)`` built under one replica and under
four replicas starts from the same weights: that is what lets a lesson compare distributed
training with single-device training number by number. Models output *logits* (no
softmax); losses use ``from_logits=True``.

Built with a ``keras.Input``, so the variables exist right away: an optimizer can be built
for them before the first step (see ``gpukit.training`` for why that matters).
"""

from __future__ import annotations

import contextlib

from ._tf import keras


def _scope(strategy):
    return strategy.scope() if strategy is not None else contextlib.nullcontext()


def _dense(units, seed, activation=None, name=None):
    return keras.layers.Dense(
        units,
        activation=activation,
        kernel_initializer=keras.initializers.GlorotUniform(seed=seed),
        bias_initializer="zeros",
        name=name,
    )


BATCH_NORM = (None, "plain", "synchronized")
DEFAULT_BN_MOMENTUM = 0.99  # Keras' default: moving averages over ~100 updates


def _check_regularizers(num_classes, batch_norm, dropout, bn_momentum) -> None:
    if num_classes < 2:
        raise ValueError(f"num_classes={num_classes} must be >= 2")
    if batch_norm not in BATCH_NORM:
        raise ValueError(
            f"batch_norm={batch_norm!r} is not one of {BATCH_NORM}: 'synchronized' computes the batch "
            f"statistics over all replicas (equals one device), 'plain' per replica (differs)")
    if not 0.0 <= dropout < 1.0:
        raise ValueError(f"dropout={dropout!r} must be a rate in [0, 1), e.g. 0.25")
    if not 0.0 < bn_momentum < 1.0:
        raise ValueError(f"bn_momentum={bn_momentum!r} must be in (0, 1): the moving averages remember about "
                         f"1 / (1 - momentum) updates, e.g. 0.99 for long runs, 0.9 for a few dozen updates")


def _batch_norm(batch_norm, name, momentum):
    """A BatchNormalization layer; ``synchronized=True`` all-reduces its statistics over replicas.
    Inference uses moving averages that remember about ``1 / (1 - momentum)`` updates (Keras' 0.99:
    ~100), so after a short run they still trail the weights (lesson 08 measures it)."""
    return keras.layers.BatchNormalization(synchronized=batch_norm == "synchronized", momentum=momentum, name=name)


def mlp(input_shape=(64,), hidden=(64,), num_classes: int = 10, seed: int = 0, strategy=None,
        name: str = "mlp", batch_norm: str | None = None, dropout: float = 0.0, bn_momentum: float = DEFAULT_BN_MOMENTUM) -> keras.Model:
    """A multilayer perceptron: Flatten, ``hidden`` ReLU layers, a logits layer.

    ``batch_norm="plain"`` or ``"synchronized"`` puts a BatchNormalization between each hidden
    Dense and its ReLU; ``dropout`` > 0 adds a Dropout after each hidden layer (lesson 01 shows
    what both do to "equals one device"); ``bn_momentum`` is BatchNorm's moving-average momentum.
    """
    _check_regularizers(num_classes, batch_norm, dropout, bn_momentum)
    with _scope(strategy):
        layers = [keras.Input(tuple(input_shape)), keras.layers.Flatten()]
        for i, units in enumerate(hidden):
            if batch_norm is None:
                layers.append(_dense(units, seed + i, "relu", name=f"hidden_{i}"))
            else:
                layers += [_dense(units, seed + i, name=f"hidden_{i}"), _batch_norm(batch_norm, f"bn_{i}", bn_momentum),
                           keras.layers.ReLU(name=f"relu_{i}")]
            if dropout:
                layers.append(keras.layers.Dropout(dropout, seed=seed + i, name=f"dropout_{i}"))
        layers.append(_dense(num_classes, seed + len(hidden), name="logits"))
        return keras.Sequential(layers, name=name)


def small_cnn(input_shape=(8, 8, 1), filters=(16, 32), num_classes: int = 10, seed: int = 0,
              strategy=None, name: str = "small_cnn") -> keras.Model:
    """Two 3x3 convolutions (ReLU, same padding, 2x2 max-pool after the first), then logits."""
    with _scope(strategy):
        layers = [keras.Input(tuple(input_shape))]
        for i, f in enumerate(filters):
            layers.append(
                keras.layers.Conv2D(
                    f, 3, padding="same", activation="relu", name=f"conv_{i}",
                    kernel_initializer=keras.initializers.GlorotUniform(seed=seed + i),
                )
            )
            if i == 0:
                layers.append(keras.layers.MaxPooling2D(2))
        layers += [keras.layers.Flatten(), _dense(num_classes, seed + len(filters), name="logits")]
        return keras.Sequential(layers, name=name)


def cnn(input_shape=(8, 8, 1), filters=(16, 32), num_classes: int = 10, seed: int = 0, strategy=None,
        batch_norm: str | None = "synchronized", dropout: float = 0.25, name: str = "cnn",
        bn_momentum: float = DEFAULT_BN_MOMENTUM) -> keras.Model:
    """A small real-world CNN: per block Conv 3x3 (no bias) -> BatchNorm -> ReLU, a 2x2 max-pool after
    every block but the last, global average pooling, Dropout, logits. Later lessons use it.

    BatchNorm is ``synchronized`` by default: under a strategy its statistics then cover the
    global batch, as on one device. Dropout draws its mask per replica, so with ``dropout`` > 0
    training can only equal one device statistically, not number by number. ``bn_momentum``: the
    moving averages used at inference remember about ``1 / (1 - bn_momentum)`` updates; a run of a
    few dozen updates needs ~0.9, or its test accuracy is near chance (lesson 08).
    """
    _check_regularizers(num_classes, batch_norm, dropout, bn_momentum)
    if not filters:
        raise ValueError("filters=() gives a CNN without convolutions; pass e.g. filters=(16, 32)")
    with _scope(strategy):
        layers = [keras.Input(tuple(input_shape))]
        for i, f in enumerate(filters):
            layers.append(keras.layers.Conv2D(
                f, 3, padding="same", use_bias=batch_norm is None, name=f"conv_{i}",
                kernel_initializer=keras.initializers.GlorotUniform(seed=seed + i)))
            if batch_norm is not None:
                layers.append(_batch_norm(batch_norm, f"bn_{i}", bn_momentum))
            layers.append(keras.layers.ReLU(name=f"relu_{i}"))
            if i < len(filters) - 1:
                layers.append(keras.layers.MaxPooling2D(2, name=f"pool_{i}"))
        layers.append(keras.layers.GlobalAveragePooling2D(name="gap"))
        if dropout:
            layers.append(keras.layers.Dropout(dropout, seed=seed, name="dropout"))
        layers.append(_dense(num_classes, seed + len(filters), name="logits"))
        return keras.Sequential(layers, name=name)


def has_batch_norm(model) -> bool:
    """True when any layer of ``model`` (nested models included) is a BatchNormalization."""
    return any(isinstance(layer, keras.layers.BatchNormalization) for layer in _layers(model))


def _layers(model):
    for layer in getattr(model, "layers", ()):
        yield layer
        yield from _layers(layer)


def clone(model: keras.Model, strategy=None) -> keras.Model:
    """A copy of ``model`` with the same weights, its variables created under ``strategy``."""
    with _scope(strategy):
        copy = keras.models.clone_model(model)
        copy.set_weights(model.get_weights())
    return copy


def variables_in_scope(strategy, variables) -> bool:
    """True when every variable was created under ``strategy.scope()``."""
    return all(strategy.extended.variable_created_in_scope(getattr(v, "value", v)) for v in variables)


__all__ = ["mlp", "small_cnn", "cnn", "has_batch_norm", "clone", "variables_in_scope"]
