#include "SafeFetch.h"

#include "BodyInflater.h"
#include "CharsetDecoder.h"
#include "core/Clock.h"

#include <QNetworkProxy>
#include <QSslConfiguration>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

const QString UrlParam = u"url"_s;
const QString Source = u"web"_s;

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

} // namespace

void SafeFetch::start(const QString &url, const FetchOptions &options, Done done)
{
    if (options.slots && !options.slots->tryAcquire()) {
        done(ServiceError::sourceUnavailable(Source,
            u"the reader is fetching %1 pages already, its limit (web/fetch/max_concurrent); try again shortly"_s
                .arg(options.slots->capacity())));
        return;
    }
    auto *fetch = new SafeFetch(options, std::move(done));
    fetch->m_deadline.start();
    fetch->request(url, false);
}

SafeFetch::SafeFetch(const FetchOptions &options, Done done)
    : m_options(options)
    , m_done(std::move(done))
    , m_guard(options)
    , m_resolver(options.resolver ? options.resolver : std::make_shared<SystemHostResolver>())
{
    // One limit for the whole fetch, lookups, connections and redirects included: a server that trickles
    // its answer cannot hold the call longer.
    m_deadline.setSingleShot(true);
    m_deadline.setInterval(qMax(1, m_options.timeoutMs));
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        finish(ServiceError::sourceUnavailable(
            Source, u"the page did not arrive within the time limit of %1 ms"_s.arg(m_options.timeoutMs)));
    });
}

void SafeFetch::request(const QString &url, bool redirect)
{
    Result<GuardedUrl> guarded = m_guard.check(url);
    if (!guarded.ok()) {
        ServiceError error = guarded.error();
        if (redirect)
            error.setMessage(u"the redirect to %1 was refused: %2"_s.arg(url.left(200), error.message()));
        finish(error);
        return;
    }
    m_current = guarded.value();
    if (m_current.literal) {
        resolved({ *m_current.literal }, HostResolver::Failure::None);
        return;
    }
    if (m_answers.contains(m_current.host)) {
        resolved(m_answers.value(m_current.host), HostResolver::Failure::None);
        return;
    }
    QPointer<SafeFetch> self(this);
    m_resolver->resolve(m_current.host, [self](QList<QHostAddress> addresses, HostResolver::Failure failure) {
        if (self)
            self->resolved(std::move(addresses), failure);
    });
}

void SafeFetch::resolved(QList<QHostAddress> addresses, HostResolver::Failure failure)
{
    if (m_finished)
        return;
    if (failure == HostResolver::Failure::Unavailable) {
        finish(ServiceError::sourceUnavailable(
            Source, u"the host \"%1\" could not be resolved now"_s.arg(m_current.host)));
        return;
    }
    Result<QList<QHostAddress>> checked = m_guard.checkResolved(m_current, addresses);
    if (!checked.ok()) {
        ServiceError error = checked.error();
        if (!m_page.redirects.isEmpty())
            error.setMessage(
                u"the redirect to %1 was refused: %2"_s.arg(m_current.url.toString(), error.message()));
        finish(error);
        return;
    }
    m_addresses = checked.value();
    m_answers.insert(m_current.host, m_addresses);
    m_nextAddress = 0;
    connectNext();
}

void SafeFetch::connectNext()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    if (m_nextAddress >= m_addresses.size()) {
        finish(ServiceError::sourceUnavailable(Source,
            u"no connection to %1: %2"_s.arg(
                m_current.host, m_lastProblem.isEmpty() ? u"refused"_s : m_lastProblem)));
        return;
    }
    const QHostAddress address = m_addresses.at(m_nextAddress++);
    m_page.address = address;
    m_encrypted = false;
    m_headChecked = false;
    m_reader = std::make_unique<HttpResponseReader>(m_options.maxBodyBytes);

    auto *socket = new QSslSocket(this);
    m_socket = socket;
    // The checked address is the only one this socket may reach: no proxy (which would resolve the name
    // again, elsewhere), and the name serves only for SNI and certificate verification.
    socket->setProxy(QNetworkProxy::NoProxy);
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
    tls.setProtocol(QSsl::TlsV1_2OrLater);
    if (!m_options.extraCaCertificates.isEmpty())
        tls.addCaCertificates(m_options.extraCaCertificates);
    socket->setSslConfiguration(tls);
    socket->setReadBufferSize(64 * 1024);

    connect(socket, &QSslSocket::encrypted, this, [this, socket] {
        m_encrypted = true;
        const QByteArray head = "GET " + m_current.requestTarget
            + " HTTP/1.1\r\nHost: " + m_current.hostHeader
            + "\r\nUser-Agent: Mozilla/5.0 (compatible; ADES-web-reader/1)\r\n"
              "Accept: text/html,application/xhtml+xml,text/plain;q=0.9\r\n"
              "Accept-Encoding: gzip, deflate\r\nConnection: close\r\n\r\n";
        socket->write(head);
    });
    connect(socket, &QSslSocket::readyRead, this, &SafeFetch::readResponse);
    connect(socket, &QSslSocket::disconnected, this, &SafeFetch::connectionEnded);
    connect(socket, &QSslSocket::errorOccurred, this, &SafeFetch::socketFailed);
    socket->connectToHostEncrypted(address.toString(), m_current.port, m_current.host);
}

void SafeFetch::socketFailed(QAbstractSocket::SocketError error)
{
    if (m_finished || !m_socket)
        return;
    if (error == QAbstractSocket::RemoteHostClosedError && m_encrypted) {
        connectionEnded();
        return;
    }
    m_lastProblem = m_socket->errorString();
    if (!m_encrypted && error != QAbstractSocket::SslHandshakeFailedError) {
        connectNext(); // this address did not answer: the next checked one of the same lookup
        return;
    }
    finish(ServiceError::sourceUnavailable(
        Source, u"the connection to %1 failed: %2"_s.arg(m_current.host, m_lastProblem)));
}

void SafeFetch::readResponse()
{
    if (m_finished || !m_socket)
        return;
    m_reader->feed(m_socket->readAll());
    if (m_reader->headComplete() && !m_headChecked) {
        m_headChecked = true;
        if (!headArrived())
            return;
    }
    if (m_reader->state() == HttpResponseReader::State::Done
        || m_reader->state() == HttpResponseReader::State::Failed)
        responseComplete();
}

void SafeFetch::connectionEnded()
{
    if (m_finished || !m_socket)
        return;
    if (!m_encrypted) {
        m_lastProblem = u"the connection closed during the TLS handshake"_s;
        connectNext();
        return;
    }
    m_reader->feed(m_socket->readAll());
    m_reader->finish();
    if (m_reader->headComplete() && !m_headChecked) {
        m_headChecked = true;
        if (!headArrived())
            return;
    }
    responseComplete();
}

bool SafeFetch::headArrived()
{
    // Decided on the head alone, before the body is read: redirects and refused content types stop here.
    const int status = m_reader->status();
    if (isRedirect(status)) {
        const QByteArray location = m_reader->header("location");
        if (location.isEmpty()) {
            finish(ServiceError::unprocessable(u"page_status"_s,
                u"the server answered %1 without a Location to redirect to"_s.arg(status), UrlParam));
            return false;
        }
        if (m_page.redirects.size() >= FetchOptions::MaxRedirects) {
            finish(ServiceError::badRequest(u"url_too_many_redirects"_s,
                u"the page redirects more than %1 times"_s.arg(FetchOptions::MaxRedirects), UrlParam));
            return false;
        }
        // Relative references resolve against the URL that answered (RFC 9110 §10.2.2).
        const QUrl next
            = m_current.url.resolved(QUrl::fromEncoded(location.left(UrlGuard::MaxUrlLength + 1)));
        m_page.redirects.append(m_current.url.toString(QUrl::FullyEncoded));
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        request(next.toString(QUrl::FullyEncoded), true);
        return false;
    }
    if (status >= 400) {
        if (status >= 500) {
            finish(ServiceError::sourceUnavailable(Source, u"the web server answered %1"_s.arg(status)));
        } else {
            finish(ServiceError::unprocessable(
                u"page_status"_s, u"the web server answered %1"_s.arg(status), UrlParam));
        }
        return false;
    }
    if (status != 200 && status != 203) {
        finish(ServiceError::unprocessable(
            u"page_status"_s, u"the web server answered %1, not a page (200)"_s.arg(status), UrlParam));
        return false;
    }
    const QByteArray contentType = m_reader->header("content-type");
    const QByteArray media = contentType.split(';').first().trimmed().toLower();
    static const QList<QByteArray> Accepted = { "text/html", "application/xhtml+xml", "text/plain" };
    if (!Accepted.contains(media)) {
        finish(ServiceError::badRequest(u"unsupported_content_type"_s,
            u"the page is \"%1\"; the web reader reads text/html, application/xhtml+xml and text/plain"_s.arg(
                QString::fromLatin1(media.isEmpty() ? QByteArray("no content type") : media.left(80))),
            UrlParam));
        return false;
    }
    m_page.status = status;
    m_page.contentType = QString::fromLatin1(media);
    m_page.finalUrl = m_current.url;
    m_page.fetchedAt = m_options.clock ? m_options.clock->now().toUTC() : QDateTime::currentDateTimeUtc();
    return true;
}

void SafeFetch::responseComplete()
{
    if (m_finished)
        return;
    if (m_reader->state() == HttpResponseReader::State::Failed) {
        if (m_reader->failure() == HttpResponseReader::Failure::TooLarge) {
            finish(ServiceError::badRequest(u"page_too_large"_s,
                u"the page is larger than the cap of %1 bytes"_s.arg(m_options.maxBodyBytes), UrlParam));
        } else {
            finish(ServiceError::sourceUnavailable(Source,
                u"the web server's answer was unusable: %1"_s.arg(QString::fromLatin1(m_reader->problem()))));
        }
        return;
    }
    if (m_reader->state() != HttpResponseReader::State::Done || !m_headChecked)
        return;
    // Decompressing (up to the inflation cap) and decoding the charset are CPU work that grows with the
    // page: a pool thread does them, so the thread serving calls only moves bytes. The answer comes back
    // here through `guard`; if the deadline ended the fetch meanwhile, `self` is gone and it is dropped.
    auto body = std::make_shared<const QByteArray>(m_reader->body());
    const QByteArray encoding = m_reader->header("content-encoding");
    const QByteArray contentType = m_reader->header("content-type");
    const qint64 maxInflated = m_options.maxInflatedBytes;
    const bool html = m_page.isHtml();
    QPointer<SafeFetch> self(this);
    auto *guard = new QObject;
    QThreadPool::globalInstance()->start([guard, self, body, encoding, contentType, maxInflated, html] {
        auto decoded
            = std::make_shared<DecodedBody>(DecodedBody::of(*body, encoding, contentType, maxInflated, html));
        QMetaObject::invokeMethod(
            guard,
            [guard, self, decoded, wireBytes = body->size()] {
                guard->deleteLater();
                if (self)
                    self->bodyDecoded(*decoded, wireBytes);
            },
            Qt::QueuedConnection);
    });
}

SafeFetch::DecodedBody SafeFetch::DecodedBody::of(const QByteArray &body, const QByteArray &encoding,
    const QByteArray &contentType, qint64 maxInflatedBytes, bool html)
{
    DecodedBody out;
    const BodyInflater::Outcome inflated = BodyInflater::decode(body, encoding, maxInflatedBytes);
    if (!inflated.bytes) {
        out.tooLarge = inflated.tooLarge;
        out.problem = inflated.problem;
        return out;
    }
    out.bytes = *inflated.bytes;
    out.text = CharsetDecoder::decode(out.bytes, contentType, html);
    out.ok = true;
    return out;
}

void SafeFetch::bodyDecoded(const DecodedBody &decoded, qint64 wireBytes)
{
    if (m_finished)
        return;
    if (!decoded.ok) {
        if (decoded.tooLarge)
            finish(ServiceError::badRequest(u"page_too_large"_s, decoded.problem, UrlParam));
        else
            finish(ServiceError::sourceUnavailable(Source, decoded.problem));
        return;
    }
    m_page.wireBytes = wireBytes;
    m_page.body = decoded.bytes;
    m_page.text = decoded.text.text;
    m_page.charset = decoded.text.charset;
    m_page.charsetSource = decoded.text.source;
    finish(std::move(m_page));
}

void SafeFetch::finish(Result<FetchedPage> result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_deadline.stop();
    if (m_options.slots)
        m_options.slots->release();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
    deleteLater();
    Done done = std::move(m_done);
    done(std::move(result));
}

} // namespace ades::web
