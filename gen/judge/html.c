// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML page: one file with its CSS inline and nothing fetched, so
 * that it works as a CI artifact opened offline; plain tables and
 * <details>, so that it reads without JavaScript (a checkbox and CSS
 * filter the rows; a few lines of script only close one open square when
 * another opens).  Each verdict is shown by colour and by its word, so the
 * grid reads in greyscale too.  A square carries data-cell, data-header
 * and data-verdict for scripts and tests.
 *
 * Only what a reader needs to act on goes into a square: the first
 * diagnostic, the why, the symbols, the forbidden chain, the reproducer
 * and a link to the log; never the log itself.
 */
#include "judge/html.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void html_escape(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		int n = utf8_len(s, NULL);

		/* the page is UTF-8: a byte that is no UTF-8 shows as U+FFFD */
		if (!n) {
			sb_add(sb, "\xef\xbf\xbd");
			continue;
		}
		if (n > 1) {
			sb_addn(sb, s, n);
			s += n - 1;
			continue;
		}
		switch (c) {
		case '&': sb_add(sb, "&amp;"); break;
		case '<': sb_add(sb, "&lt;"); break;
		case '>': sb_add(sb, "&gt;"); break;
		case '"': sb_add(sb, "&quot;"); break;
		case '\'': sb_add(sb, "&#39;"); break;
		default:
			if (c >= 0x20 || c == '\t' || c == '\n')
				sb_addc(sb, (char)c);
		}
	}
}

/* A path in an href: every byte but the unreserved ones and '/'
 * percent-encoded, which leaves nothing to escape for the attribute. */
static void url_path(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~/", c))
			sb_addc(sb, (char)c);
		else
			sb_addf(sb, "%%%02X", c);
	}
}

/* The components of an absolute path; *copy holds them. */
static int split_path(const char *path, char **copy, char ***parts)
{
	char *p, *save = NULL;
	int n = 0;

	*copy = xstrdup(path);
	*parts = NULL;
	for (p = strtok_r(*copy, "/", &save); p; p = strtok_r(NULL, "/", &save))
		*(char **)push(parts, &n, sizeof(char *)) = p;
	return n;
}

char *relative_path(const char *from, const char *to)
{
	struct strbuf sb;
	char *fc, *tc, **fp, **tp;
	int nf = split_path(from, &fc, &fp), nt = split_path(to, &tc, &tp), k = 0, i;

	while (k < nf && k < nt && !strcmp(fp[k], tp[k]))
		k++;
	sb_init(&sb);
	for (i = k; i < nf; i++)
		sb_add(&sb, "../");
	for (i = k; i < nt; i++)
		sb_addf(&sb, "%s%s", i > k ? "/" : "", tp[i]);
	if (!sb.len)
		sb_add(&sb, ".");
	free(fc);
	free(tc);
	free(fp);
	free(tp);
	return sb_detach(&sb);
}

static void esc(struct strbuf *sb, const char *s)
{
	html_escape(sb, s);
}

/* The CSS.  Pass is pale, FAIL dark with white bold text, skip hatched and
 * italic, error dark violet: four greys apart even without colour. */
static const char css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:1em 1.5em 50vh;color:#111;"
	"background:#fff}\n"
	"h1{font-size:1.35em;margin:.2em 0 .4em}\n"
	"h2{font-size:1.1em;margin:1.4em 0 .4em;border-bottom:1px solid #ccc}\n"
	"code,pre,.sum{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,monospace;font-size:12.5px}\n"
	"pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.15em 0}\n"
	"nav a{margin-right:1em}\n"
	".sum{font-size:14px;font-weight:700;padding:.45em .7em;border-left:8px solid #1b5e20;"
	"background:#e8f5e9;display:inline-block}\n"
	".sum.bad{border-color:#b71c1c;background:#fdecea}\n"
	".legend span{display:inline-block;padding:0 .5em;margin-right:.4em;border:1px solid #999;"
	"font-family:ui-monospace,monospace;font-size:12px}\n"
	".v-pass{background:#dcefdc;color:#1e4620}\n"
	".v-fail{background:#b71c1c;color:#fff;font-weight:700}\n"
	".v-skip{background:repeating-linear-gradient(135deg,#f4f4f4 0 3px,#dedede 3px 5px);color:#555;"
	"font-style:italic}\n"
	".v-error{background:#4a148c;color:#fff;font-weight:700;text-decoration:underline}\n"
	".v-none{color:#888}\n"
	".scroll{overflow-x:auto}\n"
	"table.g{border-collapse:collapse}\n"
	".g th,.g td{border:2px solid #fff}\n"
	".g th{font-weight:600;font-size:12px}\n"
	".g thead th{background:#eee;padding:.2em .35em;white-space:nowrap}\n"
	".g thead th.vert{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left}\n"
	".g tbody th{text-align:left;font-weight:400;padding:0 .8em 0 .2em;white-space:nowrap;"
	"font-family:ui-monospace,'DejaVu Sans Mono',monospace}\n"
	".g tbody tr:hover th{background:#fff3b0}\n"
	".g td{font:11.5px ui-monospace,'DejaVu Sans Mono',monospace;min-width:2.7em;height:1.6em;"
	"text-align:center;padding:0 .25em}\n"
	".g .a0{border-left:3px solid #444}\n"
	".g tr.bad th{font-weight:700}\n"
	"#only-bad:checked~.scroll tr.ok{display:none}\n"
	"td details summary{cursor:pointer;list-style:none}\n"
	"td details summary::-webkit-details-marker{display:none}\n"
	"td details[open]>summary{outline:3px solid #000;outline-offset:1px}\n"
	".pop{position:fixed;left:1em;right:1em;bottom:1em;max-height:45vh;overflow:auto;z-index:9;"
	"background:#fff;color:#111;font-weight:400;text-decoration:none;text-align:left;"
	"border:2px solid #111;box-shadow:0 3px 16px rgba(0,0,0,.35);padding:.5em .9em;"
	"font-family:system-ui,sans-serif;font-size:14px}\n"
	".pop p{margin:.3em 0}\n"
	".pop .ph{font-weight:700}\n"
	".diag{background:#fdecea;border-left:4px solid #b71c1c;padding:.2em .5em}\n"
	".why{background:#fff8e1;border-left:4px solid #8d6e00;padding:.2em .5em}\n"
	".repro{background:#f4f4f4;padding:.2em .5em;word-break:break-all;max-height:6.5em;overflow:auto}\n"
	".top{display:flex;flex-wrap:wrap;gap:0 1.5em;align-items:flex-start}\n"
	"#failures{flex:3 1 40em;min-width:0}\n"
	"#notes{flex:1 1 18em;min-width:0}\n"
	".box{max-height:30vh;overflow:auto;border:1px solid #ccc;padding:.2em .4em}\n"
	".df>summary{display:flex;gap:.8em;cursor:pointer;white-space:nowrap;padding:.1em 0}\n"
	".df>summary:hover{background:#fff3b0}\n"
	".df .n{min-width:2em;text-align:right;color:#666}\n"
	".df code{min-width:17em}\n"
	".df .line{flex:1;overflow:hidden;text-overflow:ellipsis}\n"
	".df .in{color:#555}\n"
	".df[open]{padding-bottom:.4em;border-bottom:1px solid #ddd}\n"
	".df>pre,.df>p{margin:.2em 0 .2em 2.8em}\n"
	".notes{margin:.2em 0;padding-left:1.4em}\n"
	".notes li{margin:.15em 0}\n";

/* Close the other open square when one opens; Escape closes them all.
 * Nothing depends on it. */
static const char script[] =
	"(function(){function shut(k){document.querySelectorAll('td details[open]').forEach("
	"function(d){if(d!==k)d.open=false})}\n"
	"document.addEventListener('toggle',function(e){if(e.target.open&&e.target.closest('td'))shut(e.target)},"
	"true);\n"
	"document.addEventListener('keydown',function(e){if(e.key==='Escape')shut(null)})})();\n";

static const char *verdict_word(enum verdict v)
{
	return v == V_FAIL ? "FAIL" : verdict_name(v);
}

/* The arches of the run in first-seen order: the grid's column groups. */
static int run_arches(const struct run_results *r, const char ***out)
{
	const char **as = NULL;
	int n = 0, i, k;

	for (i = 0; i < r->ncells; i++) {
		for (k = 0; k < n && strcmp(as[k], r->cells[i]->arch); k++)
			;
		if (k == n)
			*(const char **)push(&as, &n, sizeof(char *)) = r->cells[i]->arch;
	}
	*out = as;
	return n;
}

static void write_head(struct strbuf *sb, const struct tally *t)
{
	sb_add(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
	sb_addf(sb, "<title>hdrtest: %d pass, %d fail, %d skip, %d error</title>\n", t->pass, t->fail, t->skip,
		t->error);
	sb_addf(sb, "<style>\n%s</style>\n</head>\n<body>\n", css);
}

static void write_summary_html(struct strbuf *sb, const struct tally *t, const struct html_options *o)
{
	char *line = summary_line(t);
	int i;

	sb_add(sb, "<h1>hdrtest: are the catalogued headers self-contained?</h1>\n");
	sb_addf(sb, "<p><span id=\"summary\" class=\"sum%s\" data-pass=\"%d\" data-fail=\"%d\" data-skip=\"%d\" "
		"data-error=\"%d\">", t->fail || t->error || t->pass + t->fail == 0 ? " bad" : "", t->pass,
		t->fail, t->skip, t->error);
	esc(sb, line);
	sb_add(sb, "</span></p>\n");
	if (t->pass + t->fail == 0)
		sb_add(sb, "<p class=\"sum bad\">nothing was compiled: every cell was skipped or errored; "
			   "this run proves nothing</p>\n");
	free(line);
	sb_add(sb, "<p class=\"legend\"><span class=\"v-pass\">pass</span><span class=\"v-fail\">FAIL</span>"
		   "<span class=\"v-skip\">skip</span><span class=\"v-error\">error</span>"
		   "<span class=\"v-none\">-</span> not in this cell; click a FAIL or error square for its "
		   "diagnostic, why, reproducer and log</p>\n");
	sb_add(sb, "<nav><a href=\"#failures\">distinct failures</a><a href=\"#notes\">notes</a>"
		   "<a href=\"#grid\">grid</a>");
	for (i = 0; i < o->nsections; i++) {
		sb_addf(sb, "<a href=\"#%s\">", o->sections[i].id);
		esc(sb, o->sections[i].title);
		sb_add(sb, "</a>");
	}
	sb_add(sb, "</nav>\n");
}

static void cell_name(struct strbuf *sb, const struct cell_result *c)
{
	esc(sb, c->arch);
	sb_addc(sb, '/');
	esc(sb, c->config);
}

/* One line per distinct failure, which opens to its diagnostic, why and
 * cells: the full matrix has dozens, and the grid must stay in sight. */
static void write_distinct(struct strbuf *sb, const struct run_results *r)
{
	struct distinct_failure *d;
	int nd = distinct_failures(r, &d), k, i;

	sb_addf(sb, "<section id=\"failures\">\n<h2>%d distinct failure%s (header, first diagnostic, cells)</h2>\n",
		nd, nd == 1 ? "" : "s");
	if (!nd)
		sb_add(sb, "<p>none</p>\n");
	else
		sb_add(sb, "<div class=\"box\">\n");
	for (k = 0; k < nd; k++) {
		sb_addf(sb, "<details class=\"df\"><summary><span class=\"n\">%d</span><code>", k + 1);
		esc(sb, d[k].header);
		sb_add(sb, "</code><span class=\"line\">");
		esc(sb, d[k].why ? d[k].why : d[k].detail);
		sb_addf(sb, "</span><span class=\"in\">%d cell%s</span></summary>\n<pre class=\"diag\">", d[k].ncells,
			d[k].ncells == 1 ? "" : "s");
		esc(sb, d[k].detail);
		sb_add(sb, "</pre>");
		if (d[k].why) {
			sb_add(sb, "<pre class=\"why\">why: ");
			esc(sb, d[k].why);
			sb_add(sb, "</pre>");
		}
		sb_add(sb, "<p>in: ");
		for (i = 0; i < d[k].ncells; i++) {
			if (i)
				sb_addc(sb, ' ');
			cell_name(sb, d[k].cells[i]);
		}
		sb_add(sb, "</p></details>\n");
	}
	if (nd)
		sb_add(sb, "</div>\n");
	sb_add(sb, "</section>\n");
	distinct_failures_free(d, nd);
}

/* What the terminal says before and around the failures: kbuild's own
 * trouble, cells not compiled, TUs whose results could not be read. */
static void write_notes(struct strbuf *sb, const struct run_results *r)
{
	int i, j, n = 0;

	sb_add(sb, "<section id=\"notes\">\n<h2>Notes</h2>\n<div class=\"box\"><ul class=\"notes\">\n");
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		if (c->note) {
			sb_add(sb, "<li>note: ");
			cell_name(sb, c);
			sb_add(sb, ": ");
			esc(sb, c->note);
			sb_add(sb, "; its TUs use the flags of kernel/bounds.s</li>\n");
			n++;
		}
		if (c->overlay) {
			sb_add(sb, "<li>");
			cell_name(sb, c);
			sb_add(sb, ": the overlay <code>");
			esc(sb, c->overlay);
			sb_add(sb, "</code> is searched before the kernel's include dirs</li>\n");
			n++;
		}
		if (c->errored || c->skipped) {
			sb_addf(sb, "<li><span class=\"%s\">%s</span> ", c->errored ? "v-error" : "v-skip",
				c->errored ? "ERROR" : "skip");
			cell_name(sb, c);
			sb_add(sb, c->errored ? ": kbuild could not prepare it, no header was compiled: " :
				   ": not compiled: ");
			esc(sb, c->reason ? c->reason : "");
			sb_add(sb, "</li>\n");
			n++;
			continue;
		}
		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];

			if (t->verdict != V_SKIP && t->verdict != V_ERROR)
				continue;
			sb_addf(sb, "<li><span class=\"v-%s\">%s</span> ", verdict_name(t->verdict),
				verdict_name(t->verdict));
			cell_name(sb, c);
			sb_add(sb, " <code>");
			esc(sb, t->header);
			sb_add(sb, "</code>: ");
			esc(sb, t->detail ? t->detail : "");
			sb_add(sb, "</li>\n");
			n++;
		}
	}
	if (!n)
		sb_add(sb, "<li>none</li>\n");
	sb_add(sb, "</ul></div>\n</section>\n");
}

/* What a failing or unreadable square opens to. */
static void write_pop(struct strbuf *sb, const struct cell_result *c, const struct tu_result *t,
		      const struct html_options *o)
{
	struct strbuf syms;
	char *repro, *log, *href;

	sb_addf(sb, "<div class=\"pop\"><p class=\"ph\">%s ", verdict_word(t->verdict));
	cell_name(sb, c);
	sb_add(sb, " <code>");
	esc(sb, t->header);
	sb_add(sb, "</code></p><pre class=\"diag\">");
	esc(sb, t->detail ? t->detail : "");
	sb_add(sb, "</pre>");
	if (t->explanation) {
		sb_add(sb, "<pre class=\"why\">why: ");
		esc(sb, t->explanation);
		sb_add(sb, "</pre>");
	}
	sb_init(&syms);
	symbols_with_diagnostics(&syms, t);
	if (syms.len) {
		sb_add(sb, "<p>symbols whose use fails: <code class=\"syms\">");
		esc(sb, syms.buf);
		sb_add(sb, "</code></p>");
	}
	sb_release(&syms);
	if (t->forbidden && !starts_with(t->detail ? t->detail : "", FORBIDDEN_DETAIL)) {
		sb_add(sb, "<p>also pulls in the forbidden header <code class=\"chain\">");
		esc(sb, t->forbidden);
		sb_add(sb, "</code></p>");
	}
	repro = failure_repro(c, t);
	if (repro) {
		sb_add(sb, "<p>reproduce:</p><pre class=\"repro\">");
		esc(sb, repro);
		sb_add(sb, "</pre>");
		free(repro);
	}
	log = xasprintf("%s/%s.log", c->dir, t->stem);
	href = o->dir ? relative_path(o->dir, log) : xasprintf("%s/%s.log", c->display, t->stem);
	sb_add(sb, "<p>log: <a class=\"log\" href=\"");
	url_path(sb, href);
	sb_add(sb, "\">");
	esc(sb, href);
	sb_add(sb, "</a></p></div>");
	free(log);
	free(href);
}

static void write_square(struct strbuf *sb, const struct cell_result *c, const struct tu_result *t,
			 int first_of_arch, const struct html_options *o)
{
	const char *a0 = first_of_arch ? " a0" : "";

	if (!t) {
		sb_addf(sb, "<td class=\"v-none%s\">-</td>", a0);
		return;
	}
	sb_addf(sb, "<td class=\"v-%s%s\" data-cell=\"", verdict_name(t->verdict), a0);
	cell_name(sb, c);
	sb_add(sb, "\" data-header=\"");
	esc(sb, t->header);
	sb_addf(sb, "\" data-verdict=\"%s\"", verdict_name(t->verdict));
	/* an errored cell's reason is the same for each of its squares: the
	 * notes have it once */
	if (t->verdict == V_FAIL || (t->verdict == V_ERROR && !c->errored)) {
		sb_addf(sb, "><details><summary>%s</summary>", verdict_word(t->verdict));
		write_pop(sb, c, t, o);
		sb_add(sb, "</details></td>");
		return;
	}
	if (t->verdict != V_PASS && t->detail) {
		sb_add(sb, " title=\"");
		esc(sb, t->detail);
		sb_add(sb, "\"");
	}
	sb_addf(sb, ">%s</td>", verdict_word(t->verdict));
}

/* The columns: the cells grouped by arch, in the order the arches first
 * appear; first[k] says whether column k starts its arch's group. */
static int grid_columns(const struct run_results *r, const char **as, int na,
			const struct cell_result ***cols, int **first)
{
	int a, i, n = 0;

	*cols = xcalloc((size_t)r->ncells + 1, sizeof(**cols));
	*first = xcalloc((size_t)r->ncells + 1, sizeof(**first));
	for (a = 0; a < na; a++) {
		for (i = 0; i < r->ncells; i++) {
			if (strcmp(r->cells[i]->arch, as[a]))
				continue;
			(*first)[n] = !n || strcmp((*cols)[n - 1]->arch, as[a]);
			(*cols)[n++] = r->cells[i];
		}
	}
	return n;
}

static void write_grid(struct strbuf *sb, const struct run_results *r, const struct html_options *o)
{
	const char **hs, **as;
	const struct cell_result **cols;
	int *first;
	int nh = collect_headers(r, &hs), na = run_arches(r, &as), ncols, h, a, i;

	ncols = grid_columns(r, as, na, &cols, &first);
	sb_addf(sb, "<section id=\"grid\">\n<h2>Verdicts: %d headers &#215; %d cells</h2>\n", nh, r->ncells);
	sb_add(sb, "<input type=\"checkbox\" id=\"only-bad\"><label for=\"only-bad\"> only the headers that "
		   "fail or error somewhere</label>\n<div class=\"scroll\">\n<table class=\"g\">\n<thead>\n"
		   "<tr><th rowspan=\"2\">header</th>");
	for (a = 0; a < na; a++) {
		int n = 0;

		for (i = 0; i < r->ncells; i++)
			n += !strcmp(r->cells[i]->arch, as[a]);
		sb_addf(sb, "<th class=\"a0%s\" colspan=\"%d\">", strlen(as[a]) > 6 * (size_t)n ? " vert" : "", n);
		esc(sb, as[a]);
		sb_add(sb, "</th>");
	}
	sb_add(sb, "</tr>\n<tr>");
	for (i = 0; i < ncols; i++) {
		sb_addf(sb, "<th class=\"vert%s\" data-cell=\"", first[i] ? " a0" : "");
		cell_name(sb, cols[i]);
		sb_add(sb, "\">");
		esc(sb, cols[i]->config);
		sb_add(sb, "</th>");
	}
	sb_add(sb, "</tr>\n</thead>\n<tbody>\n");
	for (h = 0; h < nh; h++) {
		int bad = 0;

		for (i = 0; i < r->ncells; i++) {
			const struct tu_result *t = find_tu(r->cells[i], hs[h]);

			bad |= t && (t->verdict == V_FAIL || t->verdict == V_ERROR);
		}
		sb_addf(sb, "<tr class=\"%s\"><th>", bad ? "bad" : "ok");
		esc(sb, hs[h]);
		sb_add(sb, "</th>");
		for (i = 0; i < ncols; i++)
			write_square(sb, cols[i], find_tu(cols[i], hs[h]), first[i], o);
		sb_add(sb, "</tr>\n");
	}
	sb_add(sb, "</tbody>\n</table>\n</div>\n</section>\n");
	free(cols);
	free(first);
	free(hs);
	free(as);
}

static void write_sections(struct strbuf *sb, const struct html_options *o)
{
	int i;

	for (i = 0; i < o->nsections; i++) {
		const struct html_section *s = &o->sections[i];

		sb_addf(sb, "<section id=\"%s\">\n<h2>", s->id);
		esc(sb, s->title);
		sb_add(sb, "</h2>\n<details><summary>");
		esc(sb, s->file);
		sb_add(sb, "</summary>\n<pre>");
		esc(sb, s->text);
		sb_add(sb, "</pre>\n</details>\n</section>\n");
	}
}

char *render_html(const struct run_results *r, const struct html_options *o)
{
	static const struct html_options none;
	struct strbuf sb;
	struct tally t;

	if (!o)
		o = &none;
	tally_run(r, &t);
	sb_init(&sb);
	write_head(&sb, &t);
	write_summary_html(&sb, &t, o);
	sb_add(&sb, "<div class=\"top\">\n");
	write_distinct(&sb, r);
	write_notes(&sb, r);
	sb_add(&sb, "</div>\n");
	write_grid(&sb, r, o);
	write_sections(&sb, o);
	sb_addf(&sb, "<script>\n%s</script>\n</body>\n</html>\n", script);
	return sb_detach(&sb);
}
