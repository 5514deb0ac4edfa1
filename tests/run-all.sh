#!/bin/sh
# The whole test suite: the docs against the code (every folder of gen/
# and every make target named), the Check unit tests, the same under ASan and
# UBSan, every fuzz corpus and committed crash input replayed under ASan
# and UBSan, then the end-to-end tests on the real kernel tree, KTAP and
# JUnit as kunit.py and a JUnit schema read them, hdrtest fix's patches
# proven by a rerun with them as an overlay, the HTML report in
# headless Chromium, and the fault tests.  Each suite ends with its own
# summary line; this one adds them up in one last line:
#   check: N passed, N failed, N skipped
# A suite that prints no summary counts as one failure.
set -u

cd "$(dirname "$0")/.." || exit 1
mkdir -p out
passed=0
failed=0
skipped=0

# count NAME LOG: add the "NAME: N passed, N failed[, N skipped]" line of LOG
count() {
	line=$(grep -E "^$1: [0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$" "$2" | tail -n 1)
	if [ -z "$line" ]; then
		echo "hdrtest: error: the $1 tests printed no summary (log: $2)" >&2
		failed=$((failed + 1))
		return
	fi
	# the numbers after the name, which may hold digits itself (e2e)
	set -- $(echo "${line#*: }" | sed 's/[^0-9]/ /g')
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + ${3:-0}))
}

# suite NAME COMMAND...: run one suite, its output shown and kept, and
# its wall time noted for the table at the end (where the minutes go)
times=
suite() {
	name=$1
	shift
	echo "== $name"
	t0=$(date +%s)
	"$@" 2>&1 | tee "out/$name-tests.log"
	count "$name" "out/$name-tests.log"
	times="$times$(printf '%-14s %5d s' "$name" $(( $(date +%s) - t0 )))
"
}

# Check's own summary, "100%: Checks: 57, Failures: 0, Errors: 0", in
# the form count() reads.
check_summary() {
	"$@" > "out/$name-raw.log" 2>&1
	cat "out/$name-raw.log"
	sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\)$/\1 \2 \3/p' "out/$name-raw.log" |
		tail -n 1 | { read -r checks failures errors &&
		echo "$name: $((checks - failures - errors)) passed, $((failures + errors)) failed"; }
}

# The fuzz targets need clang-19's libFuzzer: without it nothing was
# replayed, which is a skip that says why, never a pass.
fuzz_replay() {
	if ! gen/setup/deps.sh clang-19 libclang-rt-19-dev > out/fuzz-deps.log 2>&1; then
		echo "SKIP: fuzz-replay: clang-19 and libclang-rt-19-dev (libFuzzer) cannot be installed:"
		sed 's/^/    /' out/fuzz-deps.log
		echo "fuzz-replay: 0 passed, 0 failed, 1 skipped"
	elif ! make --no-print-directory fuzz-build > out/fuzz-build.log 2>&1; then
		tail -n 20 out/fuzz-build.log
		echo "hdrtest: error: the fuzz targets do not build (out/fuzz-build.log)"
		echo "fuzz-replay: 0 passed, 1 failed"
	else
		tests/fuzz/run.sh replay
	fi
}

suite docs tests/docs.sh
suite unit check_summary out/bin/unit-tests
suite unit-asan check_summary env UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 out/bin/unit-tests-asan
suite fuzz-replay fuzz_replay
suite e2e tests/e2e/run.sh
suite baseline tests/e2e/baseline.sh
suite catalog-init tests/e2e/catalog-init.sh
suite seeds tests/e2e/seeds.sh
suite ktap-junit tests/e2e/ktap-junit.sh
suite html tests/e2e/html.sh
suite fix tests/e2e/fix.sh
suite move tests/e2e/move.sh
suite fix-consumers tests/e2e/fix-consumers.sh
suite series tests/e2e/series.sh
suite series-hostile tests/e2e/series-hostile.sh
suite ci-test tests/e2e/ci-test.sh
suite faults tests/e2e/faults.sh
suite faults-write tests/e2e/faults-write.sh

echo
echo "wall time per suite:"
printf '%s' "$times" | sed 's/^/  /'
echo "check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
