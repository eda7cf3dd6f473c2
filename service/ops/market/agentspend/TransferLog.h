#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QtGlobal>
#include <optional>

namespace ades::market {

// One ERC-20 Transfer(address indexed from, address indexed to, uint256 value) event of a token, as an
// eth_getLogs answer carries it: topic0 the event's Keccak-256, topics 1 and 2 the addresses left-padded to
// 32 bytes, data the amount. Decoding is strict, since the answer comes from a node we do not control: a
// log of another contract or event, a removed (re-orged) log, an address word with non-zero padding or an
// amount beyond 2^63 is refused with the reason, never guessed at.
struct TransferLog
{
    QString from; // "0x" + 40 lower-case hex digits
    QString to;
    qint64 amount = 0; // token atomic units
    quint64 block = 0;
    QString txHash; // "0x" + 64 lower-case hex digits
    quint64 logIndex = 0;
    std::optional<qint64> blockTimestamp; // seconds; some nodes add it to logs ("blockTimestamp")

    // topic0 of Transfer(address,address,uint256).
    static QString eventTopic();
    // The 32-byte topic of an address ("0x" + 24 zeros + the address in lower case).
    static QString addressTopic(const QString &address);

    // A JSON-RPC quantity ("0x1f", at most 64 bits); nullopt for anything else.
    static std::optional<quint64> quantity(const QJsonValue &value);

    struct Decoded;
    // `contract` in lower case.
    static Decoded decode(const QJsonObject &log, const QString &contract);
};

struct TransferLog::Decoded
{
    std::optional<TransferLog> transfer;
    QString problem; // why `log` is not a transfer of the token; empty when it is
};

} // namespace ades::market
