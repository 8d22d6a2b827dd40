// xapian_rel.cc: the Xapian peer. TermGenerator (English stemmer,
// STEM_SOME) indexes title and summary; QueryParser (same stemmer,
// default OP_OR, FLAG_DEFAULT, falling back to no flags on a syntax
// error) parses each query; BM25Weight with its defaults ranks.
// Usage: rel_xapian index DB DOCS.tsv | rel_xapian search DB QUERIES.tsv
#include <xapian.h>

extern "C" {
#include "common.h"
}

#include <iostream>

static int index_docs(const char *dbpath, const char *docs)
{
	Xapian::WritableDatabase db(dbpath, Xapian::DB_CREATE_OR_OVERWRITE);
	Xapian::TermGenerator tg;
	static char line[1 << 20];
	char *f[3];
	FILE *in = fopen(docs, "r");

	if (!in)
		return 2;
	tg.set_stemmer(Xapian::Stem("english"));
	while (fgets(line, sizeof line, in)) {
		if (split_tsv(chomp(line), f, 3) != 3)
			continue;
		Xapian::Document doc;
		tg.set_document(doc);
		tg.index_text(f[1]);
		tg.increase_termpos();
		tg.index_text(f[2]);
		doc.set_data(f[0]);
		doc.add_boolean_term(std::string("Q") + f[0]);
		db.add_document(doc);
	}
	fclose(in);
	db.commit();
	return 0;
}

static int search(const char *dbpath, const char *queries)
{
	Xapian::Database db(dbpath);
	Xapian::QueryParser qp;
	Xapian::Enquire enq(db);
	static char line[65536];
	char *f[3];
	FILE *in = fopen(queries, "r");

	if (!in)
		return 2;
	qp.set_stemmer(Xapian::Stem("english"));
	qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
	qp.set_database(db);
	qp.set_default_op(Xapian::Query::OP_OR);
	enq.set_weighting_scheme(Xapian::BM25Weight());
	while (fgets(line, sizeof line, in)) {
		if (split_tsv(chomp(line), f, 3) != 3)
			continue;
		double t0 = bu_now_us();
		Xapian::Query q;
		try {
			q = qp.parse_query(f[1]);
		} catch (const Xapian::QueryParserError &) {
			q = qp.parse_query(f[1], 0);
		}
		enq.set_query(q);
		Xapian::MSet m = enq.get_mset(0, 10);
		size_t rank = 0, k = 1;
		for (Xapian::MSetIterator i = m.begin(); i != m.end(); ++i, ++k)
			if (!rank && i.get_document().get_data() == f[2])
				rank = k;
		printf("%s\t%zu\t%.0f\n", f[0], rank, bu_now_us() - t0);
	}
	fclose(in);
	return 0;
}

int main(int argc, char **argv)
{
	try {
		if (argc == 4 && std::string(argv[1]) == "index")
			return index_docs(argv[2], argv[3]);
		if (argc == 4 && std::string(argv[1]) == "search")
			return search(argv[2], argv[3]);
	} catch (const Xapian::Error &e) {
		std::cerr << "rel_xapian: " << e.get_description() << "\n";
		return 2;
	}
	std::cerr << "usage: rel_xapian index|search DB FILE.tsv\n";
	return 2;
}
