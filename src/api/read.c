/*
 * read.c: reading the corpus of a run in two passes, so that memory does
 * not grow with the corpus. The first pass parses every file, reports
 * its problems and counts how often each URL occurs (tally.h, 16 bytes a
 * URL). The second parses the files again and hands each post on as soon
 * as it is complete: a post that occurs once at once, a post that occurs
 * more than once (on several topic pages) once its last occurrence has
 * been merged (merge.h). Only those held posts and the parser's buffers
 * are in memory; a large JSON Lines file is read and parsed in parts of
 * READ_PART bytes.
 *
 * Posts are handed on in a fixed order, the order of the files and of
 * the last occurrences in them: runs over the same corpus are identical.
 * A file that changes between the passes is reported (its posts may be
 * read differently), which also keeps the run from removing anything.
 */
#define _DEFAULT_SOURCE
#include "api/run.h"

#include "corpus/corpus.h"
#include "corpus/text.h"
#include "corpus/walk.h"
#include "index/docdata.h"
#include "index/indexer.h"
#include "index/stored.h"
#include "index/tally.h"
#include "index/urlterm.h"
#include "util/ascii.h"
#include "util/errstr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A JSON Lines file is read and parsed this many bytes (rounded to whole
 * lines) at a time. */
#define READ_PART (8u << 20)

/* Bytes looked at to tell a binary file from text, as grep and git do. */
#define SNIFF_BYTES 8000

struct fo_read_file {
	char *path;
	int kind;
	off_t size;
	struct timespec mtime;
	dev_t dev;
	ino_t ino;
	int changed; /* the first pass saw it change (reported then) */
};

/* Refuse a post with a field longer than FO_FIELD_MAX (a summary longer
 * than FO_SUMMARY_MAX), as the markdown parser does for titles: a 200 KB
 * title is garbage, not a post. JSON Lines and API posts are held to it
 * here. */
static folio_status check_lengths(const folio_post *p, fo_buf *why)
{
	static const char *const names[] = { "url", "title", "company",
		"author", "type" };
	const char *fields[5];
	size_t i;

	fields[0] = p->url;
	fields[1] = p->title;
	fields[2] = p->company;
	fields[3] = p->author;
	fields[4] = p->type;
	for (i = 0; i < 5; i++) {
		if (fields[i] && strlen(fields[i]) > FO_FIELD_MAX) {
			fo_buf_printf(why, "%s longer than %d bytes", names[i],
			              FO_FIELD_MAX);
			return FOLIO_ERROR_INVALID;
		}
	}
	if (p->summary && strlen(p->summary) > FO_SUMMARY_MAX) {
		fo_buf_printf(why, "summary longer than %d bytes", FO_SUMMARY_MAX);
		return FOLIO_ERROR_INVALID;
	}
	if (p->n_topics && !p->topics) {
		fo_buf_printf(why, "%zu topics, but topics is NULL",
		              p->n_topics);
		return FOLIO_ERROR_INVALID;
	}
	for (i = 0; i < p->n_topics; i++) {
		if (!p->topics[i]) {
			fo_buf_printf(why, "topic %zu of %zu is NULL", i + 1,
			              p->n_topics);
			return FOLIO_ERROR_INVALID;
		}
		if (strlen(p->topics[i]) > FO_FIELD_MAX) {
			fo_buf_printf(why, "topic longer than %d bytes",
			              FO_FIELD_MAX);
			return FOLIO_ERROR_INVALID;
		}
	}
	return FOLIO_OK;
}

folio_status fo_run_check_post(const folio_post *p, fo_buf *why)
{
	fo_buf_clear(why);
	if (fo_post_check(p, why) != FOLIO_OK)
		return FOLIO_ERROR_INVALID;
	return check_lengths(p, why);
}

const char *fo_run_skipped_noun(uint64_t n)
{
	return n == 1 ? "malformed post or unreadable file"
	              : "malformed posts or unreadable files";
}

/* Hand a problem (warning 0) or a warning to the caller's callback. */
static void diagnose(fo_run *r, const char *file, unsigned line,
                     const char *message, int warning)
{
	folio_diagnostic d;

	if (!r->opts.diagnostic)
		return;
	d.file = file;
	d.line = line;
	d.message = message;
	d.warning = warning;
	r->opts.diagnostic(&d, r->opts.payload);
}

void fo_run_problem(fo_run *r, const char *file, unsigned line,
                    const char *message)
{
	r->report->skipped++;
	diagnose(r, file, line, message, 0);
}

/* A copy of the post with this URL was malformed: the post is left as the
 * index has it (or out, if new), not made of its other copies alone,
 * which would drop the topic or fields that copy gave (explore-q). */
static void taint(fo_run *r, const char *url)
{
	folio_status st;

	if (!url)
		return;
	st = fo_tally_add(r->tainted, fo_url_hash(url), NULL);
	if (st != FOLIO_OK && r->st == FOLIO_OK)
		r->st = st;
}

static void on_problem(const char *file, unsigned line, const char *url,
                       const char *message, void *ctx)
{
	fo_run_problem(ctx, file, line, message);
	taint(ctx, url);
}

/* The second pass met these problems in the first already. */
static void on_problem_again(const char *file, unsigned line, const char *url,
                             const char *message, void *ctx)
{
	(void)file;
	(void)line;
	(void)url;
	(void)message;
	(void)ctx;
}

/* ---- the first pass: problems and counts -------------------------------- */

void fo_run_warn(fo_run *r, const char *file, unsigned line,
                 const char *message)
{
	diagnose(r, file, line, message, 1);
}

/* Hand r->why to the caller's callback as a warning at file:line (the
 * post is indexed all the same); nothing when it ran out of memory. */
static void warn(fo_run *r, const char *file, unsigned line)
{
	if (!r->why.oom)
		fo_run_warn(r, file, line, r->why.data);
}

/* How much of a cut word a warning quotes: enough to find it in the
 * file (a byte offset into a summary stripped of its markup was not, nor
 * the post's line, where the word is lines below). */
#define CUT_QUOTE 20

/* Tell the caller about the first word of each field of p that is cut for
 * the index (analyzer.h: FO_MAX_TERM_BYTES): the post is indexed, but the
 * rest of that word cannot be found. */
static void warn_cut_words(fo_run *r, const folio_post *p, const char *file,
                           unsigned line)
{
	const char *names[] = { "title", "summary", "company", "author",
		"type" };
	const char *fields[] = { p->title, p->summary, p->company, p->author,
		p->type };
	size_t i, start, end, quote;

	if (!r->opts.diagnostic)
		return;
	for (i = 0; i < sizeof fields / sizeof *fields; i++) {
		if (!fields[i] || fo_analyzer_find_cut(r->db->an, fields[i],
		                                       strlen(fields[i]), &start,
		                                       &end) != 1)
			continue;
		/* whole characters: back to the first byte of the one cut */
		quote = end - start > CUT_QUOTE ? CUT_QUOTE : end - start;
		while (quote > 0 &&
		       ((unsigned char)fields[i][start + quote] & 0xC0) == 0x80)
			quote--;
		fo_buf_clear(&r->why);
		fo_buf_printf(&r->why,
		              "%s: the word \"%.*s%s\" (%zu bytes, at byte %zu "
		              "of the %s's text) is indexed by its first %d "
		              "bytes only",
		              names[i], (int)quote, fields[i] + start,
		              quote < end - start ? "\xe2\x80\xa6" : "",
		              end - start, start + 1, names[i],
		              FO_MAX_TERM_BYTES);
		warn(r, file, line);
	}
}

/* What the parser warns of (a field given twice in a post), as
 * warn_copy warns of a later copy of a post. */
static void on_warning(const char *file, unsigned line, const char *message,
                       void *ctx)
{
	fo_run *r = ctx;

	if (!r->opts.diagnostic)
		return;
	fo_buf_clear(&r->why);
	fo_buf_puts(&r->why, message);
	warn(r, file, line);
}

/* Tell the caller of p, a later copy of the post held, in one warning:
 * on the page of the copy before it (origin, ORIGIN's file and line), as
 * most likely an edit or a paste that is merged away (on several pages a
 * post is one post with all their topics, and says nothing of it); and
 * which of its fields differ from what the post already has, naming
 * where it was first read (first: in a corpus of many pages the reader
 * could not tell which copy was kept), where the
 * earlier copy's are kept (merge.h): a hand-kept page that drifted from
 * another should not lose its edit unseen. Fields are compared as they
 * are stored (stored.h): "Red  Hat" is "Red Hat", and a copy that
 * differs only so is no drift (qa-grader). */
#define ORIGIN(file_no, line) ((uint64_t)(file_no) << 32 | (line))

static void warn_copy(fo_run *r, const folio_post *held, uint64_t first,
                      uint64_t origin, const folio_post *p, uint32_t file_no,
                      const char *file, unsigned line)
{
	const char *names[] = { "title",     "company", "author",
		                "published", "type",    "summary" };
	folio_post hv = *held, pv = *p;
	fo_stored hs, ps;
	const folio_post *h, *q;
	int same_file = origin >> 32 == file_no;
	size_t i, n = 0;

	if (!r->opts.diagnostic)
		return;
	/* topics are merged, never compared */
	hv.topics = pv.topics = NULL;
	hv.n_topics = pv.n_topics = 0;
	h = fo_stored_get(&hv, &hs);
	q = fo_stored_get(&pv, &ps);
	if (!h || !q) /* out of memory: as read */
		h = held, q = p;
	const char *was[] = { h->title,     h->company, h->author,
		              h->published, h->type,    h->summary };
	const char *now[] = { q->title,     q->company, q->author,
		              q->published, q->type,    q->summary };
	fo_buf_clear(&r->why);
	if (same_file)
		fo_buf_printf(&r->why,
		              "%s is also on line %u of this file: "
		              "merged into one post, each field from the "
		              "first copy that has it",
		              p->url, (unsigned)(origin & 0xffffffffu));
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (!was[i] || !now[i] || strcmp(was[i], now[i]) == 0)
			continue;
		if (n++)
			fo_buf_printf(&r->why, ", %s", names[i]);
		else if (same_file)
			fo_buf_printf(&r->why, "; this copy differs in its %s",
			              names[i]);
		else
			fo_buf_printf(&r->why,
			              "%s differs from its copy first read at "
			              "%s:%u in its %s",
			              p->url, r->files[(first >> 32) - 1].path,
			              (unsigned)(first & 0xffffffffu),
			              names[i]);
	}
	if (n)
		fo_buf_puts(&r->why, n > 1 ? ": the earlier copy's are kept"
		                           : ": the earlier copy's is kept");
	if (n || same_file)
		warn(r, file, line);
	fo_stored_free(&hs);
	fo_stored_free(&ps);
}

/* Whether the run must stop: on an error, or when folio_db_interrupt
 * asked, which becomes its error (FOLIO_ERROR_INTERRUPTED, in r->st),
 * stopping the parser and the walk. Checked at every post and file. */
static int stop(fo_run *r)
{
	if (r->st == FOLIO_OK)
		r->st = fo_run_interrupted(r);
	return r->st != FOLIO_OK;
}

static int on_post_count(const folio_post *p, const char *file, unsigned line,
                         void *ctx)
{
	fo_run *r = ctx;

	if (stop(r))
		return 1;
	if (fo_run_check_post(p, &r->why) != FOLIO_OK) {
		fo_run_problem(r, file, line, r->why.data);
		taint(r, p->url);
		return r->st != FOLIO_OK;
	}
	warn_cut_words(r, p, file, line);
	r->st = fo_tally_add(r->tally, fo_url_hash(p->url), NULL);
	return r->st != FOLIO_OK;
}

/* ---- the second pass: posts handed on, each once ------------------------ */

typedef struct emitter {
	fo_run *r;
	fo_merge_fn fn;
	void *ctx;
	uint32_t file_no; /* the file being read, from 1 */
} emitter;

static folio_status emit(const folio_post *p, uint64_t url_hash, void *ctx)
{
	emitter *e = ctx;

	e->r->report->posts++;
	return e->fn(p, url_hash, e->ctx);
}

/* Hand on p, a post with one copy, its topics sorted and unique as a
 * merged post's are (merge.h) and folio_db_add_post's: a topic given
 * twice in a JSON object is one, and the post is stored the same way
 * whichever way it came. Topics already in order need no copy; others
 * go through a merge of one, as folio_db_add_post's do. */
static folio_status emit_one(const folio_post *p, uint64_t url_hash, emitter *e)
{
	fo_merge *one;
	folio_status st;
	size_t i;

	for (i = 1;
	     i < p->n_topics && strcmp(p->topics[i - 1], p->topics[i]) < 0; i++)
		;
	if (i >= p->n_topics)
		return emit(p, url_hash, e);
	if (!(one = fo_merge_new()))
		return FOLIO_ERROR_NOMEM;
	st = fo_merge_add(one, p);
	if (st == FOLIO_OK)
		st = emit(fo_merge_get(one, 0), url_hash, e);
	fo_merge_free(one);
	return st;
}

static int on_post_again(const folio_post *p, const char *file, unsigned line,
                         void *ctx)
{
	emitter *e = ctx;
	fo_run *r = e->r;
	uint64_t hash;
	fo_tally_entry *t;
	const folio_post *held;
	uint64_t first, origin;

	if (stop(r))
		return 1;
	if (fo_run_check_post(p, &r->why) != FOLIO_OK)
		return 0;
	hash = fo_url_hash(p->url);
	if (fo_tally_find(r->tainted, hash))
		return 0;
	t = fo_tally_find(r->tally, hash);
	/* Absent: the file changed since it was counted (reported); counted
	 * now, so that a second copy of it is known for one. */
	if (!t && (r->st = fo_tally_add(r->tally, hash, &t)) != FOLIO_OK)
		return 1;
	/* A file that changed since it was counted (reported) can hold a
	 * post more often than counted: the post was handed on at its last
	 * counted copy, and handing on a later one too would make a full
	 * build index the URL twice (workers add, they do not replace), and
	 * the next run's removal of the one left untouched take both. */
	if (t->seen >= t->count)
		return 0;
	if (t->count == 1) {
		t->seen = 1;
		r->st = emit_one(p, hash, e);
		return r->st != FOLIO_OK;
	}
	if ((held = fo_merge_find(r->held, p->url, &first, &origin)) != NULL)
		warn_copy(r, held, first, origin, p, e->file_no, file, line);
	r->st = fo_merge_add_at(r->held, p, ORIGIN(e->file_no, line));
	if (r->st == FOLIO_OK && ++t->seen == t->count)
		r->st = fo_merge_take(r->held, hash, emit, e);
	return r->st != FOLIO_OK;
}

/* ---- files --------------------------------------------------------------- */

/* A binary file has NUL bytes and is not UTF-8 in its first few KB; text
 * with a stray NUL is still parsed (the parsers report that post). */
static int is_binary(const char *bytes, size_t len)
{
	size_t n = len < SNIFF_BYTES ? len : SNIFF_BYTES;

	/* A multi-byte sequence cut by the window's end is not an error. */
	return memchr(bytes, '\0', n) &&
	       fo_text_utf8_check(bytes, n, 1) + 4 < n;
}

/* Whether the file starts with a UTF-16 byte order mark, as Windows
 * editors save "Unicode" text: a binary file to the check above, or
 * every line invalid UTF-8, when the user need only save it again. */
static int is_utf16(const char *bytes, size_t len)
{
	return len >= 2 && ((bytes[0] == '\xff' && bytes[1] == '\xfe') ||
	                    (bytes[0] == '\xfe' && bytes[1] == '\xff'));
}

/* What to say of a compressed file (posts.jsonl written by "gzip -c",
 * or fetched still compressed), which the check below would call binary
 * with no hint of what to do; NULL when it is none. Each magic is
 * invalid UTF-8 by its second byte, so no page is taken for one.
 * Decompressing it would need a library folio does not link. */
static const char *compressed(const char *bytes, size_t len)
{
	static const struct {
		const char *magic;
		size_t len;
		const char *why;
	} kinds[] = {
		{ "\x1f\x8b", 2,
		  "a gzip file: decompress it (gzip -dc FILE > COPY) "
		  "and index the copy; not read" },
		{ "\xfd"
		  "7zXZ",
		  5,
		  "an xz file: decompress it (xz -dc FILE > COPY) "
		  "and index the copy; not read" },
		{ "\x28\xb5\x2f\xfd", 4,
		  "a zstd file: decompress it (zstd -dc FILE > COPY) "
		  "and index the copy; not read" },
	};
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (len >= kinds[i].len &&
		    memcmp(bytes, kinds[i].magic, kinds[i].len) == 0)
			return kinds[i].why;
	return NULL;
}

/* Whether bytes are white space alone (ASCII's, as both parsers take
 * it), after a UTF-8 byte order mark if there is one. */
static int blank(const char *bytes, size_t len)
{
	size_t i = len >= 3 && memcmp(bytes, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	while (i < len && fo_ascii_is_space((unsigned char)bytes[i]))
		i++;
	return i == len;
}

/* A file being read: its bytes so far, from buf[0], which parse_jsonl
 * moves on past what it parsed. Files are read, not mapped: a mapped
 * file that is rewritten in place and shrinks under the reader kills
 * the process with SIGBUS. */
typedef struct reader {
	int fd;
	char *buf;
	size_t len, cap;
	off_t total; /* bytes read from the file */
	int eof;
} reader;

/* Read until buf holds at least want bytes or the file ends; -1 on an
 * error (errno). */
static int fill(reader *f, size_t want)
{
	while (!f->eof && f->len < want) {
		ssize_t n;

		if (f->cap < want + 1) {
			size_t cap = f->cap ? f->cap : 64 * 1024;
			char *grown;

			while (cap < want + 1)
				cap *= 2;
			if (!(grown = realloc(f->buf, cap))) {
				errno = ENOMEM;
				return -1;
			}
			f->buf = grown;
			f->cap = cap;
		}
		n = read(f->fd, f->buf + f->len, f->cap - 1 - f->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		f->eof = n == 0;
		f->len += (size_t)n;
		f->total += n;
	}
	return 0;
}

/* The end of the last line ending in s[from..to), or 0 if none does. */
static size_t lines_end(const char *s, size_t from, size_t to)
{
	while (to > from && s[to - 1] != '\n')
		to--;
	return to > from ? to : 0;
}

/* Parse JSON Lines in parts of READ_PART bytes of whole lines, so that
 * only one part is in memory; a line longer than a part is read whole. */
static folio_status parse_jsonl(const char *path, reader *f,
                                const fo_corpus_sink *sink, fo_run *r)
{
	unsigned line = 1;
	folio_status st = FOLIO_OK;

	while (st == FOLIO_OK && r->st == FOLIO_OK) {
		size_t end = 0, scanned = 0;
		const char *p;

		while (end == 0) {
			if (fill(f, scanned + READ_PART) != 0)
				return FOLIO_ERROR_IO;
			end = lines_end(f->buf, scanned, f->len);
			if (end)
				break;
			if (f->eof)
				end = f->len;
			else
				scanned = f->len;
			if (f->len == 0)
				break;
		}
		if (end == 0)
			break;
		st = fo_jsonl_parse_from(path, f->buf, end, line, sink);
		for (p = f->buf; (p = memchr(p, '\n', (size_t)(f->buf + end - p)));
		     p++)
			line++;
		memmove(f->buf, f->buf + end, f->len - end);
		f->len -= end;
	}
	return st;
}

/* The key of the file of st in r->file_ids. */
static uint64_t file_id(const struct stat *st)
{
	uint64_t id[2];

	id[0] = (uint64_t)st->st_dev;
	id[1] = (uint64_t)st->st_ino;
	return fo_hash64(id, sizeof id);
}

/* Whether the first pass has recorded the file of st already: reached
 * twice (a directory given twice, or a link), it is one file. Looked up
 * by its key, as a corpus of many files would make a scan of them all
 * per file quadratic; files whose keys collide are told apart by a scan. */
static int read_before(const fo_run *r, const struct stat *st)
{
	const fo_tally_entry *e = fo_tally_find(r->file_ids, file_id(st));
	size_t i;

	if (!e)
		return 0;
	if (r->files[e->file - 1].dev == st->st_dev &&
	    r->files[e->file - 1].ino == st->st_ino)
		return 1;
	for (i = 0; i < r->n_files; i++)
		if (r->files[i].dev == st->st_dev &&
		    r->files[i].ino == st->st_ino)
			return 1;
	return 0;
}

/* Why the first bytes of f show that it is no corpus file, which the
 * first pass says and reads no further; NULL for one to parse. */
static const char *not_corpus(const reader *f)
{
	const char *why;

	if (is_utf16(f->buf, f->len))
		return "a UTF-16 file (it starts with a UTF-16 byte order "
		       "mark): save it as UTF-8; not read";
	/* A corpus file is never empty by design: a page has its heading.
	 * One of 0 bytes is what a failed write leaves (a generator that
	 * died under "> posts.jsonl", a full disk), not a page whose posts
	 * were all deleted, so it removes nothing. */
	if (f->eof && f->len == 0)
		return "an empty file (0 bytes), as a failed write leaves "
		       "one: not read, and nothing is removed while it is "
		       "there (delete it if its posts are gone)";
	/* So is one of white space alone, perhaps after a byte order mark:
	 * what a generator that died after its first newline leaves, or an
	 * editor saving a page emptied (read as pages without posts, it
	 * removed their posts with status 0). */
	if (f->eof && blank(f->buf, f->len))
		return "a file of white space alone, as a failed write "
		       "leaves one: not read, and nothing is removed while "
		       "it is there (delete it if its posts are gone)";
	if ((why = compressed(f->buf, f->len)) != NULL)
		return why;
	if (is_binary(f->buf, f->len))
		return "a binary file (NUL bytes, not UTF-8), not a corpus "
		       "file; not read";
	return NULL;
}

/* Record the file of st at path in r->files (its key in r->file_ids), for
 * the second pass to compare with; NULL, r->st FOLIO_ERROR_NOMEM, when
 * out of memory. */
static fo_read_file *record_file(fo_run *r, const char *path, int kind,
                                 const struct stat *st)
{
	fo_read_file *rec;
	fo_tally_entry *id;

	if (r->n_files == r->cap_files) {
		size_t cap = r->cap_files ? r->cap_files * 2 : 16;
		rec = realloc(r->files, cap * sizeof *rec);
		if (!rec) {
			r->st = FOLIO_ERROR_NOMEM;
			return NULL;
		}
		r->files = rec;
		r->cap_files = cap;
	}
	rec = &r->files[r->n_files];
	if (!(rec->path = strdup(path)) ||
	    fo_tally_add(r->file_ids, file_id(st), &id) != FOLIO_OK) {
		free(rec->path);
		r->st = FOLIO_ERROR_NOMEM;
		return NULL;
	}
	/* of keys that collide, the first file's */
	if (id->count == 1)
		id->file = (uint32_t)r->n_files + 1;
	rec->kind = kind;
	rec->size = st->st_size;
	rec->mtime = st->st_mtim;
	rec->dev = st->st_dev;
	rec->ino = st->st_ino;
	rec->changed = 0;
	r->n_files++;
	r->report->files++;
	return rec;
}

/* Parse one file. In the first pass (first NULL) it is checked and
 * recorded; in the second, compared with that record (first). */
static int read_file(fo_run *r, const char *path, int kind,
                     const fo_corpus_sink *sink, const fo_read_file *first)
{
	struct stat st;
	reader f = { -1, NULL, 0, 0, 0, 0 };
	fo_read_file *rec = NULL;
	folio_status parsed = FOLIO_OK;
	const char *why;
	int changed = 0;

	/* Non-blocking: the walk saw a regular file, but a FIFO put in its
	 * place since (between the readings, say) would block the open until
	 * someone writes to it, the run holding the index's lock meanwhile. */
	f.fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (f.fd < 0 || fstat(f.fd, &st) != 0) {
		fo_run_problem(r, path, 0, fo_strerror(errno));
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		fo_run_problem(r, path, 0, "not a regular file");
		goto done;
	}
	if (!first && read_before(r, &st))
		goto done;
	if (first && (st.st_size != first->size ||
	              st.st_mtim.tv_sec != first->mtime.tv_sec ||
	              st.st_mtim.tv_nsec != first->mtime.tv_nsec))
		changed = 1;
	if (fill(&f, SNIFF_BYTES) != 0) {
		fo_run_problem(r, path, 0, fo_strerror(errno));
		goto done;
	}
	if (!first && (why = not_corpus(&f))) {
		fo_run_problem(r, path, 0, why);
		goto done;
	}
	if (!first && !(rec = record_file(r, path, kind, &st)))
		goto done;
	/* The files read are those the second pass reads: one deleted (or
	 * no longer a file) since the first is not. */
	if (first)
		r->report->files++;
	/* A callback that stopped the parser left its error in r->st; the
	 * parser's own is out of memory. Topic pages are parsed whole. */
	if (kind == FO_CORPUS_MARKDOWN) {
		while (!f.eof && fill(&f, f.len * 2) == 0)
			;
		if (!f.eof) {
			fo_run_problem(r, path, 0, fo_strerror(errno));
			goto done;
		}
		if (f.len)
			parsed = fo_markdown_parse(path, f.buf, f.len, sink);
	} else {
		parsed = parse_jsonl(path, &f, sink, r);
		if (parsed == FOLIO_ERROR_IO) {
			fo_run_problem(r, path, 0, fo_strerror(errno));
			parsed = FOLIO_OK;
		}
	}
	if (r->st == FOLIO_OK)
		r->st = parsed;
	/* Rewritten while it was read: the run must not remove posts it
	 * may not have seen. Once per file, in whichever pass saw it. */
	if ((changed || (f.eof && f.total != st.st_size)) &&
	    !(first && first->changed)) {
		fo_run_problem(r, path, 0, "changed while it was being indexed; "
		               "index again to read all of it");
		if (rec)
			rec->changed = 1;
	}
	if (!first)
		fo_run_progress(r, "reading", r->report->files, 0);
done:
	free(f.buf);
	if (f.fd >= 0)
		close(f.fd);
	return r->st != FOLIO_OK;
}

static int on_file(const char *path, int kind, void *ctx)
{
	fo_run *r = ctx;
	fo_corpus_sink sink = { on_post_count, on_problem, r, on_warning };

	if (stop(r))
		return 1;
	r->file_no++;
	return read_file(r, path, kind, &sink, NULL);
}

folio_status fo_read_count(fo_run *r)
{
	folio_db *db = r->db;
	struct stat sb;
	size_t i, found = 0;
	folio_status st = FOLIO_OK;

	for (i = 0; i < r->n_paths; i++)
		if (stat(r->paths[i], &sb) == 0)
			found++;
	if (r->n_paths && !found) {
		fo_buf names = FO_BUF_INIT;

		for (i = 0; i < r->n_paths; i++) {
			int why = stat(r->paths[i], &sb) == 0 ? 0 : errno;
			fo_buf_printf(&names, "%s%s: %s", i ? "; " : "",
			              r->paths[i], fo_strerror(why));
		}
		st = names.oom ? fo_db_fail(db, FOLIO_ERROR_NOMEM,
		                            "out of memory")
		               : fo_db_fail(db, FOLIO_ERROR_NOT_FOUND, "%s",
		                            names.data);
		fo_buf_free(&names);
		return st;
	}
	if (!(r->tally = fo_tally_new()) || !(r->tainted = fo_tally_new()) ||
	    !(r->file_ids = fo_tally_new()) || !(r->held = fo_merge_new()))
		return FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < r->n_paths; i++) {
		uint32_t before = r->file_no;
		uint64_t skipped = r->report->skipped;
		folio_status walked = fo_walk(r->paths[i], on_file, on_problem, r);
		if (r->st != FOLIO_OK)
			st = r->st;
		else if (walked == FOLIO_ERROR_NOMEM)
			st = fo_db_fail(db, walked, "out of memory");
		else if (walked == FOLIO_ERROR_NOT_FOUND)
			fo_run_problem(r, r->paths[i], 0, fo_strerror(ENOENT));
		else if (r->file_no == before &&
		         r->report->skipped == skipped &&
		         stat(r->paths[i], &sb) == 0 && S_ISDIR(sb.st_mode))
			/* A corpus directory that is unmounted, or emptied by a
			 * failed checkout, is not a corpus whose posts were all
			 * deleted: as for a path that cannot be read, nothing
			 * is removed. (One the walk could not read is said to
			 * be so, not to hold nothing.) */
			fo_run_problem(r, r->paths[i], 0,
			               "holds no topic pages (*.md) or JSON "
			               "Lines files (*.jsonl)");
	}
	/* Distinct URLs, short of those whose hashes collide; the second
	 * pass counts them exactly. */
	r->report->posts = fo_tally_count(r->tally);
	return st;
}

folio_status fo_read_posts(fo_run *r, fo_merge_fn fn, void *ctx)
{
	emitter e = { r, fn, ctx, 0 };
	fo_corpus_sink sink = { on_post_again, on_problem_again, &e, NULL };
	size_t i;

	r->report->posts = 0;
	r->report->files = 0;
	fo_tally_restart(r->tally);
	for (i = 0; !stop(r) && i < r->n_files; i++) {
		e.file_no = (uint32_t)i + 1;
		read_file(r, r->files[i].path, r->files[i].kind, &sink,
		          &r->files[i]);
	}
	/* Posts still held: their files changed since they were counted. */
	if (!stop(r))
		r->st = fo_merge_take_all(r->held, emit, &e);
	return r->st;
}

void fo_read_free(fo_run *r)
{
	size_t i;

	for (i = 0; i < r->n_files; i++)
		free(r->files[i].path);
	free(r->files);
	fo_tally_free(r->tally);
	fo_tally_free(r->tainted);
	fo_tally_free(r->file_ids);
	fo_merge_free(r->held);
}
