"""Colab: the "Open in Colab" badge and the light install every notebook's setup cell runs.

Each notebook's setup cell installs gpukit itself with ``--no-deps`` (seconds), then calls
``gpukit.course.colab.setup()``. ``setup`` checks each requirement gpukit declares (ranges, see
pyproject.toml) against what the runtime already has, and installs only what is missing or
outside the range, with the runtime's versions of everything else held fixed (a pip
constraints file). So Colab's own TensorFlow, Keras and numpy stay: no second TensorFlow, no
numpy change that would need a runtime restart. On a TPU runtime (which ships no TensorFlow)
a missing TensorFlow becomes ``tensorflow-tpu`` 2.20.0, the newest TPU build, with the
``libtpu`` its requirement names pinned beside it (``TPU_LIBTPU``; the runtime's JAX libtpu is
replaced, and ``setup`` says so), from PyPI and TensorFlow's libtpu index as Colab documents
(lesson 06). Outside Colab
``setup`` installs nothing: ``make lab`` already installed the tested versions.

``setup`` is safe to run twice (the second run finds everything present) and reports the
runtime in one line. ``plan(...)`` is the pure decision (tests call it with made-up versions).
"""

from __future__ import annotations

import dataclasses
import importlib.metadata as metadata
import os
import re
import subprocess
import sys
import tempfile

from ..runtime import accelerator, runtime  # noqa: F401  (where this runs; colab.runtime() reads well in notebooks)

# A TPU runtime has no TensorFlow; tensorflow-tpu 2.20.0 is the newest TPU build on PyPI.
TPU_TENSORFLOW = "tensorflow-tpu==2.20.0"
# What that build declares (its PyPI metadata, read 2026-11-25): libtpu~=0.0.14, protobuf>=5.28.0.
TPU_TENSORFLOW_REQUIRES = {"libtpu": "~=0.0.14", "protobuf": ">=5.28.0"}
# The TPU runtime library paired with it: the release its requirement names (0.0.14), pinned. Colab's
# TPU runtime ships JAX's libtpu (0.0.21.1 in vendor/colab/pip-freeze.tpu.txt), which satisfies the
# range, but no TensorFlow document pairs it with TensorFlow 2.20 -- so the plan replaces it and says
# so (the course uses TensorFlow only; JAX's TPU support in that session expects its own libtpu).
TPU_LIBTPU = "libtpu==0.0.14"
# Colab's instruction for TensorFlow on a TPU runtime (googlecolab/colabtools#5164): pip with
# TensorFlow's libtpu release index as well as PyPI.
TPU_FIND_LINKS = "https://storage.googleapis.com/libtpu-tf-releases/index.html"
# Distributions that provide the ``tensorflow`` module (any of them satisfies "tensorflow").
TENSORFLOW_DISTS = ("tensorflow", "tensorflow-cpu", "tensorflow-tpu", "tf-nightly")
# Always held at the runtime's version when present: changing these in a running kernel needs a restart.
HOLD = ("numpy", "ml-dtypes", "protobuf", "jax", "jaxlib")

BADGE_IMAGE = "https://colab.research.google.com/assets/colab-badge.svg"


def badge_url(path: str, repo: str | None = None, branch: str | None = None) -> str:
    """The Colab address of ``path`` (relative to the repository root, e.g. ``notebooks/01_x.ipynb``)."""
    from .. import BRANCH, REPO

    branch = branch or BRANCH

    path = str(path).lstrip("./")
    if not path.endswith(".ipynb"):
        raise ValueError(f"badge_url needs a notebook path ending in .ipynb, got {path!r}")
    return f"https://colab.research.google.com/github/{repo or REPO}/blob/{branch}/{path}"


def badge(path: str, repo: str | None = None) -> str:
    """The markdown line each notebook starts with: ``[![Open In Colab](...)](<its own Colab address>)``."""
    return f"[![Open In Colab]({BADGE_IMAGE})]({badge_url(path, repo)})"


BADGE_RE = re.compile(r"\[!\[Open In Colab\]\(" + re.escape(BADGE_IMAGE) + r"\)\]\((?P<url>[^)]+)\)")


def retarget(nb: dict, path: str) -> dict:
    """Point the badge in ``nb``'s first cell at ``path`` (exercises are generated from solutions)."""
    cell = nb["cells"][0]
    text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    new, count = BADGE_RE.subn(lambda m: badge(path), text, count=1)
    if count:
        cell["source"] = new.splitlines(keepends=True) if isinstance(cell["source"], list) else new
    return nb


# --------------------------------------------------------------------------- the runtime


def _installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def installed_versions(names) -> dict:
    """{distribution name: installed version or None}; "tensorflow" also finds tensorflow-tpu/-cpu."""
    found = {}
    for name in names:
        key = _canonical(name)
        if key == "tensorflow":
            versions = [(d, _installed(d)) for d in TENSORFLOW_DISTS]
            found[key] = next((v for _, v in versions if v), None)
        else:
            found[key] = _installed(key)
    return found


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirements(extras=()) -> list:
    """gpukit's declared requirements (``packaging`` Requirement objects) for the given extras,
    read from the installed package's metadata (so they always match pyproject.toml)."""
    from packaging.requirements import Requirement

    wanted = {_canonical(e) for e in extras}
    out = []
    for line in metadata.requires("gpukit") or []:
        req = Requirement(line)
        if req.marker is None:
            out.append(req)
        elif any(req.marker.evaluate({"extra": e}) for e in wanted):
            if _canonical(req.name) == "gpukit":  # gpukit[lab] inside another extra
                out.extend(requirements(req.extras))
            else:
                extras_ = f"[{','.join(sorted(req.extras))}]" if req.extras else ""
                out.append(Requirement(f"{req.name}{extras_}{req.specifier}"))
    return out


@dataclasses.dataclass
class Plan:
    """What ``setup`` will do: ``install`` (requirement strings for pip) and ``hold``
    (``name==version`` constraints: the runtime's packages pip must not replace), ``kept``
    (satisfied requirements, name -> installed version)."""

    install: list
    hold: list
    kept: dict
    replaces: dict = dataclasses.field(default_factory=dict)  # name -> (runtime's version, why)

    def pip_args(self, constraints_file: str) -> list:
        if not self.install:
            return []
        links = ["--find-links", TPU_FIND_LINKS] if TPU_TENSORFLOW in self.install else []
        return [sys.executable, "-m", "pip", "install", "-q", *links, "-c", constraints_file, *self.install]


def check_tpu_pair(install: list) -> None:
    """Refuse a plan that installs TensorFlow's TPU build without the vetted libtpu pinned beside
    it (pip would keep whatever libtpu the runtime has, or take PyPI's newest)."""
    tf_tpu = [r for r in install if _canonical(r).startswith("tensorflow-tpu")]
    libtpu = [r for r in install if _canonical(r).startswith("libtpu")]
    if tf_tpu and libtpu != [TPU_LIBTPU]:
        raise ValueError(f"{tf_tpu[0]} must be installed with {TPU_LIBTPU} (the libtpu its requirement "
                         f"{TPU_TENSORFLOW_REQUIRES['libtpu']} names), not {libtpu or 'whatever libtpu is there'}")


def plan(reqs, installed: dict, accel: str = "cpu") -> Plan:
    """Decide what to install. ``reqs``: Requirement objects; ``installed``: {canonical name:
    version or None} (``installed_versions``). A requirement whose installed version is in range
    is kept and held; a missing TensorFlow on a TPU runtime becomes ``TPU_TENSORFLOW``.

    Raises ValueError when the runtime's TensorFlow is outside gpukit's range: replacing it in a
    running Colab kernel is what this module exists to avoid, so the message says what to do."""
    install, hold, kept, replaces = [], [], {}, {}
    for req in reqs:
        name = _canonical(req.name)
        have = installed.get(name)
        if have is not None and req.specifier.contains(have, prereleases=True):
            kept[name] = have
            hold.append(f"{name}=={have}")
            continue
        if name == "tensorflow" and have is not None:
            raise ValueError(
                f"this runtime has TensorFlow {have}, outside the range gpukit supports ({req.specifier}). "
                f"Fix: install a supported one first, `%pip install 'tensorflow{req.specifier}'`, then "
                f"Runtime > Restart session and run the notebook again")
        if name == "tensorflow" and accel == "tpu":
            install += [TPU_TENSORFLOW, TPU_LIBTPU]
            have_libtpu = installed.get("libtpu")
            if have_libtpu is not None and f"libtpu=={have_libtpu}" != TPU_LIBTPU:
                replaces["libtpu"] = (have_libtpu, f"TensorFlow's TPU build is paired with {TPU_LIBTPU}")
            continue
        extras = f"[{','.join(sorted(req.extras))}]" if req.extras else ""
        install.append(f"{name}{extras}{req.specifier}")
    for name in HOLD:
        have = installed.get(name)
        if have is not None and not any(h.startswith(f"{name}==") for h in hold):
            hold.append(f"{name}=={have}")
    check_tpu_pair(install)
    return Plan(install=install, hold=hold, kept=kept, replaces=replaces)


# --------------------------------------------------------------------------- the replica (make test)

MANIFEST = "vendor/colab/pip-freeze.txt"          # Colab's CPU runtime, as Colab publishes it
REPLICA_CONSTRAINTS = "constraints-colab.txt"


def _pins(text: str) -> dict:
    """{canonical name: (line as written, version)} of the ``name==version`` lines of a freeze."""
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or " @ " in line or "==" not in line:
            continue
        name, version = line.split("==", 1)
        out[_canonical(name.split("[")[0])] = (f"{name}=={version}", version)
    return out


def replica_constraints(freeze: str, ours: str) -> str:
    """The constraints of the Colab replica ``make test`` builds: every pin of Colab's ``freeze``
    (its CPU runtime), then, for what Colab does not ship (the test tools), ``ours``
    (constraints.txt). Colab's version wins wherever both pin a package."""
    colab, mine = _pins(freeze), _pins(ours)
    lines = ["# Generated by `make constraints-colab` from vendor/colab/pip-freeze.txt (Colab's CPU runtime, see",
             "# vendor/colab/SOURCE) and, for packages Colab does not ship, constraints.txt. Do not edit.",
             "# tests/test_environment.py fails when this file and its sources disagree."]
    lines += [colab[name][0] for name in sorted(colab)]
    lines += ["# not shipped by Colab: constraints.txt's pins"]
    lines += [mine[name][0] for name in sorted(mine) if name not in colab]
    return "\n".join(lines) + "\n"


def write_replica_constraints(root=None) -> str:
    """Regenerate constraints-colab.txt at the repository ``root``; returns its path."""
    import pathlib

    from ..runtime import ROOT

    root = pathlib.Path(root or ROOT)
    text = replica_constraints((root / MANIFEST).read_text(), (root / "constraints.txt").read_text())
    (root / REPLICA_CONSTRAINTS).write_text(text)
    return str(root / REPLICA_CONSTRAINTS)


@dataclasses.dataclass
class Setup:
    runtime: str
    accelerator: str
    installed: list  # what this call installed (empty outside Colab and on a second run)

    def __str__(self):
        done = f"installed {', '.join(self.installed)}" if self.installed else "nothing to install"
        return f"gpukit {_installed('gpukit') or '?'} · runtime {self.runtime} · accelerator {self.accelerator} · {done}"


def setup(extras=(), *, quiet: bool = False, _run=subprocess.run) -> Setup:
    """Called by every notebook's setup cell. On Colab: install what gpukit needs that the
    runtime lacks (extras e.g. ``("grading",)`` for exercises), keeping the runtime's
    TensorFlow/Keras/numpy; elsewhere: nothing. Prints (and returns) one line about the runtime."""
    kind = runtime()
    accel = accelerator()
    done = []
    if kind == "colab":
        reqs = requirements(extras)
        todo = plan(reqs, installed_versions([r.name for r in reqs] + list(HOLD) + ["libtpu"]), accel)
        if todo.install:
            with tempfile.NamedTemporaryFile("w", suffix=".txt", prefix="gpukit-hold-", delete=False) as f:
                f.write("\n".join(todo.hold) + "\n")
            try:
                result = _run(todo.pip_args(f.name), capture_output=True, text=True)
            finally:
                os.unlink(f.name)
            if result.returncode != 0:
                tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
                raise RuntimeError(
                    f"pip could not install {todo.install} beside this runtime's packages "
                    f"(held: {todo.hold}).\n{tail}\nFix: Runtime > Disconnect and delete runtime, then run again; "
                    f"if it persists, paste `python -m gpukit doctor` into an issue")
            done = todo.install
            for name, (have, why) in todo.replaces.items():
                print(f"replaced {name} {have} (the runtime's): {why}")
    info = Setup(runtime=kind, accelerator=accel, installed=done)
    if not quiet:
        print(info)
    return info
