"""The type stubs name exactly what the extension module has, so editors complete the real API."""

import ast
import inspect
from pathlib import Path

import pathkit
from pathkit import _pathkit

STUBS = Path(pathkit.__file__).with_name("_pathkit.pyi")


def stub_names():
    """Top-level names of the stub file, and for each class the names of its members."""
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {
                item.name if not isinstance(item, ast.AnnAssign) else item.target.id
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AnnAssign))
            }
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    return top, members


def test_every_public_name_of_the_module_is_in_the_stubs_and_no_other():
    top, _ = stub_names()
    public = {name for name in dir(_pathkit) if not name.startswith("_")} | {"__version__"}
    assert public == top  # type aliases (Tile = ...) are plain assignments, not counted
    assert set(pathkit.__all__) == public


def test_every_method_and_attribute_of_each_class_is_in_the_stubs():
    _, members = stub_names()
    for name, stubbed in members.items():
        if name == "Error":
            continue
        cls = getattr(_pathkit, name)
        actual = {
            member for member, _ in inspect.getmembers(cls)
            if not member.startswith("_") or member in ("__init__", "__len__", "__bool__",
                                                        "__contains__", "__getitem__", "__iter__")
        }
        actual = {m for m in actual if m in vars(cls) or not m.startswith("__")}
        if "__init__" not in stubbed:  # made by pathkit only: its constructor refuses Python
            actual.discard("__init__")
        assert actual == stubbed, f"{name}: stubs lack {actual - stubbed}, have extra {stubbed - actual}"
