#define _GNU_SOURCE
#include "CCastLogShims.h"
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int unix_address(const char *path, struct sockaddr_un *address) {
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof(address->sun_path)) return -ENAMETOOLONG;
    memset(address, 0, sizeof(*address));
    address->sun_family = AF_UNIX;
    memcpy(address->sun_path, path, length);
    return 0;
}

int castlog_unix_datagram_socket(void) {
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    return fd < 0 ? -errno : fd;
}

int castlog_connect_unix(const char *path, int socktype) {
    struct sockaddr_un address;
    int status = unix_address(path, &address);
    if (status < 0) return status;
    int fd = socket(AF_UNIX, socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -errno;
    if (connect(fd, (struct sockaddr *)&address, sizeof(address)) < 0) {
        int code = errno;
        close(fd);
        return -code;
    }
    return fd;
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Waits for `events` on fd until `deadline` (monotonic ms); 0 when ready, -ETIMEDOUT or -errno otherwise.
static int wait_for(int fd, short events, long long deadline) {
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0) return -ETIMEDOUT;
        struct pollfd entry = {.fd = fd, .events = events};
        int ready = poll(&entry, 1, (int)left);
        if (ready > 0) return 0;
        if (ready == 0) return -ETIMEDOUT;
        if (errno != EINTR) return -errno;
    }
}

static int connect_one(const struct addrinfo *info, long long deadline) {
    int fd = socket(info->ai_family, info->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, info->ai_protocol);
    if (fd < 0) return -errno;
    if (connect(fd, info->ai_addr, info->ai_addrlen) == 0) return fd;
    int code = errno;
    if (code == EINPROGRESS) {
        code = -wait_for(fd, POLLOUT, deadline);
        if (code == 0) {
            socklen_t size = sizeof(code);
            if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &size) < 0) code = errno;
        }
        if (code == 0) return fd;
    }
    close(fd);
    return -code;
}

int castlog_connect_inet(const char *host, const char *port, int socktype, int timeout_ms) {
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = socktype;
    hints.ai_flags = AI_NUMERICSERV;
    if (getaddrinfo(host, port, &hints, &found) != 0 || found == NULL) return -CASTLOG_ERESOLVE;
    long long deadline = now_ms() + timeout_ms;
    int result = -EHOSTUNREACH;
    for (struct addrinfo *info = found; info != NULL; info = info->ai_next) {
        result = connect_one(info, deadline);
        if (result >= 0) break;
    }
    freeaddrinfo(found);
    return result;
}

int castlog_send_to_unix(int fd, const char *path, const void *data, size_t length) {
    struct sockaddr_un address;
    int status = unix_address(path, &address);
    if (status < 0) return status;
    for (;;) {
        if (sendto(fd, data, length, MSG_NOSIGNAL, (struct sockaddr *)&address, sizeof(address)) >= 0) return 0;
        if (errno != EINTR) return -errno;
    }
}

int castlog_send_descriptor_to_unix(int fd, const char *path, int passed) {
    struct sockaddr_un address;
    int status = unix_address(path, &address);
    if (status < 0) return status;
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof(control));
    struct msghdr message;
    memset(&message, 0, sizeof(message));
    message.msg_name = &address;
    message.msg_namelen = sizeof(address);
    message.msg_control = &control;
    message.msg_controllen = sizeof(control.space);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &passed, sizeof(int));
    for (;;) {
        if (sendmsg(fd, &message, MSG_NOSIGNAL) >= 0) return 0;
        if (errno != EINTR) return -errno;
    }
}

int castlog_sealed_memfd(const void *data, size_t length) {
    int fd = memfd_create("castscope-journal", MFD_ALLOW_SEALING | MFD_CLOEXEC);
    if (fd < 0) return -errno;
    const char *bytes = data;
    size_t offset = 0;
    while (offset < length) {
        ssize_t written = write(fd, bytes + offset, length - offset);
        if (written < 0) {
            if (errno == EINTR) continue;
            int code = errno;
            close(fd);
            return -code;
        }
        offset += (size_t)written;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) < 0) {
        int code = errno;
        close(fd);
        return -code;
    }
    return fd;
}

int castlog_send_all(int fd, const void *data, size_t length, int timeout_ms) {
    const char *bytes = data;
    size_t offset = 0;
    long long deadline = now_ms() + timeout_ms;
    while (offset < length) {
        ssize_t sent = send(fd, bytes + offset, length - offset, MSG_NOSIGNAL);
        if (sent >= 0) {
            offset += (size_t)sent;
            continue;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return -errno;
        int waited = wait_for(fd, POLLOUT, deadline);
        if (waited < 0) return waited;
    }
    return 0;
}

int castlog_host_name(char *buffer, size_t capacity) {
    if (capacity == 0) return -EINVAL;
    if (gethostname(buffer, capacity - 1) < 0) return -errno;
    buffer[capacity - 1] = 0;
    return 0;
}
