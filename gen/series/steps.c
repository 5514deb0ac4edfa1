// SPDX-License-Identifier: GPL-2.0
/* The steps of a patch series: see steps.h. */
#include "series/steps.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/process.h"
#include "base/util.h"

char *patch_subject(const char *text)
{
	const char *p = text;
	struct strbuf sb;
	char *s, *q;

	while (p && *p) {
		if (!strncmp(p, "Subject:", 8))
			break;
		if (*p == '\n')		/* the end of the mail's headers */
			return NULL;
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p || !*p)
		return NULL;
	sb_init(&sb);
	p += 8;
	for (;;) {
		size_t len = strcspn(p, "\n");

		sb_addn(&sb, p, len);
		p += len;
		if (*p != '\n' || (p[1] != ' ' && p[1] != '\t'))
			break;
		p++;		/* a folded line goes on */
	}
	s = sb_detach(&sb);
	for (q = s; *q; q++)
		if (*q == '\t')
			*q = ' ';
	q = s;
	while (*q == ' ')
		q++;
	if (*q == '[' && strchr(q, ']')) {
		q = strchr(q, ']') + 1;
		while (*q == ' ')
			q++;
	}
	q = xstrdup(q);
	free(s);
	return q;
}

/* The number a patch's file name starts with ("0006-..."), or -1. */
static int name_number(const char *name)
{
	const char *p = name;
	long v;

	while (isdigit((unsigned char)*p))
		p++;
	if (p == name || p - name > 6 || *p != '-')
		return -1;
	v = strtol(name, NULL, 10);
	return v > 0 ? (int)v : -1;
}

/* A step; its name and subject are the author's bytes, printed on the
 * STEP line and in every report: kept in caret notation, so that an
 * escape sequence in a Subject cannot move the cursor or erase lines. */
static void add_step(struct series *s, const char *num, const char *name, char *subject, char *patch, char *commit)
{
	struct series_step *st = push(&s->steps, &s->n, sizeof(*st));

	st->num = xstrdup(num);
	st->name = printable_line(name);
	st->subject = printable_line(subject);
	free(subject);
	st->patch = patch;
	st->commit = commit;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int only_patches(const struct dirent *d)
{
	return d->d_name[0] != '.' && ends_with(d->d_name, ".patch");
}

/* The patch names of dir: its series file's, else *.patch in order. */
static int patch_names(const char *dir, char ***names, int *n)
{
	char *path = xasprintf("%s/series", dir), *text, *cur, *line;
	struct dirent **list;
	int i, m, lineno = 0;

	*names = NULL;
	*n = 0;
	text = read_text_file(path, NULL, "a quilt series file");
	if (!text && errno != ENOENT) {
		error("cannot read %s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	if (text) {
		for (cur = text; (line = next_line(&cur));) {
			char *c = strchr(line, '#');
			size_t len;

			lineno++;
			if (c)
				*c = '\0';
			line += strspn(line, " \t");
			len = strcspn(line, " \t\r");
			if (!len)
				continue;
			if (memchr(line, '/', len) || line[0] == '.') {
				error("%s:%d:1: expected a patch file name in %s, found '%.*s'", path, lineno, dir,
				      (int)len, line);
				free(text);
				free(path);
				for (i = 0; i < *n; i++)
					free((*names)[i]);
				free(*names);
				*names = NULL;
				*n = 0;
				return -1;
			}
			*(char **)push(names, n, sizeof(char *)) = xstrndup(line, len);
		}
		free(text);
		free(path);
		return 0;
	}
	free(path);
	m = scandir(dir, &list, only_patches, by_name);
	if (m < 0)
		return error("cannot read the patch series dir %s: %s", dir, strerror(errno));
	for (i = 0; i < m; i++) {
		*(char **)push(names, n, sizeof(char *)) = xstrdup(list[i]->d_name);
		free(list[i]);
	}
	free(list);
	return 0;
}

/* "base-commit: SHA" in a patch's text (git format-patch --base), or NULL. */
static char *base_commit_of(const char *text)
{
	const char *p = strstr(text, "\nbase-commit: ");
	size_t len;

	if (!p)
		return NULL;
	p += strlen("\nbase-commit: ");
	len = strspn(p, "0123456789abcdef");
	return len >= 7 && len <= 64 ? xstrndup(p, len) : NULL;
}

int series_from_dir(const char *dir, struct series *s)
{
	char **names;
	int n, i, j, ret = -1;

	memset(s, 0, sizeof(*s));
	if (patch_names(dir, &names, &n))
		return -1;
	if (!n) {
		error("%s: no patch (expected a quilt series file or *.patch files)", dir);
		goto out;
	}
	add_step(s, "0000", "base", xstrdup("the base tree, before the series"), NULL, NULL);
	for (i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *text = read_text_file(path, NULL, "a patch");
		char *subject, num[16];
		int v = name_number(names[i]);

		if (!text) {
			error("%s: %s (listed in %s/series)", path, strerror(errno), dir);
			free(path);
			goto out;
		}
		snprintf(num, sizeof(num), "%04d", v > 0 ? v : i + 1);
		for (j = 0; j < s->n; j++)
			if (!strcmp(s->steps[j].num, num)) {
				error("%s: its number %s is %s's too: a step's results would overwrite another's", path,
				      num, s->steps[j].name);
				free(text);
				free(path);
				goto out;
			}
		subject = patch_subject(text);
		if (!s->base_commit)
			s->base_commit = base_commit_of(text);
		add_step(s, num, names[i], subject ? subject : xstrdup(names[i]), path, NULL);
		free(text);
	}
	ret = 0;
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (ret)
		series_free(s);
	return ret;
}

/* git's output of argv, or NULL after an error naming what. */
static char *git_output(char *const argv[], const char *what)
{
	int rc;
	char *text = run_output(argv, &rc);

	if (!text && rc > 0)
		error("%s: git says no (exit %d)", what, rc);
	return text;
}

/* A revision the user gave: never an option to git. */
static int check_rev(const char *range, const char *rev)
{
	if (!*rev || rev[0] == '-' || strpbrk(rev, " \t\n'\"\\$`"))
		return error("RANGE=%s: expected BASE..TIP, two git revisions (no option, space or quote), found '%s'", range,
		      rev);
	return 0;
}

int series_from_git(const char *git, const char *range, struct series *s)
{
	const char *dots = strstr(range, "..");
	char *a, *b, *mb = NULL, *list = NULL, *cur, *line, *ab = NULL;
	int ret = -1;

	memset(s, 0, sizeof(*s));
	if (!dots || strstr(dots + 2, "..") || dots[2] == '.')
		return error("RANGE=%s: expected BASE..TIP", range);
	a = xstrndup(range, (size_t)(dots - range));
	b = xstrdup(dots + 2);
	if (check_rev(range, a) || check_rev(range, b))
		goto out;
	{
		char *argv[] = { "git", "-C", (char *)git, "merge-base", "--end-of-options", a, b, NULL };
		char *what = xasprintf("git merge-base %s %s in %s", a, b, git);

		mb = git_output(argv, what);
		free(what);
	}
	if (!mb)
		goto out;
	mb[strcspn(mb, "\n")] = '\0';
	ab = xasprintf("%s..%s", mb, b);
	{
		char *argv[] = { "git", "-C", (char *)git, "log", "--reverse", "--no-merges", "--format=%H %s",
				 "--end-of-options", ab, NULL };
		char *what = xasprintf("git log %s in %s", ab, git);

		list = git_output(argv, what);
		free(what);
	}
	if (!list)
		goto out;
	add_step(s, "0000", "base", xasprintf("the base tree, %.12s (git merge-base %s %s)", mb, a, b), NULL,
		 xstrdup(mb));
	for (cur = list; (line = next_line(&cur));) {
		char *sp = strchr(line, ' '), num[16];

		if (!sp)
			continue;
		*sp = '\0';
		snprintf(num, sizeof(num), "%04d", s->n);
		add_step(s, num, line, xstrdup(sp + 1), NULL, xstrdup(line));
	}
	if (s->n < 2) {
		error("RANGE=%s: no commit between %.12s and %s", range, mb, b);
		goto out;
	}
	ret = 0;
out:
	free(a);
	free(b);
	free(mb);
	free(ab);
	free(list);
	if (ret)
		series_free(s);
	return ret;
}

void series_free(struct series *s)
{
	int i;

	for (i = 0; i < s->n; i++) {
		free(s->steps[i].num);
		free(s->steps[i].name);
		free(s->steps[i].subject);
		free(s->steps[i].patch);
		free(s->steps[i].commit);
	}
	free(s->steps);
	free(s->base_commit);
	memset(s, 0, sizeof(*s));
}
