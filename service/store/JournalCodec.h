#pragma once

#include <QByteArray>

namespace ades {

struct PendingWrites;
struct StoredReceipt;
struct UsageDay;

// The bytes of the delivery journal (DeliveryJournal.h): one frame per record, each written by one write(2).
// A frame is the payload's length and CRC-32 (both little-endian 32-bit), then the payload: a kind byte and
// the record's fields (QDataStream, Qt 6.4 format). A segment starts with an eight-byte magic that names
// the format version.
//
// Decoding stops at the first frame that is incomplete (the write a crash interrupted) or whose checksum
// fails: what follows it cannot be trusted to be what was written. Pure functions; thread-safe.
namespace JournalCodec {

// Written once at the start of every segment.
QByteArray segmentHeader();
QByteArray receipt(const StoredReceipt &receipt);
// `calls` delivered calls of a key (one result may count several, a batch); `countsCallsUsed`: also add them
// to quotas.calls_used (an unlimited key). One record either way, so a batch is replayed all or nothing.
QByteArray usage(const UsageDay &usage, bool countsCallsUsed, qint64 calls = 1);

struct Decoded
{
    int records = 0;
    // False when the segment ended in a torn or corrupt frame, or does not start with the header (an empty
    // segment is clean).
    bool clean = true;
};
// Adds the records of a whole segment to `into`, in the order they were written.
Decoded decode(const QByteArray &segment, PendingWrites &into);

} // namespace JournalCodec

} // namespace ades
