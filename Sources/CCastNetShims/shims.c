// accept4, pthread_setname_np and setns are declared by glibc only under _GNU_SOURCE, which the Swift Glibc module is built without.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>
#include "CCastNetShims.h"

int CCastNetShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CCastNetShims_setThreadName(const char *name) { return pthread_setname_np(pthread_self(), name); }

int CCastNetShims_enterNetworkNamespace(int fd) { return setns(fd, CLONE_NEWNET); }
