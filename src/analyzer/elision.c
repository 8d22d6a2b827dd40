/*
 * elision.c: the elided words of elision.h. The sets are Lucene's
 * (FrenchAnalyzer, ItalianAnalyzer, CatalanAnalyzer and IrishAnalyzer
 * DEFAULT_ARTICLES, which Elasticsearch's language analyzers use too).
 * Snowball's French, Italian and Catalan stemmers take the word alone
 * (their voc.txt holds no apostrophe); its Irish one drops b', d' and m'
 * from the stem, but the term kept them, so fhág did not find d'fhág.
 *
 * Turkish writes the case suffixes of a name after an apostrophe
 * (İstanbul'da "in Istanbul", Türkiye'nin "of Turkey"); Lucene's
 * TurkishAnalyzer drops the apostrophe and all after it (ApostropheFilter),
 * so that the name is found as it is typed alone. Snowball's Turkish
 * stemmer leaves such words whole (its voc.txt holds no apostrophe).
 */
#include "analyzer/elision.h"

#include <string.h>

struct fo_elision {
	const char *const *names; /* the language and its libstemmer aliases */
	const char *const *words; /* lower case, without their apostrophe */
};

static const char *const french_names[] = { "french", "fr", "fre", "fra",
	                                    NULL };
static const char *const french[] = { "l",      "m",     "t",      "qu",
	                              "n",      "s",     "j",      "d",
	                              "c",      "jusqu", "quoiqu", "lorsqu",
	                              "puisqu", NULL };
static const char *const italian_names[] = { "italian", "it", "ita", NULL };
static const char *const italian[] = { "c",    "l",    "all",  "dall", "dell",
	                               "nell", "sull", "coll", "pell", "gl",
	                               "agl",  "dagl", "degl", "negl", "sugl",
	                               "un",   "m",    "t",    "s",    "v",
	                               "d",    NULL };
static const char *const catalan_names[] = { "catalan", "ca", "cat", NULL };
static const char *const catalan[] = { "d", "l", "m", "n", "s", "t", NULL };
static const char *const irish_names[] = { "irish", "ga", "gle", NULL };
static const char *const irish[] = { "b", "d", "m", NULL };

static const fo_elision sets[] = {
	{ french_names, french },
	{ italian_names, italian },
	{ catalan_names, catalan },
	{ irish_names, irish },
};

const fo_elision *fo_elision_of(const char *language)
{
	const char *const *name;
	size_t i;

	for (i = 0; i < sizeof sets / sizeof sets[0]; i++)
		for (name = sets[i].names; *name; name++)
			if (strcmp(*name, language) == 0)
				return &sets[i];
	return NULL;
}

static const char *const turkish_names[] = { "turkish", "tr", "tur", NULL };

int fo_apostrophe_suffixes(const char *language)
{
	const char *const *name;

	for (name = turkish_names; *name; name++)
		if (strcmp(*name, language) == 0)
			return 1;
	return 0;
}

size_t fo_before_suffix(const char *term, size_t len)
{
	const char *apostrophe = memchr(term, '\'', len);

	return apostrophe && apostrophe > term ? (size_t)(apostrophe - term)
	                                       : len;
}

size_t fo_elided(const fo_elision *set, const char *term, size_t len)
{
	const char *apostrophe;
	const char *const *word;
	size_t n;

	/* the longest elided word is 6 bytes (quoiqu, lorsqu, puisqu) */
	apostrophe = memchr(term, '\'', len < 8 ? len : 8);
	if (!apostrophe || (size_t)(apostrophe - term) + 1 >= len)
		return 0;
	n = (size_t)(apostrophe - term);
	for (word = set->words; *word; word++)
		if (strlen(*word) == n && memcmp(*word, term, n) == 0)
			return n + 1;
	return 0;
}
