/**
 * @file
 * @brief OpenFlexIO — <string.h> of flexio-libc: memory and string functions for DPA
 * programs.
 *
 * The device runtime links picolibc's implementations (see <stdio.h> of
 * flexio-libc); this header declares the subset flexio-libc documents, with
 * picolibc's prototypes and its include guard (_STRING_H_), so either header
 * may come first.
 */
#ifndef _STRING_H_
#define _STRING_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Finds the first byte @p c in the @p n bytes at @p s; NULL if none. */
void *memchr(const void *s, int c, size_t n);
/** Compares @p n bytes; <0, 0 or >0 as for strcmp(). */
int memcmp(const void *s1, const void *s2, size_t n);
/** Copies @p n bytes from @p src to @p dst (no overlap); returns @p dst. */
void *memcpy(void *__restrict dst, const void *__restrict src, size_t n);
/** Copies @p n bytes from @p src to @p dst (overlap allowed); returns @p dst. */
void *memmove(void *dst, const void *src, size_t n);
/** Sets @p n bytes at @p s to @p c; returns @p s. */
void *memset(void *s, int c, size_t n);
/** Appends @p src to @p dst; returns @p dst. */
char *strcat(char *__restrict dst, const char *__restrict src);
/** Finds the first @p c in @p s; NULL if none. */
char *strchr(const char *s, int c);
/** Compares two strings. */
int strcmp(const char *s1, const char *s2);
/** Compares two strings in the current locale (the "C" locale: as strcmp()). */
int strcoll(const char *s1, const char *s2);
/** Copies @p src, its NUL included, to @p dst; returns @p dst. */
char *strcpy(char *__restrict dst, const char *__restrict src);
/** Length of the first part of @p s made of characters not in @p reject. */
size_t strcspn(const char *s, const char *reject);
/** The message of error number @p errnum. */
char *strerror(int errnum);
/** Length of @p s, its NUL excluded. */
size_t strlen(const char *s);
/** Appends at most @p n characters of @p src to @p dst, then a NUL; returns @p dst. */
char *strncat(char *__restrict dst, const char *__restrict src, size_t n);
/** Compares at most @p n characters. */
int strncmp(const char *s1, const char *s2, size_t n);
/** Copies at most @p n characters of @p src, padding with NULs; returns @p dst. */
char *strncpy(char *__restrict dst, const char *__restrict src, size_t n);
/** Finds the first character of @p s that is in @p accept; NULL if none. */
char *strpbrk(const char *s, const char *accept);
/** Finds the last @p c in @p s; NULL if none. */
char *strrchr(const char *s, int c);
/** Length of the first part of @p s made of characters in @p accept. */
size_t strspn(const char *s, const char *accept);
/** Finds the first occurrence of @p needle in @p haystack; NULL if none. */
char *strstr(const char *haystack, const char *needle);
/** Transforms @p src for strcmp() as strcoll() compares (the "C" locale: a copy). */
size_t strxfrm(char *__restrict dst, const char *__restrict src, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* _STRING_H_ */
