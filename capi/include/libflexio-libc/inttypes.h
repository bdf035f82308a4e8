/**
 * @file
 * @brief OpenFlexIO — <inttypes.h> of flexio-libc: format macros of the <stdint.h>
 * types and the intmax_t functions, for DPA programs (RV64, lp64: int32_t is
 * int, int64_t, intptr_t and intmax_t are long).  Same include guard as
 * picolibc's <inttypes.h> (_INTTYPES_H), whose functions the runtime links.
 */
#ifndef _INTTYPES_H
#define _INTTYPES_H

#include <stddef.h>
#include <stdint.h>

/* 8-bit types (int8_t, int_least8_t and int_fast8_t are the same type) */
#define PRId8 "hhd" /**< printf() conversion of int8_t / uint8_t as a signed integer in decimal. */
#define PRIi8 "hhi" /**< printf() conversion of int8_t / uint8_t as a signed integer in decimal. */
#define PRIo8 "hho" /**< printf() conversion of int8_t / uint8_t as an unsigned integer in octal. */
#define PRIu8 "hhu" /**< printf() conversion of int8_t / uint8_t as an unsigned integer in decimal. */
#define PRIx8 "hhx" /**< printf() conversion of int8_t / uint8_t as an unsigned integer in lower-case hexadecimal. */
#define PRIX8 "hhX" /**< printf() conversion of int8_t / uint8_t as an unsigned integer in upper-case hexadecimal. */
#define SCNd8 "hhd" /**< scanf() conversion of int8_t / uint8_t reading a signed decimal integer. */
#define SCNi8 "hhi" /**< scanf() conversion of int8_t / uint8_t reading a signed integer (base by prefix). */
#define SCNo8 "hho" /**< scanf() conversion of int8_t / uint8_t reading an octal integer. */
#define SCNu8 "hhu" /**< scanf() conversion of int8_t / uint8_t reading an unsigned decimal integer. */
#define SCNx8 "hhx" /**< scanf() conversion of int8_t / uint8_t reading a hexadecimal integer. */
#define PRIdLEAST8 "hhd" /**< printf() conversion of int_least8_t / uint_least8_t as a signed integer in decimal. */
#define PRIiLEAST8 "hhi" /**< printf() conversion of int_least8_t / uint_least8_t as a signed integer in decimal. */
#define PRIoLEAST8 "hho" /**< printf() conversion of int_least8_t / uint_least8_t as an unsigned integer in octal. */
#define PRIuLEAST8 "hhu" /**< printf() conversion of int_least8_t / uint_least8_t as an unsigned integer in decimal. */
#define PRIxLEAST8 "hhx" /**< printf() conversion of int_least8_t / uint_least8_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXLEAST8 "hhX" /**< printf() conversion of int_least8_t / uint_least8_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdLEAST8 "hhd" /**< scanf() conversion of int_least8_t / uint_least8_t reading a signed decimal integer. */
#define SCNiLEAST8 "hhi" /**< scanf() conversion of int_least8_t / uint_least8_t reading a signed integer (base by prefix). */
#define SCNoLEAST8 "hho" /**< scanf() conversion of int_least8_t / uint_least8_t reading an octal integer. */
#define SCNuLEAST8 "hhu" /**< scanf() conversion of int_least8_t / uint_least8_t reading an unsigned decimal integer. */
#define SCNxLEAST8 "hhx" /**< scanf() conversion of int_least8_t / uint_least8_t reading a hexadecimal integer. */
#define PRIdFAST8 "hhd" /**< printf() conversion of int_fast8_t / uint_fast8_t as a signed integer in decimal. */
#define PRIiFAST8 "hhi" /**< printf() conversion of int_fast8_t / uint_fast8_t as a signed integer in decimal. */
#define PRIoFAST8 "hho" /**< printf() conversion of int_fast8_t / uint_fast8_t as an unsigned integer in octal. */
#define PRIuFAST8 "hhu" /**< printf() conversion of int_fast8_t / uint_fast8_t as an unsigned integer in decimal. */
#define PRIxFAST8 "hhx" /**< printf() conversion of int_fast8_t / uint_fast8_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXFAST8 "hhX" /**< printf() conversion of int_fast8_t / uint_fast8_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdFAST8 "hhd" /**< scanf() conversion of int_fast8_t / uint_fast8_t reading a signed decimal integer. */
#define SCNiFAST8 "hhi" /**< scanf() conversion of int_fast8_t / uint_fast8_t reading a signed integer (base by prefix). */
#define SCNoFAST8 "hho" /**< scanf() conversion of int_fast8_t / uint_fast8_t reading an octal integer. */
#define SCNuFAST8 "hhu" /**< scanf() conversion of int_fast8_t / uint_fast8_t reading an unsigned decimal integer. */
#define SCNxFAST8 "hhx" /**< scanf() conversion of int_fast8_t / uint_fast8_t reading a hexadecimal integer. */

/* 16-bit types (int16_t, int_least16_t and int_fast16_t are the same type) */
#define PRId16 "hd" /**< printf() conversion of int16_t / uint16_t as a signed integer in decimal. */
#define PRIi16 "hi" /**< printf() conversion of int16_t / uint16_t as a signed integer in decimal. */
#define PRIo16 "ho" /**< printf() conversion of int16_t / uint16_t as an unsigned integer in octal. */
#define PRIu16 "hu" /**< printf() conversion of int16_t / uint16_t as an unsigned integer in decimal. */
#define PRIx16 "hx" /**< printf() conversion of int16_t / uint16_t as an unsigned integer in lower-case hexadecimal. */
#define PRIX16 "hX" /**< printf() conversion of int16_t / uint16_t as an unsigned integer in upper-case hexadecimal. */
#define SCNd16 "hd" /**< scanf() conversion of int16_t / uint16_t reading a signed decimal integer. */
#define SCNi16 "hi" /**< scanf() conversion of int16_t / uint16_t reading a signed integer (base by prefix). */
#define SCNo16 "ho" /**< scanf() conversion of int16_t / uint16_t reading an octal integer. */
#define SCNu16 "hu" /**< scanf() conversion of int16_t / uint16_t reading an unsigned decimal integer. */
#define SCNx16 "hx" /**< scanf() conversion of int16_t / uint16_t reading a hexadecimal integer. */
#define PRIdLEAST16 "hd" /**< printf() conversion of int_least16_t / uint_least16_t as a signed integer in decimal. */
#define PRIiLEAST16 "hi" /**< printf() conversion of int_least16_t / uint_least16_t as a signed integer in decimal. */
#define PRIoLEAST16 "ho" /**< printf() conversion of int_least16_t / uint_least16_t as an unsigned integer in octal. */
#define PRIuLEAST16 "hu" /**< printf() conversion of int_least16_t / uint_least16_t as an unsigned integer in decimal. */
#define PRIxLEAST16 "hx" /**< printf() conversion of int_least16_t / uint_least16_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXLEAST16 "hX" /**< printf() conversion of int_least16_t / uint_least16_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdLEAST16 "hd" /**< scanf() conversion of int_least16_t / uint_least16_t reading a signed decimal integer. */
#define SCNiLEAST16 "hi" /**< scanf() conversion of int_least16_t / uint_least16_t reading a signed integer (base by prefix). */
#define SCNoLEAST16 "ho" /**< scanf() conversion of int_least16_t / uint_least16_t reading an octal integer. */
#define SCNuLEAST16 "hu" /**< scanf() conversion of int_least16_t / uint_least16_t reading an unsigned decimal integer. */
#define SCNxLEAST16 "hx" /**< scanf() conversion of int_least16_t / uint_least16_t reading a hexadecimal integer. */
#define PRIdFAST16 "hd" /**< printf() conversion of int_fast16_t / uint_fast16_t as a signed integer in decimal. */
#define PRIiFAST16 "hi" /**< printf() conversion of int_fast16_t / uint_fast16_t as a signed integer in decimal. */
#define PRIoFAST16 "ho" /**< printf() conversion of int_fast16_t / uint_fast16_t as an unsigned integer in octal. */
#define PRIuFAST16 "hu" /**< printf() conversion of int_fast16_t / uint_fast16_t as an unsigned integer in decimal. */
#define PRIxFAST16 "hx" /**< printf() conversion of int_fast16_t / uint_fast16_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXFAST16 "hX" /**< printf() conversion of int_fast16_t / uint_fast16_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdFAST16 "hd" /**< scanf() conversion of int_fast16_t / uint_fast16_t reading a signed decimal integer. */
#define SCNiFAST16 "hi" /**< scanf() conversion of int_fast16_t / uint_fast16_t reading a signed integer (base by prefix). */
#define SCNoFAST16 "ho" /**< scanf() conversion of int_fast16_t / uint_fast16_t reading an octal integer. */
#define SCNuFAST16 "hu" /**< scanf() conversion of int_fast16_t / uint_fast16_t reading an unsigned decimal integer. */
#define SCNxFAST16 "hx" /**< scanf() conversion of int_fast16_t / uint_fast16_t reading a hexadecimal integer. */

/* 32-bit types (int32_t, int_least32_t and int_fast32_t are the same type) */
#define PRId32 "d" /**< printf() conversion of int32_t / uint32_t as a signed integer in decimal. */
#define PRIi32 "i" /**< printf() conversion of int32_t / uint32_t as a signed integer in decimal. */
#define PRIo32 "o" /**< printf() conversion of int32_t / uint32_t as an unsigned integer in octal. */
#define PRIu32 "u" /**< printf() conversion of int32_t / uint32_t as an unsigned integer in decimal. */
#define PRIx32 "x" /**< printf() conversion of int32_t / uint32_t as an unsigned integer in lower-case hexadecimal. */
#define PRIX32 "X" /**< printf() conversion of int32_t / uint32_t as an unsigned integer in upper-case hexadecimal. */
#define SCNd32 "d" /**< scanf() conversion of int32_t / uint32_t reading a signed decimal integer. */
#define SCNi32 "i" /**< scanf() conversion of int32_t / uint32_t reading a signed integer (base by prefix). */
#define SCNo32 "o" /**< scanf() conversion of int32_t / uint32_t reading an octal integer. */
#define SCNu32 "u" /**< scanf() conversion of int32_t / uint32_t reading an unsigned decimal integer. */
#define SCNx32 "x" /**< scanf() conversion of int32_t / uint32_t reading a hexadecimal integer. */
#define PRIdLEAST32 "d" /**< printf() conversion of int_least32_t / uint_least32_t as a signed integer in decimal. */
#define PRIiLEAST32 "i" /**< printf() conversion of int_least32_t / uint_least32_t as a signed integer in decimal. */
#define PRIoLEAST32 "o" /**< printf() conversion of int_least32_t / uint_least32_t as an unsigned integer in octal. */
#define PRIuLEAST32 "u" /**< printf() conversion of int_least32_t / uint_least32_t as an unsigned integer in decimal. */
#define PRIxLEAST32 "x" /**< printf() conversion of int_least32_t / uint_least32_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXLEAST32 "X" /**< printf() conversion of int_least32_t / uint_least32_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdLEAST32 "d" /**< scanf() conversion of int_least32_t / uint_least32_t reading a signed decimal integer. */
#define SCNiLEAST32 "i" /**< scanf() conversion of int_least32_t / uint_least32_t reading a signed integer (base by prefix). */
#define SCNoLEAST32 "o" /**< scanf() conversion of int_least32_t / uint_least32_t reading an octal integer. */
#define SCNuLEAST32 "u" /**< scanf() conversion of int_least32_t / uint_least32_t reading an unsigned decimal integer. */
#define SCNxLEAST32 "x" /**< scanf() conversion of int_least32_t / uint_least32_t reading a hexadecimal integer. */
#define PRIdFAST32 "d" /**< printf() conversion of int_fast32_t / uint_fast32_t as a signed integer in decimal. */
#define PRIiFAST32 "i" /**< printf() conversion of int_fast32_t / uint_fast32_t as a signed integer in decimal. */
#define PRIoFAST32 "o" /**< printf() conversion of int_fast32_t / uint_fast32_t as an unsigned integer in octal. */
#define PRIuFAST32 "u" /**< printf() conversion of int_fast32_t / uint_fast32_t as an unsigned integer in decimal. */
#define PRIxFAST32 "x" /**< printf() conversion of int_fast32_t / uint_fast32_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXFAST32 "X" /**< printf() conversion of int_fast32_t / uint_fast32_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdFAST32 "d" /**< scanf() conversion of int_fast32_t / uint_fast32_t reading a signed decimal integer. */
#define SCNiFAST32 "i" /**< scanf() conversion of int_fast32_t / uint_fast32_t reading a signed integer (base by prefix). */
#define SCNoFAST32 "o" /**< scanf() conversion of int_fast32_t / uint_fast32_t reading an octal integer. */
#define SCNuFAST32 "u" /**< scanf() conversion of int_fast32_t / uint_fast32_t reading an unsigned decimal integer. */
#define SCNxFAST32 "x" /**< scanf() conversion of int_fast32_t / uint_fast32_t reading a hexadecimal integer. */

/* 64-bit types (int64_t, int_least64_t and int_fast64_t are the same type) */
#define PRId64 "ld" /**< printf() conversion of int64_t / uint64_t as a signed integer in decimal. */
#define PRIi64 "li" /**< printf() conversion of int64_t / uint64_t as a signed integer in decimal. */
#define PRIo64 "lo" /**< printf() conversion of int64_t / uint64_t as an unsigned integer in octal. */
#define PRIu64 "lu" /**< printf() conversion of int64_t / uint64_t as an unsigned integer in decimal. */
#define PRIx64 "lx" /**< printf() conversion of int64_t / uint64_t as an unsigned integer in lower-case hexadecimal. */
#define PRIX64 "lX" /**< printf() conversion of int64_t / uint64_t as an unsigned integer in upper-case hexadecimal. */
#define SCNd64 "ld" /**< scanf() conversion of int64_t / uint64_t reading a signed decimal integer. */
#define SCNi64 "li" /**< scanf() conversion of int64_t / uint64_t reading a signed integer (base by prefix). */
#define SCNo64 "lo" /**< scanf() conversion of int64_t / uint64_t reading an octal integer. */
#define SCNu64 "lu" /**< scanf() conversion of int64_t / uint64_t reading an unsigned decimal integer. */
#define SCNx64 "lx" /**< scanf() conversion of int64_t / uint64_t reading a hexadecimal integer. */
#define PRIdLEAST64 "ld" /**< printf() conversion of int_least64_t / uint_least64_t as a signed integer in decimal. */
#define PRIiLEAST64 "li" /**< printf() conversion of int_least64_t / uint_least64_t as a signed integer in decimal. */
#define PRIoLEAST64 "lo" /**< printf() conversion of int_least64_t / uint_least64_t as an unsigned integer in octal. */
#define PRIuLEAST64 "lu" /**< printf() conversion of int_least64_t / uint_least64_t as an unsigned integer in decimal. */
#define PRIxLEAST64 "lx" /**< printf() conversion of int_least64_t / uint_least64_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXLEAST64 "lX" /**< printf() conversion of int_least64_t / uint_least64_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdLEAST64 "ld" /**< scanf() conversion of int_least64_t / uint_least64_t reading a signed decimal integer. */
#define SCNiLEAST64 "li" /**< scanf() conversion of int_least64_t / uint_least64_t reading a signed integer (base by prefix). */
#define SCNoLEAST64 "lo" /**< scanf() conversion of int_least64_t / uint_least64_t reading an octal integer. */
#define SCNuLEAST64 "lu" /**< scanf() conversion of int_least64_t / uint_least64_t reading an unsigned decimal integer. */
#define SCNxLEAST64 "lx" /**< scanf() conversion of int_least64_t / uint_least64_t reading a hexadecimal integer. */
#define PRIdFAST64 "ld" /**< printf() conversion of int_fast64_t / uint_fast64_t as a signed integer in decimal. */
#define PRIiFAST64 "li" /**< printf() conversion of int_fast64_t / uint_fast64_t as a signed integer in decimal. */
#define PRIoFAST64 "lo" /**< printf() conversion of int_fast64_t / uint_fast64_t as an unsigned integer in octal. */
#define PRIuFAST64 "lu" /**< printf() conversion of int_fast64_t / uint_fast64_t as an unsigned integer in decimal. */
#define PRIxFAST64 "lx" /**< printf() conversion of int_fast64_t / uint_fast64_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXFAST64 "lX" /**< printf() conversion of int_fast64_t / uint_fast64_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdFAST64 "ld" /**< scanf() conversion of int_fast64_t / uint_fast64_t reading a signed decimal integer. */
#define SCNiFAST64 "li" /**< scanf() conversion of int_fast64_t / uint_fast64_t reading a signed integer (base by prefix). */
#define SCNoFAST64 "lo" /**< scanf() conversion of int_fast64_t / uint_fast64_t reading an octal integer. */
#define SCNuFAST64 "lu" /**< scanf() conversion of int_fast64_t / uint_fast64_t reading an unsigned decimal integer. */
#define SCNxFAST64 "lx" /**< scanf() conversion of int_fast64_t / uint_fast64_t reading a hexadecimal integer. */

/* intmax_t and intptr_t are long */
#define PRIdMAX "ld" /**< printf() conversion of intmax_t / uintmax_t as a signed integer in decimal. */
#define PRIiMAX "li" /**< printf() conversion of intmax_t / uintmax_t as a signed integer in decimal. */
#define PRIoMAX "lo" /**< printf() conversion of intmax_t / uintmax_t as an unsigned integer in octal. */
#define PRIuMAX "lu" /**< printf() conversion of intmax_t / uintmax_t as an unsigned integer in decimal. */
#define PRIxMAX "lx" /**< printf() conversion of intmax_t / uintmax_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXMAX "lX" /**< printf() conversion of intmax_t / uintmax_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdMAX "ld" /**< scanf() conversion of intmax_t / uintmax_t reading a signed decimal integer. */
#define SCNiMAX "li" /**< scanf() conversion of intmax_t / uintmax_t reading a signed integer (base by prefix). */
#define SCNoMAX "lo" /**< scanf() conversion of intmax_t / uintmax_t reading an octal integer. */
#define SCNuMAX "lu" /**< scanf() conversion of intmax_t / uintmax_t reading an unsigned decimal integer. */
#define SCNxMAX "lx" /**< scanf() conversion of intmax_t / uintmax_t reading a hexadecimal integer. */
#define PRIdPTR "ld" /**< printf() conversion of intptr_t / uintptr_t as a signed integer in decimal. */
#define PRIiPTR "li" /**< printf() conversion of intptr_t / uintptr_t as a signed integer in decimal. */
#define PRIoPTR "lo" /**< printf() conversion of intptr_t / uintptr_t as an unsigned integer in octal. */
#define PRIuPTR "lu" /**< printf() conversion of intptr_t / uintptr_t as an unsigned integer in decimal. */
#define PRIxPTR "lx" /**< printf() conversion of intptr_t / uintptr_t as an unsigned integer in lower-case hexadecimal. */
#define PRIXPTR "lX" /**< printf() conversion of intptr_t / uintptr_t as an unsigned integer in upper-case hexadecimal. */
#define SCNdPTR "ld" /**< scanf() conversion of intptr_t / uintptr_t reading a signed decimal integer. */
#define SCNiPTR "li" /**< scanf() conversion of intptr_t / uintptr_t reading a signed integer (base by prefix). */
#define SCNoPTR "lo" /**< scanf() conversion of intptr_t / uintptr_t reading an octal integer. */
#define SCNuPTR "lu" /**< scanf() conversion of intptr_t / uintptr_t reading an unsigned decimal integer. */
#define SCNxPTR "lx" /**< scanf() conversion of intptr_t / uintptr_t reading a hexadecimal integer. */

/** @brief The quotient and remainder of imaxdiv(). @since 24.01 */
typedef struct imaxdiv_t {
	intmax_t quot; /**< Quotient. */
	intmax_t rem;  /**< Remainder. */
} imaxdiv_t;

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The absolute value of an intmax_t.
 * @param j The value.
 * @return |@p j| (undefined for INTMAX_MIN).
 * @since 24.01
 */
extern intmax_t imaxabs(intmax_t j);
/**
 * @brief Divides two intmax_t.
 * @param numer The numerator.
 * @param denom The denominator (nonzero).
 * @return The quotient (truncated toward zero) and the remainder.
 * @since 24.01
 */
extern imaxdiv_t imaxdiv(intmax_t numer, intmax_t denom);
/**
 * @brief Converts the start of a string to an intmax_t.
 * @param nptr The string.
 * @param[out] endptr Receives the address of the first character not converted (may be NULL).
 * @param base The base, 2..36, or 0: by prefix (0x hexadecimal, 0 octal, else decimal).
 * @return The value; INTMAX_MAX / INTMAX_MIN on overflow (errno ERANGE); 0 when nothing converts.
 * @since 24.01
 */
extern intmax_t strtoimax(const char *__restrict nptr, char **__restrict endptr, int base);
/**
 * @brief Converts the start of a string to a uintmax_t.
 * @param nptr The string.
 * @param[out] endptr Receives the address of the first character not converted (may be NULL).
 * @param base The base, 2..36, or 0: by prefix (0x hexadecimal, 0 octal, else decimal).
 * @return The value; UINTMAX_MAX on overflow (errno ERANGE); 0 when nothing converts.
 * @since 24.01
 */
extern uintmax_t strtoumax(const char *__restrict nptr, char **__restrict endptr, int base);

#ifdef __cplusplus
}
#endif

#endif /* _INTTYPES_H */
