// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's classes (fix/classes.c) after the drop rounds, on a fixer
 * made by hand: one cell, linux/hub.h failing in the run and passing at
 * the last proof; its own fix kept, and a fix of asm-generic/x.h that its
 * failure asked for too, not kept.  Whether hub.h is fixed depends on
 * whether x.h's fix was still in the overlay at that last proof.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fix/fixer.h"
#include "helpers.h"
#include "suites.h"

static char *hub = "linux/hub.h";

/* The class line of linux/hub.h when x.h's fix was taken out after round
 * dropped_after (0: never), and the last proof was round 2; objects: the
 * kernel objects VERIFY=objects found it breaks after the last round. */
static char *class_of_hub_objects(int dropped_after, int objects)
{
	struct tu_result was = { .header = hub, .verdict = V_FAIL, .detail = "fails" };
	struct tu_result now = { .header = hub, .verdict = V_PASS };
	struct cell_result orig = { .tus = &was, .ntus = 1 }, proof = { .tus = &now, .ntus = 1 };
	struct cell_result *origs[] = { &orig }, *proofs[] = { &proof };
	char *cells[] = { "x86_64/defconfig" };
	struct fix_cand own = { .kind = FIX_INCLUDE, .header = hub, .symbol = "light_fn", .what = "light_fn()",
				.include = "linux/light.h" };
	struct fix_cand other = { .kind = FIX_INCLUDE, .header = "asm-generic/x.h", .symbol = "y_fn",
				  .what = "y_fn()", .include = "linux/y.h" };
	char yes = 1, *own_marks[] = { &yes }, *other_marks[] = { &yes };
	struct failure fail = { .cell = 0, .tu = hub };
	struct hdr_fix fixes[] = {
		{ .header = "asm-generic/x.h", .cands = &other, .ncands = 1, .marks = other_marks, .fails = &fail,
		  .nfails = 1, .kept = 0, .dropped = dropped_after, .fixes_a_cell = 0, .broke_objects = objects,
		  .objects_why = "error: redefinition of 'f' (x86_64/defconfig drv/a.o)" },
		{ .header = hub, .cands = &own, .ncands = 1, .marks = own_marks, .fails = &fail, .nfails = 1,
		  .kept = 1 },
	};
	struct fixer fx = { .cells = cells, .ncells = 1, .orig = origs, .proof = proofs, .fixes = fixes,
			    .nfixes = 2, .rounds = 2 };
	struct strbuf sb, tsv;

	sb_init(&sb);
	sb_init(&tsv);
	classify_failures(&fx, &sb, &tsv);
	sb_release(&sb);
	return sb_detach(&tsv);
}

static char *class_of_hub(int dropped_after)
{
	return class_of_hub_objects(dropped_after, 0);
}

/* Taken out after round 1, hub.h passed in round 2 without it: its own
 * fix, kept, is what fixed it. */
START_TEST(test_a_fix_taken_out_before_the_pass_is_not_the_reason)
{
	char *line = class_of_hub(1);

	ck_assert_str_eq(line, "linux/hub.h\tfixed by an include\t\n");
	free(line);
}
END_TEST

/* Still in at round 2 (not kept there, no round after it): the pass may
 * be its doing. */
START_TEST(test_a_fix_in_at_the_pass_is_the_reason)
{
	char *line = class_of_hub(2), *never = class_of_hub(0);

	ck_assert_str_eq(line, "linux/hub.h\tnot fixable yet\tpasses with the fix of asm-generic/x.h, which is "
			       "not kept: it fixes no cell\n");
	ck_assert_str_eq(never, line);
	free(line);
	free(never);
}
END_TEST

/* Kept by the header proof, dropped by the proof on kernel objects: the
 * class says what it broke, not the header proof's "fixes no cell". */
START_TEST(test_a_fix_dropped_for_objects_says_so)
{
	char *line = class_of_hub_objects(0, 2);

	ck_assert_str_eq(line, "linux/hub.h\tnot fixable yet\tpasses with the fix of asm-generic/x.h, which is "
			       "not kept: it breaks 2 kernel objects: error: redefinition of 'f' "
			       "(x86_64/defconfig drv/a.o)\n");
	free(line);
}
END_TEST

/* A header that still fails for a diagnostic no explanation reads, and
 * one that fails for a name no header defines: "not explained" is
 * counted apart from "not fixable yet"; the skips, the catalog's and the
 * judge's, each on a line of their own. */
START_TEST(test_what_is_not_explained_is_counted_apart)
{
	char *tree = tmp_dir();
	char *odd = xasprintf("%s/include/linux/odd.h:3:1: error: expected ';' before 'int'\n", tree);
	char *nodef = xasprintf("%s/include/linux/nodef.h:2:1: error: unknown type name 'nothing_t'\n", tree);
	struct tu_result was[] = {
		{ .header = "linux/odd.h", .verdict = V_FAIL, .detail = "error: expected ';' before 'int'",
		  .log = odd },
		{ .header = "linux/nodef.h", .verdict = V_FAIL, .detail = "error: unknown type name 'nothing_t'",
		  .log = nodef },
		{ .header = "linux/list_x.h", .skip = "an x-macro list", .verdict = V_SKIP },
		{ .header = "linux/zorro_x.h", .verdict = V_SKIP, .detail = "not for x86_64: needs asm/zorro.h" },
	};
	struct cell_result orig = { .tus = was, .ntus = 4, .dir = "/out/x", .srctree = tree };
	struct cell_result *origs[] = { &orig }, *proofs[] = { NULL };
	char *cells[] = { "x86_64/defconfig" };
	struct fixer fx = { .cells = cells, .ncells = 1, .orig = origs, .proof = proofs, .rounds = 1 };
	struct strbuf sb, tsv;

	free(put_file(tree, "include/linux/odd.h", "int a\nint b;\n"));
	free(put_file(tree, "include/linux/nodef.h", "nothing_t x;\n"));
	fx.ix = scan_tree(tree);
	sb_init(&sb);
	sb_init(&tsv);
	ck_assert_int_eq(classify_failures(&fx, &sb, &tsv), 2);
	ck_assert_str_eq(tsv.buf, "linux/nodef.h\tnot fixable yet\tlinux/nodef.h: it needs nothing_t, which no header "
				  "of the tree defines outside linux/nodef.h\n"
				  "linux/odd.h\tnot explained\ta diagnostic hdrtest does not explain: error: "
				  "expected '*' before '*'\n");
	ck_assert_ptr_nonnull(strstr(sb.buf, "  not fixable yet                          1\n"
					     "  not explained                            1\n"));
	ck_assert_msg(strstr(sb.buf, "  (not standalone by design: 1 more, skipped on every cell, never compiled)\n"
				     "  (not standalone on some cell: 1 more, skipped there with the reason, judged "
				     "elsewhere)\n") != NULL, "%s", sb.buf);
	sb_release(&sb);
	sb_release(&tsv);
	scan_free(fx.ix);
	free(odd);
	free(nodef);
	free(tree);
}
END_TEST

Suite *fix_classes_suite(void)
{
	Suite *s = suite_create("fix_classes");
	TCase *tc = tcase_create("after the drop rounds");

	tcase_add_test(tc, test_a_fix_taken_out_before_the_pass_is_not_the_reason);
	tcase_add_test(tc, test_a_fix_in_at_the_pass_is_the_reason);
	tcase_add_test(tc, test_a_fix_dropped_for_objects_says_so);
	tcase_add_test(tc, test_what_is_not_explained_is_counted_apart);
	suite_add_tcase(s, tc);
	return s;
}
