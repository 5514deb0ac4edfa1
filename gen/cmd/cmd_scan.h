/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands that read a kernel tree's headers: scan (the index as
 * TSV), catalog-check (the catalog against the tree) and catalog-update
 * (the catalog rewritten to match the tree).  Each takes main()'s argc
 * and argv from the subcommand's name on and returns the exit status. */
#ifndef HDRTEST_CMD_SCAN_H
#define HDRTEST_CMD_SCAN_H

#define CMD_SCAN_USAGE                                                                  \
	"       hdrtest scan --tree KDIR [--tsv FILE] [PATH...]\n"                      \
	"       hdrtest catalog-check --tree KDIR [--drift-out FILE] CATALOG...\n"      \
	"       hdrtest catalog-update --tree KDIR CATALOG...\n"

int cmd_scan(int argc, char **argv);
int cmd_catalog_check(int argc, char **argv);
int cmd_catalog_update(int argc, char **argv);

#endif
