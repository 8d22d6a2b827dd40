/*
 * fuzz_query.c: libFuzzer target for the query language. The input is a
 * query: it is parsed leniently and strictly (qparse.c), compiled into a
 * Xapian query through the english analyzer (query.c), its highlight
 * units run over the input itself as a snippet text (snippet.c), and its
 * words spelt against a small real index (spell.c, spellwalk.c: the
 * "did you mean" copy of the query). The parser's contract is checked
 * too: lenient parsing never fails except on an invalid date, and every
 * notice's offset lies inside the query; and a suggestion of a query in
 * valid UTF-8 is valid UTF-8.
 *
 * Built by CMake with clang and -DFOLIO_FUZZ=ON (CMakeLists.txt lists its
 * sources, tools/check the flags); its ctest, fuzz/fuzz_query, runs it on
 * tests/fuzz/query_seeds/ for FOLIO_FUZZ_SECONDS, new inputs going to a
 * scratch directory.
 */
#define _POSIX_C_SOURCE 200809L
#include "search/qparse.h"
#include "search/query.h"
#include "search/snippet.h"
#include "search/spell.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <utf8proc.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fo_analyzer *an;

/* Term frequencies for the compiler's common-word rule: words of up to
 * three bytes count as common, so that path is fuzzed too; title terms
 * (S, schema.h) of an even length are in no post, so that a title word
 * is held in its parts only (query.c field_splits, phrase_forms.c); and
 * of the names with a dot or an underscore, those whose length is a
 * multiple of three are in no post, so that a phrase's last word is
 * parted or not, and a NEAR's word placed by its head or not
 * (splits.c fo_qc_squeezed). */
static uint64_t fake_termfreq(void *ctx, const char *term)
{
	size_t n = strlen(term);

	(void)ctx;
	if ((term[0] == 'S' && n % 2 == 0) ||
	    (strpbrk(term, "._") && n % 3 == 0))
		return 0;
	return n <= 3 ? 90 : 10;
}

/* An index vocabulary for NEAR's forms: each prefix asked for, and the
 * prefix with a few endings (one of them not ASCII), in byte order. */
static folio_status fake_terms(void *ctx, const char *prefix, fo_xterm_fn fn,
                               void *arg)
{
	static const char *const endings[] = { "", "ed", "ing", "s",
		                               "\xC3\xA9" };
	char term[256];
	size_t i, n = strlen(prefix);

	(void)ctx;
	for (i = 0; i < sizeof endings / sizeof *endings; i++) {
		size_t e = strlen(endings[i]);
		if (n + e >= sizeof term)
			break;
		memcpy(term, prefix, n);
		memcpy(term + n, endings[i], e + 1);
		if (fn(term, n + e, 1, arg))
			break;
	}
	return FOLIO_OK;
}

/* Local, as a local index's are: the compiler then asks which terms
 * the index holds, and a phrase's words get their other forms (every
 * part of a word is a term here, so each gets as many as it may). */
static const fo_qstats stats = {
	.termfreq = fake_termfreq, .terms = fake_terms, .docs = 100, .local = 1
};

/* The index words are spelt against: text words near the dictionary's
 * and the seeds' (a typo of each is a query's word), before and after
 * the prefixes ("3dmark", UTF-8), words with numbers, a company word,
 * and words in one post beside a word in many (a typing slip's
 * correction when the query found posts). */
static const char *const vocabulary[] = {
	"parallelism", "python",      "python3",    "threads", "thread",
	"locking",     "table",       "3dmark",     "h100",    "zürich",
	"nvidia",      "programming", "gil",        "free",    "XCWnvidia",
	"XCWred",      "XAWlattner",  "Zthread",    "Zpython", "cuda",
	"graphics",    "database",    "postgresql", "node",    "js",
};
static const char *const rare[] = { "pyhton", "thraeds", "programing",
	                            "databse" };

static char db_dir[64];
static fo_xdb *db;

/* n posts, each holding the n_list terms of list; 0, or -1 on failure. */
static int add_posts(int n, const char *const *list, size_t n_list)
{
	static int next;
	int i;

	for (i = 0; i < n; i++) {
		fo_xdoc *doc = NULL;
		fo_xerr err = { "" };
		char id[32];
		size_t k;
		folio_status st;

		snprintf(id, sizeof id, "Qpost%d", next++);
		st = fo_xdoc_new(&doc);
		for (k = 0; st == FOLIO_OK && k < n_list; k++)
			st = fo_xdoc_add_posting(doc, list[k], strlen(list[k]),
			                         1, 1);
		if (st == FOLIO_OK)
			st = fo_xdoc_add_boolean(doc, id, strlen(id));
		if (st == FOLIO_OK)
			st = fo_xdb_replace(db, id, doc, NULL, &err);
		fo_xdoc_free(doc);
		if (st != FOLIO_OK)
			return -1;
	}
	return 0;
}

/* The database and its directory (flat: Xapian's tables), at exit. */
static void remove_db(void)
{
	fo_xerr err = { "" };
	DIR *d;
	struct dirent *e;
	char path[sizeof db_dir + 256];

	if (db)
		fo_xdb_close(db, &err);
	if (!db_dir[0] || !(d = opendir(db_dir)))
		return;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof path, "%s/%s", db_dir, e->d_name);
			unlink(path);
		}
	closedir(d);
	rmdir(db_dir);
}

static void open_db(void)
{
	fo_xerr err = { "" };

	snprintf(db_dir, sizeof db_dir, "/tmp/folio-fuzz-spell-XXXXXX");
	if (!mkdtemp(db_dir))
		abort();
	atexit(remove_db);
	if (fo_xdb_open(db_dir, FO_XDB_WRITE | FO_XDB_CREATE | FO_XDB_NOSYNC,
	                &db, &err) != FOLIO_OK ||
	    add_posts(200, vocabulary,
	              sizeof vocabulary / sizeof *vocabulary) ||
	    add_posts(1, rare, sizeof rare / sizeof *rare) ||
	    fo_xdb_commit(db, &err) != FOLIO_OK)
		abort();
}

static int valid_utf8(const char *s)
{
	size_t i, n = strlen(s);
	utf8proc_ssize_t k;
	utf8proc_int32_t cp;

	for (i = 0; i < n; i += (size_t)k)
		if ((k = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
		                          (utf8proc_ssize_t)(n - i), &cp)) <= 0)
			return 0;
	return 1;
}

/* The suggestion for the compiled query, as the search makes it when
 * the query found no post, one, two or three (FO_SPELL_FEW: only the
 * words in no post are corrected), by the query's length. */
static void spell(const char *text, const fo_qtree *tree, const fo_compiled *c)
{
	fo_xerr err = { "" };
	char *out = NULL;

	if (fo_spell_suggest(db, NULL, text, tree->len, c->words, c->n_words,
	                     tree->dropped, tree->n_dropped, strlen(text) % 4,
	                     NULL, NULL, &out, &err) != FOLIO_OK)
		abort();
	/* a suggestion is text to show: the query's bytes but for the
	 * corrections, so valid UTF-8 where the query is */
	if (out && !valid_utf8(out) && valid_utf8(text))
		abort();
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[200], *d;
	fo_qtree tree;
	fo_compiled c;
	fo_rank rank;
	fo_buf out = FO_BUF_INIT;
	fo_marks marks = { "[", "]", 0 };
	size_t pos, i;
	int strict;
	folio_status st;

	if (!text)
		return 0;
	if (!an && fo_analyzer_new("english", &an) != FOLIO_OK)
		abort();
	if (!db)
		open_db();
	memcpy(text, data, size);
	text[size] = '\0'; /* a NUL inside ends the query, as in C */
	fo_rank_default(&rank);
	for (strict = 0; strict < 2; strict++) {
		st = fo_qparse(text, strict, &tree, &pos, err, sizeof err);
		if (st != FOLIO_OK && st != FOLIO_ERROR_QUERY)
			abort();
		if (st == FOLIO_ERROR_QUERY && (pos > strlen(text) || !err[0]))
			abort();
		for (i = 0; i < tree.n_notices; i++)
			if (tree.notices[i].pos > strlen(text) || strict)
				abort();
		if (st == FOLIO_OK) {
			d = fo_qnode_describe(tree.root);
			free(d);
			memset(&c, 0, sizeof c);
			if (fo_query_compile(an, text, tree.root, &rank, 1, -1,
			                     &stats, &c) != FOLIO_OK)
				abort();
			if (c.q)
				free(fo_xquery_describe(c.q));
			if (!strict)
				spell(text, &tree, &c);
			fo_buf_clear(&out);
			/* plain and HTML-escaped snippets, by the text's length */
			marks.html = (int)(strlen(text) & 1);
			if (fo_snippet(an, NULL, text, &c.hl, 40, &marks,
			               &out) != FOLIO_OK)
				abort();
			fo_compiled_free(&c);
		}
		fo_qtree_free(&tree);
	}
	fo_buf_free(&out);
	free(text);
	return 0;
}
