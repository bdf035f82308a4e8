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
#define PRId8 "hhd"
#define PRIi8 "hhi"
#define PRIo8 "hho"
#define PRIu8 "hhu"
#define PRIx8 "hhx"
#define PRIX8 "hhX"
#define SCNd8 "hhd"
#define SCNi8 "hhi"
#define SCNo8 "hho"
#define SCNu8 "hhu"
#define SCNx8 "hhx"
#define PRIdLEAST8 "hhd"
#define PRIiLEAST8 "hhi"
#define PRIoLEAST8 "hho"
#define PRIuLEAST8 "hhu"
#define PRIxLEAST8 "hhx"
#define PRIXLEAST8 "hhX"
#define SCNdLEAST8 "hhd"
#define SCNiLEAST8 "hhi"
#define SCNoLEAST8 "hho"
#define SCNuLEAST8 "hhu"
#define SCNxLEAST8 "hhx"
#define PRIdFAST8 "hhd"
#define PRIiFAST8 "hhi"
#define PRIoFAST8 "hho"
#define PRIuFAST8 "hhu"
#define PRIxFAST8 "hhx"
#define PRIXFAST8 "hhX"
#define SCNdFAST8 "hhd"
#define SCNiFAST8 "hhi"
#define SCNoFAST8 "hho"
#define SCNuFAST8 "hhu"
#define SCNxFAST8 "hhx"

/* 16-bit types (int16_t, int_least16_t and int_fast16_t are the same type) */
#define PRId16 "hd"
#define PRIi16 "hi"
#define PRIo16 "ho"
#define PRIu16 "hu"
#define PRIx16 "hx"
#define PRIX16 "hX"
#define SCNd16 "hd"
#define SCNi16 "hi"
#define SCNo16 "ho"
#define SCNu16 "hu"
#define SCNx16 "hx"
#define PRIdLEAST16 "hd"
#define PRIiLEAST16 "hi"
#define PRIoLEAST16 "ho"
#define PRIuLEAST16 "hu"
#define PRIxLEAST16 "hx"
#define PRIXLEAST16 "hX"
#define SCNdLEAST16 "hd"
#define SCNiLEAST16 "hi"
#define SCNoLEAST16 "ho"
#define SCNuLEAST16 "hu"
#define SCNxLEAST16 "hx"
#define PRIdFAST16 "hd"
#define PRIiFAST16 "hi"
#define PRIoFAST16 "ho"
#define PRIuFAST16 "hu"
#define PRIxFAST16 "hx"
#define PRIXFAST16 "hX"
#define SCNdFAST16 "hd"
#define SCNiFAST16 "hi"
#define SCNoFAST16 "ho"
#define SCNuFAST16 "hu"
#define SCNxFAST16 "hx"

/* 32-bit types (int32_t, int_least32_t and int_fast32_t are the same type) */
#define PRId32 "d"
#define PRIi32 "i"
#define PRIo32 "o"
#define PRIu32 "u"
#define PRIx32 "x"
#define PRIX32 "X"
#define SCNd32 "d"
#define SCNi32 "i"
#define SCNo32 "o"
#define SCNu32 "u"
#define SCNx32 "x"
#define PRIdLEAST32 "d"
#define PRIiLEAST32 "i"
#define PRIoLEAST32 "o"
#define PRIuLEAST32 "u"
#define PRIxLEAST32 "x"
#define PRIXLEAST32 "X"
#define SCNdLEAST32 "d"
#define SCNiLEAST32 "i"
#define SCNoLEAST32 "o"
#define SCNuLEAST32 "u"
#define SCNxLEAST32 "x"
#define PRIdFAST32 "d"
#define PRIiFAST32 "i"
#define PRIoFAST32 "o"
#define PRIuFAST32 "u"
#define PRIxFAST32 "x"
#define PRIXFAST32 "X"
#define SCNdFAST32 "d"
#define SCNiFAST32 "i"
#define SCNoFAST32 "o"
#define SCNuFAST32 "u"
#define SCNxFAST32 "x"

/* 64-bit types (int64_t, int_least64_t and int_fast64_t are the same type) */
#define PRId64 "ld"
#define PRIi64 "li"
#define PRIo64 "lo"
#define PRIu64 "lu"
#define PRIx64 "lx"
#define PRIX64 "lX"
#define SCNd64 "ld"
#define SCNi64 "li"
#define SCNo64 "lo"
#define SCNu64 "lu"
#define SCNx64 "lx"
#define PRIdLEAST64 "ld"
#define PRIiLEAST64 "li"
#define PRIoLEAST64 "lo"
#define PRIuLEAST64 "lu"
#define PRIxLEAST64 "lx"
#define PRIXLEAST64 "lX"
#define SCNdLEAST64 "ld"
#define SCNiLEAST64 "li"
#define SCNoLEAST64 "lo"
#define SCNuLEAST64 "lu"
#define SCNxLEAST64 "lx"
#define PRIdFAST64 "ld"
#define PRIiFAST64 "li"
#define PRIoFAST64 "lo"
#define PRIuFAST64 "lu"
#define PRIxFAST64 "lx"
#define PRIXFAST64 "lX"
#define SCNdFAST64 "ld"
#define SCNiFAST64 "li"
#define SCNoFAST64 "lo"
#define SCNuFAST64 "lu"
#define SCNxFAST64 "lx"

/* intmax_t and intptr_t are long */
#define PRIdMAX "ld"
#define PRIiMAX "li"
#define PRIoMAX "lo"
#define PRIuMAX "lu"
#define PRIxMAX "lx"
#define PRIXMAX "lX"
#define SCNdMAX "ld"
#define SCNiMAX "li"
#define SCNoMAX "lo"
#define SCNuMAX "lu"
#define SCNxMAX "lx"
#define PRIdPTR "ld"
#define PRIiPTR "li"
#define PRIoPTR "lo"
#define PRIuPTR "lu"
#define PRIxPTR "lx"
#define PRIXPTR "lX"
#define SCNdPTR "ld"
#define SCNiPTR "li"
#define SCNoPTR "lo"
#define SCNuPTR "lu"
#define SCNxPTR "lx"

/** The quotient and remainder of imaxdiv(). */
typedef struct imaxdiv_t {
	intmax_t quot; /**< Quotient. */
	intmax_t rem;  /**< Remainder. */
} imaxdiv_t;

#ifdef __cplusplus
extern "C" {
#endif

/** The absolute value of @p j. */
extern intmax_t imaxabs(intmax_t j);
/** The quotient and remainder of @p numer / @p denom. */
extern imaxdiv_t imaxdiv(intmax_t numer, intmax_t denom);
/** Converts the start of @p nptr to an intmax_t in base @p base (0: by prefix). */
extern intmax_t strtoimax(const char *__restrict nptr, char **__restrict endptr, int base);
/** Converts the start of @p nptr to a uintmax_t in base @p base (0: by prefix). */
extern uintmax_t strtoumax(const char *__restrict nptr, char **__restrict endptr, int base);

#ifdef __cplusplus
}
#endif

#endif /* _INTTYPES_H */
