/* SPDX-License-Identifier: GPL-2.0 */
/* Drift: where the catalog and a tree's headers disagree.  Every
 * catalogued symbol must be defined in its catalogued header (in any of
 * the files with that include name: include/X, include/uapi/X,
 * arch/<arch>/include/X, ...), as a definition of a fitting kind and, for
 * functions, with the catalogued types; and every symbol a catalogued
 * header defines must be catalogued, unless its block lists no symbol at
 * all: such a header is catalogued only to be compiled (self-containment,
 * forbidden includes), its symbols are not tracked. */
#ifndef HDRTEST_DRIFT_H
#define HDRTEST_DRIFT_H

#include "model/catalog.h"
#include "scan/scan.h"

enum drift_kind {
	DRIFT_HEADER_GONE,	/* the header is in no include dir of the tree */
	DRIFT_MOVED,		/* defined, but not in its header: def is the new home */
	DRIFT_GONE,		/* defined in no header */
	DRIFT_SIGNATURE,	/* a function whose types differ: def is the tree's */
	DRIFT_KIND,		/* in its header, but not as the catalogued kind */
	DRIFT_NEW,		/* the header defines it, the catalog does not list it */
	DRIFT_TODO,		/* no drift: a note that a todo symbol needs review */
};

struct drift {
	enum drift_kind kind;
	struct loc loc;			/* the catalog line, or the header line for DRIFT_NEW */
	char *text;			/* the whole message line, without '\n' */
	const struct header *header;	/* the catalogued header concerned */
	const struct symbol *sym;	/* NULL for DRIFT_NEW and DRIFT_HEADER_GONE */
	const struct scan_def *def;	/* see enum drift_kind */
	char *to;			/* DRIFT_MOVED: the include name of the new home */
};

struct drift_report {
	struct drift *items;	/* catalog order, then DRIFT_NEW by file and line */
	int n;
	int ndrift;		/* items that are drift (not DRIFT_TODO) */
	int nsyms;		/* catalogued symbols */
	int nmatch;		/* of them, those that match the tree */
	int nheaders;
};

struct drift_report *drift_check(const struct catalog *cat, const struct scan_index *ix);
void drift_report_free(struct drift_report *r);

/* What `hdrtest report --drift` reads: one line per drift item (not the
 * todo notes), "HEADER<TAB>MESSAGE", HEADER the catalogued header the item
 * concerns (for a new symbol, the header that defines it).  The caller
 * frees. */
char *drift_tsv(const struct drift_report *r);

/* The name a catalogued symbol has in the scan index: its name; for a
 * type "NAME" or "struct NAME" (a type spelled otherwise is not looked
 * up: NULL); for "todo NAME struct" (union, enum) "struct NAME".  The
 * caller frees. */
char *drift_symbol_key(const struct symbol *s);

/* Whether a definition of this kind provides a symbol of the catalogued
 * kind: a func is a function (or an object-like macro naming one), a
 * macro a macro, a type a typedef or a tag's definition, ... */
int drift_kind_fits(enum sym_kind catalogued, enum scan_kind tree);

/* "a function", "a function-like macro", ...: for messages. */
const char *drift_kind_phrase(enum scan_kind kind);

/* Whether a definition counts as defining its name: not a forward
 * declaration, not a macro that the same file #undefs later. */
int drift_def_counts(const struct scan_def *d);

#endif
