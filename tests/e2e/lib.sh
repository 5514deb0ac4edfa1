# Shared by the end-to-end test scripts (sourced, not run): one "ok",
# "not ok" or "ok ... # SKIP why" line per check, numbered, and the counts
# for the summary line tests/run-all.sh adds up.  A skip is counted as a
# skip, never as a pass.

pass=0
fail=0
skipped=0

ok() { pass=$((pass + 1)); echo "ok $((pass + fail + skipped)) - $*"; }
not_ok() { fail=$((fail + 1)); echo "not ok $((pass + fail + skipped)) - $*"; }
skip() { skipped=$((skipped + 1)); echo "ok $((pass + fail + skipped)) - $1 # SKIP $2"; }

check() { # check DESCRIPTION COMMAND...
	desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}

# same_file EXPECTED GOT: equal bytes, or the start of the diff shown
same_file() { cmp -s "$1" "$2" || { diff -u "$1" "$2" | head -n 40 | sed 's/^/# /'; return 1; }; }

# compiled TSV: TSV has verdicts, each pass or fail: every TU was compiled.
# A skip (a toolchain missing) or an error is not "judged"; the first such
# lines are shown.
compiled() {
	test -s "$1" || { echo "# $1: no verdicts"; return 1; }
	c_bad=$(awk -F '\t' '$4 != "pass" && $4 != "fail"' "$1" | head -n 3)
	[ -z "$c_bad" ] || { printf '%s\n' "$c_bad" | sed 's/^/# not compiled: /'; return 1; }
}

# summary NAME: the last line, "NAME: N passed, N failed, N skipped"
summary() { echo "$1: $pass passed, $fail failed, $skipped skipped"; }

# counted_1_to_n KIND LOG N: the "[n/N]" step counters on LOG's lines of
# KIND (a grep pattern: CC, PREPARE\|REUSE) are 1 to N, each once
counted_1_to_n() {
	grep "^  \($1\) " "$2" | sed -n 's|^  [A-Z]*  *\[ *\([0-9]*\)/\([0-9]*\)\] .*|\1 \2|p' | sort -n |
		awk -v want="$3" '{ if ($1 != NR || $2 != want) bad = 1 } END { exit !(NR == want && !bad) }'
}
