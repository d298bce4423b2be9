// Counting forwards for glibc's allocator, so tests and benchmarks can prove a code path allocates nothing.
// glibc supports replacing malloc in the executable; these forward to its __libc_* implementations.
// Under a sanitizer (which brings its own allocator) the replacement is left out and counting reports inactive.
#include <errno.h>
#include <stddef.h>
#include "CMallocCounter.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define CMALLOCCOUNTER_DISABLED 1
#endif
#endif

#ifdef CMALLOCCOUNTER_DISABLED
unsigned long long CMallocCounter_threadAllocations(void) { return 0; }
int CMallocCounter_isActive(void) { return 0; }
#else
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread unsigned long long allocationCount;

unsigned long long CMallocCounter_threadAllocations(void) { return allocationCount; }
int CMallocCounter_isActive(void) { return 1; }

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
#endif
