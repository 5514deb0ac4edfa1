/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plan of a run: the catalog is read once, and each later stage reads
 * files instead of the catalog.
 *
 *   OUT/cells            the selected cells, one ARCH/CONFIG a line
 *   OUT/packages         the Debian packages their toolchains need
 *   OUT/headers          the catalogued headers (the run watches them for drift)
 *   OUT/ARCH/CONFIG/plan everything prepare and gen need of one cell, as
 *                        name='value' lines that the prepare script reads
 *                        as data (read_plan) and C with plan_read()
 *
 * Each file is replaced only when its bytes change, so that the run
 * redoes only the cells whose plan changed.
 */
#ifndef HDRTEST_PLAN_H
#define HDRTEST_PLAN_H

#include "model/catalog.h"

struct plan_opts {
	const struct catalog *cat;
	const char *out;	/* the out dir */
	const char *tree;	/* the kernel tree */
	const char *cache;	/* where prepared kbuild dirs live */
	const char *overlay;	/* include dir searched first, or NULL */
	char **archs;		/* the selection: names, or "all" */
	int narchs;
	char **configs;
	int nconfigs;
	FILE *print_packages;	/* set: print the packages here, write nothing */
};

/* Write the plan files; 0, or -1 after error messages (nothing written). */
int plan_write(const struct plan_opts *o);

struct plan_entry {
	char *name;
	char *value;
};

struct plan {
	struct plan_entry *entries;
	int n;
};

/* Read a cell's plan file; 0, or -1 after an error naming file:line:col. */
int plan_read(const char *path, struct plan *p);
/* The value of name, or NULL. */
const char *plan_get(const struct plan *p, const char *name);
void plan_free(struct plan *p);

#endif
