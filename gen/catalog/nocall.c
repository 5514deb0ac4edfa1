// SPDX-License-Identifier: GPL-2.0
/*
 * Calls a header forbids on purpose (see nocall.h for which and why).
 * A function's body is known by the names it calls, which the scan
 * records; a macro's by its replacement text, lexed here.  Nothing is
 * expanded: a guard is recognised by its name.
 */
#include "catalog/nocall.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "catalog/drift.h"
#include "cpp/clex.h"
#include "model/validate.h"

/* Guards that fire on a value the compiler cannot fold. */
static const char *const guards[] = {
	"BUILD_BUG", "BUILD_BUG_ON", "BUILD_BUG_ON_MSG", "BUILD_BUG_ON_NOT_POWER_OF_2",
	"compiletime_assert", "_compiletime_assert", "__compiletime_assert",
};

/* Guards on what a macro's argument is, decided where it is expanded. */
static const char *const arg_guards[] = { "BUILD_BUG_ON_ZERO", "__must_be_array", "__must_be_cstr" };

#define LISTED(name, list) str_listed((char *const *)(list), sizeof(list) / sizeof((list)[0]), (name))

static void add_name(char ***names, int *n, const char *s, size_t len)
{
	char *name = xstrndup(s, len);

	if (str_listed(*names, *n, name))
		free(name);
	else
		*(char **)push(names, n, sizeof(char *)) = name;
}

/* The names d's body calls, each once: a function's from the scan, a
 * macro's "NAME (" in its text, and the name an object-like macro
 * stands for ("#define f __f").  Returns how many. */
static int calls_of(const struct scan_def *d, char ***names)
{
	struct clex lx;
	struct clex_tok t, prev = { 0 };
	int n = 0, i;

	*names = NULL;
	if (d->kind == SCAN_FUNC) {
		for (i = 0; i < d->ncalls; i++)
			add_name(names, &n, d->calls[i], strlen(d->calls[i]));
		return n;
	}
	if ((d->kind != SCAN_MACRO && d->kind != SCAN_DEFINE) || !d->value)
		return 0;
	if (is_identifier(d->value))
		add_name(names, &n, d->value, strlen(d->value));
	clex_init(&lx, d->value, strlen(d->value), 1, 1);
	while (clex_next(&lx, &t) != CT_EOF) {
		if (t.kind == CT_PUNCT && t.n == 1 && t.s[0] == '(' && prev.kind == CT_IDENT)
			add_name(names, &n, prev.s, prev.n);
		prev = t;
	}
	return n;
}

static void free_names(char **names, int n)
{
	while (n)
		free(names[--n]);
	free(names);
}

/* A function of that name declared so that every call of it is a
 * diagnostic, or NULL. */
static const struct scan_def *forbidden_function(const struct scan_index *ix, const char *name)
{
	const struct scan_def *e;

	for (e = scan_lookup(ix, name); e; e = e->next)
		if ((e->kind == SCAN_FUNC || e->kind == SCAN_PROTO) && e->call_attr)
			return e;
	return NULL;
}

/* The parameter d's inline asm needs constant, or NULL: none where the
 * body asks __builtin_constant_p() first (mips's set_bit() takes "i"
 * only for a constant bit). */
static const char *asm_imm(const struct scan_def *d)
{
	int i;

	if (!d->asm_imm)
		return NULL;
	for (i = 0; i < d->ncalls; i++)
		if (!strcmp(d->calls[i], "__builtin_constant_p"))
			return NULL;
	return d->asm_imm;
}

/* Whether function d may hand a made-up argument on to an asm that
 * needs it constant: it has parameters, and does not ask
 * __builtin_constant_p() first (netfilter.h's nf_hook()).  A macro's
 * body names its own, constant static keys, as
 * static_branch_unlikely(&perf_sched_events) does. */
static int asm_passes(const struct scan_def *d)
{
	int i;

	if (d->kind != SCAN_FUNC || !d->nargs)
		return 0;
	for (i = 0; i < d->ncalls; i++)
		if (!strcmp(d->calls[i], "__builtin_constant_p"))
			return 0;
	return 1;
}

/* A function of that name, of any arch, whose inline asm needs an
 * argument constant (arch_static_branch()'s key), or NULL.  Every arch's
 * counts: the catalog line is the same on all. */
static const struct scan_def *asm_function(const struct scan_index *ix, const char *name)
{
	const struct scan_def *e;

	for (e = scan_lookup(ix, name); e; e = e->next)
		if (e->kind == SCAN_FUNC && asm_imm(e))
			return e;
	return NULL;
}

/* What d's own declaration or body has that forbids a made-up call:
 * *guard the guard or the function it calls, *attr that function's
 * annotation (d's own when *guard is NULL), or *imm the name an inline
 * asm of that function needs constant (scan.h's asm_imm; through
 * functions only).  args: d's
 * arguments are the call's (d is the catalogued macro, or a macro it
 * hands them to).  Returns whether there is one. */
static int own_guard(const struct scan_index *ix, const struct scan_def *d, int args, char **guard,
		     const char **attr, const char **imm)
{
	const struct scan_def *f;
	char **calls;
	int n = calls_of(d, &calls), i, hit = 0;

	*guard = NULL;
	*attr = d->call_attr;
	*imm = asm_imm(d);
	if (*attr || *imm)
		hit = 1;
	for (i = 0; i < n && !hit; i++) {
		if (LISTED(calls[i], guards) || (args && LISTED(calls[i], arg_guards))) {
			hit = 1;
		} else if (strcmp(calls[i], d->name) && (f = forbidden_function(ix, calls[i]))) {
			*attr = f->call_attr;
			hit = 1;
		} else if (asm_passes(d) && strcmp(calls[i], d->name) && (f = asm_function(ix, calls[i]))) {
			*imm = asm_imm(f);
			hit = 1;
		}
		if (hit)
			*guard = xstrdup(calls[i]);
	}
	free_names(calls, n);
	return hit;
}

/* A definition a body's call leads to, one level down: a macro or an
 * inline function of include/ (an arch header's differs by arch). */
static int followed(const struct scan_def *e, const struct scan_def *from)
{
	return e != from && strcmp(e->name, from->name) && starts_with(e->file->path, "include/") &&
	       drift_def_counts(e) && (e->kind == SCAN_MACRO || e->kind == SCAN_DEFINE || e->kind == SCAN_FUNC);
}

static int is_macro(const struct scan_def *d)
{
	return d->kind == SCAN_MACRO || d->kind == SCAN_DEFINE;
}


static int tok_is(const struct clex_tok *t, const char *s)
{
	return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

/* The index of macro d's parameter named by t, or -1. */
static int param_of(const struct scan_def *d, const struct clex_tok *t)
{
	int i;

	for (i = 0; t->kind == CT_IDENT && i < d->nargs; i++)
		if (tok_is(t, d->args[i]))
			return i;
	return -1;
}

/* Why macro d, under a config where the catalogued function sig (the
 * definition of another config) is a macro, cannot be used as the TU
 * uses a call: with sig's return type and sig's parameter types for
 * arguments.  Each is a use the kernel's callers do not write:
 *
 *   - "do { } while (0)" is a statement: no value of a non-void type
 *     (kernel.h's ftrace_vprintk() without CONFIG_TRACING);
 *   - "static T x = { arg }" needs constant arguments (memory.h's
 *     hotplug_memory_notifier()); "static T x;" beside a call is fine
 *     (srcu.h's init_srcu_struct());
 *   - "arg->m" on what sig types void * (jump_label_ratelimit.h's
 *     static_key_deferred_flush());
 *   - container_of_const() of what sig types a pointer to const gives a
 *     pointer to const, not sig's pointer (ipv6.h's raw6_sk()).
 * NULL when none holds.  The caller frees. */
static char *macro_form_reason(const struct scan_def *d, const struct scan_def *sig)
{
	struct clex lx;
	struct clex_tok t, prev = { 0 }, prev2 = { 0 };
	int first = 1, a, in_static = 0;
	char *why = NULL;

	if (d->kind != SCAN_MACRO || !d->value || !sig || !sig->type)
		return NULL;
	clex_init(&lx, d->value, strlen(d->value), 1, 1);
	while (!why && clex_next(&lx, &t) != CT_EOF) {
		if (first && tok_is(&t, "do") && strcmp(sig->type, "void"))
			why = xasprintf("a macro here, a do-while statement: no %s value", sig->type);
		else if (in_static == 2 && param_of(d, &t) >= 0)
			why = xstrdup("a macro here, initialising a static object: its arguments must be constants");
		else if (tok_is(&t, "->") && ((a = param_of(d, &prev)) >= 0 ||
					      (tok_is(&prev, ")") && (a = param_of(d, &prev2)) >= 0)) &&
			 a < sig->nargs && !strcmp(sig->args[a], "void *"))
			why = xasprintf("a macro here, taking ->member of argument %d, typed void *", a + 1);
		else if (tok_is(&prev, "container_of_const") && tok_is(&t, "(") && sig->nargs > 0 &&
			 starts_with(sig->args[0], "const ") && strchr(sig->args[0], '*'))
			why = xstrdup("a macro here, container_of_const(): a pointer to const for a pointer to const");
		/* "static T x = { ... arg ... };": 1 after static, 2 after its = */
		if (t.kind == CT_IDENT && tok_is(&t, "static"))
			in_static = 1;
		else if (in_static == 1 && tok_is(&t, "="))
			in_static = 2;
		else if (tok_is(&t, ";"))
			in_static = 0;
		first = 0;
		prev2 = prev;
		prev = t;
	}
	return why;
}

/* A macro of include/linux/kbuild.h that d's body calls (DEFINE(),
 * OFFSET(), BLANK(), COMMENT()), or NULL: they write asm-offsets text,
 * ".ascii" lines for asm-offsets.c's .s file, which no object may hold
 * (an arm64 .text of them does not assemble).  The caller frees. */
static char *asm_offsets_macro(const struct scan_index *ix, const struct scan_def *d)
{
	const struct scan_def *e;
	char **calls, *found = NULL;
	int n = d->kind == SCAN_FUNC ? calls_of(d, &calls) : 0, i;

	for (i = 0; i < n && !found; i++)
		for (e = scan_lookup(ix, calls[i]); e && !found; e = e->next)
			if (is_macro(e) && !strcmp(e->file->path, "include/linux/kbuild.h"))
				found = xstrdup(calls[i]);
	if (n)
		free_names(calls, n);
	return found;
}

char *nocall_reason(const struct scan_index *ix, const struct scan_def *d, const struct scan_def *sig)
{
	const struct scan_def *e;
	const char *attr, *imm;
	char **calls, *guard, *why = NULL;
	int n, i;

	if (d != sig && (why = macro_form_reason(d, sig)))
		return why;
	if ((guard = asm_offsets_macro(ix, d))) {
		why = xasprintf("its body has %s() of linux/kbuild.h: asm-offsets text, for asm-offsets.c only", guard);
		free(guard);
		return why;
	}

	if (own_guard(ix, d, is_macro(d), &guard, &attr, &imm)) {
		if (imm && !guard)
			why = xasprintf("its inline asm needs %s to be a constant", imm);
		else if (imm)
			why = xasprintf("its body calls %s(), whose inline asm needs %s to be a constant", guard, imm);
		else if (!guard)
			why = xasprintf("declared %s", attr);
		else if (attr)
			why = xasprintf("its body calls %s(), declared %s", guard, attr);
		else
			why = xasprintf("its body has %s()", guard);
		free(guard);
		return why;
	}
	n = calls_of(d, &calls);
	for (i = 0; i < n && !why; i++) {
		for (e = scan_lookup(ix, calls[i]); e && !why; e = e->next) {
			if (!followed(e, d) || !own_guard(ix, e, is_macro(d) && is_macro(e), &guard, &attr, &imm))
				continue;
			/* the function itself forbidden: own_guard(d) said so
			 * already; an asm's need passes on only through d's
			 * parameters */
			if (guard && imm && asm_passes(d))
				why = xasprintf("its body calls %s(), which calls %s(), whose inline asm needs %s "
						"to be a constant", calls[i], guard, imm);
			else if (guard && attr)
				why = xasprintf("its body calls %s(), which calls %s(), declared %s", calls[i], guard,
						attr);
			else if (guard && !imm)
				why = xasprintf("its body calls %s(), whose body has %s()", calls[i], guard);
			free(guard);
		}
	}
	free_names(calls, n);
	return why;
}
