#!/bin/sh
# default-tree.sh DEST SERIES
#
# The default kernel tree: Debian's linux-source-6.12 with the mm.h split
# series applied, built by the prepare-tree.sh that sits next to SERIES.
# A DEST left half-done by an interrupted run is removed and built again.
set -eu

[ $# -eq 2 ] || { echo "usage: $0 DEST SERIES" >&2; exit 2; }
dest=$1
series=$2
script=$(dirname "$series")/prepare-tree.sh

[ -d "$series" ] || { echo "hdrtest: error: no patch series at $series (set SERIES=...)" >&2; exit 1; }
[ -f "$script" ] || { echo "hdrtest: error: $script not found next to the series" >&2; exit 1; }

if [ -d "$dest" ] && ! ls "$dest"/.*.applied >/dev/null 2>&1; then
	echo "hdrtest: $dest has no series stamp (interrupted?): removing it" >&2
	rm -rf "$dest"
fi
mkdir -p "$(dirname "$dest")"
SERIES_DIR=$series bash "$script" "$dest" >&2
