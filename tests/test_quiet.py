"""gpukit keeps TensorFlow's start-up noise out of notebooks (learners read it as errors)."""

QUIET_RUN = """
import gpukit
from gpukit import devices, strategies, data, models, training, keras
devices.setup(virtual=2)
strategy, _ = strategies.pick()
with strategy.scope():
    model, opt = models.mlp(seed=0), keras.optimizers.SGD(0.1)
(x, y), _ = data.digits()
training.train(strategy, model, opt, (x[:256], y[:256]), global_batch_size=64)
print("done")
"""


def test_import_setup_and_training_print_nothing_on_stderr(fresh_python):
    result = fresh_python(QUIET_RUN)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "done"
    assert result.stderr == "", f"noise on stderr:\n{result.stderr[:2000]}"


# In Jupyter, sys.stderr is a Python stream sent to the front end, not file descriptor 2: a Python
# warning raised while TensorFlow loads gets past gpukit._tf's fd-2 silencing and shows as a pink block.
KERNEL_LIKE_IMPORT = """
import io, sys
kernel_stderr = io.StringIO()
sys.stderr = kernel_stderr
import gpukit
from gpukit import keras, tf
sys.stderr = sys.__stderr__
print(repr(kernel_stderr.getvalue()))
"""


def test_import_writes_no_python_warning_where_a_kernel_would_show_it(fresh_python):
    """Planted bug: drop the np.object filter in gpukit._tf.load(); on Keras 3.13.0 (pyproject's lower
    bound, `make test-lowest`) numpy's FutureWarning lands here."""
    import pathlib
    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "troubleshooting.md").read_text()
    assert "FutureWarning: In the future `np.object` will be defined as the corresponding NumPy scalar." in doc
    result = fresh_python(KERNEL_LIKE_IMPORT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "''", f"a kernel would show:\n{result.stdout[-2000:]}"


def test_plain_tensorflow_import_is_noisy(fresh_python):
    # Why gpukit silences stderr: without it the same device set-up writes log lines.
    # If this starts failing, TensorFlow became quiet and gpukit._tf can be simplified.
    result = fresh_python(
        "import tensorflow as tf\n"
        "tf.config.list_logical_devices()\n"
    )
    assert result.returncode == 0
    assert result.stderr.strip(), "TensorFlow printed nothing: the silencing in gpukit._tf may be unnecessary now"


def test_doctor_reports_versions_and_devices(fresh_python):
    result = fresh_python("from gpukit.__main__ import main; raise SystemExit(main(['doctor']))")
    assert result.returncode == 0, result.stderr
    for key in ("tensorflow", "keras", "python", "physical_devices", "in_colab", "under_test", "memory_gib"):
        assert key in result.stdout
    assert "2.21" in result.stdout
    assert result.stderr == ""


def test_tensorflow_imported_first_with_onednn_on_is_said_once(monkeypatch):
    """Issue 38, round 19: a notebook that imports TensorFlow before gpukit gets TensorFlow's oneDNN default (on, on x86
    CPUs with AVX-512), not gpukit's TF_ENABLE_ONEDNN_OPTS=0, which TensorFlow reads only at its import. gpukit says
    so (which setting, the fix) when it changed something; a variable the learner set is theirs, no warning."""
    import warnings

    from gpukit import _tf

    monkeypatch.delenv("TF_ENABLE_ONEDNN_OPTS", raising=False)
    monkeypatch.setattr(_tf, "_onednn_on", lambda tensorflow: True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert _tf.load() is _tf.tf  # TensorFlow already imported: the module as it is, and the warning
    (warning,) = [w for w in caught if "TF_ENABLE_ONEDNN_OPTS=0" in str(w.message)]
    assert "imported before gpukit" in str(warning.message) and "restart the kernel" in str(warning.message)
    for env, on in (("1", True), ("0", False), (None, False)):
        if env is None:
            monkeypatch.delenv("TF_ENABLE_ONEDNN_OPTS", raising=False)
        else:
            monkeypatch.setenv("TF_ENABLE_ONEDNN_OPTS", env)
        monkeypatch.setattr(_tf, "_onednn_on", lambda tensorflow, on=on: on)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _tf.load()
        assert not caught, (env, on, [str(w.message) for w in caught])
