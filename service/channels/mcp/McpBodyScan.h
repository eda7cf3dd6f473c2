#pragma once

#include <QByteArray>
#include <QList>

namespace ades::mcp {

// A look at a POST body before it is parsed, in one pass that builds no values (docs/mcp.md, Limits):
// - whether it is a batch and how many entries it has; counting stops past `maxEntries`, so an over-long
//   batch is refused after reading only the bytes up to its cap, before QJsonDocument allocates anything;
// - the exact text of each message's "id" member. QJsonDocument keeps a number as qint64 or double and the
//   canonical writer writes a double, so 9007199254740993 would come back as 9007199254740992; JSON-RPC 2.0
//   wants the id the client sent, so the dispatcher writes this text instead.
// Meaningful for a body QJsonDocument accepts (the dispatcher parses the body before using `ids`; a member
// named twice is taken from its last occurrence, as QJsonDocument takes it). On any other input it returns
// something harmless and never reads outside the body.
struct McpBodyScan
{
    bool isBatch = false; // the first non-blank byte (after a byte order mark) is '['
    qsizetype entries = 0; // top-level elements of a batch, counted up to maxEntries + 1
    bool tooManyEntries = false; // more than maxEntries: the rest of the body was not read
    // One per message (the body's object, or each batch element): the id member's text without the
    // surrounding blanks; empty when the message has no id member or is not an object.
    QList<QByteArray> ids;

    static McpBodyScan scan(const QByteArray &body, qsizetype maxEntries);
};

} // namespace ades::mcp
