/*
 * calendar.h: the Gregorian calendar both date parsers check against,
 * the corpus's (corpus/date.c) and the query's (search/qdate.c), so a
 * date one of them takes the other takes too.
 */
#ifndef FOLIO_CALENDAR_H
#define FOLIO_CALENDAR_H

/* Days in month m (1-12) of year y. */
static inline int fo_days_in(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30,
		                      31, 31, 30, 31, 30, 31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return days[m - 1];
}

#endif
