#include "Clock.h"

using namespace Qt::StringLiterals;

namespace ades {

QString isoUtc(const QDateTime &at)
{
    return at.toUTC().toString(u"yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"_s);
}

} // namespace ades
