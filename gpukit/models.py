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


def mlp(input_shape=(64,), hidden=(64,), num_classes: int = 10, seed: int = 0, strategy=None,
        name: str = "mlp") -> keras.Model:
    """A multilayer perceptron: Flatten, ``hidden`` ReLU layers, a logits layer."""
    if num_classes < 2:
        raise ValueError(f"num_classes={num_classes} must be >= 2")
    with _scope(strategy):
        layers = [keras.Input(tuple(input_shape)), keras.layers.Flatten()]
        for i, units in enumerate(hidden):
            layers.append(_dense(units, seed + i, "relu", name=f"hidden_{i}"))
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


def clone(model: keras.Model, strategy=None) -> keras.Model:
    """A copy of ``model`` with the same weights, its variables created under ``strategy``."""
    with _scope(strategy):
        copy = keras.models.clone_model(model)
        copy.set_weights(model.get_weights())
    return copy


def variables_in_scope(strategy, variables) -> bool:
    """True when every variable was created under ``strategy.scope()``."""
    return all(strategy.extended.variable_created_in_scope(getattr(v, "value", v)) for v in variables)


__all__ = ["mlp", "small_cnn", "clone", "variables_in_scope"]
