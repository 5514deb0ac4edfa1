/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers: allocation that cannot fail silently, a growable string,
 * and errors in the file:line:col form compilers use. */
#ifndef HDRTEST_UTIL_H
#define HDRTEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Where a piece of input came from, for error messages. */
struct loc {
	const char *file;
	int line;
	int col;
};

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *arr (of *n elements of size sz) by one and return the new slot. */
void *push(void *arr_ptr, int *n, size_t sz);

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};
void sb_init(struct strbuf *sb);
void sb_add(struct strbuf *sb, const char *s);
void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_addc(struct strbuf *sb, char c);
void sb_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_release(struct strbuf *sb);
/* Hand the buffer over to the caller; sb is reset. */
char *sb_detach(struct strbuf *sb);

/* Text from outside (a compiler's log, kbuild's error) made safe to print:
 * each control character but a newline and a tab is written in caret
 * notation, as cat -v does (ESC as ^[, DEL as ^?), so that no escape
 * sequence reaches a terminal or a report.  Returns a new string. */
char *printable_text(const char *s);
/* The same for text that must stay one line (a patch's subject or file
 * name, a git identity): a newline and a tab in caret notation too. */
char *printable_line(const char *s);

/* The length (1 to 4) of the UTF-8 sequence s starts with, its code point
 * in *cp when cp is not NULL; 0 when s starts none: a byte no sequence
 * starts with, a sequence cut short (by the string's end too), an
 * overlong form, a surrogate or a code point past U+10FFFF.  A byte
 * below 0x80, NUL included, is a sequence of 1.  A writer of JSON or XML
 * puts U+FFFD for a byte that starts none, as a strict reader wants. */
int utf8_len(const char *s, unsigned int *cp);

/* The NUL byte check of read_text_file() on text[0..len) from file: 0,
 * or -1 after the error "file:line:col: NUL byte in a text file (expected
 * WHAT)". */
int check_no_nul(const char *file, const char *text, size_t len, const char *expected);
void nul_error(const struct loc *loc, const char *expected);
/* loc's line and column (from 1) of p in text; loc->file is untouched. */
void text_loc(struct loc *loc, const char *text, const char *p);

/* Print "file:line:col: error: ..." to stderr.  Errors are counted so a
 * caller can report every problem in its input before giving up. */
int error_at(const struct loc *loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void note_at(const struct loc *loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int error_count(void);
void reset_error_count(void);

/* "hdrtest: error: ..." for problems that have no input position.  Both
 * error() and error_at() return -1, so a caller writes return error(...). */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Errors go to this stream (stderr by default); the unit tests capture it. */
extern FILE *diag_stream;

int starts_with(const char *s, const char *prefix);
/* Whether w is a whole word of the space-separated list words ("arm/defconfig"
 * is not in "arm64-llvm/defconfig").  w is not empty. */
int word_listed(const char *words, const char *w);
/* Whether s is one of list[0..n). */
int str_listed(char *const *list, int n, const char *s);
/* items[0..n) into sb, each after a blank: at most few of them, then
 * " ... and N more" (a list that grows with the tree stays a line a
 * maintainer reads; the whole list goes to a file). */
void sb_add_few(struct strbuf *sb, char *const *items, int n, int few);
/* qsort() comparator of an array of strings (char *). */
int cmp_strings(const void *a, const void *b);
/* Free strs[0..n) and strs. */
void free_strings(char **strs, int n);
int ends_with(const char *s, const char *suffix);
/* s with every from made to (a new string); s itself when from is "". */
char *str_replace_all(const char *s, const char *from, const char *to);

/* " (is the disk full?)" after an error whose errno says the disk (or a
 * quota) is full, else "": a missing file is no full disk. */
const char *disk_hint(int err);

/* A monotonic clock in seconds, for "took N s" lines. */
double seconds_now(void);

#endif
