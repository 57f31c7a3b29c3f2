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
// sqlite3_db_config is C-variadic, which Swift cannot call. Checkpoint-on-close off: a
// connection to a file we may still move aside must not write its WAL into it or delete the WAL.
static inline int vc_sqlite3_checkpoint_on_close(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, (int *)0);
}
#endif
