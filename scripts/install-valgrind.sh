#!/usr/bin/env bash
# Installs Valgrind with apt-get when it is missing (the C library's tests
# run under it: lubdub-c/tests/c/run.sh). Does nothing when it is there;
# fails when it is not and there is no apt-get to install it.
set -euo pipefail
if command -v valgrind >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-valgrind.sh: no valgrind and no apt-get; install valgrind by hand" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq valgrind
