#include "FetchedBody.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ades::market {

QJsonObject FetchedBody::provenance(const QDateTime &now) const
{
    QJsonObject source = snapshot;
    source.insert(u"age_seconds"_s, qMax<qint64>(0, fetchedAt.secsTo(now)));
    return source;
}

QString FetchedBody::digest() const
{
    const QString recorded = snapshot.value(u"sha256"_s).toString();
    return !recorded.isEmpty()
        ? recorded
        : QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());
}

} // namespace ades::market
