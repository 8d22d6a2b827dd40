/*
 * errstr.c: fo_strerror (errstr.h) over strerror_r, in whichever variant
 * the build's feature macros select: the XSI one returns 0 or an error
 * number and fills the buffer; the GNU one returns the message, which
 * may be a string of its own rather than the buffer.
 */
#define _POSIX_C_SOURCE 200809L
#include "util/errstr.h"

#include <stdio.h>
#include <string.h>

static _Thread_local char message[256];

static const char *from_xsi(int rc, int err)
{
	if (rc != 0 && !message[0])
		snprintf(message, sizeof message, "Unknown error %d", err);
	return message;
}

static const char *from_gnu(const char *s, int err)
{
	(void)err;
	return s;
}

/* strerror_r's result r as the message: the controlling expression of
 * _Generic is not evaluated, so strerror_r runs once. */
#define MESSAGE_OF(r, err)                                                     \
	_Generic((r), int : from_xsi, default : from_gnu)((r), (err))

const char *fo_strerror(int err)
{
	message[0] = '\0';
	return MESSAGE_OF(strerror_r(err, message, sizeof message), err);
}
