/*
 * test_normalize.c: folio's text folding (normalize.c) against Unicode's
 * NormalizationTest.txt (UAX #15 conformance file, read compressed from
 * the unicode-data package through bzip2), and the documented folding of
 * doc/analyzer.md (case, diacritics, full-width forms, ligatures), and
 * the test for mixed case that picks a facet value's spelling.
 *
 * For every line c1;c2;c3;c4;c5 the file requires c4 = NFKC(c1..c5); so
 * folio's NFKC stage must give c4 for all five, and folding, which starts
 * with NFKC, must give one and the same result for all five, both as a
 * token (fo_normalize_token, the analyzer's path) and as a field value
 * (fo_normalize_value). Code points not in Part 1 must be NFKC-stable.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include "analyzer/analyzer.h"
#include "analyzer/normalize.h"

#include <utf8proc.h>

#include <stdint.h>

#define FO_NT_PATH "/usr/share/unicode/NormalizationTest.txt.bz2"

/* Hex code points separated by spaces, up to ';', as UTF-8. */
static const char *parse_field(const char *s, char *out, size_t *len)
{
	unsigned long cp;
	char *end;

	*len = 0;
	while (*s && *s != ';') {
		if (*s == ' ') {
			s++;
			continue;
		}
		cp = strtoul(s, &end, 16);
		if (end == s)
			return NULL;
		*len += (size_t)utf8proc_encode_char((utf8proc_int32_t)cp,
		                                     (utf8proc_uint8_t *)out + *len);
		s = end;
	}
	out[*len] = '\0';
	return *s == ';' ? s + 1 : NULL;
}

static int fold_token(fo_normalizer *nz, const char *s, size_t n,
                      char *out)
{
	size_t len;

	return fo_normalize_token(nz, s, n, out, &len) == FOLIO_OK ? 0 : -1;
}

static void test_normalize__normalization_test_nfkc(void)
{
	static char line[4096], col[5][1024], tok[5][FO_MAX_TERM_BYTES + 1];
	static unsigned char in_part1[0x110000];
	size_t len[5], lines = 0, bad_nfkc = 0, bad_fold = 0, bad_stable = 0;
	const char *p;
	char *nfkc, *v4, *v;
	fo_normalizer nz;
	FILE *f;
	int part = -1, i;
	uint32_t cp;

	f = popen("bzip2 -dc " FO_NT_PATH, "r");
	assert_true(f != NULL);
	fo_normalizer_init(&nz);
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '@') {
			part = line[5] - '0'; /* "@Part1" */
			continue;
		}
		if (line[0] == '#' || line[0] == '\n')
			continue;
		p = line;
		for (i = 0; i < 5 && p; i++)
			p = parse_field(p, col[i], &len[i]);
		if (!p) {
			fprintf(stderr, "  unparseable: %s", line);
			bad_nfkc++;
			continue;
		}
		lines++;
		if (part == 1) {
			utf8proc_int32_t c;

			utf8proc_iterate((const utf8proc_uint8_t *)col[0],
			                 (utf8proc_ssize_t)len[0], &c);
			in_part1[c] = 1;
		}
		v4 = fo_normalize_value(col[3], len[3]);
		if (fold_token(&nz, col[3], len[3], tok[3]) != 0 || !v4) {
			bad_fold++;
			free(v4);
			continue;
		}
		for (i = 0; i < 5; i++) {
			nfkc = fo_normalize_nfkc(col[i], len[i]);
			if (!nfkc || strcmp(nfkc, col[3]) != 0) {
				if (bad_nfkc++ < 5)
					fprintf(stderr, "  NFKC(c%d) != c4: %s", i + 1,
					        line);
			}
			free(nfkc);
			v = fo_normalize_value(col[i], len[i]);
			if (fold_token(&nz, col[i], len[i], tok[i]) != 0 || !v ||
			    strcmp(tok[i], tok[3]) != 0 || strcmp(v, v4) != 0) {
				if (bad_fold++ < 50)
					fprintf(stderr, "  fold(c%d) != fold(c4): %s",
					        i + 1, line);
			}
			free(v);
		}
		free(v4);
	}
	assert_int(0, pclose(f));
	/* Part 1 lists every code point that NFKC changes: all others are
	 * left alone (surrogates cannot occur in UTF-8) */
	for (cp = 0; cp < 0x110000; cp++) {
		char s[5];
		size_t n;

		if (cp == 0 || in_part1[cp] || (cp >= 0xd800 && cp <= 0xdfff))
			continue;
		n = (size_t)utf8proc_encode_char((utf8proc_int32_t)cp,
		                                 (utf8proc_uint8_t *)s);
		nfkc = fo_normalize_nfkc(s, n);
		if (!nfkc || strlen(nfkc) != n || memcmp(nfkc, s, n) != 0) {
			if (bad_stable++ < 5)
				fprintf(stderr, "  U+%04X changed by NFKC\n",
				        (unsigned)cp);
		}
		free(nfkc);
	}
	fo_normalizer_free(&nz);
	printf("  %zu lines x 5 columns; NFKC differs %zu, folding differs "
	       "%zu, unlisted code points changed %zu\n", lines, bad_nfkc,
	       bad_fold, bad_stable);
	/* Unicode 15.0's file has 19,000-odd lines */
	assert_true(lines > 18000);
	assert_int(0, bad_nfkc);
	assert_int(0, bad_fold);
	assert_int(0, bad_stable);
}

/* The behaviour doc/analyzer.md promises, value by value. */
static void test_normalize__documented_folding(void)
{
	/* clang-format off */
	static const char *const cases[][2] = {
		{ "Stra\xc3\x9f" "e", "strasse" },           /* case folding */
		{ "STRASSE", "strasse" },
		{ "caf\xc3\xa9", "cafe" },                   /* diacritics */
		{ "cafe\xcc\x81", "cafe" },                  /* decomposed */
		{ "\xef\xbc\xad\xef\xbc\xb8\xef\xbc\xa6\xef\xbc\xb0\xef\xbc\x98",
		  "mxfp8" },                                 /* full width */
		{ "\xef\xac\x81le", "file" },                /* ligature fi */
		{ "co\xc2\xad" "operate", "cooperate" },     /* soft hyphen */
		{ "\xce\x8c\xcf\x83\xce\xbf\xcf\x82", "οσοσ" }, /* Greek final sigma */
		{ "\xe2\x84\xab", "a" },                     /* Angstrom sign */
		/* letters with a stroke or bar have no decomposition, so
		 * stripping marks leaves them: they are folded by name */
		{ "\xc5\x81\xc3\xb3" "d\xc5\xba", "lodz" },        /* Łódź */
		{ "\xc3\x98rsted", "orsted" },                  /* Ørsted */
		{ "s\xc3\xb8ren", "soren" },                    /* søren */
		{ "\xc4\x90\xe1\xba\xb7ng", "dang" },            /* Đặng */
		{ "Gu\xc3\xb0r\xc3\xban", "gudrun" },            /* Guðrún */
		{ "\xc4\xa6" "al", "hal" },                     /* Ħal */
		{ "\xc4\xb1stanbul", "istanbul" },              /* dotless i */
		{ "\xc7\xbe", "o" },                            /* Ǿ */
		/* letters that stand for two, written out (same byte count) */
		{ "Encyclop\xc3\xa6" "dia", "encyclopaedia" },  /* æ */
		{ "\xc5\x92uvre", "oeuvre" },                    /* Œ */
		{ "\xc3\x9e\xc3\xb3r", "thor" },                 /* Þór */
		{ "vit\xc3\xa6", "vitae" },                      /* last: vitæ */
	};
	/* clang-format on */
	char out[FO_MAX_TERM_BYTES + 1];
	fo_normalizer nz;
	size_t i, n;
	char *v;

	fo_normalizer_init(&nz);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_ok(fo_normalize_token(&nz, cases[i][0],
		                             strlen(cases[i][0]), out, &n));
		assert_str(cases[i][1], out);
		v = fo_normalize_value(cases[i][0], strlen(cases[i][0]));
		assert_str(cases[i][1], v);
		free(v);
	}
	fo_normalizer_free(&nz);
}

/* Tokens keep the voiced sound marks of kana (a mark that makes another
 * word, not an accent) and still lose Latin accents; every spelling of
 * ガ, composed, decomposed or half width, folds alike. The Arabic
 * tatweel goes. */
static void test_normalize__kana_keep_voiced_sound_marks(void)
{
	/* clang-format off */
	static const char *const cases[][2] = {
		{ "\xe3\x83\x91", "\xe3\x83\x91" },             /* パ */
		{ "\xe3\x83\x8f\xe3\x82\x9a", "\xe3\x83\x91" }, /* ハ + U+309A */
		{ "\xef\xbe\x8a\xef\xbe\x9f", "\xe3\x83\x91" }, /* ﾊﾟ */
		{ "\xe3\x82\xac", "\xe3\x82\xac" },             /* ガ */
		{ "\xef\xbd\xb6\xef\xbe\x9e", "\xe3\x82\xac" }, /* ｶﾞ */
		{ "\xe3\x81\xa7", "\xe3\x81\xa7" },             /* で */
		{ "\xe3\x8c\x80", "\xe3\x82\xa2\xe3\x83\x91\xe3\x83\xbc"
		                  "\xe3\x83\x88" },             /* ㌀: アパート */
		/* after anything but kana, it is a mark like any other */
		{ "e\xe3\x82\x99", "e" },
		{ "\xe3\x82\x9b", "" },                       /* ゛ alone */
		{ "caf\xc3\xa9", "cafe" },
		{ "\xc3\x87" "a", "ca" },
		/* the Arabic tatweel only stretches a word */
		{ "\xd8\xa7\xd9\x84\xd8\xb9\xd9\x80\xd9\x80\xd9\x80\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9", "\xd8\xa7\xd9\x84\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9" },       /* العـــربية */
		{ "\xd8\xb9\xef\xb9\xb1", "\xd8\xb9" },        /* ع + U+FE71 */
		/* U+02BC is an apostrophe, also NFKC's of ŉ, but none
		 * starts a term */
		{ "don\xca\xbct", "don't" },
		{ "a\xc5\x89", "a'n" },
		{ "\xc5\x89", "n" },
	};
	/* clang-format on */
	char out[FO_MAX_TERM_BYTES + 1];
	fo_normalizer nz;
	size_t i, n;

	fo_normalizer_init(&nz);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_ok(fo_normalize_token(&nz, cases[i][0],
		                             strlen(cases[i][0]), out, &n));
		assert_str(cases[i][1], out);
	}
	/* revision 3 stripped them: パ was ハ */
	nz.revision = FO_ANALYZER_SCRIPTS - 1;
	assert_ok(fo_normalize_token(&nz, "\xe3\x83\x91", 3, out, &n));
	assert_str("\xe3\x83\x8f", out);
	fo_normalizer_free(&nz);
}

/* fo_mixed_case, which picks the spelling a facet value is shown in: an
 * upper and a lower case letter, or a title-case letter, both in one. */
static void test_normalize__mixed_case_wants_an_upper_and_a_lower_letter(void)
{
	assert_true(fo_mixed_case("\xc3\x89"
	                          "clair",
	                          7)); /* Éclair */
	assert_true(!fo_mixed_case("\xc3\x89"
	                           "CLAIR",
	                           7));
	assert_true(!fo_mixed_case("eclair", 6));
	assert_true(fo_mixed_case("\xc7\x85", 2));  /* ǅ, title case */
	assert_true(!fo_mixed_case("\xc7\x84", 2)); /* Ǆ */
	/* a byte that starts no character is passed over */
	assert_true(fo_mixed_case("A\xff"
	                          "b",
	                          3));
}

static const fo_test tests[] = {
	FO_TEST(test_normalize__normalization_test_nfkc),
	FO_TEST(test_normalize__documented_folding),
	FO_TEST(test_normalize__kana_keep_voiced_sound_marks),
	FO_TEST(test_normalize__mixed_case_wants_an_upper_and_a_lower_letter),
};

int main(void)
{
	return FO_RUN(tests);
}
