#!/bin/sh
# The HTML report in a real browser: `make selftest-headers` on x86_64 and
# arm64 defconfig, then headless Chromium (Debian's chromium, installed
# with gen/setup/deps.sh) loads out/e2e-html/report.html, and the DOM it renders
# (--dump-dom) must hold every (cell, header, verdict) of results.tsv, each
# square showing its verdict's word, with the same counts.  Without
# Chromium the browser checks are a skip that says why, never a pass.
# Prints one "ok"/"not ok" line per check and "html: N passed, N failed,
# N skipped" last.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

archs="x86_64 arm64"
out=out/e2e-html
page=$top/$out/report.html

# dump_dom HTML DOM: the DOM headless Chromium renders from HTML
dump_dom() {
	rm -rf "$out/chromium-profile"
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$top/$out/chromium-profile" \
		--dump-dom "file://$1" > "$2" 2> "$2.err"
}

# squares DOM: "cell<TAB>header<TAB>verdict<TAB>word" for each square the DOM
# has, sorted; the word is the text the square shows
squares() {
	grep -o '<td [^>]*data-verdict="[^"]*"[^>]*>\(<details><summary>\)\{0,1\}[^<]*' "$1" |
		awk '{
			cell = $0; sub(/.*data-cell="/, "", cell); sub(/".*/, "", cell)
			hdr = $0; sub(/.*data-header="/, "", hdr); sub(/".*/, "", hdr)
			v = $0; sub(/.*data-verdict="/, "", v); sub(/".*/, "", v)
			word = $0; sub(/.*>/, "", word)
			printf "%s\t%s\t%s\t%s\n", cell, hdr, v, word
		}' | LC_ALL=C sort
}

# from_tsv TSV: what the squares must be, from results.tsv
from_tsv() {
	awk -F '\t' '{ printf "%s/%s\t%s\t%s\t%s\n", $1, $2, $3, $4, $4 == "fail" ? "FAIL" : $4 }' "$1" |
		LC_ALL=C sort
}

# counts LIST: "pass N fail N skip N error N" of a square list
counts() {
	awk -F '\t' '{ n[$3]++ } END { printf "pass %d fail %d skip %d error %d\n", n["pass"], n["fail"], n["skip"],
		n["error"] }' "$1"
}

# summary_counts DOM: the same, from the summary line the page shows
summary_counts() {
	sed -n 's/.*id="summary"[^>]*>hdrtest: [0-9]* cells (header x arch x config): \([0-9]*\) pass, \([0-9]*\) fail, \([0-9]*\) skip, \([0-9]*\) error<.*/pass \1 fail \2 skip \3 error \4/p' "$1"
}

# same_squares DOM: the DOM's squares are results.tsv's verdicts
same_squares() {
	squares "$1" > "$1.squares"
	same_file "$out/expected.squares" "$1.squares"
}

echo "# html: make selftest-headers ARCHS=\"$archs\", report.html in headless Chromium"
mkdir -p "$out"
# judged again, without the section a previous run's make coverage added
rm -f "$out/coverage.txt" "$out/report.txt"
make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" CONFIGS=defconfig > "$out.log" 2>&1
check "selftest-headers wrote results.tsv and report.html" test -s "$out/results.tsv" -a -s "$out/report.html"
from_tsv "$out/results.tsv" > "$out/expected.squares"
check "results.tsv has the 42 verdicts of the two cells" test "$(wc -l < "$out/expected.squares")" -eq 42

# The page as written: nothing fetched from elsewhere, the same bytes again.
check "report.html fetches nothing: no src=, <link, url( or @import, no href to another host" \
	sh -c "! grep -Eiq 'src=|<link|url\\(|@import|href=\"?(https?:|//)' '$page'"
out/bin/hdrtest report --out "$out" --drift "$out/drift.tsv" --html "$out/report-again.html" \
	$(cat "$out/cells") > /dev/null 2>&1
check "report.html has the same bytes when judged again" same_file "$page" "$out/report-again.html"
check "every log link of report.html names a log next to it" \
	sh -c "cd '$out' && grep -o 'class=\"log\" href=\"[^\"]*\"' report.html | sed 's/.*href=\"//; s/\"\$//' |
	       { n=0; while read -r f; do test -f \"\$f\" || exit 1; n=\$((n + 1)); done; test \$n -eq 14; }"

if ! gen/setup/deps.sh chromium > "$out/deps.log" 2>&1; then
	skip "report.html in headless Chromium" "chromium cannot be installed: $(tr '\n' ' ' < "$out/deps.log")"
	summary html
	[ "$fail" -eq 0 ]
	exit
fi

dump_dom "$page" "$out/dom.html"
check "Chromium renders report.html (--dump-dom)" grep -q '</html>' "$out/dom.html"
squares "$out/dom.html" > "$out/dom.squares"
check "every (cell, header, verdict) of results.tsv is a square of the rendered page, showing its word" \
	same_file "$out/expected.squares" "$out/dom.squares"
check "the page's squares count as results.tsv does ($(counts "$out/expected.squares"))" \
	test "$(counts "$out/dom.squares")" = "$(counts "$out/expected.squares")"
check "the summary line the page shows has the same counts" \
	test "$(summary_counts "$out/dom.html")" = "$(counts "$out/expected.squares")"
check "each FAIL square opens to its diagnostic, why, reproducer and log" \
	test "$(grep -o '<details><summary>FAIL</summary><div class="pop">' "$out/dom.html" | wc -l)" -eq 14 -a \
	     "$(grep -o '<p>reproduce:</p><pre class="repro">cd [^<]* -c -o /dev/null ' "$out/dom.html" | wc -l)" -eq 14 -a \
	     "$(grep -o 'why: linux/mm/page_address.h: offset_in_thp() uses thp_size()' "$out/dom.html" | wc -l)" -ge 2

# The check can fail: one verdict changed in a copy of the page.
sed '0,/data-verdict="fail"/s//data-verdict="pass"/' "$page" > "$out/corrupt.html"
dump_dom "$top/$out/corrupt.html" "$out/corrupt-dom.html"
if same_squares "$out/corrupt-dom.html" > "$out/corrupt.diff"; then
	not_ok "a copy of the page with one verdict changed fails the comparison"
else
	check "a copy of the page with one verdict changed fails the comparison, naming the square" \
		grep -q "^# +x86_64/defconfig	linux/mm/page_address.h	pass	FAIL$" "$out/corrupt.diff"
fi

# make coverage brings the report up to date: the page gets its section.
check "before make coverage, the page has no coverage section" sh -c "! grep -q 'id=\"coverage\"' '$page'"
make --no-print-directory coverage OUT="$out" ARCHS="$archs" CONFIGS=defconfig > "$out.coverage.log" 2>&1
dump_dom "$page" "$out/dom-coverage.html"
check "after make coverage, the rendered page has the coverage section" \
	grep -q '<section id="coverage">' "$out/dom-coverage.html"
check "... and its verdicts are still those of results.tsv" same_squares "$out/dom-coverage.html"

summary html
[ "$fail" -eq 0 ]
