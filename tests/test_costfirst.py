"""tests/costfirst.py's CPU column counts what a unit's live descendants use (issue 37, stop 58)."""

from __future__ import annotations

import subprocess
import sys

import costfirst

BUSY_THEN_WAIT = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\nprint('busy', flush=True)\ntime.sleep(60)"


def test_a_live_childs_cpu_is_counted_before_it_is_waited_for():
    """Planted (the column before stop 58: ``os.times`` only): a cluster worker under a fork server is not waited
    for while the unit runs, so a unit of 163 CPU s showed 6. Here a child uses 0.6 CPU s and is still alive."""
    before = costfirst._descendants_cpu()
    child = subprocess.Popen([sys.executable, "-c", BUSY_THEN_WAIT], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "busy"
        assert costfirst._descendants_cpu() - before >= 0.5
    finally:
        child.kill()
        child.wait(timeout=10)
        child.stdout.close()


def test_a_unit_is_the_browser_half_or_the_blind_question():
    assert costfirst.unit("tests/test_browser.py::test_run_all_in_jupyterlab[exercises/01_x.ipynb]") == \
        "tests/test_browser.py::exercises"
    assert costfirst.unit("tests/test_ex02.py::test_blind_answers_lose_or_keep_their_points[q2_wrong_x]") == \
        "tests/test_ex02.py::blind-q2"
    assert costfirst.unit("tests/test_zero.py::test_x") == "tests/test_zero.py"
