// SPDX-License-Identifier: GPL-2.0
/* Conditions: parsing, precedence, evaluation, canonical text, errors. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/cond.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

/* Names other than CONFIG_* that the tests treat as earlier defines. */
static const char *const known_names[] = { "WANT_X", "WANT_Y", NULL };

static int name_known(const char *name, void *ctx)
{
	const char *const *n;

	ck_assert_ptr_eq(ctx, known_names);
	for (n = known_names; *n; n++)
		if (!strcmp(*n, name))
			return 1;
	return 0;
}

static struct ifexpr *parse_at(const char *text, int col)
{
	struct loc l = { "t.cat", 7, col };

	return cond_parse(text, &l, name_known, (void *)known_names);
}

/* Parse text that must be valid; no diagnostics allowed. */
static struct ifexpr *parse_ok(const char *text)
{
	struct ifexpr *c;
	char *diag;

	diag_begin();
	c = parse_at(text, 1);
	diag = diag_end();
	ck_assert_msg(c != NULL, "'%s' did not parse: %s", text, diag);
	ck_assert_str_eq(diag, "");
	free(diag);
	return c;
}

/* ctx: a NULL-terminated list of the names that are true. */
static int value_in(const char *name, void *ctx)
{
	const char *const *n;

	for (n = ctx; *n; n++)
		if (!strcmp(*n, name))
			return 1;
	return 0;
}

START_TEST(test_single_name)
{
	struct ifexpr *c = parse_ok("CONFIG_MMU");

	ck_assert_int_eq(c->op, IFX_NAME);
	ck_assert_str_eq(c->text, "CONFIG_MMU");
	ck_assert_ptr_null(c->l);
	ck_assert_ptr_null(c->r);
	ck_assert_str_eq(c->loc.file, "t.cat");
	ck_assert_int_eq(c->loc.line, 7);
	ck_assert_int_eq(c->loc.col, 1);
	ifexpr_free(c);
}
END_TEST

/* "!a && b || c" is "((!a) && b) || c", as in C. */
START_TEST(test_precedence)
{
	struct ifexpr *c = parse_ok("!CONFIG_A && CONFIG_B || CONFIG_C");

	ck_assert_int_eq(c->op, IFX_LOR);
	ck_assert_int_eq(c->l->op, IFX_LAND);
	ck_assert_int_eq(c->l->l->op, IFX_NOT);
	ck_assert_str_eq(c->l->l->l->text, "CONFIG_A");
	ck_assert_ptr_null(c->l->l->r);
	ck_assert_str_eq(c->l->r->text, "CONFIG_B");
	ck_assert_int_eq(c->r->op, IFX_NAME);
	ck_assert_str_eq(c->r->text, "CONFIG_C");
	ifexpr_free(c);
}
END_TEST

START_TEST(test_precedence_truth_table)
{
	struct ifexpr *c = parse_ok("!CONFIG_A && CONFIG_B || CONFIG_C");
	int bits;

	for (bits = 0; bits < 8; bits++) {
		const char *vals[4];
		int n = 0, a = bits & 1, b = bits & 2, cc = bits & 4;

		if (a)
			vals[n++] = "CONFIG_A";
		if (b)
			vals[n++] = "CONFIG_B";
		if (cc)
			vals[n++] = "CONFIG_C";
		vals[n] = NULL;
		ck_assert_int_eq(cond_eval(c, value_in, vals), (!a && b) || cc);
	}
	ifexpr_free(c);
}
END_TEST

START_TEST(test_parentheses)
{
	struct ifexpr *c = parse_ok("!(CONFIG_A || CONFIG_B) && (CONFIG_C || WANT_X)");
	const char *none[] = { NULL };
	const char *c_only[] = { "CONFIG_C", NULL };
	const char *a_c[] = { "CONFIG_A", "CONFIG_C", NULL };
	const char *x_only[] = { "WANT_X", NULL };

	ck_assert_int_eq(c->op, IFX_LAND);
	ck_assert_int_eq(c->l->op, IFX_NOT);
	ck_assert_int_eq(c->l->l->op, IFX_LOR);
	ck_assert_int_eq(c->r->op, IFX_LOR);
	ck_assert_str_eq(c->r->r->text, "WANT_X");
	ck_assert_int_eq(cond_eval(c, value_in, none), 0);
	ck_assert_int_eq(cond_eval(c, value_in, c_only), 1);
	ck_assert_int_eq(cond_eval(c, value_in, a_c), 0);
	ck_assert_int_eq(cond_eval(c, value_in, x_only), 1);
	ifexpr_free(c);
}
END_TEST

/* Operator nodes carry the column of their operator. */
START_TEST(test_locations)
{
	struct loc l = { "t.cat", 3, 10 };
	struct ifexpr *c = cond_parse("CONFIG_A && !CONFIG_B", &l, NULL, NULL);

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->loc.col, 19);
	ck_assert_int_eq(c->l->loc.col, 10);
	ck_assert_int_eq(c->r->loc.col, 22);
	ck_assert_int_eq(c->r->l->loc.col, 23);
	ck_assert_int_eq(c->r->loc.line, 3);
	ifexpr_free(c);
}
END_TEST

static const struct {
	const char *in, *out;
} canonical[] = {
	{ "CONFIG_A", "CONFIG_A" },
	{ "  CONFIG_A&&CONFIG_B  ", "CONFIG_A && CONFIG_B" },
	{ "\t!CONFIG_A\t||\tWANT_X", "!CONFIG_A || WANT_X" },
	{ "((CONFIG_A))", "CONFIG_A" },
	{ "(CONFIG_A && CONFIG_B) || CONFIG_C", "CONFIG_A && CONFIG_B || CONFIG_C" },
	{ "CONFIG_A || (CONFIG_B && CONFIG_C)", "CONFIG_A || CONFIG_B && CONFIG_C" },
	{ "(CONFIG_A || CONFIG_B) && CONFIG_C", "(CONFIG_A || CONFIG_B) && CONFIG_C" },
	{ "CONFIG_A && (CONFIG_B || CONFIG_C)", "CONFIG_A && (CONFIG_B || CONFIG_C)" },
	{ "CONFIG_A || (CONFIG_B || CONFIG_C)", "CONFIG_A || CONFIG_B || CONFIG_C" },
	{ "CONFIG_A && (CONFIG_B && CONFIG_C)", "CONFIG_A && CONFIG_B && CONFIG_C" },
	{ "!(!CONFIG_A)", "!!CONFIG_A" },
	{ "!(CONFIG_A && CONFIG_B)", "!(CONFIG_A && CONFIG_B)" },
	{ "!(CONFIG_A) && WANT_Y", "!CONFIG_A && WANT_Y" },
	{ "CONFIG_ARC || CONFIG_M68K && CONFIG_MMU || CONFIG_SPARC64",
	  "CONFIG_ARC || CONFIG_M68K && CONFIG_MMU || CONFIG_SPARC64" },
};

START_TEST(test_canonical_spelling)
{
	struct ifexpr *c = parse_ok(canonical[_i].in), *again;
	char *s = ifexpr_to_string(c), *s2;

	ck_assert_str_eq(s, canonical[_i].out);
	/* the canonical text parses back to the same text */
	again = parse_ok(s);
	s2 = ifexpr_to_string(again);
	ck_assert_str_eq(s2, s);
	free(s);
	free(s2);
	ifexpr_free(c);
	ifexpr_free(again);
}
END_TEST

/* The canonical text means the same as the input, for every assignment. */
START_TEST(test_canonical_same_meaning)
{
	struct ifexpr *c = parse_ok(canonical[_i].in), *again;
	const char *names[] = { "CONFIG_A", "CONFIG_B", "CONFIG_C", "WANT_X", "WANT_Y" };
	char *s = ifexpr_to_string(c);
	int bits, i;

	again = parse_ok(s);
	for (bits = 0; bits < 32; bits++) {
		const char *vals[6];
		int n = 0;

		for (i = 0; i < 5; i++)
			if (bits & (1 << i))
				vals[n++] = names[i];
		vals[n] = NULL;
		ck_assert_int_eq(cond_eval(c, value_in, vals), cond_eval(again, value_in, vals));
	}
	free(s);
	ifexpr_free(c);
	ifexpr_free(again);
}
END_TEST

START_TEST(test_to_string_null)
{
	char *s = ifexpr_to_string(NULL);

	ck_assert_str_eq(s, "");
	free(s);
}
END_TEST

static void collect(const char *name, void *ctx)
{
	struct strbuf *sb = ctx;

	sb_addf(sb, "%s%s", sb->len ? " " : "", name);
}

/* Every name, left to right, repeats included. */
START_TEST(test_visit_order)
{
	struct ifexpr *c = parse_ok("CONFIG_B && !(CONFIG_A || WANT_X) || CONFIG_B");
	struct strbuf sb;

	sb_init(&sb);
	cond_visit(c, collect, &sb);
	ck_assert_str_eq(sb.buf, "CONFIG_B CONFIG_A WANT_X CONFIG_B");
	sb_release(&sb);
	cond_visit(NULL, collect, &sb);
	ck_assert_uint_eq(sb.len, 0);
	ifexpr_free(c);
}
END_TEST

/* Every parse error, with its exact message and column; the condition
 * starts at column 5 of line 7. */
static const struct {
	const char *text;
	const char *msg;
} errors[] = {
	{ "", "t.cat:7:5: error: condition: expected a CONFIG_ symbol, '!' or '(' at end of line" },
	{ "   ", "t.cat:7:8: error: condition: expected a CONFIG_ symbol, '!' or '(' at end of line" },
	{ "!", "t.cat:7:6: error: condition: expected a CONFIG_ symbol, '!' or '(' at end of line" },
	{ "CONFIG_A &&", "t.cat:7:16: error: condition: expected a CONFIG_ symbol, '!' or '(' at end of line" },
	{ "CONFIG_A || || CONFIG_B",
	  "t.cat:7:17: error: condition: expected a CONFIG_ symbol, '!' or '(', found '|'" },
	{ "CONFIG_A && $X", "t.cat:7:17: error: condition: expected a CONFIG_ symbol, '!' or '(', found '$'" },
	{ "1CONFIG_A", "t.cat:7:5: error: condition: expected a CONFIG_ symbol, '!' or '(', found '1'" },
	{ "()", "t.cat:7:6: error: condition: expected a CONFIG_ symbol, '!' or '(', found ')'" },
	{ "(CONFIG_A", "t.cat:7:14: error: condition: expected ')' or an operator (&&, ||) at end of line" },
	{ "((CONFIG_A) || CONFIG_B",
	  "t.cat:7:28: error: condition: expected ')' or an operator (&&, ||) at end of line" },
	{ "(CONFIG_A CONFIG_B)", "t.cat:7:15: error: condition: expected ')' or an operator (&&, ||), found 'C'" },
	{ "CONFIG_A CONFIG_B", "t.cat:7:14: error: condition: expected &&, || or end of condition, found 'C'" },
	{ "CONFIG_A)", "t.cat:7:13: error: condition: expected &&, || or end of condition, found ')'" },
	{ "CONFIG_A & CONFIG_B", "t.cat:7:14: error: condition: expected &&, || or end of condition, found '&'" },
	{ "CONFIG_A | CONFIG_B", "t.cat:7:14: error: condition: expected &&, || or end of condition, found '|'" },
	{ "CONFIG_A == 1", "t.cat:7:14: error: condition: expected &&, || or end of condition, found '='" },
	{ "CONFIG_A && FOO",
	  "t.cat:7:17: error: condition: unknown name 'FOO': expected a CONFIG_ symbol or a name from an "
	  "earlier define line" },
	{ "config_a",
	  "t.cat:7:5: error: condition: unknown name 'config_a': expected a CONFIG_ symbol or a name from an "
	  "earlier define line" },
	{ "defined(CONFIG_A)",
	  "t.cat:7:5: error: condition: unknown name 'defined': expected a CONFIG_ symbol or a name from an "
	  "earlier define line" },
	/* what the #if lexer would take but a condition has not: comments,
	 * '$' in names, literals */
	{ "CONFIG_A /* c */", "t.cat:7:14: error: condition: expected &&, || or end of condition, found '/'" },
	{ "(CONFIG_A // c", "t.cat:7:15: error: condition: expected ')' or an operator (&&, ||), found '/'" },
	{ "CONFIG_$A", "t.cat:7:12: error: condition: expected &&, || or end of condition, found '$'" },
	{ "!\"CONFIG_A\"", "t.cat:7:6: error: condition: expected a CONFIG_ symbol, '!' or '(', found '\"'" },
	/* only the first error is reported */
	{ "!(FOO || BAR",
	  "t.cat:7:7: error: condition: unknown name 'FOO': expected a CONFIG_ symbol or a name from an "
	  "earlier define line" },
};

START_TEST(test_parse_errors)
{
	struct ifexpr *c;
	char *diag, *want = xasprintf("%s\n", errors[_i].msg);

	diag_begin();
	c = parse_at(errors[_i].text, 5);
	diag = diag_end();
	ck_assert_ptr_null(c);
	ck_assert_str_eq(diag, want);
	ck_assert_int_eq(error_count(), 1);
	free(diag);
	free(want);
}
END_TEST

/* Without a name_ok callback only CONFIG_ names are accepted. */
START_TEST(test_no_defines)
{
	struct loc l = { "x", 1, 1 };
	struct ifexpr *c;
	char *diag;

	diag_begin();
	c = cond_parse("WANT_X", &l, NULL, NULL);
	diag = diag_end();
	ck_assert_ptr_null(c);
	ck_assert_str_eq(diag, "x:1:1: error: condition: unknown name 'WANT_X': expected a CONFIG_ symbol or a "
			       "name from an earlier define line\n");
	free(diag);
}
END_TEST

Suite *cond_suite(void)
{
	Suite *s = suite_create("cond");
	TCase *tc = tcase_create("parse");
	int ncanon = sizeof(canonical) / sizeof(canonical[0]);

	tcase_add_test(tc, test_single_name);
	tcase_add_test(tc, test_precedence);
	tcase_add_test(tc, test_precedence_truth_table);
	tcase_add_test(tc, test_parentheses);
	tcase_add_test(tc, test_locations);
	tcase_add_loop_test(tc, test_canonical_spelling, 0, ncanon);
	tcase_add_loop_test(tc, test_canonical_same_meaning, 0, ncanon);
	tcase_add_test(tc, test_to_string_null);
	tcase_add_test(tc, test_visit_order);
	tcase_add_loop_test(tc, test_parse_errors, 0, sizeof(errors) / sizeof(errors[0]));
	tcase_add_test(tc, test_no_defines);
	suite_add_tcase(s, tc);
	return s;
}
