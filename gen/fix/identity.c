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

/* git config KEY in dir (its first line), or NULL when unset. */
static char *git_config(const char *dir, const char *key)
{
	char *argv[] = { "git", "-C", (char *)dir, "config", "--get", (char *)key, NULL };
	int rc;
	char *text = run_output(argv, &rc), *nl;

	if (text && (nl = strchr(text, '\n')))
		*nl = '\0';
	if (text && !*text) {
		free(text);
		text = NULL;
	}
	return text;
}

static char *from_env(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? xstrdup(v) : NULL;
}

int fix_identity(const char *dir, struct fix_identity *id)
{
	id->name = from_env("GIT_AUTHOR_NAME");
	id->email = from_env("GIT_AUTHOR_EMAIL");
	if (!id->name)
		id->name = git_config(dir, "user.name");
	if (!id->email)
		id->email = git_config(dir, "user.email");
	/* a name or an address that would break the mail's header line */
	if ((id->name && strpbrk(id->name, "<>\n")) || (id->email && strpbrk(id->email, "<> \n"))) {
		error("your git identity \"%s <%s>\" cannot be a patch's From: line", id->name ? id->name : "",
		      id->email ? id->email : "");
		fix_identity_free(id);
		return -1;
	}
	return id->name && id->email ? 0 : -1;
}

void fix_identity_free(struct fix_identity *id)
{
	free(id->name);
	free(id->email);
	id->name = id->email = NULL;
}
