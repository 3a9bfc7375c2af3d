"""Lesson 08's plumbing: CIFAR-shaped data, the seeded pipeline, checkpointed training that
resumes exactly, and a checkpoint folder from another model refused without writing."""

import hashlib
import os

import numpy as np
import pytest

from gpukit import capstone, checks, keras, models, strategies, tf

GB, K, N = 32, 2, 192  # 6 updates per epoch of 2 micro-batches of 16


def _strategy():
    return strategies.mirrored(["/cpu:0", "/cpu:1"])


def _build(filters=(8, 16)):
    def build():
        return (models.cnn(input_shape=(16, 16, 3), filters=filters, dropout=0.0, seed=3),
                keras.optimizers.Adam(1e-2))
    return build


@pytest.fixture(scope="module")
def small():
    (x, y), _, _ = capstone.images("digits", size=16)
    return x[:N], y[:N]


def _tree(folder):
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(root, f)
            out[os.path.relpath(p, folder)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return out


def test_images_are_cifar_shaped_and_offline_by_default():
    (xt, yt), (xv, yv), notice = capstone.images("cifar10", size=16)
    assert xt.shape[1:] == (16, 16, 3) and xt.dtype == np.float32 and 0 <= xt.min() and xt.max() <= 255
    assert "allow_download=False" in notice and len(notice.splitlines()) == 1
    (xs, _), _, _ = capstone.images("synthetic", size=8)
    assert xs.shape[1:] == (8, 8, 3)
    for bad, match in ((dict(name="imagenet"), "unknown dataset"), (dict(size=12), "multiple of 8")):
        with pytest.raises(ValueError, match=match):
            capstone.images(**bad)


def test_pipeline_order_is_a_function_of_seed_and_epoch(small):
    x, y = small

    def labels(**kw):
        return np.concatenate([b[1].numpy() for b in capstone.pipeline(x, y, batch_size=16, **kw)])

    assert np.array_equal(labels(seed=1, epoch=2), labels(seed=1, epoch=2))
    assert not np.array_equal(labels(seed=1, epoch=2), labels(seed=1, epoch=3))
    assert np.array_equal(labels(seed=1, epoch=2, skip=3), labels(seed=1, epoch=2)[48:])
    batches = list(capstone.pipeline(x[:40], y[:40], batch_size=16))
    assert [len(b[0]) for b in batches] == [16, 16]  # drop_remainder
    assert float(batches[0][0].numpy().max()) <= 1.0


def test_interrupted_then_resumed_equals_uninterrupted(small, tmp_path):
    x, y = small
    kw = dict(global_batch_size=GB, accum_steps=K, epochs=2, seed=5, save_every=2)
    ref = capstone.train(str(tmp_path / "a"), _strategy(), _build(), x, y, **kw)
    with pytest.raises(capstone.Interrupted, match="resume"):
        capstone.train(str(tmp_path / "b"), _strategy(), _build(), x, y, stop_after=9, **kw)
    again = capstone.train(str(tmp_path / "b"), _strategy(), _build(), x, y, **kw)
    assert again.resumed_from == 8  # the checkpoint before the interruption (every 2 updates)
    assert ref.updates == again.updates == 2 * (N // GB)
    assert int(again.optimizer.iterations.numpy()) == ref.updates
    checks.assert_same(again.model.get_weights(), ref.model.get_weights(), atol=1e-5, what="resumed weights")
    np.testing.assert_allclose(again.history["loss"], ref.history["loss"], rtol=1e-4)
    # running a finished folder again trains nothing
    done = capstone.train(str(tmp_path / "b"), _strategy(), _build(), x, y, **kw)
    assert done.resumed_from == done.updates == ref.updates and done.examples == 0


def test_folder_of_another_model_is_refused_and_untouched(small, tmp_path):
    x, y = small
    folder = str(tmp_path / "run")
    capstone.train(folder, _strategy(), _build(), x, y, global_batch_size=GB, accum_steps=K, epochs=1)
    before = _tree(folder)
    with pytest.raises(ValueError, match="different run .*model.*nothing was restored or overwritten"):
        capstone.train(folder, _strategy(), _build(filters=(4, 8)), x, y, global_batch_size=GB, accum_steps=K)
    with pytest.raises(ValueError, match="accum_steps"):
        capstone.train(folder, _strategy(), _build(), x, y, global_batch_size=GB, accum_steps=1)
    assert _tree(folder) == before


def test_a_folder_that_is_not_a_checkpoint_folder_is_refused(small, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not a checkpoint folder"):
        capstone.train(str(tmp_path), _strategy(), _build(), *small, global_batch_size=GB)
    assert os.listdir(tmp_path) == ["notes.txt"]


def test_bad_sizes_fail_before_work(small, tmp_path):
    with pytest.raises(ValueError, match="not divisible|do not split"):
        capstone.train(str(tmp_path / "c"), _strategy(), _build(), *small, global_batch_size=33)
    with pytest.raises(ValueError, match="no update"):
        capstone.train(str(tmp_path / "d"), _strategy(), _build(), small[0][:8], small[1][:8], global_batch_size=GB)
    assert not (tmp_path / "c").exists()
