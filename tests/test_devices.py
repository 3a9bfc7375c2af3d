import pytest

from gpukit import devices


@pytest.mark.parametrize("bad", [0, -1, 2.5, "4", True, None])
def test_virtual_must_be_a_positive_int(bad):
    with pytest.raises(ValueError, match="virtual="):
        devices.setup(virtual=bad)


@pytest.mark.parametrize("bad", [[], [0], [-5, 100], ["1GB"], [float("nan")]])
def test_memory_limits_must_be_positive_sizes(bad):
    with pytest.raises(ValueError, match="memory_limits"):
        devices.setup(memory_limits=bad)


def test_memory_limits_count_must_match_virtual():
    with pytest.raises(ValueError, match="one limit per logical device"):
        devices.setup(virtual=3, memory_limits=[1024, 1024])


def test_same_request_twice_is_a_no_op():
    first = devices.setup(virtual=4)
    again = devices.setup(virtual=4)
    assert [d.name for d in first] == [d.name for d in again]
    assert len([d for d in again if d.kind == "CPU"]) == 4


def test_a_different_request_after_start_says_restart():
    with pytest.raises(RuntimeError, match="Restart the kernel"):
        devices.setup(virtual=2)
    # the failed request changed nothing
    assert len(devices.replica_devices()) == 4


def test_describe_prints_one_line_per_device(capsys):
    found = devices.describe()
    out = capsys.readouterr().out
    assert "4 logical device(s)" in out
    assert all(str(d) in out for d in found)


def test_setup_in_a_fresh_process_makes_the_devices(fresh_python):
    result = fresh_python(
        "from gpukit import devices\n"
        "print(len(devices.setup(virtual=3)))\n"
        "devices.setup(virtual=3)\n"
        "print(devices.replica_devices())\n"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "3"
    assert "CPU:2" in lines[1]
