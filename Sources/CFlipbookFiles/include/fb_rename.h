// Linux's renameat2(2), which glibc declares only under _GNU_SOURCE and Swift cannot call through the
// variadic syscall(2): one atomic exchange of two names, and a rename that refuses to replace.
#ifndef FB_RENAME_H
#define FB_RENAME_H

#ifdef __cplusplus
extern "C" {
#endif

/// Swaps the two names in one step (RENAME_EXCHANGE): both must exist; afterwards `a` names what `b`
/// named and the other way round. Returns 0, or -1 with errno set (EINVAL where the file system
/// cannot exchange, ENOSYS on a kernel without renameat2).
int fb_rename_exchange(const char *a, const char *b);

/// Renames `from` to `to` only if `to` does not exist (RENAME_NOREPLACE), else fails with EEXIST.
/// Returns 0, or -1 with errno set (EINVAL where the file system cannot refuse to replace).
int fb_rename_noreplace(const char *from, const char *to);

#ifdef __cplusplus
}
#endif

#endif
