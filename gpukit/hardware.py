"""The links between devices, one table with its sources (lesson 07's cost model, lesson 08's advisor).

``INTERCONNECTS`` maps a short key (what ``advisor.Hardware(interconnect=...)`` takes) to one link:
its ``name`` as lesson 07 prints it, ``bandwidth_GBps`` (GB/s, **per direction**, the nominal
published peak of one device's link; real all-reduces reach roughly 60-90 % of it), ``latency_us``
(an order of magnitude of one message to a neighbour, not a spec) and ``source``.

Arithmetic only: no TensorFlow. Used by ``gpukit.bench`` (lesson 07) and ``gpukit.advisor``
(lesson 08); lessons 09-10 quote it through them.
"""

from __future__ import annotations

GB = 10**9

INTERCONNECTS = {
    "pcie": {"name": "PCIe 4.0 x16", "bandwidth_GBps": 32.0, "latency_us": 10.0,
             "source": "PCI-SIG PCIe 4.0 specification: 16 GT/s per lane, x16 ~ 32 GB/s per direction"},
    "nvlink": {"name": "NVLink 3 (A100)", "bandwidth_GBps": 300.0, "latency_us": 5.0,
               "source": "NVIDIA A100 datasheet: NVLink 600 GB/s total, i.e. 300 GB/s per direction"},
    "nvlink-h100": {"name": "NVLink 4 (H100)", "bandwidth_GBps": 450.0, "latency_us": 5.0,
                    "source": "NVIDIA H100 datasheet: NVLink 900 GB/s total, i.e. 450 GB/s per direction"},
    "tpu-v4-ici": {"name": "TPU v4 ICI", "bandwidth_GBps": 270.0, "latency_us": 5.0,
                   "source": "Google Cloud TPU v4 documentation: all-reduce bandwidth 1.1 PB/s per 4096-chip pod, "
                             "i.e. ~270 GB/s per chip"},
    "infiniband": {"name": "InfiniBand HDR", "bandwidth_GBps": 25.0, "latency_us": 5.0,
                   "source": "InfiniBand Trade Association roadmap: HDR 4x = 200 Gbit/s = 25 GB/s per direction"},
    "ethernet-100g": {"name": "Ethernet 100 Gb/s", "bandwidth_GBps": 12.5, "latency_us": 20.0,
                      "source": "100 Gbit/s = 12.5 GB/s per direction (between machines)"},
    "ethernet-10g": {"name": "Ethernet 10 Gb/s", "bandwidth_GBps": 1.25, "latency_us": 50.0,
                     "source": "10 Gbit/s = 1.25 GB/s per direction (between machines)"},
    "ethernet-1g": {"name": "Ethernet 1 Gb/s", "bandwidth_GBps": 0.125, "latency_us": 100.0,
                    "source": "1 Gbit/s = 0.125 GB/s per direction (between machines)"},
    "loopback": {"name": "loopback (one machine)", "bandwidth_GBps": 10.0, "latency_us": 20.0,
                 "source": "an assumption, not a spec: workers of one machine talking through its TCP "
                           "loopback, bounded by a memory copy"},
}


def link(name: str) -> dict:
    """The entry of ``INTERCONNECTS`` for a key (``"pcie"``) or a printed name (``"PCIe 4.0 x16"``)."""
    if name in INTERCONNECTS:
        return INTERCONNECTS[name]
    for entry in INTERCONNECTS.values():
        if entry["name"] == name:
            return entry
    raise ValueError(f"unknown interconnect {name!r}; choose one of {sorted(INTERCONNECTS)} "
                     f"(or their names: {[e['name'] for e in INTERCONNECTS.values()]})")


def key(name: str) -> str:
    """The short key of a link given by key or printed name (``"PCIe 4.0 x16"`` -> ``"pcie"``)."""
    entry = link(name)
    return next(k for k, e in INTERCONNECTS.items() if e is entry)


def bandwidth_Bps(name: str) -> float:
    """Nominal bandwidth of one link, bytes per second, per direction."""
    return link(name)["bandwidth_GBps"] * GB
