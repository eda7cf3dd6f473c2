#pragma once

#include "CharsetDecoder.h"
#include "FetchOptions.h"
#include "FetchedPage.h"
#include "HttpResponseReader.h"
#include "UrlGuard.h"
#include "core/Result.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSslSocket>
#include <QTimer>
#include <functional>
#include <memory>

namespace ades::web {

// One fetch of a web page for the reader, safe against server-side request forgery (docs/web-reader.md,
// "Fetching safely"): UrlGuard checks the URL, the host is resolved once through the options' resolver and
// every answer checked, and the TLS connection goes to that checked address with the name only as SNI and
// for certificate verification, so no second lookup can be answered differently. It speaks HTTP/1.1 itself
// (HttpResponseReader), follows at most five redirects with the same checks from the start, and keeps
// within the options' body, decompression and time limits. Lives on the calling thread and deletes itself.
class SafeFetch : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(Result<FetchedPage>)>;

    // Never blocks; `done` runs exactly once, on the calling thread (which needs an event loop).
    static void start(const QString &url, const FetchOptions &options, Done done);

private:
    SafeFetch(const FetchOptions &options, Done done);

    void request(const QString &url, bool isRedirect);
    void resolved(QList<QHostAddress> addresses, HostResolver::Failure failure);
    void connectNext();
    void readResponse();
    void connectionEnded();
    void socketFailed(QAbstractSocket::SocketError error);
    bool headArrived();
    void responseComplete();
    // The body after decompression and charset decoding, made on a pool thread.
    struct DecodedBody
    {
        bool ok = false;
        bool tooLarge = false;
        QString problem;
        QByteArray bytes;
        CharsetDecoder::Decoded text;
        static DecodedBody of(const QByteArray &body, const QByteArray &encoding,
            const QByteArray &contentType, qint64 maxInflatedBytes, bool html);
    };
    void bodyDecoded(const DecodedBody &decoded, qint64 wireBytes);
    void finish(Result<FetchedPage> result);

    FetchOptions m_options;
    Done m_done;
    UrlGuard m_guard;
    std::shared_ptr<HostResolver> m_resolver;
    QTimer m_deadline;
    QPointer<QSslSocket> m_socket;
    std::unique_ptr<HttpResponseReader> m_reader;
    GuardedUrl m_current;
    QList<QHostAddress> m_addresses;
    // Each host's one answer in this fetch: a redirect back to a host already seen reuses it rather than
    // asking again (and again, and differently).
    QHash<QString, QList<QHostAddress>> m_answers;
    qsizetype m_nextAddress = 0;
    bool m_encrypted = false;
    bool m_headChecked = false;
    bool m_finished = false;
    FetchedPage m_page;
    QString m_lastProblem;
};

} // namespace ades::web
