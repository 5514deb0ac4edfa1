# kbuild-recipe.sh: sourced by prepare-kbuild.sh.  How a cell's kbuild
# dir is made: everything here decides what is in the dir, so its text is
# part of the dir's cache key (prepare-kbuild.sh, which only locks,
# reports and caches, can change without invalidating every dir).
#
# Uses the driver's plan variables (config, base, fragment, tree), $work,
# $log, $seed_dir (the seed's complete dir, or empty), $host_dir (a
# complete dir whose host tools fit, or empty), and its functions
# kstep (one kbuild step), failed, first_error and put.

# The object whose compiler command becomes the TUs' command: a tiny file
# in mm/, built on every arch and config, in a dir without extra flags.
object=mm/mmzone.o

# The fragment as merge_config.sh reads it ("=n" is "is not set").
fragment_file() {
	echo "# hdrtest config $config"
	for line in $fragment; do
		case $line in
		*=n) echo "# ${line%=n} is not set" ;;
		*) echo "$line" ;;
		esac
	done
}

# A derived config (its base plus a fragment) starts from a copy of its
# seed's finished dir (the plan's seed: the config that is just the same
# base), when the cache has it.  Its .config is then 'make $base'
# already, and kbuild rebuilds what the fragment changes, as it does
# after any edit of .config: the host tools, generated headers and the
# vdso it does not change are not built again.  hdrtest's own files in
# the seed are not copied.
seed_copy() { # seed_copy SEEDDIR
	for f in "$1"/* "$1"/.[!.]*; do
		case ${f##*/} in
		.hdrtest-* | hdrtest-*) continue ;;
		esac
		cp -a "$f" "$work/" || return 1
	done
}

kbuild_recipe() {
	if [ -n "$seed_dir" ] && seed_copy "$seed_dir"; then
		echo "  (from $seed_dir)" >>"$log"
	else
		[ -z "$seed_dir" ] || { find "$work" -mindepth 1 ! -name "${log##*/}" -exec rm -rf {} + 2>/dev/null || :; }
		# The host tools, from $host_dir; scripts/mod is built for
		# the target (elfconfig.h), so it is not taken.
		if [ -n "$host_dir" ] && cp -a "$host_dir/scripts" "$work/" && rm -rf "$work/scripts/mod"; then
			echo "  (host tools from $host_dir)" >>"$log"
		else
			rm -rf "$work/scripts"
		fi
		kstep "make $base" "$base" || failed "kbuild 'make $base' failed: $(first_error)"
	fi
	# Only a fragment that sets something is merged (as before the plan).
	merge=
	for line in $fragment; do
		case $line in *=n) ;; *) merge=1 ;; esac
	done
	if [ -n "$merge" ]; then
		fragment_file > "$work/hdrtest-fragment.config" || failed "cannot write $work/hdrtest-fragment.config"
		"$tree/scripts/kconfig/merge_config.sh" -m -O "$work" "$work/.config" "$work/hdrtest-fragment.config" \
			>>"$log" 2>&1 || failed "merge_config.sh failed: $(first_error)"
		kstep "make olddefconfig" olddefconfig || failed "kbuild 'make olddefconfig' failed: $(first_error)"
	fi
	kbuild_object
}

# prepare and $object in one make (kbuild runs 'prepare' before any single
# object); when the tree itself does not build $object under this config,
# prepare alone, and the TUs take kbuild's flags from kernel/bounds.s,
# which 'make prepare' compiled with them.
kbuild_object() {
	object=mm/mmzone.o
	rm -f "$work/.hdrtest-note"
	if ! kstep "make prepare $object" "$object"; then
		if grep -q 'No space left on device' "$log"; then
			failed "kbuild 'make $object' failed: $(first_error)"
		fi
		kstep "make prepare" prepare || failed "kbuild 'make prepare' failed: $(first_error)"
		put "$work/.hdrtest-note" "kbuild itself fails to build $object here: $(first_error)" ||
			failed "cannot write $work/.hdrtest-note"
		object=kernel/bounds.s
	fi
	put "$work/.hdrtest-object" "$object" || failed "cannot write $work/.hdrtest-object"
}

# A moving tree's dir (a series' scratch tree, one patch further): kbuild
# brings it up to date in place, as a developer's O= dir after an edit;
# it rebuilds only what the change reaches.  $work is the dir itself.
kbuild_update() {
	kbuild_object
}
