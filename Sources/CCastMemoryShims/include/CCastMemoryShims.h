// glibc's allocator tuning (malloc.h), which Swift's Glibc module does not import. Used only by CastInspect.
#ifndef CCASTMEMORYSHIMS_H
#define CCASTMEMORYSHIMS_H

#include <malloc.h>

/// mallopt(M_MMAP_THRESHOLD, bytes): allocations up to `bytes` come from the heaps; 1 on success.
static inline int CCastMemoryShims_setMappingThreshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

/// mallopt(M_TRIM_THRESHOLD, bytes): free memory at a heap's top is handed back only beyond `bytes`; 1 on success.
static inline int CCastMemoryShims_setTrimThreshold(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }

#endif
