// Counting forwards for glibc's allocator, so tests and benchmarks can prove a code path allocates nothing.
// glibc supports replacing malloc in the executable; these forward to its __libc_* implementations.
#include <errno.h>
#include <stddef.h>
#include "CMallocCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread unsigned long long allocationCount;

unsigned long long CMallocCounter_threadAllocations(void) { return allocationCount; }

void *malloc(size_t size) { allocationCount++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { allocationCount++; return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { allocationCount++; return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { allocationCount++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { allocationCount++; return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    allocationCount++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}
