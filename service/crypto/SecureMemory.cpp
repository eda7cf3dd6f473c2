#include "SecureMemory.h"

#include <openssl/crypto.h>

namespace ades {

bool secureMemoryEquals(const void *a, const void *b, std::size_t size)
{
    return CRYPTO_memcmp(a, b, size) == 0;
}

void secureWipe(void *data, std::size_t size)
{
    OPENSSL_cleanse(data, size);
}

void secureWipe(QByteArray &bytes)
{
    if (!bytes.isEmpty())
        OPENSSL_cleanse(bytes.data(), static_cast<std::size_t>(bytes.size()));
    bytes.clear();
}

} // namespace ades
