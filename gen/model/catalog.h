/* SPDX-License-Identifier: GPL-2.0 */
/* The catalog: which header must provide which symbol under which
 * condition, plus the arches, the configs and the forbidden headers.
 * The format is documented in doc/catalog.md. */
#ifndef HDRTEST_CATALOG_H
#define HDRTEST_CATALOG_H

#include <uthash.h>

#include "model/cond.h"
#include "base/util.h"

enum sym_kind {
	SYM_FUNC,	/* a real function: called, and its address type-checked */
	SYM_MACRO,	/* a function-like macro: must be #defined, then called */
	SYM_CALL,	/* function or function-like macro, depending on config */
	SYM_CONST,	/* object-like macro with a value of a given type */
	SYM_FLAG,	/* macro that must merely be defined */
	SYM_VAR,	/* variable: its address taken, its type checked */
	SYM_TYPE,	/* complete type: sizeof() taken */
	SYM_TODO,	/* catalogued, not typed yet: review ("todo NAME KIND-WORD"); never used in a TU */
	SYM_USES,	/* "uses MACRO NAME...": names a macro's body uses, each must be declared
			 * once the header is included; several lines per macro
			 * (one per branch); not in sym_index */
};

struct header;

struct symbol {
	char *name;		/* identifier; for SYM_TYPE the type spelling */
	enum sym_kind kind;
	char *type;		/* return type (func, macro, call) or value type; todo: its kind word */
	char **args;		/* argument types; uses: the names its body uses */
	int nargs;
	struct ifexpr *cond;	/* NULL: provided under every config */
	char *cond_text;	/* canonical spelling of cond */
	/* func, call, macro: why the TU must not call it, or NULL: a call
	 * with made-up arguments trips a guard its header means
	 * (__compiletime_error, BUILD_BUG_ON() on an argument); its type is
	 * still checked */
	char *nocall;
	/* type: why the TU uses it only by pointer, or NULL: a typedef of a
	 * tag no header defines (an opaque handle: zstd_cctx) cannot be sized */
	char *opaque;
	struct loc loc;		/* of the kind word */
	struct header *header;
	UT_hash_handle hh;
};

struct header {
	char *path;		/* as in #include <...> */
	char *skip;		/* not meant to stand alone: why (a quoted #error line), or NULL */
	struct loc loc;
	struct symbol **syms;
	int nsyms;
	UT_hash_handle hh;
};

struct forbid {
	char *path;
	char *reason;
	struct loc loc;
};

struct define {
	char *name;
	struct ifexpr *cond;
	char *cond_text;
	struct loc loc;
	int depth;		/* of cond with every define in it expanded */
	long names;		/* names in that expansion */
	UT_hash_handle hh;
};

struct arch {
	char *name;		/* hdrtest's name: x86_64, arm64-llvm, ... */
	char *karch;		/* ARCH= for kbuild */
	char *kconfig;		/* CONFIG_ symbol that identifies the arch */
	char *cross;		/* CROSS_COMPILE= prefix, or NULL */
	char *llvm;		/* LLVM= value ("1", "-19"), or NULL for gcc */
	char *package;		/* Debian package with the compiler */
	char *defconfig;	/* base config target, "defconfig" unless set */
	char *unavailable;	/* why this arch cannot be built here, or NULL */
	struct loc loc;
	UT_hash_handle hh;
};

struct frag_line {
	char *name;		/* CONFIG_FOO */
	char *value;		/* y, m, n, a number or a "string" */
	struct loc loc;
};

struct config {
	char *name;
	char *base;		/* defconfig target; "defconfig" means the arch's own */
	char **arches;		/* NULL: every arch */
	struct loc *arch_locs;
	int narches;
	int arches_given;	/* an arches= field was seen */
	struct frag_line *frags;
	int nfrags;
	struct loc loc;
	UT_hash_handle hh;
};

struct catalog {
	struct header **headers;	/* in catalog order */
	int nheaders;
	struct header *header_index;
	struct symbol *sym_index;
	struct forbid *forbids;
	int nforbids;
	struct define **defines;
	int ndefines;
	struct define *define_index;
	struct arch **arches;
	int narches;
	struct arch *arch_index;
	struct config **configs;
	int nconfigs;
	struct config *config_index;
	char **files;		/* the files read, for messages */
	int nfiles;
};

const char *sym_kind_name(enum sym_kind kind);

/* Where the 'nocall "WHY"' or 'opaque "WHY"' field (or a bare word) that
 * ends the symbol line's text [p, end) starts, or NULL: the end of a line
 * is "... SIGNATURE [nocall "WHY"]" or "type NAME [opaque "WHY"]" before
 * any "if CONDITION".  p is just after the kind word; the first word
 * after it is the symbol's name, never the field ('type opaque'). */
const char *catalog_nocall_field(const char *p, const char *end);

/* Read the given catalog files (in order) into one catalog.  On bad input
 * every error is reported as file:line:col and NULL is returned. */
struct catalog *catalog_read(char **paths, int npaths);
void catalog_free(struct catalog *cat);

struct header *catalog_header(const struct catalog *cat, const char *path);
/* The line h's entry ends on, in h->loc.file (every symbol line of an
 * entry is in the file of its header line): its last symbol line, or
 * its header line when it has none. */
int catalog_entry_end(const struct header *h);
struct symbol *catalog_symbol(const struct catalog *cat, const char *name);
struct arch *catalog_arch(const struct catalog *cat, const char *name);
struct config *catalog_config(const struct catalog *cat, const char *name);
int config_applies_to(const struct config *cfg, const char *arch);

/* Evaluate a symbol's or define's condition; value_of answers CONFIG_
 * names (define names are resolved through the catalog). */
int catalog_cond_holds(const struct catalog *cat, const struct ifexpr *c, cond_value_fn config_value,
		       void *ctx);
/* Visit each CONFIG_ name a condition depends on, through defines too. */
void catalog_cond_configs(const struct catalog *cat, const struct ifexpr *c, cond_visit_fn visit,
			  void *ctx);

#endif
