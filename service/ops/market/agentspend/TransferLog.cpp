#include "TransferLog.h"

#include "crypto/Hex.h"
#include "crypto/Keccak256.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

std::optional<QString> addressOf(const QJsonValue &topic)
{
    const std::optional<QByteArray> word = decodeHex(topic.toString(), 32);
    if (!word || !word->startsWith(QByteArray(12, '\0')))
        return std::nullopt;
    return u"0x"_s + QString::fromLatin1(word->mid(12).toHex());
}

TransferLog::Decoded refused(const QString &why)
{
    return { std::nullopt, why };
}

} // namespace

std::optional<quint64> TransferLog::quantity(const QJsonValue &value)
{
    const QString text = value.toString();
    if (!text.startsWith(u"0x"_s) || text.size() < 3 || text.size() > 18)
        return std::nullopt;
    for (qsizetype i = 2; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F')))
            return std::nullopt;
    }
    return text.mid(2).toULongLong(nullptr, 16);
}

QString TransferLog::eventTopic()
{
    static const QString topic
        = u"0x"_s + QString::fromLatin1(keccak256("Transfer(address,address,uint256)").toHex());
    return topic;
}

QString TransferLog::addressTopic(const QString &address)
{
    return u"0x"_s + QString(24, u'0') + address.mid(2).toLower();
}

TransferLog::Decoded TransferLog::decode(const QJsonObject &log, const QString &contract)
{
    if (log.value(u"address"_s).toString().toLower() != contract)
        return refused(u"a log of another contract"_s);
    if (log.value(u"removed"_s).toBool(false))
        return refused(u"a removed (re-orged) log"_s);
    const QJsonArray topics = log.value(u"topics"_s).toArray();
    if (topics.size() != 3 || topics[0].toString().toLower() != eventTopic())
        return refused(u"not an ERC-20 Transfer event"_s);
    TransferLog t;
    const auto from = addressOf(topics[1]);
    const auto to = addressOf(topics[2]);
    if (!from || !to)
        return refused(u"an address topic that is not a 20-byte address"_s);
    t.from = *from;
    t.to = *to;
    const std::optional<QByteArray> amount = decodeHex(log.value(u"data"_s).toString(), 32);
    if (!amount)
        return refused(u"data that is not one 32-byte amount"_s);
    // Beyond 2^63 - 1 atomic units (9.2 trillion for 6 decimals) no real USDC amount exists.
    if (!amount->startsWith(QByteArray(24, '\0')) || quint8(amount->at(24)) >= 0x80)
        return refused(u"an amount beyond 2^63 atomic units"_s);
    t.amount = qint64(amount->mid(24).toHex().toULongLong(nullptr, 16));
    const auto block = quantity(log.value(u"blockNumber"_s));
    const auto index = quantity(log.value(u"logIndex"_s));
    const std::optional<QByteArray> hash = decodeHex(log.value(u"transactionHash"_s).toString(), 32);
    if (!block || !index || !hash)
        return refused(u"a log without block number, log index or transaction hash"_s);
    t.block = *block;
    t.logIndex = *index;
    t.txHash = u"0x"_s + QString::fromLatin1(hash->toHex());
    if (const auto stamp = quantity(log.value(u"blockTimestamp"_s)); stamp && *stamp < (quint64(1) << 62))
        t.blockTimestamp = qint64(*stamp);
    return { t, QString() };
}

} // namespace ades::market
