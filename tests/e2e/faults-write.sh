#!/bin/sh
# Write faults, end to end: hdrtest on a full disk (a small tmpfs filled up,
# which needs root) and with stdout on /dev/full.  Every command must exit
# 2, name the file it could not write, and leave the files that were there
# byte for byte as they were, with no temporary file beside them.  Then the
# arch table injections: ci-files must refuse them without running anything.
# Then the bench scripts' work dirs: a dir of a fixed name that another user
# could have made first (bench/series-build.sh RESUME=1) is refused.
#
# Runs alone, builds nothing: it uses out/bin/hdrtest (make out/bin/hdrtest).
# Prints one "ok"/"not ok" line per check and "faults-write: N passed, N
# failed, N skipped" last; exits non-zero if any check failed.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"
hdrtest=$top/out/bin/hdrtest
if [ ! -x "$hdrtest" ]; then
	echo "faults-write: error: $hdrtest is missing: run 'make out/bin/hdrtest' first" >&2
	exit 2
fi


tmp=$(mktemp -d "${TMPDIR:-/tmp}/hdrtest-faults.XXXXXX") || exit 2
fs=$tmp/full
mounted=
cleanup() {
	[ -n "$mounted" ] && umount "$fs"
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

# run_cmd NAME COMMAND...: run it, status in $rc, stderr in $tmp/NAME.err
run_cmd() {
	name=$1
	shift
	"$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
	rc=$?
}

# said NAME TEXT: NAME's stderr has TEXT
said() { grep -qF -- "$2" "$tmp/$1.err"; }
# save FILE, then same FILE: FILE is as it was
save() { cp "$1" "$tmp/saved.$(basename "$1")"; }
same() { cmp -s "$1" "$tmp/saved.$(basename "$1")"; }
# only DIR NAMES...: DIR holds exactly NAMES (no temporary file left)
only() {
	d=$1
	shift
	[ "$(cd "$d" && ls -A | sort | tr '\n' ' ')" = "$(printf '%s\n' "$@" | sort | tr '\n' ' ')" ]
}

# fill: take every free block of the tmpfs
fill() {
	dd if=/dev/zero of="$fs/zz-fill" bs=4096 2>/dev/null
	dd if=/dev/zero of="$fs/zz-fill2" bs=1 2>/dev/null
	return 0
}

# --- stdout on /dev/full: what make reads back from a command ----------------
run_cmd pkgs "$hdrtest" plan --print-packages --archs all --configs all catalog/arches.cat catalog/configs.cat \
	catalog/mm.cat
check "plan --print-packages works at all (exit $rc)" [ "$rc" -eq 0 ]
"$hdrtest" plan --print-packages --archs all --configs all catalog/arches.cat catalog/configs.cat \
	catalog/mm.cat > /dev/full 2> "$tmp/pkgs.err"
rc=$?
check "plan --print-packages > /dev/full exits 2" [ "$rc" -eq 2 ]
check "plan --print-packages > /dev/full says why" said pkgs \
	"hdrtest: error: cannot write standard output: No space left on device"

# plan_cell OUT: the plan of x86_64/defconfig in OUT
plan_cell() {
	"$hdrtest" plan --out "$1" --tree "$top" --cache "$tmp/cache" --archs x86_64 --configs defconfig \
		catalog/arches.cat catalog/configs.cat catalog/mm.cat
}
# skipped_cell OUT: that cell planned, prepared as a skip and generated
skipped_cell() {
	plan_cell "$1" && echo "skip=no compiler here" > "$1/x86_64/defconfig/prepared" &&
		"$hdrtest" gen --out "$1" catalog/arches.cat catalog/configs.cat catalog/mm.cat
}

"$hdrtest" catalog-init --tree tests/fixtures/scan/drift/tree 'linux/fx/*.h' > /dev/full 2> "$tmp/init-full.err"
rc=$?
check "catalog-init > /dev/full exits 2 (got $rc)" [ "$rc" -eq 2 ]
check "catalog-init > /dev/full says why" said init-full \
	"hdrtest: error: cannot write standard output: No space left on device"

# --- a full disk ------------------------------------------------------------
mkdir -p "$fs"
if ! mount -t tmpfs -o size=256k tmpfs "$fs" 2> "$tmp/mount.err"; then
	why="cannot mount a tmpfs here ($(head -1 "$tmp/mount.err")): the full-disk checks need root"
	for c in "catalog-init on a full disk" "catalog-update on a full disk" "report on a full disk" "ci-files on a full disk" \
		 "gen on a full disk" "plan on a full disk"; do
		skip "$c" "$why"
	done
else
	mounted=1

	# catalog-update: the drift fixture needs rewriting
	cp tests/fixtures/scan/drift/fx.cat "$fs/fx.cat"
	save "$fs/fx.cat"
	fill
	run_cmd update "$hdrtest" catalog-update --tree tests/fixtures/scan/drift/tree "$fs/fx.cat"
	check "catalog-update on a full disk exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "catalog-update names the file" said update \
		"hdrtest: error: cannot write $fs/fx.cat: No space left on device"
	check "catalog-update leaves the catalog byte for byte" same "$fs/fx.cat"
	check "catalog-update does not say it rewrote it" sh -c "! grep -q rewrote '$tmp/update.out'"
	check "catalog-update leaves no temporary file" only "$fs" fx.cat zz-fill zz-fill2
	rm -rf "$fs"/*

	# catalog-init --out: an earlier catalog stays as it was
	echo "# an earlier catalog" > "$fs/init.cat"
	save "$fs/init.cat"
	fill
	run_cmd init "$hdrtest" catalog-init --tree tests/fixtures/scan/drift/tree --out "$fs/init.cat" 'linux/fx/*.h'
	check "catalog-init on a full disk exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "catalog-init names the file" said init \
		"hdrtest: error: cannot write $fs/init.cat: No space left on device"
	check "catalog-init leaves the earlier catalog byte for byte" same "$fs/init.cat"
	check "catalog-init leaves no temporary file" only "$fs" init.cat zz-fill zz-fill2
	rm -rf "$fs"/*

	# report: one skipped cell, results files from an earlier run
	skipped_cell "$tmp/out" 2> "$tmp/gen.err" || not_ok "gen of a skipped cell works at all"
	for f in results.ktap results.tsv results.xml; do
		echo "an earlier $f" > "$fs/$f"
		save "$fs/$f"
	done
	fill
	run_cmd report "$hdrtest" report --out "$tmp/out" --ktap "$fs/results.ktap" --tsv "$fs/results.tsv" \
		--junit "$fs/results.xml" x86_64/defconfig
	check "report on a full disk exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "report names a results file" grep -qE \
		"^hdrtest: error: cannot write $fs/results\.(ktap|tsv|xml): No space left on device" "$tmp/report.err"
	for f in results.ktap results.tsv results.xml; do
		check "report leaves $f byte for byte" same "$fs/$f"
	done
	check "report leaves no temporary file" only "$fs" results.ktap results.tsv results.xml zz-fill zz-fill2
	rm -rf "$fs"/*

	# ci-files: m4 writes into the temporary file, and fails
	echo "old github" > "$fs/hdrtest.yml"
	echo "old gitlab" > "$fs/gitlab-ci.yml"
	save "$fs/hdrtest.yml"
	save "$fs/gitlab-ci.yml"
	fill
	run_cmd ci "$hdrtest" ci-files --templates templates --github "$fs/hdrtest.yml" --gitlab "$fs/gitlab-ci.yml" \
		catalog/arches.cat catalog/configs.cat catalog/mm.cat
	check "ci-files on a full disk exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "ci-files says what it could not write" grep -qE \
		"^hdrtest: error: (cannot write $fs/.*: No space left on device|m4 failed \(exit 1\))" "$tmp/ci.err"
	check "ci-files leaves the GitHub file" same "$fs/hdrtest.yml"
	check "ci-files leaves the GitLab file" same "$fs/gitlab-ci.yml"
	check "ci-files leaves no temporary file" only "$fs" hdrtest.yml gitlab-ci.yml zz-fill zz-fill2
	rm -rf "$fs"/*

	# plan: on a full disk it writes no half a plan
	fill
	run_cmd plan plan_cell "$fs/out"
	check "plan on a full disk exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "plan says what it could not write" said plan "No space left on device"
	check "plan leaves no cell list" [ ! -e "$fs/out/cells" ]
	check "plan leaves no temporary file" sh -c "! find '$fs' -name '*.tmp*' | grep -q ."
	rm -rf "$fs"/*

	# gen: a cell dir on a full disk gets nothing but its plan
	plan_cell "$fs/out" 2> "$tmp/plan.err" || not_ok "plan works at all"
	echo "skip=no compiler here" > "$fs/out/x86_64/defconfig/prepared"
	fill
	run_cmd gen "$hdrtest" gen --out "$fs/out" catalog/arches.cat catalog/configs.cat catalog/mm.cat
	check "gen on a full disk exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "gen says what it could not write" said gen "No space left on device"
	check "gen leaves nothing behind" only "$fs/out/x86_64/defconfig" plan prepared
	rm -rf "$fs"/*
fi

# --- report --ktap onto a device: written to, never renamed over ------------------
# (a node of our own stands for /dev/full: an old hdrtest would replace it)
skipped_cell "$tmp/dev" 2> "$tmp/gen.err"
if ! mknod "$tmp/fulldev" c 1 7 2> "$tmp/mknod.err"; then
	skip "report --ktap onto a full device" "cannot mknod here ($(head -1 "$tmp/mknod.err")): needs root"
else
	run_cmd dev "$hdrtest" report --out "$tmp/dev" --ktap "$tmp/fulldev" x86_64/defconfig
	check "report --ktap onto a full device exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "report --ktap onto a full device names it" said dev \
		"hdrtest: error: cannot write $tmp/fulldev: No space left on device"
	check "report --ktap leaves the device a device" [ -c "$tmp/fulldev" ]
fi

# --- ci-files --m4 PROG --------------------------------------------------------
cat > "$tmp/my-m4" <<EOF
#!/bin/sh
echo called >> "$tmp/my-m4.calls"
exec m4 "\$@"
EOF
chmod +x "$tmp/my-m4"
mkdir -p "$tmp/ci"
run_cmd m4opt "$hdrtest" ci-files --templates templates --m4 "$tmp/my-m4" --github "$tmp/ci/hdrtest.yml" \
	--gitlab "$tmp/ci/gitlab-ci.yml" catalog/arches.cat catalog/configs.cat catalog/mm.cat
check "ci-files --m4 PROG exits 0 (got $rc)" [ "$rc" -eq 0 ]
check "ci-files --m4 PROG runs PROG" [ "$(cat "$tmp/my-m4.calls" 2>/dev/null)" = "called
called" ]
check "ci-files --m4 PROG renders the committed files" sh -c \
	"cmp -s ci/github/hdrtest.yml '$tmp/ci/hdrtest.yml' && cmp -s ci/gitlab-ci.yml '$tmp/ci/gitlab-ci.yml'"

# --- the arch table injections -------------------------------------------------
save "$tmp/ci/hdrtest.yml"
save "$tmp/ci/gitlab-ci.yml"
printf 'arch x karch=x kconfig=CONFIG_X unavailable="x \342\237\247m4_esyscmd(touch %s)\342\237\246 y"\n' \
	"$tmp/ran" > "$tmp/inject1.cat"
printf 'arch x karch=x kconfig=CONFIG_X package=gcc\342\237\247m4_m4exit\342\237\246\n' > "$tmp/inject2.cat"
for i in 1 2; do
	col=48
	[ $i = 2 ] && col=44
	run_cmd inject$i "$hdrtest" ci-files --templates templates --github "$tmp/ci/hdrtest.yml" \
		--gitlab "$tmp/ci/gitlab-ci.yml" "$tmp/inject$i.cat"
	check "injection $i: ci-files exits 2 (got $rc)" [ "$rc" -eq 2 ]
	check "injection $i: the error points at the quote" said inject$i "$tmp/inject$i.cat:1:$col: error: expected"
	check "injection $i: no command ran" [ ! -e "$tmp/ran" ]
	check "injection $i: the CI files are as they were" sh -c \
		"cmp -s '$tmp/ci/hdrtest.yml' '$tmp/saved.hdrtest.yml' && cmp -s '$tmp/ci/gitlab-ci.yml' '$tmp/saved.gitlab-ci.yml'"
done

# --- values from outside the catalog reach the prepare script as data -------
# A tree's series stamp and a PATH dir end up in the plan (its identities),
# which the prepare script read with '.': a quote in either ran the rest.
evil="x'; touch $tmp/ran-plan; true '"  # no ':', which would split PATH
mkdir -p "$tmp/evil-tree" "$tmp/bin $evil"
printf 'all:\n\tfalse\n' > "$tmp/evil-tree/Makefile"
printf '%s\n' "$evil" > "$tmp/evil-tree/.evil.applied"
printf '#!/bin/sh\necho "gcc (fake) 1"\nexit 1\n' > "$tmp/bin $evil/gcc"
chmod +x "$tmp/bin $evil/gcc"
run_cmd evilplan env "PATH=$tmp/bin $evil:$PATH" "$hdrtest" plan --out "$tmp/evil-out" --tree "$tmp/evil-tree" \
	--cache "$tmp/evil-cache" --archs x86_64 --configs defconfig catalog/arches.cat catalog/configs.cat catalog/mm.cat
check "plan of a tree whose series stamp holds a quote, with a PATH dir holding one (exit $rc)" [ "$rc" -eq 0 ]
# plain_plan FILE: every line a comment or name='value' with no quote inside
plain_plan() { ! grep -v -e '^#' -e "^[a-z_]*='[^']*'\$" "$1"; }
check "... writes only name='value' lines" plain_plan "$tmp/evil-out/x86_64/defconfig/plan"
check "... the quotes of the identities as \\x27" grep -qF "tree_identity='x\\x27; touch" "$tmp/evil-out/x86_64/defconfig/plan"
check "... of the compiler's too" grep -qF "compiler_identity='$tmp/bin x\\x27; touch" "$tmp/evil-out/x86_64/defconfig/plan"
env "PATH=$tmp/bin $evil:$PATH" gen/prepare/prepare-kbuild.sh "$tmp/evil-out/x86_64/defconfig" > "$tmp/evilprep.out" 2>&1
check "the prepare script reads that plan as data: nothing in it ran" [ ! -e "$tmp/ran-plan" ]
printf "arch='x86_64'\nconfig='defconfig'\n\$(touch %s)='x'\n" "$tmp/ran-plan" > "$tmp/evil-out/x86_64/defconfig/plan"
run_cmd badplan gen/prepare/prepare-kbuild.sh "$tmp/evil-out/x86_64/defconfig"
check "a plan line with a name it does not know: refused, naming the line (exit $rc)" sh -c \
	"[ $rc -ne 0 ] && grep -q 'plan:3: unknown name' '$tmp/badplan.err' && [ ! -e '$tmp/ran-plan' ]"

# --- the bench scripts' work dirs --------------------------------------------
# bench/lib.sh: fresh_work makes a new private dir; kept_work takes a dir of
# a fixed name only when it is the caller's own, a dir, and no one else can
# write it: else another user made it first and chose what is in it.
bw=$tmp/bench-work
mkdir -p "$bw"
# kept DIR: kept_work's status on DIR, what it said in $tmp/kept.out
kept() { (. bench/lib.sh && kept_work "$1") > "$tmp/kept.out" 2>&1; }
# refused DESC DIR TEXT: kept_work refuses DIR, saying TEXT
refused() {
	kept "$2"
	kw_rc=$?
	check "bench work dir $1: refused (status $kw_rc), saying why" sh -c \
		"[ $kw_rc -eq 1 ] && grep -qF -- '$3' '$tmp/kept.out'" || sed 's/^/# /' "$tmp/kept.out"
}
check "bench work dir missing: kept_work makes it, mode 700" sh -c \
	"(. bench/lib.sh && kept_work '$bw/mine') && [ \$(stat -c %a '$bw/mine') = 700 ]"
check "bench work dir of our own, private: kept_work takes it again" kept "$bw/mine"
mkdir "$bw/open" && chmod 777 "$bw/open"
refused "world-writable" "$bw/open" "$bw/open is writable by group or others (mode 777): refused"
mkdir "$bw/group" && chmod 770 "$bw/group"
refused "group-writable" "$bw/group" "$bw/group is writable by group or others (mode 770): refused"
ln -s "$bw/mine" "$bw/link"
refused "a symlink to a dir of our own" "$bw/link" "$bw/link is a symlink: refused"
if [ "$(id -u)" = 0 ]; then
	mkdir "$bw/other" && chmod 700 "$bw/other" && chown 65534 "$bw/other"
	refused "owned by another uid" "$bw/other" "$bw/other is owned by uid 65534, not by you (uid 0): refused"
else
	skip "bench work dir owned by another uid: refused" "needs root to chown a dir to uid 65534"
fi
check "fresh_work: a new dir each time, mode 700, in TMPDIR" sh -c \
	". bench/lib.sh && a=\$(TMPDIR='$bw' fresh_work x) && b=\$(TMPDIR='$bw' fresh_work x) && [ \"\$a\" != \"\$b\" ] &&
	 [ \"\${a%/*}\" = '$bw' ] && [ \$(stat -c %a \"\$a\") = 700 ] && [ \$(stat -c %a \"\$b\") = 700 ]"

# bench/series-build.sh RESUME=1 itself, as root: the work dir made first
# by someone else, with a stamp that matches, a 'before' symlink to a file
# of root's and a built/ dir of his own: refused before anything is
# written or run (the old script truncated the file and built in his dir).
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	skip "bench/series-build.sh RESUME=1 refuses a work dir made by another user" \
		"needs root and unshare -m, as the script does"
else
	sb=$tmp/series-build
	mkdir -p "$sb/tree" "$sb/built" "$sb/patched"
	printf 'tree %s\nmake ARCH=x86_64\n' "$sb/tree" > "$sb/built/.hdrtest-built"
	git -C "$sb/patched" init -q && git -C "$sb/patched" -c user.name=t -c user.email=t@t commit -q --allow-empty -m x
	want="$sb/built $(git -C "$sb/patched" rev-parse HEAD)"
	for how in other-uid world-writable symlink; do
		shared=$sb/shared-$how
		w=$shared/hdrtest-series-build.built
		mkdir -p "$shared"
		echo "root's own" > "$sb/victim"
		if [ $how = symlink ]; then
			mkdir "$shared/his" && ln -s his "$w"
		else
			mkdir "$w"
		fi
		mkdir "$w/built" && echo "$want" > "$w/stamp" && ln -s "$sb/victim" "$w/before"
		case $how in
		other-uid) chown -R -h 65534 "$w" ;;
		world-writable) chmod 777 "$w" ;;
		esac
		TMPDIR=$shared RESUME=1 bench/series-build.sh "$sb/patched" "$sb/built" > "$tmp/sb.out" 2> "$tmp/sb.err"
		rc=$?
		check "bench/series-build.sh RESUME=1, work dir $how: refused (exit $rc), saying why" sh -c \
			"[ $rc -eq 2 ] && grep -q '^bench/series-build.sh: RESUME=1: $w is .*: refused' '$tmp/sb.err'" ||
			sed 's/^/# /' "$tmp/sb.err"
		check "... the file its 'before' points to is untouched, nothing was built" sh -c \
			"[ \"\$(cat '$sb/victim')\" = \"root's own\" ] && ! grep -q 'going on' '$tmp/sb.out'"
	done
fi

summary faults-write
[ "$fail" -eq 0 ]
