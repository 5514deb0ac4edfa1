#!/bin/sh
# bench/floor.sh [OUT]: what one TU's compile costs, by what the command
# does, on the x86_64/defconfig TUs of a compiled run (default out/bench):
#
#   full        the TU's command as hdrtest runs it (compile.sh: -H, -MMD,
#               -c -o TU.o)
#   no -H/-MMD  the same without the include tree and the depfile
#   -c -o /dev/null, -fsyntax-only, -E
#   empty TU    an empty file with kbuild's forced includes
#
# CPU seconds (user + sys) per TU, the mean over the cell's TUs, each run
# once, one after the other.  Then whether the cheaper -fsyntax-only gives
# every TU of the run the verdict the full command gave (the exit status):
# the condition for using it instead.
set -u
cd "$(dirname "$0")/.." || exit 1
out=$(cd "${1:-out/bench}" && pwd) || exit 1
cell=$out/x86_64/defconfig
[ -f "$cell/compile.sh" ] && [ -s "$cell/tus" ] ||
	{ echo "bench/floor.sh: $cell has no compiled TUs (run make selftest-headers OUT=$out first)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

full=' -H -MMD -MP -MF "$1.d" -MT "$1.rc" -c -o "$1.o" "$1.c"'
# variant NAME TAIL: a copy of the cell's compile.sh ending in TAIL, writing
# into the scratch dir
variant() {
	sed "s|$full\$|$2|" "$cell/compile.sh" > "$work/$1.sh" && chmod +x "$work/$1.sh"
	grep -q -- "$2\$" "$work/$1.sh" || { echo "bench/floor.sh: cannot make the $1 variant of $cell/compile.sh" >&2; exit 1; }
}
variant full " -H -MMD -MP -MF \"$work/x.d\" -MT x.rc -c -o \"$work/x.o\" \"\$1.c\""
variant plain " -c -o \"$work/x.o\" \"\$1.c\""
variant devnull ' -c -o /dev/null "$1.c"'
variant syntax ' -fsyntax-only "$1.c"'
variant cpp ' -E -o /dev/null "$1.c"'
: > "$work/empty.c"

# cpu NAME: mean CPU seconds per TU of variant NAME over the cell's TUs
cpu() {
	/usr/bin/time -f '%U %S' -o "$work/time" sh -c '
		while read -r t; do "$1" "$2/$t" >/dev/null 2>&1; done < "$2/tus"' sh "$work/$1.sh" "$cell"
	awk -v n="$(grep -c . "$cell/tus")" '{ printf "%.3f", ($1 + $2) / n }' "$work/time"
}
printf '%-36s %8s\n' "per-TU command (x86_64/defconfig)" "CPU s/TU"
for v in full plain devnull syntax cpp; do
	case $v in
	full) what="full (-H -MMD -c -o TU.o), as now" ;;
	plain) what="without -H and -MMD" ;;
	devnull) what="-c -o /dev/null" ;;
	syntax) what="-fsyntax-only" ;;
	cpp) what="-E (preprocess only)" ;;
	esac
	printf '%-36s %8s\n' "$what" "$(cpu $v)"
done
/usr/bin/time -f '%U %S' -o "$work/time" "$work/syntax.sh" "$work/empty" >/dev/null 2>&1
printf '%-36s %8s\n' "empty TU, forced includes only" "$(awk '{ printf "%.3f", $1 + $2 }' "$work/time")"

# Every TU of every compiled cell: -fsyntax-only's exit status against the
# recorded one.
same=0 differ=0
for c in $(cat "$out/cells"); do
	[ -s "$out/$c/tus" ] || continue
	sed "s|$full\$| -fsyntax-only \"\$1.c\"|" "$out/$c/compile.sh" > "$work/s.sh" && chmod +x "$work/s.sh"
	while read -r t; do
		[ -f "$out/$c/$t.rc" ] || continue
		"$work/s.sh" "$out/$c/$t" >/dev/null 2>&1
		rc=$?
		if [ "$(( rc != 0 ))" -eq "$(( $(cat "$out/$c/$t.rc") != 0 ))" ]; then
			same=$((same + 1))
		else
			differ=$((differ + 1))
			echo "  differs: $c $t (full $(cat "$out/$c/$t.rc"), -fsyntax-only $rc)"
		fi
	done < "$out/$c/tus"
done
echo "-fsyntax-only against the full command's verdicts: $same TUs the same, $differ different"
