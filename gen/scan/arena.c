// SPDX-License-Identifier: GPL-2.0
/*
 * The arena of an index (arena.h): the bottom of the scanner's stack.
 * Each worker thread fills its own, and the index adopts them all.
 */
#include "scan/arena.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct chunk {
	struct chunk *next;
	size_t used, cap;
	char data[];
};

void *aalloc(struct arena *a, size_t n)
{
	void *p;

	n = (n + 7) & ~(size_t)7;
	if (!a->head || a->head->cap - a->head->used < n) {
		size_t cap = n > 65000 ? n : 65000;
		struct chunk *c = xmalloc(sizeof(*c) + cap);

		c->next = a->head;
		c->used = 0;
		c->cap = cap;
		a->head = c;
	}
	p = a->head->data + a->head->used;
	a->head->used += n;
	return p;
}

char *astrndup(struct arena *a, const char *s, size_t n)
{
	char *p = aalloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *astrdup(struct arena *a, const char *s)
{
	return astrndup(a, s, strlen(s));
}

void arena_adopt(struct arena *a, struct arena *from)
{
	struct chunk *c = from->head;

	while (c && c->next)
		c = c->next;
	if (!c)
		return;
	c->next = a->head ? a->head->next : NULL;
	if (a->head)
		a->head->next = from->head;
	else
		a->head = from->head;
	from->head = NULL;
}

void arena_free(struct arena *a)
{
	while (a->head) {
		struct chunk *c = a->head;

		a->head = c->next;
		free(c);
	}
}
