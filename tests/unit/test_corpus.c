/*
 * test_corpus.c: unit tests of the corpus parsers (markdown topic pages,
 * JSON Lines, dates). Expectations are exact: the indexer and the CLI show
 * these strings and messages to users.
 */
#include "harness.h"

#include "corpus/corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_REC 64

typedef struct rec_post {
	char *url, *title, *company, *author, *published, *type, *summary;
	char *topics[4];
	size_t n_topics;
	unsigned line;
} rec_post;

typedef struct rec_problem {
	unsigned line;
	char *url; /* the malformed post's, if it has one */
	char *message;
} rec_problem;

static rec_post posts[MAX_REC];
static size_t n_posts;
static rec_problem problems[MAX_REC];
static size_t n_problems;
static rec_problem warnings[MAX_REC];
static size_t n_warnings;
static size_t stop_after; /* stop after this many posts; 0: never */

static char *dup_or_null(const char *s)
{
	char *d;

	if (!s)
		return NULL;
	d = malloc(strlen(s) + 1);
	if (d)
		strcpy(d, s);
	return d;
}

static void reset(void)
{
	size_t i, k;

	for (i = 0; i < n_posts; i++) {
		rec_post *p = &posts[i];

		free(p->url);
		free(p->title);
		free(p->company);
		free(p->author);
		free(p->published);
		free(p->type);
		free(p->summary);
		for (k = 0; k < p->n_topics; k++)
			free(p->topics[k]);
	}
	for (i = 0; i < n_problems; i++) {
		free(problems[i].url);
		free(problems[i].message);
	}
	memset(posts, 0, sizeof(posts));
	for (i = 0; i < n_warnings; i++)
		free(warnings[i].message);
	memset(problems, 0, sizeof(problems));
	memset(warnings, 0, sizeof(warnings));
	n_posts = n_problems = n_warnings = 0;
	stop_after = 0;
}

static int on_post(const folio_post *post, const char *file, unsigned line,
                   void *ctx)
{
	rec_post *p;
	size_t k;

	(void)file;
	(void)ctx;
	if (n_posts == MAX_REC)
		return 1;
	p = &posts[n_posts++];
	p->url = dup_or_null(post->url);
	p->title = dup_or_null(post->title);
	p->company = dup_or_null(post->company);
	p->author = dup_or_null(post->author);
	p->published = dup_or_null(post->published);
	p->type = dup_or_null(post->type);
	p->summary = dup_or_null(post->summary);
	for (k = 0; k < post->n_topics && k < 4; k++)
		p->topics[k] = dup_or_null(post->topics[k]);
	p->n_topics = post->n_topics;
	p->line = line;
	return stop_after && n_posts >= stop_after;
}

static void on_problem(const char *file, unsigned line, const char *url,
                       const char *message, void *ctx)
{
	(void)file;
	(void)ctx;
	if (n_problems == MAX_REC)
		return;
	problems[n_problems].line = line;
	problems[n_problems].url = dup_or_null(url);
	problems[n_problems].message = dup_or_null(message);
	n_problems++;
}

static void on_warning(const char *file, unsigned line, const char *message,
                       void *ctx)
{
	(void)file;
	(void)ctx;
	if (n_warnings == MAX_REC)
		return;
	warnings[n_warnings].line = line;
	warnings[n_warnings].message = dup_or_null(message);
	n_warnings++;
}

static const fo_corpus_sink sink = { on_post, on_problem, NULL, on_warning };

/* Parse from an exact-size heap copy, so that ASan catches any read past
 * len (the parsers must not rely on a terminating NUL). */
static folio_status parse_n(int jsonl, const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);
	folio_status st;

	reset();
	memcpy(copy, text, len);
	st = jsonl ? fo_jsonl_parse("t", copy, len, &sink) :
	             fo_markdown_parse("t.md", copy, len, &sink);
	free(copy);
	return st;
}

static folio_status md(const char *text)
{
	return parse_n(0, text, strlen(text));
}

static folio_status jl(const char *text)
{
	return parse_n(1, text, strlen(text));
}

#define DATE_MSG(v)                                                            \
	"unparseable date \"" v "\" (expected e.g. \"Sep 14, 2026\" or "      \
	"\"2026-09-14\")"

/* ------------------------------------------------------------------------
 * Markdown
 * ------------------------------------------------------------------------ */

static void test_corpus__parallelism_page(void)
{
	static const char heroku[] =
		"The post recounts a PostgreSQL performance incident in which "
		"metadata processing stopped as jobs accumulated and an UPDATE "
		"targeting a single UUID remained active for days. Diagnostics "
		"showed the query consuming more than 80% of database time, "
		"while manual execution did not reproduce the delay. A "
		"pg_stat_activity and pg_locks query exposed many waiting "
		"statements and an AccessExclusiveLock entry whose locktype was "
		"tuple, leading the investigation toward PostgreSQL row locking "
		"and contention. The eventual cause was threaded code that "
		"issued concurrent updates to the same row for each job; "
		"removing that concurrency, aborting old backends with "
		"pg_cancel_backend, and deploying the change restored "
		"processing and began churning through the backlog. A "
		"correction notes that the reported lock was on a tuple rather "
		"than the table, and that PostgreSQL does not have lock "
		"promotion as suggested in the debugging discussion.";
	static const struct {
		unsigned line;
		const char *title, *url, *company, *author, *published, *type;
	} want[6] = {
		{ 11,
		  "Accelerating Dropless MoE Training in JAX with NVIDIA "
		  "Transformer Engine",
		  "https://yomu.fyi/post/accelerating-dropless-moe-training-in-"
		  "jax-with-nvidia-transformer-engi.md",
		  "NVIDIA", "Tanya Lenz", "2026-09-14", "Explainer" },
		{ 20, "Python 3.14 free-threaded build is now available in RHEL",
		  "https://yomu.fyi/post/python-3-14-free-threaded-build-is-now-"
		  "available-in-rhel.md",
		  "Red Hat", "Lum\xc3\xadr Balhar", "2026-09-14", "Announcement" },
		{ 29,
		  "GEM Training: How Meta Doubled the Efficiency of Its "
		  "LLM-Scale Ads Foundation Model",
		  "https://yomu.fyi/post/gem-training-how-meta-doubled-the-"
		  "efficiency-of-its-llm-scale-ads-foun.md",
		  "Meta", NULL, "2026-08-03", "Explainer" },
		{ 37, "Building with Modal and the OpenAI Agents SDK",
		  "https://yomu.fyi/post/building-with-modal-and-the-openai-"
		  "agents-sdk.md",
		  "Modal", NULL, "2026-04-15", "Tutorial" },
		{ 45,
		  "Scaling Large Language Models for e-Commerce: The Development "
		  "of a Llama-Based Customized LLM",
		  "https://yomu.fyi/post/scaling-large-language-models-for-e-"
		  "commerce-the-development-of-a-llam.md",
		  "Ebay", "Christian Herold and Shahram Khadivi", "2025-01-17",
		  "Problem & solution" },
		{ 54, "The Curious Case of the Table-Locking UPDATE Query",
		  "https://yomu.fyi/post/the-curious-case-of-the-table-locking-"
		  "update-query.md",
		  "Heroku", "Richard Schneeman", "2019-12-19",
		  "Incident / postmortem" },
	};
	const char *dir = getenv("FOLIO_SOURCE_DIR");
	char path[4096];
	char *text = NULL;
	size_t len = 0, i;
	long size;
	FILE *f;

	snprintf(path, sizeof(path), "%s/corpus/parallelism.md",
	         dir ? dir : ".");
	f = fopen(path, "rb");
	assert_true(f != NULL);
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		text = malloc((size_t)size);
		if (text)
			len = fread(text, 1, (size_t)size, f);
	}
	fclose(f);
	assert_true(text != NULL && len > 0);
	reset();
	assert_ok(fo_markdown_parse(path, text, len, &sink));
	free(text);

	assert_int(0, n_problems);
	assert_int(6, n_posts);
	for (i = 0; i < 6; i++) {
		assert_int(want[i].line, posts[i].line);
		assert_str(want[i].title, posts[i].title);
		assert_str(want[i].url, posts[i].url);
		assert_str(want[i].company, posts[i].company);
		assert_str(want[i].author, posts[i].author);
		assert_str(want[i].published, posts[i].published);
		assert_str(want[i].type, posts[i].type);
		assert_int(1, posts[i].n_topics);
		assert_str("Parallelism", posts[i].topics[0]);
		assert_true(strchr(posts[i].summary, '\n') == NULL);
		assert_true(strchr(posts[i].summary, '\\') == NULL);
	}
	assert_true(strncmp(posts[0].summary, "Production-scale mixture-of-"
	                                      "experts (MoE) training",
	                    47) == 0);
	assert_true(strstr(posts[0].summary,
	                   "97% scaling efficiency at 1,024 GPUs.") != NULL);
	assert_true(strstr(posts[5].summary, "pg_stat_activity") != NULL);
	assert_str(heroku, posts[5].summary);
}

static const char page[] =
	"---\n"
	"title: \"Front Title\"\n"
	"---\n"
	"\n"
	"# Databases\n"
	"> About databases.\n"
	"\n"
	"## Articles\n"
	"\n"
	"### [First post](https://example.com/1)\n"
	"- Company: [ACME](https://acme.example)\n"
	"- Author: Ann\n"
	"- Published: September 1, 2024\n"
	"- Type: Tutorial\n"
	"- Reading time: 5 min\n"
	"\n"
	"Line one\n"
	"line two.\n"
	"\n"
	"Second paragraph.\n"
	"\n"
	"### [Second post](https://example.com/2)\n"
	"- Company: Plain Co\n"
	"\n"
	"Only summary.\n";

static void check_page(void)
{
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_int(10, posts[0].line);
	assert_str("First post", posts[0].title);
	assert_str("https://example.com/1", posts[0].url);
	assert_str("ACME", posts[0].company);
	assert_str("Ann", posts[0].author);
	assert_str("2024-09-01", posts[0].published);
	assert_str("Tutorial", posts[0].type);
	assert_str("Line one line two.\n\nSecond paragraph.", posts[0].summary);
	assert_int(1, posts[0].n_topics);
	assert_str("Databases", posts[0].topics[0]);
	assert_int(22, posts[1].line);
	assert_str("Plain Co", posts[1].company);
	assert_str(NULL, posts[1].author);
	assert_str(NULL, posts[1].published);
	assert_str(NULL, posts[1].type);
	assert_str("Only summary.", posts[1].summary);
	assert_str("Databases", posts[1].topics[0]);
}

static void test_corpus__md_page(void)
{
	assert_ok(md(page));
	check_page();
}

static void test_corpus__md_crlf_and_bom(void)
{
	char text[2048];
	size_t i, n = 0;

	memcpy(text, "\xef\xbb\xbf", 3);
	n = 3;
	for (i = 0; page[i]; i++) {
		if (page[i] == '\n')
			text[n++] = '\r';
		text[n++] = page[i];
	}
	assert_ok(parse_n(0, text, n));
	check_page();
}

/* A CR alone ends a line too (CommonMark 0.30, 2.1: old Mac editors,
 * a line pasted from one): read as one line, a post's field list would
 * swallow its summary, and a problem would name the wrong line. */
/* A byte order mark where a page that was joined to another began (cat
 * a.md b.md) hid the line it starts: a post's heading there was text of
 * the post before it, which took its fields and summary, and the post was
 * lost without a word. It is skipped at any line's start. */
static void test_corpus__md_a_bom_where_a_joined_page_began(void)
{
	assert_ok(md("# A\n### [P1](https://x/1)\n- Company: C\n\nOne.\n"
	             "\xef\xbb\xbf### [P2](https://x/2)\n- Company: D\n\nTwo.\n"
	             "\xef\xbb\xbf# B\n\xef\xbb\xbf### [P3](https://x/3)\n"
	             "\xef\xbb\xbf- Company: E\n\nThree \xef\xbb\xbfin.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("One.", posts[0].summary);
	assert_str("https://x/2", posts[1].url);
	assert_int(6, posts[1].line);
	assert_str("D", posts[1].company);
	assert_str("Two.", posts[1].summary);
	assert_str("E", posts[2].company);
	assert_str("A", posts[2].topics[0]);
}

static void test_corpus__md_a_lone_cr_ends_a_line(void)
{
	assert_ok(md("# T\r\r"
	             "### [A](https://x/a)\r"
	             "- Company: C\r"
	             "- Published: Sep 14, 2026\r"
	             "\r"
	             "Summary one.\r\n"
	             "\n"
	             "### [B](https://x/b)\n"
	             "- Type: News\r"
	             "\r"
	             "Bad \xff byte.\r"));
	assert_int(1, n_posts);
	assert_str("https://x/a", posts[0].url);
	assert_str("C", posts[0].company);
	assert_str("2026-09-14", posts[0].published);
	assert_str("Summary one.", posts[0].summary);
	assert_str("T", posts[0].topics[0]);
	assert_int(1, n_problems);
	assert_int(12, problems[0].line);
	assert_str("invalid UTF-8 at column 5", problems[0].message);
}

static void test_corpus__md_no_trailing_newline(void)
{
	assert_ok(md("# T\n### [A](u)\n- Type: X\n\nSummary text"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("Summary text", posts[0].summary);
	assert_str("X", posts[0].type);
}

static void test_corpus__md_topic_fallbacks(void)
{
	assert_ok(md("---\ntitle: \"From \\\"Front\\\" Matter\"\nother: x\n"
	             "---\n### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(5, posts[0].line);
	assert_int(1, posts[0].n_topics);
	assert_str("From \"Front\" Matter", posts[0].topics[0]);
	/* a backslash before the closing quote escapes nothing */
	assert_ok(md("---\ntitle: \"C:\\\"\n---\n### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_str("C:\\", posts[0].topics[0]);
	/* YAML's comment, escapes and block scalars: "Plain # comment",
	 * ">" and "\u00e9" escaped were topics as written */
	assert_ok(md("---\ntitle: Plain # comment\n---\n### [A](u)\n\nS.\n"));
	assert_str("Plain", posts[0].topics[0]);
	assert_ok(md("---\ntitle: 'It''s' # c\n---\n### [A](u)\n\nS.\n"));
	assert_str("It's", posts[0].topics[0]);
	assert_ok(md("---\ntitle: \"Caf\\u00e9\\tbar\\x21\"\n---\n"
	             "### [A](u)\n\nS.\n"));
	assert_str("Caf\xC3\xA9 bar!", posts[0].topics[0]);
	assert_ok(md("---\ntitle: >-\n  Folded\n  topic\nother: x\n---\n"
	             "### [A](u)\n\nS.\n"));
	assert_str("Folded topic", posts[0].topics[0]);
	/* YAML's null is no title (a generator's page with none gave its
	 * posts the topic "null"); quoted, it is the word */
	assert_ok(md("---\ntitle: null # none\n---\n### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, posts[0].n_topics);
	assert_int(1, n_warnings);
	assert_int(4, warnings[0].line);
	assert_ok(md("---\ntitle: ~\n---\n### [A](u)\n\nS.\n"));
	assert_int(0, posts[0].n_topics);
	assert_ok(md("---\ntitle: \"null\"\n---\n### [A](u)\n\nS.\n"));
	assert_str("null", posts[0].topics[0]);
	assert_ok(md("---\ntitle: NULL\n---\n### [A](u)\n\nS.\n"));
	assert_int(0, posts[0].n_topics);
	assert_ok(md("---\ntitle: Nulls\n---\n### [A](u)\n\nS.\n"));
	assert_str("Nulls", posts[0].topics[0]);
	/* only --- opens and closes it: ---- is a rule, ---x a word */
	assert_ok(md("----\ntitle: F\n----\n### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, posts[0].n_topics);
	/* YAML's document end, "...", closes it too, as Jekyll and pandoc
	 * read it: the page's title was lost, and its lines were text */
	assert_ok(md("---\ntitle: Dots\n... \n### [A](u)\n\nS.\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_int(4, posts[0].line);
	assert_int(1, posts[0].n_topics);
	assert_str("Dots", posts[0].topics[0]);
	/* a key in any case, as a post's field's and a JSON Lines key are
	 * (Hugo reads them so too): "Title:" was silently no title */
	assert_ok(md("---\nTitle: Capital\n---\n### [A](u)\n\nS.\n"));
	assert_int(0, n_warnings);
	assert_int(1, posts[0].n_topics);
	assert_str("Capital", posts[0].topics[0]);
	assert_ok(md("---\nTITLE: \"Upper\"\nTitles: No\n---\n"
	             "### [A](u)\n\nS.\n"));
	assert_str("Upper", posts[0].topics[0]);
	/* but does not open it: "..." is a line of text there */
	assert_ok(md("...\ntitle: F\n...\n### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, posts[0].n_topics);

	assert_ok(md("### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, posts[0].n_topics);

	/* Nor is a "---" rule at the top, a later rule or "..." line
	 * closing it, with a post between: its posts were swallowed as
	 * front matter, silently, and the topic with them. A post's heading
	 * is in no front matter. */
	assert_ok(md("---\n# Topic\n\n### [A](u1)\n\nS.\n\n---\n\n"
	             "### [B](u2)\n\nS.\n...\n### [C](u3)\n\nS.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("u1", posts[0].url);
	assert_int(4, posts[0].line);
	assert_str("Topic", posts[0].topics[0]);
	assert_str("Topic", posts[1].topics[0]);
	assert_str("Topic", posts[2].topics[0]);

	/* An unclosed front matter is no front matter. */
	assert_ok(md("---\n# Topic\n### [A](u)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(3, posts[0].line);
	assert_str("Topic", posts[0].topics[0]);
}

/* The page's topic is its first level-1 heading, wherever it stands:
 * posts above it had no topic, those below it had it. A setext heading
 * ("Topic" over "=====") before the posts is one too: such a page gave
 * its posts no topic. */
static void test_corpus__md_the_topic_is_the_page_s(void)
{
	assert_ok(md("### [A](u1)\n\nS.\n"
	             "```\n# Code, not a topic\n```\n"
	             "# \n"
	             "# Late\n"
	             "### [B](u2)\n\nS.\n"
	             "# Later\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_int(1, posts[0].n_topics);
	assert_str("Late", posts[0].topics[0]);
	assert_str("Late", posts[1].topics[0]);

	assert_ok(md("Setext **Topic**\n============  \n\n"
	             "### [A](u1)\n\nSummary line\n===\n"));
	assert_int(1, n_posts);
	assert_str("Setext Topic", posts[0].topics[0]);
	/* under a post it is no topic (nor a heading that ends the post) */
	assert_str("Summary line ===", posts[0].summary);
	assert_ok(md("Intro.\n\n### [A](u1)\n\nSummary line\n===\n"));
	assert_int(0, posts[0].n_topics);
	assert_ok(md("\n===\n### [A](u1)\n\nS.\n"));
	assert_int(0, posts[0].n_topics);
}

/* Scheme and host are case-insensitive (RFC 3986 section 6.2.2.1), so a
 * post is one post whatever their case: the parsers lower-case them. */
static void test_corpus__a_url_has_its_scheme_and_host_in_lower_case(void)
{
	assert_ok(md("# T\n### [A](HTTPS://Ann@Example.ORG:8080/Path?Q#F)\n"
	             "\nS.\n"));
	assert_int(1, n_posts);
	assert_str("https://Ann@example.org:8080/Path?Q#F", posts[0].url);
	assert_ok(jl("{\"url\": \"Mailto:Ann@Example.ORG\", \"title\": \"t\", "
	             "\"summary\": \"s\"}\n"
	             "{\"url\": \"/relative/Path\", \"title\": \"t\", "
	             "\"summary\": \"s\"}\n"));
	assert_int(2, n_posts);
	assert_str("mailto:Ann@Example.ORG", posts[0].url);
	assert_str("/relative/Path", posts[1].url);
	/* a host's other letters too (ÉX.org and éx.org were two posts:
	 * explore-q); the path keeps its case */
	assert_ok(jl("{\"url\": \"https://\xc3\x89X.org:1/\xc3\x89\", "
	             "\"title\": \"t\", \"summary\": \"s\"}\n"));
	assert_int(1, n_posts);
	assert_str("https://\xc3\xa9x.org:1/\xc3\x89", posts[0].url);
	/* and those whose lower case is longer: U+023A, 2 bytes, is
	 * U+2C65, 3 (it stayed, and the two were two posts) */
	assert_ok(md("# T\n### [A](https://\xc8\xbaX.org/\xc8\xba)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_str("https://\xe2\xb1\xa5x.org/\xc8\xba", posts[0].url);
	/* a backslash, which no host holds, ends it as a / does (browsers
	 * read it as one): the path after it kept its case no longer */
	assert_ok(jl("{\"url\": \"Https://Ex.Org\\\\Path\", "
	             "\"title\": \"t\", \"summary\": \"s\"}\n"));
	assert_int(1, n_posts);
	assert_str("https://ex.org\\Path", posts[0].url);
	/* never to ASCII: İX.org is not ix.org (explore-v) */
	assert_ok(jl("{\"url\": \"https://\xc4\xb0X.org/\", \"title\": \"t\", "
	             "\"summary\": \"s\"}\n"));
	assert_str("https://\xc4\xb0x.org/", posts[0].url);
}

static void test_corpus__md_nested_brackets(void)
{
	assert_ok(md("# T\n"
	             "### [Foo [bar] and [[baz]]](https://x.org/a_(b)_(c))\n"
	             "\nS.\n"
	             "### [Bar](<https://x.org/with space> \"Title\")\n"
	             "\nS.\n"
	             "### [Baz](https://x.org/q \"Title\") trailing\n"
	             "\nS.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("Foo [bar] and [[baz]]", posts[0].title);
	assert_str("https://x.org/a_(b)_(c)", posts[0].url);
	assert_str("https://x.org/with space", posts[1].url);
	assert_str("https://x.org/q", posts[2].url);
}

/* A <bracketed> destination may hold a parenthesis of its own, closed or
 * not (CommonMark 0.30, 6.3): "(<https://x.org/?a=(1>)" was "post has no
 * URL: its link's ( is never closed", and a summary's such link was cut
 * at that ) ("the (docsy> ..."). Unbracketed, one still needs its ). */
static void test_corpus__md_a_bracketed_url_holds_a_paren(void)
{
	assert_ok(md("# T\n"
	             "### [Open](<https://x.org/?a=(1>)\n"
	             "\nSee [the (docs](<https://d.org/x)y> \"t\") now.\n"
	             "### [Bare](https://x.org/?a=(1)\n"
	             "\nS.\n"));
	assert_int(1, n_posts);
	assert_str("https://x.org/?a=(1", posts[0].url);
	assert_str("Open", posts[0].title);
	assert_str("See the (docs now.", posts[0].summary);
	assert_int(1, n_problems);
	assert_int(5, problems[0].line);
	assert_str("post has no URL: its link's ( is never closed (a ( in the "
	           "URL needs its ), or write it as %28)",
	           problems[0].message);
}

/* "### [Code `a]b` span](url)" was "post has no URL: the ] at column 13
 * ends its link's text": a code span binds tighter than a link's
 * brackets (CommonMark), in a heading and a summary's link alike. A run
 * of backticks that closes no span is text, and a ] after it ends the
 * link's text, as before. */
static void test_corpus__md_a_code_span_inside_a_link(void)
{
	assert_ok(md("# T\n"
	             "### [Code `a]b` span](https://x.org/a)\n"
	             "\nSee [the `]` key](https://x.org/k) here.\n"
	             "### [Two ``x ` ]`` ticks](https://x.org/b)\n"
	             "\nS.\n"
	             "### [Open ` a] b](https://x.org/c)\n"
	             "\nS.\n"));
	assert_int(2, n_posts);
	assert_str("Code a]b span", posts[0].title);
	assert_str("https://x.org/a", posts[0].url);
	assert_str("See the ] key here.", posts[0].summary);
	assert_str("Two x ` ] ticks", posts[1].title);
	assert_str("https://x.org/b", posts[1].url);
	assert_int(1, n_problems);
	assert_str("post has no URL: the ] at column 14 ends its link's text "
	           "(write a ] of the title as \\])",
	           problems[0].message);
}

static void test_corpus__md_emphasis_needs_a_closer(void)
{
	assert_ok(md("# T\n### [A](u)\n\n"
	             "Call __syncthreads, __shfl_sync and __ballot_sync; "
	             "**bold** and __strong__ go, ** and __ alone stay, "
	             "as does **unclosed.\n"));
	assert_int(1, n_posts);
	/* markers that close no emphasis are text (CommonMark: they are) */
	assert_str("Call __syncthreads, __shfl_sync and __ballot_sync; bold "
	           "and strong go, ** and __ alone stay, as does **unclosed.",
	           posts[0].summary);
	/* nor into a link's text, nor across a paragraph */
	assert_ok(md("# T\n### [B](u)\n\nA **b [link**](https://e.com) c, "
	             "**d\n\ne**.\n"));
	assert_str("A **b link** c, **d\n\ne**.", posts[0].summary);
}

static void test_corpus__md_inline_markup(void)
{
	assert_ok(md("# C\\# \\& `code` ##\n"
	             "### [**Bold** \\[x\\] `pg_stat` &amp; __init__ a*b](u)\n"
	             "- Company: [Foo & Bar](https://foo) &lt;Inc&gt;\n"
	             "- Author: O&#39;Brien &quot;Ob&quot; &#x263A;\n"
	             "\n"
	             "See [the *docs* [v2]](https://d/x_(y)) and "
	             "![img](i.png), pg\\_stat\\_activity,\n"
	             "  \\*literal\\*, snake_case, foo__bar, 2 * 3,\n"
	             "a\\b and [not a link] and [x] (y) and &bogus;\n"
	             "\n\n"
	             "   Next   paragraph.  \n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("C# & code", posts[0].topics[0]);
	assert_str("Bold [x] pg_stat & init a*b", posts[0].title);
	assert_str("Foo & Bar <Inc>", posts[0].company);
	assert_str("O'Brien \"Ob\" \xe2\x98\xba", posts[0].author);
	assert_str("See the *docs* [v2] and img, pg_stat_activity, *literal*, "
	           "snake_case, foo__bar, 2 * 3, a\\b and [not a link] and "
	           "[x] (y) and &bogus;\n\nNext   paragraph.",
	           posts[0].summary);
}

/* A backslash that ends a line is CommonMark's hard line break, a break
 * as a soft one is: the summary kept it ("first\ second"). At a
 * paragraph's end, escaped (\\), before trailing white space or in
 * fenced code it is a backslash, as is one elsewhere (C:\path, a \ b). */
static void test_corpus__md_hard_line_break(void)
{
	assert_ok(md("# T\n### [A](u)\n- Company: C\n\n"
	             "first line\\\nsecond line\\\r\nthird, "
	             "C:\\path\\\\\nand a \\ b\\\\\\\n"
	             "end\\\n\nkept\\ \nbefore\\\n"
	             "```\ncode\\\nx\n```\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("first line second line third, C:\\path\\ and a \\ b\\ "
	           "end\\\n\nkept\\ before\\ code\\ x",
	           posts[0].summary);
}

/* An autolink shows its URL or address, as a reader of the page sees it:
 * "<https://x.org/a>" in a snippet is markup. A tag (<b>) or a "<" that
 * starts neither stays. */
static void test_corpus__md_autolinks_show_their_text(void)
{
	assert_ok(md("# <https://topic.example>\n"
	             "### [T](u)\n"
	             "- Company: <https://acme.example>\n\n"
	             "Read <https://x.org/__init__?q=1&amp;r> and "
	             "<MAILTO:a@b.c>, mail <jane.doe+x@mail.example.org>; "
	             "keep <b>, Vec<T>, <a:b c>, <a@-b.c>, "
	             "<http://a b> and <1x:y>.\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("https://topic.example", posts[0].topics[0]);
	assert_str("https://acme.example", posts[0].company);
	assert_str("Read https://x.org/__init__?q=1&amp;r and MAILTO:a@b.c, "
	           "mail jane.doe+x@mail.example.org; keep <b>, Vec<T>, "
	           "<a:b c>, <a@-b.c>, <http://a b> and <1x:y>.",
	           posts[0].summary);
}

/* A reference link shows its text, and its definition line, which a
 * reader never sees, is left out: "See the [docs][ref]" was indexed as
 * written, with "[ref]: https://..." as the summary's last paragraph. An
 * index into an array (m[i][j]), Go's [][]byte, a footnote and a citation
 * stay text. */
static void test_corpus__md_reference_links_show_their_text(void)
{
	assert_ok(
	    md("# T\n"
	       "### [T](u)\n"
	       "- Company: [ACME][]\n\n"
	       "See the [docs][ref] and ![a chart][img], m[i][j], [][]byte, "
	       "[a][b](https://x/b), [^1] and [1].\n"
	       "[ref]: https://x/docs\n\n"
	       "[img]: <https://x/c.png> \"Chart\"\n"
	       "[ACME]: https://acme.example\n"
	       "[1]: Smith et al.\n\n"
	       "[^1]: A footnote.\n\n"
	       "```\n[code]: https://x/kept\n```\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("See the docs and a chart, m[i][j], [][]byte, [a]b, [^1] "
	           "and [1]. "
	           "[ref]: https://x/docs\n\n"
	           "[1]: Smith et al.\n\n[^1]: A footnote.\n\n"
	           "[code]: https://x/kept",
	           posts[0].summary);
}

/* A code span shows its text as it is: `__init__` is no emphasis, nor
 * `[x](y)` a link nor `&amp;` an entity; a reader of the page sees them
 * literally, and the title shown was "Python init and kwargs". */
static void test_corpus__md_code_spans_are_literal(void)
{
	assert_ok(md("# T\n"
	             "### [Python `__init__` and `**kwargs**`](https://x/a)\n\n"
	             "Use ``a `b` c`` and `[x](y)`, ` &amp; ` and `\\*`; "
	             "``` alone stays.\n\n`never closed, a\n\nb` spans no "
	             "paragraph.\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("Python __init__ and **kwargs**", posts[0].title);
	/* a run that no run of its length closes in its paragraph goes, as
	 * it went before */
	assert_str("Use a `b` c and [x](y), &amp; and \\*;  alone stays.\n\n"
	           "never closed, a\n\nb spans no paragraph.",
	           posts[0].summary);
}

static void test_corpus__md_headings_end_posts(void)
{
	assert_ok(md("# T\n"
	             "### [A](u1)\n\nFirst.\n"
	             "#### Sub heading stays\nmore.\n"
	             "## Section\n"
	             "Not part of any post.\n"
	             "### [B](u2)\n\nSecond.\n"
	             "#hashtag is text\n"
	             "# New topic\n"
	             "### [C](u3)\n\nThird.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("First. #### Sub heading stays more.", posts[0].summary);
	assert_str("Second. #hashtag is text", posts[1].summary);
	assert_str("Third.", posts[2].summary);
	/* The page has one topic: the first H1. */
	assert_str("T", posts[2].topics[0]);
}

/* "###[Title](url)", the space forgotten, is no heading to CommonMark: the
 * post went silently into the summary of the post before it, and was
 * not indexed. A level-3 run of '#' right before a link is a post's
 * heading; before anything else it is text as ever. */
static void test_corpus__md_a_post_heading_without_its_space(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n\nFirst.\n"
	             "###[B](https://x/b)\n- Company: B Corp\n\nSecond.\n"
	             "###[not a link] ###nolink #[derive(Debug)]\n"
	             "```\n"
	             "###[C](https://x/c)\n"
	             "\nThird.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("First.", posts[0].summary);
	assert_str("https://x/b", posts[1].url);
	assert_int(5, posts[1].line);
	assert_str("B", posts[1].title);
	assert_str("B Corp", posts[1].company);
	/* a stray fence stops at it, as at any post's heading */
	assert_str("Second. ###[not a link] ###nolink #[derive(Debug)]",
	           posts[1].summary);
	assert_str("https://x/c", posts[2].url);
}

/* Text after a post heading's link was left out without a word: a
 * second link ("### [A](u1) [B](u2)") lost its post. It is left out
 * with a warning; an attribute block ({#id}) and closing #s are no
 * text. */
static void test_corpus__md_text_after_a_heading_s_link_is_a_warning(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a) [B](https://x/b)\n\nFirst.\n"
	             "### [C](https://x/c) {#c} ###\n\nSecond.\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_int(1, n_warnings);
	assert_int(2, warnings[0].line);
	assert_str("text after the heading's link is left out: "
	           "\"[B](https://x/b)\"",
	           warnings[0].message);
	assert_str("https://x/c", posts[1].url);
}

/* A heading whose link is emphasised, "### **[Title](url)**", as a page
 * that sets its titles in bold writes it, is a post's: it was skipped
 * as "post has no URL", beside the URL it shows. */
static void test_corpus__md_an_emphasised_heading_link(void)
{
	assert_ok(md("# T\n"
	             "### **[Bold](https://x/a)**\n\nFirst.\n"
	             "### _[Em `a_b`](https://x/b)_ ###\n\nSecond.\n"
	             "### **[Rest](https://x/c) more**\n\nThird.\n"
	             "### **[Unpaired](https://x/d)\n\nFourth.\n"));
	assert_int(1, n_problems);
	assert_int(11, problems[0].line);
	assert_int(3, n_posts);
	assert_str("https://x/a", posts[0].url);
	assert_str("Bold", posts[0].title);
	assert_str("https://x/b", posts[1].url);
	assert_str("Em a_b", posts[1].title);
	assert_str("https://x/c", posts[2].url);
	assert_int(1, n_warnings);
	assert_str("text after the heading's link is left out: \"more\"",
	           warnings[0].message);
}

/* A post whose heading is of another level (a page that writes its posts
 * as "## [Title](url)" or "#### [Title](url)") was not indexed, and no
 * word said so: at level 2 it went with nothing, at level 4 into the
 * summary of the post before it. A link heading of level 2 or 4-6 that a
 * field of the post follows is a post's, with a warning naming it; one
 * without fields stays a heading (the text of a post, or nothing). */
static void test_corpus__md_a_post_heading_of_another_level(void)
{
	assert_ok(
	    md("# T\n"
	       "### [A](https://x/a)\n\nFirst.\n"
	       "#### [B](https://x/b)\n- Company: B Corp\n\nSecond.\n"
	       "#### [See also](https://x/s)\nmore of B.\n"
	       "## [C](https://x/c)\n\n* **published:** Sep 14, 2026\n"
	       "\nThird.\n"
	       "## [Index](https://x/)\nNot part of any post.\n"
	       "###### [D](https://x/d) ######\n- Type: News\n\nFourth.\n"));
	assert_int(0, n_problems);
	assert_int(4, n_posts);
	assert_str("First.", posts[0].summary);
	assert_str("https://x/b", posts[1].url);
	assert_int(5, posts[1].line);
	assert_str("B Corp", posts[1].company);
	assert_str("Second. #### See also more of B.", posts[1].summary);
	assert_str("https://x/c", posts[2].url);
	assert_str("2026-09-14", posts[2].published);
	assert_str("Third.", posts[2].summary);
	assert_str("https://x/d", posts[3].url);
	assert_str("D", posts[3].title);
	assert_str("T", posts[3].topics[0]);
	assert_int(3, n_warnings);
	assert_int(5, warnings[0].line);
	assert_str("a post's heading of level 4 (####), read as a post's: its "
	           "fields follow it (a post's heading is ### [Title](url))",
	           warnings[0].message);
	assert_int(11, warnings[1].line);
	assert_int(18, warnings[2].line);
}

static void test_corpus__md_fenced_code_is_summary_text(void)
{
	assert_ok(md("# T\n"                               /* 1 */
	             "### [A](u1)\n\nThe script:\n\n"      /* 2-5 */
	             "```sh\n"                             /* 6 */
	             "# download the agent\n"              /* 7 */
	             "### verify the checksum\n"           /* 8 */
	             "```\n\n"                             /* 9-10 */
	             "Then zebrafinch.\n"                  /* 11 */
	             "~~~~\n## not a heading\n```\n~~~~\n"  /* 12-15 */
	             "### [B](u2)\n\nA stray ``` fence.\n"  /* 16-18 */
	             "```\nnever closed\n"                 /* 19-20 */
	             "### [C](u3)\n- Published: Sep 31, 2026\n\nC.\n"));
	/* the fences go, their code stays, headings in it are code */
	assert_int(3, n_posts + n_problems);
	assert_int(2, n_posts);
	assert_str("The script:\n\n# download the agent ### verify the "
	           "checksum\n\nThen zebrafinch. ## not a heading",
	           posts[0].summary);
	/* an unclosed fence is text, so it cannot swallow the next posts */
	assert_str("u2", posts[1].url);
	assert_int(1, n_problems);
	assert_int(22, problems[0].line);
}

/* A fence that nothing closes made the parser look for its closing line
 * to the next post's heading, again for each such fence: 20,000 lines of
 * "```sh" (120 KB) took 7 s a parse, and a few megabytes took hours. */
static void test_corpus__md_unclosed_fences_take_linear_time(void)
{
	static const char head[] = "# T\n### [A](u1)\n\nS.\n";
	static const char fence[] = "```sh\n";
	size_t i, n = 0, lines = 60000;
	char *text = malloc(sizeof head + lines * (sizeof fence - 1));
	clock_t t0;
	double seconds;

	assert_true(text != NULL);
	memcpy(text, head, sizeof head - 1);
	n = sizeof head - 1;
	for (i = 0; i < lines; i++, n += sizeof fence - 1)
		memcpy(text + n, fence, sizeof fence - 1);
	/* in a post's summary, then on a page without posts */
	t0 = clock();
	assert_ok(parse_n(0, text, n));
	assert_int(1, n_posts);
	assert_ok(parse_n(0, text + sizeof head - 1, n - (sizeof head - 1)));
	assert_int(0, n_posts + n_problems);
	seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
	free(text);
	if (seconds > 2.0)
		fprintf(stderr, "  %.1f s\n", seconds);
	assert_true(seconds <= 2.0);
}

static void test_corpus__md_a_fence_never_spans_posts(void)
{
	/* A's stray fence would be closed by the one in B's code block */
	assert_ok(md("# T\n### [A](u1)\n\nType ``` to open a block.\n```\n\n"
	             "### [B](u2)\n\nExample:\n\n```\nmake\n```\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	/* the stray fence line is text: a code span's closing run */
	assert_str("Type to open a block.", posts[0].summary);
	assert_str("Example:\n\nmake", posts[1].summary);
}

/* An editor hides a post by commenting it out: a reader of the page no
 * longer sees it, so neither does the index. The comment's lines are no
 * summary text either, and a comment that nothing closes is text, so that
 * a stray "<!--" cannot hide the rest of the page. */
static void test_corpus__md_html_comments_hide_what_they_hold(void)
{
	assert_ok(md("# T\n"                                    /* 1 */
	             "### [A](u1)\n- Company: ACME\n\n"         /* 2-4 */
	             "First.\n\n"                               /* 5-6 */
	             "<!--\n"                                   /* 7 */
	             "### [Hidden](u2)\n- Company: Gone\n\n"    /* 8-10 */
	             "Hidden summary.\n"                        /* 11 */
	             "-->\n\n"                                  /* 12-13 */
	             "### [B](u3)\n"                            /* 14 */
	             "<!-- Type: to do -->\n"                   /* 15 */
	             "- Company: B Corp\n\n"                    /* 16-17 */
	             "Second, <!-- a note --> seen.\n"          /* 18 */
	             "  <!-- one line -->\n"                    /* 19 */
	             "More.\n"                                  /* 20 */
	             "### [C](u4)\n- Published: Sep 31, 2026\n" /* 21-22 */
	             "\nC.\n<!-- never closed\n")) /* 23-25 */;
	assert_int(3, n_posts + n_problems);
	assert_int(2, n_posts);
	assert_str("u1", posts[0].url);
	assert_str("First.", posts[0].summary);
	assert_str("u3", posts[1].url);
	assert_int(14, posts[1].line);
	assert_str("B Corp", posts[1].company);
	assert_str("Second,  seen. More.", posts[1].summary);
	/* the lines after a comment are counted right */
	assert_int(1, n_problems);
	assert_int(22, problems[0].line);
}

static void test_corpus__md_a_mistyped_field_key_still_gives_the_field(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "- Compnay: ACME\n"
	             "- Publised: Sep 14, 2026\n"
	             "- Authors: Ann and Bo\n"
	             "\nS.\n"
	             "### [B](https://x/b)\n"
	             "- Company [ACME](https://acme.example)\n"
	             "- Tpye: News\n"
	             "\nS.\n"
	             "### [C](https://x/c)\n"
	             "- Publisher: O'Reilly\n"
	             "- Republished: Sep 1, 2026\n"
	             "- Author(s): Ann\n"
	             "- Reading time: 5 min\n"
	             "- Auth0: yes\n"
	             "\nS.\n"
	             "### [D](https://x/d)\n"
	             "- Published: Sep 2, 2026\n"
	             "- Publised: Sep 3, 2026\n"
	             "\nS.\n"
	             "### [E](https://x/e)\n"
	             "- Compnay: First\n"
	             "- Compny: Second\n"
	             "\nS.\n"));
	/* No post is lost over a key: a key one typo from a field's, or a
	 * field's key without its colon, gives the field when the post
	 * lacks it; any other key is left alone. */
	assert_int(0, n_problems);
	assert_int(5, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("2026-09-14", posts[0].published);
	assert_str("Ann and Bo", posts[0].author);
	assert_str("ACME", posts[1].company);
	assert_str("News", posts[1].type);
	/* Publisher is no date, Republished two edits away, the others no
	 * field's */
	assert_str(NULL, posts[2].published);
	assert_str(NULL, posts[2].author);
	/* the field itself wins over a guess */
	assert_str("2026-09-02", posts[3].published);
	/* of two guesses, the first, as of two copies of a field */
	assert_str("First", posts[4].company);
}

/* A value set in italics as a whole ("- Company: *ACME*") is the value a
 * reader sees: kept with its markers, it was a company "*ACME*" beside
 * "ACME" in the facets, and "*Sep 14, 2026*" was no date. A marker inside
 * the value (a*b, snake_case) is text, as in a summary. */
static void test_corpus__md_an_italic_field_value(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "- Company: *ACME*\n"
	             "- Author: _Jane Doe_\n"
	             "- Published: *Sep 14, 2026*\n"
	             "- Type: _News_\n"
	             "\nS *kept*.\n"
	             "### [B](https://x/b)\n"
	             "- Company: *a*b\n"
	             "- Author: _x_ and _y_\n"
	             "- Type: *\n"
	             "\nS.\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("Jane Doe", posts[0].author);
	assert_str("2026-09-14", posts[0].published);
	assert_str("News", posts[0].type);
	assert_str("S *kept*.", posts[0].summary);
	assert_str("*a*b", posts[1].company);
	assert_str("_x_ and _y_", posts[1].author);
	assert_str("*", posts[1].type);
}

/* "- Company - ACME", a field's key without its colon and a dash in its
 * place, gave the company "- ACME". */
static void test_corpus__md_a_dash_for_a_key_s_colon(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "- Company - ACME\n"
	             "- Type \xe2\x80\x94 News\n"
	             "- Author = Ann\n"
	             "\nS.\n"
	             "### [B](https://x/b)\n"
	             "- Company -ACME\n"
	             "\nS.\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("News", posts[0].type);
	assert_str("Ann", posts[0].author);
	assert_str("-ACME", posts[1].company);
}

/* Editors bold the keys of a field list: the key is still the field's,
 * whichever side of the colon its emphasis closes. */
static void test_corpus__md_emphasised_field_keys(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "- **Company:** [ACME](https://acme.example)\n"
	             "- **Published**: Sep 14, 2026\n"
	             "- *Type*: News\n"
	             "- __Author:__ Ann\n"
	             "\nS.\n"
	             "### [B](https://x/b)\n"
	             "- **Company** [B Corp](https://b.example)\n"
	             "- **Reading time:** 5 min\n"
	             "- Type: **Deep dive**\n"
	             "\nS.\n"
	             "### [C](https://x/c)\n"
	             "- **Author:**\n"
	             "\nS.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("2026-09-14", posts[0].published);
	assert_str("News", posts[0].type);
	assert_str("Ann", posts[0].author);
	assert_str("B Corp", posts[1].company);
	assert_str("Deep dive", posts[1].type);
	assert_str(NULL, posts[1].published);
	/* a bold key with no value: the emphasis closed after the colon is
	 * no value either */
	assert_str(NULL, posts[2].author);
}

/* Bold italics nest both kinds of emphasis ("_**Author:**_"): the key is
 * still the field's. Only one kind was seen, so such a key was a typo's
 * guess with a "*" before its value, and, under a heading of another
 * level, the same line made the heading a post's: one reading of a key
 * for both now. */
static void test_corpus__md_keys_in_bold_italics(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "- _**Author:**_ Ann\n"
	             "- ***Published:*** Sep 14, 2026\n"
	             "- *__Type__*: News\n"
	             "\nS.\n"
	             "## [B](https://x/b)\n"
	             "- __*Company:*__ B Corp\n"
	             "\nS.\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_str("Ann", posts[0].author);
	assert_str("2026-09-14", posts[0].published);
	assert_str("News", posts[0].type);
	assert_str("B Corp", posts[1].company);
}

/* A blank line between two fields (a "loose" list) cost the post every
 * field after it, which went into the summary. A list item after a blank
 * line still gives a field the post lacks; any other line, or a field
 * the post has, starts the summary. */
static void test_corpus__md_a_blank_line_in_the_field_list(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "- Company: ACME\n"
	             "\n"
	             "- Published: Sep 14, 2026\n"
	             "\n\n"
	             "* **Type:** News\n"
	             "\nS.\n"
	             "### [B](https://x/b)\n"
	             "- Company: B Corp\n"
	             "\n"
	             "- Company: a point of the summary\n"
	             "- Published: Sep 1, 2026\n"
	             "\nMore.\n"
	             "### [C](https://x/c)\n"
	             "- Company: C Corp\n"
	             "\n"
	             "- Reading time: 5 min\n"
	             "- Type: News\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("2026-09-14", posts[0].published);
	assert_str("News", posts[0].type);
	assert_str("S.", posts[0].summary);
	assert_str("B Corp", posts[1].company);
	assert_str(NULL, posts[1].published);
	assert_str("- Company: a point of the summary - Published: Sep 1, "
	           "2026\n\nMore.",
	           posts[1].summary);
	assert_str(NULL, posts[2].type);
	assert_str("- Reading time: 5 min - Type: News", posts[2].summary);
}

/* A field line whose list marker lost its space ("-Company: ACME") or
 * that has none ("**Company:** ACME") was the summary's first line, and so
 * was every field after it: the post lost them all. Such a line with a
 * field's own key, right after the heading or the fields, gives the field
 * the post lacks; any other line is the summary's. */
static void test_corpus__md_a_field_line_without_its_list_marker(void)
{
	assert_ok(md("# T\n"
	             "### [A](https://x/a)\n"
	             "-Company: ACME\n"
	             "- Published: Sep 14, 2026\n"
	             "+Type: News\n"
	             "-\tReading time: 5 min\n" /* a tab is a marker's space */
	             "\nS.\n"
	             "### [B](https://x/b)\n"
	             "**Company:** B Corp  \n"
	             "Author: Ann\n"
	             "\nS.\n"
	             "### [C](https://x/c)\n"
	             "- Company: C Corp\n"
	             "Company: summary text\n"
	             "-Reading time: 5 min\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("2026-09-14", posts[0].published);
	assert_str("News", posts[0].type);
	assert_str("S.", posts[0].summary);
	assert_str("B Corp", posts[1].company);
	assert_str("Ann", posts[1].author);
	assert_str("S.", posts[1].summary);
	assert_str("C Corp", posts[2].company);
	assert_str("Company: summary text -Reading time: 5 min",
	           posts[2].summary);
}

/* A summary that starts with a field's key ("Author: Jane Doe explains
 * ...") after the blank line that ends the fields was read as that field:
 * the post, left with no summary, was dropped, or with a date that is no
 * date. Such a line with no list marker starts the summary; a list item
 * there still gives a field, and a post it leaves with no summary names
 * that item's line rather than its heading's. */
static void test_corpus__md_a_summary_that_starts_with_a_field_s_key(void)
{
	assert_ok(md("# A\n"                                     /* 1 */
	             "### [T](https://x/t)\n"                    /* 2 */
	             "- Company: ACME\n"                         /* 3 */
	             "- Published: Sep 14, 2026\n"               /* 4 */
	             "\n"                                        /* 5 */
	             "Author: Jane Doe explains threads.\n"      /* 6 */
	             "### [U](https://x/u)\n"                    /* 7 */
	             "- Company: ACME\n"                         /* 8 */
	             "\n"                                        /* 9 */
	             "**Published:** the results appeared.\n"    /* 10 */
	             "### [V](https://x/v)\n"                    /* 11 */
	             "- Company: ACME\n"                         /* 12 */
	             "\n"                                        /* 13 */
	             "-Type: News\n"                             /* 14 */
	             "\nS.\n"                                    /* 15-16 */
	             "### [W](https://x/w)\n"                    /* 17 */
	             "- Company: ACME\n"                         /* 18 */
	             "\n"                                        /* 19 */
	             "- Author: Jane Doe explains threads.\n")); /* 20 */
	assert_int(3, n_posts);
	assert_str(NULL, posts[0].author);
	assert_str("Author: Jane Doe explains threads.", posts[0].summary);
	assert_str(NULL, posts[1].published);
	assert_str("Published: the results appeared.", posts[1].summary);
	/* a marker that lost its space is still a field's */
	assert_str("News", posts[2].type);
	assert_str("S.", posts[2].summary);
	assert_int(1, n_problems);
	assert_int(20, problems[0].line);
	assert_str("post has no summary: this line, after a blank line, is "
	           "read as its author field",
	           problems[0].message);
}

#define PAREN_MSG                                                              \
	"post has no URL: its link's ( is never closed (a ( in the URL needs " \
	"its ), or write it as %28)"
#define BRACKET_MSG "post has no URL: its link's [ is never closed"
/* a level-3 heading with no link, "### Notes" */
#define NOT_A_LINK_MSG                                                         \
	"post has no URL: its heading is no link (a post's heading is ### "    \
	"[Title](url); a heading of level 4 is text of the post)"

/* "### [A ] B](url)" and "### [Title] (url)" were "post has no URL", with
 * the URL in plain sight: the problem names the bracket that ends the
 * link's text, by its column, and how to write it. */
static void test_corpus__md_a_link_cut_by_its_bracket(void)
{
	assert_ok(md("# Topic\n"                              /* 1 */
	             "### [Array [0] ] is ok](https://x/a)\n" /* 2 */
	             "\nS.\n"                                 /* 3-4 */
	             "### [Title] (https://x/b)\n"            /* 5 */
	             "\nS.\n"                                 /* 6-7 */
	             "### [Not a link] at all\n"              /* 8 */
	             "\nS.\n"                                 /* 9-10 */
	             "### [A ] \xff](https://x/c)\n"          /* 11 */
	             "\nS.\n"));                              /* 12-13 */
	assert_int(0, n_posts);
	assert_int(4, n_problems);
	/* a byte that is not UTF-8 is named alone */
	assert_int(11, problems[3].line);
	assert_str("invalid UTF-8 at column 10", problems[3].message);
	assert_int(2, problems[0].line);
	assert_str("post has no URL: the ] at column 16 ends its link's text "
	           "(write a ] of the title as \\])",
	           problems[0].message);
	assert_int(5, problems[1].line);
	assert_str("post has no URL: the ] at column 11 and the ( after it "
	           "are parted by a space",
	           problems[1].message);
	assert_str("post has no URL", problems[2].message);
	/* a reference link, which CommonMark resolves from a definition
	 * line, is named as such, rather than "no URL" beside its label */
	assert_ok(md("# Topic\n### [Title][ref]\n\nS.\n\n[ref]: https://x/r\n"
	             "### [Collapsed][]\n\nS.\n"));
	assert_int(2, n_problems);
	assert_str("post has no URL: a reference link ([Title][label]) is not "
	           "read: write the heading as ### [Title](url)",
	           problems[0].message);
	assert_int(7, problems[1].line);
	assert_str(problems[0].message, problems[1].message);
}

static void test_corpus__md_problems(void)
{
	assert_ok(md("# Topic\n"                           /* 1 */
	             "### Just a title\n"                  /* 2 */
	             "\nS.\n"                              /* 3-4 */
	             "### [No URL]()\n"                    /* 5 */
	             "\nS.\n"                              /* 6-7 */
	             "### [](https://x/no-title)\n"        /* 8 */
	             "\nS.\n"                              /* 9-10 */
	             "### [``](https://x/empty-title)\n"   /* 11 */
	             "\nS.\n"                              /* 12-13 */
	             "### [No summary](https://x/ns)\n"    /* 14 */
	             "- Type: X\n"                         /* 15 */
	             "\n"                                  /* 16 */
	             "### [Bad date](https://x/bd)\n"      /* 17 */
	             "- Published: Sepember 14, 2026\n"    /* 18 */
	             "\nS.\n"                              /* 19-20 */
	             "### [Feb](https://x/feb)\n"          /* 21 */
	             "- Published: Feb 29, 2026\n"         /* 22 */
	             "\nS.\n"                              /* 23-24 */
	             "### [Unclosed](https://x/u\n"        /* 25 */
	             "\nS.\n"                              /* 26-27 */
	             "### [Good](https://x/good)\n"        /* 28 */
	             "- Published: 2024-02-29\n"           /* 29 */
	             "\nS.\n"                              /* 30-31 */
	             "### [Space](https://x/a b)\n"        /* 32 */
	             "\nS.\n"                              /* 33-34 */
	             "### [Titled](https://x/t \"t\")\n"   /* 35 */
	             "\nS.\n"));                           /* 36-37 */
	assert_int(2, n_posts);
	assert_str("https://x/good", posts[0].url);
	assert_str("2024-02-29", posts[0].published);
	/* a link title may follow the URL, a space inside it may not: cut
	 * there, it could make two posts one */
	assert_str("https://x/t", posts[1].url);
	assert_int(9, n_problems);
	assert_int(32, problems[8].line);
	assert_str("the URL has a space in it (write it as %20, or inside <>)",
	           problems[8].message);
	assert_int(2, problems[0].line);
	assert_str(NOT_A_LINK_MSG, problems[0].message);
	assert_int(5, problems[1].line);
	assert_str("post has no URL", problems[1].message);
	assert_int(8, problems[2].line);
	assert_str("post has no title", problems[2].message);
	assert_int(11, problems[3].line);
	assert_str("post has no title", problems[3].message);
	assert_int(14, problems[4].line);
	assert_str("post has no summary", problems[4].message);
	/* a bad field is named on its own line */
	assert_int(18, problems[5].line);
	assert_str(DATE_MSG("Sepember 14, 2026"), problems[5].message);
	assert_int(22, problems[6].line);
	assert_str("invalid date \"Feb 29, 2026\": day 29 is not in 2026-02, "
	           "which has 28 days", problems[6].message);
	/* it said "post has no URL" alone, where the URL is there */
	assert_int(25, problems[7].line);
	assert_str(PAREN_MSG, problems[7].message);
}

/* "?a=1&amp;b=2" in a heading's link was a URL of its own, beside
 * "?a=1&b=2": one post, spelled two ways, was two. A destination's
 * entities are decoded, as CommonMark reads them and as a title's are;
 * an escaped "&", or one that starts no entity, stays as written. */
static void test_corpus__md_entities_in_a_url_are_decoded(void)
{
	assert_ok(md("# T\n"
	             "### [E &amp; F](https://ex.org/?a=1&amp;b=2)\n\nS.\n"
	             "### [N](<https://ex.org/&#x41;&#66;>)\n\nS.\n"
	             "### [L](https://ex.org/\\&amp;&bogus;&)\n\nS.\n"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_str("E & F", posts[0].title);
	assert_str("https://ex.org/?a=1&b=2", posts[0].url);
	assert_str("https://ex.org/AB", posts[1].url);
	assert_str("https://ex.org/&amp;&bogus;&", posts[2].url);
}

/* "caf&eacute;" was indexed as the words "caf" and "eacute", and a
 * snippet showed "don&rsquo;t": six named entities were decoded, of
 * HTML5's 2125. Each is, as CommonMark decodes them (one, two code
 * points); an unknown name, or a name without its ';', is text as
 * written, in a URL too. */
static void test_corpus__md_html5_named_entities(void)
{
	assert_ok(
	    md("# T\n"
	       "### [Caf&eacute; &NotEqualTilde; &AMP;](https://ex.org/"
	       "?q=&lang;&copy=2&eacute)\n\n"
	       "don&rsquo;t, team&mdash;small, fast&hellip; "
	       "soft&shy;hyphen &frac12; &foo; caf&eacute and &Eacute\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("Caf\xc3\xa9 \xe2\x89\x82\xcc\xb8 &", posts[0].title);
	assert_str("https://ex.org/?q=\xe2\x9f\xa8&copy=2&eacute",
	           posts[0].url);
	assert_str("don\xe2\x80\x99t, team\xe2\x80\x94small, fast\xe2\x80\xa6 "
	           "soft\xc2\xadhyphen \xc2\xbd &foo; caf&eacute and &Eacute",
	           posts[0].summary);
}

/* A URL with parentheses of its own that do not pair up: the link
 * never closes, and the message says so rather than that there is no
 * URL. */
static void test_corpus__md_unclosed_link(void)
{
	assert_ok(md("# T\n"                         /* 1 */
	             "\n"                            /* 2 */
	             "### [x](https://ex.org/u(x)\n" /* 3 */
	             "\nS.\n"                        /* 4-5 */
	             "### [y\\](https://ex.org/y)\n" /* 6 */
	             "\nS.\n"));                     /* 7-8 */
	assert_int(0, n_posts);
	assert_int(2, n_problems);
	assert_int(3, problems[0].line);
	assert_str(PAREN_MSG, problems[0].message);
	assert_int(6, problems[1].line);
	assert_str(BRACKET_MSG, problems[1].message);
}

static void test_corpus__md_invalid_utf8(void)
{
	static const char text[] =
	    "# T\n"                         /* 1 */
	    "### [A](u1)\n"                 /* 2 */
	    "\nCaf\xc3\xa9 \xc3\x28 bad.\n" /* 3-4 */
	    "### [B](u2)\n"                 /* 5 */
	    "\nNUL \0 here.\n"              /* 6-7 */
	    "### [C \xed\xa0\x80](u3)\n"    /* 8: a surrogate */
	    "\nS.\n"                        /* 9-10 */
	    "### [D](u4)\n"                 /* 11 */
	    "\nOverlong \xc0\xaf.\n"        /* 12-13 */
	    "## Junk \xfe\n"                /* 14 */
	    "### [E](u5)\n\nFine \xf0\x9f\x98\x80.\n";

	assert_ok(parse_n(0, text, sizeof(text) - 1));
	assert_int(1, n_posts);
	assert_str("u5", posts[0].url);
	assert_str("Fine \xf0\x9f\x98\x80.", posts[0].summary);
	assert_int(1, posts[0].n_topics); /* line 14 is outside posts */
	assert_int(4, n_problems);
	/* each on its own line and byte column; a NUL named as one */
	assert_int(4, problems[0].line);
	assert_str("invalid UTF-8 at column 7", problems[0].message);
	assert_int(7, problems[1].line);
	assert_str("a NUL byte at column 5", problems[1].message);
	assert_int(8, problems[2].line);
	assert_str("invalid UTF-8 at column 8", problems[2].message);
	assert_int(13, problems[3].line);
	assert_str("invalid UTF-8 at column 10", problems[3].message);
}

/* A page with no usable topic heading but a line before its first post
 * that is not UTF-8, as its "# Topic" line damaged: not read, since each
 * of its posts would lose its topic, and the byte named. */
static void test_corpus__md_invalid_utf8_topic(void)
{
	static const char text[] = "Intro.\n"
	                           "# T \xff\n"
	                           "### [A](u1)\n\nS.\n";

	assert_ok(parse_n(0, text, sizeof(text) - 1));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(2, problems[0].line);
	assert_str("invalid UTF-8 at column 5, and the page has no usable "
	           "topic heading: the page is not read, as its posts would "
	           "lose their topic",
	           problems[0].message);
	/* a sound heading after that line is the topic, as it was */
	assert_ok(md("x \xff\n# T\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_int(1, posts[0].n_topics);
}

/* Parse the page head, then k bytes 't', then tail. */
static folio_status md_long(const char *head, size_t k, const char *tail)
{
	size_t n = strlen(head), m = strlen(tail);
	char *text = malloc(n + k + m);
	folio_status st;

	if (!text)
		return FOLIO_ERROR_NOMEM;
	memcpy(text, head, n);
	memset(text + n, 't', k);
	memcpy(text + n + k, tail, m);
	st = parse_n(0, text, n + k + m);
	free(text);
	return st;
}

/* A page whose only topic heading is longer than a field may be: not
 * read, as its posts would lose their topic, the heading's line named;
 * a sound heading or front matter title after it is the topic. */
static void test_corpus__md_topic_too_long(void)
{
	assert_ok(md_long("Intro.\n\n# ", 65537, "\n### [A](u1)\n\nS.\n"));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(3, problems[0].line);
	assert_str("topic longer than 65536 bytes, and the page has no usable "
	           "topic heading: the page is not read, as its posts would "
	           "lose their topic",
	           problems[0].message);

	/* a setext heading is named by its text's line */
	assert_ok(md_long("\n", 65537, "\n===\n### [A](u1)\n\nS.\n"));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(2, problems[0].line);

	/* of exactly 65536 bytes, it is the topic */
	assert_ok(md_long("# ", 65536, "\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_int(1, posts[0].n_topics);
	assert_int(65536, strlen(posts[0].topics[0]));

	/* a later sound heading is the topic, as it was */
	assert_ok(md_long("# ", 65537, "\n# T\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_str("T", posts[0].topics[0]);

	/* so is a front matter title */
	assert_ok(
	    md_long("---\ntitle: F\n---\n# ", 65537, "\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_str("F", posts[0].topics[0]);
}

/* A front matter title longer than a field may be, or not UTF-8, is a
 * damaged topic as a heading would be: on a page with no usable heading,
 * the page is not read, the title's line named; with one, the heading is
 * the topic and nothing is said. */
static void test_corpus__md_front_matter_title_damaged(void)
{
	assert_ok(md_long("---\nother: x\ntitle: ", 65537,
	                  "\n---\n### [A](u1)\n\nS.\n"));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(3, problems[0].line);
	assert_str("front matter title longer than 65536 bytes, and the page "
	           "has no usable topic heading: the page is not read, as its "
	           "posts would lose their topic",
	           problems[0].message);

	/* quoted, it is its value that counts: 65536 bytes is a title */
	assert_ok(
	    md_long("---\ntitle: \"", 65536, "\"\n---\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_int(65536, strlen(posts[0].topics[0]));

	assert_ok(md("---\ntitle: Caf\xe9\n---\n### [A](u1)\n\nS.\n"));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(2, problems[0].line);
	assert_str("front matter title: invalid UTF-8 at column 11, and the "
	           "page has no usable topic heading: the page is not read, "
	           "as its posts would lose their topic",
	           problems[0].message);

	/* a heading is the topic all the same */
	assert_ok(md("---\ntitle: Caf\xe9\n---\n# T\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_str("T", posts[0].topics[0]);
	assert_ok(
	    md_long("---\ntitle: ", 65537, "\n---\n# T\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);

	/* a later title in the front matter replaces the damaged one */
	assert_ok(
	    md("---\ntitle: Caf\xe9\ntitle: F\n---\n### [A](u1)\n\nS.\n"));
	assert_int(1, n_posts);
	assert_int(0, n_problems);
	assert_str("F", posts[0].topics[0]);
}

static void test_corpus__md_too_long(void)
{
	size_t big = 65537, n;
	char *text = malloc(big + 256);

	assert_true(text != NULL);
	/* A title of exactly 65536 bytes is fine, one more is not. */
	n = (size_t)sprintf(text, "### [");
	memset(text + n, 'a', big - 1);
	n += big - 1;
	n += (size_t)sprintf(text + n, "](u)\n\nS.\n");
	assert_ok(parse_n(0, text, n));
	assert_int(1, n_posts);
	assert_int(65536, strlen(posts[0].title));

	n = (size_t)sprintf(text, "# T\n### [");
	memset(text + n, 'a', big);
	n += big;
	n += (size_t)sprintf(text + n, "](u)\n\nS.\n");
	assert_ok(parse_n(0, text, n));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(2, problems[0].line);
	assert_str("title longer than 65536 bytes", problems[0].message);

	n = (size_t)sprintf(text, "### [A](u)\n- Author: ");
	memset(text + n, 'b', big);
	n += big;
	n += (size_t)sprintf(text + n, "\n\nS.\n");
	assert_ok(parse_n(0, text, n));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(2, problems[0].line); /* the Author line */
	assert_str("author longer than 65536 bytes", problems[0].message);
	free(text);
}

static void test_corpus__md_stop(void)
{
	reset();
	stop_after = 1;
	assert_ok(fo_markdown_parse("t.md", page, sizeof(page) - 1, &sink));
	assert_int(1, n_posts);
}

/* "- Company:" with no value, then "- Company: ACME": the empty line,
 * a field the post lacks, kept the company from the post with a warning
 * that "the first" was kept; after a blank line in the list, ACME became
 * summary text. A later value, or a key's typo, gives it. */
static void test_corpus__a_field_given_empty_is_given_by_a_later_line(void)
{
	assert_ok(md("# T\n"                  /* 1 */
	             "### [X](https://x/a)\n" /* 2 */
	             "- Company:\n"           /* 3 */
	             "- Company: ACME\n"      /* 4 */
	             "- Type:\n"              /* 5 */
	             "\n"                     /* 6 */
	             "- Type: News\n"         /* 7 */
	             "- Author:\n"            /* 8 */
	             "- Autor: Ann\n"         /* 9 */
	             "\nS.\n"));              /* 10-11 */
	assert_int(1, n_posts);
	assert_str("ACME", posts[0].company);
	assert_str("News", posts[0].type);
	assert_str("Ann", posts[0].author);
	assert_str("S.", posts[0].summary);
	assert_int(0, n_problems);
	assert_int(0, n_warnings);
}

/* A company, author or type of a no-break, ideographic or line
 * separator space alone was "" (JSON's "" where it documents null, and
 * no facet), where ASCII's white space alone was missing; a topic of
 * one was a topic "". Unicode's white space is trimmed as ASCII's is. */
static void test_corpus__unicode_white_space_alone_is_no_value(void)
{
	assert_ok(jl("{\"url\": \"https://a.org/1\", \"title\": \"t\", "
	             "\"summary\": \"s\", \"company\": \"\\u00a0\", "
	             "\"author\": \"\\u2028\", \"type\": \"\\u3000 \", "
	             "\"topics\": [\"\\u00a0\", \"\\u3000Ok\\u00a0\"]}\n"));
	assert_int(1, n_posts);
	assert_true(posts[0].company == NULL);
	assert_true(posts[0].author == NULL);
	assert_true(posts[0].type == NULL);
	assert_int(1, (int)posts[0].n_topics);
	assert_str("Ok", posts[0].topics[0]);
	assert_ok(md("# T\n"
	             "### [X](https://x/a)\n"
	             "- Company: \xc2\xa0\n"
	             "- Type: \xe3\x80\x80News\xe2\x80\xa8\n"
	             "\nS.\n"));
	assert_int(1, n_posts);
	assert_true(posts[0].company == NULL);
	assert_str("News", posts[0].type);
}

/* A field given twice in one post kept the last value in silence. The
 * first is kept, as a post's first copy is, with a warning at the
 * second; the post is indexed. */
static void test_corpus__a_field_twice_keeps_the_first_with_a_warning(void)
{
	assert_ok(md("# T\n"                   /* 1 */
	             "### [X](https://x/a)\n"  /* 2 */
	             "- Company: First\n"      /* 3 */
	             "- Type: News\n"          /* 4 */
	             "- **Company:** Second\n" /* 5 */
	             "\nS.\n"));               /* 6-7 */
	assert_int(1, n_posts);
	assert_str("First", posts[0].company);
	assert_int(0, n_problems);
	assert_int(1, n_warnings);
	assert_int(5, warnings[0].line);
	assert_str("company is given twice in this post: the first, at line "
	           "3, is kept",
	           warnings[0].message);
	/* given three times: one warning, at the first that is not kept */
	assert_ok(md("# T\n"                  /* 1 */
	             "### [X](https://x/a)\n" /* 2 */
	             "- Type: News\n"         /* 3 */
	             "- Type: Blog\n"         /* 4 */
	             "- Type: Talk\n"         /* 5 */
	             "\nS.\n"));              /* 6-7 */
	assert_str("News", posts[0].type);
	assert_int(1, n_warnings);
	assert_int(4, warnings[0].line);
	assert_str("type is given twice in this post: the first, at line 3, "
	           "is kept",
	           warnings[0].message);
	assert_ok(jl("{\"url\": \"u\", \"title\": \"t\", \"company\": "
	             "\"First\", \"summary\": \"s\", \"company\": "
	             "\"Second\", \"topics\": [\"A\"], \"topics\": "
	             "[\"B\"]}\n"));
	assert_int(1, n_posts);
	assert_str("First", posts[0].company);
	assert_int(1, (int)posts[0].n_topics);
	assert_str("A", posts[0].topics[0]);
	assert_int(0, n_problems);
	assert_int(2, n_warnings);
	assert_int(1, warnings[0].line);
	assert_str("\"company\" is given twice in this object: the first is "
	           "kept",
	           warnings[0].message);
	assert_str("\"topics\" is given twice in this object: the first is "
	           "kept",
	           warnings[1].message);
	/* a malformed post is skipped, with no warning beside its problem */
	assert_ok(jl("{\"url\": \"u\", \"title\": \"t\", \"title\": "
	             "\"t2\"}\n"));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(0, n_warnings);
}

static void test_corpus__md_degenerate(void)
{
	assert_ok(parse_n(0, "", 0));
	assert_int(0, n_posts);
	assert_ok(md("###"));
	assert_int(1, n_problems);
	assert_str(NOT_A_LINK_MSG, problems[0].message);
	assert_ok(md("---"));
	assert_ok(md("\xef\xbb"));
	assert_ok(md("### [a](b)"));
	assert_int(1, n_problems);
	assert_str("post has no summary", problems[0].message);
	/* a summary written as a list right under the heading is its
	 * field list: the post was skipped with no more said than that */
	assert_ok(md("# T\n### [A](u)\n\n- point one\n- point two\n"));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_int(4, problems[0].line);
	assert_str("post has no summary: this line is read as an item of its "
	           "field list, though it gives no field (a summary written "
	           "as a list needs a line of text before it)",
	           problems[0].message);
	assert_ok(md("### [a\\](b)\n\nS.\n"));
	assert_str(BRACKET_MSG, problems[0].message);
	assert_ok(md("### [a](b\\)\n\nS.\n"));
	assert_str(PAREN_MSG, problems[0].message);
	assert_int(0, n_posts);
}

/* A malformed post with a URL names it, folded as a post's URL is, so
 * that a run can keep that post as indexed rather than make it of its
 * other copies alone; a post without one names none. */
static void test_corpus__a_malformed_post_names_its_url(void)
{
	assert_ok(md("### [T](HTTPS://Ex.ORG/A)\n- Published: Feb 30, 2026\n\n"
	             "S.\n\n### No link\n\nS.\n"));
	assert_int(2, n_problems);
	assert_str("https://ex.org/A", problems[0].url);
	assert_true(problems[1].url == NULL);
	assert_ok(jl("{\"url\": \"HTTPS://Ex.ORG/A\", \"title\": \"T\", "
	             "\"summary\": \"S\", \"published\": \"2026-02-30\"}\n"
	             "{\"url\": 5, \"title\": \"T\", \"summary\": \"S\"}\n"
	             "{\"url\": \"https://ex.org/b\", \"title\": \"T\"\n"
	             "{\"title\": \"T\", \"summary\": \"S\",}\n"));
	assert_int(4, n_problems);
	assert_str("https://ex.org/A", problems[0].url);
	assert_true(problems[1].url == NULL);
	/* a URL read whole before a syntax error names the post */
	assert_str("https://ex.org/b", problems[2].url);
	assert_true(problems[3].url == NULL);
	/* a URL as long as a field may be names its post; one byte more
	 * is itself the problem, and names none */
	assert_ok(md_long("### [T](https://ex.org/", 65536 - 15,
	                  ")\n- Published: Feb 30, 2026\n\nS.\n"));
	assert_int(1, n_problems);
	assert_true(problems[0].url && strlen(problems[0].url) == 65536);
	assert_ok(md_long("### [T](https://ex.org/", 65536 - 14,
	                  ")\n- Published: Feb 30, 2026\n\nS.\n"));
	assert_int(1, n_problems);
	assert_true(problems[0].url == NULL);
}

/* A bad byte in a post's summary named no post, so a run rebuilt the post
 * from its other copies and dropped what this one gave (its topic): a
 * post whose URL was read before the bad byte is named by it. */
static void test_corpus__a_post_with_a_bad_byte_names_its_url(void)
{
	static const char text[] =
	    "# T\n"                                  /* 1 */
	    "### [A](HTTPS://Ex.ORG/A)\n"            /* 2 */
	    "- Company: AC\xffME\n\nS.\n"            /* 3-5 */
	    "### [B](https://ex.org/b)\n\nNUL \0.\n" /* 6-8 */
	    "### [C \xff](https://ex.org/c)\n\nS.\n" /* 9-11 */
	    "### [D](https://ex.org/\xff)\n\nS.\n";  /* 12-14 */

	assert_ok(parse_n(0, text, sizeof text - 1));
	assert_int(0, n_posts);
	assert_int(4, n_problems);
	assert_int(3, problems[0].line);
	assert_str("invalid UTF-8 at column 14", problems[0].message);
	assert_str("https://ex.org/A", problems[0].url);
	assert_int(8, problems[1].line);
	assert_str("a NUL byte at column 5", problems[1].message);
	assert_str("https://ex.org/b", problems[1].url);
	/* a bad byte in the heading names none */
	assert_true(problems[2].url == NULL);
	assert_true(problems[3].url == NULL);

	assert_ok(jl("{\"url\": \"HTTPS://Ex.ORG/A\", \"title\": \"T\", "
	             "\"summary\": \"S \xff\"}\n"
	             "{\"summary\": \"S \xff\", \"url\": \"https://ex.org/b\", "
	             "\"title\": \"T\"}\n"
	             "{\"url\": \"https://ex.org/\xff\", \"title\": \"T\", "
	             "\"summary\": \"S\"}\n"
	             "{\"url\": \"https://ex.org/d\", \"title\": \"\xff\"\n"
	             "{\"title\": \"\xff\", \"url\": 5}\n"));
	assert_int(0, n_posts);
	assert_int(5, n_problems);
	assert_str("invalid UTF-8 at column 57", problems[0].message);
	assert_str("https://ex.org/A", problems[0].url);
	assert_str("invalid UTF-8 at column 16", problems[1].message);
	assert_str("https://ex.org/b", problems[1].url);
	assert_true(problems[2].url == NULL);
	/* broken JSON too: the bad byte is named first, the URL read whole
	 * before the error names the post, as it does without a bad byte */
	assert_str("invalid UTF-8 at column 39", problems[3].message);
	assert_str("https://ex.org/d", problems[3].url);
	assert_true(problems[4].url == NULL);
}

/* ------------------------------------------------------------------------
 * JSON Lines
 * ------------------------------------------------------------------------ */

static void test_corpus__jsonl_good(void)
{
	assert_ok(jl("\xef\xbb\xbf{\"url\": \"https://e/1\", \"title\": \"One\", "
	             "\"company\": \"Debian\", \"author\": null, \"type\": "
	             "\"games\", \"topics\": [\"games\", \"fun\"], \"summary\": "
	             "\"Line\\none \\\"q\\\" \\u00e9 \\ud83d\\ude00 \\/\"}\n"
	             "\n"
	             "   \t\r\n"
	             "{\"summary\":\"S\",\"title\":\"Two\",\"url\":\"https://e/2\","
	             "\"published\":\"2026-09-14\",\"topics\":\"solo\","
	             "\"extra\":{\"a\":[1,2.5e-3,-0,true,false,null,{}]},"
	             "\"n\":-12.75E+2}\r\n"
	             "{\"url\":\"https://e/3\",\"title\":\" Three \","
	             "\"summary\":\"S\",\"published\":\"Sep 4, 2026\","
	             "\"topics\":null,\"author\":\"\",\"url2\":5}"));
	assert_int(0, n_problems);
	assert_int(3, n_posts);
	assert_int(1, posts[0].line);
	assert_str("https://e/1", posts[0].url);
	assert_str("One", posts[0].title);
	assert_str("Debian", posts[0].company);
	assert_str(NULL, posts[0].author);
	assert_str(NULL, posts[0].published);
	assert_str("games", posts[0].type);
	assert_int(2, posts[0].n_topics);
	assert_str("games", posts[0].topics[0]);
	assert_str("fun", posts[0].topics[1]);
	assert_str("Line\none \"q\" \xc3\xa9 \xf0\x9f\x98\x80 /",
	           posts[0].summary);
	assert_int(4, posts[1].line);
	assert_str("2026-09-14", posts[1].published);
	assert_int(1, posts[1].n_topics);
	assert_str("solo", posts[1].topics[0]);
	assert_str(NULL, posts[1].company);
	assert_int(5, posts[2].line);
	assert_str("Three", posts[2].title);
	assert_str("2026-09-04", posts[2].published);
	assert_str(NULL, posts[2].author);
	assert_int(0, posts[2].n_topics);
}

static void test_corpus__jsonl_debian_sample(void)
{
	assert_ok(jl(
		"{\"url\": \"https://packages.debian.org/bookworm/0ad-data\", "
		"\"title\": \"Real-time strategy game of ancient warfare (data "
		"files)\", \"company\": \"Debian\", \"author\": \"Debian Games "
		"Team\", \"type\": \"games\", \"topics\": [\"games\"], "
		"\"summary\": \"0 A.D. (pronounced \\\"zero ey-dee\\\") is a "
		"free game.\\n\\nThis package contains the main data files "
		"required by 0 A.D.\"}\n"));
	assert_int(0, n_problems);
	assert_int(1, n_posts);
	assert_str("Debian Games Team", posts[0].author);
	assert_str("0 A.D. (pronounced \"zero ey-dee\") is a free game.\n\n"
	           "This package contains the main data files required by "
	           "0 A.D.",
	           posts[0].summary);
	assert_str(NULL, posts[0].published);
}

/* A key in another case ("URL", "Company", as other tools export them)
 * was no field's: the post had no URL, or lost its company or date without
 * a word. A key's case does not matter, as in a topic page. */
static void test_corpus__jsonl_a_key_in_another_case(void)
{
	assert_ok(jl("{\"URL\": \"https://x/a\", \"Title\": \"T\", "
	             "\"Company\": \"ACME\", \"PUBLISHED\": \"2026-09-14\", "
	             "\"Topics\": [\"A\"], \"Summary\": \"s\"}\n"
	             "{\"url\": \"https://x/b\", \"title\": \"T\", "
	             "\"summary\": \"s\", \"company\": \"First\", "
	             "\"Company\": \"Second\"}\n"));
	assert_int(0, n_problems);
	assert_int(2, n_posts);
	assert_str("https://x/a", posts[0].url);
	assert_str("ACME", posts[0].company);
	assert_str("2026-09-14", posts[0].published);
	assert_int(1, (int)posts[0].n_topics);
	assert_str("A", posts[0].topics[0]);
	assert_str("First", posts[1].company);
	assert_int(1, n_warnings);
	assert_int(2, warnings[0].line);
	assert_str("\"company\" is given twice in this object: the first is "
	           "kept",
	           warnings[0].message);
}

/* A null in the topics list skipped the whole post ("topics" must be a
 * list of strings), though null is no value in any other field and for
 * the list as a whole: it is no topic, the others kept. */
static void test_corpus__jsonl_a_null_topic_is_none(void)
{
	assert_ok(jl("{\"url\": \"https://x/a\", \"title\": \"T\", "
	             "\"topics\": [\"A\", null, \"B\"], \"summary\": \"s\"}\n"
	             "{\"url\": \"https://x/b\", \"title\": \"T\", "
	             "\"topics\": [null], \"summary\": \"s\"}\n"
	             "{\"url\": \"https://x/c\", \"title\": \"T\", "
	             "\"topics\": [\"A\", [null]], \"summary\": \"s\"}\n"));
	assert_int(2, n_posts);
	assert_int(2, (int)posts[0].n_topics);
	assert_str("A", posts[0].topics[0]);
	assert_str("B", posts[0].topics[1]);
	assert_str("https://x/b", posts[1].url);
	assert_int(0, (int)posts[1].n_topics);
	/* a list in the list is still no topic */
	assert_int(1, n_problems);
	assert_int(3, problems[0].line);
	assert_str("\"topics\" must be a list of strings", problems[0].message);
}

static void test_corpus__jsonl_problems(void)
{
	assert_ok(jl(
		"{\"url\": \"u\", \"title\": \"t\"\n"                       /* 1 */
		"[1, 2]\n"                                                  /* 2 */
		"\"just a string\"\n"                                       /* 3 */
		"{\"title\": \"t\", \"summary\": \"s\"}\n"                  /* 4 */
		"{\"url\": \"u\", \"summary\": \"s\"}\n"                    /* 5 */
		"{\"url\": \" \", \"title\": \"t\", \"summary\": \"s\"}\n"  /* 6 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": null}\n"   /* 7 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": \"s\", "
		"\"topics\": [\"a\", 1]}\n"                                 /* 8 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": \"s\", "
		"\"topics\": {\"a\": \"b\"}}\n"                             /* 9 */
		"{\"url\": \"u\", \"title\": 5, \"summary\": \"s\"}\n"      /* 10 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": \"s\", "
		"\"author\": [\"x\"]}\n"                                    /* 11 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": \"s\", "
		"\"published\": \"Sepember 14, 2026\"}\n"                   /* 12 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": \"s\", "
		"\"published\": \"2026-02-29\"}\n"                          /* 13 */
		"{\"url\": \"u\", \"title\": \"t\xc3\", \"summary\": \"s\"}\n" /* 14 */
		"{\"url\": \"u\", \"title\": \"a\\u0000b\", "
		"\"summary\": \"s\"}\n"                                     /* 15 */
		"{\"url\": \"u\", \"title\": \"t\", \"summary\": \"s\"} x\n" /* 16 */
		"{\"url\": \"u\" \"title\": \"t\"}\n"                       /* 17 */
		"{\"url\": \"\\x\"}\n"                                      /* 18 */
		"{\"url\": \"\\ud800\"}\n"                                  /* 19 */
		"{\"url\": \"\\udc00\\ud800\"}\n"                           /* 20 */
		"{\"url\": \"a\tb\"}\n"                                     /* 21 */
		"{\"n\": 01}\n"                                             /* 22 */
		"{\"n\": 1.}\n"                                             /* 23 */
		"{\"n\": tru}\n"                                            /* 24 */
		"{'url': 'u'}\n"                                            /* 25 */
		"{\"a\": 1,}\n"                                             /* 26 */
		"{\"url\": \"u\", \"title\": \"t\", \"summ"));              /* 27 */
	assert_int(0, n_posts);
	assert_int(27, n_problems);
	assert_str("invalid JSON at column 26: unexpected end of input",
	           problems[0].message);
	assert_str("not a JSON object", problems[1].message);
	assert_str("not a JSON object", problems[2].message);
	assert_str("post has no URL", problems[3].message);
	assert_str("post has no title", problems[4].message);
	assert_str("post has no URL", problems[5].message);
	assert_str("post has no summary", problems[6].message);
	assert_str("\"topics\" must be a list of strings", problems[7].message);
	assert_str("\"topics\" must be a list of strings", problems[8].message);
	assert_str("\"title\" must be a string", problems[9].message);
	assert_str("\"author\" must be a string", problems[10].message);
	assert_str("unparseable date \"Sepember 14, 2026\" (expected e.g. "
	           "\"2026-09-14\" or \"2026-09-14T10:00:00Z\")",
	           problems[11].message);
	assert_str("invalid date \"2026-02-29\": day 29 is not in 2026-02, "
	           "which has 28 days", problems[12].message);
	assert_str("invalid UTF-8 at column 25", problems[13].message);
	assert_str("\"title\" contains a NUL character", problems[14].message);
	assert_str("invalid JSON at column 44: unexpected data after the value",
	           problems[15].message);
	assert_str("invalid JSON at column 13: expected ',' or '}'",
	           problems[16].message);
	assert_str("invalid JSON at column 10: invalid escape",
	           problems[17].message);
	assert_str("invalid JSON at column 10: unpaired surrogate in \\u escape",
	           problems[18].message);
	assert_str("invalid JSON at column 10: unpaired surrogate in \\u escape",
	           problems[19].message);
	assert_str("invalid JSON at column 11: control character in string",
	           problems[20].message);
	assert_str("invalid JSON at column 8: expected ',' or '}'",
	           problems[21].message);
	assert_str("invalid JSON at column 9: invalid number",
	           problems[22].message);
	assert_str("invalid JSON at column 7: invalid literal",
	           problems[23].message);
	assert_str("invalid JSON at column 2: expected a string key",
	           problems[24].message);
	assert_str("invalid JSON at column 9: expected a string key",
	           problems[25].message);
	assert_str("invalid JSON at column 33: unterminated string",
	           problems[26].message);
	{
		size_t i;

		for (i = 0; i < 27; i++)
			assert_int(i + 1, problems[i].line);
	}
}

static void test_corpus__jsonl_nesting_limit(void)
{
	char text[512];
	size_t n = 0, i;

	/* The post object and 63 arrays: 64 levels, the limit. */
	n += (size_t)sprintf(text, "{\"url\":\"u\",\"title\":\"t\","
	                           "\"summary\":\"s\",\"x\":");
	for (i = 0; i < 63; i++)
		text[n++] = '[';
	for (i = 0; i < 63; i++)
		text[n++] = ']';
	text[n++] = '}';
	text[n++] = '\n';
	assert_ok(parse_n(1, text, n));
	assert_int(0, n_problems);
	assert_int(1, n_posts);

	n = (size_t)sprintf(text, "{\"x\":");
	for (i = 0; i < 64; i++)
		text[n++] = '[';
	assert_ok(parse_n(1, text, n));
	assert_int(0, n_posts);
	assert_int(1, n_problems);
	assert_str("invalid JSON at column 69: nesting deeper than 64",
	           problems[0].message);
}

static void test_corpus__jsonl_hostile_nesting(void)
{
	size_t n = 1 << 20;
	char *text = malloc(n);

	assert_true(text != NULL);
	memset(text, '[', n);
	assert_ok(parse_n(1, text, n));
	assert_int(1, n_problems);
	assert_str("invalid JSON at column 65: nesting deeper than 64",
	           problems[0].message);
	free(text);
}

static void test_corpus__jsonl_stop(void)
{
	reset();
	stop_after = 1;
	assert_ok(fo_jsonl_parse("t", "{\"url\":\"a\",\"title\":\"t\",\"summary\":"
	                              "\"s\"}\n{\"url\":\"b\",\"title\":\"t\","
	                              "\"summary\":\"s\"}\n",
	                         66, &sink));
	assert_int(1, n_posts);
	assert_str("a", posts[0].url);
}

/* A part of a file read from line 41: lines are numbered from there, and
 * a byte order mark is the file's only (a part's first line that starts
 * with one is invalid JSON, as it would be in the whole file). */
static void test_corpus__jsonl_a_part_numbers_lines_from_its_first(void)
{
	static const char part[] =
		"\xef\xbb\xbf{\"url\":\"a\",\"title\":\"t\",\"summary\":\"s\"}\n"
		"\n"
		"{\"url\":\"b\",\"title\":\"t\",\"summary\":\"s\"}\n"
		"{\"url\":\"c\"}\n";

	reset();
	assert_ok(fo_jsonl_parse_from("t", part, sizeof part - 1, 41, &sink));
	assert_int(2, n_posts);
	assert_str("a", posts[0].url);
	assert_int(41, posts[0].line);
	assert_str("b", posts[1].url);
	assert_int(43, posts[1].line);
	assert_int(1, n_problems);
	assert_int(44, problems[0].line);
	assert_str("post has no title", problems[0].message);
}

/* A byte order mark where a file joined to another began (cat a.jsonl
 * b.jsonl), unseen in an editor, cost its line's post with "invalid JSON
 * at column 1: expected a value". It is skipped at any line's start, as
 * a topic page's is; a column after it still counts its bytes. */
static void test_corpus__jsonl_a_bom_where_a_joined_file_began(void)
{
	assert_ok(jl(
	    "\xef\xbb\xbf{\"url\":\"a\",\"title\":\"t\",\"summary\":\"s\"}\n"
	    "\xef\xbb\xbf{\"url\":\"b\",\"title\":\"t\",\"summary\":\"s\"}\r\n"
	    "\xef\xbb\xbf{\"url\":\"c\",\"title\":\"t\",\"summary\":\"s\",}\n"
	    "\xef\xbb\xbf\n"
	    "{\"url\":\"d\",\"title\":\"t\",\"summary\":\"\xef\xbb\xbfs\"}\n"));
	assert_int(3, n_posts);
	assert_str("b", posts[1].url);
	assert_int(2, posts[1].line);
	assert_str("d", posts[2].url);
	assert_str("\xef\xbb\xbfs", posts[2].summary);
	assert_int(1, n_problems);
	assert_int(3, problems[0].line);
	assert_str("c", problems[0].url);
	assert_str("invalid JSON at column 41: expected a string key",
	           problems[0].message);
}

/* ------------------------------------------------------------------------
 * Dates
 * ------------------------------------------------------------------------ */

static void test_corpus__dates_valid(void)
{
	static const struct {
		const char *in, *out;
	} ok[] = {
		{ "Sep 14, 2026", "2026-09-14" },
		{ "September 14, 2026", "2026-09-14" },
		{ "Sept 14, 2026", "2026-09-14" },
		{ "Sep 14 2026", "2026-09-14" },
		{ "14 Sep 2026", "2026-09-14" },
		{ "2026-09-14", "2026-09-14" },
		{ "sEP 4, 2026", "2026-09-04" },
		{ "Sep. 14, 2026", "2026-09-14" },
		{ "Sept. 14, 2026", "2026-09-14" },
		{ "14 Sep, 2026", "2026-09-14" },
		{ "  Dec 19, 2019 ", "2019-12-19" },
		{ "Jan 1, 1000", "1000-01-01" },
		{ "Dec 31, 9999", "9999-12-31" },
		{ "Feb 29, 2024", "2024-02-29" },
		{ "29 February 2000", "2000-02-29" },
		{ "May 31, 2026", "2026-05-31" },
		{ "Apr 30, 2026", "2026-04-30" },
		/* a date copied from a web page: no-break (U+00A0, U+202F)
		 * and other Unicode spaces between its parts or around it */
		{ "Sep\xc2\xa0"
		  "14,\xc2\xa0"
		  "2026",
		  "2026-09-14" },
		{ "14\xe2\x80\xaf"
		  "Sep\xe2\x80\x89"
		  "2026",
		  "2026-09-14" },
		{ "\xc2\xa0"
		  "2026-09-14\xe3\x80\x80",
		  "2026-09-14" },
		/* RFC 3339 timestamps: the calendar date as written, whatever
		 * the offset (the UTC date of these is 2026-09-13 or -15) */
		{ "2026-09-14T10:00:00Z", "2026-09-14" },
		{ "2026-09-14T00:30:00+02:00", "2026-09-14" },
		{ "2026-09-14T23:30:00-05:00", "2026-09-14" },
		{ "2026-09-14T10:00:00.123456Z", "2026-09-14" },
		{ "2026-09-14t10:00:00z", "2026-09-14" },
		{ "2026-09-14 10:00:00Z", "2026-09-14" },
		{ "2016-12-31T23:59:60Z", "2016-12-31" },
		/* ISO 8601 local time (Python's isoformat of a naive time) */
		{ "2026-09-14T00:00:00", "2026-09-14" },
		{ " 2026-09-14T10:00:00.5-00:00 ", "2026-09-14" },
		/* as feeds write them: an ordinal, a month or day of one
		 * digit, a full stop ending a sentence, a local time without
		 * its seconds (ISO 8601), full-width digits (as the query
		 * side reads them, by NFKC) */
		{ "Sep 14th, 2026", "2026-09-14" },
		{ "September 1st 2026", "2026-09-01" },
		{ "22nd Sep 2026", "2026-09-22" },
		{ "Sep 3RD, 2026", "2026-09-03" },
		{ "14th Sep 2026", "2026-09-14" },
		{ "2026-9-14", "2026-09-14" },
		{ "2026-09-4", "2026-09-04" },
		{ "2026-9-4T10:00:00Z", "2026-09-04" },
		{ "Sep 14, 2026.", "2026-09-14" },
		{ "2026-09-14. ", "2026-09-14" },
		{ "2026-09-14T10:00", "2026-09-14" },
		{ "2026-09-14T10:00Z", "2026-09-14" },
		{ "2026-09-14 10:00+02:00", "2026-09-14" },
		{ "\xef\xbc\x92\xef\xbc\x90\xef\xbc\x92\xef\xbc\x96\xef\xbc\x8d"
		  "\xef\xbc\x90\xef\xbc\x99\xef\xbc\x8d\xef\xbc\x91\xef\xbc"
		  "\x94",
		  "2026-09-14" },
		{ "Sep \xef\xbc\x91\xef\xbc\x94, 2026", "2026-09-14" },
	};
	size_t i;
	char out[11];

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		memset(out, 'x', sizeof(out));
		assert_int(0, fo_date_parse(ok[i].in, strlen(ok[i].in), out));
		assert_str(ok[i].out, out);
	}
	/* Only len bytes count. */
	assert_int(0, fo_date_parse("2026-09-14trailing", 10, out));
	assert_str("2026-09-14", out);
}

static void test_corpus__dates_invalid(void)
{
	static const char *const bad[] = {
		"",
		" ",
		"Sepember 14, 2026",
		"Feb 29, 2026",
		"Feb 29, 1900",
		"Feb 30, 2024",
		"Apr 31, 2026",
		"Sep 0, 2026",
		"Sep 32, 2026",
		"Sep 14, 999",
		"Sep 14, 10000",
		"Sep 14, 26",
		"2026-13-01",
		"2026-00-10",
		"2026-09-31",
		"2026/09/14",
		"2026-9-",
		"2026-009-14",
		"2026-9-14th",
		"Sep 14thx, 2026",
		"Sep 14t, 2026",
		"Sep 14, 2026..",
		".",
		"Sep 14, 2026!",
		"2026-09-14T10",
		"2026-09-14T10:00.5Z",
		"2026-09-14T10:00:",
		"\xef\xbc\x92\xef\xbc\x90\xef\xbc\x92\xef\xbc\x96-13-01",
		"\xef\xbc\x92\xef\xbc\x90\xef\xbc\x92\xef\xbc\x96-09-"
		"14\xe2\x80\x8b",
		"Sep 14, 2026x",
		"Sep 14, 2026 extra",
		"Sep 14,",
		"Sep",
		"14 Sep",
		"Se 14, 2026",
		"Sep 123, 2026",
		"Sep14, 2026",
		"0999-01-01",
		"Septe 14, 2026",
		"2026-09-14T",
		"2026-09-14T10:00:00+02",
		"2026-09-14T10:00:00+0200",
		"2026-09-14T10:00:00.Z",
		"2026-09-14T10:00:00ZZ",
		"2026-09-14T1:00:00Z",
		"2026-09-14T24:00:00Z",
		"2026-09-14T10:60:00Z",
		"2026-09-14T10:00:61Z",
		"2026-09-14T10:00:00+24:00",
		"2026-09-14T10:00:00+02:60",
		"2026-13-01T10:00:00Z",
		"2026-02-30T10:00:00Z",
		"2026-09-14X10:00:00Z",
		"Sep 14, 2026T10:00:00Z",
		"Sep\xe2\x80\x8b"
		"14, 2026", /* a zero-width space is none */
		"Sep\xc2"
		"14, 2026",
		"Sep 14, 2026\xc2",
	};
	size_t i;
	char out[11];

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (fo_date_parse(bad[i], strlen(bad[i]), out) != -1)
			FO_FAIL_("accepted \"%s\"", bad[i]);
	}
	assert_int(-1, fo_date_parse("Sep 14,\0 2026", 13, out));
}

/* A refused date says what is wrong with it: its form, or which part
 * the calendar does not have. */
static void test_corpus__a_refused_date_says_why(void)
{
	static const struct {
		const char *in, *why;
	} cases[] = {
		{ "Sepember 14, 2026",
		  "unparseable date \"Sepember 14, 2026\" (expected e.g. X)" },
		{ "2026-09-14T10",
		  "unparseable date \"2026-09-14T10\" (expected e.g. X)" },
		{ "2026-9-31", "invalid date \"2026-9-31\": day 31 is not in "
		               "2026-09, which has 30 days" },
		{ "Sep 31st, 2026.",
		  "invalid date \"Sep 31st, 2026.\": day 31 is not in "
		  "2026-09, which has 30 days" },
		{ "2026-09-14T10:61",
		  "invalid date \"2026-09-14T10:61\": minute 61 is not in "
		  "00-59" },
		/* the text quoted as written, full-width digits too */
		{ "\xef\xbc\x92\xef\xbc\x90\xef\xbc\x92\xef\xbc\x96-13-01",
		  "invalid date "
		  "\"\xef\xbc\x92\xef\xbc\x90\xef\xbc\x92\xef\xbc\x96"
		  "-13-01\": there is no month 13" },
		/* a day of three digits is no day of any month */
		{ "2026-09-140",
		  "unparseable date \"2026-09-140\" (expected e.g. X)" },
		{ "2026-13-01T10:00:00Z",
		  "invalid date \"2026-13-01T10:00:00Z\": "
		  "there is no month 13" },
		{ "2026-02-30T10:00:00Z",
		  "invalid date \"2026-02-30T10:00:00Z\": "
		  "day 30 is not in 2026-02, which has 28 "
		  "days" },
		{ "2026-09-14T24:00:00Z",
		  "invalid date \"2026-09-14T24:00:00Z\": "
		  "hour 24 is not in 00-23" },
		{ "2026-09-14T10:60:00Z",
		  "invalid date \"2026-09-14T10:60:00Z\": "
		  "minute 60 is not in 00-59" },
		{ "2026-09-14T10:00:61Z",
		  "invalid date \"2026-09-14T10:00:61Z\": "
		  "second 61 is not in 00-60" },
		{ "2026-09-14T10:00:00+24:00",
		  "invalid date \"2026-09-14T10:00:00+24:00\": the offset's "
		  "hour "
		  "24 is not in 00-23" },
		{ "2026-09-14T10:00:00-02:75",
		  "invalid date \"2026-09-14T10:00:00-02:75\": the offset's "
		  "minute 75 is not in 00-59" },
		{ "2020-02-30", "invalid date \"2020-02-30\": day 30 is not in "
		                "2020-02, which has 29 days" },
		{ "Feb 29, 1900",
		  "invalid date \"Feb 29, 1900\": day 29 is not "
		  "in 1900-02, which has 28 days" },
		{ "Sep 0, 2026",
		  "invalid date \"Sep 0, 2026\": day 0 is not in "
		  "2026-09, which has 30 days" },
		{ "2026-13-01",
		  "invalid date \"2026-13-01\": there is no month 13" },
		{ "0999-01-01",
		  "invalid date \"0999-01-01\": year 999 is before "
		  "1000" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		fo_buf b = FO_BUF_INIT;

		fo_date_why(cases[i].in, strlen(cases[i].in), "X", &b);
		if (!b.data || strcmp(b.data, cases[i].why) != 0)
			FO_FAIL_("\"%s\": %s", cases[i].in,
			         b.data ? b.data : "(nothing)");
		fo_buf_free(&b);
	}
}

static const fo_test tests[] = {
	FO_TEST(test_corpus__parallelism_page),
	FO_TEST(test_corpus__a_refused_date_says_why),
	FO_TEST(test_corpus__md_page),
	FO_TEST(test_corpus__md_crlf_and_bom),
	FO_TEST(test_corpus__md_a_bom_where_a_joined_page_began),
	FO_TEST(test_corpus__md_a_lone_cr_ends_a_line),
	FO_TEST(test_corpus__md_no_trailing_newline),
	FO_TEST(test_corpus__md_topic_fallbacks),
	FO_TEST(test_corpus__md_the_topic_is_the_page_s),
	FO_TEST(test_corpus__a_url_has_its_scheme_and_host_in_lower_case),
	FO_TEST(test_corpus__md_nested_brackets),
	FO_TEST(test_corpus__md_a_bracketed_url_holds_a_paren),
	FO_TEST(test_corpus__md_inline_markup),
	FO_TEST(test_corpus__md_hard_line_break),
	FO_TEST(test_corpus__md_a_code_span_inside_a_link),
	FO_TEST(test_corpus__md_emphasis_needs_a_closer),
	FO_TEST(test_corpus__md_autolinks_show_their_text),
	FO_TEST(test_corpus__md_reference_links_show_their_text),
	FO_TEST(test_corpus__md_code_spans_are_literal),
	FO_TEST(test_corpus__md_headings_end_posts),
	FO_TEST(test_corpus__md_a_post_heading_without_its_space),
	FO_TEST(test_corpus__md_text_after_a_heading_s_link_is_a_warning),
	FO_TEST(test_corpus__md_an_emphasised_heading_link),
	FO_TEST(test_corpus__md_a_post_heading_of_another_level),
	FO_TEST(test_corpus__md_fenced_code_is_summary_text),
	FO_TEST(test_corpus__md_a_fence_never_spans_posts),
	FO_TEST(test_corpus__md_unclosed_fences_take_linear_time),
	FO_TEST(test_corpus__md_html_comments_hide_what_they_hold),
	FO_TEST(test_corpus__md_a_mistyped_field_key_still_gives_the_field),
	FO_TEST(test_corpus__md_an_italic_field_value),
	FO_TEST(test_corpus__md_a_dash_for_a_key_s_colon),
	FO_TEST(test_corpus__md_emphasised_field_keys),
	FO_TEST(test_corpus__md_keys_in_bold_italics),
	FO_TEST(test_corpus__md_a_blank_line_in_the_field_list),
	FO_TEST(test_corpus__md_a_field_line_without_its_list_marker),
	FO_TEST(test_corpus__md_a_summary_that_starts_with_a_field_s_key),
	FO_TEST(test_corpus__md_a_link_cut_by_its_bracket),
	FO_TEST(test_corpus__md_problems),
	FO_TEST(test_corpus__md_entities_in_a_url_are_decoded),
	FO_TEST(test_corpus__md_html5_named_entities),
	FO_TEST(test_corpus__md_unclosed_link),
	FO_TEST(test_corpus__md_invalid_utf8),
	FO_TEST(test_corpus__md_invalid_utf8_topic),
	FO_TEST(test_corpus__md_too_long),
	FO_TEST(test_corpus__md_topic_too_long),
	FO_TEST(test_corpus__md_front_matter_title_damaged),
	FO_TEST(test_corpus__md_stop),
	FO_TEST(test_corpus__a_field_given_empty_is_given_by_a_later_line),
	FO_TEST(test_corpus__unicode_white_space_alone_is_no_value),
	FO_TEST(test_corpus__a_field_twice_keeps_the_first_with_a_warning),
	FO_TEST(test_corpus__md_degenerate),
	FO_TEST(test_corpus__a_malformed_post_names_its_url),
	FO_TEST(test_corpus__a_post_with_a_bad_byte_names_its_url),
	FO_TEST(test_corpus__jsonl_good),
	FO_TEST(test_corpus__jsonl_debian_sample),
	FO_TEST(test_corpus__jsonl_a_key_in_another_case),
	FO_TEST(test_corpus__jsonl_a_null_topic_is_none),
	FO_TEST(test_corpus__jsonl_problems),
	FO_TEST(test_corpus__jsonl_nesting_limit),
	FO_TEST(test_corpus__jsonl_hostile_nesting),
	FO_TEST(test_corpus__jsonl_stop),
	FO_TEST(test_corpus__jsonl_a_bom_where_a_joined_file_began),
	FO_TEST(test_corpus__jsonl_a_part_numbers_lines_from_its_first),
	FO_TEST(test_corpus__dates_valid),
	FO_TEST(test_corpus__dates_invalid),
};

int main(void)
{
	int rc = FO_RUN(tests);

	reset();
	return rc;
}
