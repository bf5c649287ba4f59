#ifndef LEDGERPRESS_RENAME_EXCHANGE_H
#define LEDGERPRESS_RENAME_EXCHANGE_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE). Returns 0, or -1 with errno
/// set; errno is ENOSYS or EINVAL where the kernel or file system cannot exchange.
int ledgerpress_rename_exchange(const char *first, const char *second);

#endif
