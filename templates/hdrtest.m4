m4_divert(-1)
This file is read first by every hdrtest m4 run (m4 -P -E).  It sets the
quote characters once, for good: U+27E6 and U+27E7 are not ASCII, so they
cannot occur in C, in a template's C text, or in a validated catalog entry.
Comments are switched off so that '#include' and '#error' are plain text.
m4_changequote(`⟦', `⟧')
m4_changecom()

Every name m4 treats as a macro while rendering begins with m4_: its
builtins under -P, and everything hdrtest defines: the templates' macros
m4_ht_*, their loop variables m4_ht_i and m4_ht_j, the data m4_HT_*.  No
catalog value may hold a name that begins with m4_ (model/validate.h), so
a value that a template rescans can never name a macro.

Data comes from the generator as definitions named m4_HT_*; m4_ht_get
reads one back with defn, so its text is output as it is, and where a
template rescans it (in a macro's arguments), it holds no macro name.
m4_define(⟦m4_ht_get⟧, ⟦m4_defn(⟦m4_HT_⟧$1)⟧)

m4_ht_for(VAR, FROM, TO, BODY): BODY once for each VAR in FROM..TO; nothing
when FROM > TO.
m4_define(⟦m4_ht_for⟧, ⟦m4_ifelse(m4_eval(⟦$2 > $3⟧), 1, ,
	⟦m4_pushdef(⟦$1⟧, ⟦$2⟧)m4_ht_for_step(⟦$1⟧, ⟦$3⟧, ⟦$4⟧)m4_popdef(⟦$1⟧)⟧)⟧)
m4_define(⟦m4_ht_for_step⟧, ⟦$3⟦⟧m4_ifelse($1, ⟦$2⟧, ,
	⟦m4_define(⟦$1⟧, m4_incr($1))$0(⟦$1⟧, ⟦$2⟧, ⟦$3⟧)⟧)⟧)

Stop with file:line when a template meets data it does not expect.  The
run goes on to the end but exits 1 (the failed m4_eval is an m4 error),
and hdrtest discards its output: m4exit is gone, see below.
m4_define(⟦m4_ht_fail⟧, ⟦m4_errprint(m4___file__:m4___line__: error: $1
)m4_eval(⟦hdrtest_failed⟧)⟧)

Builtins that reach outside m4 (run commands, read or create files, end
the run early with any status, change the quotes) are taken away before
any data is read: a value a template rescans can then only be text.
m4_undefine(⟦m4_syscmd⟧, ⟦m4_esyscmd⟧, ⟦m4_include⟧, ⟦m4_sinclude⟧,
	⟦m4_undivert⟧, ⟦m4_debugfile⟧, ⟦m4_maketemp⟧, ⟦m4_mkstemp⟧, ⟦m4_m4exit⟧,
	⟦m4_m4wrap⟧, ⟦m4_builtin⟧, ⟦m4_changequote⟧, ⟦m4_changecom⟧,
	⟦m4_undefine⟧)
m4_divert(0)m4_dnl
