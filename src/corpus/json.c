/* json.c: the strict JSON pull reader of json.h. */
#include "corpus/json.h"
#include "corpus/text.h"
#include "util/ascii.h"

#include <string.h>

enum {
	FO_ST_VALUE,          /* a value must come */
	FO_ST_VALUE_OR_CLOSE, /* just after '[' */
	FO_ST_KEY,            /* after ',' in an object */
	FO_ST_KEY_OR_CLOSE,   /* just after '{' */
	FO_ST_AFTER,          /* after a value: ',' or a closing bracket */
	FO_ST_DONE,
	FO_ST_ERROR,
	FO_ST_NOMEM
};

void fo_json_init(fo_json *j)
{
	memset(j, 0, sizeof(*j));
	fo_json_reset(j, "", 0);
}

void fo_json_reset(fo_json *j, const char *buf, size_t len)
{
	j->buf = buf;
	j->len = len;
	j->pos = 0;
	j->state = FO_ST_VALUE;
	j->depth = 0;
	j->error = NULL;
	j->error_pos = 0;
	fo_buf_clear(&j->str);
}

void fo_json_free(fo_json *j)
{
	fo_buf_free(&j->str);
}

static fo_json_tok fo_json_fail(fo_json *j, size_t pos, const char *why)
{
	j->state = FO_ST_ERROR;
	j->error = why;
	j->error_pos = pos;
	return FO_JSON_ERROR;
}

static void fo_json_skip_ws(fo_json *j)
{
	while (j->pos < j->len) {
		char c = j->buf[j->pos];

		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			break;
		j->pos++;
	}
}

static int fo_hex4(const char *s, unsigned long *out)
{
	unsigned long v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned long)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* Decode the string whose opening quote is at pos into str. 0 or -1. */
static int fo_json_string(fo_json *j)
{
	const char *s = j->buf;
	size_t n = j->len, i = j->pos + 1;

	fo_buf_clear(&j->str);
	for (;;) {
		size_t run = i;
		unsigned char c;

		/* plain bytes eight at a time: this loop was a fifth of an
		 * unchanged re-sync (callgrind) */
		for (; run + 8 <= n; run += 8) {
			uint64_t w = fo_swar_load(s + run);

			if (fo_swar_has_byte(w, '"') || fo_swar_has_byte(w, '\\') ||
			    fo_swar_has_less(w, 0x20))
				break;
		}
		while (run < n && s[run] != '"' && s[run] != '\\' &&
		       (unsigned char)s[run] >= 0x20)
			run++;
		fo_buf_append(&j->str, s + i, run - i);
		i = run;
		if (i >= n) {
			fo_json_fail(j, i, "unterminated string");
			return -1;
		}
		c = (unsigned char)s[i];
		if (c == '"')
			break;
		if (c < 0x20) {
			fo_json_fail(j, i, "control character in string");
			return -1;
		}
		/* A backslash escape. */
		if (i + 1 >= n) {
			fo_json_fail(j, i + 1, "unterminated string");
			return -1;
		}
		switch (s[i + 1]) {
		case '"': fo_buf_putc(&j->str, '"'); break;
		case '\\': fo_buf_putc(&j->str, '\\'); break;
		case '/': fo_buf_putc(&j->str, '/'); break;
		case 'b': fo_buf_putc(&j->str, '\b'); break;
		case 'f': fo_buf_putc(&j->str, '\f'); break;
		case 'n': fo_buf_putc(&j->str, '\n'); break;
		case 'r': fo_buf_putc(&j->str, '\r'); break;
		case 't': fo_buf_putc(&j->str, '\t'); break;
		case 'u': {
			unsigned long cp, lo;

			if (n - i < 6 || fo_hex4(s + i + 2, &cp) != 0) {
				fo_json_fail(j, i, "invalid \\u escape");
				return -1;
			}
			if (cp >= 0xdc00 && cp <= 0xdfff) {
				fo_json_fail(j, i, "unpaired surrogate in \\u escape");
				return -1;
			}
			if (cp >= 0xd800 && cp <= 0xdbff) {
				/* Only a low surrogate may follow a high one. */
				if (n - i < 12 || s[i + 6] != '\\' ||
				    s[i + 7] != 'u' ||
				    fo_hex4(s + i + 8, &lo) != 0 || lo < 0xdc00 ||
				    lo > 0xdfff) {
					fo_json_fail(j, i,
					             "unpaired surrogate in \\u escape");
					return -1;
				}
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				i += 6;
			}
			fo_text_utf8_put(&j->str, cp);
			i += 4; /* the hex digits; the 2 below skip "\u" */
			break;
		}
		default:
			fo_json_fail(j, i, "invalid escape");
			return -1;
		}
		i += 2;
	}
	j->pos = i + 1;
	return 0;
}

/* Move *i past the digits at it, of which there must be one (-1, and
 * the reader fails, when there is none). */
static int fo_json_digits(fo_json *j, size_t *i)
{
	if (*i >= j->len || !fo_ascii_is_digit(j->buf[*i])) {
		fo_json_fail(j, *i, "invalid number");
		return -1;
	}
	while (*i < j->len && fo_ascii_is_digit(j->buf[*i]))
		(*i)++;
	return 0;
}

/* A number (RFC 8259 section 6): int [frac] [exp], without leading
 * zeros. */
static int fo_json_number(fo_json *j)
{
	const char *s = j->buf;
	size_t n = j->len, i = j->pos;

	if (i < n && s[i] == '-')
		i++;
	if (i < n && s[i] == '0')
		i++;
	else if (fo_json_digits(j, &i) != 0)
		return -1;
	if (i < n && s[i] == '.') {
		i++;
		if (fo_json_digits(j, &i) != 0)
			return -1;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		if (fo_json_digits(j, &i) != 0)
			return -1;
	}
	fo_buf_clear(&j->str);
	fo_buf_append(&j->str, s + j->pos, i - j->pos);
	j->pos = i;
	return 0;
}

static fo_json_tok fo_json_value(fo_json *j)
{
	static const struct {
		const char *word;
		size_t len;
		fo_json_tok tok;
	} literals[3] = {
		{ "null", 4, FO_JSON_NULL },
		{ "true", 4, FO_JSON_TRUE },
		{ "false", 5, FO_JSON_FALSE },
	};
	char c;
	int k;

	if (j->pos >= j->len)
		return fo_json_fail(j, j->pos, "unexpected end of input");
	c = j->buf[j->pos];
	if (c == '{' || c == '[') {
		if (j->depth == FO_JSON_MAX_DEPTH)
			return fo_json_fail(j, j->pos, "nesting deeper than 64");
		j->stack[j->depth++] = (unsigned char)c;
		j->pos++;
		j->state = c == '{' ? FO_ST_KEY_OR_CLOSE : FO_ST_VALUE_OR_CLOSE;
		return c == '{' ? FO_JSON_OBJECT_BEGIN : FO_JSON_ARRAY_BEGIN;
	}
	j->state = FO_ST_AFTER;
	if (c == '"')
		return fo_json_string(j) == 0 ? FO_JSON_STRING : FO_JSON_ERROR;
	if (c == '-' || fo_ascii_is_digit(c))
		return fo_json_number(j) == 0 ? FO_JSON_NUMBER : FO_JSON_ERROR;
	for (k = 0; k < 3; k++) {
		size_t wl = literals[k].len;

		if (c == literals[k].word[0]) {
			if (j->len - j->pos < wl ||
			    memcmp(j->buf + j->pos, literals[k].word, wl) != 0)
				return fo_json_fail(j, j->pos, "invalid literal");
			j->pos += wl;
			return literals[k].tok;
		}
	}
	return fo_json_fail(j, j->pos, "expected a value");
}

static fo_json_tok fo_json_close(fo_json *j)
{
	unsigned char open = j->stack[--j->depth];

	j->pos++;
	j->state = FO_ST_AFTER;
	return open == '{' ? FO_JSON_OBJECT_END : FO_JSON_ARRAY_END;
}

fo_json_tok fo_json_next(fo_json *j)
{
	fo_json_tok tok;
	char c;

	for (;;) {
		if (j->state == FO_ST_ERROR)
			return FO_JSON_ERROR;
		if (j->state == FO_ST_NOMEM)
			return FO_JSON_NOMEM;
		fo_json_skip_ws(j);
		c = j->pos < j->len ? j->buf[j->pos] : '\0';
		switch (j->state) {
		case FO_ST_DONE:
			if (j->pos < j->len)
				return fo_json_fail(j, j->pos,
				                    "unexpected data after the value");
			return FO_JSON_END;
		case FO_ST_AFTER:
			if (j->depth == 0) {
				j->state = FO_ST_DONE;
				continue;
			}
			if (j->pos >= j->len)
				return fo_json_fail(j, j->pos,
				                    "unexpected end of input");
			if (c == ',') {
				j->pos++;
				j->state = j->stack[j->depth - 1] == '{' ?
				                   FO_ST_KEY :
				                   FO_ST_VALUE;
				continue;
			}
			if (j->stack[j->depth - 1] == '{') {
				if (c == '}')
					return fo_json_close(j);
				return fo_json_fail(j, j->pos,
				                    "expected ',' or '}'");
			}
			if (c == ']')
				return fo_json_close(j);
			return fo_json_fail(j, j->pos, "expected ',' or ']'");
		case FO_ST_KEY_OR_CLOSE:
			if (j->pos < j->len && c == '}')
				return fo_json_close(j);
			/* fall through */
		case FO_ST_KEY:
			if (j->pos >= j->len)
				return fo_json_fail(j, j->pos,
				                    "unexpected end of input");
			if (c != '"')
				return fo_json_fail(j, j->pos,
				                    "expected a string key");
			if (fo_json_string(j) != 0)
				return FO_JSON_ERROR;
			fo_json_skip_ws(j);
			if (j->pos >= j->len)
				return fo_json_fail(j, j->pos,
				                    "unexpected end of input");
			if (j->buf[j->pos] != ':')
				return fo_json_fail(j, j->pos, "expected ':'");
			j->pos++;
			j->state = FO_ST_VALUE;
			tok = FO_JSON_KEY;
			break;
		case FO_ST_VALUE_OR_CLOSE:
			if (j->pos < j->len && c == ']')
				return fo_json_close(j);
			/* fall through */
		default:
			tok = fo_json_value(j);
			break;
		}
		if (j->str.oom) {
			j->state = FO_ST_NOMEM;
			return FO_JSON_NOMEM;
		}
		return tok;
	}
}
