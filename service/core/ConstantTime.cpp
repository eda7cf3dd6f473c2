#include "ConstantTime.h"

#include "crypto/SecureMemory.h"

namespace ades {

bool constantTimeEquals(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    return secureMemoryEquals(a.constData(), b.constData(), static_cast<std::size_t>(a.size()));
}

} // namespace ades
