#!/usr/bin/env bash
# Shared by the CLI test scripts: counts failed cases and shows the start of their output.
failures=0

# fail HEADLINE OUTPUT: reports one failed case with the first 2,000 bytes of what it printed.
fail() {
  echo "FAILED: $1"
  head -c 2000 <<<"$2"
  echo
  failures=$((failures + 1))
}
