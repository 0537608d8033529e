#!/usr/bin/env bash
# Shared by scripts/demo and scripts/test: installs missing Debian packages, configures a preset.
set -euo pipefail

# Everything the build, the tests and the benchmarks need, from Debian's packages.
pathkit_packages=(
  cmake ninja-build ccache g++ clang-format libstb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libpugixml-dev libboost-graph-dev
  pkg-config libpolyclipping-dev libcgal-dev librecast-dev
  pybind11-dev python3-dev python3-venv python3-pip python3-setuptools python3-wheel
  python3-numpy python3-pytest python3-matplotlib
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

# Installs the Python package as the README shows (pip, in a fresh virtual environment made by
# Debian's Python that sees Debian's numpy; nothing is downloaded), imports it from outside the
# repository, and runs its pytest suite. The CMake build under it is kept in build/python.
pathkit_python_tests() {
  local venv="$pathkit_root/build/python-venv"
  rm -rf "$venv"
  /usr/bin/python3 -m venv --system-site-packages "$venv"
  (cd "$pathkit_root" && "$venv/bin/pip" install --quiet --no-index --disable-pip-version-check \
    --no-build-isolation .)
  (cd /tmp && "$venv/bin/python" -c \
    'import pathkit; print("pathkit", pathkit.__version__, "imported from", pathkit.__file__)')
  (cd "$pathkit_root" && "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests)
}

# Configures and builds one CMake preset (default, release or sanitize); extra args go to the build.
pathkit_build() {
  local preset="$1"
  shift
  (cd "$pathkit_root" && cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" "$@")
}
