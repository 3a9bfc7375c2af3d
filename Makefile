# Two commands: `make lab` (set up, open JupyterLab) and `make test` (set up, run every test).
# Each target creates .venv on first use, installing the exact versions of constraints.txt (the tested
# set) within the ranges pyproject.toml declares; installing again is a no-op until either file changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
EXTRAS ?= lab,dev,grading,ray
STAMP  := $(VENV)/.installed-$(EXTRAS)
JOBS   ?= 3
REPLICA_JOBS ?= 1
LOWEST_JOBS ?= 2
LAB_PORT ?= 8888
# Free disk `make test` wants before it creates a missing environment (the three take about 9 GB with pip's
# downloads); 0 skips the check.
DISK_NEED_GB ?= 10

# Colab's runtime, replicated (vendor/colab: Colab's published pip freeze): Python 3.13 and Colab's exact
# tensorflow, keras, numpy, ipywidgets, protobuf, ... from constraints-colab.txt; gpukit installed the way
# the Colab setup cell installs it (--no-deps). It runs every lesson and the unit tests below.
# PY313: a Python 3.13 (found on PATH, or in pyenv/uv's folders; set it to point elsewhere).
PY313    ?= $(shell for p in $$(command -v python3.13) $(HOME)/.pyenv/versions/3.13*/bin/python3.13 \
	$(HOME)/.local/share/uv/python/cpython-3.13*/bin/python3.13 /usr/local/bin/python3.13 /usr/bin/python3.13; do \
	"$$p" -c 'import sys; assert sys.version_info[:2] == (3, 13)' 2>/dev/null && echo "$$p" && break; done)
VENVCOLAB  := .venv-colab
PYCOLAB    := $(VENVCOLAB)/bin/python
STAMPCOLAB := $(VENVCOLAB)/.installed
# what the replica installs from Colab's pins (what gpukit and the lessons import) and the test tools
COLAB_PACKAGES := tensorflow keras tf_keras numpy scikit-learn matplotlib ipywidgets packaging protobuf ipykernel ipython \
	pytest pytest-xdist nbval nbclient nbformat
# The replica runs every lesson (lessons 09-11 measure ZeRO, experts, the ring and the planner with TF 2.20's
# allocator and ops in their own cells) and the unit tests whose subject is Keras or TensorFlow behaviour;
# the planted-bug tests of lessons 09-11's modules (test_zero, test_experts, test_ring_attention, test_plan)
# run in the main pass (docs/decisions.md, "Test time after the fourth blind round").
COLAB_TESTS ?= tests/test_colab_replica.py tests/test_training.py tests/test_accumulation.py tests/test_uneven_batches.py \
	tests/test_data.py tests/test_devices.py tests/test_strategies.py tests/test_checks.py tests/test_models.py \
	tests/test_precision.py tests/test_tpu.py tests/test_parallel.py tests/test_widgets.py \
	tests/test_keras_multiworker.py notebooks
# The replica runs the 1- and 4-replica cases of the optimizer x replicas matrices (Colab's Keras and TensorFlow at
# both ends); their 2-replica middle runs in the main pass only (issue 37's test time, docs/decisions.md).
COLAB_MIDDLE := $(foreach o,adam momentum sgd,tests/test_accumulation.py::test_accumulation_equals_the_large_batch[$(o)-2] \
	tests/test_accumulation.py::test_fit_path_equals_the_large_batch[$(o)-2]) \
	$(foreach o,adam sgd,tests/test_training.py::test_ctl_equals_single_device[$(o)-2])
# Of the Keras multi-worker launches, the replica runs the tutorial's (Colab's Keras 3.13.2); the other two
# (dict inputs / predict, kill and resume) run in the lowest-versions pass on the same TensorFlow 2.20 and
# Keras 3.13.0 (issue 37's test time: each launch is two TensorFlow workers, about 10 s).
COLAB_DESELECT := --deselect tests/test_keras_multiworker.py::test_dict_inputs_sample_weights_steps_per_execution_and_predict \
	--deselect tests/test_keras_multiworker.py::test_a_worker_killed_at_epoch_2_resumes_from_the_backup \
	$(foreach t,$(COLAB_MIDDLE),--deselect $(t))

# The lowest declared versions with a current Jupyter (issue 37): Python 3.13, gpukit's direct dependencies
# at pyproject.toml's lower bounds and ipykernel, IPython, nbval, pytest at constraints.txt's
# (constraints-lowest.txt); gpukit installed with its dependencies, so pip checks that the bounds resolve.
# A small pass (about 2 minutes on 2 cores): lesson 02 (Keras 3 fit on 2 workers via `gpukit launch` from
# the kernel's shell(...), the cause the launcher names; listed first so it starts first), the Keras
# multi-worker fix, the environment checks, quiet imports, widgets.
VENVLOWEST  := .venv-lowest
PYLOWEST    := $(VENVLOWEST)/bin/python
STAMPLOWEST := $(VENVLOWEST)/.installed
LOWEST_PACKAGES := tf_keras ipykernel ipython pytest pytest-xdist nbval nbclient nbformat pyyaml
LOWEST_TESTS ?= notebooks/02_multi_worker.ipynb tests/test_keras_multiworker.py tests/test_environment.py \
	tests/test_quiet.py::test_import_writes_no_python_warning_where_a_kernel_would_show_it tests/test_widgets.py

.PHONY: check-disk lab test quick unit notebooks exercises bench mutate doctor install clean test-colab install-colab \
	constraints-colab colab-manifest install-lowest test-lowest

install: $(STAMP)

$(STAMP): pyproject.toml constraints.txt jupyter/overrides.json
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "gpukit needs Python >= 3.10, found " + sys.version.split()[0]'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[$(EXTRAS)]'
	@# JupyterLab's defaults for this course: no news pop-up, no update check (jupyter/overrides.json)
	@mkdir -p $(VENV)/share/jupyter/lab/settings && cp jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/
	@rm -f $(VENV)/.installed-*
	@touch $@

# JupyterLab at the repository root. Headless machines: open the printed URL yourself.
lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(LAB_PORT) --ServerApp.root_dir=$(CURDIR) \
		$(if $(DISPLAY),,--no-browser) $(if $(filter 0,$(shell id -u)),--allow-root,)

# Everything, as CI runs it: the set-up, then three pytest passes at once -- the main pass ($(JOBS)
# processes: unit tests, solutions/ under nbval, every lesson and exercise Run All in JupyterLab in Chromium
# (the one run of notebooks/ and exercises/: tests/test_browser.py judges them as nbval would; needs Debian's
# chromium), grading), and beside it the Colab replica pass ($(REPLICA_JOBS) process) and the lowest-versions
# pass (one process), whose output follows the main pass's. The main pass left a seventh of the 2 cores idle
# (tests waiting on worker processes, browsers, launchers): the other two passes run in that time instead of
# after it (docs/decisions.md, "Test time after round 10"). Ends with the wall time of each stage.
test: check-disk
	@t0=$$(date +%s); $(MAKE) --no-print-directory install install-colab install-lowest || exit $$?; t1=$$(date +%s); \
	mkdir -p build; rm -f build/test-lowest.log build/test-lowest.rc build/test-colab.log build/test-colab.rc; \
	( $(MAKE) --no-print-directory test-lowest LOWEST_JOBS=1 > build/test-lowest.log 2>&1; \
	  echo "$$? $$(date +%s)" > build/test-lowest.rc ) & \
	( $(MAKE) --no-print-directory test-colab JOBS=$(REPLICA_JOBS) > build/test-colab.log 2>&1; \
	  echo "$$? $$(date +%s)" > build/test-colab.rc ) & \
	$(PY) -m pytest -n $(JOBS) --dist loadfile; main=$$?; t2=$$(date +%s); \
	wait; read lowest t4 < build/test-lowest.rc; read colab t3 < build/test-colab.rc; \
	printf '\n---- Colab replica pass (run beside the main pass):\n'; cat build/test-colab.log; \
	printf '\n---- lowest versions pass (run beside the main pass):\n'; cat build/test-lowest.log; \
	end=$$(( t2 > t3 ? t2 : t3 )); end=$$(( end > t4 ? end : t4 )); \
	printf '\nmake test, wall time per stage (the three passes run at once):\n  set-up (three venvs)   %5d s\n  main pass              %5d s  (exit %d)\n  Colab replica pass     %5d s  (exit %d)\n  lowest versions pass   %5d s  (exit %d)\n  tests (all three)      %5d s\n  total                  %5d s\n' \
	  $$((t1-t0)) $$((t2-t1)) $$main $$((t3-t1)) $$colab $$((t4-t1)) $$lowest $$((end-t1)) $$((end-t0)); \
	test $$main -eq 0 && test $$colab -eq 0 && test $$lowest -eq 0

# Before any environment is created: enough free disk, or a clear error (a full disk stops pip half-way,
# with "No space left on device" in the middle of its output).
check-disk:
	@missing=$$(for f in $(STAMP) $(STAMPCOLAB) $(STAMPLOWEST); do test -e $$f || echo $$f; done); \
	have=$$(df -Pk . | awk 'NR==2 {print int($$4 / 1048576)}'); \
	if [ -n "$$missing" ] && [ "$$have" -lt "$(DISK_NEED_GB)" ]; then \
	  echo "make: only $$have GB free on the disk of $(CURDIR); creating the missing environments" \
	    "($$(echo $$missing | xargs -n1 dirname | tr '\n' ' '| sed 's/ $$//')) needs about $(DISK_NEED_GB) GB." \
	    "Free space (each old clone of this repository with its environments holds about 8.5 GB) or run" \
	    "make DISK_NEED_GB=0 to try anyway." >&2; exit 2; fi

# For editing (about 3 minutes on 2 cores): the unit tests without the browser, grading, Ray and the
# exercise generation. Not a substitute for `make test`.
QUICK_SKIP := test_browser test_exercise_grading test_grading test_sandbox test_ray_train test_exercises \
	test_tutorial_errors
quick: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadfile tests $(foreach t,$(QUICK_SKIP),--ignore=tests/$(t).py)

install-colab: $(STAMPCOLAB)

$(STAMPCOLAB): pyproject.toml constraints-colab.txt
	@test -n "$(PY313)" || { echo "the Colab replica needs Python 3.13 (Colab's): install it (apt-get install python3.13, \
	pyenv install 3.13, or uv python install 3.13) or run make PY313=/path/to/python3.13"; exit 2; }
	@test -x $(PYCOLAB) || $(PY313) -m venv $(VENVCOLAB)
	$(PYCOLAB) -m pip install --quiet --upgrade pip
	$(PYCOLAB) -m pip install --quiet -c constraints-colab.txt $(COLAB_PACKAGES)
	$(PYCOLAB) -m pip install --quiet --no-deps -e .
	@touch $@

# Every lesson under nbval and the unit tests above, in the Colab replica.
test-colab: $(STAMPCOLAB)
	GPUKIT_COLAB_REPLICA=1 $(PYCOLAB) -m pytest -n $(JOBS) --dist loadfile -p no:cacheprovider $(COLAB_DESELECT) $(COLAB_TESTS)

install-lowest: $(STAMPLOWEST)

$(STAMPLOWEST): pyproject.toml constraints-lowest.txt
	@test -n "$(PY313)" || { echo "the lowest-versions pass needs Python 3.13: install it (apt-get install python3.13, \
	pyenv install 3.13, or uv python install 3.13) or run make PY313=/path/to/python3.13"; exit 2; }
	@test -x $(PYLOWEST) || $(PY313) -m venv $(VENVLOWEST)
	$(PYLOWEST) -m pip install --quiet --upgrade pip
	$(PYLOWEST) -m pip install --quiet -c constraints-lowest.txt -e . $(LOWEST_PACKAGES)
	@touch $@

# The small subset above on the lowest declared versions with a current Jupyter.
test-lowest: $(STAMPLOWEST)
	GPUKIT_LOWEST=1 $(PYLOWEST) -m pytest -n $(LOWEST_JOBS) --dist loadfile -p no:cacheprovider $(LOWEST_TESTS)

# constraints-colab.txt from the vendored manifest (+ constraints.txt for what Colab does not ship).
constraints-colab: $(STAMP)
	$(PY) -c "from gpukit.course import colab; print(colab.write_replica_constraints())"

# Colab's newest published manifests (googlecolab/backend-info), then regenerate the constraints.
colab-manifest:
	for f in pip-freeze.txt pip-freeze.gpu.txt pip-freeze.tpu.txt os-info.txt os-info-tpu.txt; do \
	  curl -fsSL https://raw.githubusercontent.com/googlecolab/backend-info/main/$$f -o vendor/colab/$$f || exit 1; done
	$(MAKE) constraints-colab

unit: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadfile tests

# Every notebook under nbval alone (a kernel, no browser): quicker to read when a cell fails.
notebooks: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadfile notebooks solutions exercises

# exercises/NN_name.ipynb + build/autograder/NN_name.zip from solutions/ (otter assign); fails if a
# solution does not pass its own tests. Commit exercises/; build/ is regenerated on demand.
exercises: $(STAMP)
	$(PY) -m gpukit exercises

# Speed lives here, not in tests: results go to bench-results/ (gpukit/course/timings.py).
bench: $(STAMP)
	$(PY) -m gpukit.course.timings --out bench-results
	$(PY) -c 'from gpukit.course import grading; grading.bench("bench-results")'   # seconds per submission

doctor: $(STAMP)
	$(PY) -m gpukit doctor

clean:
	rm -rf $(VENV) $(VENVCOLAB) $(VENVLOWEST) bench-results build *.egg-info

# How many planted bugs the fast tests of the arithmetic modules catch (gpukit/course/mutate.py):
# bench-results/mutation.txt. Minutes, not part of `make test`.
mutate: $(STAMP)
	$(PY) -m gpukit.course.mutate --out bench-results
