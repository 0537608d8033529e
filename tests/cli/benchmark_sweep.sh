#!/usr/bin/env bash
# Runs `pathkit bench --algo ALGO --path SHAPE` over every shared MovingAI scenario; exits 77
# (skipped) with a message when the shared benchmark data is absent.
# Usage: benchmark_sweep.sh PATHKIT SHARED ALGO [SHAPE]
set -euo pipefail
pathkit="$1" shared="$2" algorithm="$3" shape="${4:-tiles}"
shopt -s nullglob
scenarios=("$shared"/benchmarks/grid/*/*.scen)
if [ ${#scenarios[@]} -eq 0 ]; then
  echo "SKIPPED: no benchmark data under $shared/benchmarks/grid"
  exit 77
fi
exec "$pathkit" bench --algo "$algorithm" --path "$shape" "${scenarios[@]}"
