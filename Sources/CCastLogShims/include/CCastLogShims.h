#ifndef CCASTLOGSHIMS_H
#define CCASTLOGSHIMS_H
#include <stddef.h>

// Socket calls of CastLog's journal and syslog sinks. Every function returns a descriptor or 0 on success and a
// negative errno on failure (a name that does not resolve is -CASTLOG_ERESOLVE); descriptors are close-on-exec.

#define CASTLOG_ERESOLVE 100000

/// An unconnected, non-blocking AF_UNIX datagram socket (for sendto a journal socket).
int castlog_unix_datagram_socket(void);
/// A connected, non-blocking AF_UNIX socket of `socktype` (SOCK_DGRAM or SOCK_STREAM) to `path`.
int castlog_connect_unix(const char *path, int socktype);
/// A connected, non-blocking socket of `socktype` to host:port, the connect bounded by `timeout_ms`.
int castlog_connect_inet(const char *host, const char *port, int socktype, int timeout_ms);
/// Sends one datagram to the AF_UNIX `path` without blocking.
int castlog_send_to_unix(int fd, const char *path, const void *data, size_t length);
/// Sends the descriptor `passed` (SCM_RIGHTS, no payload) to the AF_UNIX `path`, as journald takes large entries.
int castlog_send_descriptor_to_unix(int fd, const char *path, int passed);
/// A memfd holding `data`, sealed against any change (journald refuses unsealed memfds).
int castlog_sealed_memfd(const void *data, size_t length);
/// Sends all of `data` on a connected socket, waiting at most `timeout_ms` in all for room; never raises SIGPIPE.
int castlog_send_all(int fd, const void *data, size_t length, int timeout_ms);
/// The host name (at most `capacity` - 1 bytes), or -errno.
int castlog_host_name(char *buffer, size_t capacity);

#endif
