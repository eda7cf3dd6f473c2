#include "FakeFacilitator.h"

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonDocument>
#include <QThread>

using namespace Qt::StringLiterals;

namespace ades::test {

FakeFacilitator::FakeFacilitator(QObject *parent)
    : QObject(parent)
{
    m_server.route(u"/verify"_s, QHttpServerRequest::Method::Post, [this](const QHttpServerRequest &request) {
        return QHttpServerResponse(verify(QJsonDocument::fromJson(request.body()).object()));
    });
    m_server.route(u"/settle"_s, QHttpServerRequest::Method::Post, [this](const QHttpServerRequest &request) {
        return QHttpServerResponse(settle(QJsonDocument::fromJson(request.body()).object()));
    });
    m_port = m_server.listen(QHostAddress::LocalHost, 0);
}

QString FakeFacilitator::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(m_port);
}

QJsonObject FakeFacilitator::verify(const QJsonObject &request)
{
    ++m_verifies;
    if (m_verifyDelayMs > 0)
        QThread::msleep(ulong(m_verifyDelayMs));
    const QJsonObject payload = request.value(u"paymentPayload"_s).toObject().value(u"payload"_s).toObject();
    // A Solana payment carries a partially signed transaction instead of an authorization; its payer is
    // what the real facilitator reads from the transfer's authority.
    const QString payer = payload.contains(u"transaction"_s)
        ? SolanaPayer
        : payload.value(u"authorization"_s).toObject().value(u"from"_s).toString();
    if (!m_verifyInvalid.isEmpty())
        return { { u"isValid"_s, false }, { u"invalidReason"_s, m_verifyInvalid },
            { u"invalidMessage"_s, u"Details: http://rpc.internal.example:8545 said no"_s },
            { u"payer"_s, payer } };
    return { { u"isValid"_s, true }, { u"payer"_s, payer } };
}

QJsonObject FakeFacilitator::settle(const QJsonObject &request)
{
    ++m_settles;
    m_lastSettle = request;
    const QJsonObject requirement = request.value(u"paymentRequirements"_s).toObject();
    const QString network = requirement.value(u"network"_s).toString();
    if (m_pendingOnce) {
        m_pendingOnce = false;
        return { { u"success"_s, false }, { u"errorReason"_s, u"settlement_pending"_s },
            { u"transaction"_s, u"0xpending"_s }, { u"network"_s, network } };
    }
    if (!m_settleFailure.isEmpty())
        return { { u"success"_s, false }, { u"errorReason"_s, m_settleFailure },
            { u"errorMessage"_s, u"revert at http://rpc.internal.example:8545"_s },
            { u"transaction"_s, QString() }, { u"network"_s, network } };
    // A Solana settlement names a base58 signature, an EVM one a 0x transaction hash.
    const bool svm = network.startsWith(u"solana:"_s);
    const QString tx = svm ? u"5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb"_s + QString::number(m_settles)
                           : u"0x"_s + QString::number(m_settles, 16).rightJustified(64, u'0');
    return { { u"success"_s, true }, { u"transaction"_s, tx }, { u"network"_s, network },
        { u"payer"_s, svm ? SolanaPayer : u"0xpayer"_s } };
}

} // namespace ades::test

#include "moc_FakeFacilitator.cpp"
