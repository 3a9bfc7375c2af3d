"""Prints the TF_CONFIG it was started with (one JSON line) and its arguments."""

import json
import os
import sys

print(json.dumps({"tf_config": json.loads(os.environ["TF_CONFIG"]), "argv": sys.argv[1:]}), flush=True)
