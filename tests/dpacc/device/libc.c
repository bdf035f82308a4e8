/* The device libc: string functions, formatting, the standard streams, errno, malloc. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio-dev/flexio_dev.h>

/* Each failed check sets one bit of the result. */
#define CHECK(bit, cond) ((cond) ? 0 : (1ull << (bit)))

__dpa_rpc__ uint64_t libc_strings(void)
{
	char buf[32];
	uint64_t failed = 0;

	memset(buf, 'x', sizeof(buf));
	failed |= CHECK(0, buf[31] == 'x');
	failed |= CHECK(1, strlen("flexio") == 6);
	failed |= CHECK(2, strcmp("abc", "abd") < 0 && strcmp("b", "a") > 0 && strcmp("same", "same") == 0);
	failed |= CHECK(3, strncmp("prefix-a", "prefix-b", 7) == 0);
	memcpy(buf, "hello", 6);
	failed |= CHECK(4, memcmp(buf, "hello", 6) == 0);
	memmove(buf + 1, buf, 5);
	failed |= CHECK(5, memcmp(buf, "hhello", 6) == 0);
	strcpy(buf, "dpa");
	strcat(buf, "-sim");
	failed |= CHECK(6, strcmp(buf, "dpa-sim") == 0);
	failed |= CHECK(7, strchr(buf, '-') == buf + 3 && strrchr("a/b/c", '/') != NULL);
	failed |= CHECK(8, strstr("bluefield", "field") != NULL && strstr("bluefield", "x") == NULL);
	strncpy(buf, "abcdef", 3);
	failed |= CHECK(9, memcmp(buf, "abc", 3) == 0);
	failed |= CHECK(10, strtoul("0x1f", NULL, 16) == 31 && atoi("-42") == -42);
	return failed;
}

__dpa_rpc__ uint64_t libc_snprintf(void)
{
	char buf[64];
	uint64_t failed = 0;
	int n;

	n = snprintf(buf, sizeof(buf), "%d|%5u|%-4s|%x|%08X|%c|%%", -12, 7u, "ab", 0xbeefu, 0x1234u, 'q');
	failed |= CHECK(0, strcmp(buf, "-12|    7|ab  |beef|00001234|q|%") == 0 && n == (int)strlen(buf));
	n = snprintf(buf, 8, "%s", "truncated text");
	failed |= CHECK(1, n == 14 && strcmp(buf, "truncat") == 0);
	snprintf(buf, sizeof(buf), "%ld %lu %lld", -5000000000l, 18446744073709551615ul, -1ll);
	failed |= CHECK(2, strcmp(buf, "-5000000000 18446744073709551615 -1") == 0);
	snprintf(buf, sizeof(buf), "%p", (void *)0x1000);
	failed |= CHECK(3, strcmp(buf, "0x1000") == 0);
	snprintf(buf, sizeof(buf), "%+d % d %#o %#x", 3, 4, 8, 255);
	failed |= CHECK(4, strcmp(buf, "+3  4 010 0xff") == 0);
	return failed;
}

/* stdout and stderr reach the host as messages; stdin is a readable stream at end of file. */
__dpa_rpc__ uint64_t libc_streams(uint32_t value)
{
	printf("printf %u\n", value);
	puts("puts line");
	fputs("to stderr\n", stderr);
	putchar('c');
	putchar('\n');
	printf("no newline");
	/* flexio-libc's stdio.h declares no input functions: use the stream's device function. */
	return (stdin->flags & __SRD) && stdin->get(stdin) == _FDEV_EOF;
}

/* errno lives in the thread's TLS block: this proves tp and the TLS copy are right. */
__dpa_rpc__ uint64_t libc_errno(void)
{
	errno = 0;
	strtol("99999999999999999999999", NULL, 10);
	return (uint64_t)errno;
}

/* asprintf takes its memory from malloc (the linker script's arena). */
__dpa_rpc__ uint64_t libc_asprintf(uint32_t value)
{
	char *text = NULL;
	int n = asprintf(&text, "value=%u", value);
	uint64_t ok = n == (int)strlen("value=") + 2 && text && strcmp(text, "value=42") == 0;

	free(text);
	return ok;
}
