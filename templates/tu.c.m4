m4_divert(-1)
One translation unit: includes one header, twice, and uses every symbol the
catalog says it provides under this arch and config.

Data (see gen/generate/emit.c), each read back by its name without the
m4_HT_ prefix: CATALOG HEADER ARCH CONFIG;
NCHECK and CHECK_<i>_{SYM,SET} for the config guard;
NSYM and SYM_<i>_{KIND,NAME,ID,TYPE,TYPE_DECL,SIG,NARGS,VOID,NOCALL};
SYM_<i>_ARG_<j>_DECL; NOUT and OUT_<i>_{KIND,NAME,WHY}.

m4_ht_s(I, FIELD): field of symbol I.
m4_define(⟦m4_ht_s⟧, ⟦m4_ht_get(⟦SYM_⟧$1⟦_⟧$2)⟧)

m4_ht_decl(I, J): argument J of symbol I, declared as parameter aJ.
m4_define(⟦m4_ht_decl⟧, ⟦m4_ht_s($1, ⟦ARG_⟧$2⟦_DECL⟧)m4_ifelse(m4_regexp(m4_ht_s($1, ⟦ARG_⟧$2⟦_DECL⟧), ⟦\*$⟧), -1, ⟦ ⟧)a$2⟧)
m4_define(⟦m4_ht_params⟧, ⟦m4_ifelse(m4_ht_s($1, NARGS), 0, ⟦void⟧,
	⟦m4_ht_for(⟦m4_ht_j⟧, 1, m4_ht_s($1, NARGS), ⟦m4_ifelse(m4_ht_j, 1, , ⟦, ⟧)m4_ht_decl($1, m4_ht_j)⟧)⟧)⟧)
m4_ht_types(I): the argument types alone, for a function pointer type.
m4_define(⟦m4_ht_types⟧, ⟦m4_ifelse(m4_ht_s($1, NARGS), 0, ⟦void⟧,
	⟦m4_ht_for(⟦m4_ht_j⟧, 1, m4_ht_s($1, NARGS), ⟦m4_ifelse(m4_ht_j, 1, , ⟦, ⟧)m4_ht_s($1, ⟦ARG_⟧m4_ht_j⟦_DECL⟧)⟧)⟧)⟧)
m4_define(⟦m4_ht_args⟧, ⟦m4_ht_for(⟦m4_ht_j⟧, 1, m4_ht_s($1, NARGS), ⟦m4_ifelse(m4_ht_j, 1, , ⟦, ⟧)a⟦⟧m4_ht_j⟧)⟧)

m4_ht_call_fn(I): "static __used RET hdrtest_use_ID(PARAMS)" and a body that calls it.
m4_define(⟦m4_ht_ret⟧, ⟦m4_ht_s($1, TYPE_DECL)m4_ifelse(m4_regexp(m4_ht_s($1, TYPE_DECL), ⟦\*$⟧), -1, ⟦ ⟧)⟧)
m4_define(⟦m4_ht_marker⟧, ⟦/* hdrtest-symbol m4_ht_s($1, NAME): m4_ht_s($1, KIND)m4_ifelse(m4_ht_s($1, SIG), , , ⟦ ⟧m4_ht_s($1, SIG)) */
⟧)
m4_define(⟦m4_ht_require_macro⟧, ⟦#ifndef m4_ht_s($1, NAME)
#error "m4_ht_get(HEADER) does not define the macro m4_ht_s($1, NAME)"
#endif
⟧)

A call of a function or function-like macro.  The result is returned as the
catalogued type: a macro has no type of its own, so what is checked is that
its result converts to that type without a diagnostic.
m4_define(⟦m4_ht_call_body⟧, ⟦m4_ifelse(m4_ht_s($1, VOID), 1, ⟦{
	m4_ht_s($1, NAME)(m4_ht_args($1));
}⟧, ⟦{
	return m4_ht_s($1, NAME)(m4_ht_args($1));
}⟧)⟧)
m4_define(⟦m4_ht_call_fn⟧, ⟦static __used m4_ht_ret($1)hdrtest_use_⟦⟧m4_ht_s($1, ID)(m4_ht_params($1))
m4_ht_call_body($1)
⟧)

A function must have exactly the catalogued type.  The function types are
compared, not pointers to them: GCC makes a function declared
__attribute_const__ or __noreturn a const or volatile function type, and
__builtin_types_compatible_p ignores such top-level qualifiers (clang
makes no such type), so that only the return and parameter types count.
m4_define(⟦m4_ht_fn_type⟧, ⟦_Static_assert(__builtin_types_compatible_p(typeof(m4_ht_s($1, NAME)), m4_ht_s($1, TYPE_DECL) (m4_ht_types($1))),
	       "m4_ht_s($1, NAME)(): not a function of the catalogued type m4_ht_s($1, SIG)");
⟧)

A symbol the catalog marks nocall is not called: a call with made-up
arguments trips a guard its header means (a __compiletime_error function,
BUILD_BUG_ON() on an argument).  NOCALL says why.  Its type is still
checked, typeof emits no code; with -Wdeprecated-declarations off, since
a deprecated function warns wherever it is named.
m4_define(⟦m4_ht_call_unless⟧, ⟦m4_ifelse(m4_ht_s($1, NOCALL), , ⟦m4_ht_call_fn($1)⟧, ⟦/* not called (nocall): m4_ht_s($1, NOCALL) */
⟧)⟧)
m4_define(⟦m4_ht_fn_type_unless⟧, ⟦m4_ifelse(m4_ht_s($1, NOCALL), , ⟦m4_ht_fn_type($1)⟧, ⟦#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
m4_ht_fn_type($1)m4_dnl
#pragma GCC diagnostic pop
⟧)⟧)

A call line declares the struct and union tags its parameters spell first
(FWD): where the call is a macro, its header need not declare them.
m4_define(⟦m4_ht_use_func⟧, ⟦m4_ht_marker($1)m4_ht_call_unless($1)m4_ht_fn_type_unless($1)⟧)
m4_define(⟦m4_ht_use_macro⟧, ⟦m4_ht_marker($1)m4_ht_require_macro($1)m4_ht_call_unless($1)⟧)
m4_define(⟦m4_ht_use_call⟧, ⟦m4_ht_marker($1)m4_ht_s($1, FWD)m4_ht_call_unless($1)m4_dnl
#ifndef m4_ht_s($1, NAME)
m4_ht_fn_type_unless($1)m4_dnl
#endif
⟧)
m4_define(⟦m4_ht_use_flag⟧, ⟦m4_ht_marker($1)m4_ht_require_macro($1)⟧)
m4_define(⟦m4_ht_use_const⟧, ⟦m4_ht_marker($1)m4_ht_require_macro($1)m4_dnl
static __used m4_ht_ret($1)hdrtest_use_⟦⟧m4_ht_s($1, ID)(void)
{
	return m4_ht_s($1, NAME);
}
⟧)
m4_define(⟦m4_ht_use_var⟧, ⟦m4_ht_marker($1)m4_dnl
static __used m4_ht_ret($1)*hdrtest_use_⟦⟧m4_ht_s($1, ID)(void)
{
	_Static_assert(__builtin_types_compatible_p(typeof(m4_ht_s($1, NAME)), m4_ht_s($1, TYPE_DECL)),
		       "m4_ht_s($1, NAME): not of the catalogued type m4_ht_s($1, TYPE)");
	return &m4_ht_s($1, NAME);
}
⟧)
A type is used by its size, so it must be complete; one the catalog marks
opaque (a typedef of a tag no header defines, by design) by a pointer to it.
m4_define(⟦m4_ht_use_type⟧, ⟦m4_ht_marker($1)m4_dnl
static __used unsigned long hdrtest_use_⟦⟧m4_ht_s($1, ID)(void)
{
m4_ifelse(m4_ht_s($1, OPAQUE), , ⟦	return sizeof(m4_ht_s($1, NAME));⟧, ⟦	/* by pointer (opaque): m4_ht_s($1, OPAQUE) */
	return sizeof(m4_ht_s($1, NAME) *);⟧)
}
⟧)

A name a macro's body uses must be declared once the header is included, as
a name a static inline function's body uses must be: typeof() takes a
function, variable, enumerator or typedef alike; a macro of that name is
enough.
m4_define(⟦m4_ht_uses_name⟧, ⟦#ifndef m4_ht_s($1, ⟦ARG_⟧$2⟦_NAME⟧)
static __used unsigned long hdrtest_use_⟦⟧m4_ht_s($1, ID)_⟦⟧$2(void)
{
	return sizeof(typeof(m4_ht_s($1, ⟦ARG_⟧$2⟦_NAME⟧)) *);
}
#endif
⟧)
m4_define(⟦m4_ht_use_uses⟧, ⟦m4_ht_marker($1)m4_ht_for(⟦m4_ht_j⟧, 1, m4_ht_s($1, NARGS), ⟦m4_ht_uses_name($1, m4_ht_j)⟧)⟧)

m4_define(⟦m4_ht_use⟧, ⟦m4_ifdef(⟦m4_ht_use_⟧m4_ht_s($1, KIND), ⟦m4_indir(⟦m4_ht_use_⟧m4_ht_s($1, KIND), $1)⟧,
	⟦m4_ht_fail(⟦unknown symbol kind ⟧m4_ht_s($1, KIND))⟧)⟧)

m4_define(⟦m4_ht_check⟧, ⟦m4_ifelse(m4_ht_get(⟦CHECK_⟧$1⟦_SET⟧), 1, ⟦#ifndef m4_ht_get(⟦CHECK_⟧$1⟦_SYM⟧)
#error "hdrtest: generated for a config with m4_ht_get(⟦CHECK_⟧$1⟦_SYM⟧) (arch m4_ht_get(ARCH), config m4_ht_get(CONFIG)) but compiled without it"
#endif
⟧, ⟦#ifdef m4_ht_get(⟦CHECK_⟧$1⟦_SYM⟧)
#error "hdrtest: generated for a config without m4_ht_get(⟦CHECK_⟧$1⟦_SYM⟧) (arch m4_ht_get(ARCH), config m4_ht_get(CONFIG)) but compiled with it"
#endif
⟧)⟧)

m4_define(⟦m4_ht_out⟧, ⟦ * m4_ht_get(⟦OUT_⟧$1⟦_KIND⟧) m4_ht_get(⟦OUT_⟧$1⟦_NAME⟧): m4_ht_get(⟦OUT_⟧$1⟦_WHY⟧)
⟧)
m4_divert(0)m4_dnl
/* Generated by hdrtest from m4_ht_get(CATALOG): do not edit.
 * header m4_ht_get(HEADER), arch m4_ht_get(ARCH), config m4_ht_get(CONFIG)
 *
 * Includes m4_ht_get(HEADER) alone (twice, so that a missing include guard
 * fails too) and uses every symbol it must provide under this config.
 */

/* Compiled under any other config, this file must not pass. */
m4_ht_for(⟦m4_ht_i⟧, 1, m4_ht_get(NCHECK), ⟦m4_ht_check(m4_ht_i)⟧)m4_dnl

#include <m4_ht_get(HEADER)>
#include <m4_ht_get(HEADER)>
m4_ht_for(⟦m4_ht_i⟧, 1, m4_ht_get(NSYM), ⟦
m4_ht_use(m4_ht_i)⟧)m4_dnl
m4_ifelse(m4_ht_get(NOUT), 0, , ⟦
/* Left out under arch m4_ht_get(ARCH), config m4_ht_get(CONFIG):
m4_ht_for(⟦m4_ht_i⟧, 1, m4_ht_get(NOUT), ⟦m4_ht_out(m4_ht_i)⟧) */
⟧)m4_dnl
