// SPDX-License-Identifier: GPL-2.0
/* The files a patch names: see patch_names.h. */
#include "series/patch_names.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/util.h"

const char *patch_name_refusal(const char *name)
{
	const char *p, *comp = name;

	if (!*name)
		return "an empty name";
	if (strlen(name) >= PATH_MAX)
		return "a name longer than PATH_MAX";
	if (*name == '/')
		return "an absolute name";
	for (p = name;; p++) {
		if ((*p && (unsigned char)*p < 0x20) || *p == 0x7f)
			return "a control character in the name";
		if (*p && *p != '/')
			continue;
		if (p == comp)
			return "an empty component ('//', or a '/' at the end)";
		if (p - comp == 1 && comp[0] == '.')
			return "a '.' component";
		if (p - comp == 2 && comp[0] == '.' && comp[1] == '.')
			return "a '..' component";
		if (!*p)
			return NULL;
		comp = p + 1;
	}
}

/* A patch read line by line. */
struct reader {
	const char *path;	/* the patch, as messages name it */
	const char *cur;	/* the next line, or NULL at the end */
	const char *s;		/* the line read last, not NUL-terminated */
	size_t len;
	int line;
	struct patch_name *names;
	int n;
};

static int read_line(struct reader *r)
{
	if (!r->cur || !(r->s = next_line_span(&r->cur, &r->len)))
		return 0;
	r->line++;
	return 1;
}

static int starts(const struct reader *r, const char *prefix)
{
	size_t n = strlen(prefix);

	return r->len >= n && !memcmp(r->s, prefix, n);
}

/* Whether the line after the one read last starts with prefix. */
static int next_starts(const struct reader *r, const char *prefix)
{
	return r->cur && !strncmp(r->cur, prefix, strlen(prefix));
}

/* "hdrtest: error: PATCH:LINE: 'TEXT': why" for the line read last, TEXT
 * being s[0..len) (left out when s is NULL) made safe to print.  -1. */
static int refuse(const struct reader *r, const char *s, size_t len, const char *why)
{
	char *raw, *text;

	if (!s)
		return error("%s:%d: %s", r->path, r->line, why);
	raw = xstrndup(s, len);
	text = printable_text(raw);
	error("%s:%d: '%s': %s", r->path, r->line, text, why);
	free(text);
	free(raw);
	return -1;
}

/* The C-quoted string at s[0..len), s[0] being '"', as git and GNU patch
 * write a name with a special byte; *used: its length with both quotes.
 * NULL when it does not end, holds an escape C does not have, or a NUL. */
static char *unquote(const char *s, size_t len, size_t *used)
{
	static const char esc[] = "a\ab\bf\fn\nr\rt\tv\v\\\\\"\"";
	struct strbuf sb;
	size_t i = 1;
	int bad = 0;

	sb_init(&sb);
	while (!bad && i < len && s[i] != '"') {
		char c = s[i++];
		const char *e;

		if (c == '\\' && i + 2 < len && s[i] >= '0' && s[i] <= '3' && s[i + 1] >= '0' && s[i + 1] <= '7' &&
		    s[i + 2] >= '0' && s[i + 2] <= '7') {
			c = (char)((s[i] - '0') << 6 | (s[i + 1] - '0') << 3 | (s[i + 2] - '0'));
			i += 3;
			bad = !c;
		} else if (c == '\\') {
			bad = i >= len || !s[i] || !(e = strchr(esc, s[i])) || (e - esc) % 2;
			c = bad ? c : e[1];
			i++;
		}
		sb_addc(&sb, c);
	}
	if (bad || i >= len || s[i] != '"') {
		sb_release(&sb);
		return NULL;
	}
	*used = i + 1;
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

/* Add name (malloc'd, taken), which the line read last gives as
 * raw[0..rawlen): with strip, as patch -p1 takes it (its first component
 * off; the whole name is checked first, so that "../x" is refused, not
 * taken as "x").  0, or -1 after the error. */
static int add_name(struct reader *r, char *name, int strip, const char *raw, size_t rawlen)
{
	const char *why = patch_name_refusal(name), *rel = name;
	struct patch_name *pn;

	if (!why && strip) {
		rel = strchr(name, '/');
		if (rel)
			rel++;
		else
			why = "no dir to take off (patch -p1 reads a/NAME)";
	}
	if (why) {
		char *msg = xasprintf("%s: a patch names files inside the tree only", why);

		refuse(r, raw, rawlen, msg);
		free(msg);
		free(name);
		return -1;
	}
	pn = push(&r->names, &r->n, sizeof(*pn));
	pn->name = xstrdup(rel);
	pn->line = r->line;
	free(name);
	return 0;
}

/* The name at s[0..len) of the line read last: C-quoted, or the bytes up
 * to a tab (in a ---/+++ line, where a date may follow) or to the end;
 * *used: the bytes it took.  NULL after the error.  An unquoted name with
 * a space and no tab after it is refused: patch would end it there. */
static char *read_name(struct reader *r, const char *s, size_t len, int dated, size_t *used)
{
	const char *tab = dated ? memchr(s, '\t', len) : NULL;
	size_t n = tab ? (size_t)(tab - s) : len;
	char *name;

	if (len && s[0] == '"') {
		name = unquote(s, len, used);
		if (!name)
			refuse(r, s, len, "expected a C-quoted name (a known escape, no NUL, a closing quote)");
		return name;
	}
	*used = n;
	if (!n || s[n - 1] == ' ' || (dated && !tab && memchr(s, ' ', n))) {
		refuse(r, s, len, "expected a name (C-quoted when it has a space and no tab follows it)");
		return NULL;
	}
	return xstrndup(s, n);
}

/* The name of the "--- " or "+++ " line read last, as patch -p1 reads
 * it: 1 when it is /dev/null, 0 when added, -1 after the error. */
static int dated_name(struct reader *r)
{
	const char *s = r->s + 4;
	size_t len = r->len - 4, used;
	char *name;

	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	if (!(name = read_name(r, s, len, 1, &used)))
		return -1;
	if (used < len && s[used] != '\t' && s[used] != ' ') {
		free(name);
		return refuse(r, s, len, "expected a tab or the end of the line after the name");
	}
	if (!strcmp(name, "/dev/null")) {
		free(name);
		return 1;
	}
	return add_name(r, name, 1, s, used);
}

/* The name of a "rename from", "copy to", ... line: the rest of it, as
 * git writes it (no a/ or b/ to take off). */
static int rest_name(struct reader *r, size_t skip)
{
	const char *s = r->s + skip;
	size_t len = r->len - skip, used;
	char *name = read_name(r, s, len, 0, &used);

	if (!name)
		return -1;
	if (used != len) {
		free(name);
		return refuse(r, s, len, "expected the end of the line after the name");
	}
	return add_name(r, name, 0, s, len);
}

/* Whether a[0..n) and b[0..n) are one name under two prefixes ("a/x y",
 * "b/x y"). */
static int same_but_prefix(const char *a, const char *b, size_t n)
{
	const char *sa = memchr(a, '/', n), *sb = memchr(b, '/', n);

	return sa && sb && sa - a == sb - b && !memcmp(sa, sb, n - (size_t)(sa - a));
}

/* The two names of the "diff --git A B" line read last.  git quotes a
 * name with a special byte, not one with a space: unquoted names with
 * spaces are split where both halves name one file (as git apply does),
 * else refused. */
static int git_names(struct reader *r)
{
	const char *s = r->s + 11, *sp = memchr(s, ' ', r->len - 11);
	size_t len = r->len - 11, ua, ub, i, nsp = 0;
	char *a, *b;

	for (i = 0; i < len; i++)
		nsp += s[i] == ' ';
	if (len && s[0] == '"') {
		if (!(a = read_name(r, s, len, 0, &ua)))
			return -1;
	} else if (sp && (nsp == 1 || sp[1] == '"')) {
		ua = (size_t)(sp - s);
		a = xstrndup(s, ua);
	} else if (len % 2 && s[len / 2] == ' ' && same_but_prefix(s, s + len / 2 + 1, len / 2)) {
		ua = len / 2;
		a = xstrndup(s, ua);
	} else {
		return refuse(r, s, len, "expected two names, C-quoted when a space leaves them unclear");
	}
	if (ua >= len || s[ua] != ' ') {
		free(a);
		return refuse(r, s, len, "expected a space between the two names");
	}
	if (!(b = read_name(r, s + ua + 1, len - ua - 1, 0, &ub))) {
		free(a);
		return -1;
	}
	if (ub != len - ua - 1) {
		free(a);
		free(b);
		return refuse(r, s, len, "expected the end of the line after the second name");
	}
	if (add_name(r, a, 1, s, ua)) {
		free(b);
		return -1;
	}
	return add_name(r, b, 1, s + ua + 1, ub);
}

/* The mode of a git mode line: a file's, since patch would make anything
 * else (a symlink) that a later name could go through. */
static int file_mode(struct reader *r, size_t skip)
{
	const char *m = r->s + skip;
	size_t len = r->len - skip;

	if (len == 6 && (!memcmp(m, "100644", 6) || !memcmp(m, "100755", 6)))
		return 0;
	return refuse(r, m, len, "expected a file's mode, 100644 or 100755 (hdrtest series takes no symlink, "
		      "120000, and no submodule, 160000)");
}

/* The line read last as a line of git's extended header ("index ...",
 * "rename from ..."): 1 when it is one, 0 when it is not (the header has
 * ended), -1 after an error. */
static int git_header_line(struct reader *r)
{
	static const char *const modes[] = { "old mode ", "new mode ", "deleted file mode ", "new file mode " };
	static const char *const names[] = { "rename from ", "rename to ", "copy from ", "copy to " };
	static const char *const others[] = { "index ", "similarity index ", "dissimilarity index " };
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (starts(r, modes[i]))
			return file_mode(r, strlen(modes[i])) ? -1 : 1;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (starts(r, names[i]))
			return rest_name(r, strlen(names[i])) ? -1 : 1;
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (starts(r, others[i]))
			return 1;
	if (starts(r, "GIT binary patch") || starts(r, "Binary files "))
		return refuse(r, NULL, 0, "a binary patch: patch -p1 cannot apply it");
	return 0;
}

/* The digits at *p (at most 9), as a number in *v, *p moved past them. */
static int digits(const char **p, long *v)
{
	size_t n = strspn(*p, "0123456789");

	if (!n || n > 9)
		return -1;
	*v = strtol(*p, NULL, 10);
	*p += n;
	return 0;
}

/* "-A,B" or "+C" at *p: the count (B, 1 when left out) in *count. */
static int hunk_range(const char **p, char sign, long *count)
{
	long start;

	if (*(*p)++ != sign || digits(p, &start))
		return -1;
	*count = 1;
	if (**p == ',') {
		(*p)++;
		return digits(p, count);
	}
	return 0;
}

/* The hunk whose "@@ -A,B +C,D @@" line was read last: its B old and D
 * new lines read past, so that none is taken for a header. */
static int hunk(struct reader *r)
{
	const char *p = r->s + 3;
	long old, new;
	int start = r->line;
	char why[160];

	if (hunk_range(&p, '-', &old) || *p++ != ' ' || hunk_range(&p, '+', &new) || strncmp(p, " @@", 3))
		return refuse(r, r->s, r->len, "expected '@@ -A,B +C,D @@'");
	while (old > 0 || new > 0) {
		char c;

		if (!read_line(r)) {
			r->line = start;
			snprintf(why, sizeof(why), "the hunk ends early: %ld old and %ld new lines missing", old, new);
			return refuse(r, NULL, 0, why);
		}
		c = r->len ? r->s[0] : ' ';	/* patch reads an empty line as context */
		if (c == '\\')
			continue;
		if ((c == ' ' && old > 0 && new > 0) || (c == '-' && old > 0) || (c == '+' && new > 0)) {
			old -= c != '+';
			new -= c != '-';
			continue;
		}
		snprintf(why, sizeof(why), "expected a line of the hunk of line %d (%ld old and %ld new to go)", start,
			 old, new);
		return refuse(r, r->s, r->len, why);
	}
	if (next_starts(r, "\\"))
		read_line(r);	/* "\ No newline at end of file" */
	return 0;
}

/* Whether s[0..len) is a normal or ed diff's command ("5a6,7", "3,4d2",
 * "7c"): patch would apply the diff that follows to a file named
 * anywhere before it. */
static int diff_command(const char *s, size_t len)
{
	const char *p = s;
	long v;

	if (digits(&p, &v) || (*p == ',' && (p++, digits(&p, &v))) || !*p || !strchr("acd", *p))
		return 0;
	p++;
	if (p == s + len)
		return 1;
	if (digits(&p, &v) || (*p == ',' && (p++, digits(&p, &v))))
		return 0;
	return p == s + len;
}

int patch_file_names(const char *path, const char *text, size_t len, struct patch_name **names, int *n)
{
	struct reader r = { path, text, NULL, 0, 0, NULL, 0 };
	int hunk_ok = 0, git = 0, minus = 0, minus_null = 0, rc;

	*names = NULL;
	*n = 0;
	/* a NUL would end the text early, and the names with it */
	rc = check_no_nul(path, text, len, "a patch");
	while (!rc && read_line(&r)) {
		int was_ok = hunk_ok, was_git = git, was_minus = minus, null;

		/* a hunk follows a "+++ " line or a hunk, the "+++ " line a "--- " line */
		hunk_ok = git = minus = 0;
		if (starts(&r, "@@ -")) {
			if (!was_ok)
				rc = refuse(&r, NULL, 0, "a hunk that does not follow its file's '--- ' and '+++ ' lines");
			else
				rc = hunk(&r);
			hunk_ok = 1;
		} else if (starts(&r, "diff --git ")) {
			rc = git_names(&r);
			git = 1;
		} else if (was_git && (rc = git_header_line(&r)) != 0) {
			rc = rc < 0 ? -1 : 0;
			git = 1;
		} else if (starts(&r, "--- ")) {
			null = dated_name(&r);
			rc = null < 0 ? -1 : 0;
			minus = 1;
			minus_null = null == 1;
		} else if (starts(&r, "+++ ")) {
			null = dated_name(&r);
			rc = null < 0 ? -1 : 0;
			if (!rc && was_minus && null == 1 && minus_null)
				rc = refuse(&r, NULL, 0, "a diff of /dev/null to /dev/null names no file");
			hunk_ok = was_minus;
		} else if (starts(&r, "********") && next_starts(&r, "*** ")) {
			rc = refuse(&r, NULL, 0, "a context diff: expected a unified diff (diff -u, git diff)");
		} else if (diff_command(r.s, r.len)) {
			rc = refuse(&r, r.s, r.len, "a normal or ed diff: expected a unified diff (diff -u, git diff)");
		}
	}
	if (rc) {
		patch_names_free(r.names, r.n);
		r.names = NULL;
		r.n = 0;
	}
	*names = r.names;
	*n = r.n;
	return rc;
}

void patch_names_free(struct patch_name *names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(names[i].name);
	free(names);
}
