"""Every public name of the package has a docstring: the modules, what their __all__ (or their
public attributes) names, and each public method, property, classmethod and staticmethod a
class of the package defines (data attributes and enum members are values, not API)."""
import inspect
import types

import flexio
import flexio.capi
import flexio.timeline


def _own_doc(obj) -> bool:
    doc = obj.__dict__.get("__doc__") if inspect.isclass(obj) else getattr(obj, "__doc__", None)
    return bool(doc and doc.strip())


def public_names(*modules):
    """(qualified name, object) of every public name of the modules, recursing into classes."""
    for mod in modules:
        yield mod.__name__, mod
        names = getattr(mod, "__all__", None) or [n for n in vars(mod) if not n.startswith("_")]
        for name in names:
            obj = getattr(mod, name)
            if inspect.ismodule(obj):
                continue
            if (inspect.isclass(obj) or inspect.isfunction(obj)) and not obj.__module__.startswith("flexio"):
                continue  # imported from elsewhere (typing, cffi...)
            if not (inspect.isclass(obj) or inspect.isroutine(obj) or isinstance(obj, types.SimpleNamespace)):
                continue  # constants (API_VERSION), cffi's ffi
            yield f"{mod.__name__}.{name}", obj
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if isinstance(value, (staticmethod, classmethod)):
                        value = value.__func__
                    if isinstance(value, property) or inspect.isfunction(value):
                        yield f"{mod.__name__}.{name}.{attr}", value


def undocumented(*modules):
    return [name for name, obj in public_names(*modules) if not _own_doc(obj)]


def test_every_public_name_has_a_docstring():
    missing = undocumented(flexio, flexio.capi, flexio.timeline)
    assert not missing, "public names without a docstring:\n  " + "\n  ".join(missing)


def test_the_walk_finds_what_lacks_one():
    mod = types.ModuleType("flexio_walk_probe", "A module.")

    class Documented:
        """A class."""

        def method(self):
            pass

        @property
        def prop(self):
            """A property."""

        @classmethod
        def make(cls):
            pass

    def bare():
        pass

    Documented.__module__ = bare.__module__ = "flexio_walk_probe"
    mod.Documented, mod.bare = Documented, bare
    assert undocumented(mod) == ["flexio_walk_probe.Documented.method", "flexio_walk_probe.Documented.make",
                                 "flexio_walk_probe.bare"]
