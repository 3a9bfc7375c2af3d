"""``python -m gpukit launch`` with scripts that were not written for gpukit (tests/scripts/).

Each run is a real ``python -m gpukit launch`` process; timings are measured and printed
(``-s``), never asserted. Bad input is checked in-process: exit code 2, a message naming the
cause and the fix, and no process started.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

from gpukit.launch import cli as launch_cli
from gpukit.launch import supervisor as launcher
from gpukit.__main__ import main as gpukit_main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "tests", "scripts")


def _script(name):
    return os.path.join(SCRIPTS, name)


class Launch:
    """``python -m gpukit launch ARGS`` in a subprocess; stdout lines kept with their arrival time."""

    def __init__(self, args, env=None):
        self.started = time.time()
        self.proc = subprocess.Popen([sys.executable, "-m", "gpukit", "launch", *args], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=dict(os.environ, PYTHONPATH=ROOT, TF_CPP_MIN_LOG_LEVEL="2",
                                              TF_ENABLE_ONEDNN_OPTS="0", **(env or {})))
        self.lines = []  # (time, line)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append((time.time(), line.rstrip("\n")))

    def wait(self, timeout):
        try:
            code = self.proc.wait(timeout=timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.reader.join(timeout=10)
        self.stderr = self.proc.stderr.read()
        return code

    def text(self):
        return "\n".join(line for _, line in self.lines)

    def first(self, pattern):
        for t, line in self.lines:
            if re.search(pattern, line):
                return t
        raise AssertionError(f"no line matches {pattern!r} in:\n{self.text()}\n{getattr(self, 'stderr', '')}")

    def pids(self, word="pid"):
        return [int(m) for m in re.findall(rf"\b{word} (\d+)", self.text())]


def _teardown_seconds(stderr):
    m = re.search(r"every process gone ([\d.]+) s later", stderr)
    assert m, stderr
    return float(m.group(1))


def _wait_gone(pids, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline and any(launcher.alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if launcher.alive(p)]


# ----------------------------------------------------------------------------------------------
# A plain MultiWorkerMirroredStrategy script equals one-process training
# ----------------------------------------------------------------------------------------------

def _reference(x, y, w1, b1, w2, b2, lr, batch, epochs):
    """One-process SGD on the same global batches, by hand in float64 (no TensorFlow)."""
    w1, b1, w2, b2 = (np.array(a, dtype="float64") for a in (w1, b1, w2, b2))
    for _ in range(epochs):
        for k in range(len(x) // batch):
            xb, yb = x[k * batch:(k + 1) * batch].astype("float64"), y[k * batch:(k + 1) * batch]
            h = np.tanh(xb @ w1 + b1)
            logits = h @ w2 + b2
            p = np.exp(logits - logits.max(1, keepdims=True))
            p /= p.sum(1, keepdims=True)
            g = p.copy()
            g[np.arange(len(yb)), yb] -= 1.0
            g /= batch  # mean over the global batch
            gh = (g @ w2.T) * (1 - h ** 2)
            w2, b2 = w2 - lr * h.T @ g, b2 - lr * g.sum(0)
            w1, b1 = w1 - lr * xb.T @ gh, b1 - lr * gh.sum(0)
    return [w1, b1, w2, b2]


def test_plain_mwms_script_on_two_workers_equals_one_process(tmp_path):
    rng = np.random.default_rng(0)
    n, d, hidden, classes, batch, epochs, lr = 64, 8, 16, 3, 16, 2, 0.1
    x = rng.normal(size=(n, d)).astype("float32")
    y = rng.integers(0, classes, size=n).astype("int32")
    init = {"w1": rng.normal(scale=0.5, size=(d, hidden)), "b1": np.zeros(hidden),
            "w2": rng.normal(scale=0.5, size=(hidden, classes)), "b2": np.zeros(classes)}
    init = {k: v.astype("float32") for k, v in init.items()}
    np.savez(tmp_path / "data.npz", x=x, y=y, **init)
    out = tmp_path / "weights.npz"

    run = Launch(["--workers", "2", "--timeout", "240", _script("mwms_train.py"), "--data", str(tmp_path / "data.npz"),
                  "--out", str(out), "--epochs", str(epochs), "--batch", str(batch), "--lr", str(lr)])
    code = run.wait(timeout=300)
    assert code == 0, run.text()[-3000:] + run.stderr[-3000:]
    steps = n // batch
    for i in range(2):  # every task's output, prefixed, one line per step
        assert len(re.findall(rf"^\[worker {i}\] epoch \d step \d loss", run.text(), re.M)) == steps * epochs
    assert "[worker 0] saved" in run.text() and "[worker 1] saved" not in run.text()  # the chief only

    saved = np.load(out)
    got = [saved[f"arr_{i}"] for i in range(4)]
    expected = _reference(x, y, init["w1"], init["b1"], init["w2"], init["b2"], lr, batch, epochs)
    diff = max(float(np.max(np.abs(g - e))) for g, e in zip(got, expected))
    moved = max(float(np.max(np.abs(g - init[k]))) for g, k in zip(got, ("w1", "b1", "w2", "b2")))
    first_step = run.first(r"^\[worker 0\] epoch 0 step 0") - run.started
    print(f"\nlaunch -> first step (worker 0): {first_step:.1f} s; "
          f"whole run {time.time() - run.started:.1f} s; max |2 workers - 1 process| = {diff:.2e}")
    assert moved > 100 * 1e-5  # the weights did train
    assert diff <= 1e-5


# ----------------------------------------------------------------------------------------------
# Failures: exit code of the first failed task, everything killed
# ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode, code, cause", [
    ("exit", 3, "worker 1: exit code 3, no Python exception printed"),
    ("kill", 128 + signal.SIGKILL, "worker 1: exit code 137 = SIGKILL: killed, most often by the kernel's "
                                   "out-of-memory killer"),
    ("raise", 1, "worker 1: RuntimeError: planted in worker 1")])
def test_a_crashing_worker_ends_the_run_with_its_exit_code_and_its_cause(mode, code, cause):
    run = Launch(["--workers", "2", "--timeout", "60", _script("crash.py"), mode])
    assert run.wait(timeout=90) == code, run.text() + run.stderr
    assert "[worker 1] failing now" in run.text()
    assert f"exited with code {code}; stopped all 2 tasks" in run.stderr
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("[gpukit] cause: " + cause), run.stderr     # the root cause, last
    if mode == "raise":
        return
    pids = run.pids()
    assert len(pids) == 2 and not _wait_gone(pids, timeout=1)  # worker 0 was to sleep 300 s
    print(f"\n{mode}: worker crash -> every process gone {_teardown_seconds(run.stderr):.3f} s "
          f"(launch exited {time.time() - run.first(r'failing now'):.2f} s after the crash line)")


def test_restarts_relaunch_the_whole_cluster(tmp_path):
    marker = tmp_path / "crashed-once"
    run = Launch(["--workers", "2", "--restarts", "2", "--timeout", "60", _script("crash.py"), "exit", str(marker)])
    assert run.wait(timeout=90) == 0, run.text() + run.stderr
    assert "restarting the cluster (1/2)" in run.stderr and "(2/2)" not in run.stderr
    assert run.text().count("resumed") == 2 and "finished (attempt 2)" in run.stderr
    assert not _wait_gone(run.pids(), timeout=1)

    run = Launch(["--workers", "2", "--restarts", "1", "--timeout", "60", _script("crash.py"), "exit"])
    assert run.wait(timeout=90) == 3  # fails every time: the last attempt's code
    assert "restarting the cluster (1/1)" in run.stderr and "no restart left" in run.stderr


def test_a_hung_script_is_ended_by_the_timeout():
    run = Launch(["--workers", "2", "--timeout", "3", _script("hang.py")])
    assert run.wait(timeout=60) == 124, run.text() + run.stderr
    assert "timeout after 3.0 s" in run.stderr
    pids = run.pids()
    assert len(pids) == 2 and not _wait_gone(pids, timeout=1)


@pytest.mark.parametrize("sig, said", [(signal.SIGINT, "interrupted (Ctrl-C)"), (signal.SIGTERM, "interrupted (SIGTERM)")])
def test_ctrl_c_or_sigterm_stops_every_task_and_is_named(sig, said):
    run = Launch(["--workers", "2", "--timeout", "60", _script("hang.py")])
    deadline = time.time() + 30
    while len(run.pids()) < 2 and time.time() < deadline:
        time.sleep(0.05)
    run.proc.send_signal(sig)
    assert run.wait(timeout=30) == 130, run.text() + run.stderr
    assert said in run.stderr and (sig == signal.SIGINT or "Ctrl-C" not in run.stderr)
    assert not _wait_gone(run.pids(), timeout=1)


def test_tensorflows_log_is_hidden_unless_verbose(tmp_path):
    script = tmp_path / "noisy.py"
    script.write_text("\n".join([
        "print('WARNING: All log messages before absl::InitializeLog() is called are written to STDERR')",
        "print('I0000 00:00:1795572506.197604   16825 port.cc:153] oneDNN custom operations are on.')",
        "print('E0000 00:00:1795572512.826378   16823 cuda_platform.cc:52] failed call to cuInit: (303)')",
        "print('E0000 00:00:1795572512.826378   16823 collective.cc:52] a real error stays')",
        "print('training')"]) + "\n")
    quiet = Launch(["--workers", "1", str(script)])
    assert quiet.wait(timeout=60) == 0, quiet.stderr
    assert [line for _, line in quiet.lines] == ["[worker 0] E0000 00:00:1795572512.826378   16823 collective.cc:52] "
                                                 "a real error stays", "[worker 0] training"]
    assert "3 lines of TensorFlow's log hidden (--verbose shows them)" in quiet.stderr
    loud = Launch(["--workers", "1", "--verbose", str(script)])
    assert loud.wait(timeout=60) == 0 and len(loud.lines) == 5 and "log hidden" not in loud.stderr


def test_children_a_script_started_do_not_outlive_it():
    run = Launch(["--workers", "2", "--timeout", "60", _script("spawn.py")])
    assert run.wait(timeout=90) == 0, run.text() + run.stderr
    spawned = run.pids("child") + run.pids("grandchild")
    assert len(run.pids()) == 2 and len(spawned) == 4, run.text()
    assert not _wait_gone(run.pids() + spawned, timeout=1)


# ----------------------------------------------------------------------------------------------
# --dry-run, --slurm
# ----------------------------------------------------------------------------------------------

def _exports(text):
    return [json.loads(m) for m in re.findall(r"^export TF_CONFIG='(.*)'$", text, re.M)]


def test_dry_run_prints_tf_config_for_real_machines(capsys):
    assert gpukit_main(["launch", "--workers", "2", "--ps", "1", "--dry-run", "--hosts", "n1,n2,n2,n3",
                        "--port-base", "30000", _script("print_tf_config.py"), "--lr", "0.1"]) == 0
    out = capsys.readouterr().out
    configs = _exports(out)
    assert [c["task"] for c in configs] == [{"type": "chief", "index": 0}, {"type": "ps", "index": 0},
                                             {"type": "worker", "index": 0}, {"type": "worker", "index": 1}]
    assert configs[0]["cluster"] == {"chief": ["n1:30000"], "ps": ["n2:30000"], "worker": ["n2:30001", "n3:30000"]}
    assert all(c["cluster"] == configs[0]["cluster"] for c in configs)
    assert out.count("print_tf_config.py --lr 0.1") == 4

    assert gpukit_main(["launch", "--workers", "3", "--dry-run", _script("print_tf_config.py")]) == 0
    configs = _exports(capsys.readouterr().out)
    addresses = configs[0]["cluster"]["worker"]
    assert len(configs) == 3 and len(set(addresses)) == 3 and all(a.startswith("127.0.0.1:") for a in addresses)


def test_local_tasks_get_their_own_tf_config():
    run = Launch(["--workers", "3", "--timeout", "60", _script("print_tf_config.py"), "a", "--b", "c"])
    assert run.wait(timeout=60) == 0, run.stderr
    seen = {}
    for _, line in run.lines:
        name, _, payload = line.partition("] ")
        seen[name.lstrip("[")] = json.loads(payload)
    assert sorted(seen) == ["worker 0", "worker 1", "worker 2"]
    for name, got in seen.items():
        assert got["argv"] == ["a", "--b", "c"]
        assert got["tf_config"]["task"] == {"type": "worker", "index": int(name[-1])}
        assert got["tf_config"]["cluster"] == seen["worker 0"]["tf_config"]["cluster"]
    # the start line, printed before any task starts: the tasks and the ports their TF_CONFIG holds
    ports = [a.rsplit(":", 1)[1] for a in seen["worker 0"]["tf_config"]["cluster"]["worker"]]
    first = run.stderr.splitlines()[0]
    assert first.startswith(f"[gpukit] starting 3 tasks on 127.0.0.1: worker 0 :{ports[0]}, worker 1 :{ports[1]}, "
                            f"worker 2 :{ports[2]}; each runs python "), run.stderr
    assert first.endswith("starting TensorFlow… (its first lines take a few seconds)"), first


# ----------------------------------------------------------------------------------------------
# Output: progress bars as whole lines, one task's output, no half lines, -n
# ----------------------------------------------------------------------------------------------

def test_redrawn_frames_become_whole_lines():
    """The planted input: Keras' progress bar, "\\b" * width + "\\r" + the bar, over and over."""
    clock = iter(range(0, 1000, 1))
    lines = launcher._Lines(every=5, clock=lambda: next(clock))
    out = lines.feed("Epoch 1/1\n1/4 [=]") + lines.feed("\b" * 9 + "\r2/4 [==]" + "\b" * 10 + "\r3/4 [===]")
    out += lines.feed("\b" * 11 + "\r4/4 [====]\nnext")
    assert out == ["Epoch 1/1", "1/4 [=]", "4/4 [====]"]          # the first frame, then the final one
    assert lines.rest() == "next" and lines.rest() == ""
    every = launcher._Lines(every=0)
    assert every.feed("a\rb\x08\x08c\r\rd\n") == ["a", "b", "c", "d"]
    assert not any("\r" in x or "\b" in x for x in out)


def test_a_keras_progress_bar_is_printed_as_whole_lines(tmp_path):
    script = tmp_path / "fit.py"
    script.write_text("import numpy as np, keras\n"
                      "model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])\n"
                      "model.compile(optimizer='sgd', loss='mse')\n"
                      "model.fit(np.zeros((64, 4)), np.zeros((64, 1)), batch_size=8, epochs=2, verbose=1)\n"
                      "print('fit done')\n")
    run = Launch(["--workers", "1", "--timeout", "120", str(script)])
    assert run.wait(timeout=150) == 0, run.text() + run.stderr
    text = re.sub(r"\x1b\[[0-9;]*m", "", run.text())   # Keras' colours stay (a terminal shows them)
    assert "\r" not in text and "\b" not in text, repr(text)
    assert all(line.startswith("[worker 0] ") for _, line in run.lines), text
    assert re.search(r"^\[worker 0\] Epoch 2/2$", text, re.M) and "[worker 0] fit done" in text, text
    assert len(re.findall(r"^\[worker 0\] 8/8 ", text, re.M)) == 2, text     # each epoch's final bar


def test_only_prints_one_tasks_output_and_still_names_the_cause():
    run = Launch(["--workers", "3", "--only", "1", "--timeout", "60", _script("print_tf_config.py")])
    assert run.wait(timeout=60) == 0, run.stderr
    assert [line.split("]")[0] for _, line in run.lines] == ["[worker 1"], run.text()
    assert "[gpukit] 2 lines of the other tasks not shown (--only 1)" in run.stderr

    run = Launch(["--workers", "2", "--only", "worker 0", "--timeout", "60", _script("crash.py"), "raise"])
    assert run.wait(timeout=90) == 1, run.text() + run.stderr
    assert "[worker 1]" not in run.text()
    assert run.stderr.strip().splitlines()[-1].startswith("[gpukit] cause: worker 1: RuntimeError: planted in worker 1")


def test_a_stopped_task_leaves_no_half_line(tmp_path):
    """Worker 0 has written half a line when worker 1 fails and the launcher kills it: that half
    is left out (and counted), the whole lines before it are printed."""
    script, marker = tmp_path / "half.py", tmp_path / "written"
    script.write_text(textwrap.dedent(f"""
        import json, os, sys, time
        if json.loads(os.environ["TF_CONFIG"])["task"]["index"] == 0:
            sys.stdout.write("a whole line\\nTraceback (most rec")
            sys.stdout.flush()
            open({str(marker)!r}, "w").close()
            time.sleep(300)
        deadline = time.time() + 60
        while not os.path.exists({str(marker)!r}) and time.time() < deadline:
            time.sleep(0.05)
        sys.exit(3)
    """))
    run = Launch(["--workers", "2", "--timeout", "90", str(script)])
    assert run.wait(timeout=120) == 3, run.text() + run.stderr
    assert [line for _, line in run.lines] == ["[worker 0] a whole line"], run.text()
    assert "[gpukit] 1 unfinished last line(s) of the stopped tasks left out" in run.stderr
    # a task that ends by itself without a final newline keeps its last line
    result = launcher.run_commands([launcher.Command("a", ["printf", "no newline"])], timeout=30, out=io.StringIO())
    assert result.cut == 0


def test_dash_n_is_workers(capsys):
    assert gpukit_main(["launch", "-n", "2", "--dry-run", _script("print_tf_config.py"), "-n", "5"]) == 0
    out = capsys.readouterr().out
    assert len(_exports(out)) == 2 and out.count("print_tf_config.py -n 5") == 2   # after the script: its own


def test_an_unknown_launch_option_gets_launchs_usage_and_the_option_meant(capsys):
    with pytest.raises(SystemExit) as exit_:
        gpukit_main(["launch", "--wrkers", "2", _script("print_tf_config.py")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m gpukit launch ") and "--only TASK" in err, err
    assert "--wrkers: did you mean --workers?" in err and "launch's options come before the script" in err
    with pytest.raises(SystemExit):
        gpukit_main(["doctor", "--x"])
    assert "usage: python -m gpukit [-h]" in capsys.readouterr().err   # other commands: as before


SLURM_STEP = {"SLURM_PROCID": "1", "SLURM_STEP_NODELIST": "node[01-02]", "SLURM_STEP_TASKS_PER_NODE": "1(x2)",
              "SLURM_STEP_NUM_TASKS": "2", "SLURMD_NODENAME": "node02"}


def test_slurm_mode_execs_the_script_with_the_steps_tf_config(monkeypatch):
    """The resolver itself is tested in test_slurm.py (it needs TensorFlow: ~5-40 s here); this
    checks what --slurm does with its answer: exec the script with that TF_CONFIG."""
    from gpukit import cluster
    from gpukit.launch import slurm

    calls, execs = [], []

    def fake_slurm_tf_config(environ=None, *, port_base):
        calls.append(port_base)
        return cluster.tf_config({"worker": ["node01:23456", "node02:23456"]}, "worker", 1)

    class Exec(Exception):
        pass

    def fake_execve(path, argv, env):
        execs.append((path, argv, env))
        raise Exec

    monkeypatch.setattr(slurm, "slurm_tf_config", fake_slurm_tf_config)
    monkeypatch.setattr(os, "execve", fake_execve)
    with pytest.raises(Exec):
        gpukit_main(["launch", "--slurm", "--port-base", "23456", _script("print_tf_config.py"), "x", "--y"])
    assert calls == [23456]
    path, argv, env = execs[0]
    assert path == sys.executable and argv == [sys.executable, "-m", "gpukit.keras_multiworker",
                                               _script("print_tf_config.py"), "x", "--y"]
    assert json.loads(env["TF_CONFIG"]) == {"cluster": {"worker": ["node01:23456", "node02:23456"]},
                                            "task": {"type": "worker", "index": 1}}
    with pytest.raises(Exec):  # gpukit's default port, not JupyterLab's 8888
        gpukit_main(["launch", "--slurm", _script("print_tf_config.py")])
    assert calls[-1] == launch_cli.DEFAULT_SLURM_PORT != 8888
    assert gpukit_main(["launch", "--slurm", "--workers", "3", _script("print_tf_config.py")]) == 2


def test_slurm_mode_for_real_in_a_step():
    """A real exec with the real resolver (TensorFlow import in the launch process)."""
    run = Launch(["--slurm", "--port-base", "23456", _script("print_tf_config.py"), "x"], env=SLURM_STEP)
    assert run.wait(timeout=180) == 0, run.stderr
    got = json.loads(run.lines[-1][1])  # exec: the script's own output, no prefix
    assert got == {"tf_config": {"cluster": {"worker": ["node01:23456", "node02:23456"]},
                                 "task": {"type": "worker", "index": 1}}, "argv": ["x"]}


# ----------------------------------------------------------------------------------------------
# Bad input: exit code 2 and a clear message, before any process starts
# ----------------------------------------------------------------------------------------------

@pytest.fixture
def busy_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    yield s.getsockname()[1]
    s.close()


def _bad(argv, match, capsys, monkeypatch):
    for key in SLURM_STEP:
        monkeypatch.delenv(key, raising=False)
    before = launcher.started_pids()
    assert gpukit_main(["launch", *argv]) == 2
    err = capsys.readouterr().err
    assert re.search(match, err), err
    assert launcher.started_pids() == before


def test_bad_input_fails_before_any_process_starts(capsys, monkeypatch, busy_port, tmp_path):
    script = _script("print_tf_config.py")
    notebook, no_py = tmp_path / "train.ipynb", tmp_path / "train"
    notebook.write_text("{}")
    no_py.write_text("print(1)")
    cases = [
        (["--workers", "2", str(tmp_path / "missing.py")], r"script '.*missing\.py' does not exist"),
        (["--workers", "2", str(notebook)], r"is a notebook, not a python script: .*jupyter nbconvert --to script"),
        (["--workers", "2", str(no_py)], r"does not end in \.py"),
        (["--workers", "0", script], r"--workers 0: a cluster needs at least 1 worker"),
        (["--workers", "-1", script], r"at least 1 worker"),
        ([script], r"--workers N is required"),
        (["--workers", "2", "--ps", "-1", script], r"--ps -1"),
        (["--workers", "2", "--restarts", "-1", script], r"--restarts -1: cannot be negative"),
        (["--workers", "2", "--timeout", "0", script], r"--timeout 0.0: must be a positive"),
        (["--workers", "3", "--port-base", "65534", script], r"need ports 65534\.\.65536, outside 1\.\.65535"),
        (["--workers", "2", "--port-base", "0", script], r"outside 1\.\.65535"),
        (["--workers", "2", "--port-base", str(busy_port), script], rf"port {busy_port} .* already in use.*--port-base"),
        (["--workers", "2", "--dry-run", "--hosts", "a,b,c", script], r"3 hosts for 2 tasks"),
        (["--workers", "2", "--dry-run", "--hosts", "a:1,b", script], r"host names only"),
        (["--workers", "2", "--dry-run", "--hosts", "a,", script], r"host names only"),
        (["--workers", "2", "--hosts", "a,b", script], r"--hosts is for --dry-run"),
        (["--slurm", script], r"--slurm: not inside a SLURM job step: .*srun"),
        (["--slurm", "--restarts", "1", script], r"--restarts does not apply with --slurm.*--requeue"),
        (["--workers", "2", "--only", "2", script], r"--only '2': no such task; the tasks are worker 0, worker 1"),
        (["--workers", "1", "--ps", "1", "--only", "ps 1", script], r"the tasks are chief 0, ps 0, worker 0"),
    ]
    for argv, match in cases:
        _bad(argv, match, capsys, monkeypatch)


def test_slurm_dry_run_previews_a_step_outside_slurm(capsys, monkeypatch):
    """TensorFlow's SlurmClusterResolver, fed the variables srun would set for tasks on
    node01, node01, node02: each task's TF_CONFIG, before anyone has a cluster."""
    for key in ("SLURM_PROCID", "SLURM_STEP_NODELIST", "SLURM_STEP_TASKS_PER_NODE"):
        monkeypatch.delenv(key, raising=False)
    assert gpukit_main(["launch", "--slurm", "--dry-run", "--hosts", "node01,node01,node02",
                        _script("print_tf_config.py")]) == 0
    out = capsys.readouterr().out
    configs = _exports(out)
    base = launch_cli.DEFAULT_SLURM_PORT
    workers = [f"node01:{base}", f"node01:{base + 1}", f"node02:{base}"]
    assert configs == [{"cluster": {"worker": workers}, "task": {"type": "worker", "index": i}} for i in range(3)]
    assert "SLURM_STEP_TASKS_PER_NODE=2,1" in out
    header = out.split("\n\n")[0]
    assert header.endswith("sets each task's own TF_CONFIG from the variables srun gives it; here they are fed "
                           "to the same resolver"), header
    assert gpukit_main(["launch", "--slurm", "--dry-run", "--hosts", "a,b,a", _script("print_tf_config.py")]) == 2
    assert "block order" in capsys.readouterr().err


def test_port_base_gives_those_ports(capsys):
    assert gpukit_main(["launch", "--workers", "2", "--dry-run", "--port-base", "41000",
                        _script("print_tf_config.py")]) == 0
    assert _exports(capsys.readouterr().out)[0]["cluster"] == {"worker": ["127.0.0.1:41000", "127.0.0.1:41001"]}


def test_exit_code_of_signals():
    assert launcher.exit_code(-9) == 137 and launcher.exit_code(3) == 3 and launcher.exit_code(0) == 0
    assert launch_cli.DEFAULT_SLURM_PORT != 8888  # SlurmClusterResolver's default is JupyterLab's port


def test_errors_are_in_troubleshooting(capsys, monkeypatch, busy_port, tmp_path):
    """The messages a learner sees (produced here) have their docs/troubleshooting.md entry."""
    doc = open(os.path.join(ROOT, "docs", "troubleshooting.md")).read()
    produced = []
    for argv in (["--workers", "2", str(tmp_path / "train.py")],
                 ["--workers", "2", "--port-base", str(busy_port), _script("print_tf_config.py")]):
        assert gpukit_main(["launch", *argv]) == 2
        produced.append(capsys.readouterr().err)
    for key in SLURM_STEP:
        monkeypatch.delenv(key, raising=False)
    assert gpukit_main(["launch", "--slurm", _script("print_tf_config.py")]) == 2
    produced.append(capsys.readouterr().err)
    for text, fragments in zip(produced, [("error: script '", "does not exist (looked in", "pass the path of a python file"),
                                          ("is already in use (Address already in use); stop the process that holds it",
                                           "or leave out --port-base"),
                                          ("error: --slurm: not inside a SLURM job step:",
                                           "Start one task per worker with srun inside an sbatch script")]):
        for fragment in fragments:
            assert fragment in text and fragment in doc, f"{fragment!r} not in the message or the doc"
    for line in ("worker 1 exited with code 137; stopped all 2 tasks and their children", "[gpukit] timeout after 600.0 s"):
        assert line in doc
    assert gpukit_main(["launch", "--workers", "2", "--only", "2", _script("print_tf_config.py")]) == 2
    only = capsys.readouterr().err.strip().removeprefix("error: ")
    assert f"`error: {only}`" in doc, only


def test_parameter_server_layout_ends_with_the_chief():
    run = Launch(["--workers", "2", "--ps", "1", "--timeout", "60", _script("ps_roles.py")])
    assert run.wait(timeout=60) == 0, run.text() + run.stderr
    for name, role in (("chief 0", "chief"), ("ps 0", "ps"), ("worker 0", "worker"), ("worker 1", "worker")):
        assert re.search(rf"^\[{name}\] pid \d+ {role}$", run.text(), re.M), run.text()
    assert "[chief 0] chief done" in run.text() and "all 4 tasks finished" in run.stderr
    assert len(run.pids()) == 4 and not _wait_gone(run.pids(), timeout=1)

    run = Launch(["--workers", "1", "--ps", "1", "--timeout", "60", _script("ps_roles.py"), "early"])
    assert run.wait(timeout=60) == 1, run.text() + run.stderr
    assert "ps 0 exited (code 0) before the chief finished" in run.stderr


def test_tasks_die_when_the_launcher_is_killed():
    """SIGKILL of `launch` itself (no cleanup code runs): the kernel kills each task (PR_SET_PDEATHSIG)."""
    run = Launch(["--workers", "2", "--timeout", "60", _script("hang.py")])
    deadline = time.time() + 30
    while len(run.pids()) < 2 and time.time() < deadline:
        time.sleep(0.05)
    assert len(run.pids()) == 2, run.text()
    run.proc.kill()
    run.wait(timeout=10)
    assert not _wait_gone(run.pids(), timeout=10)


def test_run_commands_bad_arguments():
    with pytest.raises(ValueError, match="no commands"):
        launcher.run_commands([])
    with pytest.raises(ValueError, match="unique"):
        launcher.run_commands([launcher.Command("a", ["true"]), launcher.Command("a", ["true"])])
    with pytest.raises(ValueError, match="finite number of seconds"):
        launcher.run_commands([launcher.Command("a", ["true"])], timeout=float("nan"))


def test_run_commands_reports_the_first_failure(capsys):
    result = launcher.run_commands([launcher.Command("ok", ["sleep", "30"]),
                                    launcher.Command("bad", ["sh", "-c", "echo going; exit 7"])], timeout=60)
    assert (result.code, result.reason, result.failed, result.returncode) == (7, "failed", "bad", 7)
    assert "[bad] going" in capsys.readouterr().out
    assert result.teardown_seconds is not None and not launcher.group_members(result.pids.values())


# ----------------------------------------------------------------------------------------------
# Files left behind
# ----------------------------------------------------------------------------------------------

AUTOGRAPH_SCRIPT = """
import json, os, sys, tempfile, time
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:             # autograph converts this: it writes __autograph_generated_file*.py to TMPDIR
        return x
    return -x

f(tf.constant(1.0))
made = [p for p in os.listdir(tempfile.gettempdir()) if p.startswith("__autograph_generated_file")]
print("autograph files", len(made), flush=True)
if json.loads(os.environ["TF_CONFIG"])["task"]["index"] == 1 or sys.argv[1:] == ["crash"]:
    os._exit(3)           # a crash: no atexit, so TensorFlow's own clean-up never runs
time.sleep(300)           # worker 0 waits: killed by the launcher (or the timeout)
"""


def test_a_crashed_launch_leaves_tmpdir_as_it_found_it(tmp_path):
    """The planted leftovers are TensorFlow's own: autograph files that its atexit would remove;
    worker 1 crashes (os._exit), worker 0 is killed by the launcher."""
    tmp, script = tmp_path / "tmp", tmp_path / "autograph.py"
    tmp.mkdir()
    (tmp / "yours.txt").write_text("here before the launch")
    script.write_text(AUTOGRAPH_SCRIPT)
    run = Launch(["--workers", "2", "--timeout", "150", str(script)], env={"TMPDIR": str(tmp)})
    assert run.wait(timeout=180) == 3, run.text() + run.stderr
    counts = [int(n) for n in re.findall(r"autograph files (\d+)", run.text())]
    assert counts and all(n >= 1 for n in counts), run.text() + run.stderr   # the files were there
    assert sorted(os.listdir(tmp)) == ["yours.txt"]


def test_a_timed_out_launch_leaves_tmpdir_as_it_found_it(tmp_path):
    """The same through the timeout (no TensorFlow: a file made as autograph makes its own)."""
    tmp, script = tmp_path / "tmp", tmp_path / "hang.py"
    tmp.mkdir()
    script.write_text("import tempfile, time\n"
                      "tempfile.NamedTemporaryFile(prefix='__autograph_generated_file', suffix='.py', delete=False)\n"
                      "print('made', flush=True)\ntime.sleep(300)\n")
    run = Launch(["--workers", "2", "--timeout", "10", str(script)], env={"TMPDIR": str(tmp)})
    assert run.wait(timeout=60) == 124, run.text() + run.stderr
    assert run.text().count("made") == 2, run.text() + run.stderr
    assert os.listdir(tmp) == []

def test_the_cause_is_found_in_a_coloured_traceback():
    """ipykernel 7 sets FORCE_COLOR=1 in the kernel and Python 3.13 then colours the traceback a
    launch started from a notebook prints: the exception line still names the cause. Planted bug it
    catches: matching the raw line ("\\x1b[1;35mValueError...") gave "no Python exception printed"."""
    coloured = launcher.run_commands([launcher.Command("bad", ["sh", "-c", r"printf '\033[1;35mValueError\033[0m: "
                                                                          r"\033[35mplanted\033[0m\n'; exit 1"])],
                                     timeout=60)
    assert coloured.exceptions == {"bad": "ValueError: planted"}
    if sys.version_info >= (3, 13):          # the real thing: Python colours its own traceback
        real = launcher.run_commands([launcher.Command("bad", [sys.executable, "-c", "raise ValueError('planted')"],
                                                       env={"FORCE_COLOR": "1", "PYTHON_COLORS": "1"})],
                                     timeout=60)
        assert real.exceptions == {"bad": "ValueError: planted"}


def test_ray_mode_refuses_what_ray_decides(capsys):
    """``--ray``: Ray Train starts the workers and writes TF_CONFIG; the flags that shape a TF_CONFIG
    are refused before anything starts, naming the flag."""
    script = _script("print_tf_config.py")
    for flag in (["--ps", "1"], ["--dry-run"], ["--port-base", "30000"]):
        assert gpukit_main(["launch", "--ray", "--workers", "2", *flag, script]) == 2
        assert f"{flag[0]} does not apply with --ray" in capsys.readouterr().err
