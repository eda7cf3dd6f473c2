#include "FetchedPage.h"

#include <QCryptographicHash>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::web {

QString FetchedPage::sha256() const
{
    return QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());
}

QJsonObject FetchedPage::evidence() const
{
    return {
        { u"status"_s, status },
        { u"final_url"_s, finalUrl.toString(QUrl::FullyEncoded) },
        { u"redirects"_s, QJsonArray::fromStringList(redirects) },
        { u"fetched_at"_s, fetchedAt.toUTC().toString(Qt::ISODate) },
        { u"sha256"_s, sha256() },
        { u"bytes"_s, qint64(body.size()) },
        { u"transfer_bytes"_s, wireBytes },
        { u"content_type"_s, contentType },
        { u"charset"_s, charset },
        { u"charset_source"_s, charsetSource },
    };
}

} // namespace ades::web
