// SPDX-License-Identifier: GPL-2.0
/*
 * The words of C and of the kernel's annotations, each with its class
 * (W_*), looked up once per identifier token.  With the arena, the
 * bottom of the scanner's stack (scan_internal.h): it uses nothing of it.
 */
#include "scan/scan_internal.h"

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
