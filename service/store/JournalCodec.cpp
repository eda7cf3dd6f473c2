#include "JournalCodec.h"

#include "store/StoredReceipt.h"
#include "store/WriteBehindQueue.h"

#include <QDataStream>
#include <QIODevice>
#include <QtEndian>
#include <zlib.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// "ADES delivery journal, format 1". A later format gets a new magic; this code refuses what it cannot read.
constexpr char Magic[] = "ADESDJ1\n";
constexpr qsizetype MagicSize = sizeof(Magic) - 1;
constexpr qsizetype FrameHeaderSize = 8;
// No record comes near this (a receipt is ~4 KB); a length above it is corruption, not a record.
constexpr quint32 MaxPayloadBytes = 16 * 1024 * 1024;
constexpr auto StreamVersion = QDataStream::Qt_6_4;

enum Kind : quint8
{
    ReceiptRecord = 1,
    UsageRecord = 2, // one call
    // Several calls of one result. A kind of its own, so that a one-call record keeps the bytes it always
    // had: segments written before it are read the same.
    UsageCallsRecord = 3,
};

// CRC-32 (IEEE 802.3), the checksum of zip and PNG, from zlib: Qt's qChecksum is only 16-bit, and zlib's
// word-at-a-time loop is several times faster than a byte table on a ~4 KB receipt written on every delivery.
quint32 crc32Of(const char *data, qsizetype size)
{
    return quint32(::crc32_z(::crc32_z(0L, nullptr, 0), reinterpret_cast<const Bytef *>(data), size_t(size)));
}

// Reserves the frame header, lets `write` stream the payload, then fills in length and checksum.
template <typename Write> QByteArray frame(Write write)
{
    QByteArray bytes(FrameHeaderSize, '\0');
    {
        QDataStream out(&bytes, QIODevice::Append);
        out.setVersion(StreamVersion);
        write(out);
    }
    const qsizetype payload = bytes.size() - FrameHeaderSize;
    qToLittleEndian<quint32>(quint32(payload), bytes.data());
    qToLittleEndian<quint32>(crc32Of(bytes.constData() + FrameHeaderSize, payload), bytes.data() + 4);
    return bytes;
}

bool decodePayload(const QByteArray &payload, PendingWrites &into)
{
    QDataStream in(payload);
    in.setVersion(StreamVersion);
    quint8 kind = 0;
    in >> kind;
    if (kind == ReceiptRecord) {
        StoredReceipt receipt;
        qint64 issued = 0;
        qint64 validUntil = 0;
        in >> receipt.signature >> receipt.resultHash >> receipt.operationId >> receipt.subject
            >> receipt.channel >> issued >> validUntil >> receipt.issuer >> receipt.receiptJson;
        if (in.status() != QDataStream::Ok)
            return false;
        receipt.issuedAt = QDateTime::fromMSecsSinceEpoch(issued, Qt::UTC);
        receipt.validUntil = QDateTime::fromMSecsSinceEpoch(validUntil, Qt::UTC);
        into.receipts.append(receipt);
        return true;
    }
    if (kind == UsageRecord || kind == UsageCallsRecord) {
        UsageDay usage;
        quint8 countsCallsUsed = 0;
        qint64 calls = 1;
        in >> usage.keyId >> usage.operationId >> usage.day >> countsCallsUsed;
        if (kind == UsageCallsRecord)
            in >> calls;
        if (in.status() != QDataStream::Ok || calls < 1)
            return false;
        into.usage[usage] += calls;
        if (countsCallsUsed)
            into.callsUsed[usage.keyId] += calls;
        return true;
    }
    return false;
}

} // namespace

QByteArray JournalCodec::segmentHeader()
{
    return QByteArray(Magic, MagicSize);
}

QByteArray JournalCodec::receipt(const StoredReceipt &receipt)
{
    return frame([&receipt](QDataStream &out) {
        out << quint8(ReceiptRecord) << receipt.signature << receipt.resultHash << receipt.operationId
            << receipt.subject << receipt.channel << receipt.issuedAt.toMSecsSinceEpoch()
            << receipt.validUntil.toMSecsSinceEpoch() << receipt.issuer << receipt.receiptJson;
    });
}

QByteArray JournalCodec::usage(const UsageDay &usage, bool countsCallsUsed, qint64 calls)
{
    return frame([&](QDataStream &out) {
        out << quint8(calls == 1 ? UsageRecord : UsageCallsRecord) << usage.keyId << usage.operationId
            << usage.day << quint8(countsCallsUsed ? 1 : 0);
        if (calls != 1)
            out << calls;
    });
}

JournalCodec::Decoded JournalCodec::decode(const QByteArray &segment, PendingWrites &into)
{
    Decoded decoded;
    if (segment.isEmpty())
        return decoded; // created, then the process ended before the header was written
    if (!segment.startsWith(segmentHeader())) {
        decoded.clean = false;
        return decoded;
    }
    qsizetype at = MagicSize;
    while (at < segment.size()) {
        if (segment.size() - at < FrameHeaderSize) {
            decoded.clean = false;
            break;
        }
        const quint32 length = qFromLittleEndian<quint32>(segment.constData() + at);
        const quint32 checksum = qFromLittleEndian<quint32>(segment.constData() + at + 4);
        const qsizetype payloadAt = at + FrameHeaderSize;
        if (length > MaxPayloadBytes || segment.size() - payloadAt < qsizetype(length)
            || crc32Of(segment.constData() + payloadAt, length) != checksum) {
            decoded.clean = false;
            break;
        }
        if (!decodePayload(segment.mid(payloadAt, length), into)) {
            decoded.clean = false;
            break;
        }
        ++decoded.records;
        at = payloadAt + length;
    }
    return decoded;
}

} // namespace ades
