// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix-consumers on fixture trees: the cut of an includer
 * (fix/cuts.c) and its proof on objects (fix/objproof.c) with a built
 * dir whose .cmd files the test writes, compiled by the host's gcc.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "fix_fixture.h"
#include "fix/consumers.h"
#include "helpers.h"
#include "judge/results.h"
#include "objects/objects.h"
#include "scan/scan.h"
#include "suites.h"

/* A consumer fixer on tree (one cell, x86_64/defconfig, linux/mm.h
 * forbidden), its scratch tree at tmp/scratch; no built dir yet. */
static struct consumer_fixer *cfixer_new(const char *tree, const char *tmp)
{
	struct consumer_fixer *cf = xcalloc(1, sizeof(*cf));
	struct fixer *fx = xcalloc(1, sizeof(*fx));
	struct cell_result *c = xcalloc(1, sizeof(*c));
	static char *cells[] = { "x86_64/defconfig" };

	c->srctree = xstrdup(tree);
	c->dir = xasprintf("%s/cell", tmp);
	c->forbids = xcalloc(1, sizeof(char *));
	c->forbids[0] = xstrdup("linux/mm.h");
	c->nforbids = 1;
	fx->out = xstrdup(tmp);
	fx->dir = xasprintf("%s/fix-consumers", tmp);
	fx->cells = cells;
	fx->ncells = 1;
	fx->orig = xcalloc(1, sizeof(*fx->orig));
	fx->orig[0] = c;
	fx->ix = scan_tree(tree);
	ck_assert_ptr_nonnull(fx->ix);
	cf->fx = fx;
	cf->srctree = tree;
	cf->scratch = xasprintf("%s/scratch", tmp);
	cf->objs = xcalloc(1, sizeof(*cf->objs));
	sb_init(&cf->objects_tsv);
	return cf;
}

static void cfixer_free(struct consumer_fixer *cf)
{
	int i;

	for (i = 0; i < cf->ncuts; i++)
		cut_free(&cf->cuts[i]);
	free(cf->cuts);
	for (i = 0; i < cf->nedits; i++) {
		for (int k = 0; k < cf->edits[i].ncands; k++)
			fix_cand_free(&cf->edits[i].cands[k]);
		free(cf->edits[i].cands);
		free(cf->edits[i].path);
		free(cf->edits[i].objects);
	}
	free(cf->edits);
	objects_free(cf->objs[0]);
	free(cf->objs);
	sb_release(&cf->objects_tsv);
	free(cf->scratch);
	scan_free(cf->fx->ix);
	free(cf->fx->orig[0]->srctree);
	free(cf->fx->orig[0]->dir);
	free(cf->fx->orig[0]->forbids[0]);
	free(cf->fx->orig[0]->forbids);
	free(cf->fx->orig[0]);
	free(cf->fx->orig);
	free((char *)cf->fx->out);
	free(cf->fx->dir);
	free(cf->fx);
	free(cf);
}

static void add_cut(struct consumer_fixer *cf, const char *path)
{
	struct includer inc = { (char *)path, "linux/mm.h", 0, "x86_64/defconfig", "linux/top.h" };


	cf->cuts = xrealloc(cf->cuts, (cf->ncuts + 1) * sizeof(*cf->cuts));
	cut_choose(cf, &inc, &cf->cuts[cf->ncuts++]);
}

/* The tree of the cut tests: linux/mm.h (forbidden) and a slim header
 * defining what the includers use. */
static char *cut_tree(void)
{
	char *t = tmp_dir(), *tree = xasprintf("%s/tree", t);

	free(put_file(tree, "include/linux/mm.h",
		      "#ifndef _LINUX_MM_H\n#define _LINUX_MM_H\nstruct mm_box { int a; };\n"
		      "int mm_only(void);\nint mm_slim_fn(void);\n#endif\n"));
	free(put_file(tree, "include/linux/mm/slim.h",
		      "#ifndef _LINUX_MM_SLIM_H\n#define _LINUX_MM_SLIM_H\nstruct mm_box { int a; };\n"
		      "int mm_slim_fn(void);\n#endif\n"));
	free(put_file(tree, "include/linux/idle.h",
		      "#ifndef _LINUX_IDLE_H\n#define _LINUX_IDLE_H\n#include <linux/mm.h> // mm_only(): not used\n"
		      "int idle(void);\n#endif\n"));
	free(put_file(tree, "include/linux/slimmer.h",
		      "#ifndef _LINUX_SLIMMER_H\n#define _LINUX_SLIMMER_H\n#include <linux/types.h>\n"
		      "#include <linux/mm.h>\n\nstatic inline int slimmer(struct mm_box *b)\n"
		      "{\n\treturn b->a + mm_slim_fn();\n}\n#endif\n"));
	free(put_file(tree, "include/linux/types.h", "#ifndef _LINUX_TYPES_H\n#define _LINUX_TYPES_H\n#endif\n"));
	free(put_file(tree, "include/linux/stays.h",
		      "#ifndef _LINUX_STAYS_H\n#define _LINUX_STAYS_H\n#include <linux/mm.h>\n"
		      "static inline int stays(void)\n{\n\treturn mm_only() + mm_slim_fn();\n}\n#endif\n"));
	free(t);
	return tree;
}

START_TEST(test_cut_removes_an_include_nothing_uses)
{
	char *tree = cut_tree(), *text, *cut;
	char *path, *tmp = tmp_dir();
	struct consumer_fixer *cf = cfixer_new(tree, tmp);

	add_cut(cf, "include/linux/idle.h");
	ck_assert_int_eq(cf->cuts[0].kind, CUT_REMOVE);
	ck_assert_int_eq(cf->cuts[0].nnames, 0);
	path = xasprintf("%s/include/linux/idle.h", tree);
	text = slurp(path);
	free(path);
	cut = cut_apply(cf->fx->ix, text, &cf->cuts[0]);
	/* the line goes with its comment */
	ck_assert_str_eq(cut, "#ifndef _LINUX_IDLE_H\n#define _LINUX_IDLE_H\nint idle(void);\n#endif\n");
	free(cut);
	free(text);
	cfixer_free(cf);
	free(tmp);
	free(tree);
}
END_TEST

START_TEST(test_cut_replaces_with_the_slim_header)
{
	char *tree = cut_tree(), *path = xasprintf("%s/include/linux/slimmer.h", tree), *text = slurp(path), *cut;
	char *tmp = tmp_dir();
	struct consumer_fixer *cf = cfixer_new(tree, tmp);

	add_cut(cf, "include/linux/slimmer.h");
	ck_assert_int_eq(cf->cuts[0].kind, CUT_REPLACE);
	ck_assert_int_eq(cf->cuts[0].ncands, 2);
	cut = cut_apply(cf->fx->ix, text, &cf->cuts[0]);
	/* one include for both names, where make fix puts it */
	ck_assert_str_eq(cut, "#ifndef _LINUX_SLIMMER_H\n#define _LINUX_SLIMMER_H\n#include <linux/types.h>\n"
			      "#include <linux/mm/slim.h> // for struct mm_box, mm_slim_fn()\n\n"
			      "static inline int slimmer(struct mm_box *b)\n{\n\treturn b->a + mm_slim_fn();\n}\n#endif\n");
	free(cut);
	free(text);
	free(tmp);
	free(path);
	cfixer_free(cf);
	free(tree);
}
END_TEST

START_TEST(test_cut_that_must_stay_names_its_symbols)
{
	char *tree = cut_tree();
	char *tmp = tmp_dir();
	struct consumer_fixer *cf = cfixer_new(tree, tmp);

	add_cut(cf, "include/linux/stays.h");
	ck_assert_int_eq(cf->cuts[0].kind, CUT_KEEP);
	/* mm_slim_fn() has a slim home, mm_only() none */
	ck_assert_str_eq(cf->cuts[0].stays_for, "mm_only");
	cfixer_free(cf);
	free(tmp);
	free(tree);
}
END_TEST

/* The objects' tree: drv/a.c relies on idle.h for mm_slim_fn(), drv/c.c
 * for mm_only(), drv/b.c on nothing; drv/d.c includes mid.h, which uses
 * mm_only() and got linux/mm.h through idle.h too. */
static char *object_tree(int with_mid)
{
	char *tree = cut_tree();

	free(put_file(tree, "drv/a.c", "// SPDX-License-Identifier: GPL-2.0\n#include <linux/idle.h>\n#include \"local.h\"\n\n"
				       "int a(void)\n{\n\treturn idle() + mm_slim_fn() + LOCAL;\n}\n"));
	free(put_file(tree, "drv/local.h", "#define LOCAL 1\n"));
	free(put_file(tree, "drv/b.c", "#include <linux/idle.h>\n\nint b(void)\n{\n\treturn idle();\n}\n"));
	free(put_file(tree, "drv/c.c", "#include <linux/idle.h>\n\nint c(void)\n{\n\treturn mm_only();\n}\n"));
	if (with_mid) {
		free(put_file(tree, "include/linux/mid.h",
			      "#ifndef _LINUX_MID_H\n#define _LINUX_MID_H\n#include <linux/idle.h>\n"
			      "static inline int mid(void)\n{\n\treturn mm_only();\n}\n#endif\n"));
		free(put_file(tree, "drv/d.c", "#include <linux/mid.h>\n\nint d(void)\n{\n\treturn mid();\n}\n"));
	}
	return tree;
}

static void cut_in_scratch(struct consumer_fixer *cf, const char *path)
{
	char *p = xasprintf("%s/%s", cf->srctree, path), *text = slurp(p), *cut;

	add_cut(cf, path);
	cut = cut_apply(cf->fx->ix, text, &cf->cuts[cf->ncuts - 1]);
	ck_assert_ptr_nonnull(cut);
	ck_assert_int_eq(scratch_write(cf, path, cut), 0);
	free(cut);
	free(text);
	free(p);
}

START_TEST(test_objects_get_their_own_includes)
{
	char *tree = object_tree(0), *orig = xasprintf("%s/drv/a.c", tree), *before = slurp(orig), *got, *before_cut;
	static const char *const srcs[] = { "drv/a.c", "drv/b.c", "drv/c.c" };
	static const char *const deps[] = { "drv/a.c include/linux/idle.h include/linux/mm.h drv/local.h",
					    "drv/b.c include/linux/idle.h include/linux/mm.h",
					    "drv/c.c include/linux/idle.h include/linux/mm.h" };
	char *kdir = built_dir(tree, srcs, deps, 3), *tmp = tmp_dir();
	struct consumer_fixer *cf = cfixer_new(tree, tmp);

	ck_assert_int_eq(scratch_make(tree, cf->scratch), 0);
	cut_in_scratch(cf, "include/linux/idle.h");
	cf->objs[0] = objects_load(kdir, tree);
	ck_assert_ptr_nonnull(cf->objs[0]);
	ck_assert_int_eq(cf->objs[0]->n, 3);
	ck_assert_int_eq(prove_on_objects(cf, 5, 2), 0);

	/* a.c and c.c broke and got an include each, before their local
	 * header; b.c compiled as it was; the cut is proven */
	ck_assert_int_eq(cf->cuts[0].compiled, 3);
	ck_assert_int_eq(cf->cuts[0].needed, 2);
	ck_assert_int_eq(cf->cuts[0].broken, 0);
	ck_assert_int_eq(cf->rounds, 2);
	got = xasprintf("%s/drv/a.c", cf->scratch);
	assert_file(got, "// SPDX-License-Identifier: GPL-2.0\n#include <linux/idle.h>\n"
			 "#include <linux/mm/slim.h> // for mm_slim_fn()\n#include \"local.h\"\n\n"
			 "int a(void)\n{\n\treturn idle() + mm_slim_fn() + LOCAL;\n}\n");
	free(got);
	/* a .c file may include linux/mm.h: mm_only() has no other home */
	got = xasprintf("%s/drv/c.c", cf->scratch);
	assert_file(got, "#include <linux/idle.h>\n#include <linux/mm.h> // for mm_only()\n\n"
			 "int c(void)\n{\n\treturn mm_only();\n}\n");
	free(got);
	ck_assert_str_eq(cf->objects_tsv.buf,
			 "x86_64/defconfig\tdrv/a.o\tinclude/linux/idle.h\tneeded an edit\t\n"
			 "x86_64/defconfig\tdrv/b.o\tinclude/linux/idle.h\tok\t\n"
			 "x86_64/defconfig\tdrv/c.o\tinclude/linux/idle.h\tneeded an edit\t\n");
	/* KDIR is never written */
	assert_file(orig, before);
	got = xasprintf("%s/include/linux/idle.h", tree);
	before_cut = slurp(got);
	ck_assert_ptr_nonnull(strstr(before_cut, "#include <linux/mm.h>"));
	free(before_cut);
	free(got);
	cfixer_free(cf);
	free(before);
	free(orig);
	free(kdir);
	free(tmp);
	free(tree);
}
END_TEST

START_TEST(test_object_broken_through_a_header_needs_a_move)
{
	char *tree = object_tree(1);
	static const char *const srcs[] = { "drv/b.c", "drv/d.c" };
	static const char *const deps[] = { "drv/b.c include/linux/idle.h include/linux/mm.h",
					    "drv/d.c include/linux/mid.h include/linux/idle.h include/linux/mm.h" };
	char *kdir = built_dir(tree, srcs, deps, 2), *tmp = tmp_dir();
	struct consumer_fixer *cf = cfixer_new(tree, tmp);

	ck_assert_int_eq(scratch_make(tree, cf->scratch), 0);
	cut_in_scratch(cf, "include/linux/idle.h");
	cf->objs[0] = objects_load(kdir, tree);
	ck_assert_int_eq(prove_on_objects(cf, 5, 1), 0);
	/* mid.h's mm_only() is only in linux/mm.h, which a header may not
	 * include: the cut breaks d.o, and says what must move */
	ck_assert_int_eq(cf->cuts[0].broken, 1);
	ck_assert_int_eq(cf->cuts[0].nreasons, 1);
	ck_assert_int_eq(cf->cuts[0].reasons[0].count, 1);
	ck_assert_str_eq(cf->cuts[0].reasons[0].examples, "x86_64/defconfig drv/d.o");
	ck_assert_msg(strstr(cf->cuts[0].reasons[0].why, "mm_only() (") == NULL &&
			      strstr(cf->cuts[0].reasons[0].why, "linux/mid.h: mid() needs mm_only(), defined only in "
								 "linux/mm.h (forbidden): move mm_only() out of mm.h") &&
			      strstr(cf->cuts[0].reasons[0].why, "; defined at include/linux/mm.h:4"),
		      "why: %s", cf->cuts[0].reasons[0].why);
	ck_assert_int_eq(cf->nedits, 0);
	cfixer_free(cf);
	free(kdir);
	free(tmp);
	free(tree);
}
END_TEST

START_TEST(test_objects_reading_a_file)
{
	char *tree = object_tree(1);
	static const char *const srcs[] = { "drv/a.c", "drv/b.c", "drv/d.c" };
	static const char *const deps[] = { "drv/a.c include/linux/idle.h include/linux/mm.h drv/local.h",
					    "drv/b.c include/linux/idle.h", "drv/d.c include/linux/mid.h" };
	char *kdir = built_dir(tree, srcs, deps, 3), *cmd;
	struct kobj_set *s = objects_load(kdir, tree);
	char *paths[] = { "include/linux/mm.h", "include/linux/mid.h" };
	int *idx, n;

	ck_assert_ptr_nonnull(s);
	/* the deps list is kbuild's record: $(wildcard ...) lines are no file */
	ck_assert_int_eq(s->objs[0].ndeps, 4);
	n = objects_reading(s, paths, 2, &idx);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(s->objs[idx[0]].object, "drv/a.o");
	ck_assert_str_eq(s->objs[idx[1]].object, "drv/d.o");
	ck_assert_str_eq(s->objs[idx[1]].source, "drv/d.c");
	/* the command, on another tree: no depfile, nothing written */
	cmd = objects_command(s, &s->objs[0], "/scratch");
	ck_assert_msg(strstr(cmd, " -I/scratch/include -c -o /dev/null /scratch/drv/a.c") && !strstr(cmd, "-MMD"),
		      "%s", cmd);
	free(cmd);
	free(idx);
	objects_free(s);
	free(kdir);
	free(tree);
}
END_TEST


/* s->now: the commands "against the recorded tree" read the tree as it
 * is now (make split's working tree: the built dir's tree with the edits
 * kept so far), not the one the built dir recorded. */
START_TEST(test_objects_read_the_tree_as_it_is_now)
{
	char *tree = object_tree(0), *now = tmp_dir(), *cmd, *tmp = tmp_dir();
	static const char *const srcs[] = { "drv/b.c" };
	static const char *const deps[] = { "drv/b.c include/linux/idle.h" };
	char *kdir = built_dir(tree, srcs, deps, 1);
	struct kobj_set *s = objects_load(kdir, tree);
	int idx[] = { 0 };

	ck_assert_ptr_nonnull(s);
	cmd = xasprintf("cp -R %s/. %s", tree, now);
	ck_assert_int_eq(system(cmd), 0);
	free(put_file(now, "drv/b.c", "#include <linux/idle.h>\n\nint b(void)\n{\n\treturn idle() +;\n}\n"));
	ck_assert_int_eq(objects_compile(s, idx, 1, NULL, tmp, 1, 0), 0);
	s->now = xstrdup(now);
	ck_assert_int_eq(objects_compile(s, idx, 1, NULL, tmp, 1, 0), 1);
	ck_assert_msg(strstr(s->objs[0].log, now) && strstr(s->objs[0].log, "drv/b.c:5:24: error: expected expression"),
		      "%s", s->objs[0].log);
	objects_free(s);
	free(cmd);
	free(kdir);
	free(tmp);
	free(now);
	free(tree);
}
END_TEST
START_TEST(test_not_a_built_dir)
{
	char *dir = tmp_dir(), *d;
	struct kobj_set *s;

	diag_begin();
	s = objects_load(dir, "/tree");
	d = diag_end();
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(d, "no object with a recorded command and dependencies"), "%s", d);
	free(d);
	free(dir);
}
END_TEST

/* make fix VERIFY=objects: a fixer whose kept patch of
 * include/linux/idle.h (the overlay's text: patched), and of
 * include/linux/aaa.h when patched_aaa is not NULL (*aaa_kept says
 * whether it stays), is proven on the objects of a built dir named by
 * OUT/x86_64/defconfig/built; drv/e.c includes aaa.h, then idle.h. */
static int verify_patches(const char *patched_aaa, int *aaa_kept, const char *patched, const char *const *srcs,
			  const char *const *deps, int n, char **said)
{
	char *tree = object_tree(0), *tmp = tmp_dir(), *kdir, *line;
	struct consumer_fixer *cf = cfixer_new(tree, tmp);
	struct fixer *fx = cf->fx;
	struct hdr_fix *h;
	struct strbuf sb;
	int kept, i;

	free(put_file(tree, "include/linux/mm/slim.h",
		      "#ifndef _LINUX_MM_SLIM_H\n#define _LINUX_MM_SLIM_H\nstruct slim_only { int x; };\n"
		      "int mm_slim_fn(void);\n#endif\n"));
	free(put_file(tree, "include/linux/aaa.h", "#ifndef _LINUX_AAA_H\n#define _LINUX_AAA_H\nint aaa(void);\n#endif\n"));
	free(put_file(tree, "drv/e.c", "#include <linux/aaa.h>\n#include <linux/idle.h>\n\nstruct slim_only { char c; };\n"
				       "int e(void)\n{\n\treturn idle() + aaa();\n}\n"));
	kdir = built_dir(tree, srcs, deps, n);
	line = xasprintf("built=%s\n", kdir);
	free(put_file(tmp, "x86_64/defconfig/built", line));
	free(fx->dir);
	fx->dir = xasprintf("%s/fix", tmp);
	fx->overlay = xasprintf("%s/fix/overlay", tmp);
	fx->jobs = 2;
	free(put_file(fx->overlay, "linux/idle.h", patched));
	/* the fixes in header order, as hdrtest fix has them */
	if (patched_aaa) {
		free(put_file(fx->overlay, "linux/aaa.h", patched_aaa));
		h = push(&fx->fixes, &fx->nfixes, sizeof(*h));
		memset(h, 0, sizeof(*h));
		h->header = "linux/aaa.h";
		h->path = "include/linux/aaa.h";
		h->kept = 1;
	}
	h = push(&fx->fixes, &fx->nfixes, sizeof(*h));
	memset(h, 0, sizeof(*h));
	h->header = "linux/idle.h";
	h->path = "include/linux/idle.h";
	h->kept = 1;
	sb_init(&sb);
	ck_assert_int_eq(verify_on_objects(fx, &sb), 0);
	/* its scratch tree is gone, the tree it linked to is not */
	{
		char *scratch = xasprintf("%s/objects-tree", fx->dir);
		char *idle = xasprintf("%s/include/linux/idle.h", tree);

		ck_assert(!file_exists(scratch));
		ck_assert(file_exists(idle));
		free(scratch);
		free(idle);
	}
	*said = sb_detach(&sb);
	kept = h->kept;
	if (patched_aaa)
		*aaa_kept = fx->fixes[0].kept;
	/* a patch dropped here has its class's reason (fix/classes.c) */
	ck_assert_msg(kept || (h->broke_objects > 0 && h->objects_why && strstr(h->objects_why, "x86_64/defconfig")),
		      "dropped without the objects it breaks: %s", h->objects_why ? h->objects_why : "(none)");
	for (i = 0; i < fx->nfixes; i++)
		free(fx->fixes[i].objects_why);
	free(fx->fixes);
	free(fx->overlay);
	cfixer_free(cf);
	free(line);
	free(kdir);
	free(tmp);
	free(tree);
	return kept;
}

static int verify_patch(const char *patched, const char *const *srcs, const char *const *deps, int n, char **said)
{
	return verify_patches(NULL, NULL, patched, srcs, deps, n, said);
}

/* drv/e.o reads both patched headers and breaks on idle.h's added
 * include: idle.h's patch is dropped, not aaa.h's, the first it reads. */
START_TEST(test_verify_blames_the_patch_whose_line_breaks)
{
	static const char *const srcs[] = { "drv/e.c" };
	static const char *const deps[] = { "drv/e.c include/linux/aaa.h include/linux/idle.h include/linux/mm.h" };
	char *said;
	int aaa_kept = -1, idle_kept;

	idle_kept = verify_patches("#ifndef _LINUX_AAA_H\n#define _LINUX_AAA_H\nint aaa(void);\n"
					"int aaa_two(void); // for nothing\n#endif\n", &aaa_kept,
					"#ifndef _LINUX_IDLE_H\n#define _LINUX_IDLE_H\n#include <linux/mm.h> // mm_only(): not used\n"
					"#include <linux/mm/slim.h> // for nothing\nint idle(void);\n#endif\n",
					srcs, deps, 1, &said);
	ck_assert_msg(idle_kept == 0 && aaa_kept == 1, "%s", said);
	free(said);
}
END_TEST

START_TEST(test_verify_drops_a_patch_that_breaks_an_object)
{
	static const char *const srcs[] = { "drv/b.c", "drv/e.c" };
	static const char *const deps[] = { "drv/b.c include/linux/idle.h include/linux/mm.h",
					    "drv/e.c include/linux/idle.h include/linux/mm.h" };
	char *said;

	/* the patch includes linux/mm/slim.h, whose struct slim_only e.c
	 * defines for itself: a redefinition no header TU can see */
	ck_assert_int_eq(verify_patch("#ifndef _LINUX_IDLE_H\n#define _LINUX_IDLE_H\n#include <linux/mm.h>\n"
				      "#include <linux/mm/slim.h> // for nothing\nint idle(void);\n#endif\n",
				      srcs, deps, 2, &said), 0);
	ck_assert_msg(strstr(said, "linux/idle.h                             DROPPED: 1 of 2 objects break with it:\n"
				   "      1 objects: ") &&
			      strstr(said, "redefinition of 'struct slim_only'") &&
			      strstr(said, "(x86_64/defconfig drv/e.o)"),
		      "%s", said);
	free(said);
	/* without the include, nothing breaks: the patch stays */
	ck_assert_int_eq(verify_patch("#ifndef _LINUX_IDLE_H\n#define _LINUX_IDLE_H\n#include <linux/mm.h>\n"
				      "int idle(void); // for nothing\n#endif\n",
				      srcs, deps, 2, &said), 1);
	ck_assert_msg(strstr(said, "linux/idle.h                             2 objects compiled with it, none broken\n"),
		      "%s", said);
	free(said);
}
END_TEST

/* The whole command on the fix fixture's run: chain_idle.h's include of
 * linux/mm.h is cut (its text uses nothing of it), drv/uses_slim.c, which
 * got mm_slim_fn() through it, gets its own include, drv/plain.c compiles
 * as it is; the series is the .c patch, then the cut; the consumers' TUs
 * no longer pull linux/mm.h in. */
START_TEST(test_fix_consumers_command)
{
	char *out = fix_run("x86_64", "chain_idle both"), *tree = repo_path("tests/fixtures/fix/tree");
	static const char *const srcs[] = { "drv/plain.c", "drv/uses_slim.c" };
	static const char *const deps[] = { "drv/plain.c include/linux/chain_idle.h include/linux/mm.h",
					    "drv/uses_slim.c include/linux/chain_idle.h include/linux/mm.h" };
	char *kdir = built_dir(tree, srcs, deps, 2), *line = xasprintf("built=%s\n", kdir), *p, *text, *said, *apply;
	char *argv[] = { "fix-consumers", "--out", out, "--jobs", "2", "x86_64/defconfig", NULL };

	free(put_file(out, "x86_64/defconfig/built", line));
	stdout_begin();
	ck_assert_int_eq(cmd_fix_consumers.run(&cmd_fix_consumers, 6, argv), EXIT_OK);
	said = stdout_end();
	p = xasprintf("%s/fix-consumers/series", out);
	assert_file(p, "0001-drv-include-what-linux-chain-idle-h-no-longer-pulls.patch\n"
		       "0002-linux-chain-idle-h-remove-the-include-of-linux-mm-h.patch\n");
	free(p);
	p = xasprintf("%s/fix-consumers/0001-drv-include-what-linux-chain-idle-h-no-longer-pulls.patch", out);
	text = slurp(p);
	ck_assert_msg(strstr(text, "Subject: [PATCH 1/2] drv: include what linux/chain_idle.h no longer pulls in\n") &&
			      strstr(text, "--- a/drv/uses_slim.c\n+++ b/drv/uses_slim.c\n") &&
			      strstr(text, "+#include <linux/mm/slim.h> // for mm_slim_fn()\n") &&
			      !strstr(text, "plain.c"),
		      "%s", text);
	free(text);
	free(p);
	p = xasprintf("%s/fix-consumers/0002-linux-chain-idle-h-remove-the-include-of-linux-mm-h.patch", out);
	text = slurp(p);
	ck_assert_msg(strstr(text, "--- a/include/linux/chain_idle.h\n") &&
			      strstr(text, "-#include <linux/mm.h> // nothing of it: not mm_slim_fn()\n") &&
			      strstr(text, "all 2 objects whose recorded\ndependencies name linux/chain_idle.h compiled again"),
		      "%s", text);
	free(text);
	free(p);
	p = xasprintf("%s/fix-consumers/summary.txt", out);
	text = slurp(p);
	ck_assert_msg(strstr(text, "include/linux/chain_idle.h               remove   2         1        0       "
				   "linux/chain_idle.h (x86_64/defconfig), linux/both.h (x86_64/defconfig)\n") &&
			      strstr(text, "    cut kept: 2 objects compiled, 1 needed an edit\n"),
		      "%s", text);
	ck_assert_ptr_nonnull(strstr(said, text));
	apply = xasprintf("Apply with: cd %s && cat %s/fix-consumers/0001-drv-include-what-linux-chain-idle-h-no-longer-pulls.patch "
			  "%s/fix-consumers/0002-linux-chain-idle-h-remove-the-include-of-linux-mm-h.patch | patch -p1\n",
			  tree, out, out);
	ck_assert_msg(strstr(text, apply), "%s", text);
	free(apply);
	free(text);
	free(p);
	/* the tree is as it was */
	p = xasprintf("%s/include/linux/chain_idle.h", tree);
	text = slurp(p);
	ck_assert_ptr_nonnull(strstr(text, "#include <linux/mm.h>"));
	free(text);
	free(p);
	free(said);
	free(line);
	free(kdir);
	free(tree);
	free(out);
}
END_TEST

/* A cell is a whole word of a cell list: arm/defconfig is not in
 * arm64-llvm/defconfig. */
START_TEST(test_word_listed)
{
	ck_assert(word_listed("x86_64/defconfig arm64/defconfig", "arm64/defconfig"));
	ck_assert(word_listed("x86_64/defconfig arm64/defconfig", "x86_64/defconfig"));
	ck_assert(word_listed("arm/defconfig", "arm/defconfig"));
	ck_assert(!word_listed("arm64-llvm/defconfig", "llvm/defconfig"));
	ck_assert(!word_listed("xarm/defconfig", "arm/defconfig"));
	ck_assert(!word_listed("arm/defconfig-x arm64/defconfig", "arm/defconfig"));
	ck_assert(!word_listed("", "arm/defconfig"));
}
END_TEST

/* hdrtest fix's series order (fix/order.c): by name, but a patch after
 * the patches of the headers it reads. */
START_TEST(test_series_order_puts_what_a_patch_reads_first)
{
	char *t = tmp_dir(), *tree = xasprintf("%s/tree", t);
	struct fixer fx = { 0 };
	static const char *const names[] = { "linux/a.h", "linux/b.h", "linux/z.h", "linux/y.h" };
	int i;

	/* a.h includes z.h; b.h's patch adds an include of y.h */
	free(put_file(tree, "include/linux/a.h", "#include <linux/z.h>\n"));
	free(put_file(tree, "include/linux/b.h", "int b(void);\n"));
	free(put_file(tree, "include/linux/z.h", "int z(void);\n"));
	free(put_file(tree, "include/linux/y.h", "int y(void);\n"));
	fx.ix = scan_tree(tree);
	fx.fixes = xcalloc(4, sizeof(*fx.fixes));
	fx.nfixes = 4;
	for (i = 0; i < 4; i++) {
		fx.fixes[i].header = (char *)names[i];
		fx.fixes[i].kept = 1;
	}
	fx.fixes[1].cands = xcalloc(1, sizeof(struct fix_cand));
	fx.fixes[1].ncands = 1;
	fx.fixes[1].cands[0].kind = FIX_INCLUDE;
	fx.fixes[1].cands[0].include = "linux/y.h";
	order_series(&fx);
	ck_assert_str_eq(fx.fixes[0].header, "linux/y.h");
	ck_assert_str_eq(fx.fixes[1].header, "linux/b.h");
	ck_assert_str_eq(fx.fixes[2].header, "linux/z.h");
	ck_assert_str_eq(fx.fixes[3].header, "linux/a.h");
	/* a patch not kept is no one's dependency: name order */
	for (i = 0; i < 4; i++)
		fx.fixes[i].kept = 0;
	order_series(&fx);
	for (i = 0; i < 4; i++)
		ck_assert_str_eq(fx.fixes[i].header, i < 2 ? names[i] : names[5 - i]);
	for (i = 0; i < 4; i++)
		free(fx.fixes[i].cands);
	free(fx.fixes);
	scan_free(fx.ix);
	free(tree);
	free(t);
}
END_TEST

/* A cut on two cells, a built dir on one: not proven, not kept, and the
 * summary says which cell had none.  The other cell has no compile.sh
 * either (a config its arch cannot have is a skip, with no TU): nothing
 * of it is read. */
START_TEST(test_fix_consumers_unproven_cell)
{
	char *out = fix_run("x86_64 arm64", "chain_idle both"), *tree = repo_path("tests/fixtures/fix/tree");
	static const char *const srcs[] = { "drv/plain.c" };
	static const char *const deps[] = { "drv/plain.c include/linux/chain_idle.h include/linux/mm.h" };
	char *kdir = built_dir(tree, srcs, deps, 1), *line = xasprintf("built=%s\n", kdir), *p, *text, *said;
	char *argv[] = { "fix-consumers", "--out", out, "--jobs", "2", "x86_64/defconfig", "arm64/defconfig", NULL };

	p = xasprintf("%s/arm64/defconfig/compile.sh", out);
	ck_assert_int_eq(unlink(p), 0);
	free(p);
	free(put_file(out, "x86_64/defconfig/built", line));
	stdout_begin();
	ck_assert_int_eq(cmd_fix_consumers.run(&cmd_fix_consumers, 7, argv), EXIT_FAILED);
	said = stdout_end();
	p = xasprintf("%s/fix-consumers/summary.txt", out);
	text = slurp(p);
	ck_assert_msg(strstr(text, "arm64/defconfig: no proof on objects: no built kbuild dir") &&
			      strstr(text, "    cut not kept: not proven on objects on every cell it is on"),
		      "%s", text);
	free(text);
	free(p);
	p = xasprintf("%s/fix-consumers/series", out);
	assert_file(p, "");
	free(p);
	free(said);
	free(line);
	free(kdir);
	free(tree);
	free(out);
}
END_TEST

Suite *fix_consumers_suite(void)
{
	Suite *s = suite_create("fix_consumers");
	TCase *tc = tcase_create("consumers");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cut_removes_an_include_nothing_uses);
	tcase_add_test(tc, test_cut_replaces_with_the_slim_header);
	tcase_add_test(tc, test_cut_that_must_stay_names_its_symbols);
	tcase_add_test(tc, test_objects_get_their_own_includes);
	tcase_add_test(tc, test_object_broken_through_a_header_needs_a_move);
	tcase_add_test(tc, test_objects_reading_a_file);
	tcase_add_test(tc, test_objects_read_the_tree_as_it_is_now);
	tcase_add_test(tc, test_not_a_built_dir);
	tcase_add_test(tc, test_verify_drops_a_patch_that_breaks_an_object);
	tcase_add_test(tc, test_verify_blames_the_patch_whose_line_breaks);
	tcase_add_test(tc, test_fix_consumers_command);
	tcase_add_test(tc, test_word_listed);
	tcase_add_test(tc, test_fix_consumers_unproven_cell);
	tcase_add_test(tc, test_series_order_puts_what_a_patch_reads_first);
	suite_add_tcase(s, tc);
	return s;
}
