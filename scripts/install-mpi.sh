#!/usr/bin/env bash
# Installs what lubdub-mpi needs to build and run (README.md, "MPI"):
# MPICH (the library, its headers and `mpicc`, which rsmpi's build script
# asks for the compile and link flags) and libclang (rsmpi generates its
# bindings with bindgen). Idempotent: it installs only what is missing, and
# does nothing on a machine that has an `mpicc`, an `mpiexec` and libclang.
# Needs Debian or Ubuntu (apt-get) and root or sudo when something is missing.
set -euo pipefail

have_libclang() {
    [ -n "${LIBCLANG_PATH:-}" ] && return 0
    ldconfig -p 2>/dev/null | grep -q 'libclang\(-[0-9.]*\)\?\.so'
}

missing=()
command -v mpicc >/dev/null 2>&1 || missing+=(libmpich-dev)
command -v mpiexec >/dev/null 2>&1 || missing+=(mpich)
have_libclang || missing+=(libclang-dev)
if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-mpi: MPI and libclang already present ($(command -v mpicc))" >&2
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-mpi: missing ${missing[*]} and no apt-get here: install an MPI library" \
        "(MPICH or Open MPI, with mpicc and mpiexec) and libclang by hand" >&2
    exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "install-mpi: need root to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
echo "install-mpi: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
