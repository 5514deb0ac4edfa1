// SPDX-License-Identifier: GPL-2.0
/*
 * The header scanner.  Each file is lexed once (gen/cpp/clex.c): directives
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
 *
 * This file holds the words, the state of one file's scan and the
 * reading of one file's text; scan_internal.h says where the rest is.
 */
#include "scan/scan_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* --- words --- */

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
	"__retain", "__diag_ignore", "__weakref", "__visibility", "__pass_object_size",
	"__pass_dynamic_object_size",
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

int word_class(const char *s, size_t n)
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

void words_init(void)
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

char *scratch(struct fscan *fs, size_t n)
{
	if (n + 1 > fs->bufcap) {
		fs->bufcap = (n + 1) * 2;
		fs->buf = xrealloc(fs->buf, fs->bufcap);
	}
	return fs->buf;
}

const char *normalized(struct fscan *fs, const char *s, const char *end)
{
	char *b = scratch(fs, end - s);
	size_t n = clex_normalize(s, end - s, b);

	return astrndup(fs->arena, b, n);
}

struct scan_def *new_def(struct fscan *fs, const char *name, size_t n, enum scan_kind kind, int line,
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

struct scan_def *new_tag_def(struct fscan *fs, const struct dtok *kw, const struct dtok *name, int fwd)
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

/* --- files --- */

static int def_cmp(const void *a, const void *b)
{
	const struct scan_def *x = *(const struct scan_def *const *)a, *y = *(const struct scan_def *const *)b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x < y ? -1 : x > y;	/* arena order is creation order within a file */
}

void reset_file(struct fscan *fs)
{
	struct scan_file *f = fs->f;

	f->ndefs = 0;
	f->nincludes = 0;
	f->ngroups = 0;
	f->guard = NULL;
	f->code_line = 0;
	fs->nundefs = 0;
	fs->nannots = 0;
	while (fs->nframes) {
		free(fs->frames[fs->nframes - 1].alt);
		fs->nframes--;
	}
	fs->cur = NULL;
	fs->depth = 0;
	fs->body_continue = 0;
	fs->body_from = fs->body_to = 0;
	fs->ncalls = 0;
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
			if (!fs->f->code_line)
				fs->f->code_line = t.line;
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

void scan_file_text(struct fscan *fs, struct scan_file *f, const char *text, size_t len)
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

char *slurp_at(int dirfd, const char *path, size_t *len, char **bufp, size_t *capp)
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

void fscan_release(struct fscan *fs)
{
	free(fs->frames);
	free(fs->decl);
	free(fs->alts);
	free(fs->undefs);
	free(fs->buf);
	free(fs->calls);
}
