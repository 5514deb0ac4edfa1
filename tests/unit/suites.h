/* SPDX-License-Identifier: GPL-2.0 */
/* One Check suite per test file; tests/unit/main.c runs them all. */
#ifndef HDRTEST_UNIT_SUITES_H
#define HDRTEST_UNIT_SUITES_H

#include <check.h>

Suite *cond_suite(void);
Suite *ifexpr_suite(void);
Suite *validate_suite(void);
Suite *catalog_suite(void);
Suite *kconfig_suite(void);
Suite *kbuild_cmd_suite(void);
Suite *results_suite(void);
Suite *standalone_suite(void);
Suite *generate_suite(void);
Suite *report_suite(void);
Suite *scan_suite(void);
Suite *drift_suite(void);
Suite *catalog_update_suite(void);
Suite *includes_suite(void);
Suite *explain_suite(void);
Suite *robust_suite(void);
Suite *writes_suite(void);
Suite *directives_suite(void);
Suite *junit_suite(void);
Suite *html_suite(void);
Suite *ci_files_suite(void);
Suite *run_suite(void);
Suite *slimness_suite(void);
Suite *tokens_suite(void);
Suite *ppcache_suite(void);
Suite *split_destination_suite(void);
Suite *build_cost_suite(void);
Suite *probe_suite(void);
Suite *lines_suite(void);
Suite *commands_suite(void);
Suite *plan_suite(void);
Suite *baseline_suite(void);
Suite *large_run_suite(void);
Suite *costs_suite(void);
Suite *partition_suite(void);
Suite *shard_file_suite(void);
Suite *judge_suite(void);
Suite *merge_suite(void);
Suite *fix_suite(void);
Suite *fix_proof_suite(void);
Suite *fix_patch_suite(void);
Suite *fix_chains_suite(void);
Suite *fix_classes_suite(void);
Suite *fix_kinds_suite(void);
Suite *fix_consumers_suite(void);
Suite *catalog_init_suite(void);
Suite *uptodate_suite(void);
Suite *jobserver_suite(void);
Suite *pool_suite(void);
Suite *series_suite(void);
Suite *series_tree_suite(void);
Suite *move_suite(void);
Suite *move_all_suite(void);

#endif
