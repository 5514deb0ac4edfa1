// SPDX-License-Identifier: GPL-2.0
/* The #if expression parser: the tree it builds (precedence,
 * associativity, defined, calls, literals), its canonical text, its
 * errors with their positions, the IFX_LOGIC subset and the depth limit. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cpp/ifexpr.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

static const char *const op_names[] = {
	[IFX_NUM] = "num", [IFX_CHAR] = "char", [IFX_NAME] = "name", [IFX_DEFINED] = "defined",
	[IFX_CALL] = "call", [IFX_NOT] = "!", [IFX_COMPL] = "~", [IFX_NEG] = "neg", [IFX_PLUS] = "pos",
	[IFX_MUL] = "*", [IFX_DIV] = "/", [IFX_MOD] = "%", [IFX_ADD] = "+", [IFX_SUB] = "-",
	[IFX_SHL] = "<<", [IFX_SHR] = ">>", [IFX_LT] = "<", [IFX_LE] = "<=", [IFX_GT] = ">",
	[IFX_GE] = ">=", [IFX_EQ] = "==", [IFX_NE] = "!=", [IFX_BITAND] = "&", [IFX_BITXOR] = "^",
	[IFX_BITOR] = "|", [IFX_LAND] = "&&", [IFX_LOR] = "||", [IFX_COND] = "?:",
};

/* The tree in prefix form: "(|| a (&& b c))", leaves bare. */
static void prefix(const struct ifexpr *e, struct strbuf *sb)
{
	int i;

	if (e->op == IFX_NUM || e->op == IFX_CHAR || e->op == IFX_NAME) {
		sb_add(sb, e->text);
		return;
	}
	sb_addf(sb, "(%s", op_names[e->op]);
	if (e->text)
		sb_addf(sb, " %s", e->text);
	if (e->l) {
		sb_addc(sb, ' ');
		prefix(e->l, sb);
	}
	if (e->r) {
		sb_addc(sb, ' ');
		prefix(e->r, sb);
	}
	if (e->x) {
		sb_addc(sb, ' ');
		prefix(e->x, sb);
	}
	for (i = 0; i < e->nargs; i++) {
		sb_addc(sb, ' ');
		prefix(e->args[i], sb);
	}
	sb_addc(sb, ')');
}

static struct ifexpr *parse(const char *text, enum ifx_lang lang, struct ifx_error *err)
{
	struct loc loc = { "t.h", 10, 5 };

	return ifexpr_parse(text, strlen(text), &loc, lang, NULL, NULL, err);
}

static char *tree_of(const char *text)
{
	struct ifx_error err;
	struct ifexpr *e = parse(text, IFX_CPP, &err);
	struct strbuf sb;

	ck_assert_msg(e != NULL, "'%s' did not parse (error %d at column %d)", text, err.kind, err.loc.col);
	ck_assert_int_eq(err.kind, IFX_OK);
	sb_init(&sb);
	prefix(e, &sb);
	ifexpr_free(e);
	return sb_detach(&sb);
}

static const struct {
	const char *in, *tree;
} trees[] = {
	/* precedence, lowest first */
	{ "a ? b : c || d", "(?: a b (|| c d))" },
	{ "a || b && c", "(|| a (&& b c))" },
	{ "a && b | c", "(&& a (| b c))" },
	{ "a | b ^ c", "(| a (^ b c))" },
	{ "a ^ b & c", "(^ a (& b c))" },
	{ "a & b == c", "(& a (== b c))" },
	{ "a != b < c", "(!= a (< b c))" },
	{ "a <= b << c", "(<= a (<< b c))" },
	{ "a >> b + c", "(>> a (+ b c))" },
	{ "a - b * c", "(- a (* b c))" },
	{ "a % -b", "(% a (neg b))" },
	{ "!a && b", "(&& (! a) b)" },
	{ "a * b + c > d && e || f", "(|| (&& (> (+ (* a b) c) d) e) f)" },
	/* associativity: left, but ?: to the right */
	{ "a - b - c", "(- (- a b) c)" },
	{ "a / b % c", "(% (/ a b) c)" },
	{ "a || b || c", "(|| (|| a b) c)" },
	{ "a >= b > c", "(> (>= a b) c)" },
	{ "a ? b : c ? d : e", "(?: a b (?: c d e))" },
	{ "a ? b ? c : d : e", "(?: a (?: b c d) e)" },
	{ "(a - b) - (c - d)", "(- (- a b) (- c d))" },
	/* unary operators nest */
	{ "-!~+a", "(neg (! (~ (pos a))))" },
	{ "- -1", "(neg (neg 1))" },
	/* defined, with and without parentheses; calls */
	{ "defined X", "(defined X)" },
	{ "defined(X)", "(defined X)" },
	{ "defined ( X ) && !defined Y", "(&& (defined X) (! (defined Y)))" },
	{ "IS_ENABLED(CONFIG_X)", "(call IS_ENABLED CONFIG_X)" },
	{ "IS_BUILTIN (CONFIG_X) || IS_MODULE(CONFIG_X)", "(|| (call IS_BUILTIN CONFIG_X) (call IS_MODULE CONFIG_X))" },
	{ "IS_REACHABLE(CONFIG_X) && !IS_ENABLED(CONFIG_Y)",
	  "(&& (call IS_REACHABLE CONFIG_X) (! (call IS_ENABLED CONFIG_Y)))" },
	{ "f()", "(call f)" },
	{ "f(a, b + 1, g(c))", "(call f a (+ b 1) (call g c))" },
	/* literals */
	{ "0x10UL + 077 + 0b101 + 1ull + 2LLU + 3u", "(+ (+ (+ (+ (+ 0x10UL 077) 0b101) 1ull) 2LLU) 3u)" },
	{ "'a' == '\\n'", "(== 'a' '\\n')" },
	/* comments and continuations are blanks */
	{ "a /* x */ && /* y */ b // z", "(&& a b)" },
	{ "a &&\\\n b", "(&& a b)" },
};

START_TEST(test_tree)
{
	char *t = tree_of(trees[_i].in);

	ck_assert_str_eq(t, trees[_i].tree);
	free(t);
}
END_TEST

static const struct {
	const char *in, *out;
} texts[] = {
	{ "a&&b", "a && b" },
	{ "(a - b) - c", "a - b - c" },
	{ "a - (b - c)", "a - (b - c)" },
	{ "a && (b && c)", "a && b && c" },
	{ "a && (b || c)", "a && (b || c)" },
	{ "(a || b) && c", "(a || b) && c" },
	{ "a == (b == c)", "a == (b == c)" },
	{ "a * (b + c)", "a * (b + c)" },
	{ "!(a && b)", "!(a && b)" },
	{ "!(!a)", "!!a" },
	{ "-(-a)", "- -a" },
	{ "+(+a)", "+ +a" },
	{ "-(+a)", "-+a" },
	{ "(a ? b : c) ? d : e", "(a ? b : c) ? d : e" },
	{ "a ? b : (c ? d : e)", "a ? b : c ? d : e" },
	{ "defined X || defined ( Y )", "defined(X) || defined(Y)" },
	{ "IS_ENABLED ( CONFIG_X )", "IS_ENABLED(CONFIG_X)" },
	{ "f(a,(b,c))", NULL },	/* no comma operator in #if */
	{ "f((a ? b : c), d)", "f(a ? b : c, d)" },
	{ "((((a))))", "a" },
};

/* The canonical text, and it parses back to the same text. */
START_TEST(test_to_string)
{
	struct ifx_error err;
	struct ifexpr *e = parse(texts[_i].in, IFX_CPP, &err), *again;
	char *s, *s2;

	if (!texts[_i].out) {
		ck_assert_ptr_null(e);
		return;
	}
	ck_assert_ptr_nonnull(e);
	s = ifexpr_to_string(e);
	ck_assert_str_eq(s, texts[_i].out);
	again = parse(s, IFX_CPP, &err);
	ck_assert_ptr_nonnull(again);
	s2 = ifexpr_to_string(again);
	ck_assert_str_eq(s2, s);
	free(s);
	free(s2);
	ifexpr_free(e);
	ifexpr_free(again);
}
END_TEST

START_TEST(test_null)
{
	char *s = ifexpr_to_string(NULL);

	ck_assert_str_eq(s, "");
	free(s);
	ifexpr_free(NULL);
}
END_TEST

/* Operators carry their own position, leaves theirs; "(x)" is marked. */
START_TEST(test_locations_and_parens)
{
	struct ifx_error err;
	struct ifexpr *e = parse("a &&\n  (b || c)", IFX_CPP, &err);

	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->loc.file, "t.h");
	ck_assert_int_eq(e->loc.line, 10);
	ck_assert_int_eq(e->loc.col, 7);
	ck_assert_int_eq(e->l->loc.col, 5);
	ck_assert_int_eq(e->r->loc.line, 11);
	ck_assert_int_eq(e->r->loc.col, 6);	/* the "||" */
	ck_assert_int_eq(e->r->parens, 1);
	ck_assert_int_eq(e->l->parens, 0);
	ck_assert_int_eq(e->depth, 3);
	ifexpr_free(e);
}
END_TEST

/* Every error: its kind, position and message; text starts at t.h:10:5. */
static const struct {
	const char *text;
	enum ifx_err kind;
	const char *msg;
} errors[] = {
	{ "", IFX_ERR_OPERAND,
	  "t.h:10:5: error: #if: expected an operand (a name, a number, '(' or a unary operator) at end of expression" },
	{ "a +", IFX_ERR_OPERAND,
	  "t.h:10:8: error: #if: expected an operand (a name, a number, '(' or a unary operator) at end of expression" },
	{ "a + )", IFX_ERR_OPERAND,
	  "t.h:10:9: error: #if: expected an operand (a name, a number, '(' or a unary operator), found ')'" },
	{ "\"s\"", IFX_ERR_OPERAND,
	  "t.h:10:5: error: #if: expected an operand (a name, a number, '(' or a unary operator), found '\"s\"'" },
	{ "'a", IFX_ERR_OPERAND,
	  "t.h:10:5: error: #if: expected an operand (a name, a number, '(' or a unary operator), found ''a'" },
	{ "(a", IFX_ERR_CLOSE, "t.h:10:7: error: #if: expected ')' or an operator at end of expression" },
	{ "(a b)", IFX_ERR_CLOSE, "t.h:10:8: error: #if: expected ')' or an operator, found 'b'" },
	{ "a b", IFX_ERR_END, "t.h:10:7: error: #if: expected an operator or the end of the expression, found 'b'" },
	{ "a)", IFX_ERR_END, "t.h:10:6: error: #if: expected an operator or the end of the expression, found ')'" },
	{ "a = 1", IFX_ERR_END, "t.h:10:7: error: #if: expected an operator or the end of the expression, found '='" },
	{ "a, b", IFX_ERR_END, "t.h:10:6: error: #if: expected an operator or the end of the expression, found ','" },
	{ "a ? b", IFX_ERR_COLON, "t.h:10:10: error: #if: expected ':' or an operator at end of expression" },
	{ "defined", IFX_ERR_DEFINED,
	  "t.h:10:12: error: #if: expected a macro name after 'defined' at end of expression" },
	{ "defined(1)", IFX_ERR_DEFINED, "t.h:10:13: error: #if: expected a macro name after 'defined', found '1'" },
	{ "defined(X", IFX_ERR_DEFINED_CLOSE,
	  "t.h:10:14: error: #if: expected ')' after 'defined(NAME' at end of expression" },
	{ "defined(X Y)", IFX_ERR_DEFINED_CLOSE, "t.h:10:15: error: #if: expected ')' after 'defined(NAME', found 'Y'" },
	{ "f(a b)", IFX_ERR_ARGS, "t.h:10:9: error: #if: expected ',' or ')' after a macro argument, found 'b'" },
	{ "f(a,", IFX_ERR_OPERAND,
	  "t.h:10:9: error: #if: expected an operand (a name, a number, '(' or a unary operator) at end of expression" },
	{ "1.5", IFX_ERR_NUMBER, "t.h:10:5: error: #if: expected an integer constant, found '1.5'" },
	{ "08", IFX_ERR_NUMBER, "t.h:10:5: error: #if: expected an integer constant, found '08'" },
	{ "1uu", IFX_ERR_NUMBER, "t.h:10:5: error: #if: expected an integer constant, found '1uu'" },
	{ "0x", IFX_ERR_NUMBER, "t.h:10:5: error: #if: expected an integer constant, found '0x'" },
	{ "1lL", IFX_ERR_NUMBER, "t.h:10:5: error: #if: expected an integer constant, found '1lL'" },
	/* on a later line the column is that line's */
	{ "a &&\n   b c", IFX_ERR_END,
	  "t.h:11:6: error: #if: expected an operator or the end of the expression, found 'c'" },
	{ "a /* two\nlines */ b", IFX_ERR_END,
	  "t.h:11:10: error: #if: expected an operator or the end of the expression, found 'b'" },
	/* only the first error */
	{ "(a b) c", IFX_ERR_CLOSE, "t.h:10:8: error: #if: expected ')' or an operator, found 'b'" },
};

START_TEST(test_errors)
{
	struct ifx_error err;
	struct ifexpr *e;
	char *diag, *want = xasprintf("%s\n", errors[_i].msg);

	e = parse(errors[_i].text, IFX_CPP, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, errors[_i].kind);
	diag_begin();
	ifexpr_print_error(&err);
	diag = diag_end();
	ck_assert_str_eq(diag, want);
	free(diag);
	free(want);
}
END_TEST

static int only_config(const char *name, void *ctx)
{
	(*(int *)ctx)++;
	return !strncmp(name, "CONFIG_", 7);
}

static struct ifexpr *logic(const char *text, int *asked, struct ifx_error *err)
{
	struct loc loc = { "c.cat", 1, 1 };

	return ifexpr_parse(text, strlen(text), &loc, IFX_LOGIC, asked ? only_config : NULL, asked, err);
}

/* IFX_LOGIC: names, !, &&, || and parentheses; "defined" is a name, a
 * name before "(" no call, and names are checked as they are read. */
START_TEST(test_logic)
{
	struct ifx_error err;
	struct ifexpr *e;
	int asked = 0;
	char *s;

	e = logic("!CONFIG_A && (CONFIG_B || CONFIG_C)", &asked, &err);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(asked, 3);
	s = ifexpr_to_string(e);
	ck_assert_str_eq(s, "!CONFIG_A && (CONFIG_B || CONFIG_C)");
	free(s);
	ifexpr_free(e);

	e = logic("CONFIG_A & CONFIG_B", NULL, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, IFX_ERR_END);
	ck_assert_int_eq(err.loc.col, 10);
	e = logic("(CONFIG_A == 1)", NULL, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, IFX_ERR_CLOSE);
	ck_assert_int_eq(err.loc.col, 11);
	e = logic("~CONFIG_A", NULL, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, IFX_ERR_OPERAND);
	e = logic("1", NULL, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, IFX_ERR_OPERAND);
	e = logic("defined(CONFIG_A)", NULL, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, IFX_ERR_END);
	ck_assert_int_eq(err.loc.col, 8);
	/* the first refused name is the error, before the missing ')' */
	asked = 0;
	e = logic("!(FOO || CONFIG_A", &asked, &err);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(err.kind, IFX_ERR_NAME);
	ck_assert_int_eq(err.loc.col, 3);
	ck_assert_int_eq((int)err.n, 3);
	ck_assert_int_eq(asked, 1);
}
END_TEST

static void expect_depth(char *text, int ok, int col)
{
	struct ifx_error err;
	struct ifexpr *e = parse(text, IFX_CPP, &err);

	if (ok) {
		ck_assert_msg(e != NULL, "'%.20s...': error %d at column %d", text, err.kind, err.loc.col);
		ck_assert_int_le(e->depth, COND_MAX_DEPTH);
	} else {
		ck_assert_ptr_null(e);
		ck_assert_int_eq(err.kind, IFX_ERR_DEEP);
		ck_assert_int_eq(err.loc.col, col);
	}
	ifexpr_free(e);
	free(text);
}

/* Every way of nesting stops at COND_MAX_DEPTH levels, where it begins:
 * a unary operator, '(', a call's '(', '?', or the operator that makes
 * the tree one level too deep. */
START_TEST(test_depth_limit)
{
	char *parens = repeat("(", 200, "a"), *closed = repeat(")", 200, ""), *args = repeat("a, ", 100000, "a)");
	char *text, *msg;
	struct ifx_error err;

	text = xasprintf("%s%s", parens, closed);
	expect_depth(text, 1, 0);
	expect_depth(repeat("(", 100000, "a"), 0, 5 + 200);	/* the 201st '(' */
	/* "--" would be one token, the decrement */
	expect_depth(repeat("- ", 199, "a"), 1, 0);
	expect_depth(repeat("- ", 200, "a"), 0, 5);	/* 201 levels: the outermost '-' */
	expect_depth(repeat("- ", 201, "a"), 0, 5 + 2 * 200);	/* the 201st '-' */
	expect_depth(repeat("~", 100000, "a"), 0, 5 + 200);
	expect_depth(repeat("f(", 1000, "a"), 0, 5 + 2 * 200 + 1);	/* the 201st call's '(' */
	expect_depth(repeat("a ? ", 1000, "a"), 0, 5 + 4 * 200 + 2);	/* the 201st '?' */
	expect_depth(repeat("a + ", 199, "a"), 1, 0);
	expect_depth(repeat("a + ", 100000, "a"), 0, 5 + 4 * 199 + 2);	/* the 200th '+' */
	/* a long argument list is no nesting */
	expect_depth(xasprintf("f(%s", args), 1, 0);

	text = repeat("!", 300, "a");
	diag_begin();
	ck_assert_ptr_null(parse(text, IFX_CPP, &err));
	ifexpr_print_error(&err);
	msg = diag_end();
	ck_assert_str_eq(msg, "t.h:10:205: error: #if expression nested deeper than 200 levels\n");
	free(msg);
	free(text);
	free(parens);
	free(closed);
	free(args);
}
END_TEST

/* Built by hand: depth from the operands. */
START_TEST(test_new)
{
	struct ifexpr *a = ifexpr_new(IFX_NAME, "CONFIG_A", NULL, NULL);
	struct ifexpr *e = ifexpr_new(IFX_LOR, NULL, ifexpr_new(IFX_NOT, NULL, a, NULL),
				      ifexpr_new(IFX_NAME, "CONFIG_B", NULL, NULL));
	char *s = ifexpr_to_string(e);

	ck_assert_str_eq(s, "!CONFIG_A || CONFIG_B");
	ck_assert_int_eq(e->depth, 3);
	free(s);
	ifexpr_free(e);
}
END_TEST

Suite *ifexpr_suite(void)
{
	Suite *s = suite_create("ifexpr");
	TCase *tc = tcase_create("ifexpr");

	tcase_add_loop_test(tc, test_tree, 0, sizeof(trees) / sizeof(trees[0]));
	tcase_add_loop_test(tc, test_to_string, 0, sizeof(texts) / sizeof(texts[0]));
	tcase_add_test(tc, test_null);
	tcase_add_test(tc, test_locations_and_parens);
	tcase_add_loop_test(tc, test_errors, 0, sizeof(errors) / sizeof(errors[0]));
	tcase_add_test(tc, test_logic);
	tcase_add_test(tc, test_depth_limit);
	tcase_add_test(tc, test_new);
	suite_add_tcase(s, tc);
	return s;
}
