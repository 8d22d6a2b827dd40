// clucene_bench.cc: the CLucene peer (Debian libclucene-dev 2.3.3.4, a C++
// port of Lucene 2.3): the same posts in one index with Lucene's default
// StandardAnalyzer (lower-casing, English stop words, no stemming), the
// title boosted 3 like folio's, topics and the date as untokenized fields,
// first 10 hits with their stored url, title and summary.
//
// usage: clucene_bench build POSTS.tsv DIR      (ends with optimize())
//        clucene_bench query DIR QUERIES.tsv CLASSES REPS
#include "benchutil.h"

#include <CLucene.h>
#include <CLucene/queryParser/MultiFieldQueryParser.h>
#include <clocale>
#include <cwchar>
#include <string>

using namespace lucene::analysis::standard;
using namespace lucene::document;
using namespace lucene::index;
using namespace lucene::queryParser;
using namespace lucene::search;

static std::wstring wide(const char *s)
{
	std::wstring w(strlen(s) + 1, L'\0');
	size_t n = mbstowcs(&w[0], s, w.size());
	w.resize(n == (size_t)-1 ? 0 : n);
	return w;
}

static int build(const char *tsv, const char *path)
{
	FILE *f = fopen(tsv, "r");
	char *line = NULL, *fld[BU_P_NCOLS];
	size_t cap = 0, posts = 0;
	StandardAnalyzer an;
	IndexWriter w(path, &an, true);

	if (!f) {
		perror(tsv);
		return 2;
	}
	w.setMaxFieldLength(IndexWriter::DEFAULT_MAX_FIELD_LENGTH);
	Document doc;
	while (getline(&line, &cap, f) > 0) {
		if (bu_split(line, fld, BU_P_NCOLS) != BU_P_NCOLS)
			continue;
		doc.clear();
		doc.add(*_CLNEW Field(_T("url"), wide(fld[BU_P_URL]).c_str(),
		                      Field::STORE_YES | Field::INDEX_UNTOKENIZED));
		Field *title = _CLNEW Field(_T("title"), wide(fld[BU_P_TITLE]).c_str(),
		                            Field::STORE_YES | Field::INDEX_TOKENIZED);
		doc.add(*title);
		doc.add(*_CLNEW Field(_T("summary"), wide(fld[BU_P_SUMMARY]).c_str(),
		                      Field::STORE_YES | Field::INDEX_TOKENIZED));
		doc.add(*_CLNEW Field(_T("topics"), wide(fld[BU_P_TOPICS]).c_str(),
		                      Field::STORE_NO | Field::INDEX_TOKENIZED));
		doc.add(*_CLNEW Field(_T("published"),
		                      wide(fld[BU_P_PUBLISHED]).c_str(),
		                      Field::STORE_YES | Field::INDEX_UNTOKENIZED));
		w.addDocument(&doc);
		posts++;
	}
	w.optimize();
	w.close();
	printf("stat\tposts\t%zu\n", posts);
	free(line);
	fclose(f);
	return 0;
}

static int query(const char *path, const char *qfile, const char *classes,
                 int reps)
{
	size_t n;
	bu_query *q = bu_load_queries(qfile, BU_Q_LUCENE, classes, &n);
	StandardAnalyzer an;
	IndexReader *reader = IndexReader::open(path);
	IndexSearcher s(reader);
	const TCHAR *fields[] = { _T("title"), _T("summary"), NULL };
	BoostMap boosts;
	boosts.put(const_cast<TCHAR *>(_T("title")), 3.0f);
	MultiFieldQueryParser qp(fields, &an, &boosts);
	Sort newest(_T("published"), true);

	for (int rep = 0; rep <= reps; rep++) {
		for (size_t i = 0; i < n; i++) {
			double t0 = bu_now_us();
			qp.setDefaultOperator(strcmp(q[i].cls, "known-and") == 0
			                      ? QueryParser::AND_OPERATOR
			                      : QueryParser::OR_OPERATOR);
			Query *query = qp.parse(wide(q[i].text).c_str());
			TopDocs *top = q[i].newest
			        ? (TopDocs *)s._search(query, NULL, 10, &newest)
			        : s._search(query, NULL, 10);
			size_t seen = 0;
			for (int32_t k = 0; k < top->scoreDocsLength; k++) {
				Document d;
				s.doc(top->scoreDocs[k].doc, &d);
				const TCHAR *t = d.get(_T("title"));
				seen += t && *t;
			}
			_CLDELETE(top);
			_CLDELETE(query);
			if (rep)
				bu_report(q[i].cls, bu_now_us() - t0, seen);
		}
	}
	s.close();
	reader->close();
	_CLDELETE(reader);
	return 0;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "C.UTF-8");
	try {
		if (argc == 4 && strcmp(argv[1], "build") == 0)
			return build(argv[2], argv[3]);
		if (argc == 6 && strcmp(argv[1], "query") == 0)
			return query(argv[2], argv[3], argv[4], atoi(argv[5]));
	} catch (CLuceneError &e) {
		fprintf(stderr, "clucene_bench: %s\n", e.what());
		return 2;
	}
	fprintf(stderr, "usage: clucene_bench build POSTS.tsv DIR | query DIR "
	                "QUERIES.tsv CLASSES REPS\n");
	return 2;
}
