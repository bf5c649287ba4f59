/* The file-write floor: create the files listed in LIST (lines "relative/path<TAB>size", as
 * `find SITE -type f -printf '%P\t%s\n'` prints them) under ROOT with those sizes, one thread,
 * open/write/close each, creating folders as needed; with --sync, one syncfs(2) at the end (as
 * ledgerpress does before its atomic swap). Usage: floor LIST ROOT [--sync]
 * Prints "files N bytes B" on standard output. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int make_parents(char *path) {
    for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';
        int failed = mkdir(path, 0755) != 0 && errno != EEXIST;
        *p = '/';
        if (failed) return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: floor LIST ROOT [--sync]\n"); return 64; }
    int sync_at_end = argc > 3 && strcmp(argv[3], "--sync") == 0;
    FILE *list = fopen(argv[1], "r");
    if (!list) { perror(argv[1]); return 66; }
    if (mkdir(argv[2], 0755) != 0 && errno != EEXIST) { perror(argv[2]); return 73; }
    static char data[1 << 20];
    memset(data, 'x', sizeof data);
    char line[4096], path[8192], last_dir[8192] = "";
    long files = 0, bytes = 0;
    while (fgets(line, sizeof line, list)) {
        char *tab = strrchr(line, '\t');
        if (!tab) continue;
        *tab = '\0';
        long size = atol(tab + 1);
        if (snprintf(path, sizeof path, "%s/%s", argv[2], line) >= (int)sizeof path) {
            fprintf(stderr, "%s: path too long\n", line);
            return 64;
        }
        char *slash = strrchr(path, '/');
        size_t dir_len = (size_t)(slash - path);
        if (strlen(last_dir) != dir_len || strncmp(last_dir, path, dir_len) != 0) {
            if (make_parents(path) != 0) { perror(path); return 73; }
            memcpy(last_dir, path, dir_len);
            last_dir[dir_len] = '\0';
        }
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) { perror(path); return 73; }
        for (long left = size; left > 0;) {
            ssize_t n = write(fd, data, left < (long)sizeof data ? (size_t)left : sizeof data);
            if (n < 0) { perror(path); return 74; }
            left -= n;
        }
        if (close(fd) != 0) { perror(path); return 74; }
        files++;
        bytes += size;
    }
    fclose(list);
    if (sync_at_end) {
        int fd = open(argv[2], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0 || syncfs(fd) != 0) { perror("syncfs"); return 74; }
        close(fd);
    }
    printf("files %ld bytes %ld\n", files, bytes);
    return 0;
}
