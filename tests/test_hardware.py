"""gpukit.hardware: one table of interconnects, with sources, that lesson 07 and the advisor share."""

from __future__ import annotations

import ast
import pathlib

import pytest

from gpukit import advisor, bench, hardware

PACKAGE = pathlib.Path(hardware.__file__).resolve().parent


def test_there_is_one_interconnect_table():
    assert bench.INTERCONNECTS is hardware.INTERCONNECTS
    assert advisor.INTERCONNECTS is hardware.INTERCONNECTS
    defining = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                if any(isinstance(t, ast.Name) and t.id == "INTERCONNECTS" for t in node.targets):
                    defining.append(path.relative_to(PACKAGE).as_posix())
    assert defining == ["hardware.py"], f"a table of interconnects is written out in {defining}: keep one"


def test_every_link_has_its_figures_and_a_source():
    names = [link["name"] for link in hardware.INTERCONNECTS.values()]
    assert len(set(names)) == len(names)
    for key, link in hardware.INTERCONNECTS.items():
        assert link["bandwidth_GBps"] > 0 and link["latency_us"] > 0, key
        assert link["source"].strip(), key


@pytest.mark.parametrize("key, reference_GBps", [
    ("pcie", 16 * 16 / 8),          # 16 GT/s per lane x 16 lanes / 8 bits (128b/130b encoding ignored)
    ("ethernet-100g", 100 / 8), ("ethernet-10g", 10 / 8), ("ethernet-1g", 1 / 8),
    ("infiniband", 200 / 8),        # HDR 4x: 200 Gbit/s
    ("nvlink", 600 / 2), ("nvlink-h100", 900 / 2),  # datasheets give both directions together
])
def test_bandwidths_are_per_direction(key, reference_GBps):
    assert hardware.INTERCONNECTS[key]["bandwidth_GBps"] == pytest.approx(reference_GBps)
    assert hardware.bandwidth_Bps(key) == pytest.approx(reference_GBps * 1e9)


def test_a_link_is_found_by_key_or_name_and_an_unknown_one_is_refused():
    assert hardware.link("PCIe 4.0 x16") is hardware.link("pcie")
    assert hardware.key("NVLink 3 (A100)") == "nvlink"
    with pytest.raises(ValueError, match="unknown interconnect 'carrier pigeon'.*'pcie'"):
        hardware.link("carrier pigeon")


def test_the_advisor_and_lesson_07_read_the_same_pcie_figure():
    link = hardware.INTERCONNECTS["pcie"]
    one_way = bench.interconnect_seconds(4e8, 8, "pcie")
    assert one_way == pytest.approx(bench.ring_allreduce_seconds(4e8, 8, 32e9, 10e-6))
    assert bench.interconnect_seconds(4e8, 8, link["name"]) == one_way
    assert advisor.Hardware("GPU", 1, 16, machines=2, interconnect="pcie").interconnect == "pcie"
