// SPDX-License-Identifier: GPL-2.0
/*
 * The header scanner's C declarations.  The tokens at file scope are
 * collected into one declaration at a time, which ends at a ';' or at
 * the '{' of a function body; it is then read from the outside in: its
 * annotations dropped, a function found as the first "NAME (" with a
 * type before it, variables and typedefs by their declarators, tags by
 * "struct NAME {" or "struct NAME;".  Called by onefile.c for each C
 * token; calls only fscan.c, the words and the arena (scan_internal.h
 * draws the stack), never directives.c.
 */
#include "scan/scan_internal.h"

#include <stdlib.h>

#include "base/util.h"
#include "model/validate.h"

/* --- declarations --- */

static int dt_is(const struct dtok *t, const char *w)
{
	return tok_is(t->s, t->n, w);
}

static int dt_punct(const struct dtok *t, char c)
{
	return t->kind == CT_PUNCT && t->n == 1 && t->s[0] == c;
}

static int dt_open(const struct dtok *t)
{
	return dt_punct(t, '(') || dt_punct(t, '[');
}

static int dt_close(const struct dtok *t)
{
	return dt_punct(t, ')') || dt_punct(t, ']');
}

static int dt_word(const struct dtok *t, int flags)
{
	return t->kind == CT_IDENT && (t->wc & flags);
}

/* A declared name: an identifier that is no type keyword. */
static int dt_name(const struct dtok *t)
{
	return t->kind == CT_IDENT && !(t->wc & W_TYPE_KW);
}

/* Index of the bracket closing the one at i (or n - 1 if unbalanced). */
static int closing(const struct dtok *t, int i, int n)
{
	int depth = 0;

	for (; i < n; i++) {
		if (dt_open(&t[i]))
			depth++;
		else if (dt_close(&t[i]) && --depth == 0)
			return i;
	}
	return n - 1;
}

/* Index of the bracket opening the one at i, or lo - 1. */
static int opening(const struct dtok *t, int i, int lo)
{
	int depth = 0;

	for (; i >= lo; i--) {
		if (dt_close(&t[i]))
			depth++;
		else if (dt_open(&t[i]) && --depth == 0)
			return i;
	}
	return lo - 1;
}

/* Copy in[0..n) to out without annotations; returns the new length. */
static int clean(const struct dtok *in, int n, struct dtok *out)
{
	int i, m = 0;

	for (i = 0; i < n; i++) {
		const struct dtok *t = &in[i];

		if (t->kind == CT_IDENT && t->wc & (W_ANNOT | W_ANNOT_CALL | W_ASM)) {
			int j = i + 1;

			/* dropped, but marked on the "*" for abi_pointer() */
			if ((dt_is(t, "__efiapi") || dt_is(t, "efiapi")) && i > 0 && dt_punct(&in[i - 1], '(') &&
			    j < n && dt_punct(&in[j], '*')) {
				out[m] = in[j];
				out[m++].wc |= W_ABI_POINTER;
				i = j;
				continue;
			}
			if (!(t->wc & (W_ANNOT_CALL | W_ASM)))
				continue;
			while ((t->wc & W_ASM) && j < n && dt_word(&in[j], W_ASM_QUAL))
				j++;
			if (j < n && dt_punct(&in[j], '('))
				i = closing(in, j, n);
			else if (t->wc & W_ANNOT_CALL)
				i = j - 1;
			else
				out[m++] = *t;	/* "asm" alone: keep, it makes no sense anyway */
			continue;
		}
		out[m++] = *t;
	}
	return m;
}

static int nested_declarator(const struct dtok *t, int i, int hi)
{
	return dt_punct(&t[i], '(') && i + 1 < hi && (dt_punct(&t[i + 1], '*') || dt_punct(&t[i + 1], '^'));
}

/* The declared name inside a nested declarator "( * name ...)" opening
 * at i, or -1. */
static int name_in_group(const struct dtok *t, int i, int n)
{
	int close = closing(t, i, n), k;

	for (k = i + 1; k < close; k++) {
		if (dt_punct(&t[k], '*') || dt_punct(&t[k], '^') || dt_word(&t[k], W_QUAL))
			continue;
		if (dt_punct(&t[k], '('))
			return name_in_group(t, k, close);
		return dt_name(&t[k]) ? k : -1;
	}
	return -1;
}

/* Whether some token of t[lo..hi) is not a qualifier: a type is there. */
static int has_type(const struct dtok *t, int lo, int hi)
{
	int i;

	for (i = lo; i < hi; i++)
		if (!dt_word(&t[i], W_QUAL))
			return 1;
	return 0;
}

/* The name of the parameter t[lo..hi) ("struct page *page": page), or
 * -1 if it has none ("struct page *", "u8", "const u8"). */
static int param_name(const struct dtok *t, int lo, int hi)
{
	int k, e, last;

	for (k = lo; k < hi; k++) {
		if (nested_declarator(t, k, hi))
			return name_in_group(t, k, hi);
		if (dt_open(&t[k]))
			k = closing(t, k, hi);
	}
	e = hi;
	while (e > lo && dt_punct(&t[e - 1], ']'))
		e = opening(t, e - 1, lo);
	last = e - 1;
	if (last > lo && dt_name(&t[last]) && !dt_word(&t[last - 1], W_TAG) && has_type(t, lo, last))
		return last;
	return -1;
}

/* Mark in mask (indexed from lo) the parameter names inside the function
 * types of t[lo..hi): "void (*)(unsigned long start)" spells no name. */
static void mark_param_names(const struct dtok *t, int lo, int hi, char *mask, int base)
{
	int k, j, a, close, nm;

	for (k = lo; k < hi; k++) {
		if (!dt_open(&t[k]))
			continue;
		close = closing(t, k, hi);
		if (dt_punct(&t[k], '(') && k > lo && dt_punct(&t[k - 1], ')')) {
			for (a = j = k + 1; j <= close; j++) {
				if (j < close && dt_open(&t[j])) {
					j = closing(t, j, close);
					continue;
				}
				if (j == close || dt_punct(&t[j], ',')) {
					nm = j > a ? param_name(t, a, j) : -1;
					if (nm >= 0)
						mask[nm - base] = 1;
					a = j + 1;
				}
			}
		}
		mark_param_names(t, k + 1, close, mask, base);
		k = close;
	}
}

/* Canonical spelling of the type written as t[lo..hi) without t[skip]
 * (and without parameter names), in the arena; NULL if it is not one
 * hdrtest's type syntax can spell (identifiers, '*', '(', ')', '[', ']',
 * ','). */
static const char *canon_type(struct fscan *fs, const struct dtok *t, int lo, int hi, int skip)
{
	static const struct loc nowhere = { "scan", 0, 0 };
	struct strbuf sb;
	char *type, small[64], *mask;
	const char *res = NULL;
	int i, k, words = 0, depth = 0;

	if (hi <= lo)
		return NULL;
	mask = hi - lo <= (int)sizeof(small) ? small : xmalloc(hi - lo);
	memset(mask, 0, hi - lo);
	if (skip >= lo && skip < hi)
		mask[skip - lo] = 1;
	mark_param_names(t, lo, hi, mask, lo);
	for (i = lo; i < hi; i++) {
		const struct dtok *d = &t[i];

		if (mask[i - lo])
			continue;
		if (d->kind == CT_IDENT) {
			if (!(d->wc & W_QUAL))
				words++;
		} else if (d->kind == CT_NUMBER) {
			for (k = 0; k < d->n; k++)
				if (!((d->s[k] >= '0' && d->s[k] <= '9') || (d->s[k] >= 'a' && d->s[k] <= 'z') ||
				      (d->s[k] >= 'A' && d->s[k] <= 'Z') || d->s[k] == '_'))
					goto out;
		} else if (dt_open(d)) {
			if (++depth > 60)
				goto out;
		} else if (dt_close(d)) {
			if (--depth < 0)
				goto out;
		} else if (!dt_punct(d, '*') && !(dt_punct(d, ',') && depth > 0)) {
			goto out;
		}
	}
	if (!words || depth)
		goto out;
	/* brackets must match in kind too */
	for (i = lo; i < hi; i++) {
		if (!dt_open(&t[i]))
			continue;
		k = closing(t, i, hi);
		if (t[k].s[0] != (t[i].s[0] == '(' ? ')' : ']'))
			goto out;
	}
	sb_init(&sb);
	for (i = lo; i < hi; i++) {
		if (mask[i - lo])
			continue;
		if (sb.len)
			sb_addc(&sb, ' ');
		sb_addn(&sb, t[i].s, t[i].n);
	}
	/* cannot fail after the checks above */
	type = parse_type(sb.buf, sb.len, &nowhere);
	if (type)
		res = astrdup(fs->arena, type);
	free(type);
	sb_release(&sb);
out:
	if (mask != small)
		free(mask);
	return res;
}

/* The name declared by t[lo..hi), or -1.  *spec_end gets where the
 * declarator proper starts, *decl_end where an initializer starts.
 * need_type: a type must come before the name (first declarator). */
static int declarator_name(const struct dtok *t, int lo, int hi, int need_type, int *spec_end, int *decl_end)
{
	int k, e, last;

	for (e = lo; e < hi; e++) {
		if (dt_punct(&t[e], '=') || dt_punct(&t[e], ':'))
			break;
		if (dt_open(&t[e]))
			e = closing(t, e, hi);
	}
	*decl_end = e;
	for (k = lo; k < e; k++) {
		if (nested_declarator(t, k, e)) {
			*spec_end = k;
			return name_in_group(t, k, e);
		}
		/* "typedef int (get_block_t)(struct inode *, ...)": a name in
		 * brackets after the type, a function or array type after it */
		if (dt_punct(&t[k], '(') && k + 3 < e && dt_name(&t[k + 1]) && dt_punct(&t[k + 2], ')') &&
		    (dt_punct(&t[k + 3], '(') || dt_punct(&t[k + 3], '[')) && has_type(t, lo, k)) {
			*spec_end = k;
			return k + 1;
		}
		if (dt_open(&t[k]))
			k = closing(t, k, e);
	}
	last = e - 1;
	while (last >= lo && dt_punct(&t[last], ']'))
		last = opening(t, last, lo) - 1;
	if (last < lo || !dt_name(&t[last]))
		return -1;
	if (last > lo && dt_word(&t[last - 1], W_TAG))
		return -1;
	if (need_type && !has_type(t, lo, last))
		return -1;
	for (k = lo; k < last; k++)
		if (dt_punct(&t[k], '*'))
			break;
	*spec_end = k;
	return last;
}

/* Is the token inside [lo, hi) of the source?  A declaration read once
 * per #if branch records only the names that branch declares. */
static int in_range(const struct dtok *t, const char *lo, const char *hi)
{
	return !lo || (t->s >= lo && t->s < hi);
}

/* "typedef int (get_block_t)(...)" leaves "int ()(...)" once its name is
 * cut out: the type is the function type "int (...)". */
static void unbracket_name(struct scan_def *d)
{
	char *p = d->type ? strstr(d->type, " ()(") : NULL;

	if (p)
		memmove(p + 1, p + 3, strlen(p + 3) + 1);
}

/* Variables or typedefs: the declarators of t[lo..hi). */
static void declarators(struct fscan *fs, const struct dtok *t, int lo, int hi, enum scan_kind kind,
			const char *rlo, const char *rhi)
{
	int spec_end, decl_end, name, start, end, k, first = 1, nspec = 0;
	const struct dtok *spec = NULL;

	for (start = lo; start < hi; start = end + 1, first = 0) {
		int d_lo, nbuf, skip;
		struct dtok *buf;
		struct scan_def *d;

		for (end = start; end < hi && !dt_punct(&t[end], ','); end++)
			if (dt_open(&t[end]))
				end = closing(t, end, hi);
		name = declarator_name(t, start, end, first, &spec_end, &decl_end);
		if (first) {
			if (name < 0)
				return;
			spec = &t[start];
			nspec = spec_end - start;
			d_lo = spec_end;
		} else {
			d_lo = start;
		}
		if (name < 0 || !in_range(&t[name], rlo, rhi))
			continue;
		d = new_def(fs, t[name].s, t[name].n, kind, t[name].line, t[name].cond);
		/* the type: the specifiers, then this declarator without its name */
		nbuf = nspec + (decl_end - d_lo);
		skip = nspec + (name - d_lo);
		buf = xmalloc((nbuf + 1) * sizeof(*buf));
		memcpy(buf, spec, nspec * sizeof(*buf));
		memcpy(buf + nspec, &t[d_lo], (decl_end - d_lo) * sizeof(*buf));
		/* "struct foo {...} x": x is a struct foo */
		for (k = 2; k < nspec; k++) {
			if (buf[k].kind == DT_BODY && dt_name(&buf[k - 1]) && dt_word(&buf[k - 2], W_TAG)) {
				memmove(&buf[k], &buf[k + 1], (nbuf - k - 1) * sizeof(*buf));
				nbuf--;
				skip--;
				break;
			}
		}
		d->type = canon_type(fs, buf, 0, nbuf, skip);
		unbracket_name(d);
		free(buf);
	}
}

/* A "NAME (...)" at i - 1, i that looks like a call or a declarator. */
static int call_like(const struct dtok *t, int i, int n)
{
	return dt_punct(&t[i], '(') && i > 0 && dt_name(&t[i - 1]) && !dt_word(&t[i - 1], W_TYPEOF) &&
	       !nested_declarator(t, i, n);
}

/* Does the "(...)" at i look like a parameter list?  Not if a macro
 * invocation is inside ("TP_PROTO(...)") or another "(...)" follows
 * ("CONCATENATE(a, b)(int x)": a name made by a macro). */
static int real_params(const struct dtok *t, int i, int n)
{
	int close = closing(t, i, n), k;

	if (close + 1 < n && dt_punct(&t[close + 1], '('))
		return 0;
	for (k = i + 1; k < close; k++)
		if (call_like(t, k, close) && !dt_word(&t[k - 1], W_ANNOT_CALL))
			return 0;
	return 1;
}

/* The first "NAME (" with a return type before it: index of NAME, or -1;
 * *ret_lo gets where the return type starts.  The return type is what
 * follows the last "(...)" before NAME: "PAGEFLAG(...) static inline
 * int f(void)" is a macro invocation without ';' and then f. */
static int find_function(const struct dtok *t, int n, int *ret_lo)
{
	int i, k, region = 0, ok;

	for (i = 0; i < n; i++) {
		if (t[i].kind == DT_BODY) {
			region = i + 1;
			continue;
		}
		if (dt_punct(&t[i], '='))
			return -1;	/* an initializer follows */
		if (!dt_open(&t[i]))
			continue;
		if (dt_punct(&t[i], '[')) {
			i = closing(t, i, n);
			continue;
		}
		if (call_like(t, i, n) && i - 1 > region && real_params(t, i, n)) {
			for (ok = 0, k = region; k < i - 1; k++) {
				if (t[k].kind == CT_IDENT && !(t[k].wc & W_QUAL))
					ok = 1;
				else if (dt_open(&t[k]))
					k = closing(t, k, n);
				else if (!dt_punct(&t[k], '*'))
					break;
			}
			if (ok && k == i - 1) {
				*ret_lo = region;
				return i - 1;
			}
		}
		if (i > 0 && dt_word(&t[i - 1], W_TYPEOF)) {
			i = closing(t, i, n);
			continue;
		}
		i = closing(t, i, n);
		region = i + 1;
	}
	return -1;
}

/* The type of parameter t[lo..hi) without its name, or NULL. */
static const char *param_type(struct fscan *fs, const struct dtok *t, int lo, int hi)
{
	if (hi - lo == 1 && dt_is(&t[lo], "..."))
		return "...";
	return canon_type(fs, t, lo, hi, param_name(t, lo, hi));
}

/* The annotation among in[0..n) that makes every call of the function
 * it declares a diagnostic (scan.h, call_attr), or NULL: a kernel macro
 * by its name, or an attribute word inside __attribute__((...)). */
static const char *call_attribute(const struct dtok *in, int n)
{
	static const char *const macros[] = { "__compiletime_error", "__compiletime_warning", "__deprecated" };
	static const char *const attrs[][2] = {
		{ "error", "__attribute__((error))" },		{ "__error__", "__attribute__((error))" },
		{ "warning", "__attribute__((warning))" },	{ "__warning__", "__attribute__((warning))" },
		{ "deprecated", "__attribute__((deprecated))" },
		{ "__deprecated__", "__attribute__((deprecated))" },
		{ "unavailable", "__attribute__((unavailable))" },
		{ "__unavailable__", "__attribute__((unavailable))" },
	};
	size_t j;
	int i, k, close, depth;

	for (i = 0; i < n; i++) {
		if (!dt_word(&in[i], W_ANNOT | W_ANNOT_CALL))
			continue;
		for (j = 0; j < sizeof(macros) / sizeof(macros[0]); j++)
			if (dt_is(&in[i], macros[j]))
				return macros[j];
		if (!(dt_is(&in[i], "__attribute__") || dt_is(&in[i], "__attribute")) || i + 1 == n ||
		    !dt_punct(&in[i + 1], '('))
			continue;
		/* the words of the attribute list: depth 2, "((a, b(x)))" */
		close = closing(in, i + 1, n);
		for (depth = 0, k = i + 1; k < close; k++) {
			if (dt_open(&in[k]))
				depth++;
			else if (dt_close(&in[k]))
				depth--;
			else if (depth == 2 && in[k].kind == CT_IDENT)
				for (j = 0; j < sizeof(attrs) / sizeof(attrs[0]); j++)
					if (dt_is(&in[k], attrs[j][0]))
						return attrs[j][1];
		}
		i = close;
	}
	return NULL;
}

/* Whether t[lo..hi), a parameter, points to a function of another
 * calling convention: "efi_status_t (__efiapi *h)(u64, void *)" is an
 * ms_abi function on x86_64, which no spelling without the annotation
 * matches, and a catalog type carries no annotation. */
static int abi_pointer(const struct dtok *t, int lo, int hi)
{
	int i;

	for (i = lo; i < hi; i++)
		if (dt_punct(&t[i], '*') && (t[i].wc & W_ABI_POINTER))
			return 1;
	return 0;
}

static void record_function(struct fscan *fs, const struct dtok *t, int n, int name, int ret_lo, int body,
			    const char *call_attr)
{
	int open = name + 1, close = closing(t, open, n), k, start, nargs = 0, ok = 1;
	const char *args[128];
	struct scan_def *d = new_def(fs, t[name].s, t[name].n, body ? SCAN_FUNC : SCAN_PROTO, t[name].line,
				     t[name].cond);

	d->call_attr = call_attr;
	if (body)
		fs->nparams = 0;
	d->type = canon_type(fs, t, ret_lo, name, -1);
	if (!d->type)
		ok = 0;
	if (!(close == open + 2 && dt_is(&t[open + 1], "void")) && close > open + 1) {
		for (start = k = open + 1; k <= close; k++) {
			if (k < close && dt_open(&t[k])) {
				k = closing(t, k, close + 1);
				continue;
			}
			if (k == close || dt_punct(&t[k], ',')) {
				const char *a = param_type(fs, t, start, k);

				if (body && k > start && dt_name(&t[k - 1]) && fs->nparams < 32)
					fs->params[fs->nparams++] = t[k - 1];

				if (!a || nargs == 128 || abi_pointer(t, start, k))
					ok = 0;
				if (nargs < 128)
					args[nargs++] = a ? a : "?";
				start = k + 1;
			}
		}
	}
	d->args = aalloc(fs->arena, (nargs ? nargs : 1) * sizeof(char *));
	memcpy(d->args, args, nargs * sizeof(char *));
	d->nargs = nargs;
	d->sig_ok = ok;
}

/* Variables declared by a macro: DECLARE_STATIC_KEY_FALSE(name),
 * DECLARE_STATIC_KEY_TRUE(name), DECLARE_PER_CPU*(type, name). */
static int var_macro(struct fscan *fs, const struct dtok *t, int name, int close, const char *rlo,
		     const char *rhi)
{
	const struct dtok *m = &t[name];
	int open = name + 1, comma = -1, k;
	struct scan_def *d;

	if (dt_is(m, "DECLARE_STATIC_KEY_FALSE") || dt_is(m, "DECLARE_STATIC_KEY_TRUE")) {
		if (close != open + 2 || !dt_name(&t[open + 1]))
			return 0;
		if (in_range(&t[open + 1], rlo, rhi)) {
			d = new_def(fs, t[open + 1].s, t[open + 1].n, SCAN_VAR, t[open + 1].line, t[open + 1].cond);
			d->type = dt_is(m, "DECLARE_STATIC_KEY_TRUE") ? "struct static_key_true" :
				  "struct static_key_false";
		}
		return 1;
	}
	if (m->n >= 15 && !memcmp(m->s, "DECLARE_PER_CPU", 15)) {
		for (k = open + 1; k < close; k++) {
			if (dt_open(&t[k]))
				k = closing(t, k, close);
			else if (dt_punct(&t[k], ','))
				comma = k;
		}
		if (comma < 0 || comma != close - 2 || !dt_name(&t[close - 1]))
			return 0;
		if (in_range(&t[close - 1], rlo, rhi)) {
			d = new_def(fs, t[close - 1].s, t[close - 1].n, SCAN_VAR, t[close - 1].line, t[close - 1].cond);
			d->type = canon_type(fs, t, open + 1, comma, -1);
		}
		return 1;
	}
	return 0;
}

/* One complete declaration in[0..n), ended by ';' or by the '{' of a
 * function body.  With rlo, only names whose text lies in [rlo, rhi)
 * are recorded. */
static void analyze(struct fscan *fs, const struct dtok *in, int n, int body, const char *rlo, const char *rhi)
{
	struct dtok *t = xmalloc((n + 1) * sizeof(*t));
	int m = clean(in, n, t), name, ret_lo, i, last_call = -1, call_region = 0, after = 0;

	if (!m)
		goto out;
	if (dt_is(&t[0], "typedef")) {
		if (!body)
			declarators(fs, t, 1, m, SCAN_TYPEDEF, rlo, rhi);
		goto out;
	}
	if (!body && m == 2 && dt_word(&t[0], W_TAG) && dt_name(&t[1])) {
		if (in_range(&t[1], rlo, rhi))
			new_tag_def(fs, &t[0], &t[1], 1);
		goto out;
	}
	name = find_function(t, m, &ret_lo);
	if (name >= 0) {
		if (in_range(&t[name], rlo, rhi))
			record_function(fs, t, m, name, ret_lo, body, call_attribute(in, n));
		goto out;
	}
	if (body)
		goto out;
	/* variables; a declaration follows the last macro invocation */
	for (i = 0; i < m; i++) {
		if (t[i].kind == DT_BODY) {
			after = i + 1;
		} else if (dt_punct(&t[i], '=')) {
			break;
		} else if (dt_open(&t[i])) {
			int close = closing(t, i, m);

			if (call_like(t, i, m)) {
				last_call = i - 1;
				call_region = after;
				after = close + 1;
			}
			i = close;
		}
	}
	if (last_call >= 0 && call_region == last_call &&
	    var_macro(fs, t, last_call, closing(t, last_call + 1, m), rlo, rhi))
		goto out;
	if (after < m)
		declarators(fs, t, after, m, SCAN_VAR, rlo, rhi);
out:
	free(t);
}

static void process_decl(struct fscan *fs, int body)
{
	int i;

	analyze(fs, fs->decl, fs->ndecl, body, NULL, NULL);
	for (i = 0; i < fs->nalts; i++) {
		struct alt *a = &fs->alts[i];
		int tail = fs->ndecl - a->pos - a->replaced, n;
		struct dtok *v;

		if (tail < 0 || a->n == 0)
			continue;
		n = a->pos + a->n + tail;
		v = xmalloc((n + 1) * sizeof(*v));
		memcpy(v, fs->decl, a->pos * sizeof(*v));
		memcpy(v + a->pos, a->toks, a->n * sizeof(*v));
		memcpy(v + a->pos + a->n, fs->decl + a->pos + a->replaced, tail * sizeof(*v));
		analyze(fs, v, n, body, a->toks[0].s, a->toks[a->n - 1].s + a->toks[a->n - 1].n);
		free(v);
	}
}

/* Whether s[0..n) is one of the file's own annotation macros (fs->annots). */
static int file_annot(const struct fscan *fs, const char *s, size_t n)
{
	int i;

	for (i = 0; i < fs->nannots; i++)
		if ((size_t)fs->annots[i].n == n && !memcmp(fs->annots[i].s, s, n))
			return 1;
	return 0;
}

static void push_tok(struct fscan *fs, const struct clex_tok *t, int kind)
{
	struct dtok *d;

	if (fs->ndecl == fs->capdecl) {
		fs->capdecl = fs->capdecl ? fs->capdecl * 2 : 256;
		fs->decl = xrealloc(fs->decl, fs->capdecl * sizeof(*fs->decl));
	}
	d = &fs->decl[fs->ndecl++];
	d->s = t->s;
	d->n = (int)t->n;
	d->kind = kind;
	d->wc = kind == CT_IDENT ? word_class(t->s, t->n) : 0;
	if (kind == CT_IDENT && !d->wc && fs->paren && file_annot(fs, t->s, t->n))
		d->wc = W_ANNOT;
	d->line = t->line;
	d->cond = fs->cur;
}

/* "struct NAME" (annotations allowed) ends the declaration so far: record
 * the tag's definition; returns whether the '{' opens a tag body. */
static int tag_head(struct fscan *fs)
{
	int i, m, kw = -1;
	struct dtok t[8];

	for (i = fs->ndecl - 1; i >= 0 && i >= fs->ndecl - 64; i--) {
		if (dt_word(&fs->decl[i], W_TAG)) {
			kw = i;
			break;
		}
	}
	if (kw < 0)
		return 0;
	/* after the keyword: annotations and at most one name */
	for (i = kw + 1, m = 0; i < fs->ndecl; i++) {
		if (dt_word(&fs->decl[i], W_ANNOT))
			continue;
		if (dt_word(&fs->decl[i], W_ANNOT_CALL) && i + 1 < fs->ndecl && dt_punct(&fs->decl[i + 1], '(')) {
			i = closing(fs->decl, i + 1, fs->ndecl);
			continue;
		}
		if (m == 1 || !dt_name(&fs->decl[i]))
			return 0;
		t[m++] = fs->decl[i];
	}
	if (m == 1)
		new_tag_def(fs, &fs->decl[kw], &t[0], 0);
	return 1;
}

static int has_top_level_assign(struct fscan *fs)
{
	int i;

	for (i = 0; i < fs->ndecl; i++) {
		if (dt_open(&fs->decl[i]))
			i = closing(fs->decl, i, fs->ndecl);
		else if (dt_punct(&fs->decl[i], '='))
			return 1;
	}
	return 0;
}

/* A keyword that takes "(": no name a body calls. */
static int keyword_paren(const struct dtok *t)
{
	return (word_class(t->s, t->n) & (W_TYPE_KW | W_TYPEOF | W_ANNOT_CALL | W_ASM)) || dt_is(t, "if") ||
	       dt_is(t, "while") || dt_is(t, "for") || dt_is(t, "switch") || dt_is(t, "return");
}

static int is_param(const struct fscan *fs, const struct clex_tok *t)
{
	int i;

	for (i = 0; i < fs->nparams; i++)
		if (fs->params[i].n == (int)t->n && !memcmp(fs->params[i].s, t->s, t->n))
			return 1;
	return 0;
}

/* An inline asm operand whose constraint takes an immediate only ("i",
 * "n"): the string, then "(", then a parameter's name is recorded. */
static void asm_operand(struct fscan *fs, const struct clex_tok *t, char c)
{
	if (t->kind == CT_STRING && t->n == 3 && (t->s[1] == 'i' || t->s[1] == 'n')) {
		fs->asm_state = 1;
		return;
	}
	if (fs->asm_state == 1 && c == '(') {
		fs->asm_state = 2;
		return;
	}
	if (fs->asm_state == 2 && t->kind == CT_IDENT && !fs->asm_imm.n && is_param(fs, t)) {
		fs->asm_imm.s = t->s;
		fs->asm_imm.n = (int)t->n;
	}
	fs->asm_state = 0;
}

/* A token of a function body: "NAME (" is a call of NAME. */
static void body_token(struct fscan *fs, const struct clex_tok *t, char c)
{
	int i;

	asm_operand(fs, t, c);
	if (c == '(' && fs->ident.n) {
		for (i = 0; i < fs->ncalls; i++)
			if (fs->calls[i].n == fs->ident.n && !memcmp(fs->calls[i].s, fs->ident.s, fs->ident.n))
				break;
		if (i == fs->ncalls && !keyword_paren(&fs->ident)) {
			if (fs->ncalls == fs->capcalls) {
				fs->capcalls = fs->capcalls ? fs->capcalls * 2 : 32;
				fs->calls = xrealloc(fs->calls, fs->capcalls * sizeof(*fs->calls));
			}
			fs->calls[fs->ncalls++] = fs->ident;
		}
	}
	fs->ident.n = 0;
	if (t->kind == CT_IDENT) {
		fs->ident.s = t->s;
		fs->ident.n = (int)t->n;
	}
}

/* The body's calls, given to the functions it defines. */
static void end_body(struct fscan *fs)
{
	const char **calls = NULL;
	int i;

	for (i = fs->body_from; i < fs->body_to; i++) {
		struct scan_def *d = (struct scan_def *)fs->f->defs[i];

		if (d->kind != SCAN_FUNC)
			continue;
		if (!calls && fs->ncalls) {
			int j;

			calls = aalloc(fs->arena, fs->ncalls * sizeof(*calls));
			for (j = 0; j < fs->ncalls; j++)
				calls[j] = astrndup(fs->arena, fs->calls[j].s, fs->calls[j].n);
		}
		d->calls = calls;
		d->ncalls = fs->ncalls;
		if (fs->asm_imm.n)
			d->asm_imm = astrndup(fs->arena, fs->asm_imm.s, fs->asm_imm.n);
	}
	fs->body_from = fs->body_to = 0;
}

void c_token(struct fscan *fs, const struct clex_tok *t)
{
	char c = t->kind == CT_PUNCT && t->n == 1 ? t->s[0] : 0;

	if (fs->depth > 0) {
		if (fs->body_to > fs->body_from)
			body_token(fs, t, c);
		if (c == '{') {
			fs->depth++;
		} else if (c == '}' && --fs->depth == 0) {
			if (fs->body_continue) {
				push_tok(fs, t, DT_BODY);
			} else {
				end_body(fs);
				reset_decl(fs);
			}
		}
		return;
	}
	if (c == '{' && fs->paren == 0) {
		fs->body_from = fs->body_to = 0;
		if (tag_head(fs) || has_top_level_assign(fs)) {
			fs->body_continue = 1;
		} else {
			fs->body_from = fs->f->ndefs;
			process_decl(fs, 1);
			fs->body_to = fs->f->ndefs;
			fs->ncalls = 0;
			fs->ident.n = 0;
			fs->asm_state = 0;
			fs->asm_imm.n = 0;
			reset_decl(fs);
			fs->body_continue = 0;
		}
		fs->depth = 1;
		return;
	}
	if (c == '}' && fs->paren == 0) {
		reset_decl(fs);
		return;
	}
	if (c == ';' && fs->paren == 0) {
		process_decl(fs, 0);
		reset_decl(fs);
		return;
	}
	if (c == '(' || c == '[')
		fs->paren++;
	else if ((c == ')' || c == ']') && fs->paren > 0)
		fs->paren--;
	/* the declaration's analysis recurses once per bracket level */
	if (fs->paren > SCAN_MAX_DEPTH)
		skip_file(fs, SKIP_DEEP_PAREN, t->s);
	push_tok(fs, t, t->kind);
}

/* --- where a function's parts are spelled --- */

/* The spans of decl[0..n) when it declares name at line. */
static int decl_spans(const char *text, const struct dtok *decl, int n, int line, const char *name,
		      struct scan_spans *sp)
{
	struct dtok *t = xmalloc((n + 1) * sizeof(*t));
	int m = clean(decl, n, t), at, ret_lo, open, close, k, start, ok = 0;

	at = find_function(t, m, &ret_lo);
	if (at < 1 || t[at].line != line || !dt_is(&t[at], name) || ret_lo >= at)
		goto out;
	open = at + 1;
	close = closing(t, open, m);
	if (!dt_punct(&t[close], ')'))
		goto out;
	memset(sp, 0, sizeof(*sp));
	sp->ret = t[ret_lo].s - text;
	sp->ret_end = t[at - 1].s + t[at - 1].n - text;
	sp->open = t[open].s - text;
	sp->close = t[close].s - text;
	if (!(close == open + 2 && dt_is(&t[open + 1], "void")) && close > open + 1) {
		for (start = k = open + 1; k <= close; k++) {
			struct scan_param_span *p;
			int nm;

			if (k < close && dt_open(&t[k])) {
				k = closing(t, k, close + 1);
				continue;
			}
			if (k < close && !dt_punct(&t[k], ','))
				continue;
			if (k == start) {
				scan_spans_free(sp);
				goto out;
			}
			p = push(&sp->params, &sp->nparams, sizeof(*p));
			p->start = t[start].s - text;
			p->end = t[k - 1].s + t[k - 1].n - text;
			nm = param_name(t, start, k);
			p->name = nm < 0 ? -1 : t[nm].s - text;
			p->name_end = nm < 0 ? -1 : t[nm].s + t[nm].n - text;
			start = k + 1;
		}
	}
	ok = 1;
out:
	free(t);
	return ok;
}

int scan_function_spans(const char *text, int line, const char *name, struct scan_spans *sp)
{
	struct clex lx;
	struct clex_tok tok;
	struct dtok *decl = NULL;
	int n = 0, depth = 0, paren = 0, found = 0, hit = 0;

	words_init();
	clex_init(&lx, text, strlen(text), 1, 0);
	while (!found && clex_next(&lx, &tok) != CT_EOF && tok.line <= line + 64) {
		char c = tok.kind == CT_PUNCT && tok.n == 1 ? tok.s[0] : 0;
		struct dtok *d;

		if (tok.kind == CT_PP) {
			n = hit = 0;	/* a directive splits what is around it */
			continue;
		}
		if (depth) {
			depth += c == '{' ? 1 : c == '}' ? -1 : 0;
			continue;
		}
		if (!paren && (c == ';' || c == '{')) {
			found = hit && decl_spans(text, decl, n, line, name, sp);
			n = hit = 0;
			depth = c == '{';
			continue;
		}
		if (!paren && c == '}') {
			n = hit = 0;
			continue;
		}
		paren += c == '(' || c == '[' ? 1 : (c == ')' || c == ']') && paren ? -1 : 0;
		d = push(&decl, &n, sizeof(*d));
		d->s = tok.s;
		d->n = (int)tok.n;
		d->kind = tok.kind;
		d->wc = tok.kind == CT_IDENT ? word_class(tok.s, tok.n) : 0;
		d->line = tok.line;
		d->cond = NULL;
		hit |= tok.line == line && tok.kind == CT_IDENT && dt_is(d, name);
	}
	free(decl);
	return found ? 0 : -1;
}

void scan_spans_free(struct scan_spans *sp)
{
	free(sp->params);
	memset(sp, 0, sizeof(*sp));
}
