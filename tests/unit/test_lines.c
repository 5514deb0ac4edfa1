// SPDX-License-Identifier: GPL-2.0
/* next_line(): the one in-place line splitter. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "suites.h"
#include "base/util.h"

/* The lines of text joined by '|', and whether the cursor ended NULL (the
 * last line had no newline): "a|b" + "$" if it did not. */
static char *split(const char *text)
{
	char *copy = xstrdup(text), *cur = copy, *line;
	struct strbuf sb;
	int n = 0;

	sb_init(&sb);
	while ((line = next_line(&cur)))
		sb_addf(&sb, "%s%s", n++ ? "|" : "", line);
	/* once at the end, it stays there */
	ck_assert_ptr_null(next_line(&cur));
	sb_add(&sb, cur ? "$" : "");
	free(copy);
	return sb_detach(&sb);
}

START_TEST(test_lines)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "", "$" },
		{ "a\n", "a$" },
		{ "a\nb\n", "a|b$" },
		{ "a\nb", "a|b" },
		{ "a\n\nb\n", "a||b$" },
		{ "\n", "$" },
		{ "\n\n", "|$" },
		{ "x\n\n", "x|$" },
		{ "only", "only" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = split(cases[i].text);

		ck_assert_msg(!strcmp(got, cases[i].want), "'%s': got '%s', want '%s'",
			      cases[i].text, got, cases[i].want);
		free(got);
	}
}
END_TEST

/* The line is the text itself, cut in place: no copy to free. */
START_TEST(test_in_place)
{
	char text[] = "ab\ncd\n", *cur = text;

	ck_assert_ptr_eq(next_line(&cur), text);
	ck_assert_ptr_eq(cur, text + 3);
	ck_assert_int_eq(text[2], '\0');
	ck_assert_ptr_eq(next_line(&cur), text + 3);
	ck_assert_ptr_eq(cur, text + 6);
	ck_assert_ptr_null(next_line(&cur));
	cur = NULL;
	ck_assert_ptr_null(next_line(&cur));
}
END_TEST

/* The span form reads the same lines and leaves the text as it is. */
START_TEST(test_span)
{
	static const char text[] = "one\n\nthree\nlast";
	const char *cur = text, *line;
	const char *want[] = { "one", "", "three", "last" };
	size_t n;
	int i = 0;

	while ((line = next_line_span(&cur, &n))) {
		ck_assert_int_lt(i, 4);
		ck_assert_int_eq(n, strlen(want[i]));
		ck_assert(!strncmp(line, want[i], n));
		i++;
	}
	ck_assert_int_eq(i, 4);
	ck_assert_ptr_null(cur);	/* the last line had no '\n' */
	ck_assert_str_eq(text, "one\n\nthree\nlast");
	cur = "a\n";
	ck_assert_ptr_nonnull(next_line_span(&cur, &n));
	ck_assert_str_eq(cur, "");
	ck_assert_ptr_null(next_line_span(&cur, &n));
}
END_TEST

Suite *lines_suite(void)
{
	Suite *s = suite_create("lines");
	TCase *tc = tcase_create("next_line");

	tcase_add_test(tc, test_lines);
	tcase_add_test(tc, test_in_place);
	tcase_add_test(tc, test_span);
	suite_add_tcase(s, tc);
	return s;
}
