/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_UNCHANGED_H
#define HDRTEST_UNCHANGED_H

#include "objects/objects.h"
#include "objects/tokens.h"

/*
 * Preprocess s->objs[idx[0..*n)] with the recorded tree and with tree
 * (the edited copy) and compare the texts, one job per object, jobs at
 * once, and set verdict[k] (indexed like
 * s->objs) for each: TOKENS_SAME or TOKENS_MOVED need no compile,
 * TOKENS_CHANGED does (so does an object either preprocessing fails
 * for: the compile will say why).  idx is left with the TOKENS_CHANGED
 * ones only, in order, and *n their number; *preprocessed grows by the
 * objects preprocessed.  pc (may be NULL): the cache of the texts before
 * (objects/ppcache.h).  0, or -1 after an error message.
 */
int objects_unchanged(struct kobj_set *s, int *idx, int *n, const char *tree, const char *tmpdir, int jobs,
		      struct ppcache *pc, enum token_verdict *verdict, int *preprocessed);

#endif
