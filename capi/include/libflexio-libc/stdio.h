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
#define OPENFLEXIO_LIBC_STDIO_H 1

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
#define __PICOLIBC_UNGETC_SIZE 4
#endif
#if __PICOLIBC_UNGETC_SIZE == 4
typedef uint32_t __ungetc_t;
#else
typedef uint16_t __ungetc_t;
#endif

/**
 * A stream: the structure passed between the standard IO functions.  Treat it
 * as opaque beyond what FDEV_SETUP_STREAM() / fdev_setup_stream() set.
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

/** A stream with a close function, called by fclose() when flags has __SCLOSE. */
struct __file_close {
	struct __file file;              /**< The stream. */
	int (*close)(struct __file *);   /**< Closes the device. */
};

/** The stream type. */
typedef struct __file __FILE;
#if !defined(__FILE_defined)
typedef __FILE FILE;
#define __FILE_defined
#endif

/* picolibc 1.8, RV64 (lp64): unget 0, flags 4, put 8, get 16, flush 24; 32 bytes. */
#ifdef __cplusplus
static_assert(sizeof(struct __file) == 4 * sizeof(void *), "struct __file matches picolibc 1.8");
static_assert(offsetof(struct __file, flags) == sizeof(__ungetc_t), "struct __file matches picolibc 1.8");
static_assert(offsetof(struct __file, put) == sizeof(void *), "struct __file matches picolibc 1.8");
static_assert(offsetof(struct __file, flush) == 3 * sizeof(void *), "struct __file matches picolibc 1.8");
#else
_Static_assert(sizeof(struct __file) == 4 * sizeof(void *), "struct __file matches picolibc 1.8");
_Static_assert(offsetof(struct __file, flags) == sizeof(__ungetc_t), "struct __file matches picolibc 1.8");
_Static_assert(offsetof(struct __file, put) == sizeof(void *), "struct __file matches picolibc 1.8");
_Static_assert(offsetof(struct __file, flush) == 3 * sizeof(void *), "struct __file matches picolibc 1.8");
#endif

/** Defined: stdin, stdout and stderr are global variables (not the old __iob array). */
#define PICOLIBC_STDIO_GLOBALS

/** Value returned by the stdio functions on error (and at end of input). */
#define EOF (-1)

/** fdev_setup_stream() / FDEV_SETUP_STREAM() with read intent. */
#define _FDEV_SETUP_READ __SRD
/** fdev_setup_stream() / FDEV_SETUP_STREAM() with write intent. */
#define _FDEV_SETUP_WRITE __SWR
/** fdev_setup_stream() / FDEV_SETUP_STREAM() with read/write intent. */
#define _FDEV_SETUP_RW (__SRD | __SWR)

/** Return code of a device get() function: an error occurred. */
#define _FDEV_ERR (-1)
/** Return code of a device get() function: end of file. */
#define _FDEV_EOF (-2)

/**
 * Initializer of a user-supplied FILE: FDEV_SETUP_STREAM(put, get, flush, rwflag).
 * @c rwflag is _FDEV_SETUP_READ, _FDEV_SETUP_WRITE or _FDEV_SETUP_RW; unused
 * hooks are NULL.
 */
#define FDEV_SETUP_STREAM(p, g, fl, f) { 0, (uint8_t)(f), (p), (g), (fl) }

/**
 * Sets up a user-supplied FILE @c stream at run time, like FDEV_SETUP_STREAM():
 * fdev_setup_stream(stream, put, get, flush, rwflag).  The standard streams
 * are not assigned.
 */
#define fdev_setup_stream(stream, p, g, fl, f)                                                 \
	do {                                                                                   \
		(stream)->flags = (f);                                                         \
		(stream)->put = (p);                                                           \
		(stream)->get = (g);                                                           \
		(stream)->flush = (fl);                                                        \
	} while (0)

/**
 * Releases what the library holds for a stream set up with
 * FDEV_SETUP_STREAM() / fdev_setup_stream() (flushes it); call it before
 * destroying the FILE.  Do not fclose() such streams.
 */
#define fdev_close(f) (fflush(f))

/* ------------------------------------------------------------------------ */
/* Format checking                                                           */
/* ------------------------------------------------------------------------ */

/**
 * __FORMAT_ATTRIBUTE__(archetype, format_index, first_arg): compiler format
 * checking of a printf/scanf-like function.  (The manual attaches the
 * documentation of vfprintf(), summarized at the top of this header, to it.)
 */
#ifndef __FORMAT_ATTRIBUTE__
#define __FORMAT_ATTRIBUTE__(__a, __s, __f) __attribute__((__format__(__a, __s, __f)))
#endif
/** printf-like format checking (format string at @c __s, arguments from @c __f). */
#ifndef __PRINTF_ATTRIBUTE__
#define __PRINTF_ATTRIBUTE__(__s, __f) __FORMAT_ATTRIBUTE__(printf, __s, __f)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Standard streams                                                          */
/* ------------------------------------------------------------------------ */

/** The input stream of the functions without a stream argument.  Defined by the application. */
extern FILE *const stdin;

/** The output stream of printf(), puts(), putchar() ...  Defined (and set) by the application. */
extern FILE *stdout;

/** The error output stream; the same as stdout unless assigned.  Defined by the application. */
extern FILE *const stderr;

/* ------------------------------------------------------------------------ */
/* Opening and closing                                                       */
/* ------------------------------------------------------------------------ */

/**
 * Allocates (with malloc) and returns a stream using the device functions
 * @p __put (write intent if not NULL), @p __get (read intent if not NULL) and
 * @p __flush.  The first stream opened for reading becomes stdin, the first
 * opened for writing stdout and stderr.  Returns NULL when out of memory.
 */
extern FILE *fdevopen(int (*__put)(char, FILE *), int (*__get)(FILE *), int (*__flush)(FILE *));

/** Closes a stream made by fdevopen() and frees it.  Returns 0. */
extern int fclose(FILE *__stream);

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * The central formatted-output function: writes @p __fmt, with the values in
 * @p __ap, to @p __stream.  Returns the number of characters written, or EOF if
 * the stream is not open for writing.  See the top of this header for the
 * supported directives.
 */
int vfprintf(FILE *__stream, const char *__fmt, va_list __ap) __PRINTF_ATTRIBUTE__(2, 0);

/** Writes character @p __c to @p __stream; returns it, or EOF on error. */
extern int fputc(int __c, FILE *__stream);

/* putc() and putchar() also exist as functions, as the C standard requires. */
extern int putc(int __c, FILE *__stream);
extern int putchar(int __c);

/** Writes character @p __c to @p __stream (an alias of fputc()). */
#define putc(__c, __stream) fputc(__c, __stream)

/** Writes character @p __c to stdout. */
#define putchar(__c) fputc(__c, stdout)

/** Formatted output to stdout; see vfprintf(). */
int printf(const char *__fmt, ...) __PRINTF_ATTRIBUTE__(1, 2);

/** Formatted output to @p __stream; see vfprintf(). */
extern int fprintf(FILE *__stream, const char *__fmt, ...) __PRINTF_ATTRIBUTE__(2, 3);

/** Formatted output to stdout from a variable argument list; see vfprintf(). */
extern int vprintf(const char *__fmt, va_list __ap) __PRINTF_ATTRIBUTE__(1, 0);

/** Formatted output to string @p __s (assumed large enough), NUL-terminated. */
extern int sprintf(char *__s, const char *__fmt, ...) __PRINTF_ATTRIBUTE__(2, 3);

/**
 * Like sprintf() but writes at most @p __n characters, the terminating NUL
 * included.  Returns the number of characters that would have been written
 * had there been room.
 */
extern int snprintf(char *__s, size_t __n, const char *__fmt, ...) __PRINTF_ATTRIBUTE__(3, 4);

/** Like sprintf() with a variable argument list. */
extern int vsprintf(char *__s, const char *__fmt, va_list ap) __PRINTF_ATTRIBUTE__(2, 0);

/** Like snprintf() with a variable argument list. */
extern int vsnprintf(char *__s, size_t __n, const char *__fmt, va_list ap) __PRINTF_ATTRIBUTE__(3, 0);

/**
 * Formatted output to a newly allocated (malloc) string stored in *@p strp.
 * Returns the length, or a negative value on failure.
 */
int asprintf(char **strp, const char *fmt, ...) __PRINTF_ATTRIBUTE__(2, 3);

/** Like asprintf() with a variable argument list. */
int vasprintf(char **strp, const char *fmt, va_list ap) __PRINTF_ATTRIBUTE__(2, 0);

/** Writes string @p __str to @p __stream.  Returns 0 on success, EOF on error. */
extern int fputs(const char *__str, FILE *__stream);

/** Writes string @p __str and a newline to stdout.  Returns 0 on success, EOF on error. */
extern int puts(const char *__str);

/** Flushes @p stream through its flush hook, if it has one; otherwise returns 0. */
extern int fflush(FILE *stream);

/* ------------------------------------------------------------------------ */
/* Stream state                                                              */
/* ------------------------------------------------------------------------ */

/** Clears the error and end-of-file flags of @p __stream. */
extern void clearerr(FILE *__stream);

/** Returns nonzero when the end-of-file flag of @p __stream is set (cleared only by clearerr()). */
extern int feof(FILE *__stream);

/** Returns nonzero when the error flag of @p __stream is set (cleared only by clearerr()). */
extern int ferror(FILE *__stream);

/* Fast forms of the three stream-state functions. */
#define clearerror(s)                                        \
	do {                                                 \
		(s)->flags &= (uint8_t)~(__SERR | __SEOF);   \
	} while (0)
#define feof(s) ((s)->flags & __SEOF)
#define ferror(s) ((s)->flags & __SERR)

/* ------------------------------------------------------------------------ */
/* Declared for C++ libraries; not implemented by flexio-libc                */
/* ------------------------------------------------------------------------ */

/** A buffer size (unused by flexio-libc's unbuffered streams). */
#ifndef BUFSIZ
#define BUFSIZ 512
#endif
/** Unbuffered stream mode. */
#define _IONBF 0
/** A file position. */
__extension__ typedef long long fpos_t;
/** Prints @p s and the error of errno (not implemented by flexio-libc). */
extern void perror(const char *s);

#ifdef __cplusplus
}
#endif

/* Seek origins (no file positions exist; for code that names them). */
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

#endif /* _STDIO_H_ */
