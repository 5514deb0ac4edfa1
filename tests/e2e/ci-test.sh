#!/bin/sh
# The generated CI files, proven by running them (make ci-test; make check
# runs it).  One "ok"/"not ok" line per check, "ci-test: N passed, N
# failed, N skipped" last.
#
# 1. ci/run-arch without a kernel tree fails at once (exit 2), naming the
#    variables to set.  Needs nothing but sh.
# 2. The GitHub workflow passes action-validator, and a broken copy fails.
# 3. gitlab-ci-local runs the x86_64 job of ci/gitlab-ci.yml with the shell
#    executor, in a scratch copy of this checkout that has nothing but the
#    checkout (no ../shared), against a local git repository of the default
#    tree (HDRTEST_KERNEL_GIT=file://...), for defconfig (HDRTEST_CONFIGS:
#    every config would only prepare three more cells twice).  Its
#    artifacts must hold the same verdicts as make selftest-headers
#    ARCHS=x86_64 CONFIGS=defconfig run here directly: results.tsv byte for
#    byte, the verdict lines of KTAP and JUnit (and report.html where the
#    run writes one) with paths made equal.
# 4. The sharded pipeline (HDRTEST_SHARDED=1): the parallel: hdrtest-shard
#    jobs and hdrtest-merge, which needs them all, on the two default cells
#    of the default tree as the runner's tree (HDRTEST_KDIR): more shards
#    than cells, so each cell's TUs are split.  The merged artifacts must
#    hold the verdicts of one direct run of the same cells, as in 3.
#
# 2, 3 and 4 need node and npm (a skip that says so without them).  The npm
# tools, pinned, go to HDRTEST_CACHE/npm, never into the checkout.  The job
# gets HDRTEST_CACHE as a variable, so that it shares the cache with every
# other run here: its checkout of the tree and its prepared kbuild dirs are
# made once, not on every run (and gitlab-ci-local copies no GB-sized cache
# in and out of the job).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
# shellcheck source=tests/e2e/lib.sh
. "$here/lib.sh"

GITLAB_CI_LOCAL=gitlab-ci-local@4.65.1	# the newest that says it runs on node 18 (Debian's)
ACTION_VALIDATOR=@action-validator/cli@0.6.0
arch=x86_64
out=$top/out/ci-test
mkdir -p "$out"
t0=$(date +%s)

# What a make that runs this one passes down must not reach the job's make.
unset MAKEFLAGS MFLAGS MAKELEVEL
for v in HDRTEST_KDIR HDRTEST_KERNEL_GIT HDRTEST_KERNEL_REF HDRTEST_OUT HDRTEST_DIR; do
	unset "$v"
done

cache=$(make -s --no-print-directory cache-path)

# --- 1. run-arch without a tree ----------------------------------------------
echo "# ci/run-arch without a kernel tree"
# Stand-ins for everything run-arch could run first: none may be called.
stubs=$out/stubs
rm -rf "$stubs" && mkdir -p "$stubs"
for p in make git apt-get dpkg-query npm; do
	printf '#!/bin/sh\necho %s >> "%s/called"\nexit 1\n' "$p" "$stubs" > "$stubs/$p"
	chmod +x "$stubs/$p"
done
# run_arch NAME VAR=VALUE...: ci/run-arch x86_64 in that environment; $rc
run_arch() {
	n=$1
	shift
	rm -f "$stubs/called"
	env PATH="$stubs:$PATH" "$@" ci/run-arch "$arch" > "$out/run-arch-$n.log" 2>&1
	rc=$?
}
# shellcheck disable=SC2317 # run by check
no_call() { [ ! -e "$stubs/called" ] || { sed 's/^/# called: /' "$stubs/called"; return 1; }; }

run_arch none
check "with neither HDRTEST_KDIR nor HDRTEST_KERNEL_GIT: exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "... saying to set HDRTEST_KDIR or HDRTEST_KERNEL_GIT" \
	grep -q 'set HDRTEST_KDIR .*, or HDRTEST_KERNEL_GIT ' "$out/run-arch-none.log"
check "... before installing or running anything" no_call
run_arch notree HDRTEST_KDIR="$out"
check "HDRTEST_KDIR that is no kernel tree: exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q 'HDRTEST_KDIR=$out is not a kernel tree' '$out/run-arch-notree.log' && [ ! -e '$stubs/called' ]"
run_arch both HDRTEST_KDIR="$out" HDRTEST_KERNEL_GIT=file:///nonexistent
check "both HDRTEST_KDIR and HDRTEST_KERNEL_GIT: exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q 'set only one' '$out/run-arch-both.log' && [ ! -e '$stubs/called' ]"
run_arch refonly HDRTEST_KERNEL_REF=main
check "HDRTEST_KERNEL_REF without HDRTEST_KERNEL_GIT: exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q 'HDRTEST_KERNEL_REF is set but HDRTEST_KERNEL_GIT is not' '$out/run-arch-refonly.log' &&
	 [ ! -e '$stubs/called' ]"

# Values that would reach git, make or sh as code: refused before anything
# runs (with real git, --upload-pack=CMD as the ref ran CMD).
pwned=$out/pwned
rm -f "$pwned"
run_arch refopt HDRTEST_KERNEL_GIT=file:///nonexistent "HDRTEST_KERNEL_REF=--upload-pack=touch $pwned;git-upload-pack"
check "HDRTEST_KERNEL_REF starting with '-' (an option to git fetch): exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q \"HDRTEST_KERNEL_REF='--upload-pack=.*': a ref cannot start with '-'\" \
	 '$out/run-arch-refopt.log' && [ ! -e '$stubs/called' ]"
run_arch depth HDRTEST_KERNEL_GIT=file:///nonexistent HDRTEST_KERNEL_REF=--depth=0
check "HDRTEST_KERNEL_REF=--depth=0: exit 2 (got $rc), nothing run" sh -c "[ $rc -eq 2 ] && [ ! -e '$stubs/called' ]"
run_arch urlopt "HDRTEST_KERNEL_GIT=--upload-pack=touch $pwned"
check "HDRTEST_KERNEL_GIT starting with '-': exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q 'a URL cannot start with' '$out/run-arch-urlopt.log' && [ ! -e '$stubs/called' ]"
for v in HDRTEST_KDIR HDRTEST_CACHE HDRTEST_OUT; do
	run_arch "dollar-$v" HDRTEST_KERNEL_GIT=file:///nonexistent "$v=\$(shell touch $pwned)"
	check "$v holding '\$(shell ...)': exit 2 (got $rc), nothing run" sh -c \
		"[ $rc -eq 2 ] && grep -q \"$v='.*': a path holding\" '$out/run-arch-dollar-$v.log' && [ ! -e '$stubs/called' ]"
done
run_arch shard HDRTEST_KERNEL_GIT=file:///nonexistent "HDRTEST_SHARD=1/4;touch $pwned"
check "HDRTEST_SHARD that is no I/N: exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q \"HDRTEST_SHARD='1/4;touch .*': expected I/N\" '$out/run-arch-shard.log' &&
	 [ ! -e '$stubs/called' ]"
run_arch configs HDRTEST_KERNEL_GIT=file:///nonexistent HDRTEST_CONFIGS=-j99
check "HDRTEST_CONFIGS=-j99 (an option to make): exit 2 (got $rc), nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q \"HDRTEST_CONFIGS: '-j99'\" '$out/run-arch-configs.log' && [ ! -e '$stubs/called' ]"
rm -f "$stubs/called"
env PATH="$stubs:$PATH" ci/merge-shards "$out/merged" "$out/no-such-shard" > "$out/merge-shards-missing.log" 2>&1
rc=$?
check "ci/merge-shards with a shard dir that is not there: exit 2 (got $rc), naming it, nothing run" sh -c \
	"[ $rc -eq 2 ] && grep -q '$out/no-such-shard: no such shard output' '$out/merge-shards-missing.log' &&
	 [ ! -e '$stubs/called' ]"
rm -f "$stubs/called"
env PATH="$stubs:$PATH" ci/run-arch -j99 > "$out/run-arch-archopt.log" 2>&1
rc=$?
check "an ARCH that is no arch name (-j99): exit 2 (got $rc), nothing run" sh -c "[ $rc -eq 2 ] && [ ! -e '$stubs/called' ]"
check "... and no injected command ran" test ! -e "$pwned"

# --- the npm tools -----------------------------------------------------------
finish() {
	echo "# ci-test took $(( $(date +%s) - t0 )) s"
	summary ci-test
	[ "$fail" -eq 0 ]
	exit
}
# node and npm run the npm tools: installed when missing (Debian's nodejs
# and npm; a machine may have them from elsewhere); only what cannot be
# installed is a skip, saying why.
why=
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	gen/setup/deps.sh nodejs npm > "$out/node-deps.log" 2>&1
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	why="node and npm cannot be installed (Debian: nodejs npm: $(tr '\n' ' ' < "$out/node-deps.log")), so gitlab-ci-local and action-validator cannot run"
elif [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 18 ]; then
	why="node $(node --version) is older than the 18 that $GITLAB_CI_LOCAL needs"
fi
if [ -n "$why" ]; then
	skip "action-validator on ci/github/hdrtest.yml" "$why"
	skip "gitlab-ci-local runs the $arch job of ci/gitlab-ci.yml" "$why"
	skip "gitlab-ci-local runs the sharded pipeline of ci/gitlab-ci.yml" "$why"
	finish
fi

npm_dir=$cache/npm
bin=$npm_dir/node_modules/.bin
# installed NAME@VERSION: that version is in npm_dir
installed() {
	name=${1%@*}
	[ "$(node -p "require('$npm_dir/node_modules/$name/package.json').version" 2>/dev/null)" = "${1##*@}" ]
}
echo "# npm tools in $npm_dir: $GITLAB_CI_LOCAL $ACTION_VALIDATOR"
s=$(date +%s)
mkdir -p "$npm_dir"
{
	flock 9	# two runs sharing the cache install one at a time
	if ! installed "$GITLAB_CI_LOCAL" || ! installed "$ACTION_VALIDATOR"; then
		# one request first, not retried: a registry that cannot be
		# reached is known in a second, not after npm's retries of
		# every package (141 s in a root without the proxy's CA)
		npm ping --no-update-notifier --fetch-retries=0 > "$out/npm.log" 2>&1 &&
			npm install --prefix "$npm_dir" --no-audit --no-fund --no-update-notifier \
				"$GITLAB_CI_LOCAL" "$ACTION_VALIDATOR" >> "$out/npm.log" 2>&1
	fi
} 9>>"$npm_dir.lock"
# A registry that cannot be reached (no network, a TLS proxy whose CA this
# root lacks) means the tools cannot be installed: a skip naming npm's
# reason, never a pass; anything else npm says is a failure.
if [ ! -x "$bin/gitlab-ci-local" ] || [ ! -x "$bin/action-validator" ]; then
	if grep -qE 'npm (ERR!|error) code (E[A-Z]*(CONNREFUSED|NOTFOUND|TIMEDOUT|AI_AGAIN|NETUNREACH)|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|CERT_[A-Z_]*)' \
		"$out/npm.log"; then
		why="npm cannot reach its registry to install $GITLAB_CI_LOCAL and $ACTION_VALIDATOR: $(grep -m 1 -E 'npm (ERR!|error) (request|network|FetchError)' "$out/npm.log" || grep -m 1 -E 'npm (ERR!|error) code' "$out/npm.log")"
		skip "action-validator on ci/github/hdrtest.yml" "$why"
		skip "gitlab-ci-local runs the $arch job of ci/gitlab-ci.yml" "$why"
		skip "gitlab-ci-local runs the sharded pipeline of ci/gitlab-ci.yml" "$why"
		finish
	fi
fi
check "npm installs $GITLAB_CI_LOCAL and $ACTION_VALIDATOR outside the checkout ($(( $(date +%s) - s )) s)" sh -c \
	"[ -x '$bin/gitlab-ci-local' ] && [ -x '$bin/action-validator' ] || { sed 's/^/# /' '$out/npm.log'; exit 1; }"
check "nothing was installed into the checkout" sh -c "[ ! -e node_modules ] && [ ! -e package.json ]"
# gitlab-ci-local copies the project with rsync
gen/setup/deps.sh rsync > "$out/rsync-deps.log" 2>&1
check "rsync (for gitlab-ci-local) is installed" sh -c "command -v rsync >/dev/null || { sed 's/^/# /' '$out/rsync-deps.log'; exit 1; }"

# --- 2. the GitHub workflow ----------------------------------------------------
echo "# action-validator ci/github/hdrtest.yml"
"$bin/action-validator" ci/github/hdrtest.yml > "$out/action-validator.log" 2>&1
rc=$?
sed 's/^/#   /' "$out/action-validator.log"
echo "#   (exit $rc)"
check "action-validator accepts ci/github/hdrtest.yml" [ "$rc" -eq 0 ]
# broken: a job key misspelt, and a step that both uses an action and runs
sed -e '0,/^    runs-on:/s//    runs_on:/' ci/github/hdrtest.yml > "$out/broken-runs-on.yml"
"$bin/action-validator" "$out/broken-runs-on.yml" > "$out/action-validator-broken.log" 2>&1
rc=$?
check "action-validator rejects a copy with runs-on misspelt (exit $rc)" sh -c \
	"[ $rc -ne 0 ] && grep -q \"Additional property 'runs_on' is not allowed\" '$out/action-validator-broken.log'"
sed -e '0,/^      - uses: actions\/checkout@v4$/s//      - uses: actions\/checkout@v4\n        run: echo/' \
	ci/github/hdrtest.yml > "$out/broken-step.yml"
"$bin/action-validator" "$out/broken-step.yml" > "$out/action-validator-broken2.log" 2>&1
rc=$?
check "action-validator rejects a copy whose step both uses and runs (exit $rc)" sh -c \
	"[ $rc -ne 0 ] && grep -q '\"path\": \"/jobs/x86_64/steps/0\"' '$out/action-validator-broken2.log'"

# --- 3. the GitLab job ---------------------------------------------------------
# The default tree, and a git repository of it: one commit with fixed
# dates and names, so the same tree is the same commit, and so the job's
# checkout (and the kbuild dirs prepared for it) stay valid.  Every file is
# packed as it is added (bigFileThreshold=1): no loose objects, no repack.
tree=$(make -s --no-print-directory tree-path)
if ! ls "$tree"/.*.applied > /dev/null 2>&1; then
	make --no-print-directory tree > "$out/tree.log" 2>&1 || { sed 's/^/# /' "$out/tree.log"; }
fi
repo=$cache/ci-test/$(basename "$tree").git
s=$(date +%s)
mkdir -p "$cache/ci-test"
{
	flock 9
	if [ ! -d "$repo" ]; then
		rm -rf "$repo.tmp"
		mkdir -p "$repo.tmp"
		(
			export GIT_DIR="$repo.tmp" GIT_WORK_TREE="$tree"
			export GIT_AUTHOR_NAME=hdrtest GIT_AUTHOR_EMAIL=hdrtest@invalid GIT_AUTHOR_DATE='@0 +0000'
			export GIT_COMMITTER_NAME=hdrtest GIT_COMMITTER_EMAIL=hdrtest@invalid GIT_COMMITTER_DATE='@0 +0000'
			git init -q && git config gc.auto 0 && git config core.bigFileThreshold 1 &&
				git config core.compression 1 && git symbolic-ref HEAD refs/heads/main &&
				git add -A -f -- . ':!/.*.applied' && git commit -q -m "$(basename "$tree")"
		) > "$out/repo.log" 2>&1 && mv "$repo.tmp" "$repo"
	fi
} 9>>"$repo.lock"
check "a git repository of the default tree ($(( $(date +%s) - s )) s)" sh -c \
	"git --git-dir='$repo' rev-parse -q --verify main > /dev/null || { sed 's/^/# /' '$out/repo.log'; exit 1; }"

# The project: this checkout's files as they are (edits included), with
# the generated file as .gitlab-ci.yml, and nothing beside it.
proj=$out/project
rm -rf "$proj"
mkdir -p "$proj"
git ls-files -co --exclude-standard | while IFS= read -r f; do
	[ -f "$f" ] && printf '%s\n' "$f"
done | tar -cf - --verbatim-files-from -T - | tar -xf - -C "$proj"
cp ci/gitlab-ci.yml "$proj/.gitlab-ci.yml"
(
	cd "$proj" && git init -q && git add -A &&
		git -c user.name=hdrtest -c user.email=hdrtest@invalid commit -q -m project &&
		git remote add origin https://gitlab.invalid/hdrtest/hdrtest.git &&
		git update-ref refs/remotes/origin/main HEAD &&
		git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main
) > "$out/project.log" 2>&1
check "a scratch project with the generated file as .gitlab-ci.yml" sh -c \
	"cmp -s ci/gitlab-ci.yml '$proj/.gitlab-ci.yml' && [ ! -e '$proj/../shared' ] || { sed 's/^/# /' '$out/project.log'; exit 1; }"

# The job: gitlab-ci-local in shell-executor mode (no docker here; the job
# says image: debian:bookworm), in its own copy of the project
# (--shell-isolation), with its own HOME for gitlab-ci-local's settings.
job_url=file://$repo
echo "# gitlab-ci-local $arch: HDRTEST_KERNEL_GIT=$job_url HDRTEST_KERNEL_REF=main HDRTEST_CONFIGS=defconfig HDRTEST_CACHE=$cache"
rm -rf "${out:?}/home"
mkdir -p "$out/home"
s=$(date +%s)
(cd "$proj" && "$bin/gitlab-ci-local" --home "$out/home" --force-shell-executor --shell-isolation --no-color \
	--variable "HDRTEST_KERNEL_GIT=$job_url" --variable HDRTEST_KERNEL_REF=main \
	--variable HDRTEST_CONFIGS=defconfig --variable "HDRTEST_CACHE=$cache" "$arch") > "$out/gitlab-ci-local.log" 2>&1
jrc=$?
jsecs=$(( $(date +%s) - s ))
# gitlab-ci-local's own lines, and the last of the job's output
grep -v "^$arch *> " "$out/gitlab-ci-local.log" | grep -v '^$' | sed 's/^/#   /'
echo "#   ... the job's last lines:"
grep "^$arch *> " "$out/gitlab-ci-local.log" | tail -n 4 | sed 's/^/#   /'
echo "#   gitlab-ci-local exit $jrc after $jsecs s"

# The direct run, with the default tree and the same cache.
s=$(date +%s)
make --no-print-directory selftest-headers OUT="$out/direct" ARCHS="$arch" CONFIGS=defconfig > "$out/direct.log" 2>&1
drc=$?
echo "# make selftest-headers ARCHS=$arch CONFIGS=defconfig (direct): exit $drc after $(( $(date +%s) - s )) s"

art=$proj/.gitlab-ci-local/artifacts/$arch/out
direct=$out/direct
jobout=$proj/.gitlab-ci-local/builds/$arch/out
jobtree=$(sed -n "s/^$arch *> hdrtest: kernel tree \([^ ]*\) at .*/\1/p" "$out/gitlab-ci-local.log" | tail -n 1)
echo "# the job's artifacts ($art):"
for f in results.ktap results.xml results.tsv report.html; do
	[ -f "$art/$f" ] && echo "#   out/$f ($(wc -c < "$art/$f") bytes)"
done
[ -d "$art/$arch" ] && echo "#   out/$arch/ ($(find "$art/$arch" -type f | wc -l) files)"

summary_line() { grep '^\(.*> \)\{0,1\}hdrtest: [0-9]* cells' "$1" | tail -n 1 | sed 's/^.*> //'; }
check "the job fetched the tree from HDRTEST_KERNEL_GIT" [ -n "$jobtree" ]
check "the job passed schema validation and ran" grep -q "^$arch *> hdrtest: [0-9]* cells" "$out/gitlab-ci-local.log"
check "the job fails exactly when the direct run fails (job exit $jrc, direct exit $drc)" \
	[ "$([ "$jrc" -eq 0 ]; echo $?)" = "$([ "$drc" -eq 0 ]; echo $?)" ]
check "the job's summary line is the direct run's: $(summary_line "$direct.log")" \
	[ "$(summary_line "$out/gitlab-ci-local.log")" = "$(summary_line "$direct.log")" ]
for f in results.ktap results.xml results.tsv "$arch"; do
	check "the job's artifacts hold out/$f" test -e "$art/$f"
done
if [ -f "$direct/report.html" ]; then
	check "the job's artifacts hold out/report.html" test -f "$art/report.html"
else
	skip "the job's artifacts hold out/report.html" "this build writes no report.html"
fi

# verdicts FILE KIND: the verdicts of one result file, paths made equal
# (the trees, the outs and the kbuild dirs, whose names hold a hash of the
# tree's path)
verdicts() {
	[ -f "$1" ] || return 0
	sed -e "s|$jobout|OUT|g; s|$direct|OUT|g; s|$jobtree|KDIR|g; s|$tree|KDIR|g" \
		-e "s|$cache/kbuild/\([A-Za-z0-9_.-]*\)-[0-9a-f]\{16\}|KBUILD/\1|g" "$1" |
	case $2 in
	tsv | html) cat ;;
	ktap) grep -E '^ *((not )?ok [0-9]|# Subtest: |1\.\.[0-9])' ;;
	junit) grep -E '<(testsuites|testsuite|testcase|failure|error|skipped)[ />]' |
		sed 's/\(<\(testsuites\|testsuite\|testcase\|failure\|error\|skipped\)[^>]*>\).*/\1/' ;;
	esac
}
# verdict_diff ARTDIR: the diff of every result's verdicts, job against direct
verdict_diff() {
	for k in results.tsv:tsv results.ktap:ktap results.xml:junit report.html:html; do
		verdicts "$direct/${k%:*}" "${k#*:}" > "$out/direct.${k#*:}"
		verdicts "$1/${k%:*}" "${k#*:}" > "$out/job.${k#*:}"
		diff -u --label "direct/${k%:*}" --label "job/${k%:*}" "$out/direct.${k#*:}" "$out/job.${k#*:}"
	done
}
verdict_diff "$art" > "$out/verdict.diff"
echo "# verdict diff, job against direct ($(wc -l < "$out/verdict.diff") lines):"
sed 's/^/#   /' "$out/verdict.diff" | head -n 60
check "results.tsv of the job and of the direct run are identical" cmp -s "$direct/results.tsv" "$art/results.tsv"
check "the verdicts of KTAP, JUnit (and HTML) are identical: the diff is empty" \
	sh -c "[ -s '$direct/results.tsv' ] && [ -s '$out/direct.ktap' ] && [ -s '$out/direct.junit' ] && [ ! -s '$out/verdict.diff' ]"

# The comparison itself sees a changed verdict: one pass turned fail in a
# copy of the artifacts.
rm -rf "$out/mutant" && mkdir -p "$out/mutant"
cp "$art"/results.* "$out/mutant/" 2>/dev/null
sed -i '0,/\tpass\t/s//\tfail\t/' "$out/mutant/results.tsv"
sed -i '0,/^    ok \([0-9]* linux\)/s//    not ok \1/' "$out/mutant/results.ktap"
verdict_diff "$out/mutant" > "$out/mutant.diff"
check "a verdict changed in a copy of the artifacts shows in the diff of TSV and KTAP" sh -c \
	"grep -q '^+++ job/results.tsv' '$out/mutant.diff' && grep -q '^+++ job/results.ktap' '$out/mutant.diff'"

# --- 4. the sharded pipeline ---------------------------------------------------
# gitlab-ci-local runs hdrtest-merge with --needs: every hdrtest-shard job
# first, then the merge with their artifacts.  The project is the same
# scratch copy; the tree is the default tree, given as on a kernel
# project's runner (HDRTEST_KDIR), so the cells' kbuild dirs are the ones
# the direct run uses.
sharch="x86_64 arm64"
nshards=$(sed -n 's/^  parallel: \([0-9]*\)$/\1/p' ci/gitlab-ci.yml)
echo "# gitlab-ci-local --needs hdrtest-merge: HDRTEST_SHARDED=1 HDRTEST_ARCHS='$sharch' HDRTEST_CONFIGS=defconfig" \
	"HDRTEST_KDIR=$tree, $nshards shards"
rm -rf "${out:?}/home-sharded" "$proj/.gitlab-ci-local" "$proj/out"
mkdir -p "$out/home-sharded"
s=$(date +%s)
(cd "$proj" && "$bin/gitlab-ci-local" --home "$out/home-sharded" --force-shell-executor --shell-isolation --no-color \
	--needs --variable HDRTEST_SHARDED=1 --variable "HDRTEST_ARCHS=$sharch" --variable HDRTEST_CONFIGS=defconfig \
	--variable "HDRTEST_KDIR=$tree" --variable "HDRTEST_CACHE=$cache" hdrtest-merge) > "$out/gitlab-ci-local-sharded.log" 2>&1
jrc=$?
jsecs=$(( $(date +%s) - s ))
grep -v '^hdrtest-\(shard: \[[0-9]*/[0-9]*\]\|merge\) *> ' "$out/gitlab-ci-local-sharded.log" | grep -v '^$' | sed 's/^/#   /'
echo "#   ... the merge job's last lines:"
grep '^hdrtest-merge *> ' "$out/gitlab-ci-local-sharded.log" | tail -n 3 | sed 's/^/#   /'
echo "#   gitlab-ci-local exit $jrc after $jsecs s"

s=$(date +%s)
make --no-print-directory selftest-headers OUT="$out/direct-sharded" ARCHS="$sharch" CONFIGS=defconfig \
	> "$out/direct-sharded.log" 2>&1
drc=$?
echo "# make selftest-headers ARCHS='$sharch' CONFIGS=defconfig (direct): exit $drc after $(( $(date +%s) - s )) s"

check "the file runs at least 3 shards (parallel: $nshards)" [ "${nshards:-0}" -ge 3 ]
ran=0
for i in $(seq 1 "${nshards:-0}"); do
	grep -q "^hdrtest-shard: \[$i/$nshards\] *> hdrtest: \(shard $i/$nshards has no work\|[0-9]* cells\)" \
		"$out/gitlab-ci-local-sharded.log" && ran=$((ran + 1))
done
check "every shard job ran its part ($ran of $nshards)" [ "$ran" -eq "${nshards:-0}" ]
# shellcheck disable=SC2317 # run by check
no_arch_job() { ! grep -qE "^($(echo "$sharch" | tr ' ' '|')) +> " "$out/gitlab-ci-local-sharded.log"; }
check "the per-arch jobs stayed out of the sharded pipeline" no_arch_job
jobout=$proj/.gitlab-ci-local/builds/hdrtest-merge/out
art=$proj/.gitlab-ci-local/artifacts/hdrtest-merge/out
direct=$out/direct-sharded
check "the merge fails exactly when the direct run fails (merge exit $jrc, direct exit $drc)" \
	[ "$([ "$jrc" -eq 0 ]; echo $?)" = "$([ "$drc" -eq 0 ]; echo $?)" ]
check "the merge's summary line is the direct run's: $(summary_line "$direct.log")" \
	[ "$(grep '^hdrtest-merge *> hdrtest: [0-9]* cells' "$out/gitlab-ci-local-sharded.log" | tail -n 1 |
	     sed 's/^.*> //')" = "$(summary_line "$direct.log")" ]
for f in results.ktap results.xml results.tsv report.html; do
	check "the merge job's artifacts hold out/$f" test -f "$art/$f"
done
# the shards' OUTs are named in logs the merge rewrote to its own OUT
verdict_diff "$art" > "$out/verdict-sharded.diff"
echo "# verdict diff, merged shards against direct ($(wc -l < "$out/verdict-sharded.diff") lines):"
sed 's/^/#   /' "$out/verdict-sharded.diff" | head -n 60
check "results.tsv of the merged shards and of the direct run are identical" \
	cmp -s "$direct/results.tsv" "$art/results.tsv"
check "the merged verdicts of KTAP, JUnit and HTML are the direct run's: the diff is empty" \
	sh -c "[ -s '$direct/results.tsv' ] && [ -s '$out/direct.ktap' ] && [ -s '$out/direct.junit' ] &&
	       [ ! -s '$out/verdict-sharded.diff' ]"
# A shard whose artifacts are lost: the merge job fails, naming it.
shard_outs=$(ls -d "$proj"/.gitlab-ci-local/artifacts/hdrtest-shard*/out/shard-* 2>/dev/null | sort)
lost=$(echo "$shard_outs" | tail -n 1)
# shellcheck disable=SC2046 # one word per shard
ci/merge-shards "$out/merged-lost" $(echo "$shard_outs" | sed '$d') > "$out/merge-lost.log" 2>&1
rc=$?
sed 's/^/#   /' "$out/merge-lost.log" | grep 'error' | head -n 3
check "without the artifacts of shard $nshards the merge fails (exit $rc) saying it is missing" sh -c \
	"[ $rc -eq 2 ] && [ -n '$lost' ] && grep -q 'hdrtest: error: .*shard $nshards' '$out/merge-lost.log'"

# shellcheck disable=SC2317 # run by check
unique_names() {
	d=$(grep -o '<testcase [^>]*' "$1" | sed -n 's/.* name="\([^"]*\)".*/\1/p' | sort | uniq -d)
	[ -z "$d" ] || { echo "$d" | sed 's/^/# twice: /'; return 1; }
	[ "$(grep -c '<testcase ' "$1")" -gt 0 ]
}
check "JUnit test case names are unique in the merged file" unique_names "$art/results.xml"

finish
