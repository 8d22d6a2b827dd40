/*
 * qdate.h: the dates of published:, year:, --since and --until. A bound
 * is YYYY, YYYY-MM or YYYY-MM-DD, a month or day of one digit too
 * (2026-9-1, as a page's date may be); a range is LO..HI with either side
 * optional. Errors say which part of the date is wrong.
 */
#ifndef FOLIO_QDATE_H
#define FOLIO_QDATE_H

#include <stddef.h>

/*
 * Parse one bound into out ("YYYY-MM-DD"). A lower bound is the first
 * day of its period, an upper bound the last (2026-02 as an upper bound
 * is 2026-02-28). Full-width digits and hyphens are read as NFKC makes
 * them, as in a range. Returns 0, or -1 with why[] saying what is wrong.
 */
int fo_qdate_bound(const char *s, size_t len, int upper, char out[11],
                   char *why, size_t why_size);

/*
 * Parse "LO..HI", "LO..", "..HI" or a single period ("2026", "2026-09").
 * lo/hi are "" for an open side. With years_only, bounds must be YYYY
 * and lo/hi are "YYYY". Returns 0, or -1 with why[] set and *bad_at the
 * offset in s of the part that is wrong (the upper bound's, when it is).
 */
int fo_qdate_range(const char *s, size_t len, int years_only, char lo[11],
                   char hi[11], size_t *bad_at, char *why, size_t why_size);

#endif
