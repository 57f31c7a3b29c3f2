#ifndef VERBUMCARE_CSQLITE_SHIM_H
#define VERBUMCARE_CSQLITE_SHIM_H
// Debian's libsqlite3 (headers: libsqlite3-dev). SQLITE_TRANSIENT is a macro casting -1 to a
// function pointer, which Swift cannot import: these wrappers bind a copy of the bytes.
#include <sqlite3.h>

static inline int vc_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

static inline int vc_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}
#endif
