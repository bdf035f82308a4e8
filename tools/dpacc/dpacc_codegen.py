"""dpacc: the generated sources — device unpack wrappers, host stubs and pack functions, and
the host registration of the application (see dpacc's docstring for the pipeline)."""
import json
from pathlib import Path

UNPACK_PREFIX = "__dpacc_unpack_"
PACK_PREFIX = "__dpacc_pack_"
ARGBUF_PREFIX = "__dpacc_argbuf_size_"


def device_wrapper_source(source, functions):
    """The source itself, then one unpack wrapper per annotated function (statics included).
    A wrapper sends the text its function left in the stdout/stderr line buffers (libflexio_dev)
    once the function returns, as the invocation ends there."""
    out = [f'#include "{Path(source).resolve()}"', "#include <stdint.h>", "",
           "void __flexio_dev_flush_stdio(void);", ""]
    for fn in functions:
        args = []
        for i, (written, _) in enumerate(fn.params):
            cast = f"({written})(uintptr_t)" if fn.slot_kind(i) == "pointer" else f"({written})"
            args.append(f"{cast}slot[{i}]")
        call = f"((__typeof__(&{fn.name}))func)({', '.join(args)})"
        body = f"{call};" if fn.returns_void else f"result = (uint64_t)(uintptr_t){call};"
        out += [f"uint64_t {UNPACK_PREFIX}{fn.name}(void *argbuf, void *func) __attribute__((used));",
                f"uint64_t {UNPACK_PREFIX}{fn.name}(void *argbuf, void *func)", "{",
                "\tconst uint64_t *slot = (const uint64_t *)argbuf;", "\tuint64_t result = 0;", "",
                "\t(void)slot;", f"\t{body}", "\t__flexio_dev_flush_stdio();", "\treturn result;", "}", ""]
    return "\n".join(out)


def host_functions_source(functions):
    """Stubs (handles named like the device functions), pack functions and argument-buffer sizes."""
    out = ["#include <stdarg.h>", "#include <stddef.h>", "#include <stdint.h>", ""]
    va_type = {"signed": "int", "unsigned": "unsigned int", "wide": "uint64_t", "pointer": "uint64_t"}
    for fn in functions:
        # A stub in assembly: a distinct function that no optimiser folds into another one.
        out.append(f'__asm__(".text\\n.globl {fn.name}\\n.type {fn.name}, @function\\n{fn.name}:\\n'
                   f'\\tret\\n.size {fn.name}, .-{fn.name}\\n");')
        out += [f"const size_t {ARGBUF_PREFIX}{fn.name} = {8 * len(fn.params)};",
                f"void {PACK_PREFIX}{fn.name}(void *argbuf, va_list ap);",
                f"void {PACK_PREFIX}{fn.name}(void *argbuf, va_list ap)", "{",
                "\tuint64_t *slot = (uint64_t *)argbuf;", "", "\t(void)slot;", "\t(void)ap;"]
        for i in range(len(fn.params)):
            kind = fn.slot_kind(i)
            value = f"va_arg(ap, {va_type[kind]})"
            if kind == "signed":
                value = f"(uint64_t)(int64_t){value}"
            elif kind == "unsigned":
                value = f"(uint64_t){value}"
            out.append(f"\tslot[{i}] = {value};")
        out += ["}", ""]
    return "\n".join(out)


def registration_source(app_name, elf_path, names):
    """Embeds the ELF and registers the application and its functions at program start."""
    sym = f"__dpacc_elf_{app_name}"
    incbin = str(elf_path).replace("\\", "\\\\").replace('"', '\\"')
    # The registration uses the current edition's calls, whatever edition the program chose; it
    # announces no version (flexio_version_announce): the program's own sources do.
    out = ["#undef FLEXIO_VER_USED", "#define FLEXIO_NO_VERSION_ANNOUNCE", "#include <libflexio/flexio.h>", "",
           f'__asm__(".section .rodata.{sym}, \\"a\\"\\n.balign 16\\n.globl {sym}_start\\n.hidden {sym}_start\\n'
           f'{sym}_start:\\n.incbin \\"{json.dumps(incbin)[1:-1]}\\"\\n.globl {sym}_end\\n.hidden {sym}_end\\n'
           f'{sym}_end:\\n.previous\\n");',
           f"extern const char {sym}_start[], {sym}_end[];", "",
           f"struct flexio_app *{app_name};", ""]
    for name in names:
        out += [f"extern flexio_func_t {name};", f"extern flexio_func_arg_pack_fn_t {PACK_PREFIX}{name};",
                f"extern const size_t {ARGBUF_PREFIX}{name};"]
    out += ["", f"static void __attribute__((constructor)) {sym}_register(void)", "{",
            "\tstruct flexio_app_attr attr = {", f'\t\t.app_name = "{app_name}",',
            f"\t\t.app_ptr = (void *){sym}_start,", f"\t\t.app_bsize = (size_t)({sym}_end - {sym}_start),",
            "\t};", "", f"\tif (flexio_app_create(&attr, &{app_name}) != FLEXIO_STATUS_SUCCESS)", "\t\treturn;"]
    for name in names:
        out.append(f'\tflexio_func_pup_register({app_name}, "{name}", "{UNPACK_PREFIX}{name}", &{name}, '
                   f"{ARGBUF_PREFIX}{name}, &{PACK_PREFIX}{name});")
    out += ["}", "", f"static void __attribute__((destructor)) {sym}_unregister(void)", "{",
            f"\tif (!{app_name})", "\t\treturn;",
            f"\tflexio_app_destroy({app_name});", f"\t{app_name} = NULL;", "}", ""]
    return "\n".join(out)
