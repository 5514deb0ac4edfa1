// SPDX-License-Identifier: GPL-2.0
#include "model/kconfig.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"

static int is_sym_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static void add(struct kconfig *kc, const char *name, size_t n, const char *value)
{
	struct kconfig_entry *e;

	HASH_FIND(hh, kc->entries, name, n, e);
	if (!e) {
		e = xcalloc(1, sizeof(*e));
		e->name = xstrndup(name, n);
		HASH_ADD_KEYPTR(hh, kc->entries, e->name, n, e);
	} else {
		free(e->value);
	}
	e->value = xstrdup(value);
}

static int parse_line(struct kconfig *kc, char *line, struct loc *loc)
{
	const char *unset = " is not set";
	char *p = line, *name;
	size_t n;

	if (*line == '\0')
		return 0;
	if (*line == '#') {
		/* "# CONFIG_FOO is not set" is data; other comments are not */
		if (!starts_with(line, "# CONFIG_"))
			return 0;
		name = line + 2;
		for (p = name; is_sym_char(*p); p++)
			;
		if (strcmp(p, unset) != 0)
			return 0;
		add(kc, name, p - name, "n");
		return 0;
	}
	if (!starts_with(line, "CONFIG_"))
		return error_at(loc, "expected CONFIG_NAME=value or '# CONFIG_NAME is not set'");
	for (name = line; is_sym_char(*p); p++)
		;
	n = p - name;
	if (*p != '=') {
		loc->col = (int)(p - line) + 1;
		return error_at(loc, "expected '=' after %.*s", (int)n, name);
	}
	add(kc, name, n, p + 1);
	return 0;
}

struct kconfig *kconfig_read(const char *path)
{
	struct kconfig *kc;
	char *text, *line, *cur;
	struct loc loc = { path, 0, 1 };
	int bad = 0;

	text = read_text_file(path, NULL, "CONFIG_NAME=value lines");
	if (!text) {
		if (errno != EILSEQ)	/* a NUL byte: reported */
			error("cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	kc = xcalloc(1, sizeof(*kc));
	kc->path = xstrdup(path);
	cur = text;
	while ((line = next_line(&cur))) {
		loc.line++;
		loc.col = 1;
		if (parse_line(kc, line, &loc))
			bad = 1;
	}
	free(text);
	if (bad) {
		kconfig_free(kc);
		return NULL;
	}
	return kc;
}

const char *kconfig_value(const struct kconfig *kc, const char *name)
{
	struct kconfig_entry *e;

	HASH_FIND_STR(kc->entries, name, e);
	return e ? e->value : NULL;
}

int kconfig_defined(const struct kconfig *kc, const char *name)
{
	const char *v = kconfig_value(kc, name);
	size_t n = strlen(name);

	if (v)
		return strcmp(v, "n") != 0 && strcmp(v, "m") != 0;
	/* autoconf.h defines CONFIG_FOO_MODULE for CONFIG_FOO=m */
	if (n > 7 && ends_with(name, "_MODULE")) {
		char *base = xstrndup(name, n - 7);

		v = kconfig_value(kc, base);
		free(base);
		return v && strcmp(v, "m") == 0;
	}
	return 0;
}

void kconfig_free(struct kconfig *kc)
{
	struct kconfig_entry *e, *tmp;

	if (!kc)
		return;
	HASH_ITER(hh, kc->entries, e, tmp) {
		HASH_DEL(kc->entries, e);
		free(e->name);
		free(e->value);
		free(e);
	}
	free(kc->path);
	free(kc);
}
