// SPDX-License-Identifier: GPL-2.0
#include "judge/results.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "judge/diag.h"
#include "judge/includes.h"
#include "judge/standalone.h"

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case V_PASS:
		return "pass";
	case V_FAIL:
		return "fail";
	case V_ERROR:
		return "error";
	default:
		return "skip";
	}
}

/* Split a tab-separated line in place; returns the field count. */
static int split_tabs(char *line, char **f, int max)
{
	int n = 0;

	f[n++] = line;
	while (n < max && (line = strchr(line, '\t'))) {
		*line++ = '\0';
		f[n++] = line;
	}
	return n;
}

/* Line ranges of the symbol uses in a generated TU, from its markers. */
struct marker {
	int line;
	char *name;
	char *kind;	/* "func", "uses": a macro's body and its own line share a name */
};

static int read_markers(const char *tu_path, struct marker **m, int *n)
{
	char *text = read_file(tu_path, NULL), *p, *cur = text;
	int line = 0;

	*m = NULL;
	*n = 0;
	if (!text)
		return -1;
	while ((p = next_line(&cur))) {
		const char *tag = "/* hdrtest-symbol ";

		line++;
		if (starts_with(p, tag)) {
			char *name = p + strlen(tag), *colon = strchr(name, ':');
			struct marker *mk;

			if (!colon)
				continue;
			mk = push(m, n, sizeof(**m));
			mk->line = line;
			mk->name = xstrndup(name, colon - name);
			mk->kind = xstrndup(colon + 2, strcspn(colon + 2, " *"));
		}
	}
	free(text);
	return 0;
}

/* Mark each symbol whose use a diagnostic in the log points into. */
static void attribute(struct tu_result *t, const char *tu_path)
{
	struct marker *m;
	int n, i, j;
	char *needle = xasprintf("%s:", tu_path);
	const char *p;

	if (read_markers(tu_path, &m, &n)) {
		free(needle);
		return;
	}
	for (p = strstr(t->log, needle); p; p = strstr(p + 1, needle)) {
		int line = atoi(p + strlen(needle));

		for (i = n - 1; i >= 0; i--) {
			if (m[i].line > line)
				continue;
			for (j = 0; j < t->nsyms; j++)
				if (!strcmp(t->syms[j].name, m[i].name) && !strcmp(t->syms[j].kind, m[i].kind))
					t->syms[j].diagnosed = 1;
			break;
		}
	}
	for (i = 0; i < n; i++) {
		free(m[i].name);
		free(m[i].kind);
	}
	free(m);
	free(needle);
}

/* A result file as the compile stage leaves it whole: a .log ends with a
 * newline (or is empty), a .dep with a newline that ends no continued line;
 * neither holds a NUL byte (what a crash leaves in unwritten blocks).
 * NULL if it is whole, else what is wrong with it. */
static char *damage(const char *text, size_t len, int depfile)
{
	if (memchr(text, '\0', len))
		return xstrdup("holds NUL bytes");
	if (!len)
		return depfile ? xstrdup("is empty") : NULL;
	if (text[len - 1] != '\n' || (depfile && len > 1 && text[len - 2] == '\\'))
		return xstrdup("is truncated (it does not end with a complete line)");
	return NULL;
}

/* A file's text for a message: one line, at most 24 bytes shown. */
static char *excerpt(const char *text, size_t len)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	for (i = 0; i < len && i < 24; i++) {
		unsigned char ch = text[i];

		if (ch == '\n')
			sb_add(&sb, "\\n");
		else if (ch < 0x20 || ch >= 0x7f)
			sb_addf(&sb, "\\x%02x", ch);
		else
			sb_addc(&sb, ch);
	}
	if (len > 24)
		sb_add(&sb, "...");
	return sb_detach(&sb);
}

/* The exit status a .rc holds: exactly a decimal status (0 to 255) and one
 * newline, as `echo $?` writes it.  -1 if it holds anything else; *why
 * then says what. */
static int parse_rc(const char *text, size_t len, char **why)
{
	char *ex;
	size_t i;
	int rc = 0;

	for (i = 0; i + 1 < len && i < 3 && text[i] >= '0' && text[i] <= '9'; i++)
		rc = rc * 10 + text[i] - '0';
	if (i > 0 && i + 1 == len && text[i] == '\n' && rc <= 255)
		return rc;
	if (!len) {
		*why = xstrdup("is empty");
		return -1;
	}
	ex = excerpt(text, len);
	*why = xasprintf("is truncated or garbled ('%s', not an exit status and a newline)", ex);
	free(ex);
	return -1;
}

/* TU.EXT: its text and length; or NULL, with *why saying why, or NULL if
 * the file does not exist. */
static char *read_result(const char *base, const char *ext, size_t *len, char **why)
{
	char *path = xasprintf("%s.%s", base, ext), *text = read_file(path, len);

	*why = NULL;
	if (!text && errno != ENOENT)
		*why = xasprintf("cannot be read (%s)", strerror(errno));
	free(path);
	return text;
}

/* A .log or .dep that must be there and whole: its text, or NULL with
 * *why saying what is wrong. */
static char *read_needed(const char *base, const char *ext, char **why)
{
	size_t len;
	char *text = read_result(base, ext, &len, why);

	if (!text && !*why)
		*why = xstrdup("is missing");
	if (text)
		*why = damage(text, len, !strcmp(ext, "dep"));
	if (*why) {
		free(text);
		return NULL;
	}
	return text;
}

/* The detail of a TU whose result cannot be read completely. */
static void unreadable(struct tu_result *t, const struct cell_result *c, const char *ext, char *why)
{
	t->verdict = V_ERROR;
	free(t->detail);
	t->detail = xasprintf("result of TU unreadable: %s/%s.%s %s: the compile stage was interrupted or the disk "
			      "is full; rerun", c->display, t->stem, ext, why);
	free(why);
}

/* The first forbidden header listed in a depfile, or NULL. */
static char *forbidden_in_depfile(const struct cell_result *c, const char *text)
{
	char *hit = NULL;
	int i;

	for (i = 0; i < c->nforbids && !hit; i++) {
		char *needle = xasprintf("/include/%s", c->forbids[i]);
		const char *p;

		for (p = strstr(text, needle); p; p = strstr(p + 1, needle)) {
			char after = p[strlen(needle)];

			if (after == ' ' || after == '\n' || after == ':' || after == '\\' || after == '\0') {
				hit = xstrdup(c->forbids[i]);
				break;
			}
		}
		free(needle);
	}
	return hit;
}

/* The -H include tree in the log: counted, searched for forbidden
 * headers (with the chain that pulls one in), and taken out of the log
 * that reports quote. */
static void read_includes(const struct cell_result *c, struct tu_result *t)
{
	struct include_tree tree;
	char *rest = include_tree_parse(t->log, &tree);
	int i;

	/* a header from the overlay dir is named as it is included */
	for (i = 0; c->overlay && i < tree.n; i++) {
		size_t n = strlen(c->overlay);
		char *p = tree.entries[i].path;

		if (!strncmp(p, c->overlay, n) && p[n] == '/')
			memmove(p, p + n + 1, strlen(p + n + 1) + 1);
	}

	free(t->log);
	t->log = rest;
	t->nincludes = include_count(&tree);
	for (i = 0; i < c->nforbids && !t->forbidden; i++) {
		char *chain = include_chain(&tree, c->forbids[i]);

		if (chain)
			t->forbidden = xasprintf("%s: %s", c->forbids[i], chain);
		free(chain);
	}
	include_tree_free(&tree);
}

/* Forbidden headers, from the -H tree and the depfile (TU.dep:
 * the run renames gcc's TU.d to it when it is complete: gen/compile/tu.c).  A
 * depfile that is missing or not whole is unknown, not "no forbidden
 * header": when the log has no -H tree either, *why says so. */
static void find_forbidden(const struct cell_result *c, struct tu_result *t, const char *base, char **why)
{
	char *dep;

	*why = NULL;
	if (t->forbidden || !c->nforbids)
		return;
	dep = read_needed(base, "dep", why);
	if (dep)
		t->forbidden = forbidden_in_depfile(c, dep);
	else if (t->nincludes) {
		free(*why);
		*why = NULL;
	}
	free(dep);
}

/* Where the log's TU was compiled: the OUT before tail ("/CELL/STEM.c:")
 * where the compiler names the TU's file, at the start of a line or after
 * the "from " of an include chain; NULL when the log names it nowhere. */
static char *compiled_in(const char *log, const char *tail)
{
	const char *p, *line, *path;

	for (p = strstr(log, tail); p; p = strstr(p + 1, tail)) {
		char *out;

		for (line = p; line > log && line[-1] != '\n'; line--)
			;
		path = line + strspn(line, " ");
		if (starts_with(path, "In file included from "))
			path += strlen("In file included from ");
		else if (starts_with(path, "from "))
			path += strlen("from ");
		else
			path = line;
		if (*path != '/' || path >= p)
			continue;
		out = xstrndup(path, p - path);
		/* a message that quotes the path: not where it was compiled */
		if (!strstr(out, ": "))
			return out;
		free(out);
	}
	return NULL;
}

/* A log names its TU by the path it was compiled at, and an OUT may be
 * copied whole (a series' step from the one before) or a TU's results
 * into another (merged shards, the fix proof): the TU is found by its
 * path below OUT, and the OUT the log names made this one, as if it had
 * been compiled here.  Takes log, returns the log to keep. */
static char *compiled_here(char *log, const struct cell_result *c, const struct tu_result *t)
{
	char *here = xasprintf("%s/%s.c:", c->dir, t->stem), *tail = xasprintf("/%s/%s.c:", c->display, t->stem);
	char *then = strstr(log, here) ? NULL : compiled_in(log, tail);

	if (then) {
		size_t n = strlen(c->dir) - strlen(c->display) - 1;
		char *from = xasprintf("%s/", then), *to = xasprintf("%.*s/", (int)n, c->dir);
		char *moved = str_replace_all(log, from, to);

		free(log);
		log = moved;
		free(from);
		free(to);
		free(then);
	}
	free(here);
	free(tail);
	return log;
}

/* gcc names its temporary files at random ("/tmp/ccby6ISI.s: Assembler
 * messages:"), and a log that quotes one would make two runs of the same
 * TU differ in results.xml: each such name becomes "/ccXXXXXX.s", in
 * place (the same length). */
static void stable_temp_names(char *log)
{
	char *p = log;

	while ((p = strstr(p, "/cc"))) {
		int i;

		for (i = 0; i < 6 && isalnum((unsigned char)p[3 + i]); i++)
			;
		if (i == 6 && p[9] == '.' && islower((unsigned char)p[10]))
			memcpy(p + 3, "XXXXXX", 6);
		p += 3;
	}
}

/* The exit status of t, with its log read into t->log; -1, with t an
 * error saying why, if either is missing or not whole. */
static int read_outcome(const struct cell_result *c, struct tu_result *t, const char *base)
{
	char *text, *why;
	size_t len;
	int rc;

	t->verdict = V_ERROR;
	text = read_result(base, "rc", &len, &why);
	if (!text && !why) {
		t->detail = xasprintf("not compiled: %s.rc is missing (the compile stage did not run)", base);
		return -1;
	}
	rc = text ? parse_rc(text, len, &why) : -1;
	free(text);
	if (rc < 0) {
		unreadable(t, c, "rc", why);
		return -1;
	}
	free(t->log);
	t->log = read_needed(base, "log", &why);
	if (!t->log) {
		t->log = xstrdup("");
		unreadable(t, c, "log", why);
		return -1;
	}
	/* a header's #error may hold an escape sequence: every report
	 * quotes the log, none may pass one on */
	text = compiled_here(t->log, c, t);
	t->log = printable_text(text);
	free(text);
	stable_temp_names(t->log);
	return rc;
}

static void judge(struct cell_result *c, struct tu_result *t)
{
	char *base = xasprintf("%s/%s", c->dir, t->stem), *path, *dep_why, *skip;
	int rc;

	t->log = xstrdup("");
	if (c->skipped || c->errored) {
		t->verdict = c->skipped ? V_SKIP : V_ERROR;
		t->detail = xstrdup(c->reason);
		free(base);
		return;
	}
	if (t->skip) {
		t->verdict = V_SKIP;
		t->detail = xasprintf("not meant to be included alone: %s", t->skip);
		free(base);
		return;
	}
	rc = read_outcome(c, t, base);
	if (rc < 0) {
		free(base);
		return;
	}
	read_includes(c, t);
	t->verdict = V_FAIL;
	t->detail = first_diagnostic(t->log, c->srctree, c->dir, c->display);
	t->stopped = strstr(t->log, "fatal error: ") || strstr(t->log, "compilation terminated");
	path = xasprintf("%s.c", base);
	attribute(t, path);
	free(path);
	find_forbidden(c, t, base, &dep_why);
	free(base);
	if (rc != 0 && (skip = standalone_skip(c, t))) {
		/* a header that cannot stand alone here, or at all */
		t->verdict = V_SKIP;
		free(t->detail);
		t->detail = skip;
	} else if (rc != 0) {
		if (!t->detail)
			t->detail = xasprintf("the compiler exited with status %d and printed no diagnostic", rc);
	} else if (t->detail) {
		/* a warning: a new warning is a regression */
	} else if (t->forbidden) {
		t->detail = xasprintf(FORBIDDEN_DETAIL "%s", t->forbidden);
	} else if (dep_why) {
		unreadable(t, c, "dep", dep_why);
		return;
	} else {
		t->verdict = V_PASS;
	}
	free(dep_why);
}

struct cell_result *cell_read_manifest(const char *out, const char *cell)
{
	struct cell_result *c = xcalloc(1, sizeof(*c));
	char *path = xasprintf("%s/%s/manifest.tsv", out, cell), *text, *line, *cur;
	struct tu_result *t = NULL;
	struct loc loc = { path, 0, 1 };

	text = read_file(path, NULL);
	if (!text) {
		error("cannot read %s: %s (was the cell generated?)", path, strerror(errno));
		free(path);
		free(c);
		return NULL;
	}
	c->dir = xasprintf("%s/%s", out, cell);
	c->display = xstrdup(cell);
	cur = text;
	while ((line = next_line(&cur))) {
		char *f[6];
		int n;

		loc.line++;
		n = split_tabs(line, f, 6);
		if (!strcmp(f[0], "arch") && n >= 2) {
			c->arch = xstrdup(f[1]);
		} else if (!strcmp(f[0], "config") && n >= 2) {
			c->config = xstrdup(f[1]);
		} else if (!strcmp(f[0], "status") && n >= 3) {
			c->skipped = !strcmp(f[1], "skip");
			c->errored = !strcmp(f[1], "error");
			c->reason = xstrdup(f[2]);
		} else if (!strcmp(f[0], "note") && n >= 2) {
			c->note = xstrdup(f[1]);
		} else if (!strcmp(f[0], "kbuild") && n >= 2) {
			c->kbuild = xstrdup(f[1]);
		} else if (!strcmp(f[0], "srctree") && n >= 2) {
			c->srctree = xstrdup(f[1]);
		} else if (!strcmp(f[0], "repro") && n >= 2) {
			c->repro = xstrdup(f[1]);
		} else if (!strcmp(f[0], "forbid") && n >= 2) {
			*(char **)push(&c->forbids, &c->nforbids, sizeof(char *)) = xstrdup(f[1]);
		} else if (!strcmp(f[0], "header") && n >= 3 && !name_is_safe(f[2])) {
			/* its files are read as CELL/STEM.log, ...: none outside */
			loc.col = (int)(f[2] - line) + 1;
			error_at(&loc, "expected the TU's stem, a path below its cell's dir, found '%s' (" SAFE_NAME_RULE
				 ")", f[2]);
			goto fail;
		} else if (!strcmp(f[0], "header") && n >= 3) {
			t = push(&c->tus, &c->ntus, sizeof(*t));
			t->header = xstrdup(f[1]);
			t->stem = xstrdup(f[2]);
			if (n >= 5 && !strcmp(f[3], "skip"))
				t->skip = xstrdup(f[4]);
		} else if (!strcmp(f[0], "sym") && n >= 5 && t) {
			struct sym_result *s = push(&t->syms, &t->nsyms, sizeof(*s));

			s->name = xstrdup(f[1]);
			s->kind = xstrdup(f[2]);
			s->use = xstrdup(f[3]);
			s->cond = xstrdup(f[4]);
		} else if (!strcmp(f[0], "overlay") && n >= 2) {
			if (*f[1])
				c->overlay = xstrdup(f[1]);
		} else if (strcmp(f[0], "hdrtest-manifest")) {
			error_at(&loc, "unexpected manifest line '%s'", f[0]);
			goto fail;
		}
	}
	free(text);
	free(path);
	if (!c->arch || !c->config || !c->reason) {
		error("%s/%s/manifest.tsv: incomplete manifest", out, cell);
		cell_free(c);
		return NULL;
	}
	if (!c->srctree)
		c->srctree = xstrdup("");
	if (!c->repro)
		c->repro = xstrdup("");
	return c;
fail:
	free(text);
	free(path);
	cell_free(c);
	return NULL;
}

struct cell_result *cell_read(const char *out, const char *cell)
{
	struct cell_result *c = cell_read_manifest(out, cell);
	int i;

	for (i = 0; c && i < c->ntus; i++)
		judge(c, &c->tus[i]);
	return c;
}

/* One line of a drift file, at loc; -1 after an error. */
static int drift_line_parse(char *line, const struct loc *loc, struct drift_lines *d)
{
	char *tab = strchr(line, '\t');
	struct drift_line *l;

	if (!tab || tab == line || !tab[1] || strchr(tab + 1, '\t'))
		return error_at(loc, "expected 'HEADER<TAB>DRIFT MESSAGE'");
	l = push(&d->items, &d->n, sizeof(*l));
	l->header = xstrndup(line, tab - line);
	l->text = xstrdup(tab + 1);
	return 0;
}

int drift_lines_read(const char *path, struct drift_lines *d)
{
	struct loc loc = { path, 1, 1 };
	char *text, *line, *cur;
	int bad = 0;

	d->items = NULL;
	d->n = 0;
	text = read_text_file(path, NULL, "HEADER<TAB>DRIFT MESSAGE lines");
	if (!text) {
		if (errno != EILSEQ)	/* a NUL byte: reported */
			error("cannot read %s: %s (written by hdrtest catalog-check --drift-out)", path,
			      strerror(errno));
		return -1;
	}
	cur = text;
	while (!bad && (line = next_line(&cur))) {
		if (!cur) {
			error_at(&loc, "the last line has no newline: the file is cut short");
			bad = 1;
			break;
		}
		bad = drift_line_parse(line, &loc, d) < 0;
		loc.line++;
	}
	free(text);
	if (bad)
		drift_lines_free(d);
	return bad ? -1 : 0;
}

void drift_lines_free(struct drift_lines *d)
{
	int i;

	for (i = 0; i < d->n; i++) {
		free(d->items[i].header);
		free(d->items[i].text);
	}
	free(d->items);
	d->items = NULL;
	d->n = 0;
}

void cell_mark_drift(struct cell_result *c, const struct drift_lines *d)
{
	int i, j;

	if (c->skipped || c->errored)
		return;
	for (i = 0; i < c->ntus; i++) {
		struct tu_result *t = &c->tus[i];
		struct strbuf why;

		sb_init(&why);
		for (j = 0; j < d->n; j++) {
			if (strcmp(d->items[j].header, t->header))
				continue;
			if (!why.len) {
				free(t->detail);
				t->detail = xstrdup(d->items[j].text);
			}
			sb_addf(&why, "%s%s", why.len ? "; " : "", d->items[j].text);
		}
		if (!why.len) {
			sb_release(&why);
			continue;
		}
		t->verdict = V_FAIL;
		t->drifted = 1;
		free(t->explanation);
		t->explanation = sb_detach(&why);
	}
}

static void tu_free(struct tu_result *t)
{
	int j;

	for (j = 0; j < t->nsyms; j++) {
		free(t->syms[j].name);
		free(t->syms[j].kind);
		free(t->syms[j].use);
		free(t->syms[j].cond);
	}
	free(t->syms);
	free(t->header);
	free(t->stem);
	free(t->skip);
	free(t->detail);
	free(t->explanation);
	free(t->forbidden);
	free(t->log);
}

int cell_keep_tus(struct cell_result *c, int (*keep)(const struct tu_result *t, void *arg), void *arg)
{
	int i, n = 0;

	for (i = 0; i < c->ntus; i++) {
		if (keep(&c->tus[i], arg))
			c->tus[n++] = c->tus[i];
		else
			tu_free(&c->tus[i]);
	}
	c->ntus = n;
	return n;
}

void cell_free(struct cell_result *c)
{
	int i;

	if (!c)
		return;
	for (i = 0; i < c->ntus; i++)
		tu_free(&c->tus[i]);
	free(c->tus);
	for (i = 0; i < c->nforbids; i++)
		free(c->forbids[i]);
	free(c->forbids);
	free(c->arch);
	free(c->config);
	free(c->dir);
	free(c->display);
	free(c->reason);
	free(c->kbuild);
	free(c->srctree);
	free(c->note);
	free(c->overlay);
	free(c->repro);
	free(c);
}
