#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
/// Number of allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by the
/// calling thread since it started. Linked only into tests and benchmarks, where it replaces the allocator entry
/// points with counting forwards to glibc's.
unsigned long long CMallocCounter_threadAllocations(void);
/// 1 when allocations are being counted; 0 under a sanitizer, whose allocator cannot be replaced.
int CMallocCounter_isActive(void);
#endif
