#define _GNU_SOURCE
#include "build_id.h"

#include <elf.h>
#include <link.h>
#include <string.h>

struct found {
    unsigned char *out;
    int capacity;
    int length;
};

static size_t aligned(size_t size) { return (size + 3) & ~(size_t)3; }

static int first_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct found *found = data;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_NOTE) continue;
        const unsigned char *note = (const unsigned char *)(info->dlpi_addr + header->p_vaddr);
        size_t left = header->p_memsz;
        while (left >= sizeof(ElfW(Nhdr))) {
            const ElfW(Nhdr) *nhdr = (const ElfW(Nhdr) *)note;
            size_t length = sizeof(ElfW(Nhdr)) + aligned(nhdr->n_namesz) + aligned(nhdr->n_descsz);
            if (length > left) break;
            const unsigned char *name = note + sizeof(ElfW(Nhdr));
            if (nhdr->n_type == NT_GNU_BUILD_ID && nhdr->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                int count = (int)nhdr->n_descsz < found->capacity ? (int)nhdr->n_descsz : found->capacity;
                memcpy(found->out, name + aligned(nhdr->n_namesz), (size_t)count);
                found->length = count;
                return 1;
            }
            note += length;
            left -= length;
        }
    }
    return 1; /* the first object is the executable itself: stop there */
}

int ledgerpress_build_id(unsigned char *out, int capacity) {
    struct found found = {out, capacity, 0};
    dl_iterate_phdr(first_object, &found);
    return found.length;
}
