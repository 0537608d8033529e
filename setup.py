"""Builds pathkit's Python package: CMake compiles the extension module pathkit._pathkit.

`pip install --no-build-isolation .` runs this from the repository root. The CMake build
folder is build/python (or $PATHKIT_PYTHON_BUILD_DIR), kept between installs so a second
install compiles only what changed.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version() -> str:
    """The version in CMakeLists.txt's project() call, the one source of it."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(pathkit VERSION ([0-9.]+)", text)
    if match is None:
        raise RuntimeError("CMakeLists.txt has no 'project(pathkit VERSION ...)'")
    return match.group(1)


class CMakeExtension(Extension):
    """An extension CMake builds (no sources of its own for setuptools to compile)."""

    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures and builds the pathkit_python target, then copies the module in place."""

    def build_extension(self, ext: Extension) -> None:
        build_dir = Path(os.environ.get("PATHKIT_PYTHON_BUILD_DIR", ROOT / "build" / "python"))
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DPATHKIT_BUILD_PYTHON=ON",
            "-DPATHKIT_BUILD_TOOLS=OFF", "-DPATHKIT_BUILD_TESTS=OFF",
            "-DPATHKIT_BUILD_BENCH=OFF", "-DPATHKIT_BUILD_FUZZ=OFF",
            "-DPATHKIT_BUILD_C_API=OFF", "-DPATHKIT_INSTALL=OFF",
            f"-DPython_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        try:
            import pybind11  # the Python package, when present, says where its CMake files are

            configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "pathkit_python",
                        "--parallel", jobs], check=True)
        built = sorted((build_dir / "python").glob("_pathkit*"))
        built = [path for path in built if path.is_file()]
        if not built:
            raise RuntimeError(f"the build left no _pathkit module in {build_dir / 'python'}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    version=project_version(),
    package_dir={"": "python"},
    packages=["pathkit"],
    package_data={"pathkit": ["py.typed", "*.pyi"]},
    ext_modules=[CMakeExtension("pathkit._pathkit")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
