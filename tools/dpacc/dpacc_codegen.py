"""dpacc: the generated sources — device unpack wrappers, host stubs and pack functions, and
the host registration of the application (see dpacc's docstring for the pipeline)."""
import json
from pathlib import Path

from dpacc_records import host_layout_asserts, plain

UNPACK_PREFIX = "__dpacc_unpack_"
# A device library marks a __dpa_global__ function it registers by name itself (DOCA DPA's device
# library: libdoca_dpa does) with a defined symbol of this prefix and the function's name: the
# application does not register it, so the program need not link the library's host archive.
BY_NAME_PREFIX = "__dpacc_by_name_"
PACK_PREFIX = "__dpacc_pack_"
ARGBUF_PREFIX = "__dpacc_argbuf_size_"
RECORD_PREFIX = "__dpacc_record_"


def device_wrapper_source(source, functions):
    """The source itself, then one unpack wrapper per annotated function (statics included).
    A wrapper sends the text its function left in the stdout/stderr line buffers (libflexio_dev)
    once the function returns, as the invocation ends there. Functions need their layout()."""
    out = [f'#include "{Path(source).resolve()}"', "#include <stdint.h>", "",
           "void __flexio_dev_flush_stdio(void);", ""]
    for fn in functions:
        args, decls, copies = [], [], []
        for i, (written, _) in enumerate(fn.params):
            kind, at = fn.slot_kind(i), f"(const unsigned char *)argbuf + {fn.offsets[i]}"
            if kind in ("record", "float", "double"):
                # Its own bytes (a float in the first four of its slot): copied into an object of
                # the parameter's type, which the call then passes as the DPA's psABI says.
                var = f"arg{i}"
                decl = f"__typeof__({plain(written)})" if kind == "record" else kind
                decls.append(f"\t{decl} {var};")
                copies.append(f"\t__builtin_memcpy(&{var}, {at}, sizeof({var}));")
                args.append(var)
            else:
                cast = f"({written})(uintptr_t)" if kind == "pointer" else f"({written})"
                args.append(f"{cast}slot[{fn.offsets[i] // 8}]")
        call = f"((__typeof__(&{fn.name}))func)({', '.join(args)})"
        body = f"{call};" if fn.returns_void else f"result = (uint64_t)(uintptr_t){call};"
        out += [f"uint64_t {UNPACK_PREFIX}{fn.name}(void *argbuf, void *func) __attribute__((used));",
                f"uint64_t {UNPACK_PREFIX}{fn.name}(void *argbuf, void *func)", "{", *decls,
                "\tconst uint64_t *slot = (const uint64_t *)argbuf;", "\tuint64_t result = 0;", "",
                "\t(void)slot;", *copies, f"\t{body}", "\t__flexio_dev_flush_stdio();",
                "\treturn result;", "}", ""]
    return "\n".join(out)


STUB_PREFIX = "__dpacc_stub_"
APP_PREFIX = "__dpacc_app_"


def _labels(section, kind, size, names, body):
    """Top-level assembly defining one object under several labels: the first global, the others
    hidden (global only within the link that includes the object). section: the directives that
    place it (section, alignment)."""
    lines = list(section)
    for i, name in enumerate(names):
        lines += [f".globl {name}"] + ([f".hidden {name}"] if i else []) + [f".type {name}, @{kind}"]
    lines += [f"{name}:" for name in names] + body + [f".size {name}, {size}" for name in names] + [".previous"]
    text = "\\n".join(lines)
    return f'__asm__("{text}\\n");'


def host_functions_source(functions):
    """Stubs (handles named like the device functions), pack functions and argument-buffer sizes.

    Each stub has a second, hidden name (__dpacc_stub_<fn>) by which the registration finds the
    object's own stub: the global name can be bound to another object's definition of it (two
    applications loaded into one process that define one function name, or a C library
    function of that name). Pack functions and sizes are only ever used through the
    registration: hidden. A struct or union parameter is read as a host type with its members
    (dpacc_records), whose layout is asserted to be the DPA's."""
    out = ["#include <stdarg.h>", "#include <stddef.h>", "#include <stdint.h>", "#include <string.h>", ""]
    va_type = {"signed": "int", "unsigned": "unsigned int", "wide": "uint64_t", "pointer": "uint64_t",
               "float": "double", "double": "double"}
    hidden = '__attribute__((visibility("hidden")))'
    for fn in functions:
        # A stub in assembly: a distinct function that no optimiser folds into another one.
        out.append(_labels([".text"], "function", f".-{fn.name}", [fn.name, STUB_PREFIX + fn.name], ["\\tret"]))
        for i, record in sorted(fn.records.items()):
            type_name = f"{RECORD_PREFIX}{fn.name}_{i}"
            out += [f"typedef {record.host_type} {type_name};",
                    *host_layout_asserts(type_name, fn.name, i, record)]
        out += [f"{hidden} const size_t {ARGBUF_PREFIX}{fn.name} = {fn.argbuf_size};",
                f"{hidden} void {PACK_PREFIX}{fn.name}(void *argbuf, va_list ap);",
                f"void {PACK_PREFIX}{fn.name}(void *argbuf, va_list ap)", "{",
                "\tunsigned char *buf = (unsigned char *)argbuf;", "", "\t(void)buf;", "\t(void)ap;"]
        for i in range(len(fn.params)):
            kind, at = fn.slot_kind(i), f"buf + {fn.offsets[i]}"
            if kind == "record":
                type_name = f"{RECORD_PREFIX}{fn.name}_{i}"
                out += ["\t{", f"\t\t{type_name} value = va_arg(ap, {type_name});", "",
                        f"\t\tmemcpy({at}, &value, sizeof(value));", "\t}"]
                continue
            value = f"va_arg(ap, {va_type[kind]})"
            if kind == "signed":
                value = f"(uint64_t)(int64_t){value}"
            elif kind == "unsigned":
                value = f"(uint64_t){value}"
            elif kind == "float":
                value = f"(float){value}"  # promoted to double by the call; the DPA reads a float
            stored = kind if kind in ("float", "double") else "uint64_t"
            out += ["\t{", f"\t\t{stored} value = {value};", "", f"\t\tmemcpy({at}, &value, sizeof(value));", "\t}"]
        out += ["}", ""]
    return "\n".join(out)


# The registration of each device function (static: one copy in each application's object).
REGISTER_FUNC = r"""
/*
 * Registers a device function under its own stub, and also under the address the name has in the
 * program when that is another one: a non-PIE executable's canonical PLT entry for a stub of a
 * shared object, or another object's definition of the name found first (what code of this link
 * unit that takes &name gets). own is NULL for a library's host archive of an older dpacc.
 */
static void __dpacc_register_func(struct flexio_app *app, const char *name, const char *unpack_name,
				  flexio_func_t *own, flexio_func_t *global, size_t argbuf_size,
				  flexio_func_arg_pack_fn_t *pack)
{
	if (own)
		flexio_func_pup_register(app, name, unpack_name, own, argbuf_size, pack);
	if (global != own)
		flexio_func_pup_register(app, name, unpack_name, global, argbuf_size, pack);
}
"""


def registration_source(app_name, elf_path, names, own_names):
    """Embeds the ELF and registers the application and its functions at program start.

    names: the device functions to register; own_names: those whose stubs this object defines
    (host_functions_source), the others being a device library's (its host archive).
    The application's variable `struct flexio_app *APP` has a hidden second name too, for the
    same reason as the stubs: the constructor and destructor use the object's own."""
    sym = f"__dpacc_elf_{app_name}"
    own_app = APP_PREFIX + app_name
    incbin = str(elf_path).replace("\\", "\\\\").replace('"', '\\"')
    hidden = '__attribute__((visibility("hidden")))'
    # The registration uses the current edition's calls, whatever edition the program chose; it
    # announces no version (flexio_version_announce): the program's own sources do.
    out = ["#undef FLEXIO_VER_USED", "#define FLEXIO_NO_VERSION_ANNOUNCE", "#include <libflexio/flexio.h>", "",
           f'__asm__(".section .rodata.{sym}, \\"a\\"\\n.balign 16\\n.globl {sym}_start\\n.hidden {sym}_start\\n'
           f'{sym}_start:\\n.incbin \\"{json.dumps(incbin)[1:-1]}\\"\\n.globl {sym}_end\\n.hidden {sym}_end\\n'
           f'{sym}_end:\\n.previous\\n");',
           f"extern const char {sym}_start[], {sym}_end[];", "",
           # The global names are reached through assembler names: a C declaration of them could
           # clash with a header's (a device function `index`, an application `send`).
           _labels([".bss", ".balign 8"], "object", 8, [app_name, own_app], [".zero 8"]),
           f"extern struct flexio_app *{own_app} {hidden};",
           f'extern struct flexio_app *__dpacc_global_{app_name} __asm__("{app_name}");', ""]
    for name in names:
        weak = "" if name in own_names else "weak, "
        out += [f'extern flexio_func_t {STUB_PREFIX}{name} __attribute__(({weak}visibility("hidden")));',
                f'extern flexio_func_t __dpacc_global_{name} __asm__("{name}");',
                f"extern flexio_func_arg_pack_fn_t {PACK_PREFIX}{name} {hidden};",
                f"extern const size_t {ARGBUF_PREFIX}{name} {hidden};"]
    out += [REGISTER_FUNC, f"static void __attribute__((constructor)) {sym}_register(void)", "{",
            "\tstruct flexio_app_attr attr = {", f'\t\t.app_name = "{app_name}",',
            f"\t\t.app_ptr = (void *){sym}_start,", f"\t\t.app_bsize = (size_t)({sym}_end - {sym}_start),",
            "\t};", "", f"\tif (flexio_app_create(&attr, &{own_app}) != FLEXIO_STATUS_SUCCESS)", "\t\treturn;",
            "\t/* An executable that links this object as a shared library reads its own copy of the",
            "\t * variable (a copy relocation): it gets the application too. Another object's variable",
            "\t * of the name, found first, holds that object's application: it keeps it. */",
            f"\tif (&__dpacc_global_{app_name} != &{own_app} && !__dpacc_global_{app_name})",
            f"\t\t__dpacc_global_{app_name} = {own_app};"]
    for name in names:
        out.append(f'\t__dpacc_register_func({own_app}, "{name}", "{UNPACK_PREFIX}{name}", &{STUB_PREFIX}{name}, '
                   f"&__dpacc_global_{name}, {ARGBUF_PREFIX}{name}, &{PACK_PREFIX}{name});")
    out += ["}", "", f"static void __attribute__((destructor)) {sym}_unregister(void)", "{",
            f"\tif (!{own_app})", "\t\treturn;",
            f"\tif (&__dpacc_global_{app_name} != &{own_app} && __dpacc_global_{app_name} == {own_app})",
            f"\t\t__dpacc_global_{app_name} = NULL;",
            f"\tflexio_app_destroy({own_app});", f"\t{own_app} = NULL;", "}", ""]
    return "\n".join(out)
