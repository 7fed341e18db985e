// renameat2(2) through syscall(2), so that it works whatever glibc declares (it wraps renameat2 only
// since 2.28, and only under _GNU_SOURCE).
#define _GNU_SOURCE
#include "fb_rename.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int fb_rename_exchange(const char *a, const char *b) {
  return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}

int fb_rename_noreplace(const char *from, const char *to) {
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}
