"""The Python examples the README and docs/python.md show run and say what they should."""

import subprocess
import sys

import pytest


def run(script, *arguments, cwd):
    return subprocess.run([sys.executable, str(script), *map(str, arguments)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_the_readme_grid_example_finds_its_path(repository, tmp_path):
    done = run(repository / "examples" / "python" / "grid_quickstart.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("found cost ")
    assert "refused: start 5,3 is blocked" in done.stdout


def test_the_matplotlib_example_draws_a_path_into_a_png(repository, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "path.png"
    done = run(repository / "examples" / "python" / "plot_path.py",
               repository / "examples" / "maps" / "dungeon.map", out, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 2000
    bad = run(repository / "examples" / "python" / "plot_path.py", tmp_path / "none.map",
              cwd=tmp_path)
    assert bad.returncode == 2 and "none.map" in bad.stderr
