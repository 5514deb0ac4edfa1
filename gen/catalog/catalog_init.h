/* SPDX-License-Identifier: GPL-2.0 */
/* catalog-init: a catalog for any set of headers, from the scan index.
 *
 * One "header" block per header, in path order, with a line for every
 * name the header defines (in line order), rendered as catalog-update
 * renders a new symbol: func/call/var/flag/type with "if COND" where the
 * #if chain reads as a catalog condition, "todo" where it does not or
 * where the types cannot be inferred.  A name defined by two of the
 * headers is catalogued under the first only.  No forbid or define lines
 * are written.
 *
 * A macro whose #if reads as a condition is a flag line with uses lines
 * for its bodies (catalog/macro_uses.h).  What #include <PATH> does not
 * provide is todo, never a line that would fail falsely: a name only in
 * the uapi half the kernel half does not include, a macro the header or
 * one it includes #undefs.
 *
 * A header not meant to stand alone (see standalone_guard) is written
 * as 'header PATH skip "REASON"' without symbols. */
#ifndef HDRTEST_CATALOG_INIT_H
#define HDRTEST_CATALOG_INIT_H

#include "scan/scan.h"

/* Why the header text at path cannot be included on its own: an #error
 * whose innermost enclosing #if branch is decided by defined() tests
 * only (#ifndef X, "#if !defined(X) && !defined(Y)", #ifdef X, their
 * #else; not CONFIG_ names: a config test is no guard) and
 * whose message says so
 * ("include ... directly", "do not include", "... instead", "... before
 * inclusion").  Returns "PATH:LINE: #error ..." with the line trimmed and
 * its double quotes, backslashes, $ and ` made catalog-safe ('"' becomes
 * '\''), or NULL.  The caller frees.  The include guard (#ifndef X right
 * before #define X) is no such branch: it holds whoever includes it. */
char *standalone_guard(const char *text, const char *path);

/* What keeps the #error of a header from firing where it is meant to be
 * included (the judge asks it of an #error that stopped a TU). */
enum error_guard_kind {
	EG_NONE,	/* no #error on that line, or one under no such test: a failure */
	EG_INCLUSION,	/* a test of how it is included, as standalone_guard takes it */
	/* its innermost #if branch, and each one of that chain before it,
	 * tests only whether macros the compiler predefines for its target
	 * are defined (#if defined(__hppa__) ... #elif defined(__mc68000__)
	 * ... #else #error): the header is not for this arch */
	EG_ARCH,
};

struct error_guard {
	char *quote;	/* "PATH:LINE: #error ...", quoted as standalone_guard does */
	char *macros;	/* EG_ARCH: the target macros tested, "__hppa__, __mc68000__" */
};

/* The kind of the #error on line `line` of the header text at path, with
 * *g filled in unless EG_NONE (then both are NULL). */
enum error_guard_kind error_guard_at(const char *text, const char *path, int line, struct error_guard *g);
void error_guard_free(struct error_guard *g);

/* The paths (relative to tree) of the headers under tree/include/ (not
 * include/uapi/) whose path under include/ matches one of patterns
 * (fnmatch with FNM_PATHNAME: a star matches no slash, so a pattern
 * that matches linux/mm.h does not match linux/mm/types.h), sorted; returns how many. */
int catalog_init_paths(const char *tree, char **patterns, int npatterns, char ***out);

/* The catalog text for the files relpaths[0..n) of ix (in that order);
 * tree is where their text is read for standalone_guard.  Deterministic:
 * the same tree and paths give the same bytes.  The caller frees. */
char *catalog_init_render(const struct scan_index *ix, const char *tree, char **relpaths, int n,
			  char **patterns, int npatterns);

#endif
