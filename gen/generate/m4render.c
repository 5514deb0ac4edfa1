// SPDX-License-Identifier: GPL-2.0
#include "generate/m4render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/process.h"
#include "model/validate.h"

#define M4_LQUOTE "\xe2\x9f\xa6"	/* ⟦ */
#define M4_RQUOTE "\xe2\x9f\xa7"	/* ⟧ */
/* What the data's names begin with: m4_ht_get in templates/hdrtest.m4
 * reads "m4_HT_" NAME back. */
#define M4_DATA "m4_HT_"

/* The catalog's checks keep m4's quotes and every name that begins with
 * m4_ out of its values; should one slip through (or come from elsewhere),
 * it must neither end the quoted value early and have m4 run the rest, nor
 * be expanded where a template rescans the value: the definition is
 * replaced by a failure of the m4 run. */
void m4_def(struct strbuf *sb, const char *name, const char *value)
{
	const char *reserved;
	int len;

	if (strstr(value, M4_LQUOTE) || strstr(value, M4_RQUOTE)) {
		error("the value of " M4_DATA "%s holds m4's quote characters: not passed to m4", name);
		sb_addf(sb, "m4_ht_fail(⟦" M4_DATA "%s: a value with quote characters⟧)\n", name);
		return;
	}
	reserved = m4_reserved_name(value, &len);
	if (reserved) {
		error("the value of " M4_DATA "%s, '%s', holds '%.*s', which is reserved for hdrtest's m4 "
		      "templates: not passed to m4", name, value, len, reserved);
		sb_addf(sb, "m4_ht_fail(⟦" M4_DATA "%s: a value with a reserved name⟧)\n", name);
		return;
	}
	sb_addf(sb, "m4_define(⟦" M4_DATA "%s⟧, ⟦%s⟧)\n", name, value);
}

void m4_defi(struct strbuf *sb, const char *name, int value)
{
	sb_addf(sb, "m4_define(⟦" M4_DATA "%s⟧, ⟦%d⟧)\n", name, value);
}

/* Every template renders to something: an empty file means m4 stopped
 * early (an m4exit) without saying so. */
static int check_output(const char *out_path, const char *template)
{
	struct stat st;

	if (stat(out_path, &st)) {
		error("cannot write %s: %s", out_path, strerror(errno));
		return -1;
	}
	if (st.st_size == 0) {
		error("m4 rendered nothing from %s into %s", template, out_path);
		return -1;
	}
	return 0;
}

/* --- several renders at once (gen: one TU per header) --- */

void m4_batch_init(struct m4_batch *b, int max)
{
	memset(b, 0, sizeof(*b));
	b->max = max > 0 ? max : 1;
	b->running = xcalloc(b->max, sizeof(*b->running));
}

/* Wait for the oldest render and check what it wrote.  After a failure
 * the others are only waited for: one error, as with one m4 at a time. */
static int wait_oldest(struct m4_batch *b)
{
	struct m4_job *j = &b->running[0];
	int rc, quiet = b->failed;

	rc = wait_child(j->pid, "m4");
	if (rc > 0 && !quiet)
		error("m4 failed (exit %d) rendering %s into %s", rc, j->template, j->out_path);
	if (rc == 0 && !quiet)
		rc = check_output(j->out_path, j->template);

	free(j->template);
	free(j->out_path);
	b->n--;
	memmove(&b->running[0], &b->running[1], b->n * sizeof(*b->running));
	if (rc)
		b->failed = 1;
	return rc ? -1 : 0;
}

int m4_batch_add(struct m4_batch *b, const char *m4, const char *templates, const char *defs_path,
		 const char *defs, const char *tmpl, const char *out_path)
{
	char *prelude, *template;
	pid_t pid;

	if (b->n == b->max)
		wait_oldest(b);
	if (b->failed)
		return -1;
	if (write_text(defs_path, defs)) {
		b->failed = 1;
		return -1;
	}
	prelude = xasprintf("%s/hdrtest.m4", templates);
	template = xasprintf("%s/%s", templates, tmpl);
	{
		char *argv[] = { (char *)m4, "-P", "-E", prelude, (char *)defs_path, template, NULL };

		pid = start_to_file(argv, out_path);
	}
	free(prelude);
	if (pid < 0) {
		free(template);
		b->failed = 1;
		return -1;
	}
	b->running[b->n].pid = pid;
	b->running[b->n].template = template;
	b->running[b->n].out_path = xstrdup(out_path);
	b->n++;
	return 0;
}

int m4_batch_finish(struct m4_batch *b)
{
	while (b->n)
		wait_oldest(b);
	free(b->running);
	b->running = NULL;
	return b->failed ? -1 : 0;
}

/* One render: a batch of one. */
int m4_render(const char *m4, const char *templates, const char *defs_path, const char *defs,
	      const char *tmpl, const char *out_path)
{
	struct m4_batch b;

	m4_batch_init(&b, 1);
	m4_batch_add(&b, m4, templates, defs_path, defs, tmpl, out_path);
	return m4_batch_finish(&b);
}
