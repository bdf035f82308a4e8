"""Every public name of opendoca has a docstring: the package, opendoca.capi, what __all__ names,
and the public methods and properties of its classes (enum members are values, not API)."""
import inspect

import opendoca
import opendoca.capi


def test_every_public_name_is_documented():
    missing = [m.__name__ for m in (opendoca, opendoca.capi) if not (m.__doc__ or "").strip()]
    for name in opendoca.__all__:
        obj = getattr(opendoca, name)
        if not (inspect.isclass(obj) or inspect.isroutine(obj)):
            continue  # RELEASE
        if not (obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__):
            missing.append(name)
        for attr, value in vars(obj).items() if inspect.isclass(obj) else ():
            if attr.startswith("_"):
                continue
            value = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
            if (isinstance(value, property) or inspect.isfunction(value)) and not (value.__doc__ or "").strip():
                missing.append(f"{name}.{attr}")
    assert not missing, f"without a docstring: {missing}"
