// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's chain report (fix/chains.c): the headers that pull the
 * forbidden linux/mm.h into a TU, and what each uses from it, on the
 * fixture run of fix_fixture.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fix_fixture.h"
#include "helpers.h"
#include "suites.h"

/* The chain report of a fixture run; its chains.tsv lines into *tsv
 * when tsv is not NULL. */
static char *report_tsv(const char *arches, const char *headers, char **tsv)
{
	char *out = fix_run(arches, headers);
	struct fixer *fx = fixer_new(out, arches);
	struct strbuf sb, t;

	sb_init(&sb);
	sb_init(&t);
	chains(fx, &sb, &t);
	fixer_free(fx);
	free(out);
	if (tsv)
		*tsv = sb_detach(&t);
	sb_release(&t);
	return sb_detach(&sb);
}

static char *report(const char *arches, const char *headers)
{
	return report_tsv(arches, headers, NULL);
}

START_TEST(test_chain_header_using_nothing_from_it)
{
	char *text = report("x86_64", "chain_idle both");

	/* mm_only() and mm_slim_fn() are named in comments of chain_idle.h,
	 * which is no use; both.h, which fails for a missing name too, pulls
	 * linux/mm.h in through it */
	assert_text(text, "include/linux/chain_idle.h:4 includes linux/mm.h\n"
			       "    on the way from: linux/chain_idle.h linux/both.h\n"
			       "    in: x86_64/defconfig\n"
			       "    uses from it:\n"
			       "      nothing it defines, in its own text (what the headers it includes next need is "
			       "not checked)\n");
	free(text);
}
END_TEST

START_TEST(test_chain_header_using_symbols_from_it)
{
	char *text = report("x86_64 arm64", "chain_uses top light");

	/* chain_uses.h is on the chain of its own TU and of top.h's, on both
	 * cells; each name it uses from linux/mm.h once, with the slim
	 * headers (linux/mm/) that define it too */
	assert_text(text, "include/linux/chain_uses.h:4 includes linux/mm.h\n"
			       "    on the way from: linux/chain_uses.h linux/top.h\n"
			       "    in: x86_64/defconfig arm64/defconfig\n"
			       "    uses from it:\n"
			       "      struct mm_box: linux/mm/box.h\n"
			       "      mm_slim_fn: linux/mm/slim.h\n"
			       "      mm_only: no slim header (only in the forbidden one)\n");
	free(text);
}
END_TEST

/* Six headers on chain_idle.h's chains: the report names five and how
 * many more, chains.tsv all six. */
START_TEST(test_chain_names_a_few_headers_and_how_many_more)
{
	char *tsv, *text = report_tsv("x86_64", "chain_idle both on_way_a on_way_b on_way_c on_way_d", &tsv);

	assert_text(text, "include/linux/chain_idle.h:4 includes linux/mm.h\n"
			  "    on the way from: linux/chain_idle.h linux/both.h linux/on_way_a.h linux/on_way_b.h "
			  "linux/on_way_c.h ... and 1 more\n"
			  "    in: x86_64/defconfig\n"
			  "    uses from it:\n"
			  "      nothing it defines, in its own text (what the headers it includes next need is "
			  "not checked)\n");
	assert_text(tsv, "include/linux/chain_idle.h:4\tlinux/mm.h\tlinux/chain_idle.h\tx86_64/defconfig\n"
			 "include/linux/chain_idle.h:4\tlinux/mm.h\tlinux/both.h\tx86_64/defconfig\n"
			 "include/linux/chain_idle.h:4\tlinux/mm.h\tlinux/on_way_a.h\tx86_64/defconfig\n"
			 "include/linux/chain_idle.h:4\tlinux/mm.h\tlinux/on_way_b.h\tx86_64/defconfig\n"
			 "include/linux/chain_idle.h:4\tlinux/mm.h\tlinux/on_way_c.h\tx86_64/defconfig\n"
			 "include/linux/chain_idle.h:4\tlinux/mm.h\tlinux/on_way_d.h\tx86_64/defconfig\n");
	free(tsv);
	free(text);
}
END_TEST

START_TEST(test_no_forbidden_header_no_report)
{
	char *text = report("x86_64", "light plain");

	ck_assert_str_eq(text, "");
	free(text);
}
END_TEST

Suite *fix_chains_suite(void)
{
	Suite *s = suite_create("fix_chains");
	TCase *tc = tcase_create("chains");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_chain_header_using_nothing_from_it);
	tcase_add_test(tc, test_chain_header_using_symbols_from_it);
	tcase_add_test(tc, test_chain_names_a_few_headers_and_how_many_more);
	tcase_add_test(tc, test_no_forbidden_header_no_report);
	suite_add_tcase(s, tc);
	return s;
}
