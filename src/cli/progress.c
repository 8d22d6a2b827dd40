/*
 * progress.c: what folio index shows on stderr while it runs: on a
 * terminal, one line redrawn in place (phase, a bar, done/total, percent,
 * rate) and erased at the end; with --progress, plain lines for logs: a
 * phase's first and last report, and one a second between them. libfolio calls
 * the folio_progress_fn from the calling thread only (folio.h,
 * folio_db_index_paths), so the state needs no lock.
 */
#define _DEFAULT_SOURCE
#include "cli.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* Redraw the bar at most this often (seconds): a run reports per file
 * while reading, and a terminal is slower than a fast reader. */
#define REDRAW_EVERY 0.1
/* With --progress, a line at most this often (seconds) within a phase:
 * a report per file made a line per file, 100k lines for a corpus of
 * 100k pages. */
#define LINE_EVERY 1.0
/* Below this many columns for the bar itself, show the numbers only. */
#define BAR_MIN 10
#define BAR_MAX 40

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The usable width of the terminal on stderr: one column less than it
 * has, so that the line never wraps (a wrapped line cannot be redrawn
 * with a carriage return). A terminal that does not say has $COLUMNS,
 * else 80: a $COLUMNS that is no width (decimal digits alone, as the
 * command's numbers are, from 1 on: atol read "12abc" as 12 and passed
 * over "-5" without a word) is ignored, with a warning, once, as ls(1)
 * does. */
static size_t columns(cli_progress *p)
{
	struct winsize ws;
	const char *env = getenv("COLUMNS");
	long n = 80, given;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
		n = ws.ws_col;
	} else if (env && *env && (given = cli_digits(env, 1, LONG_MAX)) > 0) {
		n = given;
	} else if (env && *env && !p->columns_warned) {
		cli_progress_clear(p);
		cli_error("warning: COLUMNS=\"%s\" is not a width (decimal "
		          "digits alone, from 1): the progress bar is 80 "
		          "columns wide",
		          env);
		p->columns_warned = 1;
	}
	if (n > CLI_PROGRESS_LINE)
		n = CLI_PROGRESS_LINE;
	return n > 1 ? (size_t)n - 1 : 1;
}

void cli_progress_init(cli_progress *p, cli_progress_mode mode)
{
	memset(p, 0, sizeof *p);
	p->mode = mode;
	p->last_report = now_seconds();
}

/* A plain line for report fp: "folio: indexing 1000/3000", or while the
 * total is unknown, the count and its unit ("folio: reading 12 files"). */
static void write_line(cli_progress *p, const folio_progress *fp, double now)
{
	if (fp->total)
		fprintf(stderr, "folio: %s %llu/%llu\n", fp->phase,
		        (unsigned long long)fp->done,
		        (unsigned long long)fp->total);
	else
		fprintf(stderr, "folio: %s %llu %s\n", fp->phase,
		        (unsigned long long)fp->done,
		        strcmp(fp->phase, "reading") != 0 ? "posts"
		        : fp->done == 1                   ? "file"
		                                          : "files");
	p->last_line = now;
	p->holding = 0;
}

/* --progress: a phase's first report and its last (done of its total,
 * or the one before the next phase, a problem or the end), and between
 * them one a second at most. */
static void report_line(cli_progress *p, const folio_progress *fp)
{
	double now = now_seconds();
	int new_phase = !p->phase || strcmp(p->phase, fp->phase) != 0;

	if (new_phase && p->holding)
		write_line(p, &p->held, now);
	p->phase = fp->phase; /* static in libfolio */
	if (new_phase || (fp->total && fp->done >= fp->total) ||
	    now - p->last_line >= LINE_EVERY) {
		write_line(p, fp, now);
	} else {
		p->held = *fp;
		p->holding = 1;
	}
}

void cli_progress_clear(cli_progress *p)
{
	char blank[CLI_PROGRESS_LINE + 2];

	if (p->mode == CLI_PROGRESS_LINES && p->holding)
		write_line(p, &p->held, now_seconds());
	if (p->mode != CLI_PROGRESS_BAR || !p->shown)
		return;
	blank[0] = '\r';
	memset(blank + 1, ' ', p->shown);
	blank[p->shown + 1] = '\r';
	fwrite(blank, 1, p->shown + 2, stderr);
	fflush(stderr);
	p->shown = 0;
	p->last_draw = 0; /* redraw at the next report */
}

/* The numbers after the bar: done/total, percent and rate (or, while
 * the total is unknown, the count and the rate). With a total they keep
 * a fixed width within a phase, so that the bar does not jump: the rate
 * has a column of its own, blank until known; rate NULL drops it. */
static void format_counts(char *counts, size_t size, const folio_progress *fp,
                          const char *unit, const char *rate)
{
	char digits[24];
	int len;

	if (fp->total) {
		uint64_t done = fp->done < fp->total ? fp->done : fp->total;
		len = snprintf(digits, sizeof digits, "%llu",
		               (unsigned long long)fp->total);
		snprintf(counts, size, " %*llu/%s %3u%%%s%-16s", len,
		         (unsigned long long)fp->done, digits,
		         (unsigned)(done * 100 / fp->total), rate ? "  " : "",
		         rate ? rate : "");
	} else {
		snprintf(counts, size, " %llu %s%s%s",
		         (unsigned long long)fp->done, unit,
		         rate && *rate ? ", " : "", rate ? rate : "");
	}
}

/* Compose the line for report fp into line (at most width bytes). */
static size_t compose(char *line, size_t width, const folio_progress *fp,
                      double seconds)
{
	int reading = strcmp(fp->phase, "reading") == 0;
	const char *unit = reading ? (fp->done == 1 ? "file" : "files")
	                           : "posts";
	char counts[96], rate[48] = "";
	size_t n, bar, fill, k;
	int len;

	/* A rate means something once the phase has run a while; merging
	 * and switching report their end at once. */
	if (fp->done && seconds >= 0.2)
		snprintf(rate, sizeof rate, "%.0f %s/s",
		         (double)fp->done / seconds, reading ? "files" : unit);
	len = snprintf(line, width + 1, "folio: %-9s", fp->phase);
	n = len < 0 ? 0 : (size_t)len > width ? width : (size_t)len;
	format_counts(counts, sizeof counts, fp, unit, rate);
	if (n + strlen(counts) > width) /* too narrow: drop the rate */
		format_counts(counts, sizeof counts, fp, unit, NULL);
	if (fp->total && width > n + strlen(counts) + 3 + BAR_MIN) {
		bar = width - n - strlen(counts) - 3;
		bar = bar > BAR_MAX ? BAR_MAX : bar;
		fill = (size_t)((double)bar * (double)fp->done /
		                (double)fp->total);
		fill = fill > bar ? bar : fill;
		line[n++] = ' ';
		line[n++] = '[';
		for (k = 0; k < bar; k++)
			line[n++] = k < fill ? '#' : '.';
		line[n++] = ']';
	}
	len = snprintf(line + n, width - n + 1, "%s", counts);
	n += len < 0 ? 0 : (size_t)len > width - n ? width - n : (size_t)len;
	/* Trailing blanks (no rate yet) need not be drawn. */
	while (n > 0 && line[n - 1] == ' ')
		n--;
	line[n] = '\0';
	return n;
}

static void draw_bar(cli_progress *p, const folio_progress *fp, double now)
{
	char line[CLI_PROGRESS_LINE + 1], out[2 * CLI_PROGRESS_LINE + 2];
	size_t n, o = 0;

	n = compose(line, columns(p), fp, now - p->phase_start);
	out[o++] = '\r';
	memcpy(out + o, line, n);
	o += n;
	/* Blank what is left of a longer previous line, then step back. */
	if (p->shown > n) {
		memset(out + o, ' ', p->shown - n);
		o += p->shown - n;
		memset(out + o, '\b', p->shown - n);
		o += p->shown - n;
	}
	fwrite(out, 1, o, stderr);
	fflush(stderr);
	p->shown = n;
	p->last_draw = now;
}

void cli_progress_report(const folio_progress *fp, void *payload)
{
	cli_progress *p = payload;
	double now;
	int new_phase;

	if (p->mode == CLI_PROGRESS_OFF)
		return;
	if (p->mode == CLI_PROGRESS_LINES) {
		report_line(p, fp);
		return;
	}
	now = now_seconds();
	new_phase = !p->phase || strcmp(p->phase, fp->phase) != 0;
	if (new_phase) {
		/* A phase began when the one before it last reported (or
		 * when the run began): its own first report comes only
		 * after some work. */
		p->phase = fp->phase; /* static in libfolio */
		p->phase_start = p->last_report;
	}
	p->last_report = now;
	if (new_phase || (fp->total && fp->done >= fp->total) ||
	    now - p->last_draw >= REDRAW_EVERY)
		draw_bar(p, fp, now);
}
