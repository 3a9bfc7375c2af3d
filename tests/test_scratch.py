"""Nothing left behind in the temporary directory (gpukit._scratch, issue 25): every folder the kit
makes is removed when its process exits, or, when that process was killed (a Jupyter kernel
restarted by nbval or a grader), by the next folder made anywhere. Each check runs Python in a
child with TMPDIR set to a fresh, empty folder and compares that folder before and after."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from gpukit import _scratch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _python(code: str, tmpdir, timeout=120, **kwargs):
    """Run ``code`` as a script file (the launcher ships functions by their source) with TMPDIR=tmpdir."""
    tmpdir = pathlib.Path(tmpdir)
    tmpdir.mkdir(exist_ok=True)
    script = tmpdir.parent / f"script-{len(list(tmpdir.parent.glob('script-*')))}.py"
    script.write_text(textwrap.dedent(code))
    env = dict(os.environ, TMPDIR=str(tmpdir), PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, str(script)], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, **kwargs)


def test_launcher_runs_that_succeed_and_fail_leave_nothing_after_exit(tmp_path):
    """The supervisor's run folders (specs, logs, events), of a good run and a failed one (whose
    error names its log, which exists while the process runs), the temporary files of its
    children (which leave with os._exit, so their own atexit never runs), a grading snapshot and
    the Colab set-up's pip file are all gone when the process has exited."""
    done = _python("""
        import os, pathlib
        from gpukit.launch import supervisor as launcher
        from gpukit.course import colab, sandbox

        def hello(ctx):
            import tempfile
            tempfile.NamedTemporaryFile(suffix=".py", delete=False).close()   # as TensorFlow's autograph does
            return ctx.name

        def boom(ctx):
            raise RuntimeError("planted")

        ok = launcher.launch([launcher.Process("worker 0", hello)], timeout=60, stream=False)
        assert os.path.isdir(ok.run_dir), ok.run_dir
        try:
            launcher.launch([launcher.Process("worker 0", boom)], timeout=60, stream=False)
        except launcher.WorkerError as e:
            assert os.path.exists(e.log), e.log          # readable while this process runs
        else:
            raise AssertionError("no WorkerError")
        submission = pathlib.Path(os.environ["TMPDIR"]).parent / "submission.ipynb"
        submission.write_text("{}")
        snap = sandbox.Snapshot([submission])
        assert snap.folder.is_dir()
        colab.setup(quiet=True, _run=lambda *a, **k: None)   # not Colab here: writes nothing
        print("made", len(os.listdir(os.environ["TMPDIR"])))
    """, tmp_path / "tmp")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "made 3" in done.stdout, done.stdout          # two run folders and the snapshot existed
    assert os.listdir(tmp_path / "tmp") == []


def test_the_command_line_launcher_leaves_nothing(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import os\nprint('task', os.environ['TF_CONFIG'][:20])\n")
    (tmp_path / "tmp").mkdir()
    done = subprocess.run([sys.executable, "-m", "gpukit", "launch", "--workers", "2", str(script)],
                          env=dict(os.environ, TMPDIR=str(tmp_path / "tmp"), PYTHONPATH=ROOT), cwd=ROOT,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:]
    assert os.listdir(tmp_path / "tmp") == []


def test_a_killed_process_folder_goes_with_the_next_one_made(tmp_path):
    """SIGKILL skips atexit (a restarted kernel): the folder stays until the next
    temporary_folder call anywhere sees that its owner is gone. A live owner's folder and a
    kept one are left alone."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time
        from gpukit import _scratch
        print(_scratch.temporary_folder("gpukit-killed-"), flush=True)
        time.sleep(120)
    """)], env=dict(os.environ, TMPDIR=str(tmp), PYTHONPATH=ROOT), stdout=subprocess.PIPE, text=True)
    try:
        killed = child.stdout.readline().strip()
        assert os.path.isdir(killed)
        live = _python("""
            import sys, time
            from gpukit import _scratch
            print(_scratch.temporary_folder("gpukit-live-"), _scratch.temporary_folder("gpukit-kept-", keep=True),
                  flush=True)
            sys.stdin.readline()
        """, tmp, input="\n")
        assert live.returncode == 0, live.stderr[-2000:]
        kept = live.stdout.split()[1]
        assert os.path.isdir(killed), "a running process's folder was removed"   # its owner still runs
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
    assert os.path.isdir(killed)                                 # no atexit ran
    made = _python("from gpukit import _scratch; print(_scratch.temporary_folder('gpukit-next-'))", tmp)
    assert made.returncode == 0, made.stderr[-2000:]
    assert not os.path.exists(killed)                            # swept by the next call
    assert os.path.isdir(kept)                                   # keep=True: ordinary folder, stays
    assert sorted(os.listdir(tmp)) == [os.path.basename(kept)]   # the next one's own folder went at its exit


def test_a_reused_pid_does_not_keep_a_folder(tmp_path):
    """The owner file names pid and start time: another process that got the same pid later
    is not the owner."""
    folder = tmp_path / "gpukit-old-x"
    folder.mkdir()
    (folder / _scratch.OWNER_FILE).write_text(f'{{"pid": {os.getpid()}, "start": 1}}')
    other = tmp_path / "gpukit-mine-x"
    other.mkdir()
    stat = _scratch._proc_stat(os.getpid())
    (other / _scratch.OWNER_FILE).write_text(f'{{"pid": {os.getpid()}, "start": {stat[1]}}}')
    plain = tmp_path / "someone-elses"
    plain.mkdir()
    assert _scratch.sweep(tmp_path) == [str(folder)]
    assert other.is_dir() and plain.is_dir()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_forked_child_does_not_remove_its_parents_folders(tmp_path):
    done = _python("""
        import os
        from gpukit import _scratch
        path = _scratch.temporary_folder("gpukit-parent-")
        pid = os.fork()
        if pid == 0:
            raise SystemExit(0)                   # the child exits through atexit
        os.waitpid(pid, 0)
        print("after child", os.path.isdir(path))
    """, tmp_path / "tmp")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "after child True" in done.stdout
    assert os.listdir(tmp_path / "tmp") == []


@pytest.mark.parametrize("prefix", ["a/b", 3])
def test_bad_prefix_is_refused_before_any_folder(prefix, tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    with pytest.raises(ValueError, match="folder-name prefix"):
        _scratch.temporary_folder(prefix)
    assert os.listdir(tmp_path) == []
