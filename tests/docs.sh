#!/bin/sh
# tests/docs.sh [TOP]: the documentation names what the code has.
#   - every folder of gen/ is named, as gen/NAME/, in doc/architecture.md;
#   - every make target a user can call is named, as `make TARGET`, in
#     README.md or doc/*.md: the targets the GNUmakefile and the makefiles
#     it includes list as .PHONY, but FORCE and the ht-* helpers its own
#     recipes use;
#   - every relative link of README.md and doc/*.md reaches its file and,
#     with a #fragment, one of that file's headings;
#   - README.md stays under 400 lines.
# TOP is the checkout to check (default: this one).  Prints "ok"/"not ok"
# lines and "docs: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
cd "${1:-$here/..}" || exit 1
. "$here/e2e/lib.sh"

docs="README.md doc/*.md"
# the docs as one line, so that "make" and its target may sit on two lines
text=$(cat $docs | tr '\n\t' '  ' | tr -s ' ')

# The .PHONY names of the GNUmakefile and of what it includes by name.
phony_targets() {
	for mk in GNUmakefile $(sed -n 's/^include \([^$]*\)$/\1/p' GNUmakefile); do
		sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$mk" | sed -n 's/^\.PHONY:\(.*\)/\1/p'
	done | tr ' \t' '\n\n' | grep -v '^$' | grep -v '^FORCE$' | grep -v '^ht-' | sort -u
}

# named TEXT PATTERN: PATTERN is in TEXT, followed by no character of a name
named() { printf '%s\n' "$1" | grep -Eq -- "$2([^A-Za-z0-9_-]|\$)"; }

# The anchor GitHub gives a heading: lower case, punctuation dropped,
# spaces made dashes.
slugs() {
	sed -n 's/^#\{1,6\} \(.*\)/\1/p' "$1" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}

# link_ok FROM TARGET: TARGET (a path relative to FROM's dir, maybe with
# a #fragment, or only a #fragment) names a file and a heading of it
link_ok() {
	path=${2%%#*}
	frag=
	case $2 in *#*) frag=${2#*#} ;; esac
	if [ -z "$path" ]; then
		file=$1
	else
		file=$(dirname "$1")/$path
	fi
	[ -e "$file" ] || { echo "# $1: $2: no such file"; return 1; }
	[ -z "$frag" ] || slugs "$file" | grep -qx -- "$frag" || { echo "# $1: $2: no such heading"; return 1; }
}

echo "# docs: the folders of gen/ in doc/architecture.md"
arch=$(tr '\n' ' ' < doc/architecture.md)
n=0
for d in gen/*/; do
	n=$((n + 1))
	check "doc/architecture.md names $d" named "$arch" "$d"
done
check "gen/ has folders ($n)" test "$n" -gt 10

echo "# docs: the make targets in README.md or doc/"
targets=$(phony_targets)
n=0
for t in $targets; do
	n=$((n + 1))
	check "make $t is named in README.md or doc/" named "$text" "make $t"
done
# a makefile the parse misread would pass with nothing to check
has_targets() { [ "$n" -gt 20 ] && named " $(echo $targets)" " selftest-headers" && named " $(echo $targets)" " check"; }
check "the makefiles have phony targets ($n), selftest-headers and check among them" has_targets

echo "# docs: the links"
for f in $docs; do
	bad=0
	for l in $(grep -o '\](\([^)]*\))' "$f" | sed 's/^](\(.*\))$/\1/' | grep -v '^[a-z]*:'); do
		link_ok "$f" "$l" || bad=1
	done
	check "every relative link of $f reaches its file and heading" test "$bad" -eq 0
done

lines=$(wc -l < README.md)
check "README.md is under 400 lines ($lines)" test "$lines" -lt 400

summary docs
[ "$fail" -eq 0 ]
