// SPDX-License-Identifier: GPL-2.0
#include "model/validate.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

int is_identifier(const char *s)
{
	if (!ident_start(*s))
		return 0;
	while (*++s)
		if (!ident_char(*s))
			return 0;
	return 1;
}

int check_identifier(const char *s, const struct loc *loc, const char *what)
{
	struct loc l = *loc;
	const char *p;

	if (!*s)
		return error_at(&l, "expected %s (a C identifier)", what);
	for (p = s; *p; p++) {
		if (p == s ? ident_start(*p) : ident_char(*p))
			continue;
		l.col = loc->col + (int)(p - s);
		return error_at(&l, "expected %s (a C identifier), found '%c' in '%s'", what, *p, s);
	}
	return 0;
}

int check_header_path(const char *s, const struct loc *loc)
{
	struct loc l = *loc;
	const char *p, *comp = s;

	if (!ends_with(s, ".h") || strlen(s) < 3)
		return error_at(&l, "expected a header path ending in .h, found '%s'", s);
	for (p = s;; p++) {
		if (*p == '/' || *p == '\0') {
			size_t n = p - comp;

			l.col = loc->col + (int)(comp - s);
			if (n == 0)
				return error_at(&l, "expected a relative header path (no leading or doubled '/'), found '%s'", s);
			if ((n == 1 && comp[0] == '.') || (n == 2 && comp[0] == '.' && comp[1] == '.'))
				return error_at(&l, "expected a header path without '.' or '..' components, found '%s'", s);
			if (!*p)
				return 0;
			comp = p + 1;
			continue;
		}
		if (!isalnum((unsigned char)*p) && !strchr("_.+-", *p)) {
			l.col = loc->col + (int)(p - s);
			return error_at(&l, "expected a header path, found '%c' in '%s'", *p, s);
		}
	}
}

/* Type tokens: words (identifiers, numbers) and the punctuation of
 * abstract declarators. */
struct tok {
	const char *s;
	size_t n;
	int col;	/* offset from the start of the text */
};

static int is_word(const struct tok *t)
{
	return ident_char(t->s[0]);
}

static int is_punct(const struct tok *t, char c)
{
	return t->n == 1 && t->s[0] == c;
}

static int tokenize(const char *text, size_t len, const struct loc *loc, struct tok **toks, int *ntoks)
{
	size_t i = 0;

	*toks = NULL;
	*ntoks = 0;
	while (i < len) {
		struct tok *t;
		char c = text[i];

		if (c == ' ' || c == '\t') {
			i++;
			continue;
		}
		if (ident_char(c) || strchr("*()[],", c)) {
			t = push(toks, ntoks, sizeof(**toks));
			t->s = text + i;
			t->col = (int)i;
			if (ident_char(c)) {
				while (i < len && ident_char(text[i]))
					i++;
			} else {
				i++;
			}
			t->n = text + i - t->s;
			continue;
		}
		{
			struct loc l = *loc;

			l.col += (int)i;
			if ((unsigned char)c >= 0x80)
				error_at(&l, "expected a C type, found a non-ASCII byte");
			else
				error_at(&l, "expected a C type, found '%c' (only identifiers, '*', "
					 "'(', ')', '[', ']' and ',' may appear in a type)", c);
		}
		free(*toks);
		*toks = NULL;
		return -1;
	}
	return 0;
}

static void at(const struct loc *loc, int col, struct loc *out)
{
	*out = *loc;
	out->col += col;
}

/* Check toks[0..n) as one type and write its canonical spelling. */
static char *type_from_tokens(const struct tok *toks, int n, const struct loc *loc, int end_col)
{
	struct strbuf sb;
	char stack[64];
	int depth = 0, words = 0, i;
	struct loc l;

	if (n == 0) {
		at(loc, end_col, &l);
		error_at(&l, "expected a C type, found nothing");
		return NULL;
	}
	for (i = 0; i < n; i++) {
		const struct tok *t = &toks[i];

		if (is_word(t)) {
			if (!isdigit((unsigned char)t->s[0]))
				words++;
			continue;
		}
		if (is_punct(t, '(') || is_punct(t, '[')) {
			if (depth == (int)sizeof(stack)) {
				at(loc, t->col, &l);
				error_at(&l, "type nests too deeply");
				return NULL;
			}
			stack[depth++] = t->s[0];
		} else if (is_punct(t, ')') || is_punct(t, ']')) {
			char open = t->s[0] == ')' ? '(' : '[';

			if (depth == 0 || stack[depth - 1] != open) {
				at(loc, t->col, &l);
				error_at(&l, "expected a C type, found unbalanced '%c'", t->s[0]);
				return NULL;
			}
			depth--;
		} else if (is_punct(t, ',') && depth == 0) {
			at(loc, t->col, &l);
			error_at(&l, "expected a C type, found ',' outside parentheses");
			return NULL;
		}
	}
	if (depth) {
		at(loc, end_col, &l);
		error_at(&l, "expected a C type, found unbalanced '%c'", stack[depth - 1]);
		return NULL;
	}
	if (!words) {
		at(loc, toks[0].col, &l);
		error_at(&l, "expected a C type, found no type name");
		return NULL;
	}
	sb_init(&sb);
	for (i = 0; i < n; i++) {
		if (i > 0) {
			const struct tok *a = &toks[i - 1], *b = &toks[i];

			if ((is_word(a) && (is_word(b) || is_punct(b, '*') || is_punct(b, '('))) ||
			    is_punct(a, ','))
				sb_addc(&sb, ' ');
		}
		sb_addn(&sb, toks[i].s, toks[i].n);
	}
	return sb_detach(&sb);
}

char *parse_type(const char *text, size_t len, const struct loc *loc)
{
	struct tok *toks;
	int n;
	char *type;

	if (tokenize(text, len, loc, &toks, &n))
		return NULL;
	type = type_from_tokens(toks, n, loc, (int)len);
	free(toks);
	return type;
}

int parse_signature(const char *text, size_t len, const struct loc *loc, char **ret, char ***args,
		    int *nargs)
{
	struct tok *toks;
	int n, i, open, depth, start;
	struct loc l;

	*ret = NULL;
	*args = NULL;
	*nargs = 0;
	if (tokenize(text, len, loc, &toks, &n))
		return -1;
	if (n == 0 || !is_punct(&toks[n - 1], ')')) {
		at(loc, n ? toks[n - 1].col + (int)toks[n - 1].n : (int)len, &l);
		error_at(&l, "expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'");
		goto fail;
	}
	/* the argument list is the parenthesised group that ends the text */
	depth = 0;
	for (open = n - 1; open >= 0; open--) {
		if (is_punct(&toks[open], ')'))
			depth++;
		else if (is_punct(&toks[open], '(') && --depth == 0)
			break;
	}
	if (open < 0) {
		at(loc, toks[n - 1].col, &l);
		error_at(&l, "expected a C type, found unbalanced ')'");
		goto fail;
	}
	if (open == 0) {
		at(loc, toks[0].col, &l);
		error_at(&l, "expected a return type before the argument list");
		goto fail;
	}
	*ret = type_from_tokens(toks, open, loc, toks[open].col);
	if (!*ret)
		goto fail;
	if (open + 1 == n - 1) {
		at(loc, toks[n - 1].col, &l);
		error_at(&l, "expected argument types; write (void) for a function without arguments");
		goto fail;
	}
	if (open + 2 == n - 1 && toks[open + 1].n == 4 && !strncmp(toks[open + 1].s, "void", 4)) {
		free(toks);
		return 0;
	}
	depth = 0;
	start = open + 1;
	for (i = open + 1; i < n; i++) {
		const struct tok *t = &toks[i];
		int end = i == n - 1;

		if (!end && (is_punct(t, '(') || is_punct(t, '[')))
			depth++;
		else if (!end && (is_punct(t, ')') || is_punct(t, ']')))
			depth--;
		if (end || (depth == 0 && is_punct(t, ','))) {
			char *type = type_from_tokens(toks + start, i - start, loc, t->col);

			if (!type)
				goto fail;
			if (!strcmp(type, "void")) {
				at(loc, toks[start].col, &l);
				error_at(&l, "'void' may only stand alone in an argument list");
				free(type);
				goto fail;
			}
			*(char **)push(args, nargs, sizeof(char *)) = type;
			start = i + 1;
		}
	}
	free(toks);
	return 0;
fail:
	free(toks);
	free(*ret);
	*ret = NULL;
	for (i = 0; i < *nargs; i++)
		free((*args)[i]);
	free(*args);
	*args = NULL;
	*nargs = 0;
	return -1;
}

int type_is_simple(const char *type)
{
	return !strpbrk(type, "()[]");
}

int is_plain_path(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_.+-/", *s))
			return 0;
	return 1;
}

/* The characters of each kind of word the catalog hands to make, sh and
 * m4 (first: the word's first character).  ASCII only, whatever the
 * locale. */
static int is_lower(int c)
{
	return c >= 'a' && c <= 'z';
}

static int is_upper(int c)
{
	return c >= 'A' && c <= 'Z';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_alnum(int c)
{
	return is_lower(c) || is_upper(c) || is_digit(c);
}

static int in_set(int c, const char *set)
{
	return c && strchr(set, c);
}

int ident_chars(int c, int first)
{
	if (c == '_')
		return 1;
	return first ? is_lower(c) || is_upper(c) : is_alnum(c);
}

int cell_name_chars(int c, int first)
{
	return is_alnum(c) || c == '_' || (!first && in_set(c, ".+-"));
}

int karch_chars(int c, int first)
{
	return is_lower(c) || is_digit(c) || c == '_';
}

int kconfig_chars(int c, int first)
{
	return is_upper(c) || is_digit(c) || c == '_';
}

/* A CROSS_COMPILE prefix and a make target: never a leading '-', or the
 * word would be an option where it starts a command's argument
 * ("command -v -x-gcc", "make -j99"). */
int toolchain_chars(int c, int first)
{
	return is_alnum(c) || in_set(c, "_.+") || (!first && c == '-');
}

int llvm_chars(int c, int first)
{
	return first ? c == '1' || c == '-' : is_digit(c);
}

int package_chars(int c, int first)
{
	return is_lower(c) || is_digit(c) || (!first && in_set(c, "+.-"));
}

int target_chars(int c, int first)
{
	return is_alnum(c) || in_set(c, "_.") || (!first && c == '-');
}

int text_chars(int c, int first)
{
	return c >= 0x20 && c < 0x7f && !in_set(c, "\"'\\$`#");
}

int check_chars(const char *s, const struct loc *loc, const char *what, char_class_fn ok)
{
	struct loc l = *loc;
	const char *p;

	for (p = s; *p; p++) {
		unsigned char c = *p;

		l.col = loc->col + (int)(p - s);
		if (ok(c, p == s))
			continue;
		if (c < 0x20 || c >= 0x7f)
			error_at(&l, "expected %s, found byte 0x%02x in '%s'", what, c, s);
		else
			error_at(&l, "expected %s, found '%c' in '%s'", what, c, s);
		return -1;
	}
	return 0;
}

const char *m4_reserved_name(const char *s, int *len)
{
	const char *p = s, *name;

	while (*p) {
		if (!ident_chars((unsigned char)*p, 1)) {
			p++;
			continue;
		}
		for (name = p; ident_chars((unsigned char)*p, 0); p++)
			;
		if (starts_with(name, M4_RESERVED_PREFIX)) {
			*len = (int)(p - name);
			return name;
		}
	}
	return NULL;
}

int check_m4_names(const char *s, const struct loc *loc)
{
	struct loc l = *loc;
	const char *name;
	int len;

	name = m4_reserved_name(s, &len);
	if (!name)
		return 0;
	l.col += (int)(name - s);
	return error_at(&l, "'%.*s' is reserved for hdrtest's m4 templates: no name in the catalog may begin with "
		 M4_RESERVED_PREFIX, len, name);
}

/* A name the catalog cannot hold: "#define inline ..." is a macro named by
 * a keyword. */
int is_c_keyword(const char *name)
{
	static const char *const kw[] = {
		"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
		"extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
		"short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
		"volatile", "while", "asm", "typeof",
	};
	size_t i;

	for (i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
		if (!strcmp(name, kw[i]))
			return 1;
	return 0;
}
