#include "RawHttpClient.h"

#include <QJsonDocument>
#include <QTest>

namespace ades::test {

namespace {

// One response from the front of data; returns the bytes it took, 0 while it is incomplete.
qsizetype parseResponse(const QByteArray &data, RawResponse *response)
{
    const qsizetype headerEnd = data.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return 0;
    RawResponse parsed;
    const QList<QByteArray> lines = data.first(headerEnd).split('\n');
    parsed.status = lines.first().trimmed().split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        parsed.headers.append({ line.first(colon).trimmed(), line.sliced(colon + 1).trimmed() });
    }
    const qsizetype length = parsed.header("Content-Length").toLongLong(); // 0 for "100 Continue"
    const qsizetype total = headerEnd + 4 + length;
    if (data.size() < total)
        return 0;
    parsed.body = data.sliced(headerEnd + 4, length);
    *response = parsed;
    return total;
}

} // namespace

QByteArray RawResponse::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QJsonObject RawResponse::json() const
{
    return QJsonDocument::fromJson(body).object();
}

RawHttpClient::RawHttpClient(quint16 port, const QHostAddress &from)
{
    QObject::connect(
        &m_socket, &QTcpSocket::readyRead, &m_socket, [this] { m_received += m_socket.readAll(); });
    if (!from.isNull())
        m_socket.bind(from, 0);
    m_socket.connectToHost(QHostAddress::LocalHost, port);
}

bool RawHttpClient::waitConnected()
{
    return QTest::qWaitFor([this] { return m_socket.state() == QAbstractSocket::ConnectedState; }, 3000);
}

void RawHttpClient::send(const QByteArray &bytes)
{
    m_socket.write(bytes);
    m_socket.flush();
}

void RawHttpClient::close()
{
    m_socket.disconnectFromHost();
}

bool RawHttpClient::waitForResponses(int count, int timeoutMs)
{
    return QTest::qWaitFor([this, count] { return responses().size() >= count; }, timeoutMs);
}

bool RawHttpClient::waitForClosed(int timeoutMs)
{
    return QTest::qWaitFor([this] { return isClosed(); }, timeoutMs);
}

bool RawHttpClient::isClosed() const
{
    return m_socket.state() == QAbstractSocket::UnconnectedState;
}

QList<RawResponse> RawHttpClient::responses() const
{
    QList<RawResponse> all;
    qsizetype offset = 0;
    RawResponse response;
    while (const qsizetype used = parseResponse(m_received.sliced(offset), &response)) {
        all.append(response);
        offset += used;
    }
    return all;
}

qsizetype RawHttpClient::trailingBytes() const
{
    qsizetype offset = 0;
    RawResponse response;
    while (const qsizetype used = parseResponse(m_received.sliced(offset), &response))
        offset += used;
    return m_received.size() - offset;
}

} // namespace ades::test
