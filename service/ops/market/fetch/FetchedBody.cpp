#include "FetchedBody.h"

using namespace Qt::StringLiterals;

namespace ades::market {

QJsonObject FetchedBody::provenance(const QDateTime &now) const
{
    QJsonObject source = snapshot;
    source.insert(u"age_seconds"_s, qMax<qint64>(0, fetchedAt.secsTo(now)));
    return source;
}

} // namespace ades::market
