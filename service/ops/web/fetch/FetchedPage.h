#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QHostAddress>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace ades::web {

// A page the fetcher read: its decoded text and the evidence of how it was read.
struct FetchedPage
{
    int status = 0;
    QUrl finalUrl; // after redirects
    QStringList redirects; // every URL that redirected, in order, the requested one first
    QHostAddress address; // the checked address the last connection went to
    QDateTime fetchedAt; // UTC, when the response head arrived
    QByteArray body; // after content decoding (gzip/deflate)
    qint64 wireBytes = 0; // the body as transferred (after chunked decoding, before gzip/deflate)
    QString contentType; // the media type, lower case ("text/html")
    QString charset; // the encoding the text was decoded from
    QString charsetSource; // "bom", "header", "meta" or "default"
    QString text;

    bool isHtml() const { return contentType != u"text/plain"; }
    // sha256 (hex) of `body`: the bytes the extraction read, so anyone holding the page can check it.
    QString sha256() const;
    // The evidence members of the result (docs/web-reader.md): status, final_url, fetched_at, sha256,
    // bytes, content_type, charset, redirects.
    QJsonObject evidence() const;
};

} // namespace ades::web
