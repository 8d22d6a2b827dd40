/*
 * swar.h: byte tests on eight bytes at once ("SIMD within a register"),
 * for the scans that skip plain ASCII text: the corpus parsers' UTF-8 and
 * JSON string scans and the analyzer's search for over-long words.
 */
#ifndef FOLIO_SWAR_H
#define FOLIO_SWAR_H

#include <stdint.h>
#include <string.h>

#define FO_SWAR_ONES 0x0101010101010101ull
#define FO_SWAR_HIGH 0x8080808080808080ull

/* Eight bytes from p, in memory order (any alignment). */
static inline uint64_t fo_swar_load(const void *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
}

/* The high bits of the bytes of w below b (b <= 128): the "hasless" test
 * of Hacker's Delight, 6-1. Whether the mask is zero is exact, and so is
 * its lowest set bit (ctz / 8 is the first such byte); a borrow may set
 * bits above it, so higher ones may be false. */
static inline uint64_t fo_swar_less_mask(uint64_t w, unsigned char b)
{
	return (w - FO_SWAR_ONES * b) & ~w & FO_SWAR_HIGH;
}

static inline int fo_swar_has_less(uint64_t w, unsigned char b)
{
	return fo_swar_less_mask(w, b) != 0;
}

static inline int fo_swar_has_byte(uint64_t w, unsigned char b)
{
	return fo_swar_has_less(w ^ (FO_SWAR_ONES * b), 1);
}

static inline int fo_swar_has_high(uint64_t w) /* a byte >= 0x80 */
{
	return (w & FO_SWAR_HIGH) != 0;
}

#endif
