#ifndef LEDGERPRESS_BUILD_ID_H
#define LEDGERPRESS_BUILD_ID_H

/// Copies the running executable's GNU build ID (its NT_GNU_BUILD_ID note: the linker's digest of the file it
/// wrote) into `out`, at most `capacity` bytes, read from the loaded image's PT_NOTE segments (dl_iterate_phdr,
/// which Swift's Glibc module does not reach). Returns the ID's length, or 0 when the executable has none.
int ledgerpress_build_id(unsigned char *out, int capacity);

#endif
