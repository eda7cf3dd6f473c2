#pragma once

#include <QByteArray>
#include <cstddef>

namespace ades {

// OpenSSL's memory primitives behind a Qt-typed header, so that only crypto/ includes <openssl/...>
// (scripts/check-layering.sh).

// CRYPTO_memcmp: the time taken depends on `size` only, never on where the bytes differ.
bool secureMemoryEquals(const void *a, const void *b, std::size_t size);
// OPENSSL_cleanse: overwrites the buffer in a way the optimiser may not remove.
void secureWipe(void *data, std::size_t size);
void secureWipe(QByteArray &bytes);

} // namespace ades
