"""Fixtures shared by pathkit's Python tests: where the repository's data lives."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def repository() -> Path:
    return ROOT


@pytest.fixture
def shared_benchmarks() -> Path:
    """The MovingAI benchmark folder beside the repository; the test skips without it."""
    folder = ROOT.parent / "shared" / "benchmarks"
    if not folder.is_dir():
        pytest.skip(f"no benchmark data at {folder}")
    return folder
