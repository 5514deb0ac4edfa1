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

	if (stat(out_path, &st))
		return error("cannot write %s: %s", out_path, strerror(errno));
	if (st.st_size == 0)
		return error("m4 rendered nothing from %s into %s", template, out_path);
	return 0;
}

/* One render: prelude, defs, template, m4's output into out_path. */
int m4_render(const char *m4, const char *templates, const char *defs_path, const char *defs,
	      const char *tmpl, const char *out_path)
{
	char *prelude, *template;
	int rc;

	if (write_text(defs_path, defs))
		return -1;
	prelude = xasprintf("%s/hdrtest.m4", templates);
	template = xasprintf("%s/%s", templates, tmpl);
	{
		char *argv[] = { (char *)m4, "-P", "-E", prelude, (char *)defs_path, template, NULL };

		rc = run_to_file(argv, out_path);
	}
	if (rc > 0)
		error("m4 failed (exit %d) rendering %s into %s", rc, template, out_path);
	if (rc == 0)
		rc = check_output(out_path, template);
	free(prelude);
	free(template);
	return rc ? -1 : 0;
}

/* --- many renders in a few m4 processes --- */

/* Ends each item's output in a group's; a control character (RS) that no
 * template writes, on a line of its own. */
#define ITEM_END "\036hdrtest-end-of-item\n"

/* Whether text m4_define()s name (len bytes). */
static int defines(const char *text, const char *name, size_t len)
{
	const char *p = text;

	while (text && (p = strstr(p, "m4_define(" M4_LQUOTE))) {
		p += strlen("m4_define(" M4_LQUOTE);
		if (!strncmp(p, name, len) && !strncmp(p + len, M4_RQUOTE, strlen(M4_RQUOTE)))
			return 1;
	}
	return 0;
}

/* m4_popdef() of every name text m4_define()s, but those the prelude
 * defines, which must stay for the next item. */
static void add_popdefs(struct strbuf *sb, const char *text, const char *prelude)
{
	const char *p = text, *name;

	while ((p = strstr(p, "m4_define(" M4_LQUOTE))) {
		name = p + strlen("m4_define(" M4_LQUOTE);
		p = strstr(name, M4_RQUOTE);
		if (!p)
			break;
		if (defines(prelude, name, p - name))
			continue;
		sb_add(sb, "m4_popdef(" M4_LQUOTE);
		sb_addn(sb, name, p - name);
		sb_add(sb, M4_RQUOTE ")");
	}
}

/*
 * After an item, back to where m4 stood after the prelude: the item's data
 * and the template's own macros popped (undefined again, as in a render of
 * its own, where the template's prose names its macros before defining
 * them), then the end marker in diversion 0 whatever the template left.
 */
static void add_item_end(struct strbuf *sb, const char *defs, const char *template_pops)
{
	sb_add(sb, "m4_divert(-1)");
	add_popdefs(sb, defs, NULL);
	sb_add(sb, template_pops);
	sb_add(sb, "m4_divert(0)m4_dnl\n" ITEM_END);
}

/* A group: items [first, first + n), its input and output files. */
struct group {
	int first, n;
	char *in_path, *out_path, *err_path;
	pid_t pid;
};

static pid_t start_group(const char *m4, const char *prelude, const char *template_text,
			 const char *template_pops, const struct m4_item *items, struct group *g)
{
	struct strbuf sb;
	pid_t pid;
	int i;

	sb_init(&sb);
	for (i = g->first; i < g->first + g->n; i++) {
		sb_add(&sb, items[i].defs);
		sb_add(&sb, template_text);
		add_item_end(&sb, items[i].defs, template_pops);
	}
	if (write_text(g->in_path, sb.buf)) {
		sb_release(&sb);
		return -1;
	}
	sb_release(&sb);
	{
		char *argv[] = { (char *)m4, "-P", "-E", (char *)prelude, g->in_path, NULL };

		pid = start_to_files(argv, g->out_path, g->err_path);
	}
	return pid;
}

/* Split a group's output into its items' files: 0, or -1 (nothing said)
 * when it does not hold one non-empty output per item. */
static int split_group(const struct m4_item *items, const struct group *g)
{
	char *text = read_file(g->out_path, NULL), *p, *end;
	int i, ret = 0;

	if (!text)
		return -1;
	p = text;
	for (i = 0; i < g->n; i++) {
		end = strstr(p, ITEM_END);
		if (!end || end == p) {
			ret = -1;
			break;
		}
		p = end + strlen(ITEM_END);
	}
	if (!ret && *p)
		ret = -1;
	for (p = text, i = 0; !ret && i < g->n; i++) {
		end = strstr(p, ITEM_END);
		*end = '\0';
		ret = write_text(items[g->first + i].out_path, p) ? -2 : 0;
		p = end + strlen(ITEM_END);
	}
	free(text);
	return ret;
}

int m4_render_many(const char *m4, const char *templates, const char *tmpdir, const char *tmpl,
		   const struct m4_item *items, int n, int nproc)
{
	char *tpath = xasprintf("%s/%s", templates, tmpl), *text = read_file(tpath, NULL);
	char *ppath = xasprintf("%s/hdrtest.m4", templates), *prelude = read_file(ppath, NULL);
	struct strbuf pops;
	struct group *groups;
	int ngroups, i, j, ret = 0;

	free(tpath);
	sb_init(&pops);
	if (text && prelude)
		add_popdefs(&pops, text, prelude);
	if (nproc < 1)
		nproc = 1;
	ngroups = n < nproc ? n : nproc;
	groups = xcalloc(ngroups ? ngroups : 1, sizeof(*groups));
	for (i = 0, j = 0; i < ngroups; i++) {
		struct group *g = &groups[i];

		g->first = j;
		g->n = n / ngroups + (i < n % ngroups);
		j += g->n;
		g->in_path = xasprintf("%s/group.%d.m4", tmpdir, i);
		g->out_path = xasprintf("%s/group.%d.out", tmpdir, i);
		g->err_path = xasprintf("%s/group.%d.err", tmpdir, i);
		/* a template we cannot read: the single renders say why */
		g->pid = text && prelude ? start_group(m4, ppath, text, pops.buf ? pops.buf : "", items, g) : -1;
	}
	for (i = 0; i < ngroups; i++) {
		struct group *g = &groups[i];
		int rc = -1;

		if (g->pid > 0) {
			/* quiet: a failing group is rendered again below,
			 * item by item, and that says what failed */
			rc = wait_child(g->pid, "m4");
			if (rc == 0)
				rc = split_group(items, g);
		}
		if (rc == -2)
			ret = -1;	/* a write error, already said */
		for (j = g->first; rc && rc != -2 && !ret && j < g->first + g->n; j++)
			ret = m4_render(m4, templates, items[j].defs_path, items[j].defs, tmpl,
					items[j].out_path);
		free(g->in_path);
		free(g->out_path);
		free(g->err_path);
	}
	free(groups);
	free(text);
	free(prelude);
	free(ppath);
	sb_release(&pops);
	return ret;
}
