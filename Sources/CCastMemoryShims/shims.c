// The shims are static inline functions in the header; this file gives SwiftPM a C target to build.
#include "CCastMemoryShims.h"
