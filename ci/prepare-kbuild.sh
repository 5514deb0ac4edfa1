#!/bin/sh
# prepare-kbuild.sh: make one (arch, config) kbuild output dir ready for
# hdrtest's TUs, or say why it cannot be.
#
# Reads its inputs from the environment (set by the GNUmakefile):
#   HT_TREE      kernel source tree
#   HT_ARCH      hdrtest's arch name; HT_KARCH, HT_CROSS, HT_LLVM, HT_PACKAGE,
#                HT_DEFCONFIG, HT_UNAVAILABLE from the arch table
#   HT_CONFIG    config name; HT_BASE its base target ("defconfig": the arch's)
#   HT_FRAGMENT  file with the config's Kconfig fragment (may be empty)
#   HT_CACHE     where prepared build dirs live
#   HT_HDRTEST   the hdrtest binary; HT_CATALOG the catalog files
#   HT_CELL      the cell's out dir; kbuild.env is written there:
#                  kdir=DIR     prepared, or
#                  skip=REASON  not buildable here, or
#                  error=REASON the tree fails kbuild's own prepare here
#
# A build dir is keyed by everything that changes it: the tree's identity,
# the arch line, the config and its fragment, the compiler's version and
# this script.  A finished dir carries .hdrtest-prepared; one without it
# (an interrupted run) is removed and prepared again.
set -eu

die() { echo "hdrtest: error: $*" >&2; exit 1; }

# The object whose compiler command becomes the TUs' command: a tiny file
# in mm/, built on every arch and config, in a dir without extra flags.
object=mm/mmzone.o

cell=$HT_CELL
mkdir -p "$cell"

write_env() {
	printf '%s\n' "$1" > "$cell/kbuild.env.tmp"
	if cmp -s "$cell/kbuild.env.tmp" "$cell/kbuild.env" 2>/dev/null; then
		rm -f "$cell/kbuild.env.tmp"
	else
		mv -f "$cell/kbuild.env.tmp" "$cell/kbuild.env"
	fi
}

skip() {
	echo "  SKIP    $HT_ARCH/$HT_CONFIG: $*" >&2
	write_env "skip=$*"
	exit 0
}

cell_error() {
	echo "  ERROR   $HT_ARCH/$HT_CONFIG: $*" >&2
	write_env "error=$*"
	exit 0
}

[ -z "$HT_UNAVAILABLE" ] || skip "$HT_UNAVAILABLE"

if [ -n "$HT_LLVM" ]; then
	case $HT_LLVM in
	1) cc=clang ;;
	-*) cc=clang$HT_LLVM ;;
	*) die "arch $HT_ARCH: llvm=$HT_LLVM: expected 1 or -VERSION" ;;
	esac
else
	cc=${HT_CROSS}gcc
fi
command -v "$cc" >/dev/null 2>&1 ||
	skip "no compiler $cc found: install Debian package ${HT_PACKAGE:-?} (make deps ARCHS=$HT_ARCH)"

# The tree's identity: the series stamp of a prepared default tree, else
# git's HEAD and dirty state, else the mtime of its top Makefile.
tree=$(cd "$HT_TREE" && pwd)
[ -f "$tree/Makefile" ] || die "$tree is not a kernel tree (no Makefile)"
if ls "$tree"/.*.applied >/dev/null 2>&1; then
	tree_id=$(cat "$tree"/.*.applied)
elif git -C "$tree" rev-parse HEAD >/dev/null 2>&1; then
	tree_id="$(git -C "$tree" rev-parse HEAD) $(git -C "$tree" status --porcelain | cksum)"
else
	tree_id="mtime $(stat -c %Y "$tree/Makefile")"
fi

base=$HT_BASE
[ "$base" != defconfig ] || base=$HT_DEFCONFIG
kvars="ARCH=$HT_KARCH"
[ -z "$HT_CROSS" ] || kvars="$kvars CROSS_COMPILE=$HT_CROSS"
[ -z "$HT_LLVM" ] || kvars="$kvars LLVM=$HT_LLVM"

key_text=$(printf '%s\n' "tree $tree" "tree-id $tree_id" "make $kvars" "base $base" \
	"compiler $("$cc" --version | head -n 1)" "object $object")
key_text=$(printf '%s\n%s\n%s\n' "$key_text" "$(cat "$HT_FRAGMENT")" "$(cat "$0")")
key=$(printf '%s' "$key_text" | sha256sum | cut -c1-16)
kdir=$HT_CACHE/kbuild/$HT_ARCH-$HT_CONFIG-$key

if [ -f "$kdir/.hdrtest-prepared" ]; then
	[ ! -f "$kdir/.hdrtest-skip" ] || skip "$(cat "$kdir/.hdrtest-skip")"
	[ ! -f "$kdir/.hdrtest-error" ] || cell_error "$(cat "$kdir/.hdrtest-error")"
	write_env "kdir=$kdir"
	exit 0
fi

rm -rf "$kdir"
mkdir -p "$kdir"
log=$kdir/hdrtest-prepare.log
echo "  PREPARE $HT_ARCH/$HT_CONFIG in $kdir" >&2
start=$(date +%s)

# The first error kbuild printed, with the tree's path taken off.
first_error() {
	{ grep -m 1 -E ': (fatal )?error: ' "$log" || grep -m 1 -E 'Error [0-9]' "$log"; } | sed "s|$tree/||g"
}

# A kbuild step that fails is the tree's failure under this arch and
# config: recorded (and cached, like a skip) as the cell's error, so that
# the other cells go on and the report shows it.
failed() {
	printf '%s\n' "$*" > "$kdir/.hdrtest-error"
	printf '%s\n' "$key_text" > "$kdir/.hdrtest-prepared"
	cell_error "$*"
}

kmake() {
	# shellcheck disable=SC2086 # kvars is a list of make variables
	make -C "$tree" O="$kdir" $kvars "$@" >>"$log" 2>&1
}

kmake "$base" || failed "kbuild 'make $base' failed: $(first_error) (log: $log)"
if grep -q '^CONFIG_' "$HT_FRAGMENT"; then
	"$tree/scripts/kconfig/merge_config.sh" -m -O "$kdir" "$kdir/.config" "$HT_FRAGMENT" >>"$log" 2>&1 ||
		failed "merge_config.sh failed (log: $log)"
	kmake olddefconfig || failed "kbuild 'make olddefconfig' failed: $(first_error) (log: $log)"
fi
# shellcheck disable=SC2086 # HT_CATALOG is a list of files
if ! lost=$("$HT_HDRTEST" check-config --config "$HT_CONFIG" --dotconfig "$kdir/.config" \
	--tree "$tree" $HT_CATALOG); then
	[ -n "$lost" ] || die "hdrtest check-config failed for $HT_ARCH/$HT_CONFIG"
	printf 'config %s not available on arch %s: Kconfig did not keep %s\n' \
		"$HT_CONFIG" "$HT_ARCH" "$lost" > "$kdir/.hdrtest-skip"
	printf '%s\n' "$key_text" > "$kdir/.hdrtest-prepared"
	skip "$(cat "$kdir/.hdrtest-skip")"
fi
kmake prepare || failed "kbuild 'make prepare' failed: $(first_error) (log: $log)"
cmd_object=$object
if ! kmake "$object"; then
	# The tree itself does not build under this config.  The TUs still get
	# kbuild's flags, from the file 'make prepare' compiled with them.
	printf '%s\n' "kbuild itself fails to build $object here: $(first_error)" > "$kdir/.hdrtest-note"
	cmd_object=kernel/bounds.s
fi
"$HT_HDRTEST" kbuild-cmd "$kdir" "$cmd_object" > "$kdir/hdrtest-compile.cmd.tmp" ||
	die "cannot extract the compiler command of $cmd_object in $kdir"
mv -f "$kdir/hdrtest-compile.cmd.tmp" "$kdir/hdrtest-compile.cmd"
printf '%s\n' "$key_text" > "$kdir/.hdrtest-prepared"
echo "  PREPARED $HT_ARCH/$HT_CONFIG in $(( $(date +%s) - start )) s" >&2
write_env "kdir=$kdir"
