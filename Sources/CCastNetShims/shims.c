// accept4 is declared by glibc only under _GNU_SOURCE, which the Swift Glibc module is built without.
#define _GNU_SOURCE
#include <sys/socket.h>
#include "CCastNetShims.h"

int CCastNetShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}
