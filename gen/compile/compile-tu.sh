#!/bin/sh
# compile-tu.sh CELL TU
#
# Say so (the CC line, with the run's step counter), compile one TU (its absolute path without .c) with CELL's compile.sh
# and record the result: TU.log, everything the compiler printed, and
# TU.rc, its exit status on one line.  A failing compile is a verdict, so
# it exits 0; it exits 1 when the result could not be recorded, or when
# compile.sh could not run the compiler at all (status 125 to 127: no
# kbuild dir, no compiler): that is a broken set-up, not a broken header.
#
# Both files are written under temporary names and renamed only when
# complete.  A full disk or a kill leaves no .rc, so the TU is compiled
# again by the next run and is never judged from a truncated log (which
# could hide a warning or the -H chain to a forbidden header).  The
# depfile gcc wrote (TU.d) becomes TU.dep, the one make includes, only when
# it is complete: a truncated one would stop the next run's make cold.
set -u

[ $# -eq 2 ] || { echo "usage: $0 CELL TU" >&2; exit 2; }
cell=$1
tu=$2
# shellcheck source=gen/compile/progress.sh
. "$(dirname "$0")/progress.sh"

# "  CC      [n/N] x86_64/defconfig linux/mm/foo.h"
echo "  CC      $(progress_tag cc "${HT_CC_TOTAL:-}")${cell#"${cell%/*/*}"/} ${tu#"$cell"/}.h"

rm -f "$tu.rc" "$tu.rc.tmp" "$tu.log.tmp" "$tu.d"
# Through cat, which reports a failed write; a plain redirection would not.
# The status goes out on fd 3, since the pipeline's own is cat's.
( "$cell/compile.sh" "$tu" 2>&1; echo $? >&3 ) 3>"$tu.rc.tmp" | cat > "$tu.log.tmp"
wrote=$?

# gcc reports its own failed writes (the .o, the depfile) in the log.
if [ "$wrote" -ne 0 ] || ! grep -qx '[0-9][0-9]*' "$tu.rc.tmp" 2>/dev/null ||
	grep -q 'No space left on device' "$tu.log.tmp" 2>/dev/null; then
	rm -f "$tu.rc.tmp" "$tu.log.tmp" "$tu.d" "$tu.o"
	echo "hdrtest: error: cannot record the result of $tu.c: writing its log or exit status failed (is the disk full?)" >&2
	exit 1
fi
rc=$(cat "$tu.rc.tmp")
if [ "$rc" -ge 125 ] && [ "$rc" -le 127 ]; then
	echo "hdrtest: error: $cell/compile.sh could not run the compiler for $tu.c (status $rc):" >&2
	sed 's/^/  /' "$tu.log.tmp" >&2
	rm -f "$tu.rc.tmp" "$tu.log.tmp"
	exit 1
fi
# A complete depfile ends with a newline; gcc writes none on some errors.
if [ -s "$tu.d" ] && [ -z "$(tail -c 1 "$tu.d")" ]; then
	mv -f "$tu.d" "$tu.dep"
else
	rm -f "$tu.d" "$tu.dep"
fi
mv -f "$tu.log.tmp" "$tu.log" && mv -f "$tu.rc.tmp" "$tu.rc"
