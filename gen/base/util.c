// SPDX-License-Identifier: GPL-2.0
#include "base/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

FILE *diag_stream;
static int nerrors;

static FILE *diag(void)
{
	return diag_stream ? diag_stream : stderr;
}

void die(const char *fmt, ...)
{
	va_list ap;

	fputs("hdrtest: error: ", diag());
	va_start(ap, fmt);
	vfprintf(diag(), fmt, ap);
	va_end(ap);
	fputc('\n', diag());
	exit(2);
}

/* head and the message of fmt, as one line of diag(), its control
 * characters in caret notation: a name or a value from outside in it (a
 * patch's file name or subject, a git identity) could otherwise move the
 * cursor or erase lines of the terminal. */
static void diag_line(const char *head, const char *fmt, va_list ap)
{
	struct strbuf sb;
	char *shown;
	va_list aq;
	int n;

	sb_init(&sb);
	sb_add(&sb, head);
	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n > 0) {
		char *msg = xmalloc(n + 1);

		vsnprintf(msg, n + 1, fmt, ap);
		sb_add(&sb, msg);
		free(msg);
	}
	shown = printable_text(sb.buf);
	fprintf(diag(), "%s\n", shown);
	free(shown);
	sb_release(&sb);
}

int error(const char *fmt, ...)
{
	va_list ap;

	nerrors++;
	va_start(ap, fmt);
	diag_line("hdrtest: error: ", fmt, ap);
	va_end(ap);
	return -1;
}

/* "file:line:col: KIND: " */
static char *loc_head(const struct loc *loc, const char *kind)
{
	return xasprintf("%s:%d:%d: %s: ", loc->file, loc->line, loc->col, kind);
}

int error_at(const struct loc *loc, const char *fmt, ...)
{
	char *head = loc_head(loc, "error");
	va_list ap;

	nerrors++;
	va_start(ap, fmt);
	diag_line(head, fmt, ap);
	va_end(ap);
	free(head);
	return -1;
}

void note_at(const struct loc *loc, const char *fmt, ...)
{
	char *head = loc_head(loc, "note");
	va_list ap;

	va_start(ap, fmt);
	diag_line(head, fmt, ap);
	va_end(ap);
	free(head);
}

int error_count(void)
{
	return nerrors;
}

void reset_error_count(void)
{
	nerrors = 0;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* s with its control characters in caret notation; keep_lines: but a
 * newline and a tab. */
static char *caret_text(const char *s, int keep_lines)
{
	struct strbuf sb;
	const unsigned char *p;

	sb_init(&sb);
	for (p = (const unsigned char *)s; *p; p++) {
		if ((*p < 0x20 && !(keep_lines && (*p == '\n' || *p == '\t'))) || *p == 0x7f) {
			sb_addc(&sb, '^');
			sb_addc(&sb, *p == 0x7f ? '?' : (char)(*p + '@'));
		} else {
			sb_addc(&sb, (char)*p);
		}
	}
	if (!sb.buf)
		return xstrdup("");
	return sb_detach(&sb);
}

char *printable_text(const char *s)
{
	return caret_text(s, 1);
}

char *printable_line(const char *s)
{
	return caret_text(s, 0);
}

int utf8_len(const char *str, unsigned int *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int c;
	int n, i;

	if (s[0] < 0x80) {
		n = 1;
		c = s[0];
	} else if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		c = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		c = s[0] & 0x07;
	} else {
		return 0;	/* a continuation byte, 0xc0, 0xc1 (overlong) or past 0xf4 */
	}
	/* stops at the first byte that is no continuation: NUL too */
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	if (cp)
		*cp = c;
	return n;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	sb_init(&sb);
	sb.buf = xmalloc(n + 1);
	va_start(ap, fmt);
	vsnprintf(sb.buf, n + 1, fmt, ap);
	va_end(ap);
	return sb.buf;
}

void *push(void *arr_ptr, int *n, size_t sz)
{
	char **arr = arr_ptr;
	char *slot;

	*arr = xrealloc(*arr, (*n + 1) * sz);
	slot = *arr + (size_t)*n * sz;
	memset(slot, 0, sz);
	(*n)++;
	return slot;
}

void sb_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = 0;
	sb->cap = 0;
}

void sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n + 1 > sb->cap) {
		sb->cap = (sb->len + n + 1) * 2;
		sb->buf = xrealloc(sb->buf, sb->cap);
	}
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_add(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc(n + 1);
	va_start(ap, fmt);
	vsnprintf(s, n + 1, fmt, ap);
	va_end(ap);
	sb_addn(sb, s, n);
	free(s);
}

void sb_release(struct strbuf *sb)
{
	free(sb->buf);
	sb_init(sb);
}

char *sb_detach(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");

	sb_init(sb);
	return p;
}

void text_loc(struct loc *loc, const char *text, const char *p)
{
	const char *bol = text, *q;

	loc->line = 1;
	for (q = text; q < p; q++) {
		if (*q == '\n') {
			loc->line++;
			bol = q + 1;
		}
	}
	loc->col = (int)(p - bol) + 1;
}

void nul_error(const struct loc *loc, const char *expected)
{
	error_at(loc, "NUL byte in a text file (expected %s)", expected);
}

int check_no_nul(const char *file, const char *text, size_t len, const char *expected)
{
	const char *nul = memchr(text, '\0', len);
	struct loc loc = { file, 0, 0 };

	if (!nul)
		return 0;
	text_loc(&loc, text, nul);
	nul_error(&loc, expected);
	return -1;
}

int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

int word_listed(const char *words, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = words; (p = strstr(p, w)); p += n)
		if ((p == words || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

void sb_add_few(struct strbuf *sb, char *const *items, int n, int few)
{
	int i;

	for (i = 0; i < n && i < few; i++)
		sb_addf(sb, " %s", items[i]);
	if (n > few)
		sb_addf(sb, " ... and %d more", n - few);
}

int cmp_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void free_strings(char **strs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(strs[i]);
	free(strs);
}

int str_listed(char *const *list, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

char *str_replace_all(const char *s, const char *from, const char *to)
{
	struct strbuf sb;
	const char *p;
	size_t n = strlen(from);

	sb_init(&sb);
	while (n && (p = strstr(s, from))) {
		sb_addn(&sb, s, p - s);
		sb_add(&sb, to);
		s = p + n;
	}
	sb_add(&sb, s);
	return sb_detach(&sb);
}

const char *disk_hint(int err)
{
	return err == ENOSPC || err == EDQUOT ? " (is the disk full?)" : "";
}

double seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
