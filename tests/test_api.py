"""The public API as a whole: exports, docstrings, types, and the module layering."""

from __future__ import annotations

import ast
import copy
import importlib
import importlib.util
import inspect
import pathlib
import random
import subprocess
import sys
import typing

import pytest

import pitch13
import pitch13.testing

SRC = pathlib.Path(pitch13.__file__).parent
PUBLIC_MODULES = [
    "actions",
    "adapters",
    "analysis",
    "arena",
    "bench",
    "bots",
    "cards",
    "cli",
    "documents",
    "encoding",
    "engine",
    "errors",
    "events",
    "narration",
    "records",
    "rules",
    "scoring",
    "seen",
    "simulate",
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


#: The names the 0.2.0 release removed from public modules (its changelog's *Removed* section).
REMOVED_IN_0_2 = {
    "actions": "ACTION_TYPES BIDS DISCARDS GIVE_UPS NAME_TRUMPS PLAYS TAKES MAX_ACTION_TEXT deal_positions",
    "cards": "cards_of_mask mask_of by_bytes T",
    "documents": "array boolean card cards choice integer items load_json obj read_card read_cards read_suit "
    "rules_from_dict rules_to_dict MAX_DEPTH MAX_SIZE",
    "errors": "check_seat assert_never",
    "records": "RECORD_FORMAT STATE_FORMAT VERSION Locate",
    "state": "make_state Log Phases hand_decoder HAND_CACHE",
    "scoring": "score_hand hand_result tally make_trick close_trick outcome_after",
    "trumps": "TrumpTable may_take clear_table_cache",
    "seen": "Watcher PUBLIC_ITEMS dealt_cards entry_after notation",
    "views": "Knowledge HandLog dealt_cards VIEW_FORMAT VIEW_VERSION clear_reader_cache",
    "sampling": "own_hand Factor",
    "cli": "choose_simple",
}


@pytest.mark.parametrize("module", sorted(REMOVED_IN_0_2))
def test_the_names_removed_in_0_2_are_gone(module):
    mod = importlib.import_module(f"pitch13.{module}")
    assert [name for name in REMOVED_IN_0_2[module].split() if hasattr(mod, name)] == []


def test_typing_resolves_every_public_annotation():
    """typing.get_type_hints (as cattrs, pydantic, typeguard and attrs.resolve_types call it)
    resolves the annotations of every public class, method and function: each name they use is
    found in the module the object reports, the type checker's alone (a state's Slot) are not
    left for it to find."""
    failed = []
    seen: set[int] = set()
    for module in ["pitch13", *(f"pitch13.{m}" for m in PUBLIC_MODULES if m != "adapters")]:
        mod = importlib.import_module(module)
        for name in mod.__all__:
            obj = getattr(mod, name)
            if id(obj) in seen or not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            seen.add(id(obj))
            targets = [(f"{module}.{name}", obj)]
            if inspect.isclass(obj):
                for member, value in vars(obj).items():
                    function = (
                        value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                    )
                    if inspect.isfunction(function) and (not member.startswith("_") or member == "__init__"):
                        targets.append((f"{module}.{name}.{member}", function))
            for label, target in targets:
                try:
                    typing.get_type_hints(target)
                except Exception as error:  # each failure is listed
                    failed.append(f"{label}: {type(error).__name__}: {error}")
    assert len(seen) > 150
    assert not failed, failed


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


# The entries of src/pitch13, a module or a folder each, in layers: data flows one way, and a
# module never imports from an entry to its right, nor from one of its own layer. The private
# folders hold the layers a newcomer reads the library by: _base (helpers that import nothing
# of pitch13), _core (the compact state and its kernels), _info (what a seat knows); reading
# and writing documents (checked JSON, the records' text grammar) is in records, the players'
# internals in bots, the commands' in cli.
LAYERS = [
    {"_base"},
    {"cards", "documents", "rules"},
    {"actions", "scoring"},
    {"errors", "events"},
    {"_core"},
    {"state", "trumps"},
    {"engine"},
    {"records", "bench"},
    {"_info"},
    {"seen"},
    {"narration", "views"},
    {"encoding", "sampling"},
    {"bots", "testing"},
    {"analysis"},
    {"adapters", "arena", "simulate"},
    {"cli"},
    {"__main__"},
]


def _imported(tree, *, for_typing=False):
    """The pitch13 modules a module imports, dotted below ``pitch13`` (``_core.history``).

    ``from pitch13._core import history`` counts as ``_core.history``, ``from pitch13 import
    views`` as ``views``. Imports for type checking only (under ``if TYPE_CHECKING:``) count only
    ``for_typing``.
    """
    if not for_typing:
        tree = copy.deepcopy(tree)
        for block in ast.walk(tree):
            if (
                isinstance(block, ast.If)
                and isinstance(block.test, ast.Name)
                and block.test.id == "TYPE_CHECKING"
            ):
                block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pitch13":
            below = node.module.split(".")[1:]
            for alias in node.names:
                as_module = SRC.joinpath(*below, alias.name)
                if as_module.with_suffix(".py").is_file() or (as_module / "__init__.py").is_file():
                    yield ".".join([*below, alias.name])
                elif below:
                    yield ".".join(below)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pitch13."):
                    yield alias.name.removeprefix("pitch13.")


def _modules():
    """Every module of the package but its root, dotted below ``pitch13``, with its syntax tree."""
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts != ("__init__",):
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            yield name, ast.parse(path.read_text(encoding="utf-8"))


def test_the_package_lists_at_most_thirty_entries_each_in_a_layer():
    """The public modules and packages, three private layers, and the package's own three files."""
    entries = {path.name.removesuffix(".py") for path in SRC.iterdir() if path.name != "__pycache__"}
    assert len(entries) <= 30, sorted(entries)
    assert sorted(e for e in entries if e.startswith("_") and not e.startswith("__")) == [
        "_base",
        "_core",
        "_info",
    ]
    placed = {entry for layer in LAYERS for entry in layer}
    assert entries - {"__init__", "py.typed"} == placed


def test_no_module_is_over_800_lines():
    """A module a maintainer can read whole: the longest split by job (records' text grammar and checked JSON in records/)."""
    long = {
        path.relative_to(SRC).as_posix(): n
        for path in SRC.rglob("*.py")
        if (n := len(path.read_text("utf-8").splitlines())) > 800
    }
    assert long == {}


def test_modules_import_only_from_the_layers_to_their_left():
    rank = {entry: i for i, layer in enumerate(LAYERS) for entry in layer}
    for name, tree in _modules():
        here = name.split(".")[0]
        for target in _imported(tree):
            there = target.split(".")[0]
            if there != here:
                assert rank[there] < rank[here], f"{name} imports {target}"


def test_no_import_cycle_even_for_the_type_checker():
    """Counting the imports made for type checking only, the modules still import one another one way.

    The package's root re-exports everything (and names its deprecated names for type checkers),
    so it is left out: no module of the package imports it.
    """
    graph = {
        name: {t for t in _imported(tree, for_typing=True) if t != name}
        for name, tree in _modules()
        if name != "__init__"
    }
    state: dict[str, int] = {}

    def visit(name, path):
        assert state.get(name) != 1, f"import cycle: {' -> '.join([*path, name])}"
        if name not in state:
            state[name] = 1
            for target in graph.get(name, ()):
                visit(target, (*path, name))
            state[name] = 2

    for name in graph:
        visit(name, ())


def test_no_folder_has_an_import_cycle_inside():
    """Inside a folder, the modules import one another one way; with the layers, no cycle at all."""
    graph: dict[str, set[str]] = {}
    for name, tree in _modules():
        graph[name] = {t for t in _imported(tree) if t.split(".")[0] == name.split(".")[0] and t != name}
    done: set[str] = set()

    def visit(name, path):
        assert name not in path, f"import cycle: {' -> '.join([*path, name])}"
        if name not in done:
            for target in graph.get(name, ()):
                visit(target, (*path, name))
            done.add(name)

    for name in graph:
        visit(name, ())
    # The two packages whose root must stay light import nothing of their own modules.
    assert graph["adapters"] == set(), "importing pitch13.adapters imports no framework"
    assert "testing.soak" not in graph["testing"], "the testing kit imports nothing of its own commands"


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


# --- the root and its deprecated names -----------------------------------------------------------

#: What the package's root holds: what a program that embeds the game needs.
ROOT = {
    # the engine and the state
    "new_game", "legal_actions", "apply", "why_illegal", "GameState", "Phase", "HistoryEntry",
    "HandResult", "Outcome", "Termination", "Trick", "PointCard", "team_of",
    # rules, cards, actions
    "Rules", "Card", "Suit", "Rank", "DECK", "BLACK_JOKER", "RED_JOKER", "parse_cards",
    "Action", "SeatAction", "Pass", "Bid", "NameTrump", "Discard", "Take", "TurnUp", "GiveUp",
    "Reject", "Stop", "Play", "Deal", "PASS", "STOP", "TURN_UP", "REJECT", "parse_action",
    "shuffled_deck", "new_seed", "seed_commitment",
    # views and sampling
    "SeatView", "ViewDelta", "view", "spectator_view", "view_delta", "Place", "PlaceInfo",
    "sample_state",
    # records and documents
    "GameRecord", "HandRecord", "replay", "state_to_json", "state_from_json", "state_to_dict",
    "state_from_dict",
    # errors
    "IllegalActionError", "IllegalReason", "ActionParseError", "CardParseError", "DocumentError",
    "RulesError", "SamplingError", "BotError", "BotFailedError", "GameTooLongError", "FairnessError",
    "__version__",
}  # fmt: skip


def test_the_root_holds_what_an_embedding_program_needs():
    assert set(pitch13.__all__) == ROOT


#: The names that left the root: deprecated there in 0.2, gone in 0.3; the module each lives in.
MOVED = {
    "AllPass": "pitch13.rules",
    "AuctionWon": "pitch13.events",
    "Bot": "pitch13.bots",
    "CardRejected": "pitch13.events",
    "DeadCardsDiscarded": "pitch13.events",
    "DealSeen": "pitch13.seen",
    "DeuceTo": "pitch13.rules",
    "Event": "pitch13.events",
    "GameOver": "pitch13.events",
    "GiveUpSeen": "pitch13.seen",
    "HandDealt": "pitch13.events",
    "HandEndedEarly": "pitch13.events",
    "HandScored": "pitch13.events",
    "HandThrownIn": "pitch13.events",
    "JokerOrder": "pitch13.rules",
    "LeadFallback": "pitch13.rules",
    "LookTake": "pitch13.rules",
    "MadeBidScores": "pitch13.rules",
    "MoonFailure": "pitch13.rules",
    "MoonSuccess": "pitch13.rules",
    "Pickup": "pitch13.rules",
    "PublicItem": "pitch13.seen",
    "RandomBot": "pitch13.bots",
    "RefillSeen": "pitch13.seen",
    "Refilled": "pitch13.events",
    "RejectSeen": "pitch13.seen",
    "SeatOut": "pitch13.events",
    "SeenEntry": "pitch13.seen",
    "SeenItem": "pitch13.seen",
    "ShortStock": "pitch13.rules",
    "SimpleBot": "pitch13.bots",
    "StockDiscarded": "pitch13.events",
    "StockHandedOver": "pitch13.events",
    "TargetRule": "pitch13.rules",
    "ThrowInReason": "pitch13.events",
    "TrickWon": "pitch13.events",
    "TurnUpSeen": "pitch13.seen",
    "card_points": "pitch13.trumps",
    "is_trump": "pitch13.trumps",
    "play_game": "pitch13.bots",
    "seen_history": "pitch13.seen",
    "trump_order": "pitch13.trumps",
    "trump_power": "pitch13.trumps",
}


@pytest.mark.parametrize("name", sorted(MOVED))
def test_a_name_that_left_the_root_is_gone_and_says_where_it_is_now(name):
    module = MOVED[name]
    says = rf"^module 'pitch13' has no attribute '{name}': it left pitch13's root in 0\.3; import it from {module}$"
    with pytest.raises(AttributeError, match=says):
        getattr(pitch13, name)
    assert not hasattr(pitch13, name)
    assert name not in pitch13.__all__
    assert name in importlib.import_module(module).__all__


def test_from_import_of_a_name_that_left_the_root_fails():
    with pytest.raises(ImportError, match="cannot import name 'SimpleBot' from 'pitch13'"):
        from pitch13 import SimpleBot  # noqa: F401 - the import is what is tested


def test_a_name_the_root_never_had_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        pitch13.nonsense  # noqa: B018 - the lookup is what is tested
    with pytest.raises(AttributeError, match=r"^module 'pitch13' has no attribute 'new_gaem'$"):
        pitch13.new_gaem()
    with pytest.raises(ImportError, match="cannot import name 'Rulez' from 'pitch13'"):
        from pitch13 import Rulez  # noqa: F401 - the import is what is tested


def _root_tree():
    return ast.parse((SRC / "__init__.py").read_text(encoding="utf-8"))


def test_type_checkers_do_not_see_the_roots_getattr():
    """A module's ``__getattr__`` makes any name of it type-check, so the root defines its own, which
    says where a name that left it went, only where ``TYPE_CHECKING`` is false."""
    tree = _root_tree()
    assert not [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    [block] = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "not TYPE_CHECKING" and not node.orelse
    ]
    assert [node.name for node in block.body if isinstance(node, ast.FunctionDef)] == ["__getattr__"]
    [table] = [
        node
        for node in tree.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "_MOVED"
    ]
    assert ast.literal_eval(table.value) == MOVED


def test_importing_the_package_needs_nothing_but_attrs():
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import pitch13\n"
        "found = {name.split('.')[0] for name in set(sys.modules) - before}\n"
        "print(' '.join(sorted(found - set(sys.stdlib_module_names))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["attr", "attrs", "pitch13"]


def _private_names_imported(tree, path):
    """Each ``from pitch13.x import _name`` and ``pitch13.x._name`` whose ``_name`` is not a module."""
    modules = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pitch13":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if importlib.util.find_spec(node.module) and _is_module(full):
                    modules[alias.asname or alias.name] = full
                elif alias.name.startswith("_") and not alias.name.startswith("__"):
                    yield f"{path}:{node.lineno}: from {node.module} import {alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pitch13":
                    modules[alias.asname or "pitch13"] = (alias.asname and alias.name) or "pitch13"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            chain = [node.attr]
            base = node.value
            while isinstance(base, ast.Attribute):
                chain.append(base.attr)
                base = base.value
            if isinstance(base, ast.Name) and base.id in modules:
                dotted = ".".join([modules[base.id], *reversed(chain)])
                if not _is_module(dotted):
                    yield f"{path}:{node.lineno}: {dotted}"


def _is_module(dotted):
    try:
        return importlib.util.find_spec(dotted) is not None
    except ImportError:  # a parent is missing, or needs an extra not installed (pitch13.adapters)
        return False


def test_no_module_imports_another_modules_private_names():
    """Private helpers stay in their module: nothing imports a ``_name`` of another module (a
    ``_``-prefixed module's public names are how the package's modules share helpers)."""
    root = SRC.parent.parent
    paths = [
        p
        for folder in ("src", "tests", "examples", "benchmarks", "fuzz")
        for p in (root / folder).rglob("*.py")
    ]
    assert len(paths) > 40
    found = [
        hit
        for path in paths
        for hit in _private_names_imported(ast.parse(path.read_text(encoding="utf-8")), path)
    ]
    assert not found, found


def test_internal_code_imports_only_public_names_from_public_modules():
    """Private helpers live in ``_``-prefixed modules: what one module of pitch13 imports from a
    public module is in that module's ``__all__`` (or is one of its submodules)."""
    found = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module):
                continue
            parts = node.module.split(".")
            if parts[0] != "pitch13" or any(part.startswith("_") for part in parts):
                continue
            module = importlib.import_module(node.module)
            public = set(getattr(module, "__all__", ()))
            for alias in node.names:
                if alias.name not in public and not _is_module(f"{node.module}.{alias.name}"):
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}: {node.module}.{alias.name}")
    assert not found, found


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_public_modules_hold_only_their_public_names_and_what_they_import(name):
    """Nothing is defined in a public module under a public-looking name it does not export."""
    module = importlib.import_module(f"pitch13.{name}")
    public = set(module.__all__)
    tree = ast.parse(pathlib.Path(module.__file__).read_text(encoding="utf-8"))
    defined = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Assign):
            defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.add(node.target.id)
    loose = sorted(n for n in defined - public if not n.startswith("_"))
    assert not loose, f"pitch13.{name} defines {loose} outside its __all__"


def test_the_purpose_modules_are_reached_from_the_package_after_import_pitch13():
    code = (
        "import pitch13\n"
        "print(pitch13.trumps.trump_order(pitch13.Suit.HEARTS)[0], pitch13.events.SeatOut(1),"
        " pitch13.seen.seen_history(pitch13.new_game(seed=1), 0)[0], pitch13.rules.JokerOrder.FIXED.value)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split()[0] == "AH"
    assert "fixed" in out


# --- public objects live, and pickle, under public modules ------------------------------------


def _listed_objects():
    """Every class and function of a public module's ``__all__``, with where it is listed."""
    for name in ["pitch13", *(f"pitch13.{m}" for m in PUBLIC_MODULES if m != "adapters")]:
        module = importlib.import_module(name)
        for attr in module.__all__:
            obj = getattr(module, attr)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                yield f"{name}.{attr}", obj


def test_public_objects_report_a_public_module_that_holds_them():
    """``Place`` is defined in a private module but reports ``pitch13.views``, where it is public."""
    offenders = []
    for listed, obj in _listed_objects():
        home = obj.__module__
        if any(part.startswith("_") for part in home.split(".")) or (
            getattr(importlib.import_module(home), obj.__qualname__, None) is not obj
        ):
            offenders.append(f"{listed} reports {home}")
    assert offenders == []
    assert pitch13.Place.__module__ == pitch13.PlaceInfo.__module__ == "pitch13.views"


def test_pickles_of_public_values_name_only_public_modules():
    """A pickled view (its places included), state or record can be read by any later version."""
    import pickle
    import re

    state = pitch13.new_game(seed=5)
    rng = random.Random(5)
    while state.hand_number == 1:
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
    seat_view = pitch13.view(state, 0)
    assert seat_view.places  # the view's places are built, and pickled, too
    for value in (seat_view, state, pitch13.GameRecord.from_state(state), seat_view.places):
        data = pickle.dumps(value)
        assert pickle.loads(data) == value
        named = set(re.findall(rb"pitch13[\w.]*", data))
        assert named and not {m for m in named if b"._" in m}, named
