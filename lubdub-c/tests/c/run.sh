#!/usr/bin/env bash
# The C library's tests, one step of scripts/test.sh (also `make -C lubdub-c
# check`): builds the library (cargo's debug profile, whose debug assertions
# check the scheduler), compiles each test program in this folder against
# the shared library and runs it; links one against the static library;
# installs the library into a scratch prefix with `make install` and builds
# the README's example with `cc prog.c $(pkg-config --cflags --libs lubdub)`,
# as the README says; and runs every test again, with small sizes, under Valgrind's
# memcheck, which fails the step on any invalid access or definite leak.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
lib="$target/debug"
scratch="$target/c-tests"
rm -rf "$scratch"
mkdir -p "$scratch"

cargo build -p lubdub-c
CC="${CC:-cc}"
CFLAGS=(-std=c11 -O1 -g -Wall -Wextra -Wpedantic -Werror -I "$root/lubdub-c/include")
tests=(test_join test_scope test_for test_nested test_threads test_errors)
passed=0
failed=0
run() { # name, command...
    local name="$1"
    shift
    if timeout 300 "$@" >"$scratch/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok: $name"
    else
        failed=$((failed + 1))
        echo "FAILED: $name (exit $?)"
        cat "$scratch/$name.log"
    fi
}

for t in "${tests[@]}"; do
    "$CC" "${CFLAGS[@]}" "$here/$t.c" -o "$scratch/$t" \
        -L "$lib" -Wl,-rpath,"$lib" -llubdub_c -lpthread
    run "$t" "$scratch/$t"
done

# The static library, with the system libraries Rust's standard library needs.
"$CC" "${CFLAGS[@]}" "$here/test_for.c" -o "$scratch/test_for_static" \
    "$lib/liblubdub_c.a" -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
run "test_for (static library)" "$scratch/test_for_static" small

# The install steps of the README, into a scratch prefix.
make -s -C "$root/lubdub-c" install PROFILE=debug PREFIX="$scratch/prefix" >/dev/null
export PKG_CONFIG_PATH="$scratch/prefix/lib/pkgconfig"
# The example at the top of lubdub-c/README.md, as its reader builds it.
awk '/^```c$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' \
    "$root/lubdub-c/README.md" >"$scratch/readme_example.c"
# shellcheck disable=SC2046 # pkg-config's output is a list of flags
"$CC" "$scratch/readme_example.c" -o "$scratch/readme_example" $(pkg-config --cflags --libs lubdub)
run "README example (installed, pkg-config)" "$scratch/readme_example"
grep -qx 332833500000 "$scratch/README example (installed, pkg-config).log" ||
    { echo "FAILED: the README example printed a wrong sum"; failed=$((failed + 1)); }

bash "$root/scripts/install-valgrind.sh"
for t in "${tests[@]}"; do
    run "$t (valgrind)" valgrind --quiet --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite --show-leak-kinds=definite \
        "$scratch/$t" small
done

echo "C tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
