#!/usr/bin/env bash
# bench_adjudicate.py on the compiled build: scripts/compiled_build makes a venv of its own
# (default /tmp/variantkit-bench-compiled; VARIANTKIT_BENCH_VENV to change), and the bench
# runs there from a copy of benchmarks/ and tests/ (the peers' helpers), so the compiled
# package is the one imported; the peers run in the same process as in the pure bench.
#   bash benchmarks/compiled.sh             build, then bench
#   bash benchmarks/compiled.sh --no-build  bench the venv built before
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv=${VARIANTKIT_BENCH_VENV:-/tmp/variantkit-bench-compiled}
[ "${1:-}" = --no-build ] || bash scripts/compiled_build "$venv"
use=$(mktemp -d /tmp/variantkit-bench.XXXXXX)
trap 'rm -rf "$use"' EXIT
cp -r benchmarks tests maps "$use/"
cd "$use"
VARIANTKIT_SHARED="${VARIANTKIT_SHARED:-$root/../shared}" "$venv/bin/python" benchmarks/bench_adjudicate.py
