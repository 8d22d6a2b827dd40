/*
 * jsonl.c: fo_jsonl_parse, reading posts from JSON Lines (one JSON object
 * per line). Each line is validated as a whole before it is used, so a
 * broken line is reported as invalid JSON even when some field in it was
 * already read. Buffers are reused from line to line: memory stays
 * proportional to the longest line.
 */
#include "corpus/corpus.h"
#include "corpus/json.h"
#include "corpus/text.h"
#include "util/ascii.h"

#include <stdlib.h>
#include <string.h>

enum {
	FO_F_URL,
	FO_F_TITLE,
	FO_F_COMPANY,
	FO_F_AUTHOR,
	FO_F_PUBLISHED,
	FO_F_TYPE,
	FO_F_SUMMARY,
	FO_F_COUNT,
	FO_F_TOPICS = FO_F_COUNT,
	FO_F_OTHER
};

static const char *const fo_field_names[FO_F_COUNT + 1] = {
	"url", "title", "company", "author", "published", "type", "summary",
	"topics"
};

/* What reading a line has found so far. */
typedef struct fo_jsonl_found {
	int field;      /* the field whose value comes next (FO_F_OTHER) */
	int in_topics;  /* in the topics list */
	int first;      /* the next token is the line's first */
	int not_object; /* the line's value is no object */
	int bad_field;  /* the first member of the wrong type, -1: none */
	int nul_field;  /* the first string holding a NUL, -1: none */
	/* the keys of the post's fields and topics met, and given twice */
	int seen[FO_F_COUNT + 1], again[FO_F_COUNT + 1];
} fo_jsonl_found;

typedef struct fo_jsonl {
	const char *file;
	const fo_corpus_sink *sink;
	fo_json json;
	fo_buf field[FO_F_COUNT];
	int present[FO_F_COUNT];
	fo_buf topic_data; /* topics, each ending in NUL */
	size_t *topic_off; /* where each topic starts in topic_data */
	const char **topic_ptr;
	size_t n_topics, cap_topics;
	fo_buf msg;
	fo_jsonl_found found; /* on the line being read */
} fo_jsonl;

/* The field a key names, in any case ("URL", "Company", as other tools
 * export them, would otherwise cost the post its field without a word),
 * or FO_F_OTHER. */
static int fo_jsonl_field(const char *key, size_t len)
{
	int f;

	for (f = 0; f <= FO_F_TOPICS; f++)
		if (strlen(fo_field_names[f]) == len &&
		    fo_ascii_ieq(key, fo_field_names[f], len))
			return f;
	return FO_F_OTHER;
}

static int fo_has_nul(const fo_buf *b)
{
	return b->len && memchr(b->data, '\0', b->len) != NULL;
}

/* Add the topic s (trimmed; an empty one is none); it is the line's
 * nul_field if it holds a NUL and no field did before. -1: out of
 * memory. */
static int fo_jsonl_add_topic(fo_jsonl *st, const fo_buf *s)
{
	const char *p = s->data ? s->data : "";
	size_t n = s->len;

	if (fo_has_nul(s) && st->found.nul_field < 0)
		st->found.nul_field = FO_F_TOPICS;
	fo_text_trim(&p, &n);
	if (n == 0)
		return 0;
	if (st->n_topics == st->cap_topics) {
		size_t cap = st->cap_topics ? st->cap_topics * 2 : 8;
		size_t *off = realloc(st->topic_off, cap * sizeof(*off));
		const char **ptr;

		if (!off)
			return -1;
		st->topic_off = off;
		ptr = realloc((void *)st->topic_ptr, cap * sizeof(*ptr));
		if (!ptr)
			return -1;
		st->topic_ptr = ptr;
		st->cap_topics = cap;
	}
	st->topic_off[st->n_topics++] = st->topic_data.len;
	fo_buf_append(&st->topic_data, p, n);
	fo_buf_putc(&st->topic_data, '\0');
	return st->topic_data.oom ? -1 : 0;
}

/* The URL that names a malformed post: one read whole (before a syntax
 * error, say: a typo later in the line must not cost the post a topic),
 * a string of valid UTF-8 without NUL; else NULL. */
static char *fo_jsonl_named(fo_jsonl *st)
{
	const fo_jsonl_found *fd = &st->found;
	fo_buf *url = &st->field[FO_F_URL];

	if (fd->not_object || !st->present[FO_F_URL] ||
	    fd->bad_field == FO_F_URL || fd->nul_field == FO_F_URL ||
	    fo_text_utf8_check(url->data, url->len, 0) != url->len)
		return NULL;
	return url->data;
}

/* Why the line read into st is no post, in st->msg (nothing when it is
 * one), by what was found reading it (st->found) and a bad byte at
 * column bad_col (0: none); a valid date goes to date. */
static void fo_jsonl_why(fo_jsonl *st, size_t bad_col, char date[11])
{
	const fo_jsonl_found *fd = &st->found;
	fo_buf *msg = &st->msg;

	if (bad_col) {
		fo_buf_printf(msg, "invalid UTF-8 at column %zu", bad_col);
	} else if (fd->not_object) {
		fo_buf_puts(msg, "not a JSON object");
	} else if (fd->bad_field == FO_F_TOPICS) {
		fo_buf_puts(msg, "\"topics\" must be a list of strings");
	} else if (fd->bad_field >= 0) {
		fo_buf_printf(msg, "\"%s\" must be a string",
		              fo_field_names[fd->bad_field]);
	} else if (fd->nul_field >= 0) {
		fo_buf_printf(msg, "\"%s\" contains a NUL character",
		              fo_field_names[fd->nul_field]);
	} else if (!st->present[FO_F_URL]) {
		fo_buf_puts(msg, "post has no URL");
	} else if (!st->present[FO_F_TITLE]) {
		fo_buf_puts(msg, "post has no title");
	} else if (!st->present[FO_F_SUMMARY]) {
		fo_buf_puts(msg, "post has no summary");
	} else if (st->present[FO_F_PUBLISHED] &&
	           fo_date_parse(st->field[FO_F_PUBLISHED].data,
	                         st->field[FO_F_PUBLISHED].len, date) != 0) {
		fo_date_why(st->field[FO_F_PUBLISHED].data,
		            st->field[FO_F_PUBLISHED].len,
		            "\"2026-09-14\" or "
		            "\"2026-09-14T10:00:00Z\"",
		            msg);
	}
}

/* Hand the post read into st, which is on line lineno, to the sink,
 * after a warning for each key it gave twice: FOLIO_OK, or -1 when the
 * sink asked to stop. */
static int fo_jsonl_hand_on(fo_jsonl *st, unsigned lineno, const char *date)
{
	const int *again = st->found.again;
	const fo_corpus_fields fields = { st->field,      st->present,
		                          FO_F_COMPANY,   FO_F_AUTHOR,
		                          FO_F_PUBLISHED, FO_F_TYPE };
	folio_post post;
	size_t k;
	int f;

	fo_buf_clear(&st->msg);
	for (f = 0; f <= FO_F_COUNT && st->sink->warning; f++) {
		if (!again[f])
			continue;
		fo_buf_printf(&st->msg,
		              "\"%s\" is given twice in this object: the "
		              "first is kept",
		              fo_field_names[f]);
		fo_corpus_warning(st->sink, st->file, lineno, &st->msg);
	}
	for (k = 0; k < st->n_topics; k++)
		st->topic_ptr[k] = st->topic_data.data + st->topic_off[k];
	post.title = st->field[FO_F_TITLE].data;
	post.summary = st->field[FO_F_SUMMARY].data;
	post.topics = st->n_topics ? st->topic_ptr : NULL;
	post.n_topics = st->n_topics;
	return fo_corpus_hand_on(st->sink, st->file, lineno,
	                         st->field[FO_F_URL].data, &post, &fields,
	                         date);
}

/* Token tok, after the line's first, in the topics list. A null in it
 * is no topic, as null is no value anywhere else. */
static int fo_jsonl_in_topics(fo_jsonl *st, fo_json_tok tok, unsigned depth)
{
	fo_jsonl_found *fd = &st->found;

	if (tok == FO_JSON_ARRAY_END && depth == 1)
		fd->in_topics = 0;
	else if (depth == 2 && tok == FO_JSON_STRING)
		return fo_jsonl_add_topic(st, &st->json.str);
	else if (depth == 2 && tok == FO_JSON_NULL)
		return 0;
	else if (fd->bad_field < 0)
		fd->bad_field = FO_F_TOPICS;
	return 0;
}

/* Token tok, which starts the value of a member of the post object. */
static int fo_jsonl_value(fo_jsonl *st, fo_json_tok tok)
{
	fo_jsonl_found *fd = &st->found;
	const fo_buf *str = &st->json.str;
	int field = fd->field;

	if (field == FO_F_OTHER)
		return 0;
	if (field == FO_F_TOPICS) {
		fo_buf_clear(&st->topic_data);
		st->n_topics = 0;
		if (tok == FO_JSON_ARRAY_BEGIN)
			fd->in_topics = 1;
		else if (tok == FO_JSON_STRING)
			return fo_jsonl_add_topic(st, str);
		else if (tok != FO_JSON_NULL && fd->bad_field < 0)
			fd->bad_field = FO_F_TOPICS;
		return 0;
	}
	fo_buf_clear(&st->field[field]);
	st->present[field] = 0;
	if (tok == FO_JSON_STRING) {
		if (fo_has_nul(str) && fd->nul_field < 0)
			fd->nul_field = field;
		fo_buf_append(&st->field[field], str->data, str->len);
		fo_text_buf_trim(&st->field[field]);
		st->present[field] = st->field[field].len > 0;
	} else if (tok != FO_JSON_NULL && fd->bad_field < 0) {
		fd->bad_field = field;
	}
	return 0;
}

/* Token tok of the line, read without error: -1 when out of memory. */
static int fo_jsonl_token(fo_jsonl *st, fo_json_tok tok)
{
	fo_jsonl_found *fd = &st->found;
	const fo_json *j = &st->json;
	/* the depth after the token: a member value of the post object is a
	 * scalar at depth 1 or a container that just made it 2 */
	unsigned depth = j->depth;

	if (fd->first) {
		fd->first = 0;
		fd->not_object = tok != FO_JSON_OBJECT_BEGIN;
		return 0;
	}
	if (fd->not_object || depth == 0)
		return 0;
	if (tok == FO_JSON_KEY) {
		if (depth == 1)
			fd->field = fo_jsonl_field(j->str.data, j->str.len);
		/* a key given twice: the first is kept, as a post's first
		 * copy is, with a warning before the post */
		if (depth == 1 && fd->field != FO_F_OTHER &&
		    fd->seen[fd->field]++) {
			fd->again[fd->field] = 1;
			fd->field = FO_F_OTHER;
		}
		return 0;
	}
	if (fd->in_topics)
		return fo_jsonl_in_topics(st, tok, depth);
	if ((depth == 1 && tok != FO_JSON_OBJECT_END &&
	     tok != FO_JSON_ARRAY_END) ||
	    (depth == 2 &&
	     (tok == FO_JSON_OBJECT_BEGIN || tok == FO_JSON_ARRAY_BEGIN)))
		return fo_jsonl_value(st, tok);
	return 0; /* inside some other member's value */
}

/* Forget the line before, for the next. */
static void fo_jsonl_clear(fo_jsonl *st)
{
	int f;

	fo_buf_clear(&st->msg);
	for (f = 0; f < FO_F_COUNT; f++) {
		fo_buf_clear(&st->field[f]);
		st->present[f] = 0;
	}
	fo_buf_clear(&st->topic_data);
	st->n_topics = 0;
	memset(&st->found, 0, sizeof st->found);
	st->found.field = FO_F_OTHER;
	st->found.first = 1;
	st->found.bad_field = -1;
	st->found.nul_field = -1;
}

/*
 * Read one non-blank line. col0 is the column of line[0] less one (a
 * line may start after a BOM). Returns FOLIO_OK, FOLIO_ERROR_NOMEM,
 * or -1 when the callback asked to stop.
 */
static int fo_jsonl_line(fo_jsonl *st, const char *line, size_t n,
                         unsigned lineno, size_t col0)
{
	fo_json *j = &st->json;
	fo_buf *msg = &st->msg;
	char date[11];
	size_t bad;
	int f;
	fo_json_tok tok;

	fo_jsonl_clear(st);
	/* A bad byte is the line's problem, named first; the line is read
	 * all the same, for the URL that names its post (fo_jsonl_named). */
	bad = fo_text_utf8_check(line, n, 1);
	fo_json_reset(j, line, n);
	while ((tok = fo_json_next(j)) != FO_JSON_END) {
		if (tok == FO_JSON_NOMEM)
			return FOLIO_ERROR_NOMEM;
		if (tok == FO_JSON_ERROR) {
			/* a URL read whole before the error names the post:
			 * a typo later in the line must not cost it a topic
			 * (explore-r) */
			if (bad < n)
				fo_buf_printf(msg,
				              "invalid UTF-8 at column %zu",
				              col0 + bad + 1);
			else
				fo_buf_printf(
				    msg, "invalid JSON at column %zu: %s",
				    col0 + j->error_pos + 1, j->error);
			return fo_corpus_problem(st->sink, st->file, msg,
			                         lineno, fo_jsonl_named(st));
		}
		if (fo_jsonl_token(st, tok) != 0)
			return FOLIO_ERROR_NOMEM;
	}

	for (f = 0; f < FO_F_COUNT; f++)
		if (st->field[f].oom)
			return FOLIO_ERROR_NOMEM;
	fo_jsonl_why(st, bad < n ? col0 + bad + 1 : 0, date);
	if (msg->oom)
		return FOLIO_ERROR_NOMEM;
	if (msg->len)
		return fo_corpus_problem(st->sink, st->file, msg, lineno,
		                         fo_jsonl_named(st));
	return fo_jsonl_hand_on(st, lineno, date);
}

folio_status fo_jsonl_parse(const char *file, const char *buf, size_t len,
                            const fo_corpus_sink *sink)
{
	return fo_jsonl_parse_from(file, buf, len, 1, sink);
}

folio_status fo_jsonl_parse_from(const char *file, const char *buf,
                                 size_t len, unsigned first_line,
                                 const fo_corpus_sink *sink)
{
	fo_jsonl st;
	size_t pos = 0;
	unsigned lineno = first_line - 1;
	int f, rc = FOLIO_OK;

	memset(&st, 0, sizeof(st));
	st.file = file;
	st.sink = sink;
	fo_json_init(&st.json);
	while (pos < len) {
		const char *line = buf + pos;
		const char *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		size_t i, col0 = 0;

		pos += n + (nl ? 1 : 0);
		lineno++;
		if (n && line[n - 1] == '\r')
			n--;
		/* a byte order mark where a file joined to this one began
		 * (cat a.jsonl b.jsonl) is no JSON, as at the file's start:
		 * unseen, it cost its line's post with "expected a value" */
		if (n >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0) {
			line += 3;
			n -= 3;
			col0 = 3;
		}
		for (i = 0; i < n; i++)
			if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
				break;
		if (i < n) {
			rc = fo_jsonl_line(&st, line, n, lineno, col0);
			if (rc != FOLIO_OK)
				break;
		}
	}
	if (rc == -1)
		rc = FOLIO_OK;
	fo_json_free(&st.json);
	for (f = 0; f < FO_F_COUNT; f++)
		fo_buf_free(&st.field[f]);
	fo_buf_free(&st.topic_data);
	free(st.topic_off);
	free((void *)st.topic_ptr);
	fo_buf_free(&st.msg);
	return (folio_status)rc;
}
