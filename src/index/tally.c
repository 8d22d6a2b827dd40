/*
 * tally.c: the URL-hash counts of a run (tally.h). Open addressing with
 * linear probing, at most half full; hash 0 marks an empty slot, so a
 * URL whose hash is 0 is counted under 1 (a collision like any other).
 */
#include "index/tally.h"

#include <stdlib.h>

struct fo_tally {
	fo_tally_entry *slots;
	size_t n, n_slots;
};

fo_tally *fo_tally_new(void)
{
	return calloc(1, sizeof(fo_tally));
}

void fo_tally_free(fo_tally *t)
{
	if (!t)
		return;
	free(t->slots);
	free(t);
}

static uint64_t key_of(uint64_t hash)
{
	return hash ? hash : 1;
}

/* The slot holding key, or the empty slot where it belongs. */
static fo_tally_entry *probe(fo_tally_entry *slots, size_t n_slots,
                             uint64_t key)
{
	size_t i = (size_t)(key ^ (key >> 32)) & (n_slots - 1);

	while (slots[i].hash && slots[i].hash != key)
		i = (i + 1) & (n_slots - 1);
	return &slots[i];
}

static int grow(fo_tally *t)
{
	size_t n_slots = t->n_slots ? t->n_slots * 2 : 1024, i;
	fo_tally_entry *slots = calloc(n_slots, sizeof *slots);

	if (!slots)
		return -1;
	for (i = 0; i < t->n_slots; i++)
		if (t->slots[i].hash)
			*probe(slots, n_slots, t->slots[i].hash) = t->slots[i];
	free(t->slots);
	t->slots = slots;
	t->n_slots = n_slots;
	return 0;
}

folio_status fo_tally_add(fo_tally *t, uint64_t hash, fo_tally_entry **out)
{
	uint64_t key = key_of(hash);
	fo_tally_entry *e;

	if ((t->n + 1) * 2 > t->n_slots && grow(t) != 0)
		return FOLIO_ERROR_NOMEM;
	e = probe(t->slots, t->n_slots, key);
	if (!e->hash) {
		e->hash = key;
		t->n++;
	}
	if (e->count < UINT32_MAX)
		e->count++;
	if (out)
		*out = e;
	return FOLIO_OK;
}

void fo_tally_restart(fo_tally *t)
{
	size_t i;

	for (i = 0; i < t->n_slots; i++)
		t->slots[i].seen = 0;
}

const fo_tally_entry *fo_tally_next(const fo_tally *t, size_t *cursor)
{
	while (*cursor < t->n_slots)
		if (t->slots[(*cursor)++].hash)
			return &t->slots[*cursor - 1];
	return NULL;
}

fo_tally_entry *fo_tally_find(fo_tally *t, uint64_t hash)
{
	fo_tally_entry *e;

	if (!t->n_slots)
		return NULL;
	e = probe(t->slots, t->n_slots, key_of(hash));
	return e->hash ? e : NULL;
}

size_t fo_tally_count(const fo_tally *t)
{
	return t->n;
}
