m4_divert(-1)
This file is read first by every hdrtest m4 run (m4 -P -E).  It sets the
quote characters once, for good: U+27E6 and U+27E7 are not ASCII, so they
cannot occur in C, in a template's C text, or in a validated catalog entry.
Comments are switched off so that '#include' and '#error' are plain text.
m4_changequote(`⟦', `⟧')
m4_changecom()

Data comes from the generator as definitions named HT_*; ht_get reads one
back with defn, so its text is output as it is and never rescanned.
m4_define(⟦ht_get⟧, ⟦m4_defn(⟦HT_⟧$1)⟧)

ht_for(VAR, FROM, TO, BODY): BODY once for each VAR in FROM..TO; nothing
when FROM > TO.
m4_define(⟦ht_for⟧, ⟦m4_ifelse(m4_eval(⟦$2 > $3⟧), 1, ,
	⟦m4_pushdef(⟦$1⟧, ⟦$2⟧)_ht_for(⟦$1⟧, ⟦$3⟧, ⟦$4⟧)m4_popdef(⟦$1⟧)⟧)⟧)
m4_define(⟦_ht_for⟧, ⟦$3⟦⟧m4_ifelse($1, ⟦$2⟧, ,
	⟦m4_define(⟦$1⟧, m4_incr($1))$0(⟦$1⟧, ⟦$2⟧, ⟦$3⟧)⟧)⟧)

Stop with file:line when a template meets data it does not expect.
m4_define(⟦ht_fail⟧, ⟦m4_errprint(m4___file__:m4___line__: error: $1
)m4_m4exit(1)⟧)
m4_divert(0)m4_dnl
