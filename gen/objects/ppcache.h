/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The preprocessed texts of objects before an edit, kept between proofs
 * (HDRTEST_CACHE/pp/).  The token shortcut (objects/unchanged.h)
 * preprocesses every object twice, before and after the edit; the text
 * before depends only on the tree as it is, so a second proof on the
 * same tree (another move, another cut, the same one again) takes it
 * from here and preprocesses once.
 *
 * An entry is the text of one -E command, gzipped, and a manifest that
 * says when it is still the text that command gives (ccache's "direct
 * mode" with one check more):
 *   - the same command words, run in the same build dir (the key);
 *   - the same compiler binary (path, size, mtime, inode);
 *   - the same include paths from the environment (CPATH, ...);
 *   - every file the command read (its -MD list, system headers too)
 *     with the same bytes;
 *   - the same names in the tree and the build dir (build products left
 *     out): a file added where an include search would find it first
 *     changes the text without changing any file it read, and so does a
 *     header __has_include() now finds.
 * Anything else is a miss: the object is preprocessed as without a
 * cache.  A text that cannot be read back makes its job fail, and the
 * object goes to the compiler, so a damaged cache costs time, never a
 * verdict.
 */
#ifndef HDRTEST_PPCACHE_H
#define HDRTEST_PPCACHE_H

struct ppcache;

/* The cache of the build dir kdir (tree srctree) under cache/pp, or NULL
 * when cache is NULL or the cache cannot be used (a note says why: the
 * proof goes on without it). */
struct ppcache *ppcache_open(const char *cache, const char *srctree, const char *kdir);
void ppcache_close(struct ppcache *c);

/* The gzipped text of the -E command words (one sh line, its output
 * named "-") when the manifest still holds, else NULL (caller frees). */
char *ppcache_lookup(struct ppcache *c, const char *words);

/* A file name in the cache's dir for a job to write a miss's gzipped
 * text into (caller frees). */
char *ppcache_tmp_name(struct ppcache *c, int i);

/* A miss kept: the text gz (written by the job, removed here either way)
 * under words, with the files its dep file (-MD -MF) lists.  Not kept
 * when a file it read changed after the proof started.  0 when kept, 1
 * when not, -1 after a note (a cache that cannot be written is no
 * error of the proof). */
int ppcache_store(struct ppcache *c, const char *words, const char *depfile, const char *gz);

/* Entries read and kept so far: "N of M texts before the edit from the
 * cache". */
int ppcache_hits(const struct ppcache *c);
int ppcache_lookups(const struct ppcache *c);

#endif
