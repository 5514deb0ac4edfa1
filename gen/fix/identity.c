// SPDX-License-Identifier: GPL-2.0
/*
 * Who the patches of hdrtest fix are from: the user, never the tool.  As
 * git does: GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL first, else user.name
 * and user.email of git config (the tree's repository when it is one,
 * else the user's own config).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/process.h"
#include "base/util.h"
#include "fix/fixer.h"

/* git config KEY in dir, or NULL when unset.  Only git's own newline at
 * the end is taken off: one inside the value is refused with the rest. */
static char *git_config(const char *dir, const char *key)
{
	char *argv[] = { "git", "-C", (char *)dir, "config", "--get", (char *)key, NULL };
	int rc;
	char *text = run_output(argv, &rc);
	size_t len = text ? strlen(text) : 0;

	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	if (text && !*text) {
		free(text);
		text = NULL;
	}
	return text;
}

/* The first character of v a mail's header line cannot carry, or NULL:
 * a control character (a CR ends the line for a mail reader and for git
 * am, which then takes what follows as another header) or one of bad. */
static const char *unfit(const char *v, const char *bad)
{
	const unsigned char *p;

	for (p = (const unsigned char *)v; *p; p++)
		if (*p < 0x20 || *p == 0x7f || strchr(bad, *p))
			return (const char *)p;
	return NULL;
}

/* *value from the environment variable env, else git config key in dir
 * (NULL when neither is set).  0, or -1 after an error naming where the
 * value came from and what it cannot hold. */
static int identity_part(const char *dir, const char *env, const char *key, const char *bad, char **value)
{
	const char *e = getenv(env), *p;
	char *v = e && *e ? xstrdup(e) : git_config(dir, key), *where, *shown;

	*value = v;
	if (!v || !(p = unfit(v, bad)))
		return 0;
	where = e && *e ? xstrdup(env) : xasprintf("git config %s (in %s)", key, dir);
	shown = printable_line(v);
	if ((unsigned char)*p < 0x20 || *p == 0x7f)
		error("%s \"%s\" holds a control character (^%c) at byte %d: a patch's From: line cannot carry it",
		      where, shown, *p == 0x7f ? '?' : *p + '@', (int)(p - v) + 1);
	else
		error("%s \"%s\" holds '%c' at byte %d: a patch's From: line cannot carry it", where, shown, *p,
		      (int)(p - v) + 1);
	free(shown);
	free(where);
	free(v);
	*value = NULL;
	return -1;
}

int fix_identity(const char *dir, struct fix_identity *id)
{
	id->name = id->email = NULL;
	/* an address in <>: a bracket in either would end it early */
	if (identity_part(dir, "GIT_AUTHOR_NAME", "user.name", "<>", &id->name) ||
	    identity_part(dir, "GIT_AUTHOR_EMAIL", "user.email", "<> ", &id->email)) {
		fix_identity_free(id);
		return -1;
	}
	return id->name && id->email ? 0 : 1;
}

void fix_identity_free(struct fix_identity *id)
{
	free(id->name);
	free(id->email);
	id->name = id->email = NULL;
}
