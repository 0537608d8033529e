#!/usr/bin/env bash
# Shared by scripts/demo and scripts/test: installs missing Debian packages, configures a preset.
set -euo pipefail

# Everything the build, the tests and the benchmarks need, from Debian's packages.
pathkit_packages=(
  cmake ninja-build ccache g++ clang-format libstb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libpugixml-dev libboost-graph-dev
  pkg-config libpolyclipping-dev libcgal-dev librecast-dev
)

pathkit_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Installs the packages that are missing (apt-get as root; otherwise says what to run).
pathkit_install_packages() {
  local missing=()
  for package in "${pathkit_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "pathkit needs these Debian packages; please run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Installs optional packages (the browser test's Chromium) when missing; never fails: the
# tests that need them skip with a message instead.
pathkit_install_optional() {
  local missing=()
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "Optional packages missing (their tests will skip): ${missing[*]}" >&2
    return 0
  fi
  echo "Installing optional Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } ||
    echo "Could not install ${missing[*]}; the tests that need them will skip." >&2
}

# Configures and builds one CMake preset (default, release or sanitize); extra args go to the build.
pathkit_build() {
  local preset="$1"
  shift
  (cd "$pathkit_root" && cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" "$@")
}
