#ifndef VERBUMCARE_CSNAPPY_SHIM_H
#define VERBUMCARE_CSNAPPY_SHIM_H
// Debian's libsnappy (headers: libsnappy-dev), its C API. Prometheus remote write uses
// snappy's block format (snappy_compress), not the framing format.
#include <snappy-c.h>
#endif
