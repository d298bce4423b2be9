// Linux APIs that Swift's Glibc module does not import: epoll, eventfd, timerfd, and the CMSG_* macros,
// which are function-like macros and so need static inline wrappers. Used only by CastNet.
#ifndef CCASTNETSHIMS_H
#define CCASTNETSHIMS_H

#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <spawn.h>

/// The first control message of `msg`, or NULL.
static inline struct cmsghdr *CCastNetShims_CMSG_FIRSTHDR(const struct msghdr *msg) { return CMSG_FIRSTHDR(msg); }

/// The control message after `cmsg` in `msg`, or NULL.
static inline struct cmsghdr *CCastNetShims_CMSG_NXTHDR(struct msghdr *msg, struct cmsghdr *cmsg) {
    return CMSG_NXTHDR(msg, cmsg);
}

/// The payload of `cmsg`.
static inline unsigned char *CCastNetShims_CMSG_DATA(struct cmsghdr *cmsg) { return CMSG_DATA(cmsg); }

/// Bytes a control message with `length` payload bytes occupies, padding included.
static inline size_t CCastNetShims_CMSG_SPACE(size_t length) { return CMSG_SPACE(length); }

/// The `cmsg_len` value for a payload of `length` bytes.
static inline size_t CCastNetShims_CMSG_LEN(size_t length) { return CMSG_LEN(length); }

/// accept4(2), which glibc declares only under _GNU_SOURCE; defined in shims.c, which is built with it.
int CCastNetShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// Names the calling thread (pthread_setname_np, also _GNU_SOURCE only); `name` is at most 15 bytes.
int CCastNetShims_setThreadName(const char *name);

/// Moves the calling thread into the network namespace open at `fd` (setns with CLONE_NEWNET, _GNU_SOURCE only).
int CCastNetShims_enterNetworkNamespace(int fd);

/// Makes a spawned child close every descriptor from `lowest` up (posix_spawn_file_actions_addclosefrom_np, glibc
/// 2.34, _GNU_SOURCE only).
int CCastNetShims_spawnCloseFrom(posix_spawn_file_actions_t *actions, int lowest);

/// Makes a spawned child start in `path` (posix_spawn_file_actions_addchdir_np, glibc 2.29, _GNU_SOURCE only).
int CCastNetShims_spawnChangeDirectory(posix_spawn_file_actions_t *actions, const char *path);

/// pipe2(fds, O_CLOEXEC): both ends close-on-exec from the start, so no child spawned meanwhile inherits them.
int CCastNetShims_pipeCloseOnExec(int fds[2]);

/// fcntl(F_SETPIPE_SZ): the pipe's capacity in bytes (Linux only, _GNU_SOURCE).
int CCastNetShims_setPipeSize(int fd, int size);

/// IPv6 packet information (`struct in6_pktinfo` needs _GNU_SOURCE, which the Glibc module is built without).
struct CCastNetShims_in6_pktinfo {
    struct in6_addr ipi6_addr;
    unsigned int ipi6_ifindex;
};

#endif
