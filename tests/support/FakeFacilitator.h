#pragma once

#include <QHttpServer>
#include <QJsonObject>
#include <QObject>
#include <atomic>

namespace ades::test {

// An x402 facilitator on 127.0.0.1 for integration tests: answers /verify and /settle the way the 2.27
// reference facilitator does (x402 v2 facilitator API), without a chain. Switches make it refuse, fail or
// answer settlement_pending once. Counts calls and keeps the last request bodies.
class FakeFacilitator : public QObject
{
    Q_OBJECT

public:
    explicit FakeFacilitator(QObject *parent = nullptr);

    // The payer this facilitator reports for every Solana payment.
    static inline const QString SolanaPayer = QStringLiteral("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");

    quint16 port() const { return m_port; }
    QString baseUrl() const;

    void setVerifyInvalid(const QString &reason) { m_verifyInvalid = reason; }
    void setSettleFailure(const QString &reason) { m_settleFailure = reason; }
    void setSettlePendingOnce(bool pending) { m_pendingOnce = pending; }
    // Each /verify answers only after this long (blocking this thread: for services in other processes), so
    // that a second request can arrive while the first is in flight.
    void setVerifyDelayMs(int ms) { m_verifyDelayMs = ms; }
    int verifyCount() const { return m_verifies; }
    int settleCount() const { return m_settles; }
    QJsonObject lastSettleRequest() const { return m_lastSettle; }

private:
    QJsonObject verify(const QJsonObject &request);
    QJsonObject settle(const QJsonObject &request);

    QHttpServer m_server;
    quint16 m_port = 0;
    QString m_verifyInvalid;
    QString m_settleFailure;
    bool m_pendingOnce = false;
    int m_verifyDelayMs = 0;
    int m_verifies = 0;
    int m_settles = 0;
    QJsonObject m_lastSettle;
};

} // namespace ades::test
