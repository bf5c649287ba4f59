#ifndef LEDGERPRESS_RENAME_EXCHANGE_H
#define LEDGERPRESS_RENAME_EXCHANGE_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE). Returns 0, or -1 with errno
/// set; errno is ENOSYS or EINVAL where the kernel or file system cannot exchange.
int ledgerpress_rename_exchange(const char *first, const char *second);

/// Flushes the whole file system that holds `path` to disk (Linux syncfs, also not reachable from Swift's
/// Glibc). Returns 0, or -1 with errno set; ENOSYS where there is no syncfs (the caller then calls sync).
int ledgerpress_sync_file_system(const char *path);

/// Flushes the file system of an open descriptor (syncfs). Linux reports, once per descriptor, any write-back
/// error on that file system since the descriptor was opened (or its last syncfs). Returns 0, or -1 with errno.
int ledgerpress_sync_descriptor(int fd);

#endif
