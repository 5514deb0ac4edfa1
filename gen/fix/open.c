// SPDX-License-Identifier: GPL-2.0
/*
 * Opening a fixer on a finished run: what hdrtest fix and hdrtest
 * fix-consumers both do before their own work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/fixer.h"
#include "judge/results.h"
#include "scan/scan.h"

int fixer_open(struct fixer *fx, const char *out, const char *sub, char **cells, int ncells, int signoff)
{
	char cwd[4096], *who;
	int i, rc, locked;

	/* absolute: compile.sh and the object commands run in the kbuild dir */
	if (out[0] == '/') {
		fx->out = xstrdup(out);
	} else if (getcwd(cwd, sizeof(cwd))) {
		fx->out = xasprintf("%s/%s", cwd, out);
	} else {
		return error("cannot tell the current directory: %s", strerror(errno));
	}
	fx->dir = xasprintf("%s/%s", fx->out, sub);
	fx->cells = cells;
	fx->ncells = ncells;
	fx->orig = xcalloc(ncells, sizeof(*fx->orig));
	for (i = 0; i < ncells; i++)
		if (!(fx->orig[i] = cell_read(fx->out, cells[i])))
			return -1;
	/* (OUT is a run's, the cells read above say so) OUT's results must
	 * not change under us, nor OUT/SUB be written by two at once */
	who = xasprintf("hdrtest %s", sub);
	locked = lock_out(fx->out, who);
	free(who);
	if (locked)
		return -1;
	/* the patches are the user's to send: From is the user, and a
	 * Signed-off-by only when asked for (the human certifies); with an
	 * identity no From: line can carry, or asked for without one,
	 * nothing is done, OUT/SUB kept as it was */
	rc = fix_identity(fx->orig[0]->srctree, &fx->who);
	if (rc < 0)
		return -1;
	if (rc && signoff)
		return error("--signoff (SIGNOFF=1) needs your identity for the Signed-off-by line: set git config "
		      "user.name and user.email, or GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL");
	fx->signoff = signoff;
	if (!(fx->ix = scan_tree(fx->orig[0]->srctree)))
		return -1;
	remove_tree(fx->dir);
	if (mkdirs(fx->dir))
		return error("cannot create %s: %s", fx->dir, strerror(errno));
	return 0;
}

void fixer_close(struct fixer *fx)
{
	int i;

	for (i = 0; fx->orig && i < fx->ncells; i++)
		cell_free(fx->orig[i]);
	free(fx->orig);
	fx->orig = NULL;
	free(fx->dir);
	fx->dir = NULL;
	free(fx->out);
	fx->out = NULL;
	scan_free(fx->ix);
	fx->ix = NULL;
	fix_identity_free(&fx->who);
}
