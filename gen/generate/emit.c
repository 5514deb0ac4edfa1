// SPDX-License-Identifier: GPL-2.0
/*
 * Generation happens in two steps so that bad input never leaves half an
 * output behind: everything is rendered into a fresh temporary dir next to
 * the cell dir, and only when every m4 run succeeded are the files moved
 * into place.  A file whose bytes did not change is left untouched, so
 * make does not recompile its TU.
 */
#include "generate/emit.h"

#include <ctype.h>
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
/* "struct X;\n" for each struct or union tag the parameters of a call
 * line spell, once: under a config where the call is a macro, its header
 * need not declare them, and a tag first seen in the use's own parameter
 * list is local to it (-Werror).  Written after the header, they hide no
 * defect of it: a prototype of its own that names an undeclared tag
 * still warns there.  "" for other kinds. */
static char *call_forward_decls(const struct symbol *s)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	for (i = 0; s->kind == SYM_CALL && i < s->nargs; i++) {
		const char *p = s->args[i], *w, *name;

		while (*p) {
			for (w = p; isalnum((unsigned char)*p) || *p == '_'; p++)
				;
			if (p == w) {
				p++;
				continue;
			}
			if (*p != ' ' || !((p - w == 6 && !strncmp(w, "struct", 6)) || (p - w == 5 && !strncmp(w, "union", 5))))
				continue;
			for (name = ++p; isalnum((unsigned char)*p) || *p == '_'; p++)
				;
			if (p > name) {
				char *decl = xasprintf("%.*s;\n", (int)(p - w), w);

				if (!sb.buf || !strstr(sb.buf, decl))
					sb_add(&sb, decl);
				free(decl);
			}
		}
	}
	return sb_detach(&sb);
}

static const char *symkey(char *buf, size_t n, int i, const char *field)
{
	snprintf(buf, n, "SYM_%d_%s", i, field);
	return buf;
}

static char *type_decl(const char *type)
{
	return type_is_simple(type) ? xstrdup(type) : xasprintf("typeof(%s)", type);
}

/* A parameter's type as a declaration can spell it.  "T[const 2]" (or
 * "[static 2]", "[restrict]") is C only in a parameter's declarator, where
 * it means the pointer it is adjusted to (C11 6.7.6.3p7): spelled
 * "typeof(T) *const".  Any other type as type_decl() spells it. */
static char *param_decl(const char *type)
{
	static const char *const quals[] = { "const", "volatile", "restrict", "static" };
	const char *lb = strchr(type, '['), *q, *rb;
	struct strbuf sb;
	size_t i, n;

	if (!lb || !(rb = strchr(lb, ']')))
		return type_decl(type);
	sb_init(&sb);
	sb_addf(&sb, "typeof(%.*s%s) *", (int)(lb - type), type, rb + 1);
	for (q = lb + 1;; q += n) {
		while (*q == ' ')
			q++;
		for (i = 0; i < sizeof(quals) / sizeof(quals[0]); i++) {
			n = strlen(quals[i]);
			if (!strncmp(q, quals[i], n) && (q[n] == ' ' || q[n] == ']'))
				break;
		}
		if (i == sizeof(quals) / sizeof(quals[0]))
			break;
		if (strcmp(quals[i], "static"))
			sb_addf(&sb, "%s%s", sb.buf[sb.len - 1] == '*' ? "" : " ", quals[i]);
	}
	if (q == lb + 1) {
		sb_release(&sb);
		return type_decl(type);
	}
	return sb_detach(&sb);
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
	case SYM_USES:
		for (i = 0; i < s->nargs; i++)
			sb_addf(&sb, "%s%s", i ? " " : "", s->args[i]);
		break;
	default:
		break;
	}
	return sb_detach(&sb);
}

/* The config guard of a TU: every CONFIG_ symbol whose value the TU
 * relies on (the arch's, the config's fragment, and the conditions of its
 * own header's symbols), with the value it had when it was generated.
 * Only its own header's: a TU's text must not change when another
 * header's catalog entry does (it would be compiled again for nothing). */
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

static int config_value(const char *name, void *ctx)
{
	return kconfig_defined(ctx, name);
}

static void collect_guard(const struct catalog *cat, const struct arch *arch, const struct config *cfg,
			  const struct header *h, struct guard *g)
{
	int i;

	guard_add(arch->kconfig, g);
	for (i = 0; i < cfg->nfrags; i++)
		guard_add(cfg->frags[i].name, g);
	for (i = 0; i < h->nsyms; i++)
		catalog_cond_configs(cat, h->syms[i]->cond, guard_add, g);
	qsort(g->names, g->n, sizeof(char *), cmp_strings);
}

static void guard_free(struct guard *g)
{
	int i;

	for (i = 0; i < g->n; i++)
		free(g->names[i]);
	free(g->names);
	memset(g, 0, sizeof(*g));
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
		if (s->kind == SYM_TYPE || s->kind == SYM_USES) {
			/* neither a type nor a macro's several uses lines make a C name */
			v = xasprintf("%s_%d", sym_kind_name(s->kind), nsym);
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
		m4_def(&sb, symkey(key, sizeof(key), nsym, "NOCALL"), s->nocall ? s->nocall : "");
		m4_def(&sb, symkey(key, sizeof(key), nsym, "OPAQUE"), s->opaque ? s->opaque : "");
		v = call_forward_decls(s);
		m4_def(&sb, symkey(key, sizeof(key), nsym, "FWD"), v);
		free(v);
		for (j = 0; j < s->nargs; j++) {
			char akey[64];

			if (s->kind == SYM_USES) {
				snprintf(akey, sizeof(akey), "SYM_%d_ARG_%d_NAME", nsym, j + 1);
				m4_def(&sb, akey, s->args[j]);
				continue;
			}
			snprintf(akey, sizeof(akey), "SYM_%d_ARG_%d_DECL", nsym, j + 1);
			v = param_decl(s->args[j]);
			m4_def(&sb, akey, v);
			free(v);
		}
	}
	m4_defi(&sb, "NSYM", nsym);
	m4_defi(&sb, "NOUT", nout);
	sb_add(&sb, "m4_divert(0)m4_dnl\n");
	return sb_detach(&sb);
}


/* A path of kbuild's command made absolute: compile.sh runs in the kbuild
 * dir, and depfiles must name files the run can find. */
static char *kbuild_path(const struct gen_opts *o, const char *p)
{
	if (p[0] == '/')
		return xstrdup(p);
	return xasprintf("%s/%s", o->kbuild, starts_with(p, "./") ? p + 2 : p);
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
		char *abs = NULL, *dir;

		/* kbuild's relative include dirs (-I./include, -include ./x.h)
		 * made absolute, so that depfiles name files make can find */
		if (starts_with(a, "-I") && a[2] && a[2] != '/') {
			dir = kbuild_path(o, a + 2);
			abs = xasprintf("-I%s", dir);
			free(dir);
		} else if (i > 0 && !strcmp(kc->argv[i - 1], "-include") && a[0] != '/') {
			abs = kbuild_path(o, a);
		}
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

/* The options that add include dirs, in the order gcc searches them: the
 * quote chain (-iquote), then -I, -isystem, -idirafter.  (-nostdinc:
 * kbuild adds no system dir the compiler would search on its own.) */
static const char *const dir_options[] = { "-iquote", "-I", "-isystem", "-idirafter" };

/* The dir arg i of kc adds to the search under option k, or NULL; *used
 * is set when it took the next arg too. */
static const char *dir_of(const struct kbuild_cmd *kc, int i, size_t k, int *used)
{
	const char *a = kc->argv[i];
	size_t n = strlen(dir_options[k]);

	*used = 0;
	if (strncmp(a, dir_options[k], n))
		return NULL;
	if (a[n])
		return a + n;
	if (i + 1 >= kc->argc)
		return NULL;
	*used = 1;
	return kc->argv[i + 1];
}

/* OUT/CELL/include-path: the dirs compile.sh's compiler searches for a
 * header, one a line, first searched first (the overlay, then kbuild's),
 * for the run to see a new header that would now be found before one a
 * TU read (gen/exec/shadow.c).  A dir given twice is listed twice: the
 * run only looks at more places for it. */
static char *include_path(const struct gen_opts *o, const struct kbuild_cmd *kc)
{
	struct strbuf sb;
	size_t k;
	int i, used;

	sb_init(&sb);
	sb_add(&sb, "hdrtest-include-path 1\n");
	for (k = 0; k < sizeof(dir_options) / sizeof(dir_options[0]); k++) {
		if (!strcmp(dir_options[k], "-I") && o->overlay)
			sb_addf(&sb, "%s\n", o->overlay);
		for (i = 1; i < kc->argc; i++) {
			const char *d = dir_of(kc, i, k, &used);

			if (d) {
				char *abs = kbuild_path(o, d);
				size_t len = strlen(abs);

				while (len > 1 && abs[len - 1] == '/')
					abs[--len] = '\0';
				sb_addf(&sb, "%s\n", abs);
				free(abs);
			}
			i += used;
		}
	}
	return sb_detach(&sb);
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
		char *p = xasprintf("%s/.hdrtest-note", o->kbuild), *note = read_first_line(p);

		if (note) {
			/* kbuild's words, which may hold anything: a tab
			 * would split the manifest's field */
			char *q = printable_text(note), *tab;

			while ((tab = strchr(q, '\t')))
				*tab = ' ';
			sb_addf(&sb, "note\t%s\n", q);
			free(q);
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

		sb_addf(&sb, "header\t%s\t%s%s%s\n", h->path, stem, h->skip ? "\tskip\t" : "",
			h->skip ? h->skip : "");
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
	const struct header *h;
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
		h = catalog_header(o->cat, line + 7);
		if (h && !h->skip)
			continue;	/* a skipped header's old TU goes too */
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
		if (!cat->headers[i]->skip)
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

/* A cell's files are rendered into a temporary dir next to the cell dir
 * (so that moving them into place is a rename), and moved only once every
 * one of them is written. */
struct rendered {
	char *tmp;	/* file in the temporary dir */
	char *dest;	/* where it goes */
};

struct staging {
	char *tmpdir;
	struct rendered *files;
	int n;
};

/* A file of the staging dir, named name there, bound for dest (taken). */
static const char *stage(struct staging *st, const char *name, char *dest)
{
	struct rendered *r = push(&st->files, &st->n, sizeof(*r));

	r->tmp = xasprintf("%s/%s", st->tmpdir, name);
	r->dest = dest;
	return r->tmp;
}

/* The same, with text (taken) as its contents; 0 or -1. */
static int stage_text(struct staging *st, const char *name, char *dest, char *text)
{
	int ret = write_text(stage(st, name, dest), text);

	free(text);
	return ret;
}

static void staging_free(struct staging *st)
{
	int i;

	for (i = 0; i < st->n; i++) {
		free(st->files[i].tmp);
		free(st->files[i].dest);
	}
	free(st->files);
	free(st->tmpdir);
}

/* What a cell's TUs are made from: the resolved .config and kbuild's
 * command; all NULL for a skipped cell or one in error. */
struct cell_inputs {
	struct kconfig *kc;
	struct kbuild_cmd *cmd;
	char *repro;
	const struct arch *arch;
	const struct config *cfg;
};

static int load_inputs(const struct gen_opts *o, const struct arch *arch, const struct config *cfg,
		       struct cell_inputs *in)
{
	char *p = xasprintf("%s/.config", o->kbuild);

	in->kc = kconfig_read(p);
	free(p);
	if (!in->kc)
		return -1;
	if (!kconfig_defined(in->kc, arch->kconfig))
		return error("%s/.config is not a config for arch %s: %s is not set", o->kbuild, o->arch, arch->kconfig);
	p = prepared_object(o->kbuild);
	in->cmd = kbuild_cmd_extract(o->kbuild, p);
	free(p);
	if (!in->cmd)
		return -1;
	in->repro = repro_prefix(o, in->cmd);
	in->arch = arch;
	in->cfg = cfg;
	return 0;
}

static void free_inputs(struct cell_inputs *in)
{
	free(in->repro);
	kconfig_free(in->kc);
	kbuild_cmd_free(in->cmd);
}

/* The arch and config exist, and the catalog's file names can go into
 * the TUs' first line, through m4: plain paths, without a name m4 would
 * read as its own (m4_dnl.cat). */
static int check_cell(const struct gen_opts *o)
{
	const char *reserved;
	int i, len;

	if (!catalog_arch(o->cat, o->arch))
		return error("arch '%s' is not in the catalog", o->arch);
	if (!catalog_config(o->cat, o->config))
		return error("config '%s' is not in the catalog", o->config);
	for (i = 0; i < o->cat->nfiles; i++) {
		if (!is_plain_path(o->cat->files[i]))
			return error("catalog file name '%s': expected letters, digits and _ . + - / only "
			      "(it is copied into generated files)", o->cat->files[i]);
		reserved = m4_reserved_name(o->cat->files[i], &len);
		if (reserved)
			return error("catalog file name '%s': '%.*s' is reserved for hdrtest's m4 templates "
			      "(the name is copied into generated files through m4)", o->cat->files[i], len, reserved);
	}
	return 0;
}

/* One TU per catalogued header, through tu.c.m4. */
static int stage_tus(const struct gen_opts *o, const struct cell_inputs *in, struct staging *st)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct m4_item *items = xcalloc(o->cat->nheaders + 1, sizeof(*items));
	int i, n = 0, ret;

	for (i = 0; i < o->cat->nheaders; i++) {
		const struct header *h = o->cat->headers[i];
		char *stem, *name;

		if (h->skip)
			continue;	/* not meant to stand alone: no TU */
		stem = tu_stem(h->path);
		name = xasprintf("tu.%d.c", i);
		items[n].defs_path = xasprintf("%s/defs.%d.m4", st->tmpdir, i);
		{
			struct guard g = { 0 };

			collect_guard(o->cat, in->arch, in->cfg, h, &g);
			items[n].defs = render_defs(o, h, &g, in->kc);
			guard_free(&g);
		}
		items[n].out_path = (char *)stage(st, name, xasprintf("%s/%s.c", o->out, stem));
		n++;
		free(name);
		free(stem);
	}
	/* m4 starts in about 15 ms, most of a TU's rendering: at thousands
	 * of headers, one m4 per core, each rendering its share */
	ret = m4_render_many(o->m4, o->templates, st->tmpdir, "tu.c.m4", items, n, ncpu > 0 ? (int)ncpu : 1);
	for (i = 0; i < n; i++) {
		free(items[i].defs_path);
		free(items[i].defs);
	}
	free(items);
	return ret;
}

/* One file per measured header, including it and nothing else. */
static int stage_slims(const struct gen_opts *o, const char **slim, int nslim, struct staging *st)
{
	int i;

	for (i = 0; i < nslim; i++) {
		char *stem = tu_stem(slim[i]), *name = xasprintf("slim.%d.c", i);
		int ret = stage_text(st, name, xasprintf("%s/slim/%s.c", o->out, stem),
				     xasprintf("/* Generated by hdrtest: %s alone, for its size. */\n"
					       "#include <%s>\n", slim[i], slim[i]));

		free(name);
		free(stem);
		if (ret)
			return -1;
	}
	return 0;
}

/* A list of stems, one a line (prefix before each), for make's pattern rule. */
static int stage_list(const struct gen_opts *o, const char *name, const char *prefix, const char **headers,
		      int n, struct staging *st)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	for (i = 0; i < n; i++) {
		char *stem = tu_stem(headers[i]);

		sb_addf(&sb, "%s%s\n", prefix, stem);
		free(stem);
	}
	return stage_text(st, name, xasprintf("%s/%s", o->out, name), sb.buf ? sb_detach(&sb) : xstrdup(""));
}

/* Everything staged: into place, an unchanged file left as it was. */
static int install_staged(const struct gen_opts *o, const struct staging *st, int has_script)
{
	int i;

	if (mkdirs(o->out))
		return error("cannot create %s: %s", o->out, strerror(errno));
	remove_stale_tus(o);
	if (!has_script) {
		char *p = xasprintf("%s/compile.sh", o->out);

		unlink(p);
		free(p);
	}
	for (i = 0; i < st->n; i++) {
		char *dir = xstrdup(st->files[i].dest), *slash = strrchr(dir, '/');

		if (slash)
			*slash = '\0';
		if (mkdirs(dir)) {
			error("cannot create %s: %s", dir, strerror(errno));
			free(dir);
			return -1;
		}
		free(dir);
		if (install_if_changed(st->files[i].tmp, st->files[i].dest) < 0)
			return -1;
		if (ends_with(st->files[i].dest, "/compile.sh") && chmod(st->files[i].dest, 0755))
			return error("cannot write %s: %s", st->files[i].dest, strerror(errno));
	}
	return 0;
}

int generate_cell(const struct gen_opts *o)
{
	struct cell_inputs in = { 0 };
	struct staging st = { 0 };
	const char **headers = NULL, **slim = NULL;
	char *parent, *made;
	int nslim, ntus, i, ret = -1;

	if (check_cell(o))
		return -1;
	/* dirs made only for the staging dir go again on failure */
	parent = xstrdup(o->out);
	if (strrchr(parent, '/'))
		*strrchr(parent, '/') = '\0';
	made = first_missing_dir(parent);
	if (!o->skip && !o->error &&
	    load_inputs(o, catalog_arch(o->cat, o->arch), catalog_config(o->cat, o->config), &in))
		goto out;
	st.tmpdir = xasprintf("%s.tmp.%ld", o->out, (long)getpid());
	remove_tree(st.tmpdir);
	if (mkdirs(st.tmpdir)) {
		error("cannot create %s: %s", st.tmpdir, strerror(errno));
		goto out;
	}
	nslim = slim_headers(o->cat, &slim);
	headers = xcalloc(o->cat->nheaders + 1, sizeof(char *));
	ntus = 0;
	for (i = 0; i < o->cat->nheaders; i++)
		if (!o->cat->headers[i]->skip)
			headers[ntus++] = o->cat->headers[i]->path;
	/* a cell without a .config gets no TUs, only its manifest */
	if (in.kc && (stage_tus(o, &in, &st) || stage_slims(o, slim, nslim, &st)))
		goto out;
	if (stage_list(o, "tus", "", headers, in.kc ? ntus : 0, &st) ||
	    stage_list(o, "slims", "slim/", slim, in.kc ? nslim : 0, &st))
		goto out;
	if (in.cmd && (stage_text(&st, "compile.sh", xasprintf("%s/compile.sh", o->out), compile_script(o, in.cmd)) ||
		       stage_text(&st, "include-path", xasprintf("%s/include-path", o->out), include_path(o, in.cmd))))
		goto out;
	if (stage_text(&st, "manifest.tsv", xasprintf("%s/manifest.tsv", o->out),
		       manifest(o, o->skip ? "skip" : o->error ? "error" : "ok", o->skip ? o->skip : o->error,
				in.repro, in.kc, in.cmd)))
		goto out;
	ret = install_staged(o, &st, in.cmd != NULL);
out:
	if (st.tmpdir)
		remove_tree(st.tmpdir);
	if (ret && made)
		remove_empty_dirs(parent, made);
	free(made);
	free(parent);
	free(headers);
	free(slim);
	staging_free(&st);
	free_inputs(&in);
	return ret;
}
