#!/bin/sh
# run.sh fuzz SECONDS [NAME...]   fuzz each target for SECONDS; a crash
#                                 input lands in tests/fuzz/crashes/NAME/
# run.sh replay [NAME...]         run each target once on every seed and
#                                 every committed crash input
#
# NAME defaults to every tests/fuzz/fuzz_NAME.c; the binaries are
# out/fuzz/fuzz_NAME (make fuzz-build).  Ends with one summary line:
#   fuzz-replay: N passed, N failed     (or fuzz: ...)
set -u

cd "$(dirname "$0")/../.." || exit 1
mode=${1:-}
case $mode in
fuzz)	seconds=${2:?run.sh fuzz SECONDS}; shift 2 ;;
replay)	shift ;;
*)	echo "usage: tests/fuzz/run.sh fuzz SECONDS [NAME...] | replay [NAME...]" >&2; exit 2 ;;
esac
if [ $# -eq 0 ]; then
	for f in tests/fuzz/fuzz_*.c; do
		n=${f#tests/fuzz/fuzz_}
		set -- "$@" "${n%.c}"
	done
fi

# the targets write each input to a file: tmpfs makes that ten times faster
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
	TMPDIR=/dev/shm
	export TMPDIR
fi
# every finding is fatal, with a stack to read
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0}
export UBSAN_OPTIONS ASAN_OPTIONS

passed=0
failed=0
for name in "$@"; do
	bin=out/fuzz/fuzz_$name
	crashes=tests/fuzz/crashes/$name
	log=out/fuzz/$mode-$name.log
	if [ ! -x "$bin" ]; then
		echo "$mode: $name: FAIL: $bin is not built (make fuzz-build)"
		failed=$((failed + 1))
		continue
	fi
	if [ "$mode" = fuzz ]; then
		work=out/fuzz/corpus/$name
		mkdir -p "$work" "$crashes"
		# new inputs go to the first dir, the committed seeds stay as they are
		"$bin" -max_total_time="$seconds" -timeout=10 -artifact_prefix="$crashes/" -print_final_stats=1 \
			"$work" "tests/fuzz/corpus/$name" >"$log" 2>&1
	else
		# each file once; crash inputs are files, so an empty dir is no input
		# shellcheck disable=SC2046 # one argument per input file
		"$bin" $(find -L "tests/fuzz/corpus/$name" "$crashes" -type f 2>/dev/null | sort) >"$log" 2>&1
	fi
	rc=$?
	inputs=$(sed -n "s/.*Running \([0-9]*\) inputs.*/\1/p" "$log")
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if [ $rc -eq 0 ]; then
		echo "$mode: $name: ok (${runs:-$inputs} inputs)"
		passed=$((passed + 1))
	else
		echo "$mode: $name: FAIL (exit $rc): see $log"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|artifact_prefix|Test unit written)' "$log" | head -5
		failed=$((failed + 1))
	fi
done
echo "fuzz-$mode: $passed passed, $failed failed" | sed 's/^fuzz-fuzz:/fuzz:/'
[ "$failed" -eq 0 ]
