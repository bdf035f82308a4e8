/**
 * @file
 * @brief OpenFlexIO — <stdio.h> of flexio-libc: standard IO facilities for DPA programs.
 *
 * flexio-libc is derived from picolibc; OpenFlexIO's device runtime links
 * picolibc 1.8 (Debian's picolibc-riscv64-unknown-elf, rv64imac/lp64 multilib)
 * as its implementation.  Everything this header defines is therefore
 * ABI-identical to picolibc 1.8's <stdio.h> for RV64: the layout of struct
 * __file (checked below), the flag values, the stream macros and the function
 * prototypes.  It uses the same include guard (_STDIO_H_), so whichever of the
 * two headers a translation unit sees first is the one in effect.
 *
 * Only device I/O exists: there are no files and no fopen().  A stream is a
 * FILE whose put() (and get(), flush()) functions talk to a device; set one up
 * with fdevopen() (needs malloc) or, without malloc, with FDEV_SETUP_STREAM() /
 * fdev_setup_stream() on a FILE you provide (put, get, flush and the flags).  Characters go to put() as they
 * are (no "\n" -> "\r\n" translation).
 *
 * The standard streams stdin, stdout and stderr are NOT pre-initialized: they
 * are global FILE pointers the application (or the device runtime) defines and
 * sets.  stderr is the same stream as stdout unless assigned.
 *
 * Formatted output (the printf family, all through vfprintf()): flags "# 0 - +"
 * and space, field width and precision (at most 255 each), length modifiers l
 * and h (hh is treated as h; ll and "*" widths are not supported and abort the
 * output), conversions d i o u x X p c s %.  Floating-point conversions are not
 * supported in flexio-libc.
 *
 * Example (see the reference manual):
 *
 *     static int dev_putchar(char c, FILE *stream);
 *     static FILE mystdout = FDEV_SETUP_STREAM(dev_putchar, NULL, NULL, _FDEV_SETUP_WRITE);
 *     ...
 *     stdout = &mystdout;
 *     printf("Hello, world!\n");
 */
#ifndef _STDIO_H_
#define _STDIO_H_ 1
#define OPENFLEXIO_LIBC_STDIO_H 1 /**< Defined: this is flexio-libc's <stdio.h> (not picolibc's). */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <libflexio-libc/inttypes.h>

/* ------------------------------------------------------------------------ */
/* Streams                                                                   */
/* ------------------------------------------------------------------------ */

/*
 * The ungetc() buffer type.  picolibc 1.8 for RISC-V is built with
 * ATOMIC_UNGETC, which makes it 32 bits (4-byte atomic swap).
 */
#ifndef __PICOLIBC_UNGETC_SIZE
#define __PICOLIBC_UNGETC_SIZE 4 /**< Size in bytes of the ungetc() buffer type. */
#endif
#if __PICOLIBC_UNGETC_SIZE == 4
typedef uint32_t __ungetc_t; /**< @brief The ungetc() buffer type. @since 24.01 */
#else
typedef uint16_t __ungetc_t; /**< @brief The ungetc() buffer type. @since 24.01 */
#endif

/**
 * @brief A stream: the structure passed between the standard IO functions.
 * Treat it as opaque beyond what FDEV_SETUP_STREAM() / fdev_setup_stream() set.
 * @since 24.01
 */
struct __file {
	__ungetc_t unget;                     /**< ungetc() buffer. */
	uint8_t flags;                        /**< __SRD, __SWR, __SERR, __SEOF, ... */
	int (*put)(char, struct __file *);    /**< Writes one character to the device. */
	int (*get)(struct __file *);          /**< Reads one character from the device. */
	int (*flush)(struct __file *);        /**< Flushes output to the device (optional). */
};

/* Stream flags (struct __file::flags). */
#define __SRD 0x0001    /**< OK to read. */
#define __SWR 0x0002    /**< OK to write. */
#define __SERR 0x0004   /**< Found an error. */
#define __SEOF 0x0008   /**< Found EOF. */
#define __SCLOSE 0x0010 /**< The stream has a close function (picolibc struct __file_close). */
#define __SEXT 0x0020   /**< The stream is a picolibc struct __file_ext. */
#define __SBUF 0x0040   /**< The stream is a picolibc buffered stream. */

/**
 * @brief A stream with a close function, called by fclose() when flags has __SCLOSE.
 * @since 24.10
 */
struct __file_close {
	struct __file file;              /**< The stream. */
	int (*close)(struct __file *);   /**< Closes the device. */
};

/**
 * @brief The stream type.
 * @since 24.01
 */
typedef struct __file __FILE;
#if !defined(__FILE_defined)
typedef __FILE FILE; /**< @brief The stream type. @since 24.01 */
#define __FILE_defined /**< Defined: FILE is declared. */
#endif

/** @cond INTERNAL */
/* picolibc 1.8, RV64 (lp64): unget 0, flags 4, put 8, get 16, flush 24; 32 bytes. */
#ifdef __cplusplus
static_assert(sizeof(struct __file) == 4 * sizeof(void *), "struct __file matches picolibc 1.8");
static_assert(offsetof(struct __file, flags) == sizeof(__ungetc_t), "struct __file matches picolibc 1.8");
static_assert(offsetof(struct __file, put) == sizeof(void *), "struct __file matches picolibc 1.8");
static_assert(offsetof(struct __file, flush) == 3 * sizeof(void *), "struct __file matches picolibc 1.8");
#else
/* __extension__: silent under -std=c99 -Wpedantic, as NVIDIA's stdio.h (no such checks) is. */
__extension__ _Static_assert(sizeof(struct __file) == 4 * sizeof(void *), "struct __file matches picolibc 1.8");
__extension__ _Static_assert(offsetof(struct __file, flags) == sizeof(__ungetc_t), "struct __file matches picolibc 1.8");
__extension__ _Static_assert(offsetof(struct __file, put) == sizeof(void *), "struct __file matches picolibc 1.8");
__extension__ _Static_assert(offsetof(struct __file, flush) == 3 * sizeof(void *), "struct __file matches picolibc 1.8");
#endif
/** @endcond */

/**
 * @brief Defined: stdin, stdout and stderr are global variables (not the old __iob array).
 * @since 24.01
 */
#define PICOLIBC_STDIO_GLOBALS

/**
 * @brief Value returned by the stdio functions on error (and at end of input).
 * @since 24.01
 */
#define EOF (-1)

/**
 * @brief fdev_setup_stream() / FDEV_SETUP_STREAM() with read intent.
 * @since 24.10
 */
#define _FDEV_SETUP_READ __SRD
/**
 * @brief fdev_setup_stream() / FDEV_SETUP_STREAM() with write intent.
 * @since 24.10
 */
#define _FDEV_SETUP_WRITE __SWR
/**
 * @brief fdev_setup_stream() / FDEV_SETUP_STREAM() with read/write intent.
 * @since 24.10
 */
#define _FDEV_SETUP_RW (__SRD | __SWR)

/**
 * @brief Return code of a device get() function: an error occurred.
 * @since 24.10
 */
#define _FDEV_ERR (-1)
/**
 * @brief Return code of a device get() function: end of file.
 * @since 24.10
 */
#define _FDEV_EOF (-2)

/**
 * @brief Initializer of a user-supplied FILE.
 * Unused hooks are NULL.
 * @param p The put() hook.
 * @param g The get() hook.
 * @param fl The flush() hook.
 * @param f The intent: _FDEV_SETUP_READ, _FDEV_SETUP_WRITE or _FDEV_SETUP_RW.
 * @since 24.01
 */
#define FDEV_SETUP_STREAM(p, g, fl, f) { 0, (uint8_t)(f), (p), (g), (fl) }

/**
 * @brief Sets up a user-supplied FILE at run time, like FDEV_SETUP_STREAM().
 * The standard streams are not assigned.
 * @param stream The FILE.
 * @param p The put() hook.
 * @param g The get() hook.
 * @param fl The flush() hook.
 * @param f The intent: _FDEV_SETUP_READ, _FDEV_SETUP_WRITE or _FDEV_SETUP_RW.
 * @since 24.01
 */
#define fdev_setup_stream(stream, p, g, fl, f)                                                 \
	do {                                                                                   \
		(stream)->flags = (f);                                                         \
		(stream)->put = (p);                                                           \
		(stream)->get = (g);                                                           \
		(stream)->flush = (fl);                                                        \
	} while (0)

/**
 * @brief Releases what the library holds for a stream set up with FDEV_SETUP_STREAM() / fdev_setup_stream().
 * It flushes the stream; call it before destroying the FILE.  Do not fclose() such streams.
 * @param f The stream.
 * @return What fflush() returns.
 * @since 24.10
 */
#define fdev_close(f) (fflush(f))

/* ------------------------------------------------------------------------ */
/* Format checking                                                           */
/* ------------------------------------------------------------------------ */

/**
 * @brief Compiler format checking of a printf/scanf-like function.
 * (The manual attaches the documentation of vfprintf(), summarized at the top
 * of this header, to it.)
 * @param __a The archetype (printf or scanf).
 * @param __s The position of the format argument.
 * @param __f The position of the first checked argument (0: a va_list).
 * @since 24.10
 */
#ifndef __FORMAT_ATTRIBUTE__
#define __FORMAT_ATTRIBUTE__(__a, __s, __f) __attribute__((__format__(__a, __s, __f)))
#endif
/**
 * @brief printf-like format checking.
 * @param __s The position of the format argument.
 * @param __f The position of the first checked argument (0: a va_list).
 * @since 24.10
 */
#ifndef __PRINTF_ATTRIBUTE__
#define __PRINTF_ATTRIBUTE__(__s, __f) __FORMAT_ATTRIBUTE__(printf, __s, __f)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Standard streams                                                          */
/* ------------------------------------------------------------------------ */

/**
 * @brief The input stream of the functions without a stream argument.  Defined by the application.
 * @since 24.10
 */
extern FILE *const stdin;

/**
 * @brief The output stream of printf(), puts(), putchar() ...  Defined (and set) by the application.
 * @since 24.10
 */
extern FILE *stdout;

/**
 * @brief The error output stream; the same as stdout unless assigned.  Defined by the application.
 * @since 24.10
 */
extern FILE *const stderr;

/* ------------------------------------------------------------------------ */
/* Opening and closing                                                       */
/* ------------------------------------------------------------------------ */

/**
 * @brief Allocates (with malloc) a stream using device functions.
 * The first stream opened for reading becomes stdin, the first opened for
 * writing stdout and stderr.
 * @param __put The put() hook (write intent when not NULL).
 * @param __get The get() hook (read intent when not NULL).
 * @param __flush The flush() hook (may be NULL).
 * @return The stream; NULL when out of memory.
 * @since 24.10
 */
extern FILE *fdevopen(int (*__put)(char, FILE *), int (*__get)(FILE *), int (*__flush)(FILE *));

/**
 * @brief Closes a stream made by fdevopen() and frees it.
 * @param __stream The stream.
 * @return 0.
 * @since 24.10
 */
extern int fclose(FILE *__stream);

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * @brief The central formatted-output function.
 * See the top of this header for the supported directives.
 * @param __stream The stream.
 * @param __fmt The format.
 * @param __ap The values.
 * @return The number of characters written; EOF if the stream is not open for writing.
 * @since 24.01
 */
int vfprintf(FILE *__stream, const char *__fmt, va_list __ap) __PRINTF_ATTRIBUTE__(2, 0);

/**
 * @brief Writes a character to a stream.
 * @param __c The character.
 * @param __stream The stream.
 * @return The character; EOF on error.
 * @since 24.10
 */
extern int fputc(int __c, FILE *__stream);

/* putc() and putchar() also exist as functions, as the C standard requires. */
/**
 * @brief Writes a character to a stream (the function behind the putc() macro).
 * @param __c The character.
 * @param __stream The stream.
 * @return The character; EOF on error.
 * @since 24.01
 */
extern int putc(int __c, FILE *__stream);
/**
 * @brief Writes a character to stdout (the function behind the putchar() macro).
 * @param __c The character.
 * @return The character; EOF on error.
 * @since 24.01
 */
extern int putchar(int __c);

/**
 * @brief Writes a character to a stream (an alias of fputc()).
 * @param __c The character.
 * @param __stream The stream.
 * @return The character; EOF on error.
 * @since 24.01
 */
#define putc(__c, __stream) fputc(__c, __stream)

/**
 * @brief Writes a character to stdout.
 * @param __c The character.
 * @return The character; EOF on error.
 * @since 24.01
 */
#define putchar(__c) fputc(__c, stdout)

/**
 * @brief Formatted output to stdout; see vfprintf().
 * @param __fmt The format, followed by its arguments.
 * @return The number of characters written; EOF on error.
 * @since 24.01
 */
int printf(const char *__fmt, ...) __PRINTF_ATTRIBUTE__(1, 2);

/**
 * @brief Formatted output to a stream; see vfprintf().
 * @param __stream The stream.
 * @param __fmt The format, followed by its arguments.
 * @return The number of characters written; EOF on error.
 * @since 24.01
 */
extern int fprintf(FILE *__stream, const char *__fmt, ...) __PRINTF_ATTRIBUTE__(2, 3);

/**
 * @brief Formatted output to stdout from a variable argument list; see vfprintf().
 * @param __fmt The format.
 * @param __ap The values.
 * @return The number of characters written; EOF on error.
 * @since 24.01
 */
extern int vprintf(const char *__fmt, va_list __ap) __PRINTF_ATTRIBUTE__(1, 0);

/**
 * @brief Formatted output to a string (assumed large enough), NUL-terminated.
 * @param __s The string.
 * @param __fmt The format, followed by its arguments.
 * @return The number of characters written, the NUL excluded.
 * @since 24.01
 */
extern int sprintf(char *__s, const char *__fmt, ...) __PRINTF_ATTRIBUTE__(2, 3);

/**
 * @brief Formatted output to a string of bounded size.
 * Writes at most @p __n characters, the terminating NUL included.
 * @param __s The string.
 * @param __n The size of @p __s.
 * @param __fmt The format, followed by its arguments.
 * @return The number of characters that would have been written had there been room.
 * @since 24.01
 */
extern int snprintf(char *__s, size_t __n, const char *__fmt, ...) __PRINTF_ATTRIBUTE__(3, 4);

/**
 * @brief Like sprintf() with a variable argument list.
 * @param __s The string.
 * @param __fmt The format.
 * @param ap The values.
 * @return The number of characters written, the NUL excluded.
 * @since 24.01
 */
extern int vsprintf(char *__s, const char *__fmt, va_list ap) __PRINTF_ATTRIBUTE__(2, 0);

/**
 * @brief Like snprintf() with a variable argument list.
 * @param __s The string.
 * @param __n The size of @p __s.
 * @param __fmt The format.
 * @param ap The values.
 * @return The number of characters that would have been written had there been room.
 * @since 24.01
 */
extern int vsnprintf(char *__s, size_t __n, const char *__fmt, va_list ap) __PRINTF_ATTRIBUTE__(3, 0);

/**
 * @brief Formatted output to a newly allocated (malloc) string.
 * @param[out] strp Receives the string; free() it.
 * @param fmt The format, followed by its arguments.
 * @return The length; a negative value on failure.
 * @since 24.01
 */
int asprintf(char **strp, const char *fmt, ...) __PRINTF_ATTRIBUTE__(2, 3);

/**
 * @brief Like asprintf() with a variable argument list.
 * @param[out] strp Receives the string; free() it.
 * @param fmt The format.
 * @param ap The values.
 * @return The length; a negative value on failure.
 * @since 24.01
 */
int vasprintf(char **strp, const char *fmt, va_list ap) __PRINTF_ATTRIBUTE__(2, 0);

/**
 * @brief Writes a string to a stream.
 * @param __str The string.
 * @param __stream The stream.
 * @return 0 on success, EOF on error.
 * @since 24.01
 */
extern int fputs(const char *__str, FILE *__stream);

/**
 * @brief Writes a string and a newline to stdout.
 * @param __str The string.
 * @return 0 on success, EOF on error.
 * @since 24.01
 */
extern int puts(const char *__str);

/**
 * @brief Flushes a stream through its flush hook, if it has one.
 * @param stream The stream.
 * @return What the hook returns; 0 without a hook.
 * @since 24.01
 */
extern int fflush(FILE *stream);

/* ------------------------------------------------------------------------ */
/* Stream state                                                              */
/* ------------------------------------------------------------------------ */

/**
 * @brief Clears the error and end-of-file flags of a stream.
 * @param __stream The stream.
 * @since 24.01
 */
extern void clearerr(FILE *__stream);

/**
 * @brief Tells whether the end-of-file flag of a stream is set (cleared only by clearerr()).
 * @param __stream The stream.
 * @return Nonzero when set.
 * @since 24.01
 */
extern int feof(FILE *__stream);

/**
 * @brief Tells whether the error flag of a stream is set (cleared only by clearerr()).
 * @param __stream The stream.
 * @return Nonzero when set.
 * @since 24.01
 */
extern int ferror(FILE *__stream);

/* Fast forms of the three stream-state functions. */
/**
 * @brief Clears the error and end-of-file flags of a stream (fast form of clearerr()).
 * @param s The stream.
 * @since 24.01
 */
#define clearerror(s)                                        \
	do {                                                 \
		(s)->flags &= (uint8_t)~(__SERR | __SEOF);   \
	} while (0)
/**
 * @brief Fast form of feof().
 * @param s The stream.
 * @return Nonzero when the end-of-file flag is set.
 * @since 24.01
 */
#define feof(s) ((s)->flags & __SEOF)
/**
 * @brief Fast form of ferror().
 * @param s The stream.
 * @return Nonzero when the error flag is set.
 * @since 24.01
 */
#define ferror(s) ((s)->flags & __SERR)

/* ------------------------------------------------------------------------ */
/* Declared for C++ libraries; not implemented by flexio-libc                */
/* ------------------------------------------------------------------------ */

/**
 * @brief A buffer size (unused by flexio-libc's unbuffered streams).
 * @since 24.01
 */
#ifndef BUFSIZ
#define BUFSIZ 512
#endif
/**
 * @brief Unbuffered stream mode.
 * @since 24.10
 */
#define _IONBF 0
/**
 * @brief A file position.
 * @since 24.01
 */
__extension__ typedef long long fpos_t;
/**
 * @brief Prints a string and the message of errno (not implemented by flexio-libc).
 * @param s The string.
 * @since 24.01
 */
extern void perror(const char *s);

#ifdef __cplusplus
}
#endif

/* Seek origins (no file positions exist; for code that names them). */
#define SEEK_SET 0 /**< Seek from the start. */
#define SEEK_CUR 1 /**< Seek from the current position. */
#define SEEK_END 2 /**< Seek from the end. */

#endif /* _STDIO_H_ */
