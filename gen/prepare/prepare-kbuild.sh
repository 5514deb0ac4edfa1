#!/bin/sh
# prepare-kbuild.sh CELLDIR: make one (arch, config) kbuild output dir ready
# for hdrtest's TUs, or say why it cannot be.
#
# Reads CELLDIR/plan (written by 'hdrtest plan': arch, config, karch,
# cross, llvm, packages, unavailable, base, fragment, tree, cache)
# and writes CELLDIR/prepared, one line:
#   kdir=DIR     prepared, or
#   skip=REASON  not buildable here, or
#   error=REASON kbuild could not prepare it (log: CELLDIR/prepare.log)
#
# A build dir is keyed by everything that changes it: the tree's identity,
# the arch line, the config and its fragment, the compiler's version and
# this script.  Only a complete result is cached: the dir is built under a
# temporary name, with a lock held so that two runs sharing the cache never
# build the same dir at once, and renamed into place after its completion
# stamp (the whole key) was written and read back.  A failed prepare is
# never cached: its cause may be the environment (a full disk), not the tree.
#
# Whether Kconfig kept the fragment, and the compiler command of the
# object built here, are gen's to read from the dir (.config,
# .hdrtest-object): this script runs kbuild and nothing else.  What it
# runs is gen/prepare/kbuild-recipe.sh; this script locks, caches and reports.
#
# Each cell's lines carry its place in the run's prepares ([n/N], given
# by hdrtest run in HT_PROGRESS_TAG), and a kbuild step that runs for more than a few
# seconds says which it is, so that a cold matrix is not minutes of
# silence.
set -eu

# kbuild unexports LC_ALL, so each category is set too: the first error
# it prints goes into a verdict, and must not depend on the locale
# (gcc quotes with ‘ ’ under a UTF-8 one).
LC_ALL=C LANG=C LC_CTYPE=C LC_MESSAGES=C
export LC_ALL LANG LC_CTYPE LC_MESSAGES

die() { echo "hdrtest: error: $*" >&2; exit 1; }

[ $# -eq 1 ] || { echo "usage: $0 CELLDIR" >&2; exit 2; }
cell=$1
here=$(dirname "$0")

[ -f "$cell/plan" ] || die "$cell/plan: no such file (run 'hdrtest plan' first)"

# The plan's name='value' lines, read as data, never run as shell code:
# sourcing it ran what a value held (a tree's series stamp, a PATH dir).
# Only the names hdrtest plan writes are set.
read_plan() { # read_plan FILE
	rp_n=0
	while IFS= read -r rp_line || [ -n "$rp_line" ]; do
		rp_n=$((rp_n + 1))
		case $rp_line in
		'#'* | '') continue ;;
		esac
		rp_name=${rp_line%%=*}
		rp_value=${rp_line#*=}
		case $rp_value in
		\'*\') rp_value=${rp_value#\'} rp_value=${rp_value%\'} ;;
		*) die "$1:$rp_n: expected name='value'" ;;
		esac
		case $rp_name in
		arch | config | karch | cross | llvm | packages | unavailable | base | fragment | seed | tree | cache | \
		overlay | tree_identity | compiler_identity)
			eval "$rp_name=\$rp_value" ;;
		*) die "$1:$rp_n: unknown name '$rp_name'" ;;
		esac
	done < "$1"
}
arch='' config='' karch='' cross='' llvm='' packages='' unavailable='' base='' fragment='' seed='' tree='' cache=''
read_plan "$cell/plan"

# shellcheck source=gen/prepare/kbuild-recipe.sh
. "$here/kbuild-recipe.sh"
# "[n/N] ": this prepare's place among the run's (hdrtest run sets it)
tag=${HT_PROGRESS_TAG:-}

for v in "$tree" "$cache" "$cell"; do
	case $v in
	*[[:space:]]*) die "'$v': paths with spaces are not supported (KDIR, OUT and HDRTEST_CACHE)" ;;
	esac
done

# The result, for gen (whose rule depends on it: a new one regenerates).
write_prepared() {
	printf '%s\n' "$1" > "$cell/prepared.tmp" && [ "$(cat "$cell/prepared.tmp")" = "$1" ] && mv -f "$cell/prepared.tmp" "$cell/prepared" ||
		die "cannot write $cell/prepared (is the disk full?)"
}

skip() {
	echo "  SKIP    $tag$arch/$config: $*" >&2
	write_prepared "skip=$*"
	exit 0
}

cell_error() {
	echo "  ERROR   $tag$arch/$config: $*" >&2
	write_prepared "error=$*"
	exit 0
}

[ -z "$unavailable" ] || skip "$unavailable"
# Every tool kbuild calls for this arch, each with the Debian package that
# has it: a missing one is a skip naming the package, before any kbuild run.
toolchain_tools() {
	if [ -n "$llvm" ]; then
		case $llvm in
		1) v= ;;
		-*) v=$llvm ;;
		*) die "arch $arch: llvm=$llvm: expected 1 or -VERSION" ;;
		esac
		echo "clang$v clang$v"
		echo "ld.lld$v lld$v"
		for t in ar nm objcopy objdump readelf strip; do
			echo "llvm-$t$v llvm$v"
		done
	else
		binutils=binutils
		[ -z "$cross" ] || binutils=binutils-${cross%-}
		echo "${cross}gcc ${packages%%,*}"
		for t in as ld ar nm objcopy objdump readelf strip; do
			echo "$cross$t $binutils"
		done
	fi
}
missing_tools=
missing_pkgs=
cc=
while read -r tool pkg; do
	[ -n "$cc" ] || cc=$tool	# the first tool is the compiler
	command -v "$tool" >/dev/null 2>&1 && continue
	missing_tools="$missing_tools $tool"
	case " $missing_pkgs " in *" $pkg "*) ;; *) missing_pkgs="$missing_pkgs $pkg" ;; esac
done <<TOOLS
$(toolchain_tools)
TOOLS
[ -z "$missing_tools" ] ||
	skip "toolchain incomplete: no${missing_tools}: install Debian package(s)${missing_pkgs} (make deps ARCHS=$arch)"

# The tree's identity: the series stamp of a prepared default tree, else
# git's HEAD and dirty state, else the mtime of its top Makefile.
[ -f "$tree/Makefile" ] || die "$tree is not a kernel tree (no Makefile)"
if ls "$tree"/.*.applied >/dev/null 2>&1; then
	tree_id=$(cat "$tree"/.*.applied)
elif git -C "$tree" rev-parse HEAD >/dev/null 2>&1; then
	tree_id="$(git -C "$tree" rev-parse HEAD) $(git -C "$tree" status --porcelain | cksum)"
else
	tree_id="mtime $(stat -c %Y "$tree/Makefile")"
fi

# A series' scratch tree (hdrtest series) moves from patch to patch at one
# path: its dir is keyed without the tree's identity, which it records in
# .hdrtest-tree-id instead, and kbuild brings it up to date in place when
# the tree moved, as it does a developer's O= dir after an edit.
moving=
key_tree_id=$tree_id
if [ -f "$tree/.hdrtest-series.applied" ]; then
	moving=1
	key_tree_id="moving (a series' scratch tree)"
fi

kvars="ARCH=$karch"
[ -z "$cross" ] || kvars="$kvars CROSS_COMPILE=$cross"
[ -z "$llvm" ] || kvars="$kvars LLVM=$llvm"

cc_version=$("$cc" --version | head -n 1)
recipe=$(cat "$here/kbuild-recipe.sh")
# The key of $config with $fragment (the seed's key is this cell's with
# the seed's config and no fragment), and the dir it names.
key_text_of() {
	printf '%s\n' "tree $tree" "tree-id $key_tree_id" "make $kvars" "base $base" \
		"compiler $cc_version" "object $object" "$(fragment_file)" "$recipe"
}
kdir_of() { # kdir_of KEYTEXT
	echo "$cache/kbuild/$arch-$config-$(printf '%s' "$1" | sha256sum | cut -c1-16)"
}
key_text=$(key_text_of)
kdir=$(kdir_of "$key_text")
# The cache cannot be written (a read-only mount): the cell is an error
# that says so, rather than the shell's own words about a lock file.  (A
# complete dir in it is still reused: that only reads.)
cache_error() { # cache_error WHAT SHELL-ERROR
	cell_error "HDRTEST_CACHE $cache: $1: ${2##*: } (preparing a new build dir writes there)"
}
err=$(mkdir -p "$cache/kbuild" 2>&1) || cache_error "cannot create $cache/kbuild" "$err"

# A dir is complete only if its stamp holds the whole key: an empty or
# partial stamp (a full disk while writing it) is no stamp.
complete() {
	printf '%s\n' "$key_text" | cmp -s - "$1/.hdrtest-prepared"
}

# A moving tree's dir is up to date while it has seen this tree.
current() {
	[ -z "$moving" ] || [ "$(cat "$1/.hdrtest-tree-id" 2>/dev/null)" = "$tree_id" ]
}

if complete "$kdir" && current "$kdir"; then
	echo "  REUSE   $tag$arch/$config" >&2
	write_prepared "kdir=$kdir"
	exit 0
fi

# One prepare of this dir at a time; the loser of the race waits and then
# finds the winner's dir complete.
lock=$cache/kbuild/.${kdir##*/}.lock
# (exec's own failure would end the shell before any message of ours)
err=$( (true >>"$lock") 2>&1) || cache_error "cannot create the lock file $lock" "$err"
exec 9>>"$lock"
if ! flock -n 9; then
	echo "  WAIT    $tag$arch/$config: another run is preparing $kdir" >&2
	flock 9
fi
if complete "$kdir" && current "$kdir"; then
	write_prepared "kdir=$kdir"
	exit 0
fi

# The moving tree moved: kbuild brings its dir up to date in place.
update=
! complete "$kdir" || update=1

# Looked up only now that this dir is to be built (a REUSE needs
# neither): a derived config starts from its seed's dir when that is
# complete (a run orders the seed's prepare first; see
# gen/prepare/kbuild-recipe.sh).
# HDRTEST_PREPARE_SEEDS=0 prepares every dir from nothing (make bench
# measures both ways; a way out if a seed is ever suspected).
seeds=${HDRTEST_PREPARE_SEEDS:-1}
seed_dir=
if [ -z "$update" ] && [ -n "${seed:-}" ] && [ "$seeds" != 0 ]; then
	seed_text=$(config=$seed fragment= && key_text_of)
	seed_kdir=$(config=$seed && kdir_of "$seed_text")
	! printf '%s\n' "$seed_text" | cmp -s - "$seed_kdir/.hdrtest-prepared" || seed_dir=$seed_kdir
fi

# A config with no seed dir still need not build the host tools again
# (fixdep, kconfig, dtc, kallsyms, ...): they depend on the tree and the
# host compiler only, so they come from any complete dir of this tree
# built with the same host compiler (LLVM= or not).  Which dir does not
# matter: kbuild rebuilds a tool whose command differs.
host_dir=
tree_lines=$(printf '%s\n' "$key_text" | sed '/^make /,$d')
if [ -z "$update" ] && [ -z "$seed_dir" ] && [ "$seeds" != 0 ]; then
	for d in "$cache"/kbuild/*; do
		case $d in *.tmp.*) continue ;; esac
		[ -f "$d/.hdrtest-prepared" ] && [ -d "$d/scripts" ] || continue
		[ "$(sed '/^make /,$d' "$d/.hdrtest-prepared")" = "$tree_lines" ] || continue
		case "$(grep -m 1 '^make ' "$d/.hdrtest-prepared")" in
		*" LLVM="*) [ -n "$llvm" ] || continue ;;
		*) [ -z "$llvm" ] || continue ;;
		esac
		host_dir=$d
		break
	done
fi

# Under the lock nobody else builds this dir: what is there is the debris
# of an interrupted run.
# (a dir being updated is kbuild's to change: it is not complete until
# that is done, and a failure leaves it to be built again from nothing)
if [ -n "$update" ]; then
	work=$kdir
	rm -f "$kdir/.hdrtest-prepared" || die "cannot write in $kdir"
	log=$work/hdrtest-prepare.log
	: > "$log"
	echo "  UPDATE  $tag$arch/$config in $kdir" >&2
else
	rm -rf "$kdir" "$kdir".tmp.*
	work=$kdir.tmp.$$
	# A moving tree's dir is built where it stays, since kbuild will
	# update it there: objtool's build records the absolute path of
	# its dir (tools/objtool/.*.cmd), and a dir renamed into place
	# built objtool again at its first update.  Like a dir being
	# updated, it is not complete until its stamp is written.
	[ -z "$moving" ] || work=$kdir
	trap 'rm -rf "$work"' EXIT
	mkdir -p "$work"
	log=$work/hdrtest-prepare.log
	echo "  PREPARE $tag$arch/$config in $kdir" >&2
fi
celllog=$cell/prepare.log
start=$(date +%s)

# The first error kbuild printed, with the tree's path taken off.
first_error() {
	{ grep -m 1 -E ': (fatal )?error: |No space left on device' "$log" ||
		grep -m 1 -E 'Error [0-9]' "$log"; } | sed "s|$tree/||g; s|$work|<kbuild dir>|g"
}

# A kbuild step that fails: the cell's error, reported and not cached.
# The log is kept in the cell dir, since the work dir goes away.
failed() {
	reason="$* (log: $celllog)"
	cp -f "$log" "$celllog" 2>/dev/null || reason="$* (the log could not be copied to $celllog)"
	# kbuild's own words for a full disk vary ("I/O error", "write
	# failure"): say it plainly when the cache's file system is full.
	avail=$(df -Pk "$cache" 2>/dev/null | awk 'NR == 2 { print $4 }')
	[ -z "$avail" ] || [ "$avail" -ge 1024 ] ||
		reason="$reason; the cache's file system is full ($cache: ${avail} KiB free): No space left on device"
	cell_error "$reason"
}

kmake() {
	# shellcheck disable=SC2086 # kvars is a list of make variables
	make -C "$tree" O="$work" $kvars "$@" >>"$log" 2>&1
}

# Every 15 s of a step, from its 5th (HDRTEST_WATCH_FROM: a test that
# must see the line on a fast machine says 1), one line: the step, and
# the last thing kbuild said ("CC scripts/mod/devicetable-offsets.s").
# It stops when this script is gone too (killed: a background job
# ignores ^C).
watch_from=${HDRTEST_WATCH_FROM:-5}
case $watch_from in [1-9] | 1[0-4]) ;; *) watch_from=5 ;; esac
watch_step() { # watch_step STEP
	ws_t=0
	while sleep 1 && kill -0 $$ 2>/dev/null; do
		ws_t=$((ws_t + 1))
		[ $((ws_t % 15)) -eq "$watch_from" ] || continue
		ws_last=$(tail -n 1 "$log" 2>/dev/null | sed "s|$work/||g; s/^ *//; s/  */ /g" | cut -c1-80)
		echo "  KBUILD  $tag$arch/$config: $1, $ws_t s${ws_last:+: $ws_last}" >&2
	done
}

# kstep STEP MAKE-ARGS...: one kbuild step, watched.
kstep() {
	ks_step=$1
	shift
	# (without the lock's fd: its last 'sleep 1' outlives the kill, and
	# held the lock for the next prepare of this dir to wait on)
	watch_step "$ks_step" 9>&- &
	ks_watch=$!
	ks_rc=0
	kmake "$@" || ks_rc=$?
	kill "$ks_watch" 2>/dev/null || :
	wait "$ks_watch" 2>/dev/null || :
	return "$ks_rc"
}

# Written, then read back: a write that failed silently is caught here.
put() { # put FILE TEXT
	printf '%s\n' "$2" > "$1" && [ "$(cat "$1")" = "$2" ]
}

# The dir is complete: its stamp holds the whole key (and a moving tree's
# dir the tree it has seen), written last.
stamp_complete() {
	{ [ -z "$moving" ] || put "$work/.hdrtest-tree-id" "$tree_id"; } &&
		printf '%s\n' "$key_text" > "$work/.hdrtest-prepared" && complete "$work" ||
		failed "cannot write the completion stamp $kdir/.hdrtest-prepared"
}

if [ -n "$update" ]; then
	kbuild_update
	stamp_complete
	echo "  UPDATED $tag$arch/$config in $(( $(date +%s) - start )) s" >&2
	write_prepared "kdir=$kdir"
	exit 0
fi
kbuild_recipe
# What the dir cost to build, which a reuse of it does not: shards are
# balanced by this, the cost on a runner that has not got it
# (gen/run/run.c).  Only a hint: a dir without it costs the time its
# check took.
echo "$(( ($(date +%s) - start) * 1000 ))" > "$work/.hdrtest-prepare-ms" 2>/dev/null || :
stamp_complete
[ "$work" = "$kdir" ] || mv "$work" "$kdir" || failed "cannot rename $work to $kdir"
trap - EXIT
echo "  PREPARED $tag$arch/$config in $(( $(date +%s) - start )) s" >&2
write_prepared "kdir=$kdir"
