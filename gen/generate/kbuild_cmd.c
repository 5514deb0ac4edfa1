// SPDX-License-Identifier: GPL-2.0
#include "generate/kbuild_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"

int shell_split(const char *s, char ***argv, int *argc)
{
	struct strbuf w;
	int in_word = 0;

	*argv = NULL;
	*argc = 0;
	sb_init(&w);
	for (;; s++) {
		char c = *s;

		if (c == '\0' || c == '\n' || c == ';' || c == ' ' || c == '\t') {
			if (in_word)
				*(char **)push(argv, argc, sizeof(char *)) = sb_detach(&w);
			in_word = 0;
			if (c == ' ' || c == '\t')
				continue;
			break;
		}
		in_word = 1;
		if (c == '\'') {
			const char *q = strchr(s + 1, '\'');

			if (!q)
				goto unbalanced;
			sb_addn(&w, s + 1, q - s - 1);
			s = q;
		} else if (c == '"') {
			for (s++; *s && *s != '"'; s++) {
				if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
					s++;
				sb_addc(&w, *s);
			}
			if (!*s)
				goto unbalanced;
		} else if (c == '\\' && s[1]) {
			sb_addc(&w, *++s);
		} else {
			sb_addc(&w, c);
		}
	}
	sb_release(&w);
	return 0;
unbalanced:
	sb_release(&w);
	while (*argc)
		free((*argv)[--*argc]);
	free(*argv);
	*argv = NULL;
	return -1;
}

void sb_add_shell_word(struct strbuf *sb, const char *word)
{
	const char *p;

	if (*word && strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
			    "_-+=/.,:@%") == strlen(word)) {
		sb_add(sb, word);
		return;
	}
	sb_addc(sb, '\'');
	for (p = word; *p; p++) {
		if (*p == '\'')
			sb_add(sb, "'\\''");
		else
			sb_addc(sb, *p);
	}
	sb_addc(sb, '\'');
}

static void add_arg(struct kbuild_cmd *kc, const char *w)
{
	*(char **)push(&kc->argv, &kc->argc, sizeof(char *)) = xstrdup(w);
}

void kbuild_cmd_free(struct kbuild_cmd *kc)
{
	if (!kc)
		return;
	while (kc->argc)
		free(kc->argv[--kc->argc]);
	free(kc->argv);
	free(kc->object);
	free(kc);
}

/* Options that belong to the object kbuild compiled, not to a TU. */
static int object_specific(const char *w, const char *src_dir_inc, const char *obj_dir_inc)
{
	return starts_with(w, "-Wp,-MMD,") || starts_with(w, "-Wp,-MD,") ||
	       !strcmp(w, src_dir_inc) || !strcmp(w, obj_dir_inc);
}

/* The object's name, which kbuild defines for every object it compiles
 * (headers use KBUILD_MODNAME, e.g. in netlink.h's inline functions): a
 * TU gets the same defines with hdrtest's name, not the object's. */
static char *object_name_define(const char *w)
{
	static const char *const defines[][2] = {
		{ "-DKBUILD_MODFILE=", "-DKBUILD_MODFILE=\"hdrtest\"" },
		{ "-DKBUILD_BASENAME=", "-DKBUILD_BASENAME=\"hdrtest\"" },
		{ "-DKBUILD_MODNAME=", "-DKBUILD_MODNAME=\"hdrtest\"" },
		{ "-D__KBUILD_MODNAME=", "-D__KBUILD_MODNAME=kmod_hdrtest" },
	};
	size_t i;

	for (i = 0; i < sizeof(defines) / sizeof(defines[0]); i++)
		if (starts_with(w, defines[i][0]))
			return xstrdup(defines[i][1]);
	return NULL;
}

struct kbuild_cmd *kbuild_cmd_extract(const char *kdir, const char *object)
{
	const char *slash = strrchr(object, '/'), *base = slash ? slash + 1 : object;
	char *dir = slash ? xstrndup(object, slash - object) : xstrdup("."), *cmdfile, *text, *line;
	char **words = NULL, *src_inc = NULL, *obj_inc = NULL, *key;
	struct kbuild_cmd *kc = NULL;
	int nwords = 0, i;

	cmdfile = xasprintf("%s/%s/.%s.cmd", kdir, dir, base);
	text = read_text_file(cmdfile, NULL, "kbuild's make syntax");
	if (!text) {
		if (errno != EILSEQ)	/* a NUL byte: reported */
			error("cannot read %s: %s (was 'make %s' run in that build dir?)", cmdfile,
			      strerror(errno), object);
		goto out;
	}
	/* savedcmd_ since v6.3, cmd_ before */
	key = xasprintf("savedcmd_%s := ", object);
	line = strstr(text, key);
	if (!line) {
		free(key);
		key = xasprintf("cmd_%s := ", object);
		line = strstr(text, key);
	}
	if (!line) {
		error("%s: no 'savedcmd_%s := ' line", cmdfile, object);
		free(key);
		goto out;
	}
	line += strlen(key);
	free(key);
	if (shell_split(line, &words, &nwords) || nwords < 4) {
		error("%s: cannot split the command for %s into words", cmdfile, object);
		goto out;
	}
	kc = xcalloc(1, sizeof(*kc));
	kc->object = xstrdup(object);
	obj_inc = xasprintf("-I%s", dir);
	for (i = 0; i < nwords; i++) {
		const char *w = words[i];

		if (!strcmp(w, "-c"))
			continue;
		/* an object kbuild compiled to assembly (kernel/bounds.s) */
		if (ends_with(object, ".s") && (!strcmp(w, "-S") || !strcmp(w, "-fverbose-asm")))
			continue;
		if (!strcmp(w, "-o") && i + 1 < nwords) {
			i++;
			continue;
		}
		/* the source: <srctree>/<dir>/<name>.c; its dir's -I goes too */
		if (i == nwords - 1 && ends_with(w, ".c")) {
			/* w is <srctree>/<dir>/<name>.c: keep "<srctree>/<dir>" */
			size_t n = strlen(w) > strlen(base) ? strlen(w) - strlen(base) - 1 : 0;

			free(src_inc);
			src_inc = xasprintf("-I%.*s", (int)n, w);
			continue;
		}
		add_arg(kc, w);
	}
	if (!src_inc) {
		error("%s: the command for %s does not end with its .c source", cmdfile, object);
		kbuild_cmd_free(kc);
		kc = NULL;
		goto out;
	}
	/* second pass: drop the object-specific options, rename the object */
	{
		int j = 0;

		for (i = 0; i < kc->argc; i++) {
			char *renamed = i > 0 ? object_name_define(kc->argv[i]) : NULL;

			if (renamed) {
				free(kc->argv[i]);
				kc->argv[i] = renamed;
			} else if (i > 0 && object_specific(kc->argv[i], src_inc, obj_inc)) {
				free(kc->argv[i]);
				continue;
			}
			kc->argv[j++] = kc->argv[i];
		}
		kc->argc = j;
	}
out:
	for (i = 0; i < nwords; i++)
		free(words[i]);
	free(words);
	free(src_inc);
	free(obj_inc);
	free(text);
	free(cmdfile);
	free(dir);
	return kc;
}

