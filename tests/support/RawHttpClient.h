#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QTcpSocket>

namespace ades::test {

// One HTTP/1.1 response as it came off the wire.
struct RawResponse
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const;
    QJsonObject json() const;
};

// A client that controls every byte it sends (no HTTP library would send garbage, half a header or a body it
// was refused) and keeps every byte it receives. Optionally bound to a local address first: on Linux every
// 127.0.0.0/8 address is loopback, so 127.0.0.2 is a second client address on the same machine.
class RawHttpClient
{
    Q_DISABLE_COPY_MOVE(RawHttpClient)

public:
    explicit RawHttpClient(quint16 port, const QHostAddress &from = {});

    bool waitConnected();
    void send(const QByteArray &bytes);
    void close();

    bool waitForResponses(int count, int timeoutMs = 3000);
    bool waitForClosed(int timeoutMs = 3000);
    bool isClosed() const;

    // The complete responses received so far, in order ("100 Continue" included).
    QList<RawResponse> responses() const;
    // Bytes after the last complete response.
    qsizetype trailingBytes() const;

private:
    QTcpSocket m_socket;
    QByteArray m_received;
};

} // namespace ades::test
