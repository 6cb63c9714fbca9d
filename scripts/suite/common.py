"""What every file of the suites shares: test statuses, logging, files."""

import os
import sys

PASS, FAIL, HANG, DNC, SKIP, IGNORED = "pass", "fail", "hang", "does-not-compile", "skipped", "ignored"
STATUSES = (PASS, FAIL, HANG, DNC, SKIP, IGNORED)


def log(message):
    """Progress goes to stderr; the report alone goes to stdout."""
    print(message, file=sys.stderr, flush=True)


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
