// xapian_bench.cc: the baseline peer: Xapian 1.4 used the way its own docs
// show (TermGenerator to index, QueryParser to search), on the same posts
// with the same layout as folio: title words weighted 3 and also under the
// S prefix, summary, topics as XP boolean terms, the date in value slot 0,
// the URL as the unique Q term (replace_document, so a re-run can update).
// bench/ is, with src/xapian, the only place that includes Xapian headers:
// this program IS the peer.
//
// usage: xapian_bench build POSTS.tsv DB
//        xapian_bench tokenize POSTS.tsv       (TermGenerator alone)
//
// tokenize reads the posts into memory and times passes over them by the
// thread's CPU time, like folio_analyze: tokenizer_mb_s is the median of
// passes 2 and 3, tokenizer_cold_mb_s the first (TermGenerator keeps no
// cache between documents, so they differ only by warm-up).
//        xapian_bench query DB QUERIES.tsv CLASSES REPS
#include "benchutil.h"

#include <xapian.h>

#include <string>

static int build(const char *tsv, const char *path)
{
	FILE *f = fopen(tsv, "r");
	char *line = NULL, *fld[BU_P_NCOLS];
	size_t cap = 0, posts = 0;
	Xapian::WritableDatabase *db = NULL;
	Xapian::TermGenerator tg;

	if (!f) {
		perror(tsv);
		return 2;
	}
	db = new Xapian::WritableDatabase(path, Xapian::DB_CREATE_OR_OVERWRITE);
	tg.set_stemmer(Xapian::Stem("english"));
	tg.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
	while (getline(&line, &cap, f) > 0) {
		if (bu_split(line, fld, BU_P_NCOLS) != BU_P_NCOLS)
			continue;
		Xapian::Document doc;
		tg.set_document(doc);
		tg.index_text(fld[BU_P_TITLE], 3);
		tg.index_text(fld[BU_P_TITLE], 1, "S");
		tg.increase_termpos(100);
		tg.index_text(fld[BU_P_SUMMARY]);
		posts++;
		for (char *t = strtok(fld[BU_P_TOPICS], ";"); t;
		     t = strtok(NULL, ";"))
			doc.add_boolean_term(std::string("XP") + t);
		doc.add_value(0, fld[BU_P_PUBLISHED]);
		std::string data = std::string(fld[BU_P_URL]) + "\t" +
		                   fld[BU_P_TITLE] + "\t" + fld[BU_P_SUMMARY];
		doc.set_data(data);
		std::string id = std::string("Q") + fld[BU_P_URL];
		if (id.size() > 240)
			id.resize(240);
		doc.add_boolean_term(id);
		db->replace_document(id, doc);
	}
	db->commit();
	delete db;
	printf("stat\tposts\t%zu\n", posts);
	free(line);
	fclose(f);
	return 0;
}

static int query(const char *path, const char *qfile, const char *classes,
                 int reps)
{
	size_t n;
	bu_query *q = bu_load_queries(qfile, BU_Q_XAPIAN, classes, &n);
	Xapian::Database db(path);
	Xapian::QueryParser qp;

	qp.set_stemmer(Xapian::Stem("english"));
	qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
	qp.set_database(db);
	qp.add_prefix("title", "S");
	qp.add_boolean_prefix("topic", "XP");
	for (int rep = 0; rep <= reps; rep++) {
		for (size_t i = 0; i < n; i++) {
			double t0 = bu_now_us();
			qp.set_default_op(strcmp(q[i].cls, "known-and") == 0
			                  ? Xapian::Query::OP_AND
			                  : Xapian::Query::OP_OR);
			Xapian::Enquire enq(db);
			enq.set_query(qp.parse_query(q[i].text));
			if (q[i].newest)
				enq.set_sort_by_value_then_relevance(0, true);
			Xapian::MSet m = enq.get_mset(0, 10);
			size_t seen = 0;
			for (Xapian::MSetIterator it = m.begin(); it != m.end(); ++it)
				seen += !it.get_document().get_data().empty();
			if (rep)
				bu_report(q[i].cls, bu_now_us() - t0, seen);
		}
	}
	return 0;
}

static int tokenize(const char *tsv)
{
	double us[3], c0;
	bu_texts t;
	size_t i;
	int p;

	if (bu_load_texts(tsv, &t) != 0 || t.bytes == 0)
		return 2;
	Xapian::TermGenerator tg;
	tg.set_stemmer(Xapian::Stem("english"));
	tg.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
	for (p = 0; p < 3; p++) {
		c0 = bu_cpu_us();
		/* the same work per post as build(): title twice, summary */
		for (i = 0; i + 1 < t.n; i += 2) {
			Xapian::Document doc;
			tg.set_document(doc);
			tg.index_text(t.text[i], 3);
			tg.index_text(t.text[i], 1, "S");
			tg.increase_termpos(100);
			tg.index_text(t.text[i + 1]);
		}
		us[p] = bu_cpu_us() - c0;
	}
	printf("stat\ttokenizer_cold_mb_s\t%.1f\n", t.bytes / us[0]);
	printf("stat\ttokenizer_mb_s\t%.1f\n", t.bytes / bu_median(us + 1, 2));
	bu_free_texts(&t);
	return 0;
}

int main(int argc, char **argv)
{
	try {
		if (argc == 4 && strcmp(argv[1], "build") == 0)
			return build(argv[2], argv[3]);
		if (argc == 3 && strcmp(argv[1], "tokenize") == 0)
			return tokenize(argv[2]);
		if (argc == 6 && strcmp(argv[1], "query") == 0)
			return query(argv[2], argv[3], argv[4], atoi(argv[5]));
	} catch (const Xapian::Error &e) {
		fprintf(stderr, "xapian_bench: %s\n", e.get_description().c_str());
		return 2;
	}
	fprintf(stderr, "usage: xapian_bench build POSTS.tsv DB | tokenize "
	                "POSTS.tsv | query DB QUERIES.tsv CLASSES REPS\n");
	return 2;
}
