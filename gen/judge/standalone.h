/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Headers that cannot stand alone on a cell, or at all, told from the TU
 * that failed: its first diagnostic is a skip, not a failure, when it is
 *
 *  - "fatal error: NAME: No such file or directory" (clang: "'NAME' file
 *    not found") in a header the TU's
 *    #include of its header reached (not in the TU's own text, not in a
 *    file of kbuild's -include), where NAME is on no dir of the cell's
 *    include path (OUT/CELL/include-path) but is another arch's file:
 *    arch/K/include/NAME, arch/K/include/uapi/NAME,
 *    arch/K/include/mach-X/NAME or arch/K/mach-X/include/NAME of the
 *    tree, for no K this cell's include path searches.  Reason: "not for
 *    x86_64: needs asm/zorro.h, which only m68k has
 *    (include/linux/zorro.h:22)";
 *
 *  - an #error (the error at its line) in the header's own text in the
 *    tree (its file, or its
 *    uapi half: the same name under include/uapi/ or an arch's include
 *    dirs; never the OVERLAY's copy, kbuild's files or the TU) that
 *    error_guard_at() says is guarded: by how it is included ("not meant
 *    to be included alone: include/uapi/linux/patchkey.h:15: #error
 *    'patchkey.h included directly'", as the catalog's skips read), or by
 *    the arch ("not for x86_64: include/linux/hp_sdc.h:293: #error ...
 *    (its branch tests only the arch macros __hppa__, __mc68000__)").
 *
 * Anything else stays a failure: an #error under no #if or under the
 * include guard alone, the TU's own config check, a file no arch has, a
 * missing file a warning or an error came before.
 */
#ifndef HDRTEST_STANDALONE_H
#define HDRTEST_STANDALONE_H

#include "judge/cell.h"

/* The skip reason of t, a TU of c that failed, or NULL: it fails. */
char *standalone_skip(const struct cell_result *c, const struct tu_result *t);

#endif
