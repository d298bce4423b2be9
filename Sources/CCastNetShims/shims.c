// accept4, pthread_setname_np, setns and posix_spawn_file_actions_addclosefrom_np are declared by glibc only under
// _GNU_SOURCE, which the Swift Glibc module is built without.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include <sys/socket.h>
#include "CCastNetShims.h"

int CCastNetShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CCastNetShims_setThreadName(const char *name) { return pthread_setname_np(pthread_self(), name); }

int CCastNetShims_enterNetworkNamespace(int fd) { return setns(fd, CLONE_NEWNET); }

int CCastNetShims_spawnCloseFrom(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int CCastNetShims_spawnChangeDirectory(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int CCastNetShims_pipeCloseOnExec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int CCastNetShims_setPipeSize(int fd, int size) { return fcntl(fd, F_SETPIPE_SZ, size); }
