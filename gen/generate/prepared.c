// SPDX-License-Identifier: GPL-2.0
#include "generate/prepared.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "model/kconfig_deps.h"

int prepared_read(const char *path, struct prepared *p)
{
	char *text = read_text_file(path, NULL, "kdir=, skip= or error="), *nl;
	struct loc loc = { path, 1, 1 };

	memset(p, 0, sizeof(*p));
	if (!text) {
		if (errno != EILSEQ)
			error("cannot read %s: %s (the prepare step did not run)", path, strerror(errno));
		return -1;
	}
	nl = strchr(text, '\n');
	if (!nl || nl[1]) {
		error_at(&loc, "expected one line ending in a newline");
		free(text);
		return -1;
	}
	*nl = '\0';
	/* a reason quotes kbuild, which may print anything: no escape
	 * sequence goes on to the reports */
	if (starts_with(text, "kdir=") && text[5])
		p->kdir = xstrdup(text + 5);
	else if (starts_with(text, "skip="))
		p->skip = printable_text(text + 5);
	else if (starts_with(text, "error="))
		p->error = printable_text(text + 6);
	else
		error_at(&loc, "expected kdir=DIR, skip=REASON or error=REASON");
	free(text);
	return p->kdir || p->skip || p->error ? 0 : -1;
}

void prepared_free(struct prepared *p)
{
	free(p->kdir);
	free(p->skip);
	free(p->error);
	memset(p, 0, sizeof(*p));
}

char *fragment_lost(const struct config *cfg, const struct kconfig *kc, const char *tree)
{
	struct strbuf sb;
	int i, lost = 0;

	sb_init(&sb);
	for (i = 0; i < cfg->nfrags; i++) {
		const char *want = cfg->frags[i].value, *got = kconfig_value(kc, cfg->frags[i].name);
		char *deps;

		if (!got)
			got = "n";
		if (!strcmp(want, got))
			continue;
		deps = tree ? kconfig_dependencies(tree, cfg->frags[i].name) : NULL;
		sb_addf(&sb, "%s%s=%s (resolved to %s", lost++ ? ", " : "", cfg->frags[i].name, want, got);
		if (deps)
			sb_addf(&sb, "; Kconfig: %s", deps);
		sb_add(&sb, ")");
		free(deps);
	}
	if (!lost) {
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

char *prepared_object(const char *kdir)
{
	char *path = xasprintf("%s/.hdrtest-object", kdir), *text = read_first_line(path);

	free(path);
	if (!text || !*text) {
		free(text);
		return xstrdup("mm/mmzone.o");
	}
	return text;
}
