// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest's unit tests.  Run from the repository root: the generator tests
 * find tests/fixtures and templates relative to the current directory.
 */
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "suites.h"

int main(void)
{
	SRunner *sr;
	int failed;

	helpers_init();
	sr = srunner_create(ifexpr_suite());
	srunner_add_suite(sr, cond_suite());
	srunner_add_suite(sr, validate_suite());
	srunner_add_suite(sr, catalog_suite());
	srunner_add_suite(sr, kconfig_suite());
	srunner_add_suite(sr, kbuild_cmd_suite());
	srunner_add_suite(sr, results_suite());
	srunner_add_suite(sr, standalone_suite());
	srunner_add_suite(sr, generate_suite());
	srunner_add_suite(sr, report_suite());
	srunner_add_suite(sr, scan_suite());
	srunner_add_suite(sr, drift_suite());
	srunner_add_suite(sr, catalog_init_suite());
	srunner_add_suite(sr, uptodate_suite());
	srunner_add_suite(sr, catalog_update_suite());
	srunner_add_suite(sr, includes_suite());
	srunner_add_suite(sr, explain_suite());
	srunner_add_suite(sr, fix_suite());
	srunner_add_suite(sr, tokens_suite());
	srunner_add_suite(sr, ppcache_suite());
	srunner_add_suite(sr, split_destination_suite());
	srunner_add_suite(sr, build_cost_suite());
	srunner_add_suite(sr, fix_proof_suite());
	srunner_add_suite(sr, fix_patch_suite());
	srunner_add_suite(sr, fix_chains_suite());
	srunner_add_suite(sr, fix_classes_suite());
	srunner_add_suite(sr, fix_kinds_suite());
	srunner_add_suite(sr, fix_consumers_suite());
	srunner_add_suite(sr, move_suite());
	srunner_add_suite(sr, move_all_suite());
	srunner_add_suite(sr, robust_suite());
	srunner_add_suite(sr, writes_suite());
	srunner_add_suite(sr, directives_suite());
	srunner_add_suite(sr, junit_suite());
	srunner_add_suite(sr, html_suite());
	srunner_add_suite(sr, ci_files_suite());
	srunner_add_suite(sr, run_suite());
	srunner_add_suite(sr, slimness_suite());
	srunner_add_suite(sr, probe_suite());
	srunner_add_suite(sr, lines_suite());
	srunner_add_suite(sr, commands_suite());
	srunner_add_suite(sr, plan_suite());
	srunner_add_suite(sr, baseline_suite());
	srunner_add_suite(sr, large_run_suite());
	srunner_add_suite(sr, costs_suite());
	srunner_add_suite(sr, partition_suite());
	srunner_add_suite(sr, shard_file_suite());
	srunner_add_suite(sr, judge_suite());
	srunner_add_suite(sr, merge_suite());
	srunner_add_suite(sr, jobserver_suite());
	srunner_add_suite(sr, pool_suite());
	srunner_add_suite(sr, series_suite());
	srunner_add_suite(sr, series_tree_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	helpers_cleanup();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
