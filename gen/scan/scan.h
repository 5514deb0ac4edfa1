/* SPDX-License-Identifier: GPL-2.0 */
/* An index of what the headers of a kernel tree define: for every header
 * under include/ and arch/<arch>/include/, its functions, macros,
 * variables, typedefs and struct/union/enum tags, each with its line and
 * the chain of #if conditions around it, and the header's #include lines.
 *
 * This reads headers, it does not preprocess them: every branch of every
 * #if is indexed (#if 0 too), each definition with its condition.  What
 * is not indexed: enumerators, struct members, definitions made by macro
 * invocations (PAGEFLAG(...)), except the variable-declaring
 * DECLARE_STATIC_KEY_FALSE/TRUE(name) and DECLARE_PER_CPU*(type, name),
 * code under "#ifdef __ASSEMBLY__", and the include guard (an "#ifndef X"
 * and "#define X" that start the file and whose "#endif" ends it), which
 * is recorded as the file's guard instead. */
#ifndef HDRTEST_SCAN_H
#define HDRTEST_SCAN_H

#include <stdio.h>

#include <uthash.h>

#include "cpp/ifexpr.h"

enum scan_kind {
	SCAN_FUNC,		/* function definition (static inline ...) */
	SCAN_PROTO,		/* function declaration (prototype, extern) */
	SCAN_MACRO,		/* function-like macro */
	SCAN_DEFINE,		/* object-like macro */
	SCAN_VAR,		/* variable declaration or definition */
	SCAN_TYPEDEF,
	SCAN_STRUCT,		/* tag definitions, named "struct NAME" etc. */
	SCAN_UNION,
	SCAN_ENUM,
	SCAN_STRUCT_FWD,	/* forward declarations "struct NAME;" */
	SCAN_UNION_FWD,
	SCAN_ENUM_FWD,
};

/* One branch of one #if group: a level of a condition chain. */
struct scan_cond {
	const struct scan_cond *parent;	/* the enclosing level, NULL at file level */
	const char *text;	/* when this branch is taken: "defined(CONFIG_X)",
				 * "!defined(A) && B" for "#elif B" after "#ifdef A" */
	int group;		/* index into the file's groups */
	int branch;		/* 0 for the #if, then each #elif/#else in order */
	int line;		/* of the directive */
	int is_asm;		/* under "#ifdef __ASSEMBLY__" (no C parsed there) */
	const char *chain;	/* every level from the outermost, joined by " && " */
};

/* One #if ... #endif. */
struct scan_group {
	int line;		/* of its #if */
	int nbranches;
	int has_else;
	const int *ends;	/* the line each branch's directive (#if, #elif...,
				 * #else) ends on: it continues over backslash-
				 * newlines and comments */
	int endif_line;		/* 0 if it has no #endif */
};

struct scan_file;

struct scan_def {
	const char *name;	/* identifier; "struct page" for tags */
	enum scan_kind kind;
	const struct scan_file *file;
	int line;
	const struct scan_cond *cond;	/* innermost level, NULL if unconditional */
	/* SCAN_FUNC, SCAN_PROTO: the return type; SCAN_VAR, SCAN_TYPEDEF: the
	 * type.  In hdrtest's canonical spelling (see parse_type), NULL if the
	 * declaration's type is not one hdrtest can spell. */
	const char *type;
	/* SCAN_FUNC, SCAN_PROTO: parameter types ("..." for varargs);
	 * SCAN_MACRO: parameter names. */
	const char **args;
	int nargs;
	int sig_ok;		/* SCAN_FUNC, SCAN_PROTO: type and every arg are canonical */
	/* SCAN_FUNC, SCAN_PROTO: the annotation that makes every call of it
	 * a diagnostic, as written ("__compiletime_error",
	 * "__compiletime_warning", "__deprecated", "__attribute__((error))",
	 * ...), or NULL. */
	const char *call_attr;
	/* SCAN_FUNC: the names its body calls ("NAME ("), functions and
	 * macros alike, each once, in order; no C keyword. */
	const char **calls;
	int ncalls;
	/* SCAN_FUNC: the parameter its body hands an inline asm as an
	 * operand whose constraint takes an immediate only ("i", "n"): a
	 * constant only where the function is inlined with one
	 * (arch_static_branch()'s key); NULL if none. */
	const char *asm_imm;
	const char *value;	/* SCAN_DEFINE: the replacement text, "" if empty */
	int undef_line;		/* macros: a later #undef in the same file, or 0 */
	const struct scan_def *next;	/* next definition of the same name */
};

struct scan_include {
	const char *name;	/* "linux/mm.h" */
	int line;
	int system;		/* <...> rather than "..." */
	const struct scan_cond *cond;
};

struct scan_file {
	const char *path;		/* relative to the tree: "include/linux/mm.h" */
	const char *include_name;	/* "linux/mm.h", NULL outside include dirs */
	const char *guard;		/* the include guard macro, or NULL */
	const struct scan_def **defs;	/* in line order */
	int ndefs;
	struct scan_include *includes;
	int nincludes;
	struct scan_group *groups;
	int ngroups;
	/* the line of its first C token outside directives (and outside
	 * __ASSEMBLY__ code), 0 if it has none */
	int code_line;
	int unreadable;
	UT_hash_handle hh;
};

struct scan_index;

#define SCAN_MAX_DEPTH 200

struct scan_stats {
	int files;
	int defs;
	int includes;
	int unreadable;
};

/* Index include/ and arch/ * /include/ of a tree; NULL (after an error
 * message) if tree has no include/ dir. */
struct scan_index *scan_tree(const char *tree);
/* Index the given files (paths relative to tree); a file that cannot be
 * read is reported and counted in the stats, but is no error.  Neither is
 * a file that is no C header: one with a NUL byte, or with #if or
 * brackets nested deeper than SCAN_MAX_DEPTH levels (the scanner's
 * memory and recursion grow with the depth).  It is reported as
 * "file:line:col: error: ...", not indexed, and counted as unreadable,
 * so that "hdrtest scan" exits 2: never indexed half-way. */
struct scan_index *scan_paths(const char *tree, char **relpaths, int n);
void scan_free(struct scan_index *ix);
/* Append every *.h under tree/rel (a path relative to tree, searched
 * recursively, symlinks not followed) to *out as a path relative to tree. */
void scan_list_headers(const char *tree, const char *rel, char ***out, int *n);

/* Every definition of name, in (path, line) order through ->next. */
const struct scan_def *scan_lookup(const struct scan_index *ix, const char *name);
/* Whether some definition of name is a function or function-like macro:
 * what a message writes as "name()". */
int scan_is_callable(const struct scan_index *ix, const char *name);
const struct scan_file *scan_file(const struct scan_index *ix, const char *relpath);
/* The files whose include name is incname, in path order; returns how
 * many (0: no such header). */
int scan_files_named(const struct scan_index *ix, const char *incname, const struct scan_file *const **files);
/* The files with an #include of incname (as written: "uapi/linux/types.h"
 * is not "linux/types.h"), in path order, each once; returns how many. */
int scan_includers(const struct scan_index *ix, const char *incname, const struct scan_file *const **files);
/* An x-macro list: line, a line of f at file scope, starts by invoking
 * a macro NAME( that f does not define, and that another header of the
 * tree defines and #undefs again (BPF_PROG_TYPE() of linux/bpf_types.h,
 * which linux/bpf.h defines around its #include): f is a list its
 * includer expands, no header to include alone.  Not when a header f
 * includes (directly or not) keeps NAME defined: f gets it from there
 * (TRACE_EVENT() of linux/tracepoint.h).  The includer's definition (of
 * a header that includes f, where one does), with *name set to NAME
 * (the caller frees); else NULL with *name NULL. */
const struct scan_def *scan_x_macro(const struct scan_index *ix, const struct scan_file *f, const char *line,
				    char **name);
/* A template: a header written against a macro its includer sets around
 * its #include.  An #include of f names its file by a macro f does not
 * define (genl_magic_func.h: #include GENL_MAGIC_INCLUDE_FILE); or f uses
 * a macro, #undefs it and never defines it (btree-type.h and
 * BTREE_TYPE_SUFFIX, which linux/btree.h sets before each #include); or
 * f uses a macro that only the headers including it define, each before
 * its #include (cgroup_refcnt.h's CGROUP_REF_FN_ATTRS, which cgroup.h
 * sets).  In all three, no header f includes keeps the macro defined.  f's text is
 * text.  Returns 1 with *t filled (t->macro for the caller to free), else
 * 0. */
struct scan_template {
	char *macro;
	int line;				/* of the #include, the #undef, the use */
	enum { TEMPLATE_INCLUDE, TEMPLATE_UNDEF, TEMPLATE_SET } how;
	const struct scan_def *includer;	/* its definition in a header that
						 * includes f; NULL if none does */
};
int scan_template(const struct scan_index *ix, const struct scan_file *f, const char *text,
		  struct scan_template *t);
/* All files, in path order. */
int scan_files(const struct scan_index *ix, const struct scan_file *const **files);
void scan_get_stats(const struct scan_index *ix, struct scan_stats *st);

/* "include/linux/mm.h" -> "linux/mm.h", "arch/x86/include/asm/page.h" ->
 * "asm/page.h", "include/uapi/linux/fs.h" -> "linux/fs.h",
 * "arch/x86/include/uapi/asm/bootparam.h" -> "asm/bootparam.h"; NULL for
 * a path outside those dirs.  The caller frees. */
char *scan_include_name(const char *relpath);

const char *scan_kind_name(enum scan_kind kind);
/* The tree of c's text, an #if expression; NULL with *err set if it is
 * none.  Its columns count in that text, not in the file's line. */
struct ifexpr *scan_cond_ast(const struct scan_file *f, const struct scan_cond *c, struct ifx_error *err);
/* The condition chain, outermost first, joined by " && "; "" if none.
 * The caller frees. */
char *scan_cond_chain(const struct scan_cond *c);
/* What the TSV shows in its last column: "RET (ARG, ...)" for functions
 * ("RET (void)" without arguments), "(a, b)" for function-like macros,
 * the replacement text of object-like macros, the type of variables and
 * typedefs, "" otherwise.  The caller frees. */
char *scan_def_signature(const struct scan_def *d);
/* "RET (ARG, ...)" from a return type and argument types. */
char *scan_format_signature(const char *ret, const char *const *args, int nargs);

/* Where a function's declaration spells its parts: byte offsets into the
 * text scan_function_spans() read. */
struct scan_param_span {
	int start, end;		/* the parameter, its annotations inside */
	int name, name_end;	/* its name, -1 when it has none */
};
struct scan_spans {
	int ret, ret_end;	/* the return type, without storage class or annotations */
	int open, close;	/* the parameter list's '(' and ')' */
	struct scan_param_span *params;	/* none for "(void)" */
	int nparams;
};
/* The spans of the function name declared or defined in text with its
 * name on line (a scan_def's line): 0, or -1 when no declaration of name
 * is there that the scanner reads as one.  Free with scan_spans_free(). */
int scan_function_spans(const char *text, int line, const char *name, struct scan_spans *sp);
void scan_spans_free(struct scan_spans *sp);

/* One line per definition, sorted by name, then path and line:
 * name TAB kind TAB file:line TAB conditions TAB signature.  The caller
 * frees. */
char *scan_tsv(const struct scan_index *ix);

#endif
