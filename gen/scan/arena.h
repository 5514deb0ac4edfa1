/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arena that everything an index holds lives in: allocated in
 * chunks, never freed one by one, all freed with the index.  The bottom
 * of the scanner (scan_internal.h draws the stack); it uses nothing of it.
 */
#ifndef HDRTEST_SCAN_ARENA_H
#define HDRTEST_SCAN_ARENA_H

#include <stddef.h>

struct chunk;

/* head: the chunk allocated from; the others behind it are full, or
 * came from another arena (arena_adopt()). */
struct arena {
	struct chunk *head;
};

void *aalloc(struct arena *a, size_t n);
char *astrndup(struct arena *a, const char *s, size_t n);
char *astrdup(struct arena *a, const char *s);
/* Move from's chunks into a, behind a's head, which a goes on allocating
 * from; from is left empty. */
void arena_adopt(struct arena *a, struct arena *from);
void arena_free(struct arena *a);

#endif
