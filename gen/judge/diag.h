/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compiler's output as gcc and clang print it (compile.sh runs them
 * with LC_ALL=C): diagnostic lines "FILE:LINE:COL: KIND: MESSAGE" (gcc
 * leaves COL out of a few), each after the chain of includes that
 * reached FILE ("In file included from A:1," then gcc's "
 * from B:2:" lines; clang's one "In file included from" line each,
 * outermost first), notes after them, and -H's include tree (includes.h).
 * The judge, the explanations and the skips all read it here.
 */
#ifndef HDRTEST_DIAG_H
#define HDRTEST_DIAG_H

/* Whether a compiler's output line is a diagnostic: an error or a
 * warning, not a note nor a line of -H's include tree. */
int is_diagnostic_line(const char *line);

/* Paths in a diagnostic, shortened: the cell dir first (it may lie inside
 * the source tree) to display, then the source tree to nothing. */
char *shorten_paths(const char *line, const char *srctree, const char *celldir, const char *display);

/* The first error or warning line in a compiler log, with the source tree
 * and cell dir prefixes taken off paths; NULL if there is none. */
char *first_diagnostic(const char *log, const char *srctree, const char *celldir, const char *display);

/* One line "FILE:LINE:COL: KIND: MESSAGE", split. */
struct diag_parts {
	char *file;		/* as printed (no ": " in it) */
	int line;
	int col;		/* 0: none printed */
	const char *kind;	/* into the line: "error: MESSAGE", "note: ..." */
	const char *msg;	/* into the line: MESSAGE */
};

/* 1 with *d filled (d->file the caller's to free), or 0 when line is not
 * a diagnostic or a note of that shape. */
int diag_split(const char *line, struct diag_parts *d);

/* The first diagnostic of a log, an error, and the chain of includes it
 * is in. */
struct first_error {
	char *file;	/* as the compiler printed it */
	int line;
	int fatal;	/* "fatal error:", else "error:" */
	char *msg;	/* after "error: " */
	char **from;	/* "In file included from": the includers, as printed */
	int nfrom;
};

/* 0 with *e filled, or -1 when log has no diagnostic or its first is a
 * warning (*e then holds nothing to free). */
int first_error_read(const char *log, struct first_error *e);
void first_error_free(struct first_error *e);

#endif
