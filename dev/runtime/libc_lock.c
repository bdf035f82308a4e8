/*
 * The libc's retargetable locks. picolibc serializes malloc and other shared state with
 * __lock___libc_recursive_mutex; its own lock functions do nothing, which is wrong once many
 * DPA threads run at once. These replace all of them (defining every symbol of picolibc's
 * lock object keeps that object out of the link): a recursive spinlock owned by the thread
 * whose tp it records. Locks made at run time (__retarget_lock_init) would need malloc, which
 * needs a lock: they stay NULL and lock nothing, as in picolibc.
 */
#include <stddef.h>
#include <stdint.h>

struct __lock {
	uintptr_t owner; /* tp of the holding thread; 0 when free */
	uint32_t depth;
};
typedef struct __lock *_LOCK_T;

struct __lock __lock___libc_recursive_mutex;

static uintptr_t self(void)
{
	uintptr_t tp;

	__asm__("mv %0, tp" : "=r"(tp));
	return tp;
}

int __retarget_lock_try_acquire_recursive(_LOCK_T lock)
{
	uintptr_t expected = 0;

	if (!lock)
		return 1;
	if (__atomic_load_n(&lock->owner, __ATOMIC_ACQUIRE) == self()) {
		lock->depth++;
		return 1;
	}
	if (!__atomic_compare_exchange_n(&lock->owner, &expected, self(), 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return 0;
	lock->depth = 1;
	return 1;
}

void __retarget_lock_acquire_recursive(_LOCK_T lock)
{
	while (!__retarget_lock_try_acquire_recursive(lock))
		;
}

void __retarget_lock_release_recursive(_LOCK_T lock)
{
	if (!lock || __atomic_load_n(&lock->owner, __ATOMIC_RELAXED) != self())
		return;
	if (--lock->depth == 0)
		__atomic_store_n(&lock->owner, 0, __ATOMIC_RELEASE);
}

/* Plain locks are recursive locks that are never taken twice. */
int __retarget_lock_try_acquire(_LOCK_T lock)
{
	return __retarget_lock_try_acquire_recursive(lock);
}

void __retarget_lock_acquire(_LOCK_T lock)
{
	__retarget_lock_acquire_recursive(lock);
}

void __retarget_lock_release(_LOCK_T lock)
{
	__retarget_lock_release_recursive(lock);
}

void __retarget_lock_init(_LOCK_T *lock)
{
	if (lock)
		*lock = NULL;
}

void __retarget_lock_init_recursive(_LOCK_T *lock)
{
	__retarget_lock_init(lock);
}

void __retarget_lock_close(_LOCK_T lock)
{
	(void)lock;
}

void __retarget_lock_close_recursive(_LOCK_T lock)
{
	(void)lock;
}
