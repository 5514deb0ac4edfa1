// SPDX-License-Identifier: GPL-2.0
/*
 * The proof of the cuts on kernel objects.  Round 1 compiles, on each
 * cell with a built dir, every object whose recorded dependencies name a
 * cut header: kbuild's own record of what the compiler read, so no other
 * object can see the edit.  An object breaks when it fails, or warns
 * where the unedited tree does not (its own command run on KDIR: the
 * warning's text and file, its line left out).  Each missing name a
 * broken object's diagnostics give is fixed where the kernel fixes it:
 * an #include in the .c file (or the header the use is in, as hdrtest
 * fix does), in the scratch tree.  The next round compiles the broken
 * objects again, and every object that reads a header edited by the
 * round before; at a fixed point, what is still broken is the cut's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/process.h"
#include "base/util.h"
#include "fix/consumers.h"
#include "judge/explain.h"
#include "judge/results.h"
#include "objects/ppcache.h"
#include "objects/unchanged.h"
#include "scan/headers.h"
#include "scan/scan.h"

/* OBJ_SAME: not compiled, its preprocessed text is the same program
 * (the token shortcut, cell_proof.tokens[] says how) */
enum obj_state { OBJ_UNTOUCHED, OBJ_OK, OBJ_BROKEN, OBJ_FIXED, OBJ_SAME };

/*
 * One cell's objects through the rounds.  Invariants, between rounds:
 * state[k] is OBJ_UNTOUCHED until object k is first compiled, then its
 * last compile's: OBJ_OK, OBJ_FIXED (it compiles, and edited[k]: it asked
 * for an edit in a round before) or OBJ_BROKEN (why[k]: what no edit can
 * give it, or NULL: its first error says); asked[] is all 0 (set in a
 * round, cleared by next_pending()); pending[0..npending) are the objects
 * the next round compiles; orig_warnings[k] is set once the unedited
 * tree compiled k, and then never changes; tokens (the shortcut only)
 * is object k's token verdict once it was preprocessed.
 */
struct cell_proof {
	struct kobj_set *set;
	enum obj_state *state;
	int *edited;		/* the object needed an edit of its own (at some round) */
	int *asked;		/* ... this round: compile it again once the edit is made */
	char **why;		/* broken: what no edit can give it, or NULL */
	char **orig_warnings;	/* the unedited tree's warnings, once compiled; NULL: not yet */
	int *pending;
	int npending;
	enum token_verdict *tokens;
};

/* A symlink copy of srctree at dir: every file a link to KDIR's, so that
 * an edit (a rename over the link) never reaches KDIR.  0/-1. */
int scratch_make(const char *srctree, const char *dir)
{
	char *argv[] = { "cp", "-as", (char *)srctree, (char *)dir, NULL };
	int rc;

	remove_tree(dir);
	rc = run_program(argv);
	if (rc)
		return error("cannot make the scratch tree %s (cp -as %s): exit status %d", dir, srctree, rc);
	return 0;
}

void cut_of_edit(struct cut *c, const char *path, const char *include_name)
{
	memset(c, 0, sizeof(*c));
	c->inc.path = xstrdup(path);
	c->inc.forbidden = xstrdup("");
	c->inc.cells = xstrdup("");
	c->inc.consumers = xstrdup("");
	c->include_name = xstrdup(include_name);
	c->kind = CUT_REPLACE;
	c->freed = xstrdup("");
	c->still = xstrdup("");
}

int load_built_dirs(struct consumer_fixer *cf)
{
	struct fixer *fx = cf->fx;
	int i, any = 0;

	cf->objs = xcalloc(fx->ncells, sizeof(*cf->objs));
	cf->skip = xcalloc(fx->ncells, sizeof(*cf->skip));
	for (i = 0; i < fx->ncells; i++) {
		char *dir = cell_built_dir(fx->out, fx->cells[i], &cf->skip[i]);

		if (dir && !(cf->objs[i] = objects_load(dir, cf->base ? cf->base : cf->srctree))) {
			free(dir);
			return -1;
		}
		free(dir);
		if (cf->objs[i] && cf->base)
			cf->objs[i]->now = xstrdup(cf->srctree);
		any |= cf->objs[i] != NULL;
	}
	return any;
}

char *cell_built_dir(const char *out, const char *cell, char **why)
{
	char *path = xasprintf("%s/%s/built", out, cell), *line = read_first_line(path), *dir = NULL;

	*why = NULL;
	if (!line)
		*why = xasprintf("no built kbuild dir (%s: %s; make fix-consumers builds one)", path,
				 strerror(errno));
	else if (starts_with(line, "built="))
		dir = xstrdup(line + 6);
	else
		*why = xstrdup(line);
	free(line);
	free(path);
	return dir;
}

char *built_targets(const struct kobj_set *s)
{
	char *stamp = xasprintf("%s/.hdrtest-built", s->kdir), *text = read_file(stamp, NULL);
	char *t = text ? strstr(text, "\ntargets ") : NULL, *e, *out;

	if (t && (e = strchr(t + 1, '\n')))
		*e = '\0';
	out = xstrdup(t ? t + 9 : "?");
	free(stamp);
	free(text);
	return out;
}

void built_dir_line(struct strbuf *sb, const char *cell, const struct kobj_set *s)
{
	char *t = built_targets(s);

	sb_addf(sb, "%s: built dir %s (make %s: %d objects with recorded dependencies)\n", cell, s->kdir, t,
		s->n);
	free(t);
}

int scratch_write(struct consumer_fixer *cf, const char *path, const char *text)
{
	char *p = xasprintf("%s/%s", cf->scratch, path);
	/* write_file_atomic renames over the symlink: KDIR's file is never
	 * opened for writing */
	int rc = write_file_atomic(p, text);

	free(p);
	return rc < 0 ? -1 : 0;
}

static char *scratch_read(struct consumer_fixer *cf, const char *path)
{
	char *p = xasprintf("%s/%s", cf->scratch, path), *text = read_file(p, NULL);

	if (!text)
		error("cannot read %s: %s", p, strerror(errno));
	free(p);
	return text;
}

/* The warnings of log as "FILE: warning: TEXT" lines, sorted, the
 * scratch tree's paths as KDIR's and line:column left out (an edit
 * moves lines). */
static char *warning_set(const char *log, const char *scratch, const char *srctree)
{
	const char *cur = log, *line;
	char **w = NULL;
	int n = 0, i;
	size_t len, sl = strlen(scratch);
	struct strbuf sb;

	while ((line = next_line_span(&cur, &len))) {
		const char *k = memmem(line, len, ": warning: ", 11), *colon;
		char *file;

		if (!k)
			continue;
		/* FILE:LINE:COL: warning: */
		colon = memchr(line, ':', k - line);
		file = xstrndup(line, colon ? (size_t)(colon - line) : (size_t)(k - line));
		if (!strncmp(file, scratch, sl) && file[sl] == '/') {
			char *f2 = xasprintf("%s%s", srctree, file + sl);

			free(file);
			file = f2;
		}
		*(char **)push(&w, &n, sizeof(char *)) = xasprintf("%s%.*s", file, (int)(line + len - k), k);
		free(file);
	}
	if (n)
		qsort(w, n, sizeof(char *), cmp_strings);
	sb_init(&sb);
	for (i = 0; i < n; i++) {
		sb_addf(&sb, "%s\n", w[i]);
		free(w[i]);
	}
	free(w);
	return sb_detach(&sb);
}

/* A warning of now's set (sorted lines) that was not in before's, or
 * NULL; the caller frees. */
static char *new_warning(const char *now, const char *before)
{
	const char *cur = now, *line;
	size_t n;

	while ((line = next_line_span(&cur, &n))) {
		char *l = xstrndup(line, n), *pad = xasprintf("\n%s\n", l), *bpad = xasprintf("\n%s", before);

		if (!strstr(bpad, pad)) {
			free(pad);
			free(bpad);
			return l;
		}
		free(pad);
		free(bpad);
		free(l);
	}
	return NULL;
}

static int reads(const struct kobj_set *s, const struct kobj *o, const char *path)
{
	int id = objects_file_id(s, path), i;

	for (i = 0; id >= 0 && i < o->ndeps; i++)
		if (o->deps[i] == id)
			return 1;
	return 0;
}

/* The first cut (kept so far) the object reads the header of, or -1. */
static int cut_of(const struct consumer_fixer *cf, const struct kobj_set *s, const struct kobj *o)
{
	int i;

	for (i = 0; i < cf->ncuts; i++)
		if (cf->cuts[i].kind != CUT_KEEP && reads(s, o, cf->cuts[i].inc.path))
			return i;
	return -1;
}

/* Whether the log of o names a line the cut added to its header in the
 * scratch tree: a diagnostic's place or a step of its include stack. */
static int names_added_line(const struct consumer_fixer *cf, const struct cut *c, const struct kobj *o)
{
	char *orig_path = xasprintf("%s/%s", cf->srctree, c->inc.path);
	char *path = xasprintf("%s/%s", cf->scratch, c->inc.path);
	char *orig = read_file(orig_path, NULL), *now = read_file(path, NULL);
	int *lines = NULL, n = -1, hit = 0;

	if (orig && now && (n = added_lines(orig, now, &lines)) > 0)
		hit = log_names_line(o->log, path, lines, n);
	free(lines);
	free(orig);
	free(now);
	free(path);
	free(orig_path);
	return hit;
}

/* The cut a broken object breaks by: the first of those it reads one of
 * whose added lines its log names (blame.c's rule for the header TUs),
 * else the first it reads.  mm/hugetlb.o reads six patched headers and
 * breaks on linux/hugetlb_cgroup.h's added include: that one.  A cut
 * that is not insert-only (an include replaced) has no added lines. */
static int blamed_cut(const struct consumer_fixer *cf, const struct kobj_set *s, const struct kobj *o)
{
	int i;

	for (i = 0; o->log && i < cf->ncuts; i++)
		if (cf->cuts[i].kind != CUT_KEEP && reads(s, o, cf->cuts[i].inc.path) &&
		    names_added_line(cf, &cf->cuts[i], o))
			return i;
	return cut_of(cf, s, o);
}

static struct obj_edit *edit_for(struct consumer_fixer *cf, const char *path, int is_header, int cut)
{
	struct obj_edit *e;
	int i;

	for (i = 0; i < cf->nedits; i++)
		if (!strcmp(cf->edits[i].path, path))
			return &cf->edits[i];
	e = push(&cf->edits, &cf->nedits, sizeof(*e));
	memset(e, 0, sizeof(*e));
	e->path = xstrdup(path);
	e->is_header = is_header;
	e->objects = xstrdup("");
	e->cut = cut;
	return e;
}

/* Add cand to the edit of its file unless it has one for that name (cand
 * then belongs to the edit, else it is freed).  1 when the edit asks for
 * it and it is not in the scratch tree yet: the object is to be compiled
 * again. */
static int add_cand(struct obj_edit *ed, struct fix_cand *cand)
{
	int i;

	for (i = 0; i < ed->ncands; i++)
		if (!strcmp(ed->cands[i].symbol, cand->symbol)) {
			fix_cand_free(cand);
			return i >= ed->applied;
		}
	*(struct fix_cand *)push(&ed->cands, &ed->ncands, sizeof(*cand)) = *cand;
	return 1;
}

static void note_object(struct obj_edit *ed, const char *cell, const char *object)
{
	char *line = xasprintf("%s %s\n", cell, object), *n;

	if (strstr(ed->objects, line) && (ed->objects == strstr(ed->objects, line) ||
					   strstr(ed->objects, line)[-1] == '\n')) {
		free(line);
		return;
	}
	n = xasprintf("%s%s", ed->objects, line);
	free(ed->objects);
	ed->objects = n;
	free(line);
}

/* "defined at include/linux/mm.h:3993 (under CONFIG_MEMORY_FAILURE), :4010":
 * where name is defined in the forbidden headers of c, for the human who
 * moves it.  NULL when it is defined in none. */
static char *move_sites(const struct scan_index *ix, const char *name, const struct cell_result *c)
{
	const struct scan_def *d;
	struct strbuf sb;
	const char *last = NULL;

	sb_init(&sb);
	for (d = scan_lookup(ix, name); d; d = d->next) {
		char *cond;
		int i, forb = 0;

		for (i = 0; i < c->nforbids && d->file->include_name; i++)
			forb |= !strcmp(c->forbids[i], d->file->include_name);
		if (!forb || d->kind == SCAN_STRUCT_FWD)
			continue;
		cond = d->cond ? scan_cond_chain(d->cond) : NULL;
		if (last && !strcmp(last, d->file->path))
			sb_addf(&sb, ", :%d", d->line);
		else
			sb_addf(&sb, "%s%s:%d", sb.len ? ", " : "defined at ", d->file->path, d->line);
		if (cond)
			sb_addf(&sb, " (under %s)", cond);
		free(cond);
		last = d->file->path;
	}
	return sb.len ? sb_detach(&sb) : (sb_release(&sb), NULL);
}

/* The edits o's diagnostics ask for, added; how many it asks for that
 * are not made yet.  *why: the first missing name no edit can give, as
 * one line ("needs a move"), or left alone. */
static int take_object(struct consumer_fixer *cf, int ci, const struct kobj_set *s, const struct kobj *o,
		       char **why)
{
	const struct cell_result *real = cf->fx->orig[ci];
	struct tu_result t = { 0 };
	struct cell_result c = { 0 };
	int nth, added = 0, cut = cut_of(cf, s, o);

	t.header = o->source;
	t.stem = o->object;
	t.verdict = V_FAIL;
	t.log = o->log;
	c.dir = "/nonexistent";
	c.srctree = cf->scratch;
	c.forbids = real->forbids;
	c.nforbids = real->nforbids;
	for (nth = 0; nth < 100; nth++) {
		struct explain_info *e = explain_analyze_nth(&t, &c, cf->fx->ix, nth);
		struct fix_cand cand;
		struct obj_edit *ed;

		if (!e)
			break;
		if (!strcmp(e->culprit, o->source)) {
			int w;
			char *z = fix_source_include(cf->fx->ix, e->missing, real->forbids, real->nforbids, &w);

			if (z) {
				memset(&cand, 0, sizeof(cand));
				cand.kind = FIX_INCLUDE;
				cand.header = xstrdup(o->source);
				cand.symbol = xstrdup(e->missing);
				cand.what = xasprintf("%s%s", e->missing,
						      scan_is_callable(cf->fx->ix, e->missing) ? "()" : "");
				cand.include = z;
				cand.weight = w;
				ed = edit_for(cf, o->source, 0, cut);
				added += add_cand(ed, &cand);
				note_object(ed, cf->fx->cells[ci], o->object);
			} else if (!*why) {
				*why = xasprintf("%s needs %s, which no header defines outside it", o->source,
						 e->missing);
			}
		} else {
			const struct scan_file *hf = common_file(cf->fx->ix, e->culprit);
			struct scan_index *ox = NULL;
			const struct scan_file *copy = NULL;

			if (hf) {
				char *rel = (char *)hf->path;

				/* the scratch copy, when an earlier round edited it */
				for (int k = 0; k < cf->nedits; k++)
					if (!strcmp(cf->edits[k].path, hf->path) && cf->edits[k].applied &&
					    (ox = scan_paths(cf->scratch, &rel, 1)))
						copy = scan_file(ox, hf->path);
			}
			if (hf && !fix_choose(cf->fx->ix, e, copy, real->forbids, real->nforbids, &cand)) {
				if (cand.kind == FIX_NONE) {
					if (!*why && cand.why_not) {
						char *at = move_sites(cf->fx->ix, e->missing, real);

						*why = at ? xasprintf("%s; %s", cand.why_not, at) : xstrdup(cand.why_not);
						free(at);
					}
					fix_cand_free(&cand);
				} else {
					ed = edit_for(cf, hf->path, 1, cut);
					added += add_cand(ed, &cand);
					note_object(ed, cf->fx->cells[ci], o->object);
				}
			} else if (!*why) {
				*why = xasprintf("%s: %s needs %s: no header of include/ to fix", e->culprit,
						 e->user ? e->user : "it", e->missing);
			}
			scan_free(ox);
		}
		explain_info_free(e);
	}
	return added;
}

/* The first error (or new warning) of o, one line. */
static char *first_problem(const struct kobj *o, const char *newwarn)
{
	const char *cur = o->log, *line;
	size_t n;

	if (o->status == 0 && newwarn)
		return xasprintf("new %s", strstr(newwarn, "warning: ") ? strstr(newwarn, "warning: ") : newwarn);
	while ((line = next_line_span(&cur, &n)))
		if (memmem(line, n, " error: ", 8) || memmem(line, n, "error:", 6) == line)
			return xstrndup(line, n);
	return xasprintf("exit status %d", o->status);
}

/* Apply every candidate not yet in the scratch tree; the headers edited,
 * added to *hdrs. */
static int apply_edits(struct consumer_fixer *cf, char ***hdrs, int *nhdrs)
{
	int i;

	for (i = 0; i < cf->nedits; i++) {
		struct obj_edit *ed = &cf->edits[i];
		char *text, *patched;

		if (ed->applied == ed->ncands)
			continue;
		if (!(text = scratch_read(cf, ed->path)))
			return -1;
		if (ed->is_header) {
			char *rel = ed->path;
			struct scan_index *ox = scan_paths(cf->scratch, &rel, 1);
			const struct scan_file *f = ox ? scan_file(ox, ed->path) : NULL;

			patched = f ? fix_apply(text, f, ed->cands + ed->applied, ed->ncands - ed->applied) : NULL;
			scan_free(ox);
			*(char **)push(hdrs, nhdrs, sizeof(char *)) = ed->path;
		} else {
			patched = fix_apply_source(text, ed->cands + ed->applied, ed->ncands - ed->applied);
		}
		if (!patched || scratch_write(cf, ed->path, patched)) {
			error("cannot edit %s in the scratch tree", ed->path);
			free(text);
			free(patched);
			return -1;
		}
		ed->applied = ed->ncands;
		free(text);
		free(patched);
	}
	return 0;
}

/* Compile p's pending objects; their states set, new edits taken.  How
 * many new candidates, or -1. */
static int prove_cell(struct consumer_fixer *cf, int ci, struct cell_proof *p, int jobs)
{
	char *tmp = xasprintf("%s/logs", cf->fx->dir);
	int i, added = 0, worig = 0, *orig_idx = NULL, norig = 0;

	if (objects_compile(p->set, p->pending, p->npending, cf->scratch, tmp, jobs, cf->syntax_only) < 0) {
		free(tmp);
		return -1;
	}
	cf->compiled += p->npending;
	/* the unedited tree's warnings, for the objects that warn now */
	for (i = 0; i < p->npending; i++) {
		int k = p->pending[i];

		if (p->set->objs[k].log && strstr(p->set->objs[k].log, ": warning: ") && !p->orig_warnings[k])
			*(int *)push(&orig_idx, &norig, sizeof(int)) = k;
	}
	if (norig) {
		/* the objects' logs are overwritten: keep the edited ones */
		char **saved = xcalloc(norig, sizeof(char *));
		int *sst = xcalloc(norig, sizeof(int));

		for (i = 0; i < norig; i++) {
			saved[i] = p->set->objs[orig_idx[i]].log;
			sst[i] = p->set->objs[orig_idx[i]].status;
			p->set->objs[orig_idx[i]].log = NULL;
		}
		worig = objects_compile(p->set, orig_idx, norig, NULL, tmp, jobs, cf->syntax_only);
		for (i = 0; i < norig; i++) {
			struct kobj *o = &p->set->objs[orig_idx[i]];

			p->orig_warnings[orig_idx[i]] = warning_set(o->log ? o->log : "", cf->scratch, cf->srctree);
			free(o->log);
			o->log = saved[i];
			o->status = sst[i];
		}
		cf->compiled += norig;
		free(saved);
		free(sst);
		free(orig_idx);
	}
	free(tmp);
	if (worig < 0)
		return -1;
	for (i = 0; i < p->npending; i++) {
		int k = p->pending[i];
		struct kobj *o = &p->set->objs[k];
		char *now = warning_set(o->log ? o->log : "", cf->scratch, cf->srctree);
		char *nw = p->orig_warnings[k] ? new_warning(now, p->orig_warnings[k]) : NULL;

		if (o->status == 0 && !nw) {
			p->state[k] = p->edited[k] ? OBJ_FIXED : OBJ_OK;
		} else {
			int a;

			free(p->why[k]);
			p->why[k] = NULL;
			a = take_object(cf, ci, p->set, o, &p->why[k]);

			p->state[k] = OBJ_BROKEN;
			p->edited[k] |= a > 0;
			p->asked[k] = a > 0;
			added += a;
		}
		free(nw);
		free(now);
	}
	return added;
}

/* One more broken object of c, grouped by why it breaks: a count and
 * the first few objects of each reason. */
static void cut_broken(struct cut *c, const char *why, const char *cell, const char *object)
{
	int i;

	for (i = 0; i < c->nreasons && strcmp(c->reasons[i].why, why); i++)
		;
	if (i == c->nreasons) {
		struct broken_reason *r = push(&c->reasons, &c->nreasons, sizeof(*r));

		r->why = xstrdup(why);
		r->count = 0;
		r->examples = xstrdup("");
	}
	if (c->reasons[i].count++ < 3) {
		char *e = xasprintf("%s%s%s %s", c->reasons[i].examples, *c->reasons[i].examples ? ", " : "",
				    cell, object);

		free(c->reasons[i].examples);
		c->reasons[i].examples = e;
	}
}

/* Each cell's proof: the objects whose recorded dependencies name a cut
 * header pending; a cell without a built dir has none. */
static struct cell_proof *cell_proofs_new(struct consumer_fixer *cf)
{
	struct cell_proof *cp = xcalloc(cf->fx->ncells, sizeof(*cp));
	char **cut_paths = NULL;
	int ncut = 0, ci, i;

	for (i = 0; i < cf->ncuts; i++)
		if (cf->cuts[i].kind != CUT_KEEP)
			*(char **)push(&cut_paths, &ncut, sizeof(char *)) = cf->cuts[i].inc.path;
	for (ci = 0; ci < cf->fx->ncells; ci++) {
		struct cell_proof *p = &cp[ci];

		if (!(p->set = cf->objs[ci]))
			continue;
		p->state = xcalloc(p->set->n, sizeof(*p->state));
		p->edited = xcalloc(p->set->n, sizeof(int));
		p->asked = xcalloc(p->set->n, sizeof(int));
		p->why = xcalloc(p->set->n, sizeof(char *));
		p->orig_warnings = xcalloc(p->set->n, sizeof(char *));
		p->npending = objects_reading(p->set, cut_paths, ncut, &p->pending);
	}
	free(cut_paths);
	return cp;
}

static void cell_proofs_free(struct cell_proof *cp, int ncells)
{
	int ci, i;

	for (ci = 0; ci < ncells; ci++) {
		struct cell_proof *p = &cp[ci];

		for (i = 0; p->set && i < p->set->n; i++) {
			free(p->orig_warnings[i]);
			free(p->why[i]);
		}
		free(p->why);
		free(p->orig_warnings);
		free(p->state);
		free(p->edited);
		free(p->asked);
		free(p->pending);
		free(p->tokens);
	}
	free(cp);
}

/* The next round's pending objects of p: the broken ones that asked for
 * an edit, and every object reading one of the headers hdrs[0..nhdrs)
 * this round edited. */
static void next_pending(struct cell_proof *p, char **hdrs, int nhdrs)
{
	int *next = NULL, nnext = 0, *readers = NULL, nreaders, i, j;

	nreaders = objects_reading(p->set, hdrs, nhdrs, &readers);
	for (i = 0; i < p->set->n; i++) {
		int r = 0;

		for (j = 0; j < nreaders && !r; j++)
			r = readers[j] == i;
		if ((p->state[i] == OBJ_BROKEN && p->asked[i]) || r)
			*(int *)push(&next, &nnext, sizeof(int)) = i;
		p->asked[i] = 0;
	}
	free(readers);
	free(p->pending);
	p->pending = next;
	p->npending = nnext;
}

/* One round on every cell with pending objects; the edits they asked for
 * applied.  1 when the round compiled nothing or asked for no edit (a
 * fixed point), 0 when another round is due, -1 after an error. */
static int objects_round(struct consumer_fixer *cf, struct cell_proof *cp, int jobs)
{
	char **hdrs = NULL;
	int nhdrs = 0, added = 0, any = 0, ci, a;

	cf->rounds++;
	for (ci = 0; ci < cf->fx->ncells; ci++) {
		if (!cp[ci].set || !cp[ci].npending)
			continue;
		any = 1;
		fprintf(stderr, "  OBJ     %s: round %d, %d objects\n", cf->fx->cells[ci], cf->rounds,
			cp[ci].npending);
		if ((a = prove_cell(cf, ci, &cp[ci], jobs)) < 0)
			return -1;
		added += a;
	}
	if (!any)
		cf->rounds--;	/* nothing to compile: no round */
	if (!any || !added)
		return 1;
	if (apply_edits(cf, &hdrs, &nhdrs)) {
		free(hdrs);
		return -1;
	}
	for (ci = 0; ci < cf->fx->ncells; ci++)
		if (cp[ci].set)
			next_pending(&cp[ci], hdrs, nhdrs);
	free(hdrs);
	return 0;
}

/* After the last round: what is still broken is the cut's (blamed on one
 * cut only, blamed_cut()); an object is counted for every cut it reads;
 * every compiled object's line into objects.tsv. */
static void tally_cell(struct consumer_fixer *cf, int ci, const struct cell_proof *p)
{
	static const char *const names[] = { "", "ok", "broken", "needed an edit", "ok" };
	int i, c;

	for (i = 0; p->set && i < p->set->n; i++) {
		struct kobj *o = &p->set->objs[i];
		int cut = p->state[i] == OBJ_BROKEN ? blamed_cut(cf, p->set, o) : cut_of(cf, p->set, o);
		char *why = NULL;

		if (p->state[i] == OBJ_UNTOUCHED)
			continue;
		if (p->state[i] == OBJ_SAME) {
			sb_addf(&cf->objects_tsv, "%s\t%s\t%s\tok\t%s: not compiled\n", cf->fx->cells[ci], o->object,
				cut >= 0 ? cf->cuts[cut].inc.path : "-", token_verdict_name(p->tokens[i]));
			continue;
		}
		for (c = 0; c < cf->ncuts; c++)
			if (cf->cuts[c].kind != CUT_KEEP && reads(p->set, o, cf->cuts[c].inc.path)) {
				cf->cuts[c].compiled++;
				cf->cuts[c].needed += p->state[i] == OBJ_FIXED;
			}
		if (p->state[i] == OBJ_BROKEN) {
			char *now = warning_set(o->log ? o->log : "", cf->scratch, cf->srctree);
			char *nw = p->orig_warnings[i] ? new_warning(now, p->orig_warnings[i]) : NULL;

			why = p->why[i] ? xstrdup(p->why[i]) : first_problem(o, nw);
			free(nw);
			free(now);
			if (cut >= 0) {
				cut_broken(&cf->cuts[cut], why, cf->fx->cells[ci], o->object);
				cf->cuts[cut].broken++;
			}
		}
		sb_addf(&cf->objects_tsv, "%s\t%s\t%s\t%s\t%s\n", cf->fx->cells[ci], o->object,
			cut >= 0 ? cf->cuts[cut].inc.path : "-", names[p->state[i]], why ? why : "");
		free(why);
	}
}

/* The token shortcut on each cell's first pending objects: those whose
 * preprocessed text is the same program leave the list, OBJ_SAME.  0/-1. */
static int skip_unchanged(struct consumer_fixer *cf, struct cell_proof *cp, int jobs)
{
	char *tmp = xasprintf("%s/logs", cf->fx->dir);
	struct ppcache *pc;
	int ci, k, ret = 0;

	for (ci = 0; ci < cf->fx->ncells && !ret; ci++) {
		struct cell_proof *p = &cp[ci];

		if (!p->set || !p->npending)
			continue;
		fprintf(stderr, "  CPP     %s: %d objects, before and after\n", cf->fx->cells[ci], p->npending);
		p->tokens = xcalloc(p->set->n, sizeof(*p->tokens));
		for (k = 0; k < p->set->n; k++)
			p->tokens[k] = TOKENS_CHANGED;
		pc = ppcache_open(cf->cache, p->set->now ? p->set->now : p->set->srctree, p->set->kdir);
		ret = objects_unchanged(p->set, p->pending, &p->npending, cf->scratch, tmp, jobs, pc, p->tokens,
					&cf->preprocessed);
		cf->cached += ppcache_hits(pc);
		ppcache_close(pc);
		for (k = 0; !ret && k < p->set->n; k++) {
			if (p->tokens[k] == TOKENS_CHANGED)
				continue;
			p->state[k] = OBJ_SAME;
			cf->same_tokens += p->tokens[k] == TOKENS_SAME;
			cf->moved_tokens += p->tokens[k] == TOKENS_MOVED;
		}
	}
	free(tmp);
	return ret;
}

int prove_on_objects(struct consumer_fixer *cf, int rounds, int jobs)
{
	struct cell_proof *cp = cell_proofs_new(cf);
	double t0 = seconds_now();
	int ci, done = 0;

	if (cf->tokens && skip_unchanged(cf, cp, jobs))
		done = -1;
	for (cf->rounds = 0; cf->rounds < rounds && !done;)
		done = objects_round(cf, cp, jobs);
	for (ci = 0; done >= 0 && ci < cf->fx->ncells; ci++)
		tally_cell(cf, ci, &cp[ci]);
	cf->seconds = seconds_now() - t0;
	cell_proofs_free(cp, cf->fx->ncells);
	return done < 0 ? -1 : 0;
}

void consumer_fixer_release(struct consumer_fixer *cf)
{
	int i, k;

	for (i = 0; i < cf->ncuts; i++)
		cut_free(&cf->cuts[i]);
	free(cf->cuts);
	for (i = 0; i < cf->nedits; i++) {
		for (k = 0; k < cf->edits[i].ncands; k++)
			fix_cand_free(&cf->edits[i].cands[k]);
		free(cf->edits[i].cands);
		free(cf->edits[i].path);
		free(cf->edits[i].objects);
	}
	free(cf->edits);
	for (i = 0; cf->objs && i < cf->fx->ncells; i++)
		objects_free(cf->objs[i]);
	for (i = 0; cf->skip && i < cf->fx->ncells; i++)
		free(cf->skip[i]);
	free(cf->objs);
	free(cf->skip);
	free(cf->scratch);
	sb_release(&cf->objects_tsv);
	memset(cf, 0, sizeof(*cf));
}
