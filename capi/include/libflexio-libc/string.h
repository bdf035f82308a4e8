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

/**
 * @brief Finds the first occurrence of a byte in memory.
 * @param s The memory.
 * @param c The byte (converted to unsigned char).
 * @param n The number of bytes searched.
 * @return The byte's address; NULL if none.
 * @since 24.01
 */
void *memchr(const void *s, int c, size_t n);
/**
 * @brief Compares two memory areas.
 * @param s1 The first area.
 * @param s2 The second area.
 * @param n The number of bytes compared.
 * @return <0, 0 or >0 as the first differing byte (unsigned) of @p s1 is less than, equal to or greater than @p s2's.
 * @since 24.01
 */
int memcmp(const void *s1, const void *s2, size_t n);
/**
 * @brief Copies bytes between areas that do not overlap.
 * @param dst The destination.
 * @param src The source.
 * @param n The number of bytes.
 * @return @p dst.
 * @since 24.01
 */
void *memcpy(void *__restrict dst, const void *__restrict src, size_t n);
/**
 * @brief Copies bytes between areas that may overlap.
 * @param dst The destination.
 * @param src The source.
 * @param n The number of bytes.
 * @return @p dst.
 * @since 24.01
 */
void *memmove(void *dst, const void *src, size_t n);
/**
 * @brief Fills memory with a byte.
 * @param s The memory.
 * @param c The byte (converted to unsigned char).
 * @param n The number of bytes.
 * @return @p s.
 * @since 24.01
 */
void *memset(void *s, int c, size_t n);
/**
 * @brief Appends a string to another.
 * @param dst The string appended to (room for both).
 * @param src The string appended.
 * @return @p dst.
 * @since 24.01
 */
char *strcat(char *__restrict dst, const char *__restrict src);
/**
 * @brief Finds the first occurrence of a character in a string.
 * @param s The string.
 * @param c The character (the NUL is found too).
 * @return The character's address; NULL if none.
 * @since 24.01
 */
char *strchr(const char *s, int c);
/**
 * @brief Compares two strings.
 * @param s1 The first string.
 * @param s2 The second string.
 * @return <0, 0 or >0 as @p s1 sorts before, with or after @p s2 (by unsigned char).
 * @since 24.01
 */
int strcmp(const char *s1, const char *s2);
/**
 * @brief Compares two strings in the current locale (the "C" locale: as strcmp()).
 * @param s1 The first string.
 * @param s2 The second string.
 * @return <0, 0 or >0 as strcmp().
 * @since 24.01
 */
int strcoll(const char *s1, const char *s2);
/**
 * @brief Copies a string, its NUL included.
 * @param dst The destination (large enough).
 * @param src The string.
 * @return @p dst.
 * @since 24.01
 */
char *strcpy(char *__restrict dst, const char *__restrict src);
/**
 * @brief Measures the first part of a string made of characters not in a set.
 * @param s The string.
 * @param reject The set of characters.
 * @return The length of that part.
 * @since 24.01
 */
size_t strcspn(const char *s, const char *reject);
/**
 * @brief Returns the message of an error number.
 * @param errnum The error number (errno value).
 * @return The message; it must not be modified.
 * @since 24.01
 */
char *strerror(int errnum);
/**
 * @brief Returns the length of a string, its NUL excluded.
 * @param s The string.
 * @return The length.
 * @since 24.01
 */
size_t strlen(const char *s);
/**
 * @brief Appends at most @p n characters of a string to another, then a NUL.
 * @param dst The string appended to.
 * @param src The string appended.
 * @param n The most characters appended.
 * @return @p dst.
 * @since 24.01
 */
char *strncat(char *__restrict dst, const char *__restrict src, size_t n);
/**
 * @brief Compares at most @p n characters of two strings.
 * @param s1 The first string.
 * @param s2 The second string.
 * @param n The most characters compared.
 * @return <0, 0 or >0 as strcmp().
 * @since 24.01
 */
int strncmp(const char *s1, const char *s2, size_t n);
/**
 * @brief Copies at most @p n characters of a string, padding with NULs.
 * No NUL is written when @p src has @p n characters or more.
 * @param dst The destination.
 * @param src The string.
 * @param n The number of characters written.
 * @return @p dst.
 * @since 24.01
 */
char *strncpy(char *__restrict dst, const char *__restrict src, size_t n);
/**
 * @brief Finds the first character of a string that is in a set.
 * @param s The string.
 * @param accept The set of characters.
 * @return The character's address; NULL if none.
 * @since 24.01
 */
char *strpbrk(const char *s, const char *accept);
/**
 * @brief Finds the last occurrence of a character in a string.
 * @param s The string.
 * @param c The character.
 * @return The character's address; NULL if none.
 * @since 24.01
 */
char *strrchr(const char *s, int c);
/**
 * @brief Measures the first part of a string made of characters in a set.
 * @param s The string.
 * @param accept The set of characters.
 * @return The length of that part.
 * @since 24.01
 */
size_t strspn(const char *s, const char *accept);
/**
 * @brief Finds the first occurrence of a string in another.
 * @param haystack The string searched.
 * @param needle The string looked for.
 * @return The occurrence's address (@p haystack for an empty @p needle); NULL if none.
 * @since 24.01
 */
char *strstr(const char *haystack, const char *needle);
/**
 * @brief Transforms a string for strcmp() to compare as strcoll() does (the "C" locale: a copy).
 * @param dst The destination.
 * @param src The string.
 * @param n The size of @p dst.
 * @return The length of the transformed string (the contents of @p dst are undefined when it is @p n or more).
 * @since 24.01
 */
size_t strxfrm(char *__restrict dst, const char *__restrict src, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* _STRING_H_ */
