/* Compiled C at -O2: the instruction mix a compiler produces (compressed
 * forms, Zba address arithmetic, Zbb builtins, jump tables, 128-bit
 * multiplies, recursion, aggregate copies), each result self-checked
 * against a known answer. */
#include "runtime.h"

static uint64_t xorshift_state = 0x9e3779b97f4a7c15u;

static uint64_t next_random(void)
{
	xorshift_state ^= xorshift_state << 13;
	xorshift_state ^= xorshift_state >> 7;
	xorshift_state ^= xorshift_state << 17;
	return xorshift_state;
}

static void quicksort(int64_t *values, long count)
{
	while (count > 1) {
		int64_t pivot = values[count / 2];
		long left = 0, right = count - 1;
		while (left <= right) {
			while (values[left] < pivot)
				left++;
			while (values[right] > pivot)
				right--;
			if (left <= right) {
				int64_t swap = values[left];
				values[left++] = values[right];
				values[right--] = swap;
			}
		}
		/* Recurse on the smaller half to bound the stack depth. */
		if (right + 1 < count - left) {
			quicksort(values, right + 1);
			values += left;
			count -= left;
		} else {
			quicksort(values + left, count - left);
			count = right + 1;
		}
	}
}

static uint32_t crc32(const unsigned char *data, size_t length)
{
	uint32_t crc = 0xffffffffu;
	while (length--) {
		crc ^= *data++;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static unsigned char sieve_composite[10000];

static long count_primes_below(long limit)
{
	long count = 0;
	for (long candidate = 2; candidate < limit; candidate++) {
		if (sieve_composite[candidate])
			continue;
		count++;
		for (long multiple = candidate * candidate; multiple < limit; multiple += candidate)
			sieve_composite[multiple] = 1;
	}
	return count;
}

static uint64_t modular_add(uint64_t left, uint64_t right, uint64_t modulus)
{
	return left >= modulus - right ? left - (modulus - right) : left + right;
}

/* Double-and-add, because 128-bit remainders would need compiler-rt. */
static uint64_t modular_multiply(uint64_t left, uint64_t right, uint64_t modulus)
{
	uint64_t product = 0;
	for (left %= modulus; right; right >>= 1) {
		if (right & 1)
			product = modular_add(product, left, modulus);
		left = modular_add(left, left, modulus);
	}
	return product;
}

static uint64_t modular_power(uint64_t base, uint64_t exponent, uint64_t modulus)
{
	uint64_t result = 1;
	base %= modulus;
	while (exponent) {
		if (exponent & 1)
			result = modular_multiply(result, base, modulus);
		base = modular_multiply(base, base, modulus);
		exponent >>= 1;
	}
	return result;
}

static uint64_t high_product(uint64_t left, uint64_t right)
{
	return (uint64_t)(((unsigned __int128)left * right) >> 64);
}

static long fibonacci(long n)
{
	return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2);
}

static int64_t signed_floor_division(int64_t dividend, int64_t divisor)
{
	int64_t quotient = dividend / divisor;
	if ((dividend % divisor != 0) && ((dividend < 0) != (divisor < 0)))
		quotient--;
	return quotient;
}

/* Dense enough for the compiler to emit a jump table. */
static int opcode_weight(int opcode)
{
	switch (opcode) {
	case 0:
		return 3;
	case 1:
		return 14;
	case 2:
		return 15;
	case 3:
		return 92;
	case 4:
		return 65;
	case 5:
		return 35;
	case 6:
		return 89;
	case 7:
		return 79;
	case 8:
		return 32;
	case 9:
		return 38;
	default:
		return -1;
	}
}

struct particle {
	int64_t position[3];
	int32_t velocity[3];
	uint8_t flags;
};

static struct particle reflect(struct particle input)
{
	struct particle output = input;
	for (int axis = 0; axis < 3; axis++)
		output.velocity[axis] = -output.velocity[axis];
	output.flags ^= 0x80;
	return output;
}

static uint64_t apply(uint64_t (*operation)(uint64_t), uint64_t value)
{
	return operation(value);
}

static uint64_t rotate_and_swap(uint64_t value)
{
	return __builtin_bswap64((value << 13) | (value >> 51));
}

int test_main(long argc, char **argv)
{
	(void)argc;
	(void)argv;

	int64_t values[257];
	for (int index = 0; index < 257; index++)
		values[index] = (int64_t)next_random();
	quicksort(values, 257);
	int sorted = 1;
	uint64_t mix = 0;
	for (int index = 0; index < 257; index++) {
		if (index && values[index - 1] > values[index])
			sorted = 0;
		mix = mix * 31 + (uint64_t)values[index];
	}
	rt_check_true("quicksort_sorted", sorted);
	rt_print("quicksort_mix ");
	rt_print_hex(mix);
	rt_print_char('\n');

	static const unsigned char digits[] = "123456789";
	rt_check("crc32", 0, 0, crc32(digits, 9), 0xcbf43926u, 0);
	rt_check("primes_below_10000", 0, 0, (uint64_t)count_primes_below(10000), 1229, 0);
	rt_check("fermat_3", 0, 0, modular_power(3, 1000000006, 1000000007), 1, 0);
	/* 2^64 - 59 is prime */
	rt_check("fermat_2^64-59", 0, 0, modular_power(0x123456789abcdefu, 0xffffffffffffffc4u, 0xffffffffffffffc5u), 1,
		 0);
	rt_check("high_product", 0, 0, high_product(0xfedcba9876543210u, 0x0123456789abcdefu), 0x0121fa00ad77d742u, 0);
	rt_check("fibonacci_20", 0, 0, (uint64_t)fibonacci(20), 6765, 0);
	rt_check("floor_div", 0, 0, (uint64_t)signed_floor_division(-7, 2), (uint64_t)-4, 0);

	/* volatile keeps the compiler from folding the checks at build time */
	volatile int opcode_limit = 12;
	int weight_sum = 0;
	for (int opcode = -1; opcode < opcode_limit; opcode++)
		weight_sum += opcode_weight(opcode);
	rt_check("jump_table", 0, 0, (uint64_t)weight_sum, 459, 0);

	struct particle original = { { 1, -2, 3 }, { 4, -5, 6 }, 0x01 };
	struct particle reflected = reflect(original);
	rt_check("struct_copy", 0, 0,
		 (uint64_t)(reflected.position[1] + reflected.velocity[0] + reflected.velocity[1] + reflected.flags),
		 (uint64_t)(-2 - 4 + 5 + 0x81), 0);

	volatile uint64_t word = 0x00f0000000000100u;
	rt_check("popcount", 0, 0, (uint64_t)__builtin_popcountll(word), 5, 0);
	rt_check("clz", 0, 0, (uint64_t)__builtin_clzll(word), 8, 0);
	rt_check("ctz", 0, 0, (uint64_t)__builtin_ctzll(word), 8, 0);
	rt_check("function_pointer", 0, 0, apply(rotate_and_swap, word & 1 ? 0 : 1), 0x0020000000000000u, 0);
	return 0;
}
