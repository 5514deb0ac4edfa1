// SPDX-License-Identifier: GPL-2.0
/*
 * The fix tests' run: tests/fixtures/fix/cell made into a cell dir per
 * arch (its placeholders filled in), its TUs compiled by
 * tests/fixtures/fix/cc and recorded as the run records a TU (TU.log,
 * TU.rc, TU.dep).  No kernel, no cross compiler: a round of proof takes
 * milliseconds per TU.
 */
#include "fix_fixture.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/util.h"
#include "helpers.h"
#include "scan/headers.h"

#define FIXTURE "tests/fixtures/fix"

/* text with every "@KEY@" of keys[] replaced by its value. */
static char *subst(const char *text, const char *const keys[][2], int n)
{
	struct strbuf sb;
	const char *p;
	int i;

	sb_init(&sb);
	for (p = text; *p; p++) {
		for (i = 0; i < n && (*p != '@' || strncmp(p, keys[i][0], strlen(keys[i][0]))); i++)
			;
		if (i < n) {
			sb_add(&sb, keys[i][1]);
			p += strlen(keys[i][0]) - 1;
		} else {
			sb_addc(&sb, *p);
		}
	}
	return sb_detach(&sb);
}

/* Whether the first len bytes of name are a word of the space-separated
 * list. */
static int listed(const char *list, const char *name, size_t len)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, " ");

		if (n == len && !strncmp(p, name, len))
			return 1;
		p += n;
		p += strspn(p, " ");
	}
	return 0;
}

/* The fixture's manifest with only the header lines of headers. */
static char *manifest_of(const char *text, const char *headers)
{
	struct strbuf sb;
	const char *cur = text, *nl;

	sb_init(&sb);
	for (; *cur; cur = nl + 1) {
		nl = strchr(cur, '\n');
		ck_assert_ptr_nonnull(nl);
		if (starts_with(cur, "header\tlinux/")) {
			const char *name = cur + strlen("header\tlinux/");

			if (!listed(headers, name, strcspn(name, ".")))
				continue;
		}
		sb_addn(&sb, cur, nl + 1 - cur);
	}
	return sb_detach(&sb);
}

char *fix_run(const char *arches, const char *headers)
{
	return fix_run_overlay(arches, headers, NULL);
}

char *fix_run_overlay(const char *arches, const char *headers, const char *overlay)
{
	char *out = tmp_dir(), *tree = repo_path(FIXTURE "/tree"), *cc = repo_path(FIXTURE "/cc");
	char *man = slurp(FIXTURE "/cell/manifest.tsv");
	char *script = slurp(FIXTURE "/cell/compile.sh"), *list = xstrdup(arches), *arch, *save, *h, *hsave;
	char *hl = xstrdup(headers);
	struct strbuf cmd;

	sb_init(&cmd);
	/* every TU at once, each one's status checked */
	sb_add(&cmd, "set --");
	for (arch = strtok_r(list, " ", &save); arch; arch = strtok_r(NULL, " ", &save)) {
		char *cflags = xasprintf("%s%s%s", overlay ? "-I" : "", overlay ? overlay : "",
					 !strcmp(arch, "arm64") ? " -DCONFIG_ARM64" : "");
		const char *keys[][2] = {
			{ "@ARCH@", arch }, { "@SRCTREE@", tree }, { "@CC@", cc },
			{ "@CFLAGS@", cflags }, { "@OVERLAY@", overlay ? overlay : "" },
		};
		char *dir = xasprintf("%s/%s/defconfig", out, arch), *text, *sel = manifest_of(man, headers);

		text = subst(sel, keys, 5);
		free(put_file(dir, "manifest.tsv", text));
		free(text);
		free(sel);
		text = subst(script, keys, 5);
		h = put_file(dir, "compile.sh", text);
		ck_assert_int_eq(chmod(h, 0755), 0);
		free(h);
		free(text);
		free(hl);
		hl = xstrdup(headers);
		for (h = strtok_r(hl, " ", &hsave); h; h = strtok_r(NULL, " ", &hsave)) {
			char *src = xasprintf(FIXTURE "/cell/linux/%s.c", h), *rel = xasprintf("linux/%s.c", h);

			text = slurp(src);
			free(put_file(dir, rel, text));
			/* recorded as the run records a TU (compile/tu.h) */
			sb_addf(&cmd, "; t=%s/linux/%s; { %s/compile.sh $t > $t.log 2>&1; echo $? > $t.rc; "
				"mv $t.d $t.dep; } & set -- \"$@\" $!", dir, h, dir);
			free(text);
			free(src);
			free(rel);
		}
		free(dir);
		free(cflags);
	}
	sb_add(&cmd, "; for p; do wait \"$p\" || exit 1; done");
	ck_assert_msg(system(cmd.buf) == 0, "the fixture run failed: %s", cmd.buf);
	sb_release(&cmd);
	free(hl);
	free(list);
	free(script);
	free(man);
	free(cc);
	free(tree);
	return out;
}

struct fixer *fixer_new(const char *out, const char *arches)
{
	struct fixer *fx = xcalloc(1, sizeof(*fx));
	char *list = xstrdup(arches), *arch, *save;
	int i;

	for (arch = strtok_r(list, " ", &save); arch; arch = strtok_r(NULL, " ", &save))
		*(char **)push(&fx->cells, &fx->ncells, sizeof(char *)) = xasprintf("%s/defconfig", arch);
	free(list);
	fx->out = xstrdup(out);
	fx->dir = xasprintf("%s/fix", out);
	fx->overlay = xasprintf("%s/fix/overlay", out);
	fx->jobs = 2;
	fx->orig = xcalloc(fx->ncells, sizeof(*fx->orig));
	fx->proof = xcalloc(fx->ncells, sizeof(*fx->proof));
	for (i = 0; i < fx->ncells; i++) {
		fx->orig[i] = cell_read(out, fx->cells[i]);
		ck_assert_ptr_nonnull(fx->orig[i]);
	}
	fx->ix = scan_tree(fx->orig[0]->srctree);
	ck_assert_ptr_nonnull(fx->ix);
	sb_init(&fx->recompiled);
	ck_assert_int_eq(mkdirs(fx->overlay), 0);
	return fx;
}

void fixer_free(struct fixer *fx)
{
	int i, j;

	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];

		for (j = 0; j < h->ncands; j++) {
			fix_cand_free(&h->cands[j]);
			free(h->marks[j]);
		}
		for (j = 0; j < h->nfails; j++) {
			free(h->fails[j].tu);
			free(h->fails[j].why);
		}
		free(h->cands);
		free(h->marks);
		free(h->fails);
		free(h->header);
		free(h->path);
		free(h->base);
		free(h->patch);
		free(h->subject);
		free(h->proven);
		free(h->verdict);
		free(h->breaks);
		free(h->guard_why);
		free(h->uncond_breaks);
	}
	free(fx->fixes);
	for (i = 0; i < fx->ncells; i++) {
		cell_free(fx->orig[i]);
		if (fx->proof[i])
			cell_free(fx->proof[i]);
		free(fx->cells[i]);
	}
	free(fx->orig);
	free(fx->proof);
	free(fx->cells);
	scan_free(fx->ix);
	sb_release(&fx->recompiled);
	free(fx->out);
	free(fx->dir);
	free(fx->overlay);
	free(fx);
}

static struct fix_cand cand(enum fix_kind kind, const char *symbol)
{
	struct fix_cand c = { 0 };

	c.kind = kind;
	c.symbol = (char *)symbol;
	return c;
}

struct fix_cand cand_include(const char *symbol, const char *user, const char *include, const char *cond)
{
	struct fix_cand c = cand(FIX_INCLUDE, symbol);

	c.user = (char *)user;
	c.include = (char *)include;
	c.cond = (char *)cond;
	return c;
}

struct fix_cand cand_declare(const char *symbol, const char *user)
{
	struct fix_cand c = cand(FIX_DECLARE, symbol);

	c.user = (char *)user;
	return c;
}

struct fix_cand cand_none(const char *symbol, const char *why_not)
{
	struct fix_cand c = cand(FIX_NONE, symbol);

	c.why_not = (char *)why_not;
	return c;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

struct hdr_fix *fixer_add(struct fixer *fx, const char *header, const struct fix_cand *cands, int n)
{
	struct hdr_fix *h = push(&fx->fixes, &fx->nfixes, sizeof(*h));
	int i, j, k;

	memset(h, 0, sizeof(*h));
	h->header = xstrdup(header);
	h->path = xasprintf("include/%s", header);
	h->base = xasprintf("%s/%s", fx->orig[0]->srctree, h->path);
	h->marks = xcalloc(n, sizeof(*h->marks));
	for (i = 0; i < n; i++) {
		struct fix_cand *c = push(&h->cands, &h->ncands, sizeof(*c));

		c->kind = cands[i].kind;
		c->header = xstrdup(header);
		c->symbol = xstrdup(cands[i].symbol);
		/* the fixture's missing names are all functions */
		c->what = starts_with(c->symbol, "struct ") ? xstrdup(c->symbol) : xasprintf("%s()", c->symbol);
		c->user = dup_or_null(cands[i].user);
		c->include = dup_or_null(cands[i].include);
		c->cond = dup_or_null(cands[i].cond);
		c->cond_why = dup_or_null(cands[i].cond_why);
		c->why_not = dup_or_null(cands[i].why_not);
		h->marks[i] = xcalloc(fx->ncells, 1);
	}
	for (j = 0; j < fx->ncells; j++) {
		const struct cell_result *c = fx->orig[j];

		for (i = 0; i < c->ntus; i++) {
			struct failure *f;

			if (strcmp(c->tus[i].header, header) || c->tus[i].verdict != V_FAIL)
				continue;
			f = push(&h->fails, &h->nfails, sizeof(*f));
			f->cell = j;
			f->tu = xstrdup(header);
			f->why = NULL;
			for (k = 0; k < n; k++)
				h->marks[k][j] = 1;
			break;
		}
	}
	return h;
}

/* The patched headers in the overlay, as `hdrtest fix` writes them. */
static void fixer_overlay(struct fixer *fx)
{
	int i;

	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];
		const struct scan_file *f = common_file(fx->ix, h->header);
		char *text, *patched;

		if (!patchable(h))
			continue;
		ck_assert_ptr_nonnull(f);
		text = slurp(h->base);
		patched = fix_apply(text, f, h->cands, h->ncands);
		free(put_file(fx->overlay, h->header, patched));
		free(patched);
		free(text);
	}
}

char *fixer_prove(struct fixer *fx)
{
	return fixer_prove_status(fx, 0);
}

char *fixer_prove_status(struct fixer *fx, int status)
{
	char *said;
	int rc;

	fixer_overlay(fx);
	fx->rounds++;
	stdout_begin();
	rc = prove(fx);
	said = stdout_end();
	ck_assert_int_eq(rc, status);
	return said;
}

char *fixer_judge(struct fixer *fx, char **unfixed)
{
	struct strbuf sum, un;

	sb_init(&sum);
	sb_init(&un);
	judge_fixes(fx, &sum, &un);
	*unfixed = sb_detach(&un);
	return sb_detach(&sum);
}

void prove_fix(struct proven *p, const char *arches, const char *headers, const char *header,
	       const struct fix_cand *cands, int n)
{
	p->out = fix_run(arches, headers);
	p->fx = fixer_new(p->out, arches);
	fixer_add(p->fx, header, cands, n);
	p->said = fixer_prove(p->fx);
	p->sum = fixer_judge(p->fx, &p->unfixed);
}

void proven_free(struct proven *p)
{
	fixer_free(p->fx);
	free(p->out);
	free(p->said);
	free(p->sum);
	free(p->unfixed);
}

const struct tu_result *proof_tu(struct fixer *fx, int ci, const char *header)
{
	int i;

	ck_assert_ptr_nonnull(fx->proof[ci]);
	for (i = 0; i < fx->proof[ci]->ntus; i++)
		if (!strcmp(fx->proof[ci]->tus[i].header, header))
			return &fx->proof[ci]->tus[i];
	ck_abort_msg("%s has no TU of %s", fx->cells[ci], header);
	return NULL;
}

void assert_text_at(const char *file, int line, const char *got, const char *want)
{
	const char *g = got, *w = want;
	int no = 1;

	if (!strcmp(got, want))
		return;
	for (; *g && *g == *w; g++, w++)
		if (*g == '\n') {
			no++;
			got = g + 1;
			want = w + 1;
		}
	ck_abort_msg("%s:%d: line %d differs:\n  got:  '%.*s'\n  want: '%.*s'", file, line, no,
		     (int)strcspn(got, "\n"), got, (int)strcspn(want, "\n"), want);
}

/* A built dir for the objects of srcs (tree-relative .c files), each
 * recorded as kbuild does: its command and the tree files it read. */
char *built_dir(const char *tree, const char *const *srcs, const char *const *deps, int n)
{
	char *t = tmp_dir(), *kdir = xasprintf("%s/built", t);
	int i;

	for (i = 0; i < n; i++) {
		char *obj = xstrndup(srcs[i], strlen(srcs[i]) - 2), *slash = strrchr(obj, '/');
		char *name = xasprintf("%.*s/.%s.o.cmd", (int)(slash - obj), obj, slash + 1);
		struct strbuf sb;
		char *d = xstrdup(deps[i]), *save, *w;

		sb_init(&sb);
		sb_addf(&sb, "savedcmd_%s.o := gcc -Wp,-MMD,%.*s/.%s.o.d -std=gnu11 -Wall "
			"-Werror=implicit-function-declaration -I%s/include -c -o %s.o %s/%s\n\n",
			obj, (int)(slash - obj), obj, slash + 1, tree, obj, tree, srcs[i]);
		sb_addf(&sb, "source_%s.o := %s/%s\n\ndeps_%s.o := \\\n", obj, tree, srcs[i], obj);
		for (w = strtok_r(d, " ", &save); w; w = strtok_r(NULL, " ", &save))
			sb_addf(&sb, "  %s/%s \\\n", tree, w);
		sb_addf(&sb, "    $(wildcard include/config/X) \\\n\n%s.o: $(deps_%s.o)\n\n$(deps_%s.o):\n", obj, obj, obj);
		free(put_file(kdir, name, sb.buf));
		sb_release(&sb);
		free(d);
		free(name);
		free(obj);
	}
	free(t);
	return kdir;
}
