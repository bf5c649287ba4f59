/* In-process libcmark: render every Markdown file named in LIST (one path a line) to HTML with
 * cmark_markdown_to_html (safe mode, the default since cmark 0.29), timing only the rendering:
 * each file is read first, then the clock runs around the render call alone.
 * Usage: cmark_inproc LIST   Prints "docs N bytes B render_seconds S" on standard output. */
#define _GNU_SOURCE
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: cmark_inproc LIST\n"); return 64; }
    FILE *list = fopen(argv[1], "r");
    if (!list) { perror(argv[1]); return 66; }
    char path[8192];
    size_t capacity = 1 << 16;
    char *text = malloc(capacity);
    long docs = 0, bytes = 0, out_bytes = 0;
    double seconds = 0;
    while (fgets(path, sizeof path, list)) {
        path[strcspn(path, "\n")] = '\0';
        if (!path[0]) continue;
        FILE *f = fopen(path, "rb");
        if (!f) { perror(path); return 66; }
        size_t length = 0, n;
        while ((n = fread(text + length, 1, capacity - length, f)) > 0) {
            length += n;
            if (length == capacity) text = realloc(text, capacity *= 2);
        }
        fclose(f);
        double start = now();
        char *html = cmark_markdown_to_html(text, length, CMARK_OPT_DEFAULT);
        seconds += now() - start;
        if (!html) { fprintf(stderr, "%s: cmark failed\n", path); return 70; }
        out_bytes += (long)strlen(html);
        free(html);
        docs++;
        bytes += (long)length;
    }
    fclose(list);
    free(text);
    printf("docs %ld bytes %ld html_bytes %ld render_seconds %.3f\n", docs, bytes, out_bytes, seconds);
    return 0;
}
