/*
 * display.h: the characters that must not reach a terminal from post
 * text: controls (C0, DEL and the C1 range, where U+009B is a CSI that
 * some terminals obey), the line and paragraph separators (a snippet is
 * one line), and the bidirectional controls that reorder what a reader
 * sees ("Trojan Source", CVE-2021-42574).
 */
#ifndef FOLIO_DISPLAY_H
#define FOLIO_DISPLAY_H

#include <stddef.h>

/* The length of such a character at s (n bytes left), or 0. */
static inline size_t fo_display_unsafe(const unsigned char *s, size_t n)
{
	if (s[0] < 0x20 || s[0] == 0x7f)
		return 1;
	if (n >= 2 && s[0] == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F)
		return 2; /* U+0080..U+009F */
	if (n >= 2 && s[0] == 0xD8 && s[1] == 0x9C)
		return 2; /* U+061C arabic letter mark */
	if (n >= 3 && s[0] == 0xE2 && s[1] == 0x80 &&
	    (s[2] == 0x8E || s[2] == 0x8F || /* U+200E/F marks */
	     (s[2] >= 0xA8 && s[2] <= 0xAE))) /* U+2028..U+202E */
		return 3;
	if (n >= 3 && s[0] == 0xE2 && s[1] == 0x81 && s[2] >= 0xA6 &&
	    s[2] <= 0xA9)
		return 3; /* U+2066..U+2069 isolates */
	return 0;
}

#endif
