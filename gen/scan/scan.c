// SPDX-License-Identifier: GPL-2.0
/*
 * The header scanner.  Each file is lexed once (gen/clex.c): directives
 * are handled as they come (conditions, macros, includes), and the C
 * tokens at file scope are collected into one declaration at a time,
 * which ends at a ';' or at a '{' that opens a function body.  Bodies
 * are skipped by counting braces.  A declaration is then read from the
 * outside in: its annotations (__attribute__((...)), __must_check, ...)
 * dropped, a function found as the first "NAME (" that has a type before
 * it, variables and typedefs by their declarators.
 *
 * Braces split over #if branches ("#ifdef X\n int f(int a) {\n#else\n
 * int f(long a) {\n#endif") are handled the way ctags does: each
 * #elif/#else starts from the brace depth of its #if, and the #endif
 * continues with the depth the first branch ended with.  A declaration
 * whose head differs between branches is read once per branch.
 */
#include "scan/scan.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpp/clex.h"
#include "base/util.h"
#include "model/validate.h"

/* --- memory: everything an index holds lives in its arena --- */

struct chunk {
	struct chunk *next;
	size_t used, cap;
	char data[];
};

struct arena {
	struct chunk *head;
};

static void *aalloc(struct arena *a, size_t n)
{
	void *p;

	n = (n + 7) & ~(size_t)7;
	if (!a->head || a->head->cap - a->head->used < n) {
		size_t cap = n > 65000 ? n : 65000;
		struct chunk *c = xmalloc(sizeof(*c) + cap);

		c->next = a->head;
		c->used = 0;
		c->cap = cap;
		a->head = c;
	}
	p = a->head->data + a->head->used;
	a->head->used += n;
	return p;
}

static char *astrndup(struct arena *a, const char *s, size_t n)
{
	char *p = aalloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static char *astrdup(struct arena *a, const char *s)
{
	return astrndup(a, s, strlen(s));
}

static void arena_free(struct arena *a)
{
	while (a->head) {
		struct chunk *c = a->head;

		a->head = c->next;
		free(c);
	}
}

/* --- the index --- */

struct name_entry {
	const char *name;
	struct scan_def *first, *last;
	UT_hash_handle hh;
};

struct incname_entry {
	const char *name;
	const struct scan_file **files;
	int n;
	UT_hash_handle hh;
};

struct scan_index {
	struct arena arena;
	struct scan_file **files;	/* sorted by path */
	int nfiles;
	struct scan_file *file_index;
	struct name_entry *names;
	struct incname_entry *incnames;
	struct scan_stats stats;
};

static const char *const kind_names[] = {
	[SCAN_FUNC] = "func",		[SCAN_PROTO] = "proto",		[SCAN_MACRO] = "macro",
	[SCAN_DEFINE] = "define",	[SCAN_VAR] = "var",		[SCAN_TYPEDEF] = "typedef",
	[SCAN_STRUCT] = "struct",	[SCAN_UNION] = "union",		[SCAN_ENUM] = "enum",
	[SCAN_STRUCT_FWD] = "struct-fwd", [SCAN_UNION_FWD] = "union-fwd", [SCAN_ENUM_FWD] = "enum-fwd",
};

const char *scan_kind_name(enum scan_kind kind)
{
	return kind_names[kind];
}

/* --- words --- */

static int tok_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(s, w, n);
}

/* Storage classes, function specifiers and the kernel's annotation
 * macros: dropped from declarations wherever they appear. */
static const char *const annotation_words[] = {
	"ZSTDLIB_STATIC_API", "ZSTDLIB_API", "ZSTDERRORLIB_API", "__EXTERN_INLINE", "CGROUP_REF_FN_ATTRS",
	"__net_init", "__net_exit", "__signed_wrap", "__xipram", "__no_caller_saved_registers", "__bpfcall",
	"MALLOC_VISIBLE", "__list_valid_slowpath", "__net_initdata", "__always_inline_unused",
	"static", "extern", "inline", "__inline", "__inline__", "register", "auto", "_Thread_local",
	"__thread", "_Noreturn", "noinline", "__noinline", "__always_inline", "__gnu_inline", "notrace",
	"__must_check", "__pure", "__init", "__exit", "__cold", "__hot", "__weak", "__visible",
	"asmlinkage", "__attribute_const__", "__malloc", "__deprecated", "__maybe_unused",
	"__always_unused", "__used", "__noreturn", "__flatten", "__nocfi", "__noclone", "__naked",
	"__kprobes", "nokprobe_inline", "__sched", "__ref", "__init_or_module", "__meminit",
	"__meminitdata", "__initdata", "__initconst", "__exitdata", "__cpuidle", "noinstr", "__no_kcsan",
	"__no_sanitize_address", "__no_sanitize_thread", "__no_sanitize_undefined",
	"__no_sanitize_memory", "__no_sanitize_coverage", "__no_profile", "__no_stack_protector",
	"__nostackprotector", "__latent_entropy", "__randomize_layout", "__no_randomize_layout",
	"__designated_init", "__packed", "__cacheline_aligned", "__cacheline_aligned_in_smp",
	"____cacheline_aligned", "____cacheline_aligned_in_smp", "____cacheline_internodealigned_in_smp",
	"__page_aligned_data", "__page_aligned_bss", "__read_mostly", "__ro_after_init", "__user",
	"__kernel", "__iomem", "__percpu", "__rcu", "__force", "__nocast", "__safe", "__private",
	"__bitwise", "__bpf_kfunc", "__irq_entry", "__softirq_entry", "__head", "__overloadable",
	"__nonstring", "__FORTIFY_INLINE", "__initdata_memblock", "__init_memblock", "__refdata",
	"__nosavedata", "noinline_for_stack", "__noinline_for_stack", "__noscs", "__ksym", "efiapi",
	"__efiapi", "__no_fgcse", "__cficanonical", "__inline_maybe_unused", "__no_sanitize_or_inline",
	"__no_kasan_or_inline", "__no_kmsan_checks", "__fix_address", "__always_inline_or_noinline",
	"__init_or_acpilib", "__initdata_or_acpilib", "__ref_kvm", "__bpf_fastcall", "__sramfunc",
	"__cpuinit", "__cpuinitdata", "__nocfi_generic", "__kernel_loff_t_unused", "__uml_init",
	"__meminitconst", "__exit_p_unused", "restrict", "__restrict", "__restrict__", "__noendbr",
	"__ro_after_init_scoped", "__align_to_cacheline", "__aligned_largest", "__must_be_array_unused",
	"__lockfunc", "__kasan_check", "__no_sanitize_or_inline_unused", "__section_unused",
	"__cpu_init", "__nocfi_fn", "__wsum_unused", "__init_or_fwnode", "__weak_unused",
	"__rust_helper", "__noinitretpoline", "__no_stack_protector_unused", "__alloc_size_unused",
	"__no_instrument", "__nokprobe", "__naked_unused", "__ptr_unused",
};

/* Annotations that take arguments: dropped with their "(...)". */
static const char *const annotation_calls[] = {
	"__attribute__", "__attribute", "__declspec", "_Alignas", "alignas", "__aligned", "__section",
	"__printf", "__scanf", "__alloc_size", "__realloc_size", "__acquires", "__releases",
	"__must_hold", "__cond_acquires", "__cond_releases", "__assume_aligned", "__compiletime_error",
	"__compiletime_warning", "__diagnose_as", "__counted_by", "__alias", "__copy", "__cleanup",
	"__free", "__nonnull", "__access", "__no_sanitize", "__malloc_with", "__attribute_format__",
	"__guarded_by", "__pt_guarded_by", "__cond_acquires_shared", "__acquires_shared",
	"__releases_shared", "__must_hold_shared", "__counted_by_le", "__counted_by_be",
	"__retain", "__diag_ignore", "__weakref", "__visibility",
};

static const char *const asm_words[] = { "asm", "__asm__", "__asm" };
static const char *const asm_qualifiers[] = { "volatile", "__volatile__", "__volatile", "goto", "inline" };

/* Words that are part of a type, never a declared name. */
static const char *const type_keywords[] = {
	"void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool",
	"_Complex", "__int128", "struct", "union", "enum", "const", "volatile", "__signed__", "__signed",
	"__volatile__", "__volatile", "__const", "__const__", "_Atomic", "typedef", "sizeof", "typeof",
	"__typeof__", "__typeof", "__auto_type", "__int128_t", "__uint128_t",
};

static const char *const typeof_words[] = { "typeof", "__typeof__", "__typeof", "_Atomic" };
static const char *const qualifiers[] = { "const", "volatile", "__const", "__const__", "__volatile",
					  "__volatile__", "_Atomic" };
static const char *const tag_words[] = { "struct", "union", "enum" };
/* Word classes, looked up once per identifier token. */
enum {
	W_ANNOT = 1,		/* storage class, function specifier or annotation: dropped */
	W_ANNOT_CALL = 2,	/* annotation with arguments: dropped with its "(...)" */
	W_ASM = 4,
	W_ASM_QUAL = 8,
	W_TYPE_KW = 16,		/* part of a type, never a declared name */
	W_TYPEOF = 32,		/* typeof(...): a type, not a macro call */
	W_QUAL = 64,
	W_TAG = 128,
};

#define WORD_SLOTS 1024

struct word_slot {
	const char *w;
	size_t n;
	int flags;
};

static struct word_slot word_table[WORD_SLOTS];

static unsigned word_hash(const char *s, size_t n)
{
	unsigned h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static void word_add(const char *const *list, size_t n, int flag)
{
	size_t i;

	for (i = 0; i < n; i++) {
		size_t len = strlen(list[i]);
		unsigned h = word_hash(list[i], len) % WORD_SLOTS;

		while (word_table[h].w && (word_table[h].n != len || memcmp(word_table[h].w, list[i], len)))
			h = (h + 1) % WORD_SLOTS;
		word_table[h].w = list[i];
		word_table[h].n = len;
		word_table[h].flags |= flag;
	}
}

static int word_class(const char *s, size_t n)
{
	unsigned h = word_hash(s, n) % WORD_SLOTS;

	while (word_table[h].w) {
		if (word_table[h].n == n && !memcmp(word_table[h].w, s, n))
			return word_table[h].flags;
		h = (h + 1) % WORD_SLOTS;
	}
	return 0;
}

#define ADD(list, flag) word_add(list, sizeof(list) / sizeof(list[0]), flag)

static void words_init(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	ADD(annotation_words, W_ANNOT);
	ADD(annotation_calls, W_ANNOT_CALL);
	ADD(asm_words, W_ASM);
	ADD(asm_qualifiers, W_ASM_QUAL);
	ADD(type_keywords, W_TYPE_KW);
	ADD(typeof_words, W_TYPEOF);
	ADD(qualifiers, W_QUAL);
	ADD(tag_words, W_TAG);
}

#undef ADD

/* --- scanning one file --- */

#define DT_BODY 100	/* a skipped "{...}" inside a declaration */

/* Why a file is not indexed (scan.h): its bytes are not a C header. */
enum skip_reason {
	SKIP_NONE,
	SKIP_NUL,		/* a NUL byte */
	SKIP_DEEP_IF,		/* #if nested deeper than SCAN_MAX_DEPTH */
	SKIP_DEEP_PAREN,	/* brackets nested deeper than SCAN_MAX_DEPTH */
};

struct dtok {
	const char *s;
	int n;
	int kind;
	int wc;		/* word class of an identifier */
	int line;
	const struct scan_cond *cond;
};

struct frame {
	struct scan_cond *node;		/* the current branch; NULL for the guard */
	const struct scan_cond *saved_cur;
	int guard;
	int group;
	const char **exprs;		/* each branch's own condition so far */
	int nexprs;
	int depth_at_if, depth_first_end, seen_else;
	unsigned decl_gen;
	int decl_len, paren_at_if;
	struct dtok *alt;		/* the first branch's part of a pending declaration */
	int nalt;
};

struct alt {
	int pos, replaced;
	struct dtok *toks;
	int n;
};

struct undef {
	const char *name;
	int n;
	int line;
};

/* Per-file state; its buffers are reused from file to file. */
struct fscan {
	struct arena *arena;
	struct scan_file *f;
	struct clex lx;
	struct frame *frames;
	int nframes, capframes;
	const struct scan_cond *cur;
	int depth;		/* braces open in C code */
	int body_continue;	/* the body being skipped is part of the pending declaration */
	struct dtok *decl;
	int ndecl, capdecl;
	int paren;
	unsigned decl_gen;
	struct alt *alts;
	int nalts;
	struct undef *undefs;
	int nundefs;
	char *buf;		/* scratch for normalized text */
	size_t bufcap;
	int allow_guard;
	int asm_file;		/* no C in this file: it has ".macro" lines outside __ASSEMBLY__ */
	int saw_asm;
	const char *guard_candidate;
	int guard_candidate_n;
	int guard_bad;
	int ntoks;		/* tokens and directives seen at file level */
	int seq;		/* definitions so far, to sort them stably */
	int ndefs_cap, nincludes_cap, ngroups_cap;
	int skip;		/* SKIP_*: the file is not indexed */
	const char *skip_at;	/* where the reason for skip is */
};

static char *scratch(struct fscan *fs, size_t n)
{
	if (n + 1 > fs->bufcap) {
		fs->bufcap = (n + 1) * 2;
		fs->buf = xrealloc(fs->buf, fs->bufcap);
	}
	return fs->buf;
}

static const char *normalized(struct fscan *fs, const char *s, const char *end)
{
	char *b = scratch(fs, end - s);
	size_t n = clex_normalize(s, end - s, b);

	return astrndup(fs->arena, b, n);
}

static struct scan_def *new_def(struct fscan *fs, const char *name, size_t n, enum scan_kind kind, int line,
				const struct scan_cond *cond)
{
	struct scan_def *d = aalloc(fs->arena, sizeof(*d));
	struct scan_file *f = fs->f;

	memset(d, 0, sizeof(*d));
	d->name = astrndup(fs->arena, name, n);
	d->kind = kind;
	d->file = f;
	d->line = line;
	d->cond = cond;
	if (f->ndefs == fs->ndefs_cap) {
		fs->ndefs_cap = fs->ndefs_cap ? fs->ndefs_cap * 2 : 16;
		f->defs = xrealloc(f->defs, fs->ndefs_cap * sizeof(*f->defs));
	}
	f->defs[f->ndefs++] = d;
	fs->seq++;
	return d;
}

static struct scan_def *new_tag_def(struct fscan *fs, const struct dtok *kw, const struct dtok *name, int fwd)
{
	static const enum scan_kind kinds[2][3] = {
		{ SCAN_STRUCT, SCAN_UNION, SCAN_ENUM },
		{ SCAN_STRUCT_FWD, SCAN_UNION_FWD, SCAN_ENUM_FWD },
	};
	char *full = scratch(fs, kw->n + 1 + name->n);
	int k = kw->s[0] == 's' ? 0 : kw->s[0] == 'u' ? 1 : 2;	/* struct, union, enum */

	memcpy(full, kw->s, kw->n);
	full[kw->n] = ' ';
	memcpy(full + kw->n + 1, name->s, name->n);
	return new_def(fs, full, kw->n + 1 + name->n, kinds[fwd][k], name->line, name->cond);
}

/* --- conditions --- */

/* Is e one operand: a name, a number, defined(X), f(...) or (...)? */
static int is_primary(const char *e)
{
	const char *p = e;
	int depth;

	if (*p == '!')
		return 0;
	if (*p == '(')
		goto paren;
	if (!*p)
		return 0;
	while (*p && (p[0] == '_' || (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') ||
		      (p[0] >= '0' && p[0] <= '9')))
		p++;
	if (p == e)
		return 0;
	if (!*p)
		return 1;
	if (starts_with(e, "defined ") && p == e + 7) {
		p++;
		while (*p && (p[0] == '_' || (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') ||
			      (p[0] >= '0' && p[0] <= '9')))
			p++;
		return !*p;
	}
	if (*p == ' ')
		p++;
	if (*p != '(')
		return 0;
paren:
	for (depth = 0; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p[1] == '\0';
	}
	return 0;
}

static int needs_parens(const char *e)
{
	if (is_primary(e) || (e[0] == '!' && is_primary(e + 1)))
		return 0;
	return strstr(e, "||") || strchr(e, '?');
}

static void add_conjunct(struct strbuf *sb, const char *e)
{
	if (sb->len)
		sb_add(sb, " && ");
	if (needs_parens(e))
		sb_addf(sb, "(%s)", e);
	else
		sb_add(sb, e);
}

static void add_negation(struct strbuf *sb, const char *e)
{
	if (sb->len)
		sb_add(sb, " && ");
	if (e[0] == '!' && is_primary(e + 1))
		sb_add(sb, e + 1);
	else if (is_primary(e))
		sb_addf(sb, "!%s", e);
	else
		sb_addf(sb, "!(%s)", e);
}

char *scan_cond_chain(const struct scan_cond *c)
{
	if (!c)
		return xstrdup("");
	/* a single level needs no parentheses */
	return xstrdup(c->parent ? c->chain : c->text);
}

struct ifexpr *scan_cond_ast(const struct scan_file *f, const struct scan_cond *c, struct ifx_error *err)
{
	struct loc loc = { f->path, c->line, 1 };

	return ifexpr_parse(c->text, strlen(c->text), &loc, IFX_CPP, NULL, NULL, err);
}

static int is_asm_text(const char *t)
{
	return !strcmp(t, "defined(__ASSEMBLY__)") || !strcmp(t, "defined(__ASSEMBLER__)") ||
	       !strcmp(t, "defined __ASSEMBLY__") || !strcmp(t, "defined __ASSEMBLER__") ||
	       !strcmp(t, "__ASSEMBLY__") || !strcmp(t, "__ASSEMBLER__");
}

static struct scan_cond *new_cond(struct fscan *fs, const struct scan_cond *parent, const char *text,
				  int group, int branch, int line)
{
	struct scan_cond *c = aalloc(fs->arena, sizeof(*c));

	c->parent = parent;
	c->text = text;
	c->group = group;
	c->branch = branch;
	c->line = line;
	c->is_asm = (parent && parent->is_asm) || is_asm_text(text);
	{
		struct strbuf sb;

		sb_init(&sb);
		if (parent)
			sb_add(&sb, parent->chain);
		add_conjunct(&sb, text);
		c->chain = astrndup(fs->arena, sb.buf, sb.len);
		sb_release(&sb);
	}
	return c;
}

static void skip_file(struct fscan *fs, int why, const char *at)
{
	if (!fs->skip) {
		fs->skip = why;
		fs->skip_at = at;
	}
}

static struct frame *top_frame(struct fscan *fs)
{
	return fs->nframes ? &fs->frames[fs->nframes - 1] : NULL;
}

static void reset_decl(struct fscan *fs)
{
	int i;

	fs->ndecl = 0;
	fs->paren = 0;
	fs->decl_gen++;
	for (i = 0; i < fs->nalts; i++)
		free(fs->alts[i].toks);
	fs->nalts = 0;
}

/* The line a directive ends on: it continues over backslash-newlines
 * and comments. */
static int last_line(const struct clex_tok *pp)
{
	const char *p = pp->s, *end = pp->s + pp->n;
	int line = pp->line;

	while ((p = memchr(p, '\n', end - p))) {
		line++;
		p++;
	}
	return line;
}

/* Another branch of group g, whose directive is pp. */
static void add_end(struct fscan *fs, struct scan_group *g, const struct clex_tok *pp)
{
	int *ends = aalloc(fs->arena, (g->nbranches + 1) * sizeof(*ends));

	if (g->nbranches)	/* memcpy() wants a pointer even for 0 bytes */
		memcpy(ends, g->ends, g->nbranches * sizeof(*ends));
	ends[g->nbranches++] = last_line(pp);
	g->ends = ends;
}

static void push_if(struct fscan *fs, const char *expr, const struct clex_tok *pp, int guard)
{
	struct scan_file *f = fs->f;
	struct frame *fr;
	struct scan_group *g;
	int line = pp->line;

	if (fs->nframes >= SCAN_MAX_DEPTH) {
		skip_file(fs, SKIP_DEEP_IF, pp->s);
		return;
	}
	if (fs->nframes == fs->capframes) {
		fs->capframes = fs->capframes ? fs->capframes * 2 : 16;
		fs->frames = xrealloc(fs->frames, fs->capframes * sizeof(*fs->frames));
	}
	fr = &fs->frames[fs->nframes++];
	memset(fr, 0, sizeof(*fr));
	fr->saved_cur = fs->cur;
	fr->guard = guard;
	fr->group = -1;
	if (!guard) {	/* the include guard is no condition */
		if (f->ngroups == fs->ngroups_cap) {
			fs->ngroups_cap = fs->ngroups_cap ? fs->ngroups_cap * 2 : 8;
			f->groups = xrealloc(f->groups, fs->ngroups_cap * sizeof(*f->groups));
		}
		fr->group = f->ngroups++;
		g = &f->groups[fr->group];
		memset(g, 0, sizeof(*g));
		g->line = line;
		add_end(fs, g, pp);
	}
	fr->exprs = aalloc(fs->arena, sizeof(char *));
	fr->exprs[0] = expr;
	fr->nexprs = 1;
	if (!guard) {
		fr->node = new_cond(fs, fs->cur, expr, fr->group, 0, line);
		fs->cur = fr->node;
	}
	fr->depth_at_if = fs->depth;
	fr->decl_gen = fs->decl_gen;
	fr->decl_len = fs->ndecl;
	fr->paren_at_if = fs->paren;
}

static void add_branch(struct fscan *fs, const char *expr, const struct clex_tok *pp)
{
	struct frame *fr = top_frame(fs);
	struct scan_group *g;
	struct strbuf sb;
	const char **exprs;
	int i;

	if (!fr)
		return;
	if (fr->guard) {
		fs->guard_bad = 1;
		return;
	}
	g = &fs->f->groups[fr->group];
	sb_init(&sb);
	for (i = 0; i < fr->nexprs; i++)
		add_negation(&sb, fr->exprs[i]);
	if (expr) {
		add_conjunct(&sb, expr);
		exprs = aalloc(fs->arena, (fr->nexprs + 1) * sizeof(char *));
		memcpy(exprs, fr->exprs, fr->nexprs * sizeof(char *));
		exprs[fr->nexprs++] = expr;
		fr->exprs = exprs;
	} else {
		g->has_else = 1;
	}
	fr->node = new_cond(fs, fr->node->parent, astrndup(fs->arena, sb.buf, sb.len), fr->group, g->nbranches,
			    pp->line);
	add_end(fs, g, pp);
	sb_release(&sb);
	fs->cur = fr->node;
	/* braces and the pending declaration start over from the #if */
	if (!fr->seen_else) {
		fr->seen_else = 1;
		fr->depth_first_end = fs->depth;
	}
	if (fs->depth == 0 && fr->depth_at_if == 0 && fs->decl_gen == fr->decl_gen && fs->ndecl >= fr->decl_len) {
		if (fs->ndecl > fr->decl_len && !fr->alt) {
			fr->nalt = fs->ndecl - fr->decl_len;
			fr->alt = xmalloc(fr->nalt * sizeof(*fr->alt));
			memcpy(fr->alt, fs->decl + fr->decl_len, fr->nalt * sizeof(*fr->alt));
		}
		fs->ndecl = fr->decl_len;
		fs->paren = fr->paren_at_if;
	}
	fs->depth = fr->depth_at_if;
}

static void pop_if(struct fscan *fs, int line)
{
	struct frame *fr = top_frame(fs);

	if (!fr)
		return;
	if (!fr->guard) {
		fs->f->groups[fr->group].endif_line = line;
	} else {
		/* the guard's #endif must end the file */
		struct clex peek = fs->lx;
		struct clex_tok t;

		if (clex_next(&peek, &t) != CT_EOF)
			fs->guard_bad = 1;
	}
	if (fr->seen_else)
		fs->depth = fr->depth_first_end;
	if (fr->alt) {
		if (fs->depth == 0 && fs->decl_gen == fr->decl_gen && fs->ndecl >= fr->decl_len) {
			struct alt *a;

			fs->alts = xrealloc(fs->alts, (fs->nalts + 1) * sizeof(*fs->alts));
			a = &fs->alts[fs->nalts++];
			a->pos = fr->decl_len;
			a->replaced = fs->ndecl - fr->decl_len;
			a->toks = fr->alt;
			a->n = fr->nalt;
		} else {
			free(fr->alt);
		}
	}
	fs->cur = fr->saved_cur;
	fs->nframes--;
}

/* --- directives --- */

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static void do_define(struct fscan *fs, const char *rest, const char *end, int line)
{
	struct clex lx;
	struct clex_tok name, t;
	struct scan_def *d;
	const char *body;

	clex_init(&lx, rest, end - rest, line, 1);
	if (clex_next(&lx, &name) != CT_IDENT)
		return;
	if (fs->ntoks == 2 && fs->guard_candidate) {
		if (name.n == (size_t)fs->guard_candidate_n && !memcmp(name.s, fs->guard_candidate, name.n) &&
		    (name.s + name.n >= end || name.s[name.n] != '(')) {
			fs->f->guard = astrndup(fs->arena, name.s, name.n);
			return;
		}
		fs->guard_bad = 1;	/* "#ifndef X" then "#define Y": no guard */
	}
	if (name.s + name.n < end && name.s[name.n] == '(') {
		const char *params[64];
		size_t lens[64];
		int n = 0, i;

		clex_next(&lx, &t);	/* ( */
		while (clex_next(&lx, &t) != CT_EOF) {
			if (t.kind == CT_PUNCT && tok_is(t.s, t.n, ")"))
				break;
			if (tok_is(t.s, t.n, "...") && n > 0 && params[n - 1] + lens[n - 1] == t.s) {
				lens[n - 1] += 3;	/* "args..." */
			} else if ((t.kind == CT_IDENT || tok_is(t.s, t.n, "...")) && n < 64) {
				params[n] = t.s;
				lens[n++] = t.n;
			}
		}
		d = new_def(fs, name.s, name.n, SCAN_MACRO, line, fs->cur);
		d->args = aalloc(fs->arena, (n ? n : 1) * sizeof(char *));
		for (i = 0; i < n; i++)
			d->args[i] = astrndup(fs->arena, params[i], lens[i]);
		d->nargs = n;
		body = t.kind == CT_EOF ? end : t.s + t.n;
	} else {
		d = new_def(fs, name.s, name.n, SCAN_DEFINE, line, fs->cur);
		body = name.s + name.n;
	}
	d->value = normalized(fs, body, end);
}

static void do_include(struct fscan *fs, const char *rest, const char *end, int line)
{
	const char *p = skip_blanks(rest, end), *q;
	struct scan_file *f = fs->f;
	struct scan_include *inc;
	char close;

	if (p >= end || (*p != '<' && *p != '"'))
		return;
	close = *p == '<' ? '>' : '"';
	for (q = p + 1; q < end && *q != close && *q != '\n'; q++)
		;
	if (q >= end || *q != close)
		return;
	if (f->nincludes == fs->nincludes_cap) {
		fs->nincludes_cap = fs->nincludes_cap ? fs->nincludes_cap * 2 : 8;
		f->includes = xrealloc(f->includes, fs->nincludes_cap * sizeof(*f->includes));
	}
	inc = &f->includes[f->nincludes++];
	inc->name = astrndup(fs->arena, p + 1, q - p - 1);
	inc->line = line;
	inc->system = *p == '<';
	inc->cond = fs->cur;
}

/* The name after #ifdef/#ifndef/#undef. */
static int directive_name(const char *rest, const char *end, int line, struct clex_tok *t)
{
	struct clex lx;

	clex_init(&lx, rest, end - rest, line, 1);
	return clex_next(&lx, t) == CT_IDENT;
}

/* "#if !defined(X)" or "#if !defined X": X (in the arena), for guard
 * detection; NULL for any other condition. */
static const char *negated_defined(struct fscan *fs, const char *rest, const char *end, int line)
{
	struct loc loc = { fs->f->path, line, 1 };
	struct ifx_error err;
	struct ifexpr *e = ifexpr_parse(rest, end - rest, &loc, IFX_CPP, NULL, NULL, &err);
	const char *x = NULL;

	if (e && e->op == IFX_NOT && !e->parens && e->l->op == IFX_DEFINED && !e->l->parens)
		x = astrdup(fs->arena, e->l->text);
	ifexpr_free(e);
	return x;
}

static void directive(struct fscan *fs, const struct clex_tok *pp)
{
	struct clex_tok name, x;
	const char *rest, *end;
	int rline, line = pp->line;

	clex_directive(pp, &name, &rest, &end, &rline);
	if (name.kind != CT_IDENT)
		return;
#define IS(w) tok_is(name.s, name.n, w)
	if (IS("define")) {
		do_define(fs, rest, end, line);
	} else if (IS("include") || IS("include_next")) {
		do_include(fs, rest, end, line);
	} else if (IS("ifdef") || IS("ifndef")) {
		int neg = IS("ifndef");
		char *e;

		if (!directive_name(rest, end, rline, &x)) {
			push_if(fs, normalized(fs, rest, end), pp, 0);
			return;
		}
		e = aalloc(fs->arena, x.n + 11);
		sprintf(e, "%sdefined(%.*s)", neg ? "!" : "", (int)x.n, x.s);
		if (neg && fs->ntoks == 1 && fs->allow_guard) {
			fs->guard_candidate = x.s;
			fs->guard_candidate_n = (int)x.n;
			push_if(fs, e, pp, 1);
		} else {
			push_if(fs, e, pp, 0);
		}
	} else if (IS("if")) {
		const char *e = normalized(fs, rest, end), *g;

		if (fs->ntoks == 1 && fs->allow_guard && (g = negated_defined(fs, rest, end, rline))) {
			fs->guard_candidate = g;
			fs->guard_candidate_n = (int)strlen(g);
			push_if(fs, e, pp, 1);
		} else {
			push_if(fs, e, pp, 0);
		}
	} else if (IS("elif")) {
		add_branch(fs, normalized(fs, rest, end), pp);
	} else if (IS("elifdef") || IS("elifndef")) {
		char *e;

		if (!directive_name(rest, end, rline, &x))
			return;
		e = aalloc(fs->arena, x.n + 11);
		sprintf(e, "%sdefined(%.*s)", IS("elifndef") ? "!" : "", (int)x.n, x.s);
		add_branch(fs, e, pp);
	} else if (IS("else")) {
		add_branch(fs, NULL, pp);
	} else if (IS("endif")) {
		pop_if(fs, line);
	} else if (IS("undef")) {
		if (directive_name(rest, end, rline, &x)) {
			fs->undefs = xrealloc(fs->undefs, (fs->nundefs + 1) * sizeof(*fs->undefs));
			fs->undefs[fs->nundefs].name = x.s;
			fs->undefs[fs->nundefs].n = (int)x.n;
			fs->undefs[fs->nundefs++].line = line;
		}
	}
#undef IS
}

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

static void record_function(struct fscan *fs, const struct dtok *t, int n, int name, int ret_lo, int body)
{
	int open = name + 1, close = closing(t, open, n), k, start, nargs = 0, ok = 1;
	const char *args[128];
	struct scan_def *d = new_def(fs, t[name].s, t[name].n, body ? SCAN_FUNC : SCAN_PROTO, t[name].line,
				     t[name].cond);

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

				if (!a || nargs == 128)
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
			record_function(fs, t, m, name, ret_lo, body);
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

static void c_token(struct fscan *fs, const struct clex_tok *t)
{
	char c = t->kind == CT_PUNCT && t->n == 1 ? t->s[0] : 0;

	if (fs->depth > 0) {
		if (c == '{') {
			fs->depth++;
		} else if (c == '}' && --fs->depth == 0) {
			if (fs->body_continue)
				push_tok(fs, t, DT_BODY);
			else
				reset_decl(fs);
		}
		return;
	}
	if (c == '{' && fs->paren == 0) {
		if (tag_head(fs) || has_top_level_assign(fs)) {
			fs->body_continue = 1;
		} else {
			process_decl(fs, 1);
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

/* --- files --- */

static int def_cmp(const void *a, const void *b)
{
	const struct scan_def *x = *(const struct scan_def *const *)a, *y = *(const struct scan_def *const *)b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x < y ? -1 : x > y;	/* arena order is creation order within a file */
}

static void reset_file(struct fscan *fs)
{
	struct scan_file *f = fs->f;

	f->ndefs = 0;
	f->nincludes = 0;
	f->ngroups = 0;
	f->guard = NULL;
	fs->nundefs = 0;
	while (fs->nframes) {
		free(fs->frames[fs->nframes - 1].alt);
		fs->nframes--;
	}
	fs->cur = NULL;
	fs->depth = 0;
	fs->body_continue = 0;
	reset_decl(fs);
	fs->guard_candidate = NULL;
	fs->guard_bad = 0;
	fs->ntoks = 0;
	fs->saw_asm = 0;
	fs->skip = SKIP_NONE;
	fs->skip_at = NULL;
}

/* ".macro" at the start of a line: assembler, in a header included from
 * .S files without an __ASSEMBLY__ guard. */
static int asm_directive(const char *text, size_t len, const struct clex_tok *t)
{
	const char *b = t->s;

	if (t->kind != CT_PUNCT || t->n != 1 || t->s[0] != '.' || (size_t)(t->s - text) + 7 > len ||
	    memcmp(t->s + 1, "macro", 5) || (t->s[6] != ' ' && t->s[6] != '\t'))
		return 0;
	while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	return b == text || b[-1] == '\n';
}

static int scan_text(struct fscan *fs, const char *text, size_t len)
{
	struct clex_tok t;

	reset_file(fs);
	clex_init(&fs->lx, text, len, 1, 0);
	while (clex_next(&fs->lx, &t) != CT_EOF) {
		fs->ntoks++;
		if (fs->ntoks == 2 && fs->guard_candidate) {
			struct clex_tok name;
			const char *rest, *end;
			int rl;

			if (t.kind == CT_PP) {
				clex_directive(&t, &name, &rest, &end, &rl);
				if (!tok_is(name.s, name.n, "define"))
					fs->guard_bad = 1;
			} else {
				fs->guard_bad = 1;
			}
		}
		if (t.kind == CT_PP)
			directive(fs, &t);
		else if (!fs->asm_file && !(fs->cur && fs->cur->is_asm)) {
			if (asm_directive(text, len, &t))
				fs->saw_asm = 1;
			c_token(fs, &t);
		}
		if (fs->guard_bad)
			return -1;
		if (fs->skip)
			return 0;
	}
	if (fs->guard_candidate && !fs->f->guard)
		return -1;
	if (fs->saw_asm && !fs->asm_file) {
		fs->asm_file = 1;
		return -1;
	}
	return 0;
}

static int undef_name_cmp(const char *name, const struct undef *u)
{
	int c = strncmp(name, u->name, u->n);

	return c ? c : (unsigned char)name[u->n];
}

static int undef_cmp(const void *a, const void *b)
{
	const struct undef *x = a, *y = b;
	int c = strncmp(x->name, y->name, x->n < y->n ? x->n : y->n);

	if (c)
		return c;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static void scan_file_text(struct fscan *fs, struct scan_file *f, const char *text, size_t len)
{
	int j;

	fs->f = f;
	fs->allow_guard = 1;
	fs->asm_file = 0;
	/* again if the guard was no guard, or the C was assembler; each
	 * retry turns one of the two off for good, so this ends */
	while (scan_text(fs, text, len)) {
		if (!fs->saw_asm)
			fs->allow_guard = 0;
		else
			fs->asm_file = 1;
	}
	while (fs->nframes) {	/* unterminated #if */
		free(fs->frames[fs->nframes - 1].alt);
		fs->nframes--;
	}
	reset_decl(fs);
	/* qsort() and memcpy() want a pointer even for 0 elements */
	if (f->ndefs)
		qsort(f->defs, f->ndefs, sizeof(*f->defs), def_cmp);
	if (fs->nundefs) {
		qsort(fs->undefs, fs->nundefs, sizeof(*fs->undefs), undef_cmp);
		for (j = 0; j < f->ndefs; j++) {
			struct scan_def *d = (struct scan_def *)f->defs[j];
			int lo = 0, hi = fs->nundefs;

			if (d->kind != SCAN_MACRO && d->kind != SCAN_DEFINE)
				continue;
			/* the first #undef of this name after the definition */
			while (lo < hi) {
				int mid = (lo + hi) / 2, c = undef_name_cmp(d->name, &fs->undefs[mid]);

				if (c > 0 || (c == 0 && fs->undefs[mid].line <= d->line))
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < fs->nundefs && !undef_name_cmp(d->name, &fs->undefs[lo]))
				d->undef_line = fs->undefs[lo].line;
		}
	}
}

static char *slurp_at(int dirfd, const char *path, size_t *len, char **bufp, size_t *capp)
{
	struct stat st;
	char *buf;
	ssize_t r;
	size_t got = 0;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st)) {
		close(fd);
		return NULL;
	}
	if ((size_t)st.st_size + 1 > *capp) {
		*capp = (size_t)st.st_size + 1 + 65536;
		free(*bufp);
		*bufp = xmalloc(*capp);
	}
	buf = *bufp;
	while (got < (size_t)st.st_size) {
		r = read(fd, buf + got, st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += r;
	}
	close(fd);
	buf[got] = '\0';
	*len = got;
	return buf;
}

static void fscan_release(struct fscan *fs)
{
	free(fs->frames);
	free(fs->decl);
	free(fs->alts);
	free(fs->undefs);
	free(fs->buf);
}

/* --- building the index --- */

static int path_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* While building, names are found through this open-addressing table:
 * uthash's chains cost a cache miss per step, and every definition is
 * looked up once.  Each distinct name is then added to the uthash index
 * once, which needs no lookup. */
struct name_slot {
	unsigned hash;
	struct name_entry *e;
};

struct name_table {
	struct name_slot *slots;
	size_t mask, used;
};

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct name_entry **name_slot(struct name_table *t, const char *name, unsigned h)
{
	size_t i = h & t->mask;

	while (t->slots[i].e && (t->slots[i].hash != h || strcmp(t->slots[i].e->name, name)))
		i = (i + 1) & t->mask;
	t->slots[i].hash = h;
	return &t->slots[i].e;
}

static void name_table_grow(struct name_table *t)
{
	struct name_table bigger;
	size_t i;

	bigger.mask = t->slots ? t->mask * 2 + 1 : 4095;
	bigger.slots = xcalloc(bigger.mask + 1, sizeof(*bigger.slots));
	bigger.used = t->used;
	for (i = 0; t->slots && i <= t->mask; i++)
		if (t->slots[i].e)
			*name_slot(&bigger, t->slots[i].e->name, t->slots[i].hash) = t->slots[i].e;
	free(t->slots);
	*t = bigger;
}

/* Add d to the list of its name. */
static void index_def(struct scan_index *ix, struct name_table *t, struct scan_def *d)
{
	unsigned h = name_hash(d->name);
	struct name_entry **slot, *e;

	if (!t->slots || (t->used + 1) * 2 > t->mask)
		name_table_grow(t);
	slot = name_slot(t, d->name, h);
	e = *slot;
	if (!e) {
		e = aalloc(&ix->arena, sizeof(*e));
		memset(e, 0, sizeof(*e));
		e->name = d->name;
		e->first = d;
		*slot = e;
		t->used++;
		HASH_ADD_KEYPTR(hh, ix->names, e->name, strlen(e->name), e);
	} else {
		e->last->next = d;
	}
	e->last = d;
}

/* Files are scanned by worker threads, each with its own arena and
 * buffers, taking the next file from a shared counter; the index is then
 * built in path order, so the result does not depend on the threads. */
struct skip {
	int err;		/* errno: the file could not be read */
	int why;		/* else SKIP_*, at loc (file set by build()) */
	struct loc loc;
};

struct worker {
	struct scan_index *ix;
	int dirfd;
	pthread_mutex_t *lock;
	int *next;
	struct arena arena;
	struct skip *skips;	/* per file: why it was not indexed */
};

static void *worker_run(void *p)
{
	struct worker *w = p;
	struct fscan fs;
	char *filebuf = NULL;
	size_t filecap = 0;

	memset(&fs, 0, sizeof(fs));
	fs.arena = &w->arena;
	for (;;) {
		struct scan_file *f;
		size_t len;
		char *text, *nul;
		int i;

		pthread_mutex_lock(w->lock);
		i = (*w->next)++;
		pthread_mutex_unlock(w->lock);
		if (i >= w->ix->nfiles)
			break;
		f = w->ix->files[i];
		text = w->dirfd < 0 ? NULL : slurp_at(w->dirfd, f->path, &len, &filebuf, &filecap);
		if (!text) {
			w->skips[i].err = w->dirfd < 0 ? EBADF : errno;
			f->unreadable = 1;
			continue;
		}
		fs.ndefs_cap = fs.nincludes_cap = fs.ngroups_cap = 0;
		fs.f = f;
		nul = memchr(text, '\0', len);
		if (nul) {
			fs.skip = SKIP_NUL;
			fs.skip_at = nul;
		} else {
			scan_file_text(&fs, f, text, len);
		}
		if (fs.skip) {
			w->skips[i].why = fs.skip;
			text_loc(&w->skips[i].loc, text, fs.skip_at);
			reset_file(&fs);	/* nothing of it in the index */
			f->unreadable = 1;
		}
	}
	fscan_release(&fs);
	free(filebuf);
	return NULL;
}

/* In the main thread, so that messages do not interleave. */
static void report_skip(const char *tree, const struct scan_file *f, struct skip *s)
{
	char *path;

	if (!s->why) {
		error("cannot read %s/%s: %s", tree, f->path, strerror(s->err));
		return;
	}
	path = xasprintf("%s/%s", tree, f->path);
	s->loc.file = path;
	if (s->why == SKIP_NUL)
		nul_error(&s->loc, "a C header");
	else
		error_at(&s->loc, "%s nested deeper than %d levels", s->why == SKIP_DEEP_IF ? "#if" : "brackets",
			 SCAN_MAX_DEPTH);
	note_at(&s->loc, "%s is not indexed", f->path);
	free(path);
}

static int nthreads_for(int nfiles)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (nfiles < 256 || n < 2)
		return 1;
	return n > 8 ? 8 : (int)n;
}

static struct scan_index *build(const char *tree, char **relpaths, int n)
{
	struct scan_index *ix = xcalloc(1, sizeof(*ix));
	char **sorted = xmalloc((n ? n : 1) * sizeof(char *));
	struct name_table names = { NULL, 0, 0 };
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct worker workers[8];
	pthread_t threads[8];
	int dirfd, i, j, next = 0, nthreads;
	struct skip *skips;

	words_init();
	if (n) {
		memcpy(sorted, relpaths, n * sizeof(char *));
		qsort(sorted, n, sizeof(char *), path_cmp);
	}
	dirfd = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		error("cannot open %s: %s", tree, strerror(errno));
	ix->files = xmalloc((n ? n : 1) * sizeof(*ix->files));
	for (i = 0; i < n; i++) {
		struct scan_file *f;
		char *inc;

		if (i > 0 && !strcmp(sorted[i], sorted[i - 1]))
			continue;
		f = aalloc(&ix->arena, sizeof(*f));
		memset(f, 0, sizeof(*f));
		f->path = astrdup(&ix->arena, sorted[i]);
		inc = scan_include_name(f->path);
		f->include_name = inc ? astrdup(&ix->arena, inc) : NULL;
		free(inc);
		ix->files[ix->nfiles++] = f;
	}
	skips = xcalloc(ix->nfiles + 1, sizeof(*skips));
	nthreads = nthreads_for(ix->nfiles);
	for (i = 0; i < nthreads; i++) {
		memset(&workers[i], 0, sizeof(workers[i]));
		workers[i].ix = ix;
		workers[i].dirfd = dirfd;
		workers[i].lock = &lock;
		workers[i].next = &next;
		workers[i].skips = skips;
	}
	for (i = 1; i < nthreads; i++)
		if (pthread_create(&threads[i], NULL, worker_run, &workers[i]))
			break;
	worker_run(&workers[0]);	/* this thread works too */
	for (j = 1; j < i; j++)
		pthread_join(threads[j], NULL);
	for (i = 0; i < nthreads; i++) {
		/* the workers' memory now belongs to the index */
		struct chunk *c = workers[i].arena.head;

		while (c && c->next)
			c = c->next;
		if (c) {
			c->next = ix->arena.head ? ix->arena.head->next : NULL;
			if (ix->arena.head)
				ix->arena.head->next = workers[i].arena.head;
			else
				ix->arena.head = workers[i].arena.head;
		}
	}
	for (i = 0; i < ix->nfiles; i++) {
		struct scan_file *f = ix->files[i];

		if (f->unreadable) {
			report_skip(tree, f, &skips[i]);
			ix->stats.unreadable++;
		}
		HASH_ADD_KEYPTR(hh, ix->file_index, f->path, strlen(f->path), f);
		ix->stats.defs += f->ndefs;
		ix->stats.includes += f->nincludes;
		for (j = 0; j < f->ndefs; j++)
			index_def(ix, &names, (struct scan_def *)f->defs[j]);
		if (f->include_name) {
			struct incname_entry *e;

			HASH_FIND_STR(ix->incnames, f->include_name, e);
			if (!e) {
				e = aalloc(&ix->arena, sizeof(*e));
				memset(e, 0, sizeof(*e));
				e->name = f->include_name;
				HASH_ADD_KEYPTR(hh, ix->incnames, e->name, strlen(e->name), e);
			}
			e->files = xrealloc(e->files, (e->n + 1) * sizeof(*e->files));
			e->files[e->n++] = f;
		}
	}
	ix->stats.files = ix->nfiles;
	free(skips);
	free(names.slots);
	if (dirfd >= 0)
		close(dirfd);
	free(sorted);
	return ix;
}

struct scan_index *scan_paths(const char *tree, char **relpaths, int n)
{
	return build(tree, relpaths, n);
}

/* Every *.h under tree/rel, as paths relative to tree (scan.h). */
void scan_list_headers(const char *tree, const char *rel, char ***out, int *n)
{
	char *dir = xasprintf("%s/%s", tree, rel);
	DIR *d = opendir(dir);
	struct dirent *de;

	free(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		char *sub;
		int type = de->d_type;

		if (de->d_name[0] == '.')
			continue;
		sub = xasprintf("%s/%s", rel, de->d_name);
		if (type == DT_UNKNOWN) {
			struct stat st;
			char *full = xasprintf("%s/%s", tree, sub);

			type = lstat(full, &st) ? DT_UNKNOWN : S_ISDIR(st.st_mode) ? DT_DIR :
			       S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
			free(full);
		}
		if (type == DT_DIR) {
			scan_list_headers(tree, sub, out, n);
			free(sub);
		} else if (type == DT_REG && ends_with(de->d_name, ".h")) {
			*(char **)push(out, n, sizeof(char *)) = sub;
		} else {
			free(sub);
		}
	}
	closedir(d);
}

struct scan_index *scan_tree(const char *tree)
{
	char **paths = NULL, *inc = xasprintf("%s/include", tree);
	struct scan_index *ix;
	struct stat st;
	DIR *d;
	struct dirent *de;
	int n = 0, i;

	if (stat(inc, &st) || !S_ISDIR(st.st_mode)) {
		error("%s is not a kernel tree: it has no include/ dir", tree);
		free(inc);
		return NULL;
	}
	free(inc);
	scan_list_headers(tree, "include", &paths, &n);
	inc = xasprintf("%s/arch", tree);
	d = opendir(inc);
	free(inc);
	while (d && (de = readdir(d))) {
		char *rel;

		if (de->d_name[0] == '.')
			continue;
		rel = xasprintf("arch/%s/include", de->d_name);
		scan_list_headers(tree, rel, &paths, &n);
		free(rel);
	}
	if (d)
		closedir(d);
	ix = build(tree, paths, n);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return ix;
}

void scan_free(struct scan_index *ix)
{
	struct incname_entry *e, *tmp;
	int i;

	if (!ix)
		return;
	HASH_CLEAR(hh, ix->names);
	HASH_CLEAR(hh, ix->file_index);
	HASH_ITER(hh, ix->incnames, e, tmp) {
		HASH_DEL(ix->incnames, e);
		free(e->files);
	}
	for (i = 0; i < ix->nfiles; i++) {
		free(ix->files[i]->defs);
		free(ix->files[i]->includes);
		free(ix->files[i]->groups);
	}
	free(ix->files);
	arena_free(&ix->arena);
	free(ix);
}

const struct scan_def *scan_lookup(const struct scan_index *ix, const char *name)
{
	struct name_entry *e;

	HASH_FIND_STR(ix->names, name, e);
	return e ? e->first : NULL;
}

const struct scan_file *scan_file(const struct scan_index *ix, const char *relpath)
{
	struct scan_file *f;

	HASH_FIND_STR(ix->file_index, relpath, f);
	return f;
}

int scan_files_named(const struct scan_index *ix, const char *incname, const struct scan_file *const **files)
{
	struct incname_entry *e;

	HASH_FIND_STR(ix->incnames, incname, e);
	*files = e ? e->files : NULL;
	return e ? e->n : 0;
}

int scan_files(const struct scan_index *ix, const struct scan_file *const **files)
{
	*files = (const struct scan_file *const *)ix->files;
	return ix->nfiles;
}

void scan_get_stats(const struct scan_index *ix, struct scan_stats *st)
{
	*st = ix->stats;
}

char *scan_include_name(const char *p)
{
	const char *s = NULL;

	if (starts_with(p, "include/uapi/"))
		s = p + 13;
	else if (starts_with(p, "include/generated/uapi/"))
		s = p + 23;
	else if (starts_with(p, "include/"))
		s = p + 8;
	else if (starts_with(p, "arch/")) {
		const char *a = strchr(p + 5, '/');

		if (a && a > p + 5 && starts_with(a, "/include/")) {
			a += 9;
			if (starts_with(a, "uapi/"))
				a += 5;
			else if (starts_with(a, "generated/uapi/"))
				a += 15;
			else if (starts_with(a, "generated/"))
				a += 10;
			s = a;
		}
	}
	return s && *s ? xstrdup(s) : NULL;
}

char *scan_format_signature(const char *ret, const char *const *args, int nargs)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	sb_addf(&sb, "%s (", ret ? ret : "?");
	if (!nargs)
		sb_add(&sb, "void");
	for (i = 0; i < nargs; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", args[i]);
	sb_addc(&sb, ')');
	return sb_detach(&sb);
}

char *scan_def_signature(const struct scan_def *d)
{
	struct strbuf sb;
	int i;

	switch (d->kind) {
	case SCAN_FUNC:
	case SCAN_PROTO:
		return scan_format_signature(d->type, d->args, d->nargs);
	case SCAN_MACRO:
		sb_init(&sb);
		sb_addc(&sb, '(');
		for (i = 0; i < d->nargs; i++)
			sb_addf(&sb, "%s%s", i ? ", " : "", d->args[i]);
		sb_addc(&sb, ')');
		return sb_detach(&sb);
	case SCAN_DEFINE:
		return xstrdup(d->value ? d->value : "");
	case SCAN_VAR:
	case SCAN_TYPEDEF:
		return xstrdup(d->type ? d->type : "");
	default:
		return xstrdup("");
	}
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct name_entry *const *)a)->name, (*(const struct name_entry *const *)b)->name);
}

/* Append s with tabs and newlines turned into spaces. */
static void add_field(struct strbuf *sb, const char *s)
{
	size_t n = strcspn(s, "\t\n");

	while (s[n]) {
		sb_addn(sb, s, n);
		sb_addc(sb, ' ');
		s += n + 1;
		n = strcspn(s, "\t\n");
	}
	sb_addn(sb, s, n);
}

static void tsv_line(struct strbuf *sb, const struct scan_def *d)
{
	char num[16];

	add_field(sb, d->name);
	sb_addc(sb, '\t');
	sb_add(sb, scan_kind_name(d->kind));
	sb_addc(sb, '\t');
	sb_add(sb, d->file->path);
	sb_addn(sb, num, snprintf(num, sizeof(num), ":%d\t", d->line));
	if (d->cond)
		add_field(sb, d->cond->parent ? d->cond->chain : d->cond->text);
	sb_addc(sb, '\t');
	switch (d->kind) {
	case SCAN_DEFINE:
		add_field(sb, d->value);
		break;
	case SCAN_VAR:
	case SCAN_TYPEDEF:
		if (d->type)
			add_field(sb, d->type);
		break;
	case SCAN_FUNC:
	case SCAN_PROTO:
	case SCAN_MACRO: {
		char *sig = scan_def_signature(d);

		add_field(sb, sig);
		free(sig);
		break;
	}
	default:
		break;
	}
	sb_addc(sb, '\n');
}

/* By name; a name's definitions are already in (path, line) order. */
char *scan_tsv(const struct scan_index *ix)
{
	struct name_entry **all = xmalloc((HASH_COUNT(ix->names) + 1) * sizeof(*all)), *e, *tmp;
	const struct scan_def *d;
	struct strbuf sb;
	int n = 0, i;

	HASH_ITER(hh, ix->names, e, tmp)
		all[n++] = e;
	qsort(all, n, sizeof(*all), name_cmp);
	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < n; i++)
		for (d = all[i]->first; d; d = d->next)
			tsv_line(&sb, d);
	free(all);
	return sb_detach(&sb);
}
