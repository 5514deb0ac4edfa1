/* SPDX-License-Identifier: GPL-2.0 */
/* What the catalog may contain.  Everything that reaches m4 or a generated
 * C file passes through here first, so no input can inject a macro, a
 * statement or a quote into the output. */
#ifndef HDRTEST_VALIDATE_H
#define HDRTEST_VALIDATE_H

#include <stddef.h>

#include "base/util.h"

int is_identifier(const char *s);
int is_c_keyword(const char *name);
/* A file path hdrtest may write into generated files and m4 input:
 * letters, digits and _ . + - / only. */
int is_plain_path(const char *s);

/* Report and return -1 unless s is a C identifier. */
int check_identifier(const char *s, const struct loc *loc, const char *what);
/* Report and return -1 unless s is a relative "dir/name.h" path without
 * "." or ".." components. */
int check_header_path(const char *s, const struct loc *loc);

/* Parse text[0..len) as a C type name; loc points at text[0].  Returns
 * the type in a canonical spelling ("struct page *"), or NULL after an
 * error naming the offending column. */
char *parse_type(const char *text, size_t len, const struct loc *loc);

/* Parse "RET (ARG, ARG)"; ret and args receive canonical spellings.
 * "(void)" means no arguments.  Returns 0, or -1 after an error. */
int parse_signature(const char *text, size_t len, const struct loc *loc, char **ret, char ***args,
		    int *nargs);

/* A type is "simple" if "T name" declares name with type T (no
 * parentheses or brackets); other types are written as typeof(T). */
int type_is_simple(const char *type);

/* Character classes of the words in the catalog's arch and config lines
 * (first: the word's first character); each word goes into make
 * variables, shell commands or m4 input, so none may hold a character
 * that means something there. */
typedef int (*char_class_fn)(int c, int first);
int ident_chars(int c, int first);	/* C identifier */
int cell_name_chars(int c, int first);	/* arch and config names */
int karch_chars(int c, int first);	/* kbuild's ARCH= */
int kconfig_chars(int c, int first);	/* CONFIG_ symbols, after CONFIG_ */
int toolchain_chars(int c, int first);	/* CROSS_COMPILE= prefix, not starting with '-' */
int llvm_chars(int c, int first);	/* LLVM=1 or LLVM=-19 */
int package_chars(int c, int first);	/* Debian package name */
int target_chars(int c, int first);	/* defconfig make target, not starting with '-' */
int text_chars(int c, int first);	/* free text: printable ASCII, no quotes, \ $ ` # */

/* Report and return -1 unless every character of s is in the class ok;
 * the error points at the offending character: "expected WHAT, found 'C'
 * in 'S'". */
int check_chars(const char *s, const struct loc *loc, const char *what, char_class_fn ok);

/* The names m4 treats as macros while rendering a template (its builtins
 * under -P, and the templates' own macros, data and loop variables) all
 * begin with m4_, a prefix no catalog value may use: m4 would expand such
 * a name wherever a template rescans the value.  m4 reads a name as
 * [A-Za-z_][A-Za-z0-9_]* and anything else one byte at a time, so
 * "1m4_dnl" holds the name m4_dnl and "xm4_dnl" holds none.
 * m4_reserved_name returns the first such name in s (*len: its length),
 * or NULL; check_m4_names reports it at its column and returns -1. */
#define M4_RESERVED_PREFIX "m4_"
const char *m4_reserved_name(const char *s, int *len);
int check_m4_names(const char *s, const struct loc *loc);

#endif
