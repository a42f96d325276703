"""The public API as a whole: exports, docstrings, types, and the module layering."""

from __future__ import annotations

import ast
import inspect
import pathlib
import random
import typing

import pytest

import pitch13
import pitch13.testing

SRC = pathlib.Path(pitch13.__file__).parent
PUBLIC_MODULES = [
    "actions",
    "bench",
    "bots",
    "cards",
    "cli",
    "documents",
    "engine",
    "errors",
    "events",
    "records",
    "rules",
    "scoring",
    "seen",
    "state",
    "sampling",
    "testing",
    "trumps",
    "views",
]


def _public_objects():
    for name in pitch13.__all__:
        yield f"pitch13.{name}", getattr(pitch13, name)
    for name in pitch13.testing.__all__:
        yield f"pitch13.testing.{name}", getattr(pitch13.testing, name)


def test_every_exported_name_exists_and_all_is_sorted():
    assert pitch13.__all__ == sorted(pitch13.__all__, key=lambda n: (not n.isupper(), n))
    for name in pitch13.__all__:
        assert hasattr(pitch13, name), name


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_module_names_its_public_api(module):
    mod = __import__(f"pitch13.{module}", fromlist=["__all__"])
    assert mod.__doc__, f"pitch13.{module} has no module docstring"
    for name in mod.__all__:
        assert hasattr(mod, name), f"pitch13.{module}.__all__ lists missing {name}"


def test_every_public_name_has_a_docstring():
    missing = []
    for qualname, obj in _public_objects():
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if not inspect.getdoc(obj):
            missing.append(qualname)
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if member.startswith("_") or not (callable(value) or isinstance(value, property)):
                    continue
                target = value.fget if isinstance(value, property) else value
                if not inspect.getdoc(target):
                    missing.append(f"{qualname}.{member}")
    assert not missing, f"no docstring: {missing}"


def test_no_any_in_public_signatures():
    offenders = []
    for qualname, obj in _public_objects():
        if not (inspect.isclass(obj) or inspect.isfunction(obj)) or (
            inspect.isclass(obj) and issubclass(obj, BaseException)
        ):
            continue
        functions = [obj]
        if inspect.isclass(obj):
            functions = [v for k, v in vars(obj).items() if inspect.isfunction(v) and not k.startswith("_")]
        for function in functions:
            try:
                hints = typing.get_type_hints(function)
            except (NameError, TypeError):  # pragma: no cover - reported below if it happens
                offenders.append(f"{qualname}: unresolvable hints")
                continue
            if any("Any" in repr(hint) for hint in hints.values()):
                offenders.append(qualname)
    assert not offenders, offenders


def test_py_typed_ships():
    assert (SRC / "py.typed").is_file()


# Data flows one way (DESIGN.md): a module never imports one to its right.
LAYERS = [
    {"errors"},
    {"cards"},
    {"rules"},
    {"documents"},
    {"trumps"},
    {"actions"},
    {"scoring"},
    {"events"},
    {"_history"},
    {"state"},
    {"engine"},
    {"seen"},
    {"_knowledge"},
    {"_follow"},
    {"views"},
    {"sampling"},
    {"records"},
    {"bots", "testing", "bench"},
    {"cli"},
    {"__main__"},
]
# Inside the engine: the shared helpers, the phases, the flow that orders them, the dispatcher.
ENGINE_LAYERS = [
    {"_work"},
    {"_auction", "_discard", "_pickup", "_look", "_play", "_end"},
    {"_flow"},
    {"__init__"},
]


def _imported(tree):
    """The pitch13 modules a module imports: ``pitch13.x`` or ``pitch13.x.y`` as ``(x, y)``.

    Imports for type checking only (under ``if TYPE_CHECKING:``) do not count.
    """
    for block in ast.walk(tree):
        if (
            isinstance(block, ast.If)
            and isinstance(block.test, ast.Name)
            and block.test.id == "TYPE_CHECKING"
        ):
            block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pitch13":
            parts = node.module.split(".")[1:]
            if not parts:
                yield from ((alias.name,) for alias in node.names)
            elif len(parts) == 1 and (SRC / parts[0] / "__init__.py").is_file():  # from a package
                for alias in node.names:
                    is_module = (SRC / parts[0] / f"{alias.name}.py").is_file()
                    yield (parts[0], alias.name) if is_module else (parts[0], "__init__")
            else:
                yield tuple(parts)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "pitch13" and len(parts) > 1:
                    yield tuple(parts[1:])


def test_modules_import_only_to_their_left():
    rank = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    inner = {name: i for i, layer in enumerate(ENGINE_LAYERS) for name in layer}
    paths = [*SRC.glob("*.py"), *(SRC / "engine").glob("*.py")]
    assert len(paths) > len(LAYERS)
    for path in paths:
        in_engine = path.parent.name == "engine"
        if path.stem == "__init__" and not in_engine:
            continue
        here = "engine" if in_engine else path.stem
        for target in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            if target[0] == "engine" and in_engine:
                assert inner[target[1]] < inner[path.stem], f"engine.{path.stem} imports {target}"
            else:
                assert rank[target[0]] < rank[here], f"{here} ({path.name}) imports {target[0]}"


def test_version_is_a_release_string():
    parts = pitch13.__version__.split(".")
    assert len(parts) == 3
    assert all(p.isdigit() for p in parts)


def test_legal_actions_are_interned_in_every_phase():
    """The cost table says legal_actions is O(1): the same tuple is returned, not rebuilt."""
    wanted = {
        ("pickup", "Stop"),
        ("look", "TurnUp"),
        ("look", "Reject"),
        ("play", "Play"),
        ("bidding", "Pass"),
    }
    seen = set()
    for seed in range(300):
        rng = random.Random(seed)
        state = pitch13.new_game(pitch13.Rules(look_take="any_card", pickup="any_trump"), seed=seed)
        while not state.is_over and state.hand_number <= 2:
            actions = pitch13.legal_actions(state)
            assert pitch13.legal_actions(state) is actions
            seen.add((state.phase.value, type(actions[0]).__name__))
            state = pitch13.apply(state, rng.choice(actions))
        if wanted <= seen:
            break
    assert wanted <= seen
