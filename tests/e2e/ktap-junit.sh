#!/bin/sh
# results.ktap and results.xml as their readers read them:
#
#   - the kernel's own KTAP parser (tools/testing/kunit/kunit.py parse, in
#     the tree) reads results.ktap with no error, and counts what the TSV
#     counts: passed = pass, skipped = skip, failed = fail + error (kunit.py
#     has no other count for an error; doc/verdicts.md, "KTAP");
#   - results.xml is valid against tests/junit/junit.xsd (xmllint), and its
#     counts are the TSV's.
#
# On a real run (x86_64 and arm64 defconfig) and on a results dir made from
# it that holds every verdict: a failure, a drifted header, an unreadable
# TU (error), an errored cell, a skipped cell and an arch whose every
# config was skipped, with texts that hold '#', "# SKIP" and control
# characters.  Each check is then shown to fail on a broken copy.  Without
# python3 the kunit.py checks are skips that say so.  Prints "ok"/"not
# ok"/"ok ... # SKIP" lines and last "ktap-junit: N passed, N failed, N
# skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

work=$top/out/ktap-junit
xsd=$top/tests/junit/junit.xsd
rm -rf "$work"
mkdir -p "$work"

# --- the readers ---------------------------------------------------------

# tsv_counts TSV: "pass fail skip error"
tsv_counts() {
	awk -F '\t' '{ n[$4]++ } END { printf "%d %d %d %d\n", n["pass"], n["fail"], n["skip"], n["error"] }' "$1"
}

# kunit KTAP LOG: kunit.py's parse of KTAP (its output in LOG); sets k_line
# (its summary line), k_passed ... k_errors (0 where it names none) and
# k_errlines (its "[ERROR]" lines)
kunit() {
	(cd "$tree" && python3 tools/testing/kunit/kunit.py parse "$1") > "$2" 2>&1
	k_line=$(sed -n 's/^.*Testing complete\. //p' "$2" | tail -n 1)
	for k in passed failed crashed skipped errors; do
		n=$(printf '%s\n' "$k_line" | sed -n "s/.*[:,] $k: \([0-9]*\).*/\1/p")
		eval "k_$k=\${n:-0}"
	done
	k_errlines=$(grep -c '\[ERROR\]' "$2")
}

# ktap_agrees KTAP TSV: kunit.py reads KTAP with no error (no "[ERROR]"
# line, no errors and no crashed in its summary) and counts what TSV does
ktap_agrees() {
	kunit "$1" "$1.kunit"
	set -- $(tsv_counts "$2")
	want="passed: $1, failed: $(($2 + $4)), skipped: $3, crashed: 0, errors: 0, [ERROR] lines: 0"
	got="passed: $k_passed, failed: $k_failed, skipped: $k_skipped, crashed: $k_crashed, errors: $k_errors, [ERROR] lines: $k_errlines"
	[ -n "$k_line" ] && [ "$got" = "$want" ] && return 0
	echo "# kunit.py: ${k_line:-no summary line}"
	echo "#   got  $got"
	echo "#   want $want (the TSV's)"
	return 1
}

# junit_valid XML: valid against the schema; xmllint's complaints shown if not
junit_valid() {
	xmllint --noout --schema "$xsd" "$1" > "$1.xmllint" 2>&1 && return 0
	head -n 8 "$1.xmllint" | sed 's/^/# /'
	return 1
}

# junit_agrees XML TSV: testcases, failures, skips and errors, counted and as
# the testsuites' and testsuite's attributes say, are the TSV's
junit_agrees() {
	got=$(xmllint --xpath 'concat(count(//testcase), " ", count(//testcase/failure), " ",
		count(//testcase/skipped), " ", count(//testcase/error), " / ", /testsuites/@tests, " ",
		/testsuites/@failures, " ", /testsuites/@errors, " / ", sum(//testsuite/@tests), " ",
		sum(//testsuite/@failures), " ", sum(//testsuite/@skipped), " ", sum(//testsuite/@errors))' "$1" 2>&1)
	set -- $(tsv_counts "$2")
	n=$(($1 + $2 + $3 + $4))
	want="$n $2 $3 $4 / $n $2 $4 / $n $2 $3 $4"
	[ "$got" = "$want" ] && return 0
	echo "# results.xml counts: $got; the TSV's: $want"
	return 1
}

# ktap_and_junit NAME DIR: both checks on DIR's results
ktap_and_junit() {
	if [ -z "$python" ]; then
		skip "$1: kunit.py parses results.ktap" "$python_why"
	elif ktap_agrees "$2/results.ktap" "$2/results.tsv"; then
		ok "$1: kunit.py parses results.ktap with no error and the TSV's counts ($k_line)"
	else
		not_ok "$1: kunit.py parses results.ktap with no error and the TSV's counts"
	fi
	if [ -n "$xmllint" ]; then
		check "$1: results.xml is valid against tests/junit/junit.xsd" junit_valid "$2/results.xml"
		check "$1: results.xml counts what the TSV counts" junit_agrees "$2/results.xml" "$2/results.tsv"
	else
		skip "$1: results.xml against tests/junit/junit.xsd" "$xmllint_why"
	fi
}

# kunit.py is Python: installed when missing (Debian's python3); only a
# python3 that cannot be installed is a skip, saying why.
python=
python_why=
command -v python3 > /dev/null 2>&1 || gen/setup/deps.sh python3 > "$work/python-deps.log" 2>&1
if ! command -v python3 > /dev/null 2>&1; then
	python_why="python3 cannot be installed, and kunit.py is Python: $(tr '\n' ' ' < "$work/python-deps.log")"
else
	python=python3
fi
xmllint=
xmllint_why=
if gen/setup/deps.sh libxml2-utils > "$work/deps.log" 2>&1 && command -v xmllint > /dev/null 2>&1; then
	xmllint=xmllint
else
	xmllint_why="xmllint (Debian package libxml2-utils) cannot be installed: $(tail -n 1 "$work/deps.log")"
fi

# --- a real run ------------------------------------------------------------

echo "# ktap-junit: a real run, x86_64 and arm64 defconfig"
real=$work/real
make --no-print-directory selftest-headers OUT="$real" ARCHS="x86_64 arm64" CONFIGS=defconfig \
	> "$real.log" 2>&1
check "the run judges 42 TUs (see $real.log)" test "$(wc -l < "$real/results.tsv" 2>/dev/null)" = 42
tree=$(make --no-print-directory -s tree-path)
if [ -n "$python" ] && [ ! -f "$tree/tools/testing/kunit/kunit.py" ]; then
	python=
	python_why="the tree $tree has no tools/testing/kunit/kunit.py"
fi
ktap_and_junit "real run" "$real"

# --- every verdict -----------------------------------------------------------

# From the real run's cells: x86_64/defconfig with one TU's result cut
# short (an error) and bio.h drifted; arm64/defconfig as it is; an errored
# x86_64 cell and a skipped arm64 cell (their manifests alone, as a
# prepare that failed or was skipped leaves them); riscv, every config
# skipped.  The reasons hold '#', "# SKIP" and line breaks.
echo "# ktap-junit: every verdict, rendered by hdrtest report from a results dir made for it"
fx=$work/every
mkdir -p "$fx/x86_64" "$fx/arm64" "$fx/riscv"
cp -R "$real/x86_64/defconfig" "$fx/x86_64/defconfig"
cp -R "$real/arm64/defconfig" "$fx/arm64/defconfig"
: > "$fx/x86_64/defconfig/linux/mm/folio_next.rc"
# cell DIR ARCH CONFIG STATUS REASON: a manifest whose cell was not compiled
cell() {
	mkdir -p "$1"
	{
		sed -n '1p' "$real/x86_64/defconfig/manifest.tsv"
		printf 'arch\t%s\nconfig\t%s\nstatus\t%s\t%s\n' "$2" "$3" "$4" "$5"
		grep -E '^(header|sym)	' "$real/x86_64/defconfig/manifest.tsv"
	} > "$1/manifest.tsv"
}
ff=$(printf '\f')
cr=$(printf '\r')
cell "$fx/x86_64/broken" x86_64 broken error \
	"kbuild 'make prepare' failed: include/x.h:1:2: error: #error boom # SKIP not really${ff}page 2${cr}line 3"
cell "$fx/arm64/nocc" arm64 nocc skip "no cross compiler # here"
cell "$fx/riscv/defconfig" riscv defconfig skip "no riscv64-linux-gnu-gcc"
printf 'linux/mm/folio_size.h\tcatalog/mm.cat:1:1: drift: folio_size: moved to # elsewhere\n' > "$fx/drift.tsv"
out/bin/hdrtest report --out "$fx" --drift "$fx/drift.tsv" --ktap "$fx/results.ktap" --tsv "$fx/results.tsv" \
	--junit "$fx/results.xml" x86_64/defconfig x86_64/broken arm64/defconfig arm64/nocc riscv/defconfig \
	> "$fx.log" 2>&1
rc=$?
check "hdrtest report renders it (exit 1, got $rc)" test "$rc" -eq 1
set -- $(tsv_counts "$fx/results.tsv")
check "it has every verdict: $1 pass, $2 fail, $3 skip, $4 error" \
	test "$1" -gt 0 -a "$2" -gt 0 -a "$3" -gt 0 -a "$4" -gt 0
check "... a drifted header, an unreadable TU and an errored cell among them" \
	sh -c "grep -q '<failure type=\"drift\"' '$fx/results.xml' &&
	       grep -q '<error type=\"result\"' '$fx/results.xml' && grep -q '<error type=\"kbuild\"' '$fx/results.xml'"
ktap_and_junit "every verdict" "$fx"

# --- the checks can fail ------------------------------------------------------

echo "# ktap-junit: each check fails on a broken copy"
bad=$work/bad
mkdir -p "$bad"
# the KTAP hdrtest wrote before: a header without symbols as a subtest with
# the plan 1..0 (an error to kunit.py), or with symbols as subtests (counted
# instead of the header)
awk '!done && /^    ok [0-9]+ / { print "      KTAP version 1"; print "      # Subtest: " $4; print "      1..0"; done = 1 }
     { print }' "$real/results.ktap" > "$bad/plan0.ktap"
awk '!done && /^    ok [0-9]+ / { print "      KTAP version 1"; print "      # Subtest: " $4; print "      1..2";
				 print "      ok 1 a"; print "      ok 2 b"; done = 1 }
     { print }' "$real/results.ktap" > "$bad/symbols.ktap"
if [ -n "$python" ]; then
	if ktap_agrees "$bad/plan0.ktap" "$real/results.tsv" > "$bad/plan0.why"; then
		not_ok "a header with the plan 1..0 (the old KTAP) is caught"
	else
		ok "a header with the plan 1..0 (the old KTAP) is caught ($k_line)"
	fi
	if ktap_agrees "$bad/symbols.ktap" "$real/results.tsv" > "$bad/symbols.why"; then
		not_ok "symbols as subtests (counted instead of their header) are caught"
	else
		ok "symbols as subtests (counted instead of their header) are caught ($k_line)"
	fi
else
	skip "the kunit.py check fails on the old KTAP" "$python_why"
fi
if [ -n "$xmllint" ]; then
	sed '0,/ classname="[^"]*"/s///' "$fx/results.xml" > "$bad/no-classname.xml"
	sed '0,/\(<failure [^>]*>\)[^<]*</s//\1</' "$fx/results.xml" > "$bad/empty-failure.xml"
	sed 's/<testsuites name="hdrtest" tests="\([0-9]*\)"/<testsuites name="hdrtest" tests="\11"/' \
		"$fx/results.xml" > "$bad/miscount.xml"
	# the old names, HEADER without its cell: the same name in two suites
	sed 's/<testcase \(classname="[^"]*"\) name="[^/"]*\/[^/"]*\//<testcase \1 name="/' \
		"$fx/results.xml" > "$bad/same-name.xml"
	check "the schema check catches a testcase without classname" \
		sh -c "! xmllint --noout --schema '$xsd' '$bad/no-classname.xml' 2> /dev/null"
	check "the schema check catches a failure without text" \
		sh -c "! xmllint --noout --schema '$xsd' '$bad/empty-failure.xml' 2> /dev/null"
	check "the schema check catches two testcases of one name (GitLab would show one)" \
		sh -c "! xmllint --noout --schema '$xsd' '$bad/same-name.xml' 2> /dev/null"
	if junit_agrees "$bad/miscount.xml" "$fx/results.tsv" > /dev/null; then
		not_ok "the count check catches a wrong tests= count"
	else
		ok "the count check catches a wrong tests= count"
	fi
else
	skip "the results.xml checks fail on broken copies" "$xmllint_why"
fi

summary ktap-junit
[ "$fail" -eq 0 ]
