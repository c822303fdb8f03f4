/* Reading the model folder's files, their CRC-32, and growable byte buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

uint32_t flora_crc32(uint32_t crc, const unsigned char *bytes, size_t n) {
  crc = ~crc;
  for (size_t i = 0; i < n; i++) {
    crc ^= bytes[i];
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

unsigned char *flora_read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    flora_log("cannot open %s", path);
    return NULL;
  }
  Bytes b = {0};
  unsigned char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    if (!bytes_add(&b, chunk, n)) {
      flora_log("out of memory reading %s", path);
      break;
    }
  int failed = ferror(f) || n > 0;
  fclose(f);
  if (failed) {
    free(b.data);
    flora_log("cannot read %s", path);
    return NULL;
  }
  *size = b.length;
  return b.data ? b.data : malloc(1);
}

int bytes_add(Bytes *b, const void *data, size_t n) {
  if (b->length + n > b->room) {
    size_t room = b->room ? b->room : 64;
    while (room < b->length + n) room *= 2;
    unsigned char *bigger = realloc(b->data, room);
    if (!bigger) return 0;
    b->data = bigger;
    b->room = room;
  }
  if (n) memcpy(b->data + b->length, data, n);
  b->length += n;
  return 1;
}

static int add_code_point(Bytes *out, uint32_t c) {
  unsigned char u[4];
  return bytes_add(out, u, utf8_encode(c, u));
}

/* The WHATWG UTF-8 decoder's steps (encoding.spec.whatwg.org, "UTF-8 decoder"): a maximal invalid subpart
 * becomes one U+FFFD, and a byte that ends a sequence early is read again. */
int bytes_sanitize_utf8(Bytes *out, const unsigned char *in, size_t n) {
  uint32_t cp = 0;
  int needed = 0, seen = 0;
  unsigned lower = 0x80, upper = 0xbf;
  int ok = 1;
  for (size_t i = 0; i < n && ok; i++) {
    unsigned b = in[i];
    if (needed == 0) {
      if (b <= 0x7f) ok = add_code_point(out, b);
      else if (b >= 0xc2 && b <= 0xdf) needed = 1, cp = b & 0x1f;
      else if (b >= 0xe0 && b <= 0xef) {
        if (b == 0xe0) lower = 0xa0;
        if (b == 0xed) upper = 0x9f;
        needed = 2, cp = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b == 0xf0) lower = 0x90;
        if (b == 0xf4) upper = 0x8f;
        needed = 3, cp = b & 0x7;
      } else ok = add_code_point(out, 0xfffd);
      continue;
    }
    if (b < lower || b > upper) {
      cp = 0, needed = 0, seen = 0, lower = 0x80, upper = 0xbf;
      ok = add_code_point(out, 0xfffd);
      i--;
      continue;
    }
    lower = 0x80, upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    if (++seen == needed) {
      ok = add_code_point(out, cp);
      cp = 0, needed = 0, seen = 0;
    }
  }
  if (ok && needed) ok = add_code_point(out, 0xfffd);
  return ok;
}
