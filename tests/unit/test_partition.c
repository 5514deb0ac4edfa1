// SPDX-License-Identifier: GPL-2.0
/* Which shard owns which TU: every TU once, the same owners for the same
 * input, shards balanced by cost, cells split only when there are more
 * shards than cells; and the I/N a run is given. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "shard/partition.h"
#include "suites.h"

/* Cells named NAME/c with ntus[i] TUs each, stems s0, s1, ... */
struct fixture {
	struct shard_cell *cells;
	int ncells;
};

static void make_cells(struct fixture *f, const char *const *names, const int *ntus, int n)
{
	int i, j;

	f->cells = xcalloc(n + 1, sizeof(*f->cells));
	f->ncells = n;
	for (i = 0; i < n; i++) {
		f->cells[i].name = xasprintf("%s/c", names[i]);
		f->cells[i].nstems = ntus[i];
		f->cells[i].stems = xcalloc(ntus[i] + 1, sizeof(char *));
		for (j = 0; j < ntus[i]; j++)
			f->cells[i].stems[j] = xasprintf("s%d", j);
	}
}

static void free_cells(struct fixture *f)
{
	int i, j;

	for (i = 0; i < f->ncells; i++) {
		for (j = 0; j < f->cells[i].nstems; j++)
			free(f->cells[i].stems[j]);
		free(f->cells[i].stems);
		free((char *)f->cells[i].name);
	}
	free(f->cells);
}

static int **partition(const struct fixture *f, const struct costs *c, int n)
{
	int **owner;
	char *diag;

	diag_begin();
	ck_assert_int_eq(shard_partition(f->cells, f->ncells, c, n, &owner), 0);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	free(diag);
	return owner;
}

/* The owners of cell i's TUs as "1 1 2", to compare. */
static char *owners_of(const struct fixture *f, int **owner, int i)
{
	struct strbuf sb;
	int j;

	sb_init(&sb);
	sb_add(&sb, "");
	for (j = 0; j < f->cells[i].nstems; j++)
		sb_addf(&sb, "%s%d", j ? " " : "", owner[i][j]);
	return sb_detach(&sb);
}

static void expect_owners(const struct fixture *f, int **owner, int i, const char *want)
{
	char *got = owners_of(f, owner, i);

	ck_assert_msg(!strcmp(got, want), "cell %s: owners '%s', want '%s'", f->cells[i].name, got, want);
	free(got);
}

/* Every TU has one owner in 1..n; with no more shards than cells that
 * have TUs no cell is split, with more a shard holds one cell at most and
 * a cell's shards hold contiguous runs, each at least one TU. */
static void check_partition(const struct fixture *f, int **owner, int n)
{
	int *cell_of = xcalloc(n + 1, sizeof(int)), i, j, busy = 0;

	for (i = 0; i < f->ncells; i++)
		busy += f->cells[i].nstems > 0;
	for (i = 0; i < f->ncells; i++) {
		for (j = 0; j < f->cells[i].nstems; j++) {
			int s = owner[i][j];

			ck_assert_msg(s >= 1 && s <= n, "cell %d TU %d: shard %d of %d", i, j, s, n);
			if (n <= busy)
				ck_assert_msg(s == owner[i][0], "cell %d split with %d shards, %d cells", i, n, busy);
			else {
				ck_assert_msg(!cell_of[s] || cell_of[s] == i + 1, "shard %d holds cells %d and %d", s,
					      cell_of[s] - 1, i);
				cell_of[s] = i + 1;
				/* contiguous: the next shard or the same one */
				if (j)
					ck_assert_msg(s == owner[i][j - 1] || s == owner[i][j - 1] + 1,
						      "cell %d: TU %d in shard %d after shard %d", i, j, s,
						      owner[i][j - 1]);
			}
		}
	}
	free(cell_of);
}

static const char *const names[] = { "a", "b", "c", "d", "e", "f", "g" };

START_TEST(test_every_tu_once)
{
	static const int ntus[][7] = {
		{ 1 }, { 5 }, { 3, 0, 4 }, { 0, 0 }, { 2, 9, 1, 1, 0, 6, 3 }, { 40, 1 }, { 1, 1, 1, 1 },
	};
	static const int ncells[] = { 1, 1, 3, 2, 7, 2, 4 };
	struct costs c = { 0 };
	size_t k;
	int n;

	/* a costly TU and a cheap prepare here and there */
	costs_set_tu(&c, "b/c", "s3", 5000);
	costs_set_prepare(&c, "f/c", 10);
	for (k = 0; k < sizeof(ncells) / sizeof(ncells[0]); k++) {
		struct fixture f;
		int total = 0, i;

		make_cells(&f, names, ntus[k], ncells[k]);
		for (i = 0; i < ncells[k]; i++)
			total += ntus[k][i];
		for (n = 1; n <= total + 3; n++) {
			int **owner = partition(&f, &c, n), **again = partition(&f, &c, n);

			check_partition(&f, owner, n);
			/* the same input, the same owners */
			for (i = 0; i < f.ncells; i++)
				ck_assert_int_eq(memcmp(owner[i], again[i], f.cells[i].nstems * sizeof(int)), 0);
			shard_owner_free(owner, f.ncells);
			shard_owner_free(again, f.ncells);
		}
		free_cells(&f);
	}
	costs_free(&c);
}
END_TEST

/* Owners go with the cell's name, not with its place in the list. */
START_TEST(test_order_does_not_matter)
{
	static const char *const fwd[] = { "a", "b", "c" }, *const rev[] = { "c", "b", "a" };
	static const int ntus_fwd[] = { 3, 3, 3 }, ntus_rev[] = { 3, 3, 3 };
	struct costs c = { 0 };
	struct fixture f, r;
	int n, i;

	make_cells(&f, fwd, ntus_fwd, 3);
	make_cells(&r, rev, ntus_rev, 3);
	for (n = 1; n <= 8; n++) {
		int **of = partition(&f, &c, n), **or = partition(&r, &c, n);

		for (i = 0; i < 3; i++) {
			char *a = owners_of(&f, of, i), *b = owners_of(&r, or, 2 - i);

			ck_assert_msg(!strcmp(a, b), "%d shards: cell %s '%s' or '%s'", n, fwd[i], a, b);
			free(a);
			free(b);
		}
		shard_owner_free(of, 3);
		shard_owner_free(or, 3);
	}
	free_cells(&f);
	free_cells(&r);
}
END_TEST

/* One heavy cell has a shard to itself; the light ones share the other. */
START_TEST(test_heavy_cell_alone)
{
	static const int ntus[] = { 2, 2, 2, 2 };
	struct costs c = { 0 };
	struct fixture f;
	int **owner;

	make_cells(&f, names, ntus, 4);
	costs_set_prepare(&c, "c/c", 90000);
	costs_set_prepare(&c, "a/c", 1000);
	costs_set_prepare(&c, "b/c", 1000);
	costs_set_prepare(&c, "d/c", 1000);
	owner = partition(&f, &c, 2);
	expect_owners(&f, owner, 2, "1 1");
	expect_owners(&f, owner, 0, "2 2");
	expect_owners(&f, owner, 1, "2 2");
	expect_owners(&f, owner, 3, "2 2");
	shard_owner_free(owner, 4);
	/* three shards: the light ones spread over the other two, costliest
	 * first (a and b tie on cost: a first), each to the least loaded */
	costs_set_prepare(&c, "d/c", 3000);
	owner = partition(&f, &c, 3);
	expect_owners(&f, owner, 2, "1 1");
	expect_owners(&f, owner, 3, "2 2");
	expect_owners(&f, owner, 0, "3 3");
	expect_owners(&f, owner, 1, "3 3");
	shard_owner_free(owner, 4);
	free_cells(&f);
	costs_free(&c);
}
END_TEST

/* As many shards as cells: one each, none split; one more: the costliest
 * cell is split in two. */
START_TEST(test_split_only_with_more_shards)
{
	static const int ntus[] = { 4, 6, 4 };
	struct costs c = { 0 };
	struct fixture f;
	int **owner;

	make_cells(&f, names, ntus, 3);
	owner = partition(&f, &c, 3);
	expect_owners(&f, owner, 1, "1 1 1 1 1 1");
	expect_owners(&f, owner, 0, "2 2 2 2");
	expect_owners(&f, owner, 2, "3 3 3 3");
	shard_owner_free(owner, 3);
	owner = partition(&f, &c, 4);
	expect_owners(&f, owner, 1, "1 1 1 2 2 2");
	expect_owners(&f, owner, 0, "3 3 3 3");
	expect_owners(&f, owner, 2, "4 4 4 4");
	shard_owner_free(owner, 3);
	/* with many more shards, as many as each cell's cost calls for: a
	 * and c a shard per TU (each costs 500 + 200), b (no prepare) only
	 * two (600 each: more would not end the run sooner); the rest of
	 * the shards get nothing */
	costs_set_prepare(&c, "b/c", 0);
	costs_set_prepare(&c, "a/c", 500);
	costs_set_prepare(&c, "c/c", 500);
	owner = partition(&f, &c, 20);
	check_partition(&f, owner, 20);
	expect_owners(&f, owner, 0, "1 2 3 4");
	expect_owners(&f, owner, 2, "5 6 7 8");
	expect_owners(&f, owner, 1, "9 9 9 10 10 10");
	shard_owner_free(owner, 3);
	free_cells(&f);
	costs_free(&c);
}
END_TEST

/* The costs decide: a costly TU alone in its shard; a cell made costly
 * gets the extra shard. */
START_TEST(test_costs_change_assignment)
{
	static const int ntus[] = { 4, 4 };
	struct costs c = { 0 };
	struct fixture f;
	int **owner;

	make_cells(&f, names, ntus, 2);
	owner = partition(&f, &c, 3);
	/* equal costs: a, first by name, gets the extra shard */
	expect_owners(&f, owner, 0, "1 1 2 2");
	expect_owners(&f, owner, 1, "3 3 3 3");
	shard_owner_free(owner, 2);
	costs_set_tu(&c, "b/c", "s1", 3000);
	owner = partition(&f, &c, 3);
	expect_owners(&f, owner, 1, "1 1 2 2");
	expect_owners(&f, owner, 0, "3 3 3 3");
	shard_owner_free(owner, 2);
	costs_set_tu(&c, "b/c", "s0", 3000);
	owner = partition(&f, &c, 3);
	expect_owners(&f, owner, 1, "1 2 2 2");
	shard_owner_free(owner, 2);
	free_cells(&f);
	costs_free(&c);
}
END_TEST

/* Each of a cell's shards gets a TU, even where the costs would leave the
 * last ones nothing: a costly first TU, cheap ones after it. */
START_TEST(test_no_empty_part)
{
	static const int ntus[] = { 4 };
	struct costs c = { 0 };
	struct fixture f;
	int **owner;

	make_cells(&f, names, ntus, 1);
	costs_set_prepare(&c, "a/c", 0);
	costs_set_tu(&c, "a/c", "s0", 1000);
	costs_set_tu(&c, "a/c", "s1", 1);
	costs_set_tu(&c, "a/c", "s2", 1);
	costs_set_tu(&c, "a/c", "s3", 1);
	owner = partition(&f, &c, 4);
	expect_owners(&f, owner, 0, "1 2 3 4");
	shard_owner_free(owner, 1);
	free_cells(&f);
	costs_free(&c);
}
END_TEST

/* A cell without TUs owns nothing and takes no shard. */
START_TEST(test_empty_cells)
{
	static const int ntus[] = { 0, 2, 2 };
	struct costs c = { 0 };
	struct fixture f;
	int **owner;

	make_cells(&f, names, ntus, 3);
	costs_set_prepare(&c, "a/c", 900000);
	owner = partition(&f, &c, 2);
	expect_owners(&f, owner, 1, "1 1");
	expect_owners(&f, owner, 2, "2 2");
	shard_owner_free(owner, 3);
	free_cells(&f);
	f.ncells = 0;
	owner = partition(&f, &c, 3);
	shard_owner_free(owner, 0);
	costs_free(&c);
}
END_TEST

START_TEST(test_no_shards)
{
	struct fixture f;
	static const int ntus[] = { 1 };
	int **owner = (int **)1;
	char *diag;

	make_cells(&f, names, ntus, 1);
	diag_begin();
	ck_assert_int_eq(shard_partition(f.cells, 1, NULL, 0, &owner), -1);
	diag = diag_end();
	ck_assert_ptr_null(owner);
	ck_assert_str_eq(diag, "hdrtest: error: a run has at least one shard, not 0\n");
	free(diag);
	free_cells(&f);
}
END_TEST

START_TEST(test_parse)
{
	static const char *const bad[] = { "0/3", "4/3", "a/b", "1/", "/1", " 1/2", "1/2 ", "+1/2", "1/10001",
					   "", "1", "1//2", "1/2/3", "1/0", "-1/2" };
	size_t k;
	int i = 0, n = 0;
	char *diag, *want;

	ck_assert_int_eq(shard_parse("1/1", &i, &n), 0);
	ck_assert_int_eq(i, 1);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(shard_parse("3/4", &i, &n), 0);
	ck_assert_int_eq(i, 3);
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(shard_parse("10000/10000", &i, &n), 0);
	ck_assert_int_eq(shard_parse("07/010", &i, &n), 0);
	ck_assert_int_eq(i, 7);
	ck_assert_int_eq(n, 10);
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		i = n = -5;
		diag_begin();
		ck_assert_msg(shard_parse(bad[k], &i, &n) == -1, "'%s' accepted", bad[k]);
		diag = diag_end();
		want = xasprintf("hdrtest: error: shard '%s': expected I/N, shard I of N, with 1 <= I <= N <= 10000 "
				 "(e.g. 2/4)\n", bad[k]);
		ck_assert_str_eq(diag, want);
		ck_assert_int_eq(i, -5);
		ck_assert_int_eq(n, -5);
		free(want);
		free(diag);
	}
}
END_TEST

Suite *partition_suite(void)
{
	Suite *s = suite_create("partition");
	TCase *tc = tcase_create("owners");

	tcase_add_test(tc, test_every_tu_once);
	tcase_add_test(tc, test_order_does_not_matter);
	tcase_add_test(tc, test_heavy_cell_alone);
	tcase_add_test(tc, test_split_only_with_more_shards);
	tcase_add_test(tc, test_costs_change_assignment);
	tcase_add_test(tc, test_no_empty_part);
	tcase_add_test(tc, test_empty_cells);
	tcase_add_test(tc, test_no_shards);
	suite_add_tcase(s, tc);
	tc = tcase_create("parse");
	tcase_add_test(tc, test_parse);
	suite_add_tcase(s, tc);
	return s;
}
