/* SPDX-License-Identifier: GPL-2.0 */
/* What the prepare step left for a cell, and whether it holds: gen's
 * inputs besides the catalog. */
#ifndef HDRTEST_PREPARED_H
#define HDRTEST_PREPARED_H

#include "model/catalog.h"
#include "model/kconfig.h"

/* OUT/ARCH/CONFIG/prepared, one line written by gen/prepare/prepare-kbuild.sh:
 *   kdir=DIR     a prepared kbuild dir, or
 *   skip=REASON  the cell cannot be built here, or
 *   error=REASON kbuild could not prepare it
 * Exactly one member is set.  0, or -1 after an error naming the file. */
struct prepared {
	char *kdir;
	char *skip;
	char *error;
};
int prepared_read(const char *path, struct prepared *p);
void prepared_free(struct prepared *p);

/* The fragment lines of cfg that the resolved .config did not keep, as
 * "CONFIG_X=y (resolved to n; Kconfig: depends on ...)" joined by ", ",
 * or NULL when all were kept.  tree gives the Kconfig dependencies. */
char *fragment_lost(const struct config *cfg, const struct kconfig *kc, const char *tree);

/* The object whose compiler command the TUs use: the one prepare names
 * in KDIR/.hdrtest-object, mm/mmzone.o by default. */
char *prepared_object(const char *kdir);

#endif
