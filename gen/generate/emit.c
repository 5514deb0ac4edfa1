// SPDX-License-Identifier: GPL-2.0
/*
 * Generation happens in two steps so that bad input never leaves half an
 * output behind: everything is rendered into a fresh temporary dir next to
 * the cell dir, and only when every m4 run succeeded are the files moved
 * into place.  A file whose bytes did not change is left untouched, so
 * make does not recompile its TU.
 */
#include "generate/emit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "generate/kbuild_cmd.h"
#include "model/kconfig.h"
#include "base/lines.h"
#include "generate/m4render.h"
#include "generate/prepared.h"
#include "model/validate.h"

char *tu_stem(const char *header)
{
	return xstrndup(header, strlen(header) - 2);
}

/* "SYM_<i>_<field>" in buf */
static const char *symkey(char *buf, size_t n, int i, const char *field)
{
	snprintf(buf, n, "SYM_%d_%s", i, field);
	return buf;
}

static char *type_decl(const char *type)
{
	return type_is_simple(type) ? xstrdup(type) : xasprintf("typeof(%s)", type);
}

static char *signature(const struct symbol *s)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	switch (s->kind) {
	case SYM_FUNC:
	case SYM_MACRO:
	case SYM_CALL:
		sb_addf(&sb, "%s (", s->type);
		for (i = 0; i < s->nargs; i++)
			sb_addf(&sb, "%s%s", i ? ", " : "", s->args[i]);
		sb_add(&sb, s->nargs ? ")" : "void)");
		break;
	case SYM_CONST:
	case SYM_VAR:
		sb_add(&sb, s->type);
		break;
	default:
		break;
	}
	return sb_detach(&sb);
}

/* The config guard: every CONFIG_ symbol whose value this cell's TUs rely
 * on, with the value it had when they were generated. */
struct guard {
	char **names;
	int n;
};

static void guard_add(const char *name, void *p)
{
	struct guard *g = p;
	int i;

	for (i = 0; i < g->n; i++)
		if (!strcmp(g->names[i], name))
			return;
	*(char **)push(&g->names, &g->n, sizeof(char *)) = xstrdup(name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int config_value(const char *name, void *ctx)
{
	return kconfig_defined(ctx, name);
}

static void collect_guard(const struct catalog *cat, const struct arch *arch, const struct config *cfg,
			  struct guard *g)
{
	int i, j;

	guard_add(arch->kconfig, g);
	for (i = 0; i < cfg->nfrags; i++)
		guard_add(cfg->frags[i].name, g);
	for (i = 0; i < cat->nheaders; i++)
		for (j = 0; j < cat->headers[i]->nsyms; j++)
			catalog_cond_configs(cat, cat->headers[i]->syms[j]->cond, guard_add, g);
	qsort(g->names, g->n, sizeof(char *), cmp_str);
}

static char *render_defs(const struct gen_opts *o, const struct header *h, const struct guard *g,
			 const struct kconfig *kc)
{
	struct strbuf sb;
	int i, j, nsym = 0, nout = 0;

	sb_init(&sb);
	sb_add(&sb, "m4_divert(-1)\n");
	m4_def(&sb, "CATALOG", h->loc.file);
	m4_def(&sb, "HEADER", h->path);
	m4_def(&sb, "ARCH", o->arch);
	m4_def(&sb, "CONFIG", o->config);
	m4_defi(&sb, "NCHECK", g->n);
	for (i = 0; i < g->n; i++) {
		char *k = xasprintf("CHECK_%d_SYM", i + 1);

		m4_def(&sb, k, g->names[i]);
		free(k);
		k = xasprintf("CHECK_%d_SET", i + 1);
		m4_defi(&sb, k, kconfig_defined(kc, g->names[i]));
		free(k);
	}
	for (i = 0; i < h->nsyms; i++) {
		const struct symbol *s = h->syms[i];
		char key[64], *v;

		if (s->kind == SYM_TODO || !catalog_cond_holds(o->cat, s->cond, config_value, (void *)kc)) {
			nout++;
			snprintf(key, sizeof(key), "OUT_%d_KIND", nout);
			m4_def(&sb, key, sym_kind_name(s->kind));
			snprintf(key, sizeof(key), "OUT_%d_NAME", nout);
			m4_def(&sb, key, s->name);
			snprintf(key, sizeof(key), "OUT_%d_WHY", nout);
			v = s->kind == SYM_TODO ? xstrdup("not typed in the catalog yet (todo): review it")
						: xasprintf("only if %s", s->cond_text);
			m4_def(&sb, key, v);
			free(v);
			continue;
		}
		nsym++;
		m4_def(&sb, symkey(key, sizeof(key), nsym, "KIND"), sym_kind_name(s->kind));
		m4_def(&sb, symkey(key, sizeof(key), nsym, "NAME"), s->name);
		if (s->kind == SYM_TYPE) {
			v = xasprintf("type_%d", nsym);
			m4_def(&sb, symkey(key, sizeof(key), nsym, "ID"), v);
			free(v);
		} else {
			m4_def(&sb, symkey(key, sizeof(key), nsym, "ID"), s->name);
		}
		m4_def(&sb, symkey(key, sizeof(key), nsym, "TYPE"), s->type ? s->type : "");
		v = type_decl(s->type ? s->type : "");
		m4_def(&sb, symkey(key, sizeof(key), nsym, "TYPE_DECL"), v);
		free(v);
		v = signature(s);
		m4_def(&sb, symkey(key, sizeof(key), nsym, "SIG"), v);
		free(v);
		m4_defi(&sb, symkey(key, sizeof(key), nsym, "NARGS"), s->nargs);
		m4_defi(&sb, symkey(key, sizeof(key), nsym, "VOID"), s->type && !strcmp(s->type, "void"));
		for (j = 0; j < s->nargs; j++) {
			char akey[64];

			snprintf(akey, sizeof(akey), "SYM_%d_ARG_%d_DECL", nsym, j + 1);
			v = type_decl(s->args[j]);
			m4_def(&sb, akey, v);
			free(v);
		}
	}
	m4_defi(&sb, "NSYM", nsym);
	m4_defi(&sb, "NOUT", nout);
	sb_add(&sb, "m4_divert(0)m4_dnl\n");
	return sb_detach(&sb);
}


/* The compiler and its flags, with probe_word (literal shell text that may
 * add an include dir, or NULL) and the overlay searched before the
 * kernel's own include dirs. */
static void add_command(struct strbuf *sb, const struct gen_opts *o, const struct kbuild_cmd *kc,
			const char *probe_word)
{
	int i;

	for (i = 0; i < kc->argc; i++) {
		const char *a = kc->argv[i];
		char *abs = NULL;

		/* kbuild's relative include dirs (-I./include, -include ./x.h)
		 * made absolute, so that depfiles name files make can find */
		if (starts_with(a, "-I") && a[2] && a[2] != '/')
			abs = xasprintf("-I%s/%s", o->kbuild, starts_with(a + 2, "./") ? a + 4 : a + 2);
		else if (i > 0 && !strcmp(kc->argv[i - 1], "-include") && a[0] != '/')
			abs = xasprintf("%s/%s", o->kbuild, starts_with(a, "./") ? a + 2 : a);
		sb_addc(sb, ' ');
		sb_add_shell_word(sb, abs ? abs : a);
		free(abs);
		if (i > 0)
			continue;
		if (probe_word)
			sb_addf(sb, " %s", probe_word);
		if (o->overlay) {
			char *inc = xasprintf("-I%s", o->overlay);

			sb_addc(sb, ' ');
			sb_add_shell_word(sb, inc);
			free(inc);
		}
	}
}

static char *compile_script(const struct gen_opts *o, const struct kbuild_cmd *kc)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "#!/bin/sh\n# Generated by hdrtest: do not edit.\n");
	sb_addf(&sb, "# Compiles one TU of %s/%s with the command kbuild recorded for\n# %s in %s.\n",
		o->arch, o->config, kc->object, o->kbuild);
	sb_add(&sb, "# Usage: compile.sh TU   (the TU's absolute path without .c)\n"
		    "# With HT_PREPROCESS=SUFFIX it only preprocesses TU, into TU.SUFFIX;\n"
		    "# HT_PROBE=DIR then puts DIR's instrumented headers first (coverage).\n");
	sb_add(&sb, "LC_ALL=C\nexport LC_ALL\ncd ");
	sb_add_shell_word(&sb, o->kbuild);
	sb_add(&sb, " || exit 125\nif [ -n \"${HT_PREPROCESS:-}\" ]; then\n\texec");
	add_command(&sb, o, kc, "${HT_PROBE:+\"-I$HT_PROBE\"}");
	sb_add(&sb, " -E -o \"$1.$HT_PREPROCESS\" \"$1.c\"\nfi\nexec");
	add_command(&sb, o, kc, NULL);
	/* -H: the include tree goes into the log, for forbidden-header chains */
	sb_add(&sb, " -H -MMD -MP -MF \"$1.d\" -MT \"$1.rc\" -c -o \"$1.o\" \"$1.c\"\n");
	return sb_detach(&sb);
}

/* The reproducer prefix: "cd KDIR &&" and the command (the TU follows). */
static char *repro_prefix(const struct gen_opts *o, const struct kbuild_cmd *kc)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "cd ");
	sb_add_shell_word(&sb, o->kbuild);
	sb_add(&sb, " &&");
	add_command(&sb, o, kc, NULL);
	return sb_detach(&sb);
}

/* The kernel source tree, from the force-included kconfig.h. */
static const char *srctree_len(const struct kbuild_cmd *kc, int *len)
{
	const char *tail = "/include/linux/kconfig.h";
	int i;

	for (i = 0; kc && i + 1 < kc->argc; i++) {
		if (!strcmp(kc->argv[i], "-include") && ends_with(kc->argv[i + 1], tail)) {
			*len = (int)(strlen(kc->argv[i + 1]) - strlen(tail));
			return kc->argv[i + 1];
		}
	}
	*len = 0;
	return "";
}

static char *manifest(const struct gen_opts *o, const char *status, const char *reason, const char *repro,
		      const struct kconfig *kc, const struct kbuild_cmd *cmd)
{
	struct strbuf sb;
	int i, j;

	sb_init(&sb);
	sb_add(&sb, "hdrtest-manifest\t1\n");
	sb_addf(&sb, "arch\t%s\nconfig\t%s\n", o->arch, o->config);
	sb_addf(&sb, "status\t%s\t%s\n", status, reason ? reason : "");
	sb_addf(&sb, "kbuild\t%s\n", o->kbuild ? o->kbuild : "");
	{
		int n;
		const char *s = srctree_len(cmd, &n);

		sb_addf(&sb, "srctree\t%.*s\n", n, s);
	}
	sb_addf(&sb, "overlay\t%s\n", o->overlay ? o->overlay : "");
	if (o->kbuild) {
		/* kbuild could not build its own object: the tree is broken here */
		char *p = xasprintf("%s/.hdrtest-note", o->kbuild), *note = read_file(p, NULL);

		if (note) {
			char *nl = strchr(note, '\n');

			if (nl)
				*nl = '\0';
			sb_addf(&sb, "note\t%s\n", note);
		}
		free(note);
		free(p);
	}
	sb_addf(&sb, "repro\t%s\n", repro ? repro : "");
	for (i = 0; i < o->cat->nforbids; i++)
		sb_addf(&sb, "forbid\t%s\n", o->cat->forbids[i].path);
	for (i = 0; i < o->cat->nheaders; i++) {
		const struct header *h = o->cat->headers[i];
		char *stem = tu_stem(h->path);

		sb_addf(&sb, "header\t%s\t%s\n", h->path, stem);
		free(stem);
		for (j = 0; j < h->nsyms; j++) {
			const struct symbol *s = h->syms[j];
			int used = kc && catalog_cond_holds(o->cat, s->cond, config_value, (void *)kc);
			const char *use = !kc ? "skip" : s->kind == SYM_TODO ? "todo" : used ? "used" : "unused";

			sb_addf(&sb, "sym\t%s\t%s\t%s\t%s\n", s->name, sym_kind_name(s->kind), use,
				s->cond_text ? s->cond_text : "");
		}
	}
	return sb_detach(&sb);
}

/* The files a cell dir holds per TU, besides the .c. */
static const char *const tu_outputs[] = { ".rc", ".log", ".o", ".d" };

/* Remove the TUs of headers that are no longer catalogued. */
static void remove_stale_tus(const struct gen_opts *o)
{
	char *path = xasprintf("%s/manifest.tsv", o->out), *text = read_file(path, NULL), *line, *cur = text;

	free(path);
	if (!text)
		return;
	while ((line = next_line(&cur))) {
		char *tab, *stem;
		size_t k;

		if (!starts_with(line, "header\t") || !(tab = strchr(line + 7, '\t')))
			continue;
		*tab = '\0';
		if (catalog_header(o->cat, line + 7))
			continue;
		stem = tab + 1;
		if (strstr(stem, ".."))
			continue;
		path = xasprintf("%s/%s.c", o->out, stem);
		unlink(path);
		free(path);
		for (k = 0; k < sizeof(tu_outputs) / sizeof(tu_outputs[0]); k++) {
			path = xasprintf("%s/%s%s", o->out, stem, tu_outputs[k]);
			unlink(path);
			free(path);
		}
	}
	free(text);
}

/* The headers measured for slimness: every catalogued header, and each
 * forbidden one (linux/mm.h) for comparison. */
static int slim_headers(const struct catalog *cat, const char ***out)
{
	const char **hs = NULL;
	int n = 0, i, j;

	for (i = 0; i < cat->nheaders; i++)
		*(const char **)push(&hs, &n, sizeof(char *)) = cat->headers[i]->path;
	for (i = 0; i < cat->nforbids; i++) {
		for (j = 0; j < n && strcmp(hs[j], cat->forbids[i].path); j++)
			;
		if (j == n)
			*(const char **)push(&hs, &n, sizeof(char *)) = cat->forbids[i].path;
	}
	*out = hs;
	return n;
}

struct rendered {
	char *tmp;	/* file in the temporary dir */
	char *dest;	/* where it goes */
};

int generate_cell(const struct gen_opts *o)
{
	const struct arch *arch = catalog_arch(o->cat, o->arch);
	const struct config *cfg = catalog_config(o->cat, o->config);
	struct kconfig *kc = NULL;
	struct kbuild_cmd *cmd = NULL;
	struct guard g = { NULL, 0 };
	struct rendered *files = NULL;
	char *tmpdir = NULL, *text = NULL, *repro = NULL, *parent = NULL;
	char *made = NULL;
	const char **slim = NULL;
	int nslim = 0;
	int nfiles = 0, i, ret = -1;

	if (!arch) {
		error("arch '%s' is not in the catalog", o->arch);
		return -1;
	}
	if (!cfg) {
		error("config '%s' is not in the catalog", o->config);
		return -1;
	}
	/* file names go into the TUs' first line, through m4 */
	for (i = 0; i < o->cat->nfiles; i++) {
		if (!is_plain_path(o->cat->files[i])) {
			error("catalog file name '%s': expected letters, digits and _ . + - / only "
			      "(it is copied into generated files)", o->cat->files[i]);
			return -1;
		}
	}
	if (!o->skip && !o->error) {
		char *p = xasprintf("%s/.config", o->kbuild);

		kc = kconfig_read(p);
		free(p);
		if (!kc)
			goto out;
		if (!kconfig_defined(kc, arch->kconfig)) {
			error("%s/.config is not a config for arch %s: %s is not set", o->kbuild, o->arch,
			      arch->kconfig);
			goto out;
		}
		p = prepared_object(o->kbuild);
		cmd = kbuild_cmd_extract(o->kbuild, p);
		free(p);
		if (!cmd)
			goto out;
		repro = repro_prefix(o, cmd);
		collect_guard(o->cat, arch, cfg, &g);
	}

	/* the temporary dir sits next to the cell dir, so that moving files into
	 * place is a rename; dirs made only for it go again on failure */
	parent = xstrdup(o->out);
	if (strrchr(parent, '/'))
		*strrchr(parent, '/') = '\0';
	made = first_missing_dir(parent);
	tmpdir = xasprintf("%s.tmp.%ld", o->out, (long)getpid());
	remove_tree(tmpdir);
	if (mkdirs(tmpdir)) {
		error("cannot create %s: %s", tmpdir, strerror(errno));
		goto out;
	}

	for (i = 0; kc && i < o->cat->nheaders; i++) {
		const struct header *h = o->cat->headers[i];
		char *defs = xasprintf("%s/defs.%d.m4", tmpdir, i), *stem = tu_stem(h->path);
		struct rendered *r = push(&files, &nfiles, sizeof(*r));

		r->tmp = xasprintf("%s/tu.%d.c", tmpdir, i);
		r->dest = xasprintf("%s/%s.c", o->out, stem);
		free(stem);
		text = render_defs(o, h, &g, kc);
		if (m4_render(o->m4, o->templates, defs, text, "tu.c.m4", r->tmp)) {
			free(defs);
			goto out;
		}
		free(text);
		text = NULL;
		free(defs);
	}

	/* one file per measured header, including it and nothing else */
	nslim = slim_headers(o->cat, &slim);
	for (i = 0; kc && i < nslim; i++) {
		struct rendered *r = push(&files, &nfiles, sizeof(*r));
		char *stem = tu_stem(slim[i]);

		r->tmp = xasprintf("%s/slim.%d.c", tmpdir, i);
		r->dest = xasprintf("%s/slim/%s.c", o->out, stem);
		free(stem);
		text = xasprintf("/* Generated by hdrtest: %s alone, for its size. */\n#include <%s>\n", slim[i],
				 slim[i]);
		if (write_text(r->tmp, text))
			goto out;
		free(text);
		text = NULL;
	}

	/* the TU list and the slim list, for make's one pattern rule */
	{
		const char *names[2] = { "tus", "slims" };
		int k;

		for (k = 0; k < 2; k++) {
			struct strbuf sb;
			struct rendered *r;
			int count = !kc ? 0 : k ? nslim : o->cat->nheaders;

			sb_init(&sb);
			for (i = 0; i < count; i++) {
				char *stem = tu_stem(k ? slim[i] : o->cat->headers[i]->path);

				sb_addf(&sb, "%s%s\n", k ? "slim/" : "", stem);
				free(stem);
			}
			r = push(&files, &nfiles, sizeof(*r));
			r->tmp = xasprintf("%s/%s", tmpdir, names[k]);
			r->dest = xasprintf("%s/%s", o->out, names[k]);
			text = sb_detach(&sb);
			if (write_text(r->tmp, text))
				goto out;
			free(text);
			text = NULL;
		}
	}
	if (cmd) {
		struct rendered *r = push(&files, &nfiles, sizeof(*r));

		r->tmp = xasprintf("%s/compile.sh", tmpdir);
		r->dest = xasprintf("%s/compile.sh", o->out);
		text = compile_script(o, cmd);
		if (write_text(r->tmp, text))
			goto out;
		free(text);
		text = NULL;
	}
	{
		struct rendered *r = push(&files, &nfiles, sizeof(*r));

		r->tmp = xasprintf("%s/manifest.tsv", tmpdir);
		r->dest = xasprintf("%s/manifest.tsv", o->out);
		text = manifest(o, o->skip ? "skip" : o->error ? "error" : "ok", o->skip ? o->skip : o->error, repro,
				kc, cmd);
		if (write_text(r->tmp, text))
			goto out;
		free(text);
		text = NULL;
	}

	/* everything rendered: move it into place */
	if (mkdirs(o->out)) {
		error("cannot create %s: %s", o->out, strerror(errno));
		goto out;
	}
	remove_stale_tus(o);
	if (!cmd) {
		char *p = xasprintf("%s/compile.sh", o->out);

		unlink(p);
		free(p);
	}
	for (i = 0; i < nfiles; i++) {
		char *dir = xstrdup(files[i].dest), *slash = strrchr(dir, '/');

		if (slash)
			*slash = '\0';
		if (mkdirs(dir)) {
			error("cannot create %s: %s", dir, strerror(errno));
			free(dir);
			goto out;
		}
		free(dir);
		if (install_if_changed(files[i].tmp, files[i].dest) < 0)
			goto out;
		if (ends_with(files[i].dest, "/compile.sh") && chmod(files[i].dest, 0755)) {
			error("cannot write %s: %s", files[i].dest, strerror(errno));
			goto out;
		}
	}
	ret = 0;
out:
	if (tmpdir)
		remove_tree(tmpdir);
	if (ret && made)
		remove_empty_dirs(parent, made);
	free(made);
	free(parent);
	free(tmpdir);
	for (i = 0; i < nfiles; i++) {
		free(files[i].tmp);
		free(files[i].dest);
	}
	free(files);
	free(text);
	free(slim);
	free(repro);
	for (i = 0; i < g.n; i++)
		free(g.names[i]);
	free(g.names);
	kconfig_free(kc);
	kbuild_cmd_free(cmd);
	return ret;
}
