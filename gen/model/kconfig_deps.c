// SPDX-License-Identifier: GPL-2.0
/*
 * Why did Kconfig drop a fragment line?  Usually an unmet "depends on":
 * find the symbol's entries in the tree's Kconfig files and collect their
 * dependencies, so that a skipped cell can say what is missing.
 */
#include "model/kconfig_deps.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Append the "depends on" lines of "config NAME" entries in text. */
static void deps_in_file(const char *text, const char *name, struct strbuf *out)
{
	const char *cur = text, *line;
	int in_entry = 0;
	size_t n;

	while ((line = next_line_span(&cur, &n))) {
		const char *p = skip_blank(line);

		if (p == line && n) {
			/* an unindented line starts an entry (or ends one) */
			in_entry = 0;
			if (!strncmp(line, "config ", 7) || !strncmp(line, "menuconfig ", 11)) {
				const char *s = skip_blank(line + (line[0] == 'c' ? 7 : 11));
				size_t k = strlen(name);

				in_entry = !strncmp(s, name, k) && (s[k] == '\n' || s[k] == ' ' || s[k] == '\0');
			}
		} else if (in_entry && !strncmp(p, "depends on", 10)) {
			sb_addf(out, "%s%.*s", out->len ? "; " : "", (int)(line + n - p), p);
		}
	}
}

static void walk(const char *dir, const char *name, struct strbuf *out, int depth)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d || depth > 8) {
		if (d)
			closedir(d);
		return;
	}
	while ((de = readdir(d))) {
		char *path;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode)) {
				walk(path, name, out, depth + 1);
			} else if (S_ISREG(st.st_mode) && starts_with(de->d_name, "Kconfig")) {
				/* a NUL would cut the file short: an error, and the file is left out */
				char *text = read_text_file(path, NULL, "Kconfig text");

				if (text)
					deps_in_file(text, name, out);
				free(text);
			}
		}
		free(path);
	}
	closedir(d);
}

char *kconfig_dependencies(const char *tree, const char *symbol)
{
	struct strbuf out;
	const char *name = starts_with(symbol, "CONFIG_") ? symbol + 7 : symbol;

	sb_init(&out);
	walk(tree, name, &out, 0);
	return out.len ? sb_detach(&out) : NULL;
}
