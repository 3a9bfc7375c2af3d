"""``python -m gpukit launch --ray --workers 2 SCRIPT``: the same unmodified scripts that ``launch`` runs as
plain processes, run in Ray Train's TensorflowTrainer workers (a local, loopback-only Ray that the command
starts and stops): a Keras 3 ``fit`` script (TensorFlow's tutorial structure, the Keras fix applied in each
Ray worker) and a custom training loop. Each is compared with the same script run in one process (no
TF_CONFIG). Ray's session folder is left nowhere: the run's TMPDIR is empty afterwards.

``--ray ADDRESS``: the same two scripts on a running Ray cluster (a head this file starts with
``ray start --head --block`` on 127.0.0.1), which the launch joins and must leave running. A bad
address is refused before any work (those tests start nothing and always run).
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np
import pytest

from gpukit.__main__ import main as gpukit_main
from gpukit.launch import cli as launch_cli
from gpukit.launch import ray_train

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts"
# Each test starts Ray and two TensorFlow workers (1.5-3 minutes on 2 shared cores): more than `make test`'s
# budget for them, so they run on request: GPUKIT_RAY_LAUNCH_TESTS=1 (docs/decisions.md, issue 37)
starts_ray = [pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                                 reason='Ray is not installed: pip install "gpukit[ray]" (make test installs it)'),
              pytest.mark.skipif(os.environ.get("GPUKIT_RAY_LAUNCH_TESTS") != "1",
                                 reason="1.5-3 min each: run with GPUKIT_RAY_LAUNCH_TESTS=1")]


def needs_ray(test):
    for mark in starts_ray:
        test = mark(test)
    return test


def _run(argv, tmp, cwd, **extra_env):
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=tmp)
    for name in ("TF_CONFIG", "TF_USE_LEGACY_KERAS", "RAY_TMPDIR", "RAY_ADDRESS", "RAY_AUTH_MODE", "RAY_AUTH_TOKEN"):
        env.pop(name, None)
    env.update(extra_env)
    return subprocess.run([sys.executable, *argv], env=env, cwd=cwd, capture_output=True, text=True, timeout=600,
                          stdin=subprocess.DEVNULL)


@pytest.fixture
def short_tmp():
    """A TMPDIR of its own, short (Ray puts Unix sockets under it, at most 107 bytes)."""
    folder = tempfile.mkdtemp(prefix="gk-", dir="/tmp")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _left(folder):
    """What Ray or the launcher left in TMPDIR (TensorFlow's own autograph files aside: Ray ends its
    workers without their atexit)."""
    return [n for n in os.listdir(folder) if n == "ray" or n.startswith("gpukit")]


def _lines(text, key):
    """The JSON after KEY on each Ray worker's line, by worker pid (Ray may show a line twice)."""
    found = {}
    for pid, value in re.findall(rf"pid=(\d+)\S*\s+{key} (.*)$", re.sub(r"\x1b\[[0-9;]*m", "", text), re.M):
        found[pid] = json.loads(value)
    return found


def _fit_tutorial(ray_args, tmp_path, short_tmp):
    """The Keras fit tutorial under ``launch --ray ...``: both workers' losses equal, and equal to one process.
    Returns the launch's output and its wall-clock seconds."""
    started = time.monotonic()
    done = _run(["-m", "gpukit", "launch", *ray_args, "--workers", "2", "--timeout", "400",
                 str(SCRIPTS / "keras3_tutorial.py"), str(tmp_path / "backup")], short_tmp, tmp_path)
    seconds = time.monotonic() - started
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "[gpukit] all 2 Ray Train workers finished" in out, out[-4000:]
    losses = _lines(out, "LOSSES")
    assert len(losses) == 2 and len({json.dumps(v) for v in losses.values()}) == 1, out[-4000:]
    one = _run([str(SCRIPTS / "keras3_tutorial.py"), str(tmp_path / "one")], short_tmp, tmp_path)
    reference = json.loads(re.search(r"^LOSSES (.*)$", one.stdout, re.M).group(1))
    got = next(iter(losses.values()))
    assert max(abs(a - b) for a, b in zip(got, reference)) <= 1e-6, (got, reference)
    assert not (tmp_path / "backup").exists()
    assert _left(short_tmp) == []                              # no ray/ session folder, no storage left
    return out, seconds


def _custom_loop(ray_args, tmp_path, short_tmp):
    """The custom-loop script under ``launch --ray ...``: the weights equal one process's. Returns the
    launch's output and its wall-clock seconds."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 8)).astype("float32")
    y = rng.integers(0, 3, size=64).astype("int32")
    init = {"w1": rng.normal(scale=0.5, size=(8, 16)), "b1": np.zeros(16),
            "w2": rng.normal(scale=0.5, size=(16, 3)), "b2": np.zeros(3)}
    np.savez(tmp_path / "data.npz", x=x, y=y, **{k: v.astype("float32") for k, v in init.items()})
    args = ["--data", str(tmp_path / "data.npz"), "--epochs", "2", "--batch", "16"]
    started = time.monotonic()
    done = _run(["-m", "gpukit", "launch", *ray_args, "--workers", "2", "--timeout", "400",
                 str(SCRIPTS / "mwms_train.py"), *args, "--out", "ray.npz"], short_tmp, tmp_path)
    seconds = time.monotonic() - started
    out = done.stdout + done.stderr
    assert done.returncode == 0 and (tmp_path / "ray.npz").exists(), out[-4000:]   # relative path: the launch's cwd
    one = _run([str(SCRIPTS / "mwms_train.py"), *args, "--out", "one.npz"], short_tmp, tmp_path)
    assert one.returncode == 0, one.stderr[-3000:]
    a, b = np.load(tmp_path / "ray.npz"), np.load(tmp_path / "one.npz")
    assert max(float(np.max(np.abs(a[k] - b[k]))) for k in a.files) <= 1e-5
    assert _left(short_tmp) == []
    return out, seconds


@needs_ray
def test_launch_ray_runs_the_keras_fit_tutorial_unchanged(tmp_path, short_tmp):
    out, seconds = _fit_tutorial(["--ray"], tmp_path, short_tmp)
    assert "on a local Ray, stopped" in out
    print(f"launch --ray (local) fit tutorial: {seconds:.1f} s")


@needs_ray
def test_launch_ray_runs_a_custom_training_loop_unchanged(tmp_path, short_tmp):
    out, seconds = _custom_loop(["--ray"], tmp_path, short_tmp)
    assert "on a local Ray, stopped" in out
    print(f"launch --ray (local) custom loop: {seconds:.1f} s")


@needs_ray
def test_sigterm_stops_a_local_ray_launch_and_every_ray_process(tmp_path, short_tmp):
    """SIGTERM (a scheduler, ``kill``, ``timeout``) is handled like Ctrl-C: the local Ray and its workers are
    stopped. Planted bug it catches: no handler; the launch died at once and Ray's workers (each in a
    session of its own) stayed."""
    script = tmp_path / "sleeper.py"
    script.write_text("import time\nprint('STARTED', flush=True)\ntime.sleep(600)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=short_tmp)
    for name in ("TF_CONFIG", "RAY_TMPDIR", "RAY_ADDRESS"):
        env.pop(name, None)
    log = open(tmp_path / "launch.out", "w+")
    launch = subprocess.Popen([sys.executable, "-m", "gpukit", "launch", "--ray", "--workers", "1", "--timeout", "500",
                               str(script)], env=env, cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 400
        while "STARTED" not in (tmp_path / "launch.out").read_text():
            assert launch.poll() is None and time.monotonic() < deadline, (tmp_path / "launch.out").read_text()[-3000:]
            time.sleep(1)
        assert ray_train.ray_processes(owner=launch.pid) != []           # the test sees Ray's processes
        launch.send_signal(signal.SIGTERM)
        assert launch.wait(timeout=120) == 130
        out = (tmp_path / "launch.out").read_text()
        assert "[gpukit] interrupted (SIGTERM); stopped the Ray Train workers and the local Ray" in out, out[-3000:]
        left = ray_train.ray_processes(owner=launch.pid)
        deadline = time.monotonic() + 30                                   # a killed process may take a moment
        while left and time.monotonic() < deadline:
            time.sleep(1)
            left = ray_train.ray_processes(owner=launch.pid)
        assert left == [], left
    finally:
        if launch.poll() is None:
            os.killpg(launch.pid, signal.SIGKILL)
            launch.wait(timeout=30)
        for pid in ray_train.ray_processes(owner=launch.pid):
            os.kill(pid, signal.SIGKILL)
        log.close()
    # what a killed Ray worker leaves (its temporary_folder) goes at the next temporary_folder's sweep
    from gpukit import _scratch

    _scratch.sweep(short_tmp)
    assert _left(short_tmp) == [], os.listdir(short_tmp)


# ---------------------------------------------------------------- --ray ADDRESS: joining a running cluster

def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))        # the kernel's ephemeral range: clear of Ray's worker ports (10002-19999)
        return s.getsockname()[1]


class Head:
    """A Ray head started as a learner would (``ray start --head``), loopback only, in its own session
    (process group = its pid), its temp folder of its own. ``stop`` kills its group and whatever
    ``ray_train.ray_processes`` still finds of it (Ray's workers start their own sessions)."""

    def __init__(self, token=None):
        self.temp = tempfile.mkdtemp(prefix="gk-h", dir="/tmp")   # short: Ray's Unix sockets, <= 107 bytes
        self.port = _free_port()
        self.log = open(os.path.join(self.temp, "head.out"), "w+")
        # Ray 2.60's `ray start` turns token authentication on: off here (loopback), unless a test gives a
        # token (then in the environment, not ~/.ray/auth_token)
        auth = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token} if token else {"RAY_AUTH_MODE": "disabled"}
        env = dict(os.environ, PYTHONPATH=str(ROOT), RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0",  # listen on 127.0.0.1
                   **auth)
        env.pop("RAY_ADDRESS", None)
        self.process = subprocess.Popen(
            [str(pathlib.Path(sys.executable).parent / "ray"), "start", "--head", "--block",
             "--node-ip-address=127.0.0.1", f"--port={self.port}", f"--ray-client-server-port={_free_port()}",
             f"--dashboard-agent-listen-port={_free_port()}", "--num-cpus=2", "--include-dashboard=false",
             f"--temp-dir={self.temp}", "--disable-usage-stats"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_started(self, timeout=240.0):
        deadline = time.monotonic() + timeout
        while "Ray runtime started" not in self.output():
            assert self.process.poll() is None, f"ray start --head exited {self.process.returncode}:\n{self.output()}"
            assert time.monotonic() < deadline, f"ray start --head not up after {timeout} s:\n{self.output()}"
            time.sleep(0.5)

    def output(self):
        self.log.seek(0)
        return self.log.read()

    def core(self):
        """Pids of the head's gcs_server and raylet."""
        found = {}
        for pid in ray_train.ray_processes(owner=self.process.pid):
            try:
                name = pathlib.Path(f"/proc/{pid}/comm").read_text().strip()
            except OSError:
                continue
            if name in ("gcs_server", "raylet"):
                found[name] = pid
        return found

    def alive(self):
        """The head still runs: ``ray start --block`` (it exits when one of its processes dies) and its GCS
        port answers."""
        try:
            ray_train.probe_address("head", "127.0.0.1", self.port, timeout=10)
        except RuntimeError:
            return False
        return self.process.poll() is None

    def stop(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(timeout=30)
        finally:
            for pid in ray_train.ray_processes(owner=self.process.pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self.log.close()
            shutil.rmtree(self.temp, ignore_errors=True)


@contextlib.contextmanager
def _head(token=None):
    started = time.monotonic()
    head = Head(token)
    try:
        head.wait_started()
        head.start_seconds = time.monotonic() - started
        yield head
    finally:
        head.stop()
    assert ray_train.ray_processes(owner=head.process.pid) == [], "the test head's processes are still there"


@pytest.fixture(scope="module")
def head():
    with _head() as started:
        yield started


def _joined(run, head, tmp_path, short_tmp):
    before = head.core()
    assert set(before) == {"gcs_server", "raylet"}, (before, head.output()[-3000:])
    out, seconds = run(["--ray", f"127.0.0.1:{head.port}"], tmp_path, short_tmp)
    assert f"on the Ray cluster at 127.0.0.1:{head.port}, left running" in out, out[-3000:]
    assert head.alive(), head.output()[-3000:]                  # the launch did not stop the cluster it joined
    assert head.core() == before                                # the same gcs_server and raylet, not restarted
    print(f"launch --ray 127.0.0.1:PORT {run.__name__}: {seconds:.1f} s (load {os.getloadavg()[0]:.1f}); "
          f"ray start --head took {head.start_seconds:.1f} s")


@needs_ray
def test_launch_ray_address_joins_a_running_cluster_with_the_fit_tutorial(head, tmp_path, short_tmp):
    _joined(_fit_tutorial, head, tmp_path, short_tmp)


@needs_ray
def test_launch_ray_address_joins_a_running_cluster_with_a_custom_loop(head, tmp_path, short_tmp):
    _joined(_custom_loop, head, tmp_path, short_tmp)


@needs_ray
def test_a_cluster_with_token_authentication_names_the_fix(tmp_path, short_tmp):
    """``ray start --head`` (Ray 2.60) requires a token; a driver given an explicit address sends none unless
    RAY_AUTH_MODE=token. Without it: the error names that fix; with it (and the token), the launch runs,
    and so does ``--ray auto`` (RAY_ADDRESS)."""
    token = os.urandom(16).hex()
    script = tmp_path / "hello.py"
    script.write_text("import os\nprint('TF_CONFIG', os.environ['TF_CONFIG'])\n")
    with _head(token) as head:
        address = f"127.0.0.1:{head.port}"
        refused = _run(["-m", "gpukit", "launch", "--ray", address, "--workers", "1", "--timeout", "200", str(script)],
                       short_tmp, tmp_path)
        assert refused.returncode == 2, refused.stderr[-3000:]
        assert (f"error: --ray '{address}': the Ray cluster at {address} uses token authentication" in refused.stderr
                and "Run with RAY_AUTH_MODE=token" in refused.stderr), refused.stderr[-3000:]
        # the fix
        done = _run(["-m", "gpukit", "launch", "--ray", address, "--workers", "1", "--timeout", "200", str(script)],
                    short_tmp, tmp_path, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token)
        out = done.stdout + done.stderr
        assert done.returncode == 0 and f"on the Ray cluster at {address}, left running" in out, out[-3000:]
        assert len(_lines(out, "TF_CONFIG")) == 1, out[-3000:]                # the one worker ran the script
        # `--ray auto`, here from RAY_ADDRESS (which Ray counts as an explicit address: RAY_AUTH_MODE=token still)
        done = _run(["-m", "gpukit", "launch", "--ray", "auto", "--workers", "1", "--timeout", "200", str(script)],
                    short_tmp, tmp_path, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token, RAY_ADDRESS=address)
        out = done.stdout + done.stderr
        assert done.returncode == 0 and "on the Ray cluster at auto, left running" in out, out[-3000:]
        assert len(_lines(out, "TF_CONFIG")) == 1, out[-3000:]                # the one worker ran the script
        assert head.alive()


# ---------------------------------------------------------------- bad addresses: refused, nothing started

def _dead_port():
    """A port on 127.0.0.1 where nothing listens (bound, never listening, until the test ends)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    return s


@pytest.mark.parametrize("address, says", [
    ("foo", "--ray 'foo': not an address (no :PORT); give HOST:PORT of a running Ray head (`ray start --head` "
            "prints it)"),
    ("127.0.0.1", "--ray '127.0.0.1': not an address (no :PORT)"),
    ("127.0.0.1:0", "port '0' is not a number from 1 to 65535"),
    ("127.0.0.1:6379x", "port '6379x' is not a number"),
    ("http://127.0.0.1:8265", "http:// is not a Ray cluster address (http://HOST:8265 is the dashboard)"),
    ("bad host:6379", "'bad host' is not a host name or IP address"),
    ("local", "to start a local Ray, omit the address (`--ray` alone)"),
    ("ray://127.0.0.1:10001", "Ray Client addresses (ray://) are not supported"),
    ("", "--ray '': not an address"),
])
def test_a_malformed_ray_address_is_refused_before_any_work(address, says, monkeypatch, capsys):
    """Planted bug it catches: an address handed to ray.init unchecked (here Ray cannot even be imported,
    so reaching it would say 'Ray Train is not installed' instead)."""
    monkeypatch.setitem(sys.modules, "ray", None)
    assert gpukit_main(["launch", "--ray", address, "--workers", "2", str(SCRIPTS / "mwms_train.py")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --ray ") and says in err, err
    if address not in ("local", "ray://127.0.0.1:10001"):                  # those two name their own fix
        assert err.strip().endswith(ray_train.ADDRESS_FIX), err


def test_a_ray_address_where_nothing_listens_fails_at_once(monkeypatch, capsys):
    """``ray.init`` against a dead address retries for minutes (measured: still retrying after 150 s); the
    launcher probes the port first. Planted bug it catches: no probe (Ray would be imported and, here,
    say 'not installed'; with Ray, hang)."""
    monkeypatch.setitem(sys.modules, "ray", None)
    with _dead_port() as s:
        port = s.getsockname()[1]
        for address in (f"127.0.0.1:{port}", f"localhost:{port}"):
            assert gpukit_main(["launch", "--ray", address, "--workers", "2", str(SCRIPTS / "mwms_train.py")]) == 2
            err = capsys.readouterr().err
            assert (f"error: --ray '{address}': nothing answers at " in err and "no Ray head is running there" in err
                    and "ray start --head --" in err), err
        with pytest.raises(ray_train.RayAddressError, match=rf"address '127.0.0.1:{port}': nothing answers at "
                                                            rf"127.0.0.1:{port} \(Connection refused\)"):
            ray_train.run_on_ray("gpukit.cluster:train_mwms", 2, address=f"127.0.0.1:{port}")


def test_check_address_parses_what_ray_init_gets():
    assert ray_train.check_address("127.0.0.1:6379") == ("127.0.0.1:6379", "127.0.0.1", 6379)
    assert ray_train.check_address(" head.example.org:6379 ") == ("head.example.org:6379", "head.example.org", 6379)
    assert ray_train.check_address("[::1]:6379") == ("[::1]:6379", "::1", 6379)
    assert [ray_train.is_loopback_host(h) for h in ("127.0.0.1", "localhost", "::1", "10.0.0.5", "127.example.org")] \
        == [True, True, True, False, False]


def test_auto_reads_the_address_ray_would_use(monkeypatch, tmp_path):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
    with pytest.raises(ValueError, match=r"--ray auto: no running Ray cluster found \(RAY_ADDRESS is not set and "
                                         r".*ray_current_cluster does not exist"):
        ray_train.check_address("auto")
    (tmp_path / "ray").mkdir()
    (tmp_path / "ray" / "ray_current_cluster").write_text("127.0.0.1:6380\n")
    assert ray_train.check_address("auto") == ("auto", "127.0.0.1", 6380)   # ray.init resolves "auto" itself
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.5:6379")
    assert ray_train.check_address("auto") == ("auto", "10.0.0.5", 6379)
    monkeypatch.setenv("RAY_ADDRESS", "nonsense")
    with pytest.raises(ValueError, match=r"--ray auto found 'nonsense' in RAY_ADDRESS: --ray 'nonsense': not an "):
        ray_train.check_address("auto")


def test_bare_ray_before_the_script_is_not_taken_for_an_address(capsys):
    """``--ray train.py``: argparse alone would take the script for the address."""
    assert launch_cli.separate_bare_ray(["launch", "--workers", "2", "--ray", "t.py", "--ray", "x"]) == \
        ["launch", "--workers", "2", "--ray", "--", "t.py", "--ray", "x"]
    assert launch_cli.separate_bare_ray(["launch", "--ray", "1.2.3.4:5", "t.py"]) == \
        ["launch", "--ray", "1.2.3.4:5", "t.py"]
    # parsed as a local --ray with its script: then refused for --dry-run, before anything starts
    assert gpukit_main(["launch", "--dry-run", "--workers", "2", "--ray", str(SCRIPTS / "mwms_train.py")]) == 2
    assert "--dry-run does not apply with --ray" in capsys.readouterr().err


def test_the_address_errors_are_in_troubleshooting(monkeypatch, capsys):
    """docs/troubleshooting.md quotes the messages as they are printed (the dead port renamed 6379)."""
    doc = (ROOT / "docs" / "troubleshooting.md").read_text()
    monkeypatch.setitem(sys.modules, "ray", None)
    with _dead_port() as s:
        port = s.getsockname()[1]
        assert gpukit_main(["launch", "--ray", f"127.0.0.1:{port}", "--workers", "2",
                            str(SCRIPTS / "mwms_train.py")]) == 2
    dead = capsys.readouterr().err.strip().replace(str(port), "6379")
    assert gpukit_main(["launch", "--ray", "foo", "--workers", "2", str(SCRIPTS / "mwms_train.py")]) == 2
    malformed = capsys.readouterr().err.strip()
    assert f"``{dead}``" in doc, dead
    assert malformed.split(" (`ray start")[0] in doc, malformed
    assert ("error: --ray '127.0.0.1:6379': the Ray cluster at 127.0.0.1:6379 uses token authentication (Ray "
            f"{importlib.metadata.version('ray') if importlib.util.find_spec('ray') else '2.60.0'}'s ...) and this "
            "process sent no valid token. Run with RAY_AUTH_MODE=token") in doc


def test_a_refused_join_is_named_not_dumped():
    """What ``ray.init`` raises when the cluster wants a token (a ConnectionError over a RuntimeError holding
    a whole traceback) becomes one sentence with the fix. Planted bug it catches: Ray's error passed on as is."""
    class FakeRay:
        __version__ = "2.60.0"

        def __init__(self, inner):
            self.inner = inner

        def init(self, **kwargs):
            try:
                raise RuntimeError(self.inner)
            except RuntimeError as e:
                raise ConnectionError("Failed to connect to Ray cluster at 127.0.0.1:6379") from e

    auth = FakeRay("Failed to connect to GCS. Last connection error: Traceback (most recent call last):\n  File ...\n"
                   "ray.exceptions.AuthenticationError: RPC error: InvalidAuthToken: Authentication token is missing")
    with pytest.raises(ray_train.RayAddressError) as refused:
        ray_train._join_ray(auth, "127.0.0.1:6379", "127.0.0.1:6379", "127.0.0.1", 6379, False, "--ray")
    assert str(refused.value).startswith("--ray '127.0.0.1:6379': the Ray cluster at 127.0.0.1:6379 uses token "
                                         "authentication") and "Run with RAY_AUTH_MODE=token" in str(refused.value)
    assert "Traceback" not in str(refused.value)
    other = FakeRay("Failed to connect to GCS. Last connection error: Traceback (most recent call last):\n"
                    "  File ...\nTimedOut: not a GCS")
    with pytest.raises(ray_train.RayAddressError, match=r"something answers at 127.0.0.1:6379 but Ray could not join "
                                                        r"it: .* \(TimedOut: not a GCS\)\. Is it the head's GCS port"):
        ray_train._join_ray(other, "127.0.0.1:6379", "127.0.0.1:6379", "127.0.0.1", 6379, False, "--ray")
